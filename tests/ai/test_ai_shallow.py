"""Easy and greedy: one ply of sight. They take what is loose; greedy never
sees the reply, Easy looks at it only on some decisions (its blind spot),
and Easy's hand wavers between moves that look alike."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import EasyBot, GreedyBot, make_bot, think_now
from game.ai.levels import spec_for
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


# Black to move: its knight on c5 is attacked by the queen and defended by
# nothing. A beginner sometimes sees it, sometimes not.
ATTACKED_KNIGHT = """
    . . . . k . . .
    p p . . . p p p
    . . . . . . . .
    . . n . . . . .
    . . . . . . . .
    . . . . . . . .
    P P Q . . P P P
    . . . . . . K .
"""


def knight_saved(spec: str, seeds=range(40)) -> int:
    """How many of the decisions leave no black piece to a free capture."""
    state = GAMES["chess"].from_text(fen_of(ATTACKED_KNIGHT, to_move="b"))
    saved = 0
    for seed in seeds:
        after = state.copy()
        after.apply({1: think_now(spec, state, 1, random.Random(seed))})
        loose = [m for m in after.legal_actions(0) if after.pieces().get(m.to)]
        saved += not any(after.pieces()[m.to].kind == "knight" for m in loose)
    return saved


def test_easy_has_a_blind_spot_for_its_attacked_knight():
    blind, looking, easy = (
        knight_saved("easy:look=0"),
        knight_saved("easy:look=100"),
        knight_saved("easy"),
    )
    assert 0 < easy < 40  # it sometimes saves the knight and sometimes leaves it
    assert blind < easy < looking


def test_easy_looking_declines_the_poisoned_pawn_and_blind_takes_it():
    looking = moves("easy:look=100", POISONED_PAWN)
    assert "Qxd5" not in looking
    blind = moves("easy:look=0", POISONED_PAWN)
    assert blind["Qxd5"] >= 10  # the pawn looks free: it is its likeliest move
    assert 0 < moves("easy", POISONED_PAWN)["Qxd5"] < blind["Qxd5"]  # Easy: now and then


def test_easy_still_takes_what_is_offered_when_it_looks():
    assert moves("easy:look=100", LOOSE_QUEEN) == Counter({"Nxd5": 30})
    assert moves("easy:look=100", BACK_RANK) == Counter({"Ra8#": 30})


def test_easy_specs_say_how_often_it_looks():
    assert make_bot("easy:look=25").look == 25
    assert make_bot("easy").spec == "easy"
    wide = make_bot("easy:look=0:wander=250")
    assert (wide.look, wide.temperature, wide.spec) == (0, 2.5, "easy:look=0:wander=250")
    for bad in ("easy:look=101", "easy:depth=3", "easy:look", "easy:wander=0"):
        with pytest.raises(ValueError):
            make_bot(bad)


def test_every_games_easy_is_a_beginner():
    # A game may tune its Easy (bot_levels["easy"]); it stays an EasyBot.
    for game in GAMES.values():
        assert isinstance(make_bot(spec_for(game, "easy")), EasyBot), game.id
