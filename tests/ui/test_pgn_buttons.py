"""The PGN buttons in the window: Copy PGN and Save PGN in the play scene's
save window and on the Load screen, Import PGN on the Load screen."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import chess_after
from helpers.ui_driver import make_app, open_play, press_button, pump

from game import pgn, saves
from game.match import Match
from game.ui import clipboard, widgets
from game.ui.load_scene import LoadScene
from game.ui.menu import MainMenu
from game.ui.play import PlayScene


def window_texts(scene) -> list[str]:
    """The text of every window open over the scene."""
    out = []
    for window in scene.ui.get_window_stack().get_full_stack():
        for element in window.get_container().elements:
            text = getattr(element, "html_text", None) or getattr(element, "text", None)
            if isinstance(text, str):
                out.append(text)
    return out


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_save_window_copies_and_saves_the_game_as_pgn():
    app = make_app(MainMenu)
    match = chess_after("e4", "e5", "Nf3")
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["save"])
    press_button(app, scene.dialogs.buttons["Copy PGN"])
    assert scene.controls.copied == pgn.export(match)
    assert not scene.dialogs.saving()
    widgets.close_top_dialog(scene.ui)  # the message that it was copied
    pump(app)
    press_button(app, scene.panel.buttons["save"])
    scene.dialogs.save_entry.set_text("Open game")
    press_button(app, scene.dialogs.buttons["Save PGN"])
    path = saves.data_dir() / "pgn" / "Open game.pgn"
    assert path.read_text(encoding="utf-8") == pgn.export(match)
    assert any("PGN saved" in t or str(path) in t for t in window_texts(scene))


def test_an_unfinished_game_with_secrets_says_why_it_has_no_pgn_yet():
    app = make_app(MainMenu)
    match = Match("telepathic", seed=2)
    scene = open_play(app, match)
    scene.controls.copy_pgn()
    pump(app)
    assert scene.controls.copied is None
    assert any("once the game is over" in t for t in window_texts(scene))


def test_the_load_screen_copies_and_saves_a_selected_saves_pgn():
    match = chess_after("d4", "d5")
    saved = saves.save_named(match, "queen's pawn")
    dated = pgn.export(match, date=pgn.date_of(saved))  # the save's date
    assert "????" not in dated
    app = make_app(MainMenu, LoadScene)
    pump(app)
    scene = app.scene
    assert not scene.copy_pgn_button.is_enabled  # nothing chosen yet
    scene.select(0)
    press_button(app, scene.copy_pgn_button)
    assert scene.copied == dated
    widgets.close_top_dialog(scene.ui)
    pump(app)
    press_button(app, scene.save_pgn_button)
    path = saves.data_dir() / "pgn" / "queen's pawn.pgn"
    assert path.read_text(encoding="utf-8") == dated


def test_import_pgn_pasted_opens_the_game_at_its_last_position(monkeypatch):
    rng = random.Random(3)
    match = Match("maces", seed=3)
    for _ in range(12):
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    monkeypatch.setattr(clipboard, "get", lambda: pgn.export(match))
    app = make_app(MainMenu, LoadScene)
    pump(app)
    press_button(app, app.scene.import_button)
    press_button(app, app.scene.import_buttons["paste"])
    assert isinstance(app.scene, PlayScene)
    assert app.scene.match.history == match.history
    assert app.scene.match.state.to_text() == match.state.to_text()


def test_import_pgn_from_a_file_path_and_a_bad_one(tmp_path):
    path = tmp_path / "game.pgn"
    path.write_text('[Event "x"]\n[Result "*"]\n\n1. e4 c5 2. Nf3 *\n', encoding="utf-8")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    scene = app.scene
    press_button(app, scene.import_button)
    scene.import_entry.set_text(str(tmp_path / "missing.pgn"))
    press_button(app, scene.import_buttons["open"])
    assert app.scene is scene
    assert any("There is no file" in t for t in window_texts(scene))
    widgets.close_top_dialog(scene.ui)  # the message, over the import window
    pump(app)
    scene.import_entry.set_text(str(path))
    press_button(app, scene.import_buttons["open"])
    assert isinstance(app.scene, PlayScene)
    assert app.scene.match.history == [{0: "e4"}, {1: "c5"}, {0: "Nf3"}]


def test_the_load_screen_greys_pgn_for_a_game_that_still_hides_things_and_says_why():
    """Telepathic Chess still going has no PGN yet: Copy PGN and Save PGN
    are greyed with the reason in the details (Copy PGN was live, then
    refused); a chess save beside it keeps them."""
    match = Match("telepathic", seed=1)
    rng = random.Random(1)
    while len(match.records) < 2:
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    assert not match.is_over()
    saves.save_named(match, "secret")
    saves.save_named(chess_after("e4"), "open")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    load = app.scene
    load.select(next(i for i, s in enumerate(load.saves) if s.name == "secret"))
    assert not load.copy_pgn_button.is_enabled and not load.save_pgn_button.is_enabled
    assert load.load_button.is_enabled
    assert (
        "No PGN yet" in load.detail.html_text and "once the game is over" in load.detail.html_text
    )
    load.select(next(i for i, s in enumerate(load.saves) if s.name == "open"))
    assert load.copy_pgn_button.is_enabled and load.save_pgn_button.is_enabled
