"""Looking back shows the past everywhere: the board, the panel's widgets
(captured pieces, material, cards, trophy, scorecard) and the status, and
nothing of the present (the hint, a selection, the legal-move rings)."""

from __future__ import annotations

import random

import pygame
import pytest
from helpers.tiers import ui_sweep
from helpers.ui_driver import click_at, key, open_play, pump, square_at

from game.games import REGISTRY, load_all
from game.match import Match
from game.ui.play import PlayScene
from game.ui.play.hint import Shown

load_all()
COMPUTERS = "computer:easy"


def _played(game_id: str, steps: int, seed: int) -> Match:
    """A match of computer seats (so no seat decides on screen and nobody's
    view hides anything) with ``steps`` random steps played."""
    game = REGISTRY[game_id]
    match = Match(game_id, seed=seed, players=[COMPUTERS] * len(game.seats))
    rng = random.Random(seed)
    for _ in range(steps):
        if match.is_over():
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    return match


def _widget_images(scene: PlayScene) -> list[bytes]:
    """Each panel widget drawn alone on a surface of its own (so the
    panel's layout does not count, only what the widget shows)."""
    out = []
    for widget in scene.widgets:
        surface = pygame.Surface((360, max(1, widget.rect.h)))
        widget.rect = pygame.Rect(0, 0, 360, widget.rect.h)
        widget.draw(surface, scene.input)
        widget.update(60.0)  # any animation (its clock starts when drawn) is over
        surface.fill((0, 0, 0))
        widget.draw(surface, scene.input)
        out.append(pygame.image.tobytes(surface, "RGB"))
    return out


# The UI_SAMPLE games in the fast tier (about 1 CPU s each), every game in the slow one.
@pytest.mark.parametrize("game_id", ui_sweep(sorted(REGISTRY)))
def test_every_panel_widget_shows_the_position_looked_back_at(app, game_id):
    match = _played(game_id, 14, seed=3)
    scene = open_play(app, match)
    total = len(match.records)
    for at in sorted({0, total // 2, total - 1}):
        scene.looking.go(at)
        past = match.replayed()
        past.undo(total - at)
        past.assists.clear()  # the test's own undo, not the player's: the game is unassisted
        fresh = PlayScene(app, past)
        try:
            board, now = scene.board, fresh.board
            assert board.shown == now.shown and board.markers == now.markers
            assert (board.check_square, board.danger) == (now.check_square, now.danger)
            assert board.last_move == now.last_move
            assert scene.panel.captured == fresh.panel.captured, at
            assert _widget_images(scene) == _widget_images(fresh), at
        finally:
            fresh.close_runners()
        scene._layout(app.size)  # the widgets' places, drawn over above
    scene.looking.go(None)
    now = PlayScene(app, match)
    assert _widget_images(scene) == _widget_images(now)
    now.close_runners()


def test_the_notice_shows_after_the_game_is_over(app):
    match = Match("chess", seed=1)
    for san in ("f3", "e5", "g4", "Qh4#"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene = open_play(app, match)
    assert match.is_over()
    scene.looking.go(2)
    assert scene.panel.status_text.startswith("Looking back: after 1... e5")
    assert "End returns to the last move" in scene.panel.status_text
    scene.looking.go(None)
    assert "Looking back" not in scene.panel.status_text


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_nothing_of_the_present_stays_while_looking_back(app):
    match = Match("chess", seed=1)
    for san in ("e4", "e5"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene = open_play(app, match)
    geo = match.state.geometry
    # A hint is out (as the Hint button leaves it), and a knight is selected.
    g1, f3 = geo.square("g1"), geo.square("f3")
    action = match.state.parse_action("Nf3")
    scene.hints._for = scene.hints._decision()
    scene.hints.shown = Shown(0, action, "Nf3", (g1, f3), ())
    scene.sync_board()
    assert scene.board.hint == (g1, f3)
    click_at(app, square_at(scene, "g1"))
    assert scene.board.target_squares
    key(app, pygame.K_LEFT)
    assert scene.looking_at == 1
    assert scene.board.hint == ()
    assert not scene.board.target_squares and scene.board.selected is None
    assert "Hint" not in scene.panel.status_text
    key(app, pygame.K_END)
    pump(app, 2)
    assert scene.board.hint == (g1, f3)  # the hint is still the game's now
