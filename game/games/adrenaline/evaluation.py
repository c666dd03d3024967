"""Evaluation for Adrenaline Chess: the chess-like material score, plus the
checkers. A checker under your piece is an extra king step you may spend
(``CHECKER``); it is worth more under a piece that is close to the enemy king
(it may turn into a check). Everything here is public. Never imports pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.evaluate import chess_like_eval

CHECKER = 0.3  # pawns per checker
NEAR_KING = 0.15  # more per checker within two steps of the enemy king


def evaluate(
    state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
) -> float:
    score = chess_like_eval(state, seat, mobility, pieces)
    if state.result() is not None:
        return score
    side = state.game.side_of(seat)
    for sq, n in state.extras.items():
        owner = 0 if state.occ[0] >> sq & 1 else 1
        king = state.king_square(1 - owner)
        worth = CHECKER
        if king is not None and max(abs(sq % 8 - king % 8), abs(sq // 8 - king // 8)) <= 2:
            worth += NEAR_KING
        score += n * worth if owner == side else -n * worth
    return score
