"""The main menu, driven by posted events."""

from __future__ import annotations

import json

import pygame
import pytest
from helpers import tiers
from helpers.ui_driver import click, key, make_app, pump, texts

from game import saves
from game.games import CATALOGUE, REGISTRY, load_all
from game.ui.menu import MainMenu, players_text

load_all()


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_every_catalogue_entry_is_shown_and_playable():
    app = make_app(MainMenu)
    pump(app)
    menu = app.scene
    shown = texts(app)
    assert set(menu.cards) == {e.id for e in CATALOGUE}
    for entry in CATALOGUE:
        assert entry.title in shown
        assert menu.cards[entry.id].is_enabled
    assert f"{len(CATALOGUE)} games for one to four players" in shown
    assert "2 players" in shown and "4 players" in shown and "1-4 players" in shown


def test_a_game_whose_module_failed_to_load_is_left_out(monkeypatch):
    monkeypatch.delitem(REGISTRY, "telepathic")
    app = make_app(MainMenu)
    pump(app)
    assert "telepathic" not in app.scene.cards
    assert f"{len(CATALOGUE) - 1} games for one to four players" in texts(app)


def test_clicking_chess_opens_its_setup():
    from game.ui.setup import SetupScene

    app = make_app(MainMenu)
    click(app, app.scene.cards["chess"])
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "chess"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_continue_is_disabled_without_an_autosave():
    app = make_app(MainMenu)
    pump(app)
    assert not app.scene.buttons["continue"].is_enabled


def test_a_damaged_autosave_shows_a_message_not_a_crash():
    saves.autosave_path().write_text('{"format": 1, "game": "chess", "act', encoding="utf-8")
    app = make_app(MainMenu)
    pump(app)
    assert app.scene.buttons["continue"].is_enabled
    click(app, app.scene.buttons["continue"])
    assert isinstance(app.scene, MainMenu)
    windows = app.scene.ui.get_window_stack().get_full_stack()
    assert windows and "damaged" in windows[-1].text_block.html_text
    assert saves.autosave_path().exists()  # left alone


@pytest.mark.parametrize(
    "name, scene",
    [
        ("rules", "RulesScene"),
        # Slow; fast cover: test_settings and test_load_scene open these scenes.
        pytest.param("settings", "SettingsScene", marks=pytest.mark.slow),
        pytest.param("load", "LoadScene", marks=pytest.mark.slow),
    ],
)
def test_side_buttons_open_their_scenes_and_esc_comes_back(name, scene):
    app = make_app(MainMenu)
    click(app, app.scene.buttons[name])
    assert type(app.scene).__name__ == scene
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def _quit_question(app):
    stack = app.scene.ui.get_window_stack().get_full_stack()
    return next((w for w in stack if w.alive() and w.window_display_title == "Quit"), None)


def test_esc_on_the_menu_asks_before_quitting():
    app = make_app(MainMenu)
    key(app, pygame.K_ESCAPE)
    assert app.running
    dialog = _quit_question(app)
    assert dialog is not None
    assert dialog.confirm_button.text == "Quit" and dialog.cancel_button.text == "Stay"
    click(app, dialog.confirm_button)
    assert not app.running


def test_esc_again_or_stay_keeps_the_menu():
    app = make_app(MainMenu)
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_ESCAPE)  # the second Esc closes the question
    assert app.running and _quit_question(app) is None
    key(app, pygame.K_ESCAPE)
    click(app, _quit_question(app).cancel_button)
    assert app.running and _quit_question(app) is None
    assert isinstance(app.scene, MainMenu)


def test_quit_button_quits():
    app = make_app(MainMenu)
    click(app, app.scene.buttons["quit"])
    assert not app.running


def test_menu_fits_small_and_large_windows():
    app = make_app(MainMenu)
    for size in ((800, 560), (1920, 1080), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        pump(app, 2)
        w, h = app.size
        for card in app.scene.cards.values():
            assert 0 <= card.rect.left and card.rect.right <= w
            assert 0 <= card.rect.top and card.rect.bottom <= h
        # The keys line sits under the side card, not on its border.
        assert app.scene.keys_label.rect.top >= app.scene.side_card.rect.bottom, size


@pytest.mark.slow  # fast cover: test_load_scene's damaged-save tests fast
def test_load_list_shows_damaged_saves_with_their_error():
    from game.ui.load_scene import LoadScene

    (saves.saves_dir() / "broken.json").write_text("not json", encoding="utf-8")
    (saves.saves_dir() / "foreign.json").write_text(
        json.dumps({"format": 1, "game": "nope", "actions": []})
    )
    app = make_app(MainMenu, LoadScene)
    pump(app)
    scene = app.scene
    items = [i["text"] for i in scene.list.item_list]
    assert len(items) == 2 and all("damaged" in t for t in items)
    click(app, scene.list.item_list[0]["button_element"])
    assert scene.selected is not None
    assert not scene.load_button.is_enabled
    assert scene.delete_button.is_enabled
    click(app, scene.delete_button)
    dialog = scene.ui.get_window_stack().get_full_stack()[-1]
    click(app, dialog.confirm_button)
    assert len(app.scene.list.item_list) == 1
    assert len(saves.list_saves()) == 1


@pytest.mark.parametrize("notices", [0, 1])
def test_every_title_shows_in_the_smallest_window(notices, monkeypatch):
    """With a start-up notice under the games too."""
    from game.app import MIN_SIZE, App

    note = "A damaged settings file was set aside."
    monkeypatch.setattr(MainMenu, "_notice_lines", staticmethod(lambda: [note] * notices))

    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    app.push(MainMenu(app))
    pump(app)
    shown = texts(app)
    for entry in CATALOGUE:
        start = entry.title[:4]
        assert any(t.startswith(start) and len(t) >= 6 for t in shown), entry.title
    # Whole, over the number of players (most were cut to "Mulligan…" beside
    # it at 800 x 560); only the longest, 30 letters, is shortened, its whole
    # title in its tooltip.
    cut = [e for e in CATALOGUE if e.title not in shown]
    assert [e.id for e in cut] == ["tulpas"]
    assert app.scene.cards["tulpas"].tool_tip_text == cut[0].title
    assert {players_text(e) for e in CATALOGUE} <= set(shown)


# Chess960 (long option labels) and Golf (four seats, three options) in the
# fast tier; every game in the slow one.
@pytest.mark.parametrize("game_id", tiers.sweep(sorted(load_all()), ("chess960",)))
def test_no_label_is_too_narrow_for_its_text_in_the_smallest_window(game_id):
    """pygame_gui warns when a label's text is wider than the label: the text is cut."""
    import warnings

    from game.app import MIN_SIZE, App
    from game.match import Match
    from game.ui.play import PlayScene
    from game.ui.rules_view import RulesScene
    from game.ui.setup import SetupScene

    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    app.push(MainMenu(app))
    scenes = (
        lambda: SetupScene(app, game_id),
        lambda: PlayScene(app, Match(game_id, seed=1)),
        lambda: RulesScene(app, game_id),
    )
    for make in scenes:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            app.push(make())
            pump(app, 2)
        app.pop()
        cut = [str(w.message) for w in caught if "too small for text" in str(w.message)]
        assert cut == [], cut
