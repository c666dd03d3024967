"""The setup's levels in Tar Pit Chess. Hard searches depth 4 (a turn is up
to three decisions, so depth 4 sees the reply) in one sampled world of the
hidden hands: split over four worlds it reached less deep and scored 1-3
against Normal (--n 4 --time 0.5); one world, 3-1 (scripts/bench_ai.py).
Searches here are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import ROOK_ON_D5
from test_tar_pit_rules import GAME, position

from game.ai import SearchBot, make_bot, think_now

HARD = "search:4:nodes=6000:samples=1"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels.get("search:2", "search:2") == "search:2"
    assert GAME.bot_levels["search:3"] == HARD
    assert GAME.hint_bot == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4 and bot.limits.node_limit == 6000 and bot.samples == 1


@pytest.mark.slow  # fast cover: the other level tests of this file
def test_hard_takes_the_free_knight_not_the_defended_rook():
    # The rook on d5 attacks the queen. Qxd5 wins a rook and loses the queen
    # to cxd5; Qxh6 saves the queen and wins a knight.
    state = position(ROOK_ON_D5)
    move = think_now(HARD, state, 0, random.Random(1), **UNTIMED)
    assert state.notation(move) == "Qxh6"
