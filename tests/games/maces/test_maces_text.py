"""Maces and Horse-apults: position texts that are read back must be
positions the game can go on from (or finished games that read back as the
same result). Diagrams top rank first, White upper case."""

import pytest

from game.engine.board import board_field
from game.games import load_all

MACES = load_all()["maces"]


def text(diagram: str, phase: str = "act", side: str = "w") -> str:
    return f"{board_field(diagram, 10)} {side} {phase} - 0 1"


def play(state, *texts: str):
    for t in texts:
        (seat,) = state.to_act()
        state.apply({seat: state.parse_action(t, seat)})


A_LONE_MACE = """
    .........k
    ..........
    ..........
    ..........
    ..........
    ..........
    ..........
    .M........
    ..........
    .........K
    """


@pytest.mark.parametrize("phase", ["swing:b3:-", "swing:-:b3"])
def test_a_mace_with_nobody_next_to_it_cannot_be_waiting_to_swing(phase):
    with pytest.raises(ValueError, match="Mace on b3 has no enemy next to it"):
        MACES.from_text(text(A_LONE_MACE, phase))


def test_a_swing_phase_needs_a_mace_to_swing():
    with pytest.raises(ValueError, match="no Mace left to swing"):
        MACES.from_text(text(A_LONE_MACE, "swing:-:-"))


def test_a_mace_is_listed_once():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .M........
        ..p.......
        .........K
        """
    with pytest.raises(ValueError, match="Mace on b3 is listed twice"):
        MACES.from_text(text(diagram, "swing:b3:b3"))


def test_a_game_won_by_a_swing_reads_back_as_won():
    """The thrown Mace takes the king; the other Mace's swing never comes.
    The text keeps the phase the turn stopped in and reads back finished."""
    diagram = """
        ......k...
        .......m..
        ..........
        .qpn...H..
        ..M....M..
        ..........
        ..........
        ..........
        ..........
        .....K....
        """
    state = MACES.from_text(text(diagram))
    play(state, "Hh7:h6>g9", "Mg9xg10")
    written = state.to_text()
    assert written.split()[2] == "swing:-:c6"
    again = MACES.from_text(written)
    assert again.is_over() and again.result() == state.result()
    assert again.to_text() == written


def test_a_maces_position_has_no_tulpas():
    with pytest.raises(ValueError, match="no piece has the letter 'A'"):
        MACES.from_text("9k/10/10/10/10/10/10/10/10/A8K w act - 0 1")
