"""The setup's levels in Masquerade Chess. Normal searches one sampled world
of the secret assignment at depth 2, Hard one at depth 4 while its time
lasts: splitting the time over four worlds left each no deeper (Normal 4-2
against greedy, one world 5-0-1; Hard 1-3 against Normal, one world 3-1;
see scripts/bench_ai.py). Searches here are bounded by nodes, never the
clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_masquerade_rules import GAME, position

from game.ai import SearchBot, make_bot, think_now

NORMAL = "search:2:samples=1"
HARD = "search:4:samples=1"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels["search:2"] == NORMAL
    assert GAME.bot_levels["search:3"] == HARD
    normal = make_bot(GAME.bot_levels["search:2"])
    assert normal.limits.max_depth == 2 and normal.samples == 1
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4 and bot.samples == 1


@pytest.mark.slow  # fast cover: test_masquerade_ai's own-view test plays the levels fast
def test_normal_and_hard_save_their_king_before_grabbing_the_queen():
    # exd5 wins the queen at once, but the f3 pawn takes the king next: a
    # one-ply grab loses the game. Both levels see the reply and keep the king.
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
    for spec, seed in ((NORMAL, 1), (NORMAL, 2), (HARD, 1), (HARD, 2), (HARD, 3)):
        move = think_now(spec, state, 0, random.Random(seed), node_limit=20_000, **UNTIMED)
        assert state.notation(move) != "exd5", spec
        after = state.copy()
        after.apply({0: move})
        assert not any(
            str(a).startswith("f3") and a.to == after.king_square(0) for a in after.legal_actions(1)
        ), state.notation(move)
