"""Evaluation for Tar Pit Chess: the chess-like material score, plus what the
checkers do. Never imports pygame; reads only what both players see (the
board's checkers and the counts in front of each player).

- A tarred piece crawls like a pawn: it keeps only a pawn's worth and a
  share of the rest (``TARRED_SHARE``); a tarred pawn cannot move at all.
  A tarred king is in danger (``TARRED_KING``).
- A carrying piece can throw tar next turn (``CARRY``).
- Each checker in front of a player is a card's worth of choices (``FRONT``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.evaluate import PIECE_VALUES, chess_like_eval

TARRED_SHARE = 0.45
TARRED_PAWN = 0.4
TARRED_KING = 1.5
CARRY = 0.2
FRONT = 0.1


def evaluate(
    state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
) -> float:
    score = chess_like_eval(state, seat, mobility, pieces)
    if state.result() is not None:
        return score
    side = state.game.side_of(seat)
    for sq, colour in state.extras.items():
        piece = state.piece_at(sq)
        if piece is None:
            continue
        sign = 1 if piece.side == side else -1
        if colour == piece.side:
            score += sign * CARRY
        elif piece.kind == "king":
            score -= sign * TARRED_KING
        elif piece.kind == "pawn":
            score -= sign * TARRED_PAWN
        else:
            worth = PIECE_VALUES.get(piece.kind, 3.0)
            score -= sign * (1 - TARRED_SHARE) * max(0.0, worth - 1.0)
    score += FRONT * (state.front[side] - state.front[1 - side])
    return score
