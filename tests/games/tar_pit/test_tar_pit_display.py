"""The Tar Pit Chess display: a throw is one click on a marked neighbour, a
card is the card then the piece (a checker card one click), Keep the tar, No
card and From in front are panel buttons, checkers are drawn under the
pieces in their owner's colour, the hand and the piles come from the
viewer's view; in the play scene a card is played by clicks."""

from __future__ import annotations

from helpers.ui_driver import click_at, open_play, pump, square_at
from test_tar_pit_rules import THROWING, act, position, sq

from game.games import load_all
from game.games.tar_pit.actions import KEEP, NO_CARD, Discard, PlayCard, Return, Throw
from game.match import Match
from game.ui.adapters import adapter_for

GAME = load_all()["tar_pit"]
ADAPTER = adapter_for(GAME)


def test_a_throw_is_one_click_on_a_neighbouring_piece_and_keeping_is_a_button():
    state = position(THROWING, checkers="d3=w,b2=b")
    act(state, "Nc1")
    paths = ADAPTER.paths(state, 0)
    assert paths == {(sq("b2"),): [Throw(sq("c1"), sq("b2"))]}
    assert [(c.action, c.label) for c in ADAPTER.panel_choices(state, 0)] == [
        (KEEP, "Keep the tar")
    ]


def test_a_card_is_the_card_then_the_piece_and_a_checker_card_one_click():
    state = position(THROWING, hands=("BcB", ""))
    act(state, "Kd1")
    paths = ADAPTER.paths(state, 0)
    assert paths[(-10, sq("b2"))] == [PlayCard("B", sq("b2"))]
    assert paths[(-12, sq("b2"))] == [PlayCard("B", sq("b2"))]  # the other bishop card
    assert paths[(-11,)] == [PlayCard("c")]
    assert [(c.action, c.label) for c in ADAPTER.panel_choices(state, 0)] == [(NO_CARD, "No card")]


def test_the_answer_to_a_checker_card_is_a_click_on_a_checker_a_button_or_a_card():
    state = position(THROWING, checkers="f4=b", front=(2, 2), hands=("cP", "nn"))
    act(state, "Kd1", "c")
    assert ADAPTER.paths(state, 1) == {(sq("f4"),): [Return(sq("f4"))]}
    assert [c.label for c in ADAPTER.panel_choices(state, 1)] == ["From in front"]
    act(state, "return@front")
    paths = ADAPTER.paths(state, 1)
    assert paths[(-10,)] == [Discard("n")] and paths[(-11,)] == [Discard("n")]


def test_checkers_are_drawn_under_the_pieces_in_their_owners_colour():
    state = position(THROWING, checkers="d3=w,b2=b")
    assert ADAPTER.markers(state.view(1)) == {sq("d3"): ["checker0"], sq("b2"): ["checker1"]}


def test_the_hand_shown_is_the_viewers_and_the_other_hand_only_a_count():
    state = position(THROWING, hands=("BP", "qrr"))
    view = state.view(0)
    assert sorted(s.card.letter for s in ADAPTER.cards(view, 0, "hand")) == ["B", "P"]
    piles = {p.label: p.count for p in ADAPTER.piles(view, 0)}
    assert piles == {"Draw pile": 31, "Discards": 0, "Black's hand": 3}


def test_a_card_is_played_by_clicking_it_and_then_a_piece(app):
    match = Match("tar_pit", seed=2, players=["human", "human"])
    match.play({0: match.state.parse_action("e4", 0)})
    scene = open_play(app, match)
    if scene.viewpoint.covering:
        click_at(app, (10, 10))
    state = match.state
    play = next(a for a in state.legal_actions(0) if isinstance(a, PlayCard) and a.square >= 0)
    place = ADAPTER.path_of(state.view(0), 0, play)[0]
    hand = next(w for w in scene.widgets if type(w).__name__ == "CardHand")
    pump(app, 2)
    click_at(app, hand.place_rect(place).center)
    target = state.geometry.name(play.square)
    click_at(app, square_at(scene, target))
    pump(app, 30)
    assert match.state.extras.get(play.square) == 0
    assert match.state.turn == 1
