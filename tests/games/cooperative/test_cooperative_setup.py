"""Choosing Cooperative Chess's mode on the setup form: alone, only White's
seat is asked about (Black's sits out, and the screen is never covered
between the two); with two players, both seats are, and two people at one
screen pass it between turns."""

from __future__ import annotations

from helpers.ui_driver import choose, click, click_at, make_app, open_play, pump

from game.games import load_all
from game.match import Match
from game.ui.menu import MainMenu
from game.ui.play import seats
from game.ui.setup import SetupScene

GAME = load_all()["cooperative"]


def test_the_seats_in_play_follow_the_mode():
    assert GAME.seats_in_play({"mode": "solitaire"}) == (0,)
    assert GAME.seats_in_play({"mode": "two players"}) == (0, 1)


def test_alone_the_form_asks_about_one_seat_and_two_players_about_two(started):
    app = make_app(MainMenu, lambda a: SetupScene(a, "cooperative"))
    pump(app)
    scene = app.scene
    assert scene.menu_seats == [0]
    choose(app, scene.option_widgets["mode"], "Two players")
    pump(app)
    assert scene.menu_seats == [0, 1]
    choose(app, scene.seat_menus[1], "Computer: Hard")
    click(app, scene.start_button)
    assert started[0].options["mode"] == "two players"
    assert started[0].players == ["human", "computer:search:3"]


def test_alone_the_seat_left_out_is_nobodys(started):
    app = make_app(MainMenu, lambda a: SetupScene(a, "cooperative"))
    pump(app)
    click(app, app.scene.start_button)
    assert started[0].options["mode"] == "solitaire"
    assert started[0].players == ["human", "human"]


def test_alone_no_privacy_screen_and_the_view_is_whites(app):
    match = Match("cooperative", {"mode": "solitaire"}, 4, ["human", "human"])
    scene = open_play(app, match)
    assert not scene.viewpoint.covering
    assert scene.viewpoint.viewer == 0 and scene.seen.actor == 0
    click(app, next(iter(scene.panel.choice_buttons)))  # End turn: Black's turn, same seat
    assert not scene.viewpoint.covering and scene.seen.actor == 0


def test_two_people_at_one_screen_pass_it_between_turns(app):
    match = Match("cooperative", {"mode": "two players"}, 4, ["human", "human"])
    scene = open_play(app, match)
    assert scene.viewpoint.covering  # "Pass to White"
    click_at(app, app.window.get_rect().center)
    assert scene.seen.viewer == 0
    hand = scene.widgets[2]
    click_at(app, hand._rects[0].center)
    click_at(app, hand._rects[0].center)
    click(app, next(iter(scene.panel.choice_buttons)))  # End turn
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1


def test_the_turn_line_names_the_colour_to_move_and_a_partner_only_with_two_players(app):
    alone = Match("cooperative", {"mode": "solitaire"}, 4, ["human", "human"])
    (part,) = seats.turn_parts(alone)
    assert part[1:] == ("", "White") and part[0] == seats.side_colour(GAME, 0)
    alone.play({0: alone.state.parse_action("end", 0)})  # Black's turn, the same seat
    assert alone.to_act() == (0,)
    (part,) = seats.turn_parts(alone)
    assert part[1:] == ("", "Black") and part[0] == seats.side_colour(GAME, 1)
    alone.resign(0)  # End game on Black's turn
    assert alone.move_list()[-1] == "Game ended"

    two = Match("cooperative", {"mode": "two players"}, 4, ["human", "human"], names=["Ann", ""])
    assert [p[1:] for p in seats.turn_parts(two)] == [("Ann", "White · with Black")]
    two.play({0: two.state.legal_actions(0)[0]})  # a card
    two.play({0: two.state.parse_action("end", 0)})
    assert [p[1:] for p in seats.turn_parts(two)] == [("", "Black · with Ann (White)")]


def test_solitaire_ended_after_one_capture_says_one_capture_and_one_point():
    from game.engine.pieces import Piece

    alone = Match("cooperative", {"mode": "solitaire"}, 4, ["human", "human"])
    alone.state.captured.append(Piece(1, "pawn"))  # one piece taken so far
    alone.resign(0)  # End game
    result = alone.state.result()
    assert result.reason == "Stopped after 1 capture: no king capture, no bonus"
    assert result.verdict == "1 point: lost (32 needed)"
    assert seats.headline(alone, result) == "1 point: lost (32 needed)"
