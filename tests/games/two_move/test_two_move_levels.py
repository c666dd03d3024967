"""The setup's levels in Two Move Chess. Normal is the generic search at
depth 2; Hard is information-set MCTS (game/ai/ismcts.py), which searches
the secret card choices with neither side seeing the other's: the alpha-beta
search at depth 3 lost every game to Normal (0-4, scripts/bench_ai.py --n 4
--time 0.5), ISMCTS 5-3 and then 4-4 over eight more games. Searches here
are bounded by iterations, never by the clock."""

from __future__ import annotations

import random

from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import make_bot, think_now
from game.ai.ismcts import IsmctsBot
from game.games import load_all

GAME = load_all()["two_move"]
HARD = "ismcts:iterations=1000"


def test_the_setup_levels_map_to_the_games_own_specs():
    assert GAME.bot_levels.get("search:2", "search:2") == "search:2"
    assert GAME.bot_levels["search:3"] == HARD
    bot = make_bot(GAME.bot_levels["search:3"])
    assert isinstance(bot, IsmctsBot) and bot.iterations == 1000


def test_hard_promotes_and_takes_the_king_with_its_two_rook_moves():
    diagram = """
        k.......
        .......P
        ........
        ....b...
        ........
        ........
        ........
        ....K...
    """
    # The bishops cancelled: White's rook card moves twice, then Black's queen.
    for seed in (1, 2):
        state = GAME.from_text(fen_of(diagram) + " move BR/NBQK R2,q2 - BR/BQ")
        spec = "ismcts:iterations=400"
        first = think_now(spec, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(first).startswith("h8=")
        state.apply({0: first})
        second = think_now(spec, state, 0, random.Random(seed), **UNTIMED)
        assert state.notation(second).endswith("xa8")
        state.apply({0: second})
        assert state.result().points == (1.0, 0.0)
