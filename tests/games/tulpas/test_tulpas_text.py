"""Maces, Horse-apults and Tulpas: position texts of the Tulpa phases must
be positions the game can go on from, and finished games must be writable
and read back with their result. Diagrams top rank first."""

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
