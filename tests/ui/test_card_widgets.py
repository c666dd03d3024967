"""The card widgets in the play scene (game/ui/card_widgets.py), on the toy
card game of helpers/toy_games.py: the viewer's hand face up, a face-up line
with gaps to play into, the piles with their counts; a card played by click
and click, or dragged onto the line."""

from __future__ import annotations

import pygame
import pytest
from helpers import toy_games
from helpers.ui_driver import PLAY_ADAPTER, click_at, drag, open_play, pump

from game.match import Match
from game.ui.adapters import MoveAdapter
from game.ui.card_widgets import CardHand, CardLine, CardPiles, CardSlot, Pile

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

LEFT, RIGHT = -1, -2


def hand_place(i: int) -> int:
    return -10 - i


class LineDisplay(MoveAdapter):
    """How the toy line game would show itself."""

    def path_of(self, state, seat, action):
        hand = state.cards.seen(f"hand{seat}", seat)
        return (hand_place(hand.index(action.card)), LEFT if action.end == "left" else RIGHT)

    def cards(self, state, seat, area):
        if area == "hand":
            hand = state.cards.seen(f"hand{seat}", seat) if seat is not None else []
            return [CardSlot(hand_place(i), card) for i, card in enumerate(hand)]
        line = [CardSlot(None, card) for card in state.cards.cards("line")]
        return [CardSlot(LEFT, gap=True), *line, CardSlot(RIGHT, gap=True)]

    def piles(self, state, seat):
        other = f"hand{1 - seat}" if seat is not None else "hand1"
        return [
            Pile("Draw", state.cards.count("draw")),
            Pile("Their hand", state.cards.count(other)),
        ]

    def make_widgets(self):
        return [CardHand(self), CardLine(self), CardPiles(self)]


@pytest.fixture
def line_scene(app, monkeypatch):
    toy_games.install(monkeypatch)
    monkeypatch.setattr(PLAY_ADAPTER, lambda game: LineDisplay())
    match = Match("toy_line", seed=4, players=["human", "computer:random"])
    return match, open_play(app, match)


def widgets(scene):
    hand, line, piles = scene.widgets
    return hand, line, piles


def test_the_hand_shows_the_viewers_cards_and_the_piles_their_counts(line_scene):
    match, scene = line_scene
    hand, line, piles = widgets(scene)
    mine = list(match.state.cards.cards("hand0"))
    assert [s.card for s in hand.slots] == mine and len(mine) == 2
    assert [(p.label, p.count) for p in piles.piles] == [("Draw", 4), ("Their hand", 2)]
    assert [s.gap for s in line.slots] == [True, True]  # an empty line: two gaps
    for widget in scene.widgets:  # each draws inside its own rectangle
        surface = pygame.Surface(scene.app.size)
        surface.fill((1, 2, 3))
        widget.draw(surface, scene.input)
        marked = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
        marked.invert()
        assert all(widget.rect.contains(r) for r in marked.get_bounding_rects())


def test_a_card_played_by_two_clicks(app, line_scene):
    match, scene = line_scene
    hand, line, _ = widgets(scene)
    card = hand.slots[1].card
    click_at(app, hand._rects[1].center)
    assert scene.input.path == [hand_place(1)] and scene.input.targets == {LEFT, RIGHT}
    click_at(app, line._rects[-1].center)  # the right-hand gap
    assert match.history[0] == {0: f"{card.letter}>right"}
    assert match.state.cards.cards("line")[-1] == card


def test_a_card_dragged_onto_the_line(app, line_scene):
    match, scene = line_scene
    hand, line, _ = widgets(scene)
    card = hand.slots[0].card
    drag(app, hand._rects[0].center, line._rects[0].center)
    pump(app, 2)
    assert match.history[0] == {0: f"{card.letter}>left"}
    assert match.state.cards.cards("line")[0] == card
