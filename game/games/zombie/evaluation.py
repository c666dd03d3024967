"""Evaluation for Zombie Chess: the chess-like material score, plus what the
graves add. Never imports pygame.

- A zombie is worth less than a living piece: it crumbles unless it moves
  every turn, and it is destroyed for good when taken (``ZOMBIE_SHARE``).
- A piece lying buried may come back, as a zombie of its owner: a small
  share of its value counts for its owner (``BURIED_SHARE``). Both sides know
  what lies in the graveyard, so this reads only public knowledge.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.evaluate import PIECE_VALUES, chess_like_eval

ZOMBIE_SHARE = 0.6
BURIED_SHARE = 0.15


def evaluate(
    state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
) -> float:
    score = chess_like_eval(state, seat, mobility, pieces)
    if state.result() is not None:
        return score
    side = state.game.side_of(seat)
    for sq in state.extras:
        piece = state.piece_at(sq)
        if piece is not None:
            lost = (1 - ZOMBIE_SHARE) * PIECE_VALUES.get(piece.kind, 3.0)
            score += -lost if piece.side == side else lost
    for piece in state.graveyard():
        worth = BURIED_SHARE * PIECE_VALUES.get(piece.kind, 3.0)
        score += worth if piece.side == side else -worth
    return score
