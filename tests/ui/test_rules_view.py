"""The rules viewer and its markdown subset."""

from __future__ import annotations

import pygame
from helpers.ui_driver import click, key, make_app, pump

from game.games import CATALOGUE
from game.ui.menu import MainMenu
from game.ui.rules_view import RulesScene, markdown_to_html


def test_chess_sheet_is_shown():
    app = make_app(MainMenu, lambda a: RulesScene(a, "chess"))
    pump(app)
    text = app.scene.text
    assert "Chess" in text and "checkmate" in text
    assert "50-move rule" in text and "Threefold repetition" in text


def test_choosing_a_game_in_the_list_shows_its_sheet():
    app = make_app(MainMenu, RulesScene)
    pump(app)
    scene = app.scene
    missing = next(e for e in CATALOGUE if e.id == "zombie")
    item = next(i for i in scene.list.item_list if i["text"] == missing.title)
    click(app, item["button_element"])
    assert scene.game_id == "zombie"
    assert "no rule sheet" in scene.text


def test_esc_goes_back():
    app = make_app(MainMenu, RulesScene)
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_markdown_subset():
    html = markdown_to_html(
        "# Title\n\nA *soft* and **bold** `e4` line\nwrapped.\n\n- one\n- two\n\n"
        "| a | b |\n| --- | --- |\n| 1 | 2 |\n"
    )
    assert "<b>Title</b>" in html
    assert "<i>soft</i>" in html and "<b>bold</b>" in html
    assert "app_mono" in html and "e4" in html
    assert "line wrapped." in html
    assert "one" in html and "two" in html and "•" in html
    assert "---" not in html and "1" in html and "2" in html


def test_markup_characters_are_escaped():
    assert "&lt;b&gt;" in markdown_to_html("a <b> c")
