"""What Zombie Chess writes and says: the check mark of a move judged after
the whole step (the graves it opens, the zombies crumbling when the turn
ends with it), and the prompt of a begun turn naming the ordinary move
still to make."""

from __future__ import annotations

import random

from helpers.chess_diagrams import fen_of

from game.engine.chess import Move
from game.games import load_all
from game.match import Match

GAME = load_all()["zombie"]


def position(diagram: str, graves=("-", "-"), seen=("-", "-"), zombies="-", turn="-/-/-/-/0"):
    fields = f"with {zombies} {graves[0]} {graves[1]} {seen[0]} {seen[1]} - {turn}"
    return GAME.from_text(f"{fen_of(diagram, 'w', '-')} {fields}")


# White's bishop on c6 leaves for b5, on the line to Black's king; a black
# knight White buried under it rises on c6 and stands in the way.
RISING_BLOCKER = """
    ....k...
    .......p
    ..B.....
    ........
    ........
    ........
    ........
    ....K...
"""


def test_a_check_blocked_by_the_zombie_the_move_raises_gets_no_mark():
    state = position(RISING_BLOCKER, graves=("c6=N1", "-"), seen=("N1:c6", "-"))
    assert state.notation(state.parse_action("Bb5", 0)) == "Bb5"
    plain = position(RISING_BLOCKER)
    assert plain.notation(plain.parse_action("Bb5", 0)) == "Bb5+"


def test_the_check_mark_tells_the_position_after_each_step():
    """Over random games: a move is written with "+" exactly when, after
    its whole step as the mover knows it (its view: the opponent's graves
    are not told), the other side's king is attacked ("#": the step won);
    the view writes it the same."""
    marked = 0
    for seed in range(4):
        match = Match("zombie", seed=seed)
        rng = random.Random(seed)
        while not match.is_over() and len(match.records) < 160:
            state = match.state
            (seat,) = state.to_act()
            action = rng.choice(state.legal_actions(seat))
            text = state.notation(action)
            after = state.view(seat)
            assert after.notation(action) == text
            match.play({seat: action})
            if not isinstance(action, Move):
                continue
            after._apply({seat: action})  # the step as the mover's view plays it
            won = after.result() is not None and after.result().points[seat] == 1.0
            check = after.king_attacked(1 - seat)
            assert text.endswith("#") == won, (seed, text)
            assert text.endswith("+") == (check and not won), (seed, text)
            marked += text.endswith("+")
    assert marked  # the property was put to the test


def test_after_a_zombie_moves_first_the_prompt_names_the_ordinary_move():
    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    state.apply({0: state.parse_action("c7", 0)})
    assert state.turn == 0
    assert state.prompt(0) == ("White: make your ordinary move (ending the turn gives it up)")


def test_after_the_ordinary_move_the_prompt_names_the_zombies():
    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    state.apply({0: state.parse_action("Kd1", 0)})
    assert state.prompt(0) == "White: move a zombie, or end the turn"


def test_the_end_turn_button_says_it_gives_up_the_ordinary_move():
    from game.ui.adapters import adapter_for

    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    adapter = adapter_for(GAME)
    state.apply({0: state.parse_action("c7", 0)})
    assert [c.label for c in adapter.panel_choices(state, 0)] == ["End turn, skip my move"]
