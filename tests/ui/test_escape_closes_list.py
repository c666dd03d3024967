"""Esc on a screen with drop-downs: the first closes an opened list, nothing
chosen, and the screen stays; the next goes back (an opened setup list once
sent the whole form back to the main menu). Every screen that has drop-downs
is built here, and every one of its drop-downs opened."""

from __future__ import annotations

import pygame
import pytest
from helpers.ui_driver import click, key, make_app, pump
from pygame_gui.elements import UIDropDownMenu

from game.games import load_all
from game.ui.menu import MainMenu
from game.ui.puzzles_scene import PuzzlesScene
from game.ui.settings_scene import SettingsScene
from game.ui.setup import SetupScene

load_all()

SCREENS = {
    "setup": lambda app: SetupScene(app, "chess"),
    "settings": SettingsScene,
    "puzzles": PuzzlesScene,
}


def _menus(scene) -> list[UIDropDownMenu]:
    return [e for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UIDropDownMenu)]


@pytest.mark.parametrize("name", SCREENS)
def test_escape_closes_an_open_list_first_and_then_goes_back(name):
    app = make_app(MainMenu, SCREENS[name])
    pump(app)
    scene = app.scene
    menus = _menus(scene)
    assert menus, f"{name} has no drop-down: drop it from SCREENS"
    for menu in menus:
        chosen = menu.selected_option
        click(app, menu)
        assert menu.current_state is menu.menu_states["expanded"], menu
        key(app, pygame.K_ESCAPE)
        assert app.scene is scene, f"Esc with {menu.most_specific_combined_id} open left {name}"
        assert menu.current_state is menu.menu_states["closed"], menu
        assert menu.selected_option == chosen
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)
