"""Easy and greedy: one ply of sight. They take what is loose, never see
the reply, and Easy's hand wavers between moves that look alike."""

from __future__ import annotations

import random
from collections import Counter

from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import EasyBot, GreedyBot, make_bot, think_now
from game.games import load_all

GAMES = load_all()

# White to move: the black queen on d5 hangs to the knight on c3.
LOOSE_QUEEN = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . q . . . .
    . . . . . . . .
    . . N . . . . .
    . . . . . . . .
    . . . . K . . .
"""

# White to move: the pawn on d5 is defended by the pawn on e6, so the
# queen that takes it is lost; one ply of sight does not see that.
POISONED_PAWN = """
    . . . . k . . .
    . . . . . . . .
    . . . . p . . .
    . . . p . . . .
    . . . . . . . .
    . . . . . . . .
    . . . Q . . . .
    . . . . K . . .
"""

# White to move mates with Ra8.
BACK_RANK = """
    . . . . . . k .
    . . . . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    R . . . . . K .
"""


def chess(diagram: str):
    return GAMES["chess"].from_text(fen_of(diagram, to_move="w"))


def moves(spec, diagram: str, seeds=range(30)) -> Counter:
    state = chess(diagram)
    return Counter(state.notation(think_now(spec, state, 0, random.Random(seed))) for seed in seeds)


def test_the_specs_build_the_shallow_bots():
    assert isinstance(make_bot("easy"), EasyBot)
    assert isinstance(make_bot("greedy"), GreedyBot)


def test_greedy_takes_the_loose_queen():
    assert moves("greedy", LOOSE_QUEEN) == Counter({"Nxd5": 30})


def test_greedy_does_not_see_the_reply():
    # A two-ply search declines the pawn; greedy grabs it every time.
    assert moves("greedy", POISONED_PAWN) == Counter({"Qxd5": 30})
    state = chess(POISONED_PAWN)
    normal = think_now("search:2", state, 0, random.Random(1), **UNTIMED)
    assert state.notation(normal) != "Qxd5"


def test_easy_takes_a_mate_and_a_free_queen():
    assert moves("easy", BACK_RANK) == Counter({"Ra8#": 30})
    assert moves("easy", LOOSE_QUEEN) == Counter({"Nxd5": 30})


def test_easy_wavers_in_a_quiet_position_where_greedy_does_not():
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    state = GAMES["chess"].from_text(start)
    easy = Counter(state.notation(think_now("easy", state, 0, random.Random(s))) for s in range(40))
    greedy = {state.notation(think_now("greedy", state, 0, random.Random(s))) for s in range(40)}
    assert len(easy) >= 5  # many different openings
    assert len(easy) > len(greedy)
