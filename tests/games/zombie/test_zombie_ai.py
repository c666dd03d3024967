"""The computer plays Zombie Chess from its own view only: it cannot tell
apart two games that differ only in where the other side buried, and plays
the same in both; it mates, and buries what it captures. Searches are
bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_zombie_rules import GAME, act, position

from game.ai import think_now

SPEC = "search:2:nodes=300:samples=2"


def choose(state, seed=1):
    seat = state.to_act()[0]
    return think_now(SPEC, state, seat, random.Random(seed), **UNTIMED)


def test_it_decides_from_its_own_view_only():
    diagram = """
        r...k..r
        ppp..ppp
        ..n.....
        ...p....
        ...P....
        ..N.....
        PPP..PPP
        R...K..R
        """
    # White's one grave (a black pawn) is under c3 in one game, under a1 in the other.
    one = position(diagram, "b", graves=("c3=P0", "-"), seen=("P0:a1.c3.e1", "-"))
    two = position(diagram, "b", graves=("a1=P0", "-"), seen=("P0:a1.c3.e1", "-"))
    assert one.view(1).to_text() == two.view(1).to_text()
    assert choose(one) == choose(two)


def test_it_mates_in_one():
    state = position(
        """
        ......k.
        .....ppp
        ........
        ........
        ........
        ........
        ........
        R...K...
        """
    )
    move = choose(state)
    assert state.notation(move) == "Ra8#"
    state.apply({0: move})
    assert state.result().points == (1.0, 0.0)


@pytest.mark.slow  # fast cover: conformance's zombie-short plays its turns fast
def test_it_buries_what_it_captures_and_plays_its_turns_to_the_end():
    state = GAME.new(seed=4)
    act(state, "e4", "d5")
    rng = random.Random(2)
    buried = 0
    for _ in range(24):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = think_now("search:1:nodes=100", state, seat, rng, **UNTIMED)
        assert action in state.legal_actions(seat)
        buried += state.notation(action).startswith("bury")
        state.apply({seat: action})
    assert buried  # captures happened and were buried


def test_a_zombie_is_worth_less_than_a_living_piece_and_the_buried_a_little():
    from game.games.zombie.evaluation import evaluate

    diagram = """
        ....k...
        p.......
        ........
        ........
        ....N...
        ........
        .......P
        ....K...
        """
    living = position(diagram)
    zombie = position(diagram, zombies="e4=z")
    assert evaluate(zombie, 0) < evaluate(living, 0)
    buried = position(diagram, graves=("-", "a8=N0"), seen=("-", "N0:a8"))
    assert evaluate(buried, 0) > evaluate(living, 0)  # a white knight may come back
