"""Tar Pit Chess in random play: the checkers are always twelve of each
colour (in front, on the board or extra), never alone on a square; the cards
are always the whole deck; a seat's view never holds the opponent's hand or
the draw pile; samples of a view deal the unseen cards and agree with it."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.games import load_all
from game.games.tar_pit.rules import TOTAL_CHECKERS, universe

GAME = load_all()["tar_pit"]


def playout(seed: int, steps: int, options=None):
    rng = random.Random(seed)
    state = GAME.new(options, seed)
    for _ in range(steps):
        yield state
        if state.is_over():
            return
        (seat,) = state.to_act()
        state.apply({seat: rng.choice(state.legal_actions(seat))})
    yield state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_checkers_and_cards_are_all_accounted_for(seed):
    options = {"checker_cards": 3} if seed == 3 else None
    deck = Counter(universe(3 if seed == 3 else 2))
    for state in playout(seed, 300, options):
        occupied = state.occ[0] | state.occ[1]
        assert all(occupied >> sq & 1 for sq in state.extras)
        for colour in (0, 1):
            on_board = sum(c == colour for c in state.extras.values())
            assert state.front[colour] >= 0 and state.spare[colour] >= 0
            assert state.front[colour] + on_board + state.spare[colour] == TOTAL_CHECKERS
        assert Counter(state.table.all_cards()) == deck
        if state.phase == "move" and not state.is_over():
            # a tarred piece on its last rank is always freed at once
            for sq, colour in state.extras.items():
                side = 0 if state.occ[0] >> sq & 1 else 1
                assert colour == side or not state.on_last_rank(sq, side)


@pytest.mark.parametrize("seed", [4, 5])
def test_a_view_never_holds_the_opponents_hand_or_the_draw_pile(seed):
    rng = random.Random(seed)
    for step, state in enumerate(playout(seed, 200)):
        if step % 3:
            continue
        for seat in (0, 1):
            view = state.view(seat)
            assert view.rng is None
            assert set(view.table.cards(f"hand{1 - seat}")) <= {None}
            assert set(view.table.cards("draw")) <= {None}
            assert view.table.cards(f"hand{seat}") == state.table.cards(f"hand{seat}")
            assert view.table.cards("discard") == state.table.cards("discard")
            assert view.table.counts() == state.table.counts()
            text = view.to_text()
            mine = state.table.cards(f"hand{seat}")
            assert f"hand{1 - seat}:" + "?" * state.table.count(f"hand{1 - seat}") in text or (
                state.table.count(f"hand{1 - seat}") == 0
            )
            world = view.sample(seat, rng)
            assert world.view(seat).to_text() == text
            assert world.table.cards(f"hand{seat}") == mine
            assert None not in world.table.all_cards()


def test_private_events_tell_the_drawn_cards_only_to_the_drawer():
    rng = random.Random(7)
    state = GAME.new(seed=7)
    seen = 0
    for _ in range(200):
        if state.is_over():
            break
        (seat,) = state.to_act()
        for event in state.apply({seat: rng.choice(state.legal_actions(seat))}):
            if event.kind == "drew":
                assert event.audience == frozenset({event.seat})
                seen += 1
            elif event.kind == "draw":
                assert event.audience is None and set(event.data) == {"count"}
    assert seen


def test_after_a_reshuffle_samples_keep_the_draw_pile_to_the_reshuffled_cards():
    # White holds its queen and king cards from before the reshuffle; Black
    # saw every reshuffled card in the discard pile, so in every world Black
    # imagines, those two are in White's hand and never in the draw pile.
    import random

    from helpers.chess_diagrams import fen_of

    from game.engine.cards import Card, cards_text

    rest = Counter(universe(2))
    rest.subtract(Card.from_letter(c) for c in "CQKpppp")
    table = f"draw:-/hand0:CQK/hand1:pppp/discard:{cards_text(sorted(rest.elements()))}"
    board = fen_of(
        """
        . . . . k . . .
        . . . . . . . p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . P
        . . . . K . . .
        """
    )
    state = GAME.from_text(f"{board} - 3+4 9+8 {table} move -/-/-")
    state.rng = random.Random(1)
    for text in ("Kd1", "C"):
        state.apply({0: state.parse_action(text, 0)})
    assert len(state.reshuffled) == 30 and len(state.drawn[0]) == 2
    view = state.view(1)
    assert view.drawn[0] == [None, None]
    rng = random.Random(2)
    for _ in range(20):
        world = view.sample(1, rng)
        assert world.view(1).to_text() == view.to_text()
        assert {Card(0, "queen"), Card(0, "king")} <= set(world.table.cards("hand0"))
        assert Card(0, "queen") not in world.table.cards("draw")
        drawn = Counter(world.table.cards("hand0")) - Counter([Card(0, "queen"), Card(0, "king")])
        assert Counter(world.drawn[0]) == drawn
