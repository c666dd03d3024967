"""The chess evaluation's caches (game/engine/chess/evaluation.py): a
position met along make/unmake, with every cache warm, scores exactly what
it scores read afresh with every cache empty; castling, promotion and en
passant included."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import GAMES, fen_of

from game.engine.chess import evaluation
from game.engine.chess.evaluation import evaluate_board


def cold(state) -> float:
    """The score of ``state`` (a fresh copy) with every cache emptied first."""
    evaluation._cache.clear()
    evaluation._pawn_cache.clear()
    evaluation._pst_cache.clear()
    return evaluate_board(state)


def fresh(state):
    """A new state read from ``state``'s text (nothing shared with it)."""
    return state.game.from_text(state.to_text())


def test_castling_promotion_and_en_passant_keep_the_cached_score_exact():
    state = GAMES["chess"].from_text(
        fen_of(
            """
            r . . . k . . r
            P . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . p . . . .
            . . . . . . . .
            . . . . P . . .
            R . . . K . . R
            """,
            castling="KQkq",
        )
    )
    warm = []
    for text in ("O-O", "O-O-O", "e4", "dxe3", "a8=Q", "Kd7"):
        state.make({state.turn: state.parse_action(text)})
        warm.append((evaluate_board(state), fresh(state)))
    for _ in range(6):
        state.unmake()
        warm.append((evaluate_board(state), fresh(state)))
    for score, copy in warm:
        assert score == pytest.approx(cold(copy), abs=1e-9)


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_random_chess960_games_score_the_same_warm_and_cold(seed):
    rng = random.Random(seed)
    game = GAMES["chess960"]
    state = game.new(game.default_options(), seed)
    seen = []
    for _ in range(80):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        state.make({seat: rng.choice(state.legal_actions(seat))})
        seen.append((evaluate_board(state), fresh(state)))
    for score, copy in seen:
        assert score == pytest.approx(cold(copy), abs=1e-9)
