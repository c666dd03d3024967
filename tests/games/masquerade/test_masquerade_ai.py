"""The computer plays Masquerade Chess from its own view only: it picks its
assignment uniformly, cannot tell apart games that differ only in its own
secret patterns and plays the same in both, takes a king when a pawn can,
and plays whole games. Searches are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_masquerade_rules import GAME, position

from game.ai import think_now
from game.games.masquerade.actions import Assign

SPEC = "search:2:nodes=300:samples=2"


def choose(state, seat=None, seed=1):
    seat = state.to_act()[0] if seat is None else seat
    return think_now(SPEC, state, seat, random.Random(seed), **UNTIMED)


def test_the_assignment_is_chosen_at_random():
    state = GAME.new()
    picks = [choose(state, 0, seed) for seed in range(6)]
    assert all(isinstance(p, Assign) for p in picks) and len(set(picks)) > 1


def test_it_decides_from_its_own_view_only():
    diagram = """
        r.bqkbnr
        pppp.ppp
        ..n.....
        ....p...
        ....P...
        .....N..
        PPPP.PPP
        RNBQKB.R
        """
    one = position(diagram, assign=("KQRBN", "BNKQR"))
    two = position(diagram, assign=("KQRBN", "NBQRK"))
    assert one.view(0).to_text() == two.view(0).to_text()
    assert choose(one) == choose(two)


def test_a_pawn_takes_the_king():
    state = position(
        """
        ........
        ........
        ........
        ...k....
        ....P...
        ........
        ........
        ....K...
        """
    )
    move = choose(state)
    state.apply({0: move})
    assert state.result().points == (1.0, 0.0)


@pytest.mark.slow  # the position tests are the fast check
def test_bots_play_a_whole_game():
    state = GAME.new(seed=1)
    rng = random.Random(1)
    for _ in range(400):
        if state.is_over():
            break
        state.apply(
            {s: think_now("search:1:nodes=60", state, s, rng, **UNTIMED) for s in state.to_act()}
        )
    assert state.is_over()
