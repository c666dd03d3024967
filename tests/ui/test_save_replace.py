"""A save or a PGN file never silently replaces another of the same name
(every Chess game at move 2 is offered "Chess, move 2"): the play scene's
Save and Save PGN and the Load screen's Save PGN ask, Replace replaces and
Cancel keeps the one there."""

from __future__ import annotations

import pytest
from helpers.chess_diagrams import chess_after
from helpers.ui_driver import make_app, open_play, press_button, pump

from game import pgn, saves
from game.ui.load_scene import LoadScene
from game.ui.menu import MainMenu


def top_dialog(scene):
    return scene.ui.get_window_stack().get_full_stack()[-1]


def save_from_window(app, scene, button: str) -> str:
    """Save (or Save PGN) under the name the window offers; that name."""
    press_button(app, scene.panel.buttons["save"])
    offered = scene.dialogs.save_entry.get_text()
    press_button(app, scene.dialogs.buttons[button] if button != "Save" else scene.dialogs.save_ok)
    pump(app)
    return offered


@pytest.mark.parametrize("button", ["Save", "Save PGN"])
@pytest.mark.parametrize("answer", ["Replace", "Cancel"])
def test_saving_under_a_name_taken_asks_first(button, answer):
    app = make_app(MainMenu)
    first, second = chess_after("e4", "e5"), chess_after("d4", "d5")
    scene = open_play(app, first)
    name = save_from_window(app, scene, button)
    if button == "Save":
        path = saves.saves_dir() / f"{name}.json"
        read = lambda: saves.load(path).state.to_text()  # noqa: E731
        wanted = {"Replace": second.state.to_text(), "Cancel": first.state.to_text()}
    else:
        path = saves.data_dir() / "pgn" / f"{name}.pgn"
        read = lambda: path.read_text(encoding="utf-8")  # noqa: E731
        wanted = {"Replace": pgn.export(second), "Cancel": pgn.export(first)}
    assert path.exists()
    scene = open_play(app, second)
    assert save_from_window(app, scene, button) == name  # the same name offered
    ask = top_dialog(scene)
    assert name in ask.confirmation_text.html_text  # it names the one there
    press_button(app, ask.confirm_button if answer == "Replace" else ask.cancel_button)
    assert read() == wanted[answer]


def test_the_load_screens_save_pgn_asks_before_replacing_a_pgn_file():
    app = make_app(MainMenu)
    match = chess_after("d4", "d5")
    saves.save_named(match, "queen's pawn")
    path = saves.data_dir() / "pgn" / "queen's pawn.pgn"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("an older file", encoding="utf-8")
    app.push(LoadScene(app))
    pump(app)
    load = app.scene
    load.select(0)
    press_button(app, load.save_pgn_button)
    assert path.read_text(encoding="utf-8") == "an older file"  # not yet
    press_button(app, top_dialog(load).confirm_button)
    assert path.read_text(encoding="utf-8").startswith("[Event")


def test_the_offered_name_is_brought_up_to_date_when_the_game_went_on_behind_the_window():
    """The save window does not stop the game: a computer moved while it
    was open, and the save of 21 moves was named "Chess, move 10"."""
    app = make_app(MainMenu)
    match = chess_after("e4", "e5")
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["save"])
    offered = scene.dialogs.save_entry.get_text()
    for san in ("Nf3", "Nc6"):  # played behind the window
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(san, seat)})
    press_button(app, scene.dialogs.save_ok)
    now = scene.controls.save_name()
    assert now != offered
    assert [info.name for info in saves.list_saves()] == [now]
