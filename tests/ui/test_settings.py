"""Settings: every change is saved at once."""

from __future__ import annotations

import json

import pytest
from helpers.ui_driver import choose, click, make_app, pump

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
