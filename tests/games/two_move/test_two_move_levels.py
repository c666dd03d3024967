"""The setup's levels in Two Move Chess. Normal is the generic search at
depth 2; Hard searches four decisions deep within 8,000 nodes (a choice of
cards as a matrix game at the root): +13 =1 -4 against Normal at 1.5 s a
decision, where information-set MCTS (game/ai/ismcts.py, 1000 iterations)
scored 6-6 (scripts/bench_ai.py --games two_move). ISMCTS
still plays this game well enough to be tested here. Searches here are
bounded by nodes or iterations, never by the clock."""

from __future__ import annotations

import random

from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import SearchBot, make_bot, think_now
from game.games import load_all

GAME = load_all()["two_move"]
HARD = "search:4:nodes=8000"

KING_HUNT = """
    k.......
    .......P
    ........
    ....b...
    ........
    ........
    ........
    ....K...
"""


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels.get("search:2", "search:2") == "search:2"
    assert GAME.bot_levels["search:3"] == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4 and bot.limits.node_limit == 8000


def test_hard_promotes_to_a_rook_or_queen_and_takes_the_king():
    # The bishops cancelled: White's rook card moves twice, then Black's
    # queen card. Promoting to a rook or queen takes the king on a8 next.
    for seed in (1, 2):
        state = GAME.from_text(fen_of(KING_HUNT) + " move BR/NBQK R2,q2 - BR/BQ")
        first = think_now(HARD, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(first) in ("h8=R", "h8=Q", "h8=R+", "h8=Q+")
        state.apply({0: first})
        second = think_now(HARD, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(second).endswith("xa8")
        state.apply({0: second})
        assert state.result().points == (1.0, 0.0)


def test_hard_promotes_and_takes_the_king_with_its_two_rook_moves():
    # The bishops cancelled: White's rook card moves twice, then Black's queen.
    for seed in (1, 2):
        state = GAME.from_text(fen_of(KING_HUNT) + " move BR/NBQK R2,q2 - BR/BQ")
        spec = "ismcts:iterations=400"
        first = think_now(spec, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(first).startswith("h8=")
        state.apply({0: first})
        second = think_now(spec, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(second).endswith("xa8")
        state.apply({0: second})
        assert state.result().points == (1.0, 0.0)
