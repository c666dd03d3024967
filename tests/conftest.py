"""Shared by every test: headless SDL, and a private user data folder.

SDL is told to use its dummy video and audio drivers before anything can
import pygame, so UI tests run without a display or sound card. Every test
gets its own CHESS_VARIANTS_HOME, so no test ever writes saves, settings or
logs into the real user folder.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

# Make ``import helpers`` work however pytest was started.
_TESTS = str(Path(__file__).resolve().parent)
if _TESTS not in sys.path:
    sys.path.insert(0, _TESTS)

SCREENS = Path(_TESTS) / "ui"


@pytest.hookimpl(tryfirst=True)  # before -m deselects by marks
def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The screen tests (tests/ui) drive real windows, a tenth of a CPU second
    each and more: they run in the slow tier, but for the smoke tests marked
    ``fast`` (one or two a screen, and the modules of cheap drawing logic),
    so that the fast tier stays under two CPU minutes."""
    for item in items:
        if SCREENS in Path(item.path).parents and item.get_closest_marker("fast") is None:
            item.add_marker(pytest.mark.slow)


@pytest.fixture(autouse=True)
def _private_user_data(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch):
    """Point CHESS_VARIANTS_HOME at a fresh folder for this test."""
    home = tmp_path_factory.mktemp("user-data")
    monkeypatch.setenv("CHESS_VARIANTS_HOME", str(home))
    yield home


@pytest.fixture(autouse=True)
def _clicks_at_test_speed(monkeypatch: pytest.MonkeyPatch):
    """Tests click the instant a screen changes, faster than any double
    click: no grace for them (tests/ui/test_reveals.py checks the grace)."""
    import game.ui.play.viewpoint as viewpoint

    monkeypatch.setattr(viewpoint, "CLICK_GRACE", 0.0)


@pytest.fixture(autouse=True)
def _no_lesson_offers(monkeypatch: pytest.MonkeyPatch):
    """Every test's data folder is new, so every setup form would be a
    newcomer's and offer its lessons in a dialog over the form: tests offer
    none, but tests/ui/test_learn.py, which turns the offer on."""
    import game.learn.progress as progress

    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", False)


@pytest.fixture(autouse=True)
def _no_full_collection_after_each_scene(request: pytest.FixtureRequest, monkeypatch):
    """The app collects every cycle after a scene has gone (app.reclaim_memory):
    tens of ms in the app, 0.2 s in a test process, whose heap holds what every
    earlier test made. Tests skip it; tests/ui/test_memory.py checks the real one."""
    if request.node.path.name == "test_memory.py":
        return
    import game.app

    monkeypatch.setattr(game.app, "reclaim_memory", lambda: None)


@pytest.fixture
def app():
    """A 1280 x 800 App with no scene (see helpers/ui_driver.py for the
    gestures that drive it); bot workers and the window are closed after
    the test."""
    from helpers.ui_driver import make_app

    from game.ui.play import PlayScene

    a = make_app()
    yield a
    for scene in list(a.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    a.close()


@pytest.fixture
def started(monkeypatch):
    """The matches the setup form's Start would open, recorded instead of
    opening the play scene."""
    from game.ui import setup

    opened = []

    class FakePlay(setup.FormScene):
        def __init__(self, app, match):
            opened.append(match)
            super().__init__(app)

        def build(self):
            pass

    import game.ui.play as play

    monkeypatch.setattr(play, "PlayScene", FakePlay)
    return opened
