"""The setup's levels in Tulaga. The search counts Tulaga's depth in whole
turns (Game.depth_by_turns); Hard looks four turns deep within a node
bound and beat Normal 8-2 (scripts/bench_ai.py --games tulaga --time 1.5).
Searches here are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_tulaga_rules import BLACK, DIAGONAL_FOUR, GAME, WHITE, play, position, sq

from game.ai import SearchBot, make_bot, think_now
from game.games.tulaga.rules import Place, RankStone

NORMAL = "search:3:nodes=10000"
HARD = "search:4:nodes=20000"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels["search:2"] == NORMAL
    normal = make_bot(GAME.bot_levels["search:2"])
    assert isinstance(normal, SearchBot)
    assert normal.limits.max_depth == 3 and normal.limits.node_limit == 10_000
    assert GAME.bot_levels["search:3"] == HARD
    assert GAME.hint_bot == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4 and bot.limits.node_limit == 20_000


@pytest.mark.slow  # fast cover: the Normal level's reap test searches the same way fast
def test_hard_blocks_the_only_completion_point():
    state = position(DIAGONAL_FOUR, side="w")
    action = think_now(HARD, state, WHITE, random.Random(4), **UNTIMED)
    assert action == Place(sq("c3"))


# Slow: a Hard search of seconds; the other levels' tests here are its fast cover.
@pytest.mark.slow
def test_hard_completes_the_row_and_takes_its_rank_stone():
    rng = random.Random(3)
    state = position(DIAGONAL_FOUR, side="b")
    action = think_now(HARD, state, BLACK, rng, **UNTIMED)
    assert action == Place(sq("c3"))
    play(state, str(action))
    assert isinstance(think_now(HARD, state, BLACK, rng, **UNTIMED), RankStone)


# Black's four b1-e1 (a1 is White's, and White's stones on c2 and d2 sit
# on the centres of the rings those stones threatened) is one stone from a
# row on f1, and its rank stone on c1 would reap northwards White's rank
# stones on c7 and c8 (each comes back as a Black one). White's own ring
# around g6 is one stone from a Tulaga too, but taking it lets Black's row
# and reap through: White blocks f1.
REAP_THREAT = """
    .........
    ..W......
    ..W...w..
    .....w.w.
    .........
    .........
    .........
    ..ww.....
    wbbbb....
    """


def test_normal_stops_the_row_whose_reap_would_take_its_rank_stones():
    state = position(REAP_THREAT, side="w")
    action = think_now(NORMAL, state, WHITE, random.Random(5), **UNTIMED)
    assert action == Place(sq("f1"))
