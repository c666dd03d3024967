"""Two Move Chess in the play scene: two cards chosen by clicking them in
the card panel (in either order), the privacy screen between two people's
secret choices, the pieces the current card may move ringed."""

from __future__ import annotations

from helpers.ui_driver import click_at, open_play, pump

from game.games import load_all
from game.games.two_move.actions import Choose, FaceUp
from game.games.two_move.display import place_of
from game.match import Match
from game.ui.adapters import adapter_for

GAME = load_all()["two_move"]
AD = adapter_for(GAME)


def test_two_cards_make_a_choice_in_either_order():
    state = GAME.new()
    state.apply({0: FaceUp("rook", "king")})
    paths = AD.paths(state, 1)
    pair = Choose("knight", "queen")
    assert paths[(place_of("knight"), place_of("queen"))] == [pair]
    assert paths[(place_of("queen"), place_of("knight"))] == [pair]
    # White may not pick its face-up cards.
    assert not any(place_of("rook") in p for p in AD.paths(state, 0))
    assert AD.panel_choices(state, 0) == []


def test_the_pieces_the_card_may_move_are_ringed():
    state = GAME.new()
    state.apply({0: FaceUp("rook", "king")})
    state.apply({0: Choose("knight", "bishop"), 1: Choose("rook", "queen")})
    marks = AD.markers(state)
    movers = {state.geometry.name(sq) for sq in marks}
    assert movers == {"b1", "g1"} | {f"{f}2" for f in "abcdefgh"}  # knights and pawns


def card_centre(scene, kind: str):
    widget = scene.widgets[0]
    return widget.place_rect(place_of(kind)).center


def test_two_people_choose_in_secret_behind_the_privacy_screen(app):
    match = Match("two_move", seed=4, players=["human", "human"])
    match.play({0: FaceUp("rook", "king")})
    scene = open_play(app, match)
    if scene.viewpoint.covering:
        click_at(app, (20, 20))  # White takes the screen
    pump(app, 3)
    click_at(app, card_centre(scene, "queen"))
    click_at(app, card_centre(scene, "knight"))
    assert match.pending == {0: Choose("knight", "queen")}
    assert scene.viewpoint.covering  # "Pass to Black" before Black's choice
    click_at(app, (20, 20))
    pump(app, 3)
    assert not scene.viewpoint.covering and scene.viewpoint.viewer == 1
    click_at(app, card_centre(scene, "bishop"))
    click_at(app, card_centre(scene, "queen"))
    pump(app, 5)
    assert match.state.revealed == (("knight", "queen"), ("bishop", "queen"))
    assert match.state.queue == [(0, "knight", 2), (1, "bishop", 2)]
