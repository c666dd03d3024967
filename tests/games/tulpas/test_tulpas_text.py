"""Maces, Horse-apults and Tulpas: position texts of the Tulpa phases must
be positions the game can go on from, and finished games must be writable
and read back with their result. Diagrams top rank first."""

import pytest

from game.engine.board import board_field
from game.games import load_all

TULPAS = load_all()["tulpas"]


def text(diagram: str, phase: str = "act", hands: str = "-/-", side: str = "w") -> str:
    return f"{board_field(diagram, 10)} {side} {phase} - 0 1 {hands}"


def play(state, *texts: str):
    for t in texts:
        (seat,) = state.to_act()
        state.apply({seat: state.parse_action(t, seat)})


def test_a_game_won_by_the_wild_ox_gore_can_be_saved_and_read_back():
    state = TULPAS.from_text("9K/10/10/10/6k3/10/10/4W5/10/10 w act - 0 1 -/-")
    play(state, "We3-f5", "Wf5xg6")  # the knight move, then the gore takes the king
    assert state.result().reason == "White captured the king"
    written = state.to_text()
    assert written == "9K/10/10/10/10/5W4/10/10/10/10 w ox:f5 - 0 1 -/-"
    again = TULPAS.from_text(written)
    assert again.is_over() and again.result() == state.result()
    assert again.to_text() == written


A_LONE_OX = """
    .........k
    ..........
    ..........
    ..........
    ..........
    ......n...
    ....W.....
    ..........
    ..........
    .........K
    """


def test_a_wild_ox_with_no_enemy_next_to_it_cannot_be_about_to_gore():
    with pytest.raises(ValueError, match="Wild Ox on e4 has no enemy next to it"):
        TULPAS.from_text(text(A_LONE_OX, "ox:e4"))


def test_a_wild_ox_in_a_web_cannot_be_about_to_gore():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        .....s....
        ....W.....
        ..........
        ..........
        .........K
        """
    with pytest.raises(ValueError, match="Wild Ox on e4 is held in a web"):
        TULPAS.from_text(text(diagram, "ox:e4"))


def test_a_tulpa_being_placed_has_left_the_hand():
    """The duel takes a created Tulpa out of the hand before it is placed."""
    empty = "9k/10/10/10/10/10/10/10/10/9K"
    with pytest.raises(ValueError, match="Amazon being placed is still in White's hand"):
        TULPAS.from_text(f"{empty} w place:A - 0 1 AW/-")
    assert TULPAS.from_text(f"{empty} w place:A - 0 1 W/-").legal_actions(0)


def test_a_tulpa_cannot_be_waiting_for_a_square_when_none_is_empty():
    diagram = "\n".join(["k........."] + ["." * 10] * 7 + ["RRRRRRRRRR", "RRRRRKRRRR"])
    with pytest.raises(ValueError, match="no empty square on White's first two ranks"):
        TULPAS.from_text(text(diagram, "place:S", hands="AW/-"))
