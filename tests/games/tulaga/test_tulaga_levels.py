"""The setup's levels in Tulaga. The search counts Tulaga's depth in whole
turns (Game.depth_by_turns); Hard looks four turns deep within a node
bound and beat Normal 8-2 (scripts/bench_ai.py --games tulaga --time 1.5).
Searches here are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

from helpers.bots import UNTIMED
from test_tulaga_rules import BLACK, DIAGONAL_FOUR, GAME, WHITE, play, position, sq

from game.ai import SearchBot, make_bot, think_now
from game.games.tulaga.rules import Place, RankStone

HARD = "search:4:nodes=20000"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels.get("search:2", "search:2") == "search:2"
    assert GAME.bot_levels["search:3"] == HARD
    assert GAME.hint_bot == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4 and bot.limits.node_limit == 20_000


def test_hard_blocks_the_only_completion_point():
    state = position(DIAGONAL_FOUR, side="w")
    action = think_now(HARD, state, WHITE, random.Random(4), **UNTIMED)
    assert action == Place(sq("c3"))


def test_hard_completes_the_row_and_takes_its_rank_stone():
    rng = random.Random(3)
    state = position(DIAGONAL_FOUR, side="b")
    action = think_now(HARD, state, BLACK, rng, **UNTIMED)
    assert action == Place(sq("c3"))
    play(state, str(action))
    assert isinstance(think_now(HARD, state, BLACK, rng, **UNTIMED), RankStone)
