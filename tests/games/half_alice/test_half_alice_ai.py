"""The computer plays Half Alice Chess through the protocol: it finds a mate
through the looking glass and plays only legal moves for both seats.
Searches are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_half_alice_rules import GAME, position

from game.ai import think_now

SPEC = "search:2:nodes=400"


def test_it_mates_through_the_glass():
    # The near-side rook lands on a8 on the far side, where the black king
    # stands boxed in by its own far-side pawns.
    state = position(
        """
        .......k
        ......pp
        ........
        ........
        ........
        ........
        ........
        R...K...
        """,
        glass="h8,g7,h7",
    )
    move = think_now(SPEC, state.view(0), 0, random.Random(1), **UNTIMED)
    assert str(move) == "a1a8"
    state.apply({0: move})
    assert "Checkmate" in state.result().reason


@pytest.mark.slow  # fast cover: computer players finish a game, fast
def test_it_plays_both_seats_from_their_views():
    state = GAME.new(seed=3)
    rng = random.Random(3)
    for _ in range(16):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = think_now("search:1:nodes=150", state.view(seat), seat, rng, **UNTIMED)
        assert action in state.legal_actions(seat)
        state.apply({seat: action})


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
        """
    )
    rng = random.Random(1)
    for _ in range(400):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = think_now("search:1:nodes=40", state.view(seat), seat, rng, **UNTIMED)
        state.apply({seat: action})
    assert state.result() is not None
