"""A finished game's panel offers what comes next: once the game-over window
is closed (or for a finished game loaded or imported, which never shows it),
the middle row of controls reads "Analyse" and "Rematch" where the draw
offer and resigning were. Before, only the A key (named in the F1 list)
reached the analysis, and Rematch went with the game-over window. Stop
leaves "Analyse" to start again.

The worker is a stub here (tests/ui/test_analysis_view.py runs the real one)."""

from __future__ import annotations

import pygame
import pytest
from helpers.ui_driver import click, click_at, open_play, pump

from game.app import MIN_SIZE, App
from game.match import Match
from game.ui.play import PlayScene

FOOLS_MATE = ("f3", "e5", "g4", "Qh4#")


class StubRunner:
    """An analysis worker that never finishes (until stopped)."""

    def __init__(self, match, viewer=None, nodes=None) -> None:
        self.done, self.total, self.stopped = 0, len(match.records), False

    def poll(self):
        return None

    def stop(self) -> None:
        self.stopped = True


@pytest.fixture
def small_app(monkeypatch):
    monkeypatch.setattr("game.ai.analysis_runner.AnalysisRunner", StubRunner)
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    yield app
    for scene in list(app.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    app.close()


def _finished() -> Match:
    """Two people (no computer to start thinking after the rematch)."""
    match = Match("chess", seed=1, players=["human", "human"], names=["Ann", "Bob"])
    for text in FOOLS_MATE:
        seat = match.state.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    assert match.is_over()
    return match


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_finished_game_loaded_shows_analyse_and_rematch_and_stop_leaves_analyse(small_app):
    scene = open_play(small_app, _finished())
    buttons = scene.panel.buttons
    assert "draw" not in buttons and "resign" not in buttons
    window = pygame.Rect((0, 0), small_app.size)
    for key in ("analyse", "rematch"):
        assert window.contains(buttons[key].rect), key
    analyse = buttons["analyse"]
    assert analyse.text == "Analyse" and analyse.is_enabled
    click(small_app, analyse)
    assert scene.analysis.running
    assert not scene.panel.buttons["analyse"].is_enabled  # one at a time
    strip = scene.analysis.rect
    click_at(small_app, (strip.right - 40, strip.y + 18))  # the strip's Stop
    assert not scene.analysis.running
    again = scene.panel.buttons["analyse"]
    assert again.text == "Analyse" and again.is_enabled
    click(small_app, scene.panel.buttons["rematch"])
    pump(small_app)
    rematch = small_app.scene
    assert rematch is not scene and rematch.match.names == ["Bob", "Ann"]


def test_the_game_ending_in_the_window_brings_the_finished_row(small_app):
    """Played to the end here: the game-over window closed with "Review",
    the panel's row has changed; alone at the table it offers "New game"."""
    match = _finished()
    match.undo()
    scene = open_play(small_app, match)
    assert "resign" in scene.panel.buttons
    seat = match.state.to_act()[0]
    scene.submit(seat, match.state.parse_action(FOOLS_MATE[-1], seat))
    pump(small_app, 40)
    assert scene.dialogs.game_over is not None
    scene.dialogs.close_game_over()
    pump(small_app)
    assert {"analyse", "rematch"} <= set(scene.panel.buttons)
    golf = open_play(small_app, Match("golf", {"players": 1}, 3, ["human"] * 4))
    golf.after_events(golf.match.resign(0))
    keys = set(golf.panel.buttons)
    assert "new" in keys and "rematch" not in keys and "analyse" not in keys
