"""Synchronous Chess: moves chosen at once and played together (captures of
pieces that stayed, swaps and passing through, two pieces lost on one
square), the exchange of blows, the check rule, and the ends of the game.
Positions are diagrams (rank 8 first, White upper case)."""

import random

from helpers.chess_diagrams import fen_of
from helpers.numbering import numbered

from game.engine.chess import GEO
from game.games import load_all
from game.games.synchronous.rules import PASS
from game.match import Match

GAME = load_all()["synchronous"]
sq = GEO.square


def position(diagram: str, *, phase="move", open_="-", struck="-", castling="-", half=0):
    return GAME.from_text(f"{fen_of(diagram, 'w', castling, half=half)} {phase} {open_} {struck}")


def both(state, white: str, black: str):
    """Both sides' choices at once, in SAN (or X for a pass)."""
    return state.apply({0: state.parse_action(white, 0), 1: state.parse_action(black, 1)})


def one(state, text: str):
    (seat,) = state.to_act()
    return state.apply({seat: state.parse_action(text, seat)})


def names(state, seat):
    return {state.notation(a).rstrip("+#") for a in state.legal_actions(seat)}


def at(state, name):
    p = state.piece_at(sq(name))
    return None if p is None else ("wb"[p.side], p.kind)


def test_both_choose_at_once_and_a_choice_stays_secret_until_both_are_in():
    state = GAME.new()
    assert GAME.private_views
    assert state.to_act() == (0, 1)
    assert len(state.legal_actions(0)) == len(state.legal_actions(1)) == 20
    match = Match("synchronous", seed=1)
    before = match.state.to_text()
    assert match.submit(0, match.state.parse_action("e4", 0)) is None
    assert match.state.to_text() == before
    assert not match.state.view(1).is_partial and match.state.view(1).to_text() == before
    events = match.submit(1, match.state.parse_action("e5", 1))
    reveal = next(e for e in events if e.kind == "reveal")
    assert (reveal["white"], reveal["black"]) == ("e4", "e5")
    assert at(match.state, "e4") == ("w", "pawn") and at(match.state, "e5") == ("b", "pawn")


def test_a_move_onto_a_piece_that_stayed_captures_it_then_blows_may_follow():
    state = position(
        """
        ....k...
        pp.p....
        ..n.....
        .B......
        ...N....
        ........
        ........
        ....K...
        """
    )
    both(state, "Bxc6", "a6")
    assert at(state, "c6") == ("w", "bishop")
    # c6 was attacked by the b7 and d7 pawns before the moves and still is.
    assert state.phase == "blows" and state.to_act() == (1,)
    assert names(state, 1) == {"bxc6", "dxc6", "X"}
    one(state, "bxc6")
    # Now White may strike back with any piece that can capture there.
    assert state.to_act() == (0,) and names(state, 0) == {"Nxc6", "X"}
    one(state, "Nxc6")
    assert names(state, 1) == {"dxc6", "X"}
    one(state, "X")  # a pass ends the exchange and the turn
    assert state.phase == "move" and at(state, "c6") == ("w", "knight")


def test_a_move_onto_a_square_the_enemy_left_captures_nothing():
    state = position(
        """
        .......k
        ........
        ..n.....
        .B......
        ........
        ........
        ........
        ....K...
        """
    )
    both(state, "Bxc6", "Nd4")
    assert at(state, "c6") == ("w", "bishop") and at(state, "d4") == ("b", "knight")


def test_pieces_that_take_each_other_swap_squares():
    state = position(
        """
        k.......
        ........
        ....n...
        ........
        ...N....
        ........
        ........
        K.......
        """
    )
    both(state, "Nxe6", "Nxd4")
    assert at(state, "e6") == ("w", "knight") and at(state, "d4") == ("b", "knight")
    assert state.phase == "move"


def test_pieces_pass_through_each_other_and_both_may_strike_at_once():
    state = position(
        """
        r......k
        ........
        ........
        ........
        ........
        ........
        ........
        R......K
        """
    )
    both(state, "Ra6", "Ra3")
    assert at(state, "a6") == ("w", "rook") and at(state, "a3") == ("b", "rook")
    # Each rook attacked the other's landing square before, and still does.
    assert state.to_act() == (0, 1)
    assert names(state, 0) == {"Rxa3", "X"} and names(state, 1) == {"Rxa6", "X"}
    both(state, "Rxa3", "X")
    assert at(state, "a3") == ("w", "rook") and at(state, "a6") is None
    assert state.phase == "move"


def test_simultaneous_strikes_are_played_together_like_moves():
    state = position(
        """
        r......k
        ........
        ........
        ........
        ........
        ........
        ........
        R......K
        """
    )
    both(state, "Ra6", "Ra3")
    both(state, "Rxa3", "Rxa6")  # they swap again: nobody is captured
    assert at(state, "a3") == ("w", "rook") and at(state, "a6") == ("b", "rook")
    assert state.phase == "move"  # each rook has struck: no more blows


def test_two_moves_onto_one_empty_square_capture_both():
    state = position(
        """
        k.......
        ........
        ..n.....
        ........
        ........
        .....N..
        ........
        K.......
        """
    )
    events = both(state, "Ne5", "Ne5")
    assert at(state, "e5") is None
    assert state.occ[0] | state.occ[1] == state.bb[5]  # only the kings are left
    assert any(e.kind == "collide" for e in events)


def test_a_king_and_a_piece_on_one_square_are_both_captured_and_the_king_loses():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ...p....
        ........
        ....K...
        """
    )
    both(state, "Kd2", "d2")
    assert state.is_over() and state.result().points == (0.0, 1.0)
    assert "captured the king" in state.result().reason
    again = GAME.from_text(state.to_text())  # the finished game reads back
    assert again.to_text() == state.to_text() and again.result() == state.result()


def test_a_king_in_check_may_only_step_to_a_safe_square():
    state = position(
        """
        ....r..R
        ........
        k.......
        ........
        ........
        ..N.....
        ........
        ....K...
        """
    )
    # No block with the knight, no capture of the rook by the h8 rook.
    assert names(state, 0) == {"Kd1", "Kd2", "Kf1", "Kf2"}
    assert "Kc2" not in names(state, 0)


def test_castling_out_of_check_is_not_allowed():
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..R
        """,
        castling="K",
    )
    assert "O-O" not in names(state, 0)


def test_there_is_no_en_passant():
    state = position(
        """
        ....k...
        ...p....
        ........
        ....P...
        ........
        ........
        ........
        ....K...
        """
    )
    both(state, "Kd1", "d5")
    assert "exd6" not in names(state, 0)


def test_checkmate_wins_and_both_at_once_draw():
    both_mated = position(
        """
        R......k
        ......pp
        ........
        ........
        ........
        ........
        ......PP
        r......K
        """
    )
    assert both_mated.is_over()
    assert both_mated.result().points == (0.5, 0.5) and "Both" in both_mated.result().reason
    white_mated = position(
        """
        .......k
        ......pp
        ........
        ........
        ........
        ........
        ......PP
        r......K
        """
    )
    assert white_mated.result().points == (0.0, 1.0)
    assert "Checkmate" in white_mated.result().reason


def test_repetition_and_fifty_moves_draw():
    state = GAME.new()
    for _ in range(2):
        both(state, "Nf3", "Nf6")
        both(state, "Ng1", "Ng8")
    assert state.is_over() and "three times" in state.result().reason
    quiet = position(
        """
        r...k...
        ........
        ........
        ........
        ........
        ........
        ........
        R...K...
        """,
        half=98,
    )
    both(quiet, "Kd1", "Kd8")
    assert quiet.is_over() and quiet.result().reason.startswith("Fifty")


def test_each_piece_strikes_once_and_the_text_keeps_the_blows():
    state = position(
        """
        ....k...
        pp.p....
        ..B.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        phase="blows",
        open_="c6:b:*",
        struck="d7",
    )
    assert state.to_act() == (1,) and names(state, 1) == {"bxc6", "X"}
    again = GAME.from_text(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.legal_actions(1) == state.legal_actions(1)
    assert PASS in state.legal_actions(1)


def test_random_games_end_and_hide_nothing():
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(1500):
            if state.is_over():
                break
            for seat in (0, 1):
                view = state.view(seat)
                assert not view.is_partial and view.to_text() == state.to_text()
            if state.phase == "move":
                for seat in (0, 1):
                    if state.king_attacked(seat):
                        king = state.king_square(seat)
                        assert all(m.frm == king for m in state.legal_actions(seat))
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
        assert state.is_over()


def test_the_move_list_numbers_a_turn_with_its_blows():
    rooks = """
        r......k
        ........
        ........
        ........
        ........
        ........
        ........
        R......K
        """
    steps = (
        {0: "Ra6", 1: "Ra3"},
        {0: "Rxa3", 1: "Rxa6"},  # two captures right after the moves: blows
        {0: "Kg2", 1: "Kg8"},
    )
    assert numbered(position(rooks), *steps) == [1, 1, 2]
    steps = ({0: "Ra6", 1: "Ra3"}, {0: "Rxa3", 1: "X"}, {0: "Kg2", 1: "Kg8"})  # X: a blow
    assert numbered(position(rooks), *steps) == [1, 1, 2]


def test_both_kings_taken_together_reads_back_as_a_draw():
    # Moves are made together, so both kings can fall in one turn: the text
    # of that finished game has no king at all and still reads back.
    state = position(
        """
        ........
        ....p...
        ........
        ........
        ........
        ........
        ....P...
        ........
        """
    )
    assert "Both kings" in state.result().reason
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()


# Black's b4-b3 opens the bishop's diagonal to e1 while White's king steps
# off it to f2: played together, nothing is in check after the step.
DISCOVERED_CHECK = """
    . . . . . . . k
    . . . . . . . .
    . . . . . . . .
    b . . . . . . .
    . p . . . . . .
    . . . . . . . .
    . . . . . . . P
    . . . . K . . .
"""


def test_a_check_mark_is_judged_once_both_moves_are_played():
    state = position(DISCOVERED_CHECK)
    step = {0: state.parse_action("Kf2", 0), 1: state.parse_action("b3", 1)}
    assert state.step_notation(step) == {0: "Kf2", 1: "b3"}
    stays = {0: state.parse_action("h3", 0), 1: step[1]}
    assert state.step_notation(stays) == {0: "h3", 1: "b3+"}
    # Alone, before the other side's move is known, a move has no mark.
    assert state.notation(step[1]) == "b3"
    both(state, "Kf2", "b3")
    assert not state.king_attacked(0)
    assert state.last_words == ("Kf2", "b3")
