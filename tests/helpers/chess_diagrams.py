"""Chess positions for tests, written as diagrams: top rank (8) first,
White upper case, Black lower case, "." empty."""

from game.engine.board import board_field
from game.games import load_all
from game.match import Match

GAMES = load_all()


#: Ra6!! bxa6 b7#: a quiet mate in two (the first move is no check and
#: gives the rook away), for the searches' tests.
QUIET_MATE_IN_TWO = """
    k b K . . . . .
    p p . . . . . .
    . P . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    R . . . . . . .
"""

#: The scholar's mate is on: Qxf7 is the one mate (the bishop on c4 guards f7).
SCHOLARS_MATE_ON = """
    r . b q k b . r
    p p p p . p p p
    . . n . . n . .
    . . . . p . . Q
    . . B . P . . .
    . . . . . . . .
    P P P P . P P P
    R N B . K . N R
"""

#: The rook on d5 attacks White's queen and is defended by the c6 pawn;
#: the knight on h6 is free (Qxh6 saves the queen and wins it).
ROOK_ON_D5 = """
    .k......
    ........
    ..p....n
    ...r....
    ........
    .......P
    ...Q.PP.
    ......K.
"""


def fen_of(
    diagram: str, to_move: str = "w", castling: str = "-", ep: str = "-", half=0, move=1
) -> str:
    return f"{board_field(diagram, 8)} {to_move} {castling} {ep} {half} {move}"


def position(diagram: str, game: str = "chess", **fields):
    return GAMES[game].from_text(fen_of(diagram, **fields))


def play(state, *moves: str):
    """Play moves given in SAN or UCI; return the events of the last one."""
    events = []
    for text in moves:
        events = state.apply({state.turn: state.parse_action(text)})
    return events


def chess_after(*moves: str) -> Match:
    """A game of Chess between two people after ``moves`` in SAN."""
    match = Match("chess", seed=1, players=["human", "human"])
    for san in moves:
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(san, seat)})
    return match
