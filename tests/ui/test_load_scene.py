"""The Load list: moves counted as players count them, double-click to open."""

from __future__ import annotations

import pygame
import pytest
from helpers.chess_diagrams import chess_after
from helpers.ui_driver import make_app, pump

from game import saves
from game.ui.load_scene import LoadScene
from game.ui.menu import MainMenu
from game.ui.play import PlayScene


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_list_and_the_detail_count_moves_as_players_do():
    saves.save_named(chess_after("e4", "e5", "Nf3"), "three plies")
    saves.save_named(chess_after("e4"), "one ply")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    scene = app.scene
    items = {i["text"].split("  —  ")[0]: i for i in scene.list.item_list}
    assert "Chess  ·  2 moves  ·" in items["three plies"]["text"]
    assert "Chess  ·  1 move  ·" in items["one ply"]["text"]
    scene.select(next(i for i, s in enumerate(scene.saves) if s.name == "three plies"))
    assert "Chess, 2 moves, saved" in scene.detail.html_text


def test_an_unregistered_game_is_listed_as_damaged_not_counted():
    path = saves.save_named(chess_after("e4"), "foreign")
    path.write_text(path.read_text(encoding="utf-8").replace('"chess"', '"martian_chess"'))
    (info,) = saves.list_saves()
    assert info.error and "martian_chess" in info.error and info.moves == 0


def double_click(app, pos) -> None:
    pygame.mouse.set_pos(pos)
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
        pump(app, 2)
    pump(app, 4)


def test_double_click_on_a_save_opens_it():
    saves.save_named(chess_after("e4", "e5"), "first")
    saves.save_named(chess_after("d4"), "second")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    item = next(i for i in app.scene.list.item_list if i["text"].startswith("first"))
    double_click(app, item["button_element"].rect.center)
    assert isinstance(app.scene, PlayScene)
    assert app.scene.match.history == [{0: "e4"}, {1: "e5"}]
    assert [type(s) for s in app.scenes] == [MainMenu, PlayScene]  # in the Load list's place


def test_double_click_on_a_damaged_save_says_why():
    (saves.saves_dir() / "broken.json").write_text("not a save", encoding="utf-8")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    double_click(app, app.scene.list.item_list[0]["button_element"].rect.center)
    assert isinstance(app.scene, LoadScene)
    windows = app.scene.ui.get_window_stack().get_full_stack()
    assert windows and "not a saved game" in windows[-1].text_block.html_text


def test_a_save_the_play_scene_cannot_show_is_refused_in_words(monkeypatch):
    """A save that loads but whose game the play scene fails to build (a
    fault met there, as a reviewer's hand-made Golf save once did through
    --load) gives the same message as a save that cannot be replayed,
    and the app goes on."""
    path = saves.save_named(chess_after("e4"), "cannot show")
    app = make_app(MainMenu)
    pump(app)

    def broken(*args, **kwargs):
        raise IndexError("a fault in the play scene")

    monkeypatch.setattr("game.ui.play.PlayScene", broken)
    assert app.navigate.open_save(path) is False
    assert isinstance(app.scene, MainMenu) and app.running
    windows = app.scene.ui.get_window_stack().get_full_stack()
    assert windows and "could not be replayed" in windows[-1].text_block.html_text
