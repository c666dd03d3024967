"""The analysis in the real window: "Analyse" on the game-over window runs
it in a worker process while frames go on, a progress bar with Stop, then
the marks in the move list, the graph under it (a click looks back at that
step) and the better step drawn as an arrow. Tiny node budgets: the
worker's start-up costs more than the search."""

from __future__ import annotations

import time

import pygame
import pytest
from helpers.ui_driver import click, click_at, key, open_play, pump

from game.match import Match
from game.ui.play.analysis_view import AnalysisView

# 3... Nf6?? lets 4. Qxf7# through: the one blunder of the game.
SCHOLARS = ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
WAIT = 60.0  # seconds of wall clock at most for the worker on a loaded machine


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(AnalysisView, "nodes", 600)


def _match(moves) -> Match:
    match = Match("chess", seed=1)
    for text in moves:
        seat = match.state.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    return match


def _wait(app, scene) -> None:
    end = time.monotonic() + WAIT
    while scene.analysis.running and time.monotonic() < end:
        pump(app, 1)
        time.sleep(0.02)


def test_analyse_on_the_game_over_window_marks_the_blunder_and_shows_the_better_step(app, tiny):
    match = _match(SCHOLARS[:-1])
    scene = open_play(app, match)
    seat = match.state.to_act()[0]
    scene.submit(seat, match.state.parse_action(SCHOLARS[-1], seat))
    pump(app, 90)  # the mate lands, the game-over window opens
    button = scene.dialogs.buttons["Analyse"]
    click(app, button)
    assert scene.analysis.running and scene.dialogs.game_over is None
    assert scene.analysis.rect.h > 0  # the progress strip under the move list
    _wait(app, scene)
    review = scene.analysis.review
    assert review is not None and review.full
    assert [s.mark for s in review.steps][5] == "??"
    assert "Nf6??" in scene.panel.moves_text
    # A click on the graph at the sixth step looks back at the position after it.
    rect = scene.analysis.rect.inflate(-16, 0)
    x = rect.x + round(5 * rect.w / (len(review.steps) - 1))
    click_at(app, (x, scene.analysis.rect.centery))
    assert scene.looking_at == 6
    assert "better" in scene.status_line()
    assert "?! 0.6 ? 1.2 ?? 2.5" in scene.status_line()  # what the marks mean in chess
    assert len(scene.analysis.best_squares()) == 2  # the arrow: from and to
    # Undo takes the analysis away: it judged another game.
    match.undo()
    scene.after_jump()
    assert scene.analysis.review is None and scene.analysis.rect.h == 0


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_analysis_can_be_stopped_and_leaves_nothing(app, tiny):
    scene = open_play(app, _match(SCHOLARS[:3]))
    key(app, pygame.K_a)  # a game going on: the A key analyses only finished ones
    assert not scene.analysis.running
    scene = open_play(app, _match(SCHOLARS))  # a finished game resumed: no game-over window
    key(app, pygame.K_a)
    assert scene.analysis.running
    click_at(app, scene.analysis.rect.center)  # the strip, not Stop: nothing
    assert scene.analysis.running
    # Stop is drawn in the strip's top right corner.
    click_at(app, (scene.analysis.rect.right - 40, scene.analysis.rect.y + 18))
    assert not scene.analysis.running and scene.analysis.review is None
    assert scene.analysis.rect.h == 0
