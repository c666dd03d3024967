"""The computer (and the hint) promotes to a queen where an underpromotion
scores no better, as a person would; it underpromotes only where that is
strictly better (game/ai/ties.py)."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import GAMES, position

from game.ai import make_bot
from game.ai.ties import preferred, promotion_of
from game.engine.chess.tables import Move
from game.games.maces.actions import Move as MacesMove
from game.games.maces.actions import Throw
from game.games.mulligan_stew.actions import Move as StewMove
from game.games.mulligan_stew.actions import Promote
from game.games.zombie.actions import RisePromote

#: After 1.e4 Nf6 2.Nc3 e6 3.e5 Nc6 4.exf6 h6 5.fxg7 Rg8: gxf8 to any
#: piece is taken back at once, so all four promotions score the same.
TAKEN_BACK = """
    r . b q k b r .
    p p p p . p P .
    . . n . p . . p
    . . . . . . . .
    . . . . . . . .
    . . N . . . . .
    P P P P . P P P
    R . B Q K B N R
"""

#: f8=N+ forks the king on e6 and the queen on g6; f8=Q wins nothing.
KNIGHT_FORK = """
    . . . . . . . .
    . . . . . P . .
    . . . . k . q .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    K . . . . . . .
"""


@pytest.mark.parametrize("seed", range(4))
def test_a_promotion_as_good_as_any_other_is_to_a_queen(seed):
    state = position(TAKEN_BACK, castling="KQq")
    bot = make_bot("search:24:nodes=3000")  # Hard's chess spec, bounded by nodes
    action = bot.choose(state.view(0), 0, random.Random(seed))
    scores = bot.last.scores
    underpromotions = [a for a in scores if promotion_of(a) not in (None, "queen")]
    assert any(scores[a] == scores[action] for a in underpromotions)  # the tie is real
    assert state.notation(action) == "gxf8=Q+"


@pytest.mark.parametrize("seed", range(2))
def test_a_knight_promotion_is_played_where_it_alone_wins(seed):
    state = position(KNIGHT_FORK)
    action = make_bot("search:4:nodes=3000").choose(state.view(0), 0, random.Random(seed))
    assert state.notation(action) == "f8=N+"


@pytest.mark.parametrize("game_id", ["chess", "maces", "mulligan_stew", "zombie", "adrenaline"])
def test_every_games_promotions_prefer_the_queen_among_equals(game_id):
    """The rule reads each game's own promotion actions: the queen's stays,
    its siblings of the same move go, other tied actions stay."""
    # Each game's promotion to a kind, on one move and on another.
    families = {
        "chess": lambda k, to=60: Move(52, to, k),
        "adrenaline": lambda k, to=60: Move(52, to, k),
        "maces": lambda k, to=60: Throw(1, 52, to, k),
        "mulligan_stew": lambda k, to=60: StewMove(52, to, k),
        "zombie": lambda k, to=60: RisePromote(to, k),
    }
    make = families[game_id]
    assert game_id in GAMES
    tied = [make("knight"), make("rook"), make("queen"), make("rook", to=61)]
    assert preferred(tied) == [make("queen"), make("rook", to=61)]
    assert preferred([make("knight"), make("rook")]) == [make("knight"), make("rook")]
    quiet = [MacesMove(1, 2), Promote(5, "knight"), make("bishop")]
    assert preferred(quiet) == quiet
