"""Games with no check rule (Maces, Tulpas, Masquerade, Two Move,
Cooperative) mark a king the other side could take next, as check is marked,
while the "Mark kings that can be taken" setting is on (the default); the
mark is judged from the viewer's view only."""

from __future__ import annotations

import random

import pytest
from helpers import tiers
from helpers.ui_driver import open_play

from game.engine.board import board_field
from game.games import REGISTRY, load_all
from game.match import Match

load_all()
NO_CHECK = sorted(g for g, game in REGISTRY.items() if game.kings_left_attacked)


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_games_without_a_check_rule_declare_it():
    assert NO_CHECK == ["cooperative", "maces", "masquerade", "tulpas", "two_move"]


# Maces costs 1.5 s here; test_maces_record checks its king captures fast.
@pytest.mark.parametrize("game_id", tiers.sweep(NO_CHECK, ("cooperative",)))
def test_a_king_taken_was_marked_the_step_before(game_id):
    """Over random games: whenever a step takes a king, the position before
    it marked that king (the full state: what is true)."""
    taken = 0
    # Maces and Tulpas try every answer on a copy (the dearest): fewer games.
    for seed in range(2 if game_id in ("maces", "tulpas") else 6):
        match = Match(game_id, seed=seed)
        rng = random.Random(seed)
        while not match.is_over() and len(match.records) < 400:
            state = match.state
            marked = state.kings_in_danger()
            kings = {s: state.king_square(s) for s in (0, 1)}
            match.play({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
            for side, square in kings.items():
                if square is not None and match.state.king_square(side) is None:
                    taken += 1
                    assert square in marked, (seed, len(match.records), match.history[-1])
    assert taken  # the property was put to the test


def _maces(diagram: str, side: str = "w"):
    return f"{board_field(diagram, 10)} {side} act - 0 1"


# White's king on f1 stands two steps from Black's Mace on f3: any Black
# move of the Mace next to it swings at it. Black's king on f10 is safe.
MACE_NEAR = _maces("""
    . . . . . k . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . m . . . .
    . . . . . . . . . .
    . . . . . K . . . .
""")


def test_maces_marks_the_king_a_mace_can_reach(app):
    match = Match("maces", seed=1, start=MACE_NEAR)
    scene = open_play(app, match)
    f1 = match.state.geometry.square("f1")
    assert scene.board.danger == (f1,)
    app.settings["mark_attacked_kings"] = False
    app.apply_settings()
    assert scene.board.danger == ()


def test_masquerade_marks_only_what_the_viewer_knows():
    """Each side knows the patterns of the enemy's pieces (it chose them):
    its view marks its own king when one of them reaches it, and never the
    enemy's king, whose danger hangs on patterns it does not know."""
    seen = {0: 0, 1: 0}
    for seed in range(4):
        match = Match("masquerade", seed=seed)
        rng = random.Random(seed)
        while not match.is_over() and len(match.records) < 120:
            state = match.state
            for viewer in (0, 1):
                view = state.view(viewer)
                own = state.king_square(viewer)
                marked = view.kings_in_danger()
                assert set(marked) <= {own}
                assert (own in marked) == (own in state.kings_in_danger())
                seen[viewer] += own in marked
            match.play({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    assert seen[0] and seen[1]


def test_games_with_a_check_rule_mark_nothing_more(app):
    match = Match("chess", seed=1)
    for san in ("e4", "f5", "Qh5"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene = open_play(app, match)
    assert scene.board.danger == ()
    assert scene.board.check_square == match.state.geometry.square("e8")
