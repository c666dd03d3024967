"""What the search does differently on the orthodox chess core, in one
object the search asks (``Search._chess``; None on every other game).

A class of the chess core that keeps every fast path (``ChessState._core``:
orthodox moves, plain turns, orthodox ends) lets the search

- look for the end before listing the moves without looking for mate and
  stalemate (``result_before_moves``): the empty move list shows them;
- list the moves straight (``legal_moves``);
- call the chess evaluation straight and lazily (material and tables
  alone where they lie far outside the window), with the running sums
  that ``make`` keeps (``evaluate_board`` starts them);
- start a new depth whenever time is left (an unfinished depth whose
  first action is searched counts).

The quiescence and the move ordering ask ``Search._core`` and
``Search._see`` for their own chess shortcuts (noisy moves, the static
exchange, counter-moves).
"""

from __future__ import annotations

from typing import Any

from game.ai.evaluate import chess_eval
from game.engine.chess.evaluation import evaluate_board
from game.engine.chess.state import ChessState
from game.engine.protocol import Result

# A new depth starts on the core while any time is left: 7 in 10 unfinished
# depths get their first action searched (scripts/bench_time_use.py).
NEXT_DEPTH_SHARE = 1.0


class ChessShortcuts:
    """The orthodox chess core's shortcuts for a search of ``seat``."""

    next_depth_share = NEXT_DEPTH_SHARE

    def __init__(self, state: ChessState, seat: int, evaluate: Any) -> None:
        # The chess core's evaluation, called straight, with the end already looked at.
        self.board_eval = evaluate is chess_eval and len(state.bb) == 6
        self.sign = -1.0 if state.game.side_of(seat) == 1 else 1.0
        if self.board_eval:
            evaluate_board(state)  # counts the running sums that make keeps from here

    @staticmethod
    def serves(state: Any) -> bool:
        """Does ``state`` end its games and make its moves as orthodox chess?"""
        return isinstance(state, ChessState) and state._core

    @staticmethod
    def end(state: ChessState) -> Result | None:
        """The result, but mate and stalemate only where the move list
        cannot show them (``result_before_moves``)."""
        return state.result_before_moves()

    @staticmethod
    def moves(state: ChessState) -> list:
        return state.legal_moves()

    def static(self, state: ChessState, low: float, high: float) -> float:
        """The chess evaluation from the searching seat's side, lazy outside
        (``low``, ``high``)."""
        if self.sign > 0:
            return evaluate_board(state, low, high)
        return -evaluate_board(state, -high, -low)
