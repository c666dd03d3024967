"""The computer plays Adrenaline Chess through the protocol: it takes the
mate that the extra steps give, and plays every kind of decision (moves,
steps, stop, giving) legally for both seats. Bounded by nodes."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_adrenaline_rules import GAME, position

from game.ai import think_now


def test_it_mates_with_a_step():
    # Rh8 mates; the rook then has a checker to spend, and the computer must
    # stop, or step where the mate still holds, to end its turn. (From a1 the
    # rook would already attack b8 through a8 and a step: Black in check on
    # White's move, a position the rules refuse.)
    state = position(
        """
        .k......
        ........
        .K......
        ........
        ........
        ........
        ........
        .......R
        """,
        checkers="h1=1",
    )
    move = think_now("search:2:nodes=600", state.view(0), 0, random.Random(1), **UNTIMED)
    state.apply({0: move})
    while not state.is_over() and state.to_act() == (0,):
        action = think_now("search:2:nodes=600", state.view(0), 0, random.Random(1), **UNTIMED)
        state.apply({0: action})
    assert state.result() is not None and "Checkmate" in state.result().reason


def test_it_plays_every_kind_of_decision_for_both_seats():
    state = GAME.new(seed=2)
    rng = random.Random(2)
    kinds = set()
    for _ in range(60):
        if state.is_over():
            break
        seat = state.to_act()[0]
        if rng.random() < 0.7:  # random play gets captures and stacks going
            action = rng.choice(state.legal_actions(seat))
        else:
            action = think_now("search:1:nodes=120", state.view(seat), seat, rng, **UNTIMED)
            kinds.add((state.phase, type(action).__name__))
        assert action in state.legal_actions(seat)
        state.apply({seat: action})
    assert ("-", "Move") in kinds


def test_the_evaluation_counts_checkers_for_the_side_that_holds_them():
    from game.games.adrenaline.evaluation import evaluate

    diagram = """
        ....k...
        pppp....
        ........
        ........
        ........
        ........
        PPPP....
        ....K...
        """
    plain = position(diagram)
    mine = position(diagram, checkers="a2=2")
    theirs = position(diagram, checkers="a7=2")
    assert evaluate(mine, 0) > evaluate(plain, 0) > evaluate(theirs, 0)


# Slow: a whole game of searches; the other tests here are its fast cover.
@pytest.mark.slow
def test_computer_players_finish_a_game():
    state = position(
        """
        ....k...
        ........
        ..n.....
        ........
        ........
        ........
        ........
        R...K...
        """,
        checkers="c6=1",
        supply=23,
    )
    rng = random.Random(1)
    for _ in range(400):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = think_now("search:1:nodes=40", state.view(seat), seat, rng, **UNTIMED)
        state.apply({seat: action})
    assert state.result() is not None
