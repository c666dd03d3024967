"""The rules viewer and its markdown subset."""

from __future__ import annotations

import pygame
import pytest
from helpers import tiers
from helpers.ui_driver import click, key, make_app, pump

from game.app import App
from game.games import CATALOGUE
from game.ui.menu import MainMenu
from game.ui.rules_view import RulesScene, markdown_to_html


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
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
    zombie = next(e for e in CATALOGUE if e.id == "zombie")
    item = next(i for i in scene.list.item_list if i["text"] == zombie.title)
    click(app, item["button_element"])
    assert scene.game_id == "zombie"
    assert zombie.title in scene.text


def test_a_missing_sheet_says_so(monkeypatch, tmp_path):
    from game.ui import rules_view

    monkeypatch.setattr(rules_view, "rules_sheet", lambda game_id: tmp_path / "none.md")
    app = make_app(MainMenu, lambda a: RulesScene(a, "chess"))
    pump(app)
    assert "no rule sheet" in app.scene.text


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


def _wrap_cases() -> list:
    """Every sheet in the smallest window, which wraps them narrowest (the
    UI_SAMPLE games' sheets in the fast tier), and in the default one (slow)."""
    out = []
    for entry in CATALOGUE:
        small = tiers.tier(entry.id, tiers.UI_SAMPLE)
        out.append(pytest.param((800, 560), entry.id, marks=small, id=f"800x560-{entry.id}"))
        out.append(
            pytest.param((1280, 800), entry.id, marks=pytest.mark.slow, id=f"1280x800-{entry.id}")
        )
    return out


@pytest.mark.parametrize(("size", "game_id"), _wrap_cases())
def test_every_sheet_wraps_within_the_text_left_of_the_scroll_bar(size, game_id):
    """No line runs under the scroll bar ("it jumps over anything betwee")."""
    app = App(fullscreen=False, size=size)
    app.running = True
    app.push(MainMenu(app))
    assert app.size == size
    app.push(RulesScene(app, game_id))
    pump(app, 1)
    box = app.scene.text_box
    wrap = box.text_wrap_rect
    if box.scroll_bar is not None:
        assert wrap.right <= box.scroll_bar.rect.left
    assert wrap.right <= box.rect.right
    for row in box.text_box_layout.layout_rows:
        assert row.x >= 0 and row.x + row.width <= wrap.width, (game_id, row.x, row.width)
    app.close()


def test_the_list_titles_fit_beside_its_scroll_bar():
    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    app.push(RulesScene(app, "tulpas"))
    pump(app, 2)
    scene = app.scene
    font = scene.ui.get_theme().get_font(["selection_list.button"])
    for item in scene.list.item_list:
        assert font.size(item["text"])[0] <= scene.list.rect.width - 48
    assert any(i["text"].endswith("…") for i in scene.list.item_list)
