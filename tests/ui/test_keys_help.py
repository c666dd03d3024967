"""F1 shows the keys (widgets.KEYS) over any scene, and the list tells the truth."""

from __future__ import annotations

import pygame
import pytest
from helpers.ui_driver import key, make_app, open_play, press_button, pump, texts

from game.match import Match
from game.ui import widgets
from game.ui.menu import MainMenu
from game.ui.settings_scene import SettingsScene


def _help(app):
    return [w for w in widgets.dialogs(app.scene.ui) if isinstance(w, widgets.KeysHelp)]


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_f1_shows_every_key_and_f1_or_esc_closes_it():
    app = make_app(MainMenu, SettingsScene)
    key(app, pygame.K_F1)
    (window,) = _help(app)
    shown = window.text_block.html_text
    for place, rows in widgets.KEYS:
        assert place in shown
        for name, meaning in rows:
            assert widgets.escape(name).replace(" ", "&nbsp;") in shown
            assert widgets.escape(meaning) in shown
    for name in ("F1", "F11", "Esc", "Ctrl+Z", "Ctrl+C", "Left, Right", "F"):
        assert any(k == name for _, rows in widgets.KEYS for k, _ in rows)
    key(app, pygame.K_F1)
    assert not _help(app)
    key(app, pygame.K_F1)
    key(app, pygame.K_ESCAPE)  # closes the help, does not leave the scene
    assert not _help(app) and isinstance(app.scene, SettingsScene)


def test_the_menu_names_f1():
    app = make_app(MainMenu)
    pump(app)
    assert any("Keys (F1)" in t for t in texts(app))


def test_f1_works_while_playing_and_esc_closes_it_before_pausing(app):
    match = Match("chess", seed=1, players=["human", "human"])
    scene = open_play(app, match)
    key(app, pygame.K_F1)
    assert len(_help(app)) == 1
    key(app, pygame.K_ESCAPE)
    assert not _help(app) and not scene.dialogs.modal()


def test_the_playing_keys_do_what_the_list_says(app):
    match = Match("chess", seed=1, players=["human", "human"])
    match.play({0: match.state.parse_action("e4", 0)})
    match.play({1: match.state.parse_action("e5", 1)})
    scene = open_play(app, match)
    key(app, pygame.K_LEFT)  # look back
    assert scene.looking_at == 1
    key(app, pygame.K_RIGHT)
    assert scene.looking_at is None
    key(app, pygame.K_HOME)
    assert scene.looking_at == 0
    key(app, pygame.K_END)
    assert scene.looking_at is None
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)  # take back, once White accepts Black's request
    press_button(app, widgets.dialogs(scene.ui)[-1].confirm_button)
    assert len(match.history) == 1
    key(app, pygame.K_y, mod=pygame.KMOD_CTRL)  # play it again
    assert len(match.history) == 2
    flipped = scene.board.flipped
    key(app, pygame.K_f)
    assert scene.board.flipped != flipped
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)  # copy the position
    assert scene.controls.copied == match.state.to_text()
    widgets.close_top_dialog(app.scene.ui)
    key(app, pygame.K_ESCAPE)  # pause
    assert scene.dialogs.pause is not None and scene.dialogs.pause.alive()
