"""A click that picks up or swaps with one's own piece (a Horse-apult's
throw, a Mage's swap, castling onto the rook) is marked apart from a
capture, and the status line says what the next click does."""

from __future__ import annotations

import random

import pytest
from helpers import tiers
from helpers.ui_driver import click_at, open_play

from game.engine.grid import GridPosition
from game.games import REGISTRY, load_all
from game.games.mulligan_stew.rules import GEO, LETTERS
from game.match import Match
from game.ui.adapters import adapter_for
from game.ui.board_view import BoardView

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

load_all()


def _first_line(scene) -> str:
    return scene.panel.status_text.partition("\n")[0]


@pytest.mark.parametrize("game_id", tiers.sweep(sorted(REGISTRY)))
def test_the_capture_ring_marks_only_the_other_sides_pieces(game_id):
    """Over random positions of every game, after each first click: a
    target holding a piece of the clicked piece's own side is never ringed
    as a capture, but marked as one to pick up or swap with."""
    adapter = adapter_for(REGISTRY[game_id])
    match = Match(game_id, seed=2)
    rng = random.Random(2)
    for _ in range(24):
        if match.is_over():
            break
        state = match.state
        for seat in state.to_act():
            table = adapter.paths(state, seat)
            geo = state.geometry
            board = BoardView(getattr(geo, "width", 8), getattr(geo, "height", 8))
            board.set_position(dict(state.pieces()) if state.has_pieces else {})
            for first in {p[0] for p in table if p[0] >= 0 and p[0] in board.shown}:
                targets = {p[1] for p in table if len(p) > 1 and p[0] == first}
                board.show_selection([first], targets)
                side = board.shown[first].side
                assert all(board.shown[t].side != side for t in board.capture_squares)
                own = {t for t in targets - {first} if t in board.shown}
                own = {t for t in own if board.shown[t].side == side}
                assert board.pick_squares == own
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})


def test_a_horse_apult_throw_marks_its_neighbours_and_says_where_to_click(app):
    match = Match("maces", seed=1)
    scene = open_play(app, match)
    sq = match.state.geometry.square
    click_at(app, scene.board.square_center(sq("b2")))  # White's Horse-apult
    assert sq("c3") in scene.board.pick_squares  # its own pawn, to throw
    assert sq("c3") not in scene.board.capture_squares
    assert _first_line(scene) == (
        "Horse-apult: click a piece next to it to throw, or a square to move to"
    )
    click_at(app, scene.board.square_center(sq("c3")))
    assert _first_line(scene) == "Throw the pawn: click the square where it lands"
    # Where it may land shows the pawn's faint image, not a move's dot.
    assert scene.board._ghost() is not None and sq("d1") in scene.board.target_squares
    click_at(app, scene.board.square_center(sq("d1")))
    assert match.history == [{0: "Hb2:c3>d1"}]
    assert "Throw" not in scene.panel.status_text


MAGE_AND_ROOK = """
    .....k
    ......
    ......
    ......
    ......
    ..MR..
    ...K..
"""


def test_a_mage_swap_marks_its_own_piece_and_says_so(app):
    grid = GridPosition(GEO, LETTERS)
    grid.set_diagram(MAGE_AND_ROOK)
    match = Match("mulligan_stew", seed=1, start=f"{grid.board_text()} w l - Qq 0 0 1")
    scene = open_play(app, match)
    sq = match.state.geometry.square
    click_at(app, scene.board.square_center(sq("c2")))
    assert sq("d2") in scene.board.pick_squares and sq("d1") in scene.board.pick_squares
    assert not scene.board.capture_squares
    assert (
        _first_line(scene) == "Mage: click a piece to swap places with it, or a square to step to"
    )
