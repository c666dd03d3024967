"""The setup form: seats and generic options, validated before a match."""

from __future__ import annotations

import pygame
from helpers.ui_driver import choose, click, make_app, pump

from game.games import REGISTRY, load_all
from game.ui.menu import MainMenu
from game.ui.setup import SetupScene

load_all()


def _setup(game_id):
    app = make_app(MainMenu, lambda a: SetupScene(a, game_id))
    pump(app)
    return app, app.scene


def test_chess960_number_1000_is_refused_with_a_message(started):
    app, scene = _setup("chess960")
    choose(app, scene.option_widgets["start"], "Number")
    scene.option_widgets["number"].set_text("1000")
    click(app, scene.start_button)
    assert app.scene is scene  # still on the form
    assert scene.error and ("1000" in scene.error or "959" in scene.error)
    assert scene.error_label.text == scene.error
    assert started == []


def test_not_a_number_is_refused_with_a_message(started):
    app, scene = _setup("chess960")
    scene.option_widgets["number"].set_text("five")
    click(app, scene.start_button)
    assert app.scene is scene
    assert "whole number" in scene.error
    assert started == []


def test_chess960_number_518_starts_the_match(started):
    app, scene = _setup("chess960")
    choose(app, scene.option_widgets["start"], "Number")
    choose(app, scene.seat_menus[1], "Computer: Hard")
    scene.option_widgets["number"].set_text("518")
    click(app, scene.start_button)
    assert len(started) == 1
    match = started[0]
    assert match.game_id == "chess960"
    assert match.options["start"] == "number" and match.options["number"] == 518
    assert match.players == ["human", "computer:search:3"]
    assert app.scene is not scene


def test_seat_levels_map_to_bot_specs(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[0], "Computer: Easy")
    choose(app, scene.seat_menus[1], "Human")
    click(app, scene.start_button)
    assert started[0].players == ["computer:easy", "human"]


def test_one_row_per_seat_and_option():
    app, scene = _setup("chess960")
    game = REGISTRY["chess960"]
    assert len(scene.seat_menus) == len(game.seats)
    assert set(scene.option_widgets) == {o.key for o in game.options}


def test_form_survives_a_resize(started):
    app, scene = _setup("chess960")
    scene.option_widgets["number"].set_text("77")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    pump(app, 2)
    assert scene.option_widgets["number"].get_text() == "77"


def test_back_returns_to_the_menu():
    app, scene = _setup("chess")
    click(app, scene.back_button)
    assert isinstance(app.scene, MainMenu)


# -- a game from a position, and the seats remembered -------------------------------------
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def test_a_game_can_start_from_a_pasted_position(started):
    app, scene = _setup("chess")
    scene.position_entry.set_text(MATE_IN_ONE)
    click(app, scene.start_button)
    (match,) = started
    assert match.start == MATE_IN_ONE and match.state.to_text() == MATE_IN_ONE


def test_a_pasted_position_that_is_none_is_refused_with_a_message(started):
    app, scene = _setup("chess")
    scene.position_entry.set_text("8/8/8 w")
    click(app, scene.start_button)
    assert app.scene is scene and started == []
    assert scene.error.startswith("That is not a Chess position")


def test_the_seats_chosen_last_time_come_back(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    click(app, scene.start_button)
    assert started[-1].players == ["human", "human"]
    again = SetupScene(app, "chess")
    assert again.players == ["human", "human"]
    other = SetupScene(app, "maces")  # each game keeps its own
    assert other.players[1].startswith("computer")


def test_seats_remembered_with_a_retired_level_fall_back_to_the_defaults(started):
    # Easy was once "computer:random"; a form remembering it must still open.
    app = make_app(MainMenu)
    app.settings["last_players"] = {"chess": ["computer:random", "human"]}
    app.push(SetupScene(app, "chess"))
    pump(app)
    scene = app.scene
    click(app, scene.start_button)
    assert started[0].players == ["human", "computer:search:2"]


def test_seats_remembered_from_last_time_come_back(started):
    app = make_app(MainMenu)
    app.settings["last_players"] = {"chess": ["computer:easy", "human"]}
    app.push(SetupScene(app, "chess"))
    pump(app)
    click(app, app.scene.start_button)
    assert started[0].players == ["computer:easy", "human"]
