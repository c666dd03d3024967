"""Chess positions for tests, written as diagrams: top rank (8) first,
White upper case, Black lower case, "." empty."""

from game.engine.board import parse_diagram
from game.games import load_all

GAMES = load_all()


def fen_of(diagram: str, to_move: str = "w", castling: str = "-", ep: str = "-", half=0) -> str:
    rows = []
    for cells in parse_diagram(diagram, width=8):
        row, empty = "", 0
        for cell in cells:
            if cell in ".-":
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += cell
        rows.append(row + (str(empty) if empty else ""))
    return f"{'/'.join(rows)} {to_move} {castling} {ep} {half} 1"


def position(diagram: str, game: str = "chess", **fields):
    return GAMES[game].from_text(fen_of(diagram, **fields))


def play(state, *moves: str):
    """Play moves given in SAN or UCI; return the events of the last one."""
    events = []
    for text in moves:
        events = state.apply({state.turn: state.parse_action(text)})
    return events
