"""Settings: every change is saved at once."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers.ui_driver import all_elements, choose, click, make_app, pump

from game import saves
from game.ui.menu import MainMenu
from game.ui.settings_scene import SettingsScene


def _settings_file():
    return json.loads(saves.settings_path().read_text(encoding="utf-8"))


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_toggling_sound_from_the_menu_persists():
    app = make_app(MainMenu)
    pump(app)
    click(app, app.scene.buttons["settings"])
    scene = app.scene
    assert isinstance(scene, SettingsScene)
    assert app.settings["sound"] is True
    click(app, scene.controls["sound"])
    assert app.settings["sound"] is False
    assert _settings_file()["sound"] is False
    assert scene.controls["sound"].text == "Off"
    click(app, scene.controls["sound"])
    assert _settings_file()["sound"] is True


def test_board_theme_and_speed_persist():
    app = make_app(MainMenu, SettingsScene)
    pump(app)
    scene = app.scene
    choose(app, scene.controls["board_theme"], "Green")
    assert _settings_file()["board_theme"] == "green"
    choose(app, scene.controls["animation_speed"], "Fast")
    assert _settings_file()["animation_speed"] == 2.0


def test_settings_changed_hook_reaches_scenes():
    app = make_app(MainMenu, SettingsScene)
    seen = []
    app.scenes[0].settings_changed = lambda: seen.append(True)
    click(app, app.scene.controls["show_legal_moves"])
    assert seen and _settings_file()["show_legal_moves"] is False


def test_fullscreen_toggle_applies_and_persists():
    app = make_app(MainMenu, SettingsScene)
    click(app, app.scene.controls["fullscreen"])
    assert app.fullscreen and _settings_file()["fullscreen"] is True
    click(app, app.scene.controls["fullscreen"])
    assert not app.fullscreen and _settings_file()["fullscreen"] is False


def test_sound_on_without_an_audio_device_says_so(monkeypatch):
    """Settings said "On" when no audio device could be opened."""
    import pygame

    def no_device(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", no_device)
    app = make_app(MainMenu, SettingsScene)
    pump(app)
    scene = app.scene
    assert app.settings["sound"] is True
    assert scene.controls["sound"].text == "On (no device)"
    click(app, scene.controls["sound"])
    assert scene.controls["sound"].text == "Off"  # off is off, device or not
    click(app, scene.controls["sound"])
    assert scene.controls["sound"].text == "On (no device)"
    assert app.settings["sound"] is True  # the choice is kept for a machine with sound


def test_sound_on_with_a_device_says_on():
    app = make_app(MainMenu, SettingsScene)
    pump(app)
    assert app.sounds.usable()  # SDL's dummy audio driver opens
    assert app.scene.controls["sound"].text == "On"


# -- fitting the window ------------------------------------------------------------------------
FORM_SIZES = ((800, 560), (1024, 600), (1280, 800), (1920, 1080))


def _outside(scene, size) -> list[str]:
    """The parts of ``scene`` not whole in a window of ``size``: its
    elements (buttons, labels, an opened drop-down's list) and the boards
    drawn under them."""
    window = pygame.Rect((0, 0), size)
    parts = [(type(e).__name__, e.rect) for e in all_elements(scene.ui.get_root_container())]
    parts += [("board", board) for board in scene.boards]
    return [f"{name} {rect}" for name, rect in parts if not window.contains(rect)]


def _form_scenes():
    from game.ui.learn_menu import LearnMenu
    from game.ui.load_scene import LoadScene
    from game.ui.puzzles_scene import PuzzlesScene
    from game.ui.stats_scene import StatsScene

    return [SettingsScene, MainMenu, LoadScene, StatsScene, PuzzlesScene, LearnMenu]


@pytest.mark.parametrize("scene_class", _form_scenes(), ids=lambda c: c.__name__)
def test_every_part_of_a_form_fits_the_window(scene_class):
    """The settings' board ran 23 px off an 800 x 560 window, its Done
    button touching the edge. Every form the menu opens, at the smallest
    window, a short wide one and larger ones: every element and board whole
    in the window, and in Settings each drop-down opened too, its rows apart."""
    from game.app import App

    for size in FORM_SIZES:
        app = App(fullscreen=False, size=size)
        app.running = True
        try:
            app.push(MainMenu(app))
            scene = scene_class(app)
            app.push(scene)
            pump(app, 2)
            assert _outside(scene, size) == [], size
            if scene_class is not SettingsScene:
                continue
            rows = sorted((c.rect for c in scene.controls.values()), key=lambda r: r.top)
            for above, below in zip(rows, rows[1:], strict=False):
                assert above.bottom < below.top, (size, above, below)
            assert rows[-1].bottom < scene.back_button.rect.top, size
            for control in scene.controls.values():
                if hasattr(control, "current_state"):  # a drop-down: opened
                    click(app, control)
                    assert _outside(scene, size) == [], (size, control.selected_option)
                    click(app, control)
        finally:
            app.close()
