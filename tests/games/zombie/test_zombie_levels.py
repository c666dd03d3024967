"""The setup's levels in Zombie Chess. Normal searches one sampled world of
the hidden graves instead of four sharing the time: four left Normal 1-3
against the one-ply greedy player, one 4-0 (scripts/bench_ai.py --n 4
--time 0.5). Hard searches two worlds within 2,500 nodes each and adds up:
one world alone scored 6-6 against Normal at 1.5 s a decision, two worlds
16-8 (scripts/bench_ai.py --games zombie). Searches here are
bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import ROOK_ON_D5
from test_zombie_rules import GAME, position

from game.ai import SearchBot, make_bot, think_now

NORMAL = "search:2:samples=1"
HARD = "search:3:nodes=2500:samples=2"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels == {
        "easy": "easy:look=0:wander=250",
        "search:2": NORMAL,
        "search:3": HARD,
    }
    for level, depth, samples in (("search:2", 2, 1), ("search:3", 3, 2)):
        bot = make_bot(GAME.bot_levels[level])
        assert isinstance(bot, SearchBot)
        assert bot.limits.max_depth == depth and bot.samples == samples
    assert make_bot(HARD).limits.node_limit == 2500


@pytest.mark.parametrize("spec", [NORMAL, HARD])
def test_the_queen_does_not_take_a_defended_rook(spec):
    # The rook on d5 attacks the queen. Qxd5 wins a rook and loses the queen
    # to cxd5 (the one-ply greedy player plays it); the queen must go
    # somewhere the rook and the knight do not reach.
    state = position(ROOK_ON_D5)
    move = think_now(spec, state, 0, random.Random(1), node_limit=20_000, **UNTIMED)
    assert state.notation(move).startswith("Q") and state.notation(move) != "Qxd5"
    after = state.copy()
    after.apply({0: move})
    assert not any(a.to == move.to for a in after.legal_actions(1) if hasattr(a, "to"))


def test_hard_weighs_two_worlds_of_hidden_graves_and_keeps_its_queen():
    # Black buried a White knight under one of its pieces: White does not
    # know which (c6, d5, h6 or b8), so Hard searches two sampled worlds at
    # its own node bound. Qxd5 still loses the queen to cxd5.
    state = position(
        ROOK_ON_D5,
        graves=("-", "c6=N0"),
        seen=("-", "N0:b8.c6.d5.h6"),
        turn="-/-/-/-/1",
    )
    view = state.view(0)
    assert view.is_partial
    bot = make_bot(HARD, **UNTIMED)
    move = bot.choose(view, 0, random.Random(2))
    assert bot.last.nodes <= 2 * (2500 + 256)
    assert state.notation(move).startswith("Q") and state.notation(move) != "Qxd5"
