"""A player's whole session, from the main menu: start Chess960, move by
drag-and-drop and by clicks, have an illegal drop refused, undo, save, quit,
and resume with Continue."""

import pygame
import pytest
from helpers.ui_driver import choose, click, click_at, drag, make_app, pump, settle, square_at

from game import saves
from game.ui import widgets
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.setup import SetupScene


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_whole_chess960_session_from_the_menu():
    app = make_app(MainMenu)
    menu = app.scene
    assert not menu.buttons["continue"].is_enabled  # nothing to resume yet

    click(app, menu.cards["chess960"])
    setup = app.scene
    assert isinstance(setup, SetupScene) and setup.game_id == "chess960"
    choose(app, setup.seat_menus[1], "Human")  # two players at one screen
    click(app, setup.start_button, frames=5)
    play = app.scene
    assert isinstance(play, PlayScene)
    match = play.match
    assert match.game_id == "chess960" and match.players == ["human", "human"]
    start = match.state.to_text()

    # A drag: the pawn in front of the king's file two squares up.
    drag(app, square_at(play, "e2"), square_at(play, "e4"))
    settle(app, play)
    assert match.history == [{0: "e4"}]
    assert play.board.shown[match.state.geometry.square("e4")].kind == "pawn"

    # Clicks: Black answers e7-e5.
    click_at(app, square_at(play, "e7"))
    click_at(app, square_at(play, "e5"))
    settle(app, play)
    assert match.history == [{0: "e4"}, {1: "e5"}]

    # An illegal drop (a pawn three squares) is refused; the pawn stays home.
    before = match.state.to_text()
    drag(app, square_at(play, "d2"), square_at(play, "d5"))
    settle(app, play)
    assert match.state.to_text() == before
    assert play.board.shown[match.state.geometry.square("d2")].kind == "pawn"
    assert match.state.geometry.square("d5") not in play.board.shown

    # Undo takes back Black's reply, once White accepts Black's request.
    click(app, play.panel.buttons["undo"], frames=5)
    assert len(match.history) == 2
    click(app, widgets.dialogs(play.ui)[-1].confirm_button, frames=5)
    settle(app, play)
    assert match.history == [{0: "e4"}]
    after_undo = match.state.to_text()

    # Save under a name, then quit: the autosave holds the same game.
    path = saves.save_named(match, "my chess960")
    assert saves.load(path).state.to_text() == after_undo
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 2)
    assert not app.running
    app.close()

    # A new run of the app: Continue resumes exactly where we left off.
    app = make_app(MainMenu)
    menu = app.scene
    assert menu.buttons["continue"].is_enabled
    click(app, menu.buttons["continue"], frames=5)
    resumed = app.scene
    assert isinstance(resumed, PlayScene)
    assert resumed.match.state.to_text() == after_undo
    assert resumed.match.history == [{0: "e4"}]
    assert resumed.match.state.to_text() != start
    resumed.close_runners()
    app.close()
