"""The setup's levels in Zombie Chess. Both levels search one sampled world
of the hidden graves instead of four sharing the time: four left Normal
1-3 against the one-ply greedy player and Hard 0-4 against Normal; one
world, Normal 4-0 against greedy and 4-0 against random, Hard 2-2 against
Normal (scripts/bench_ai.py --n 4 --time 0.5). Searches here are bounded by
nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_zombie_rules import GAME, position

from game.ai import SearchBot, make_bot, think_now

NORMAL = "search:2:samples=1"
HARD = "search:3:samples=1"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels == {"search:2": NORMAL, "search:3": HARD}
    for level, depth in (("search:2", 2), ("search:3", 3)):
        bot = make_bot(GAME.bot_levels[level])
        assert isinstance(bot, SearchBot)
        assert bot.limits.max_depth == depth and bot.samples == 1


@pytest.mark.parametrize("spec", [NORMAL, HARD])
def test_the_queen_does_not_take_a_defended_rook(spec):
    # The rook on d5 attacks the queen. Qxd5 wins a rook and loses the queen
    # to cxd5 (the one-ply greedy player plays it); the queen must go
    # somewhere the rook and the knight do not reach.
    state = position(
        """
        .k......
        ........
        ..p....n
        ...r....
        ........
        .......P
        ...Q.PP.
        ......K.
        """
    )
    move = think_now(spec, state, 0, random.Random(1), node_limit=20_000, **UNTIMED)
    assert state.notation(move).startswith("Q") and state.notation(move) != "Qxd5"
    after = state.copy()
    after.apply({0: move})
    assert not any(a.to == move.to for a in after.legal_actions(1) if hasattr(a, "to"))
