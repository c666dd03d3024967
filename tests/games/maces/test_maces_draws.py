"""Maces and Horse-apults: the draws of chess (threefold repetition, the
fifty-move clock) as the app plays them, positions as position text."""

from game.engine.draws import FIFTY_MOVES, THREEFOLD
from game.games import load_all

MACES = load_all()["maces"]

KINGS_STEP_OUT_AND_BACK = ("Ke10-e9", "Ke1-e2", "Ke9-e10", "Ke2-e1")


def play(state, *texts: str):
    for text in texts:
        (seat,) = state.to_act()
        state.apply({seat: state.parse_action(text, seat)})


def test_an_en_passant_square_nobody_can_use_does_not_make_a_new_position():
    """FIDE: positions are the same when the same captures are possible.
    After c3-c5 no black pawn can take en passant, so the position with the
    en passant square c4 and the one without it are one position."""
    state = MACES.from_text("4k5/10/10/10/10/10/10/2P7/10/4K5 w act - 0 1")
    play(state, "c3-c5")
    assert state.to_text().split()[3] == "c4"  # the text still names the square
    play(state, *KINGS_STEP_OUT_AND_BACK, *KINGS_STEP_OUT_AND_BACK[:-1])
    assert not state.is_over()
    play(state, KINGS_STEP_OUT_AND_BACK[-1])  # the third time
    assert state.result().points == (0.5, 0.5)
    assert state.result().reason == THREEFOLD


def test_an_en_passant_capture_that_could_be_made_makes_a_different_position():
    """The d5 pawn could take c5 en passant right after c3-c5: the king moves
    bring that position back without the right, so it has come only once."""
    state = MACES.from_text("4k5/10/10/10/10/3p6/10/2P7/10/4K5 w act - 0 1")
    play(state, "c3-c5")
    assert "d5xc4" in {state.notation(a) for a in state.legal_actions(1)}
    play(state, *KINGS_STEP_OUT_AND_BACK, *KINGS_STEP_OUT_AND_BACK)
    assert not state.is_over()


def test_a_fifty_move_draw_reads_back_as_the_same_draw():
    state = MACES.from_text("9k/10/10/10/10/10/10/10/10/K9 w act - 99 60")
    play(state, "Ka1-a2")
    assert state.result().reason == FIFTY_MOVES
    again = MACES.from_text(state.to_text())
    assert again.is_over() and again.to_act() == ()
    assert again.result() == state.result()


def test_the_fifty_move_clock_counts_at_the_end_of_a_turn():
    """Ninety-nine quiet actions, then a Mace swing at the end of the
    hundredth turn removes a piece: the clock starts again, no draw."""
    state = MACES.from_text("9k/10/10/10/10/10/10/1p8/M9/9K w act - 99 60")
    play(state, "Ma2-a3")  # the b3 pawn is then swung at by itself
    assert not state.is_over()
    assert state.to_text().split()[4] == "0"
