"""The setup's levels in Masquerade Chess. Normal is the generic determinised
search (four sampled worlds at depth 2); Hard searches one sampled world at
depth 3: splitting the time over four worlds left it no deeper than Normal
(1-3 against Normal; one world, 3-1 with --n 4 --time 1.0, see
scripts/bench_ai.py). Searches here are bounded by nodes, never the clock."""

from __future__ import annotations

import random

from helpers.bots import UNTIMED
from test_masquerade_rules import GAME, position

from game.ai import SearchBot, make_bot, think_now

HARD = "search:3:samples=1"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels.get("search:2", "search:2") == "search:2"
    assert GAME.bot_levels["search:3"] == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 3 and bot.samples == 1


def test_hard_saves_its_king_before_grabbing_the_queen():
    # exd5 wins the queen at once, but the f3 pawn takes the king next: a
    # one-ply grab loses the game. Hard sees the reply and keeps its king.
    state = position(
        """
        .......k
        ........
        ........
        ...q....
        ....P...
        .....p..
        ....K.P.
        ........
        """
    )
    for seed in (1, 2, 3):
        move = think_now(HARD, state, 0, random.Random(seed), node_limit=20_000, **UNTIMED)
        assert state.notation(move) != "exd5"
        after = state.copy()
        after.apply({0: move})
        assert not any(
            str(a).startswith("f3") and a.to == after.king_square(0) for a in after.legal_actions(1)
        ), state.notation(move)
