"""What the search does differently on the orthodox chess core, in one
object the search asks (``Search._chess``; None on every other game).

A class of the chess core that keeps every fast path (``ChessState._core``:
orthodox moves, plain turns, orthodox ends) lets the search

- look for the end before listing the moves without looking for mate and
  stalemate (``result_before_moves``): the empty move list shows them;
- list the moves straight (``legal_moves``);
- call the chess evaluation straight and lazily (material and tables
  alone where they lie far outside the window), with its running sums
  (material and piece-square tables with the game phase) kept here as the
  search goes (the search appends ``sums_after`` before each move and pops
  it after): the squares a move changes, not a recount;
- start a new depth whenever time is left (an unfinished depth whose
  first action is searched counts).

The quiescence and the move ordering ask ``Search._core`` and
``Search._see`` for their own chess shortcuts (noisy moves, the static
exchange, counter-moves).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.ai.evaluate import chess_eval
from game.engine.chess.evaluation import (
    PHASE_WEIGHTS,
    PST_EG,
    PST_EG_BLACK,
    PST_MG,
    PST_MG_BLACK,
    evaluate_board,
    material_pst,
)
from game.engine.chess.state import ChessState
from game.engine.chess.tables import KIND_INDEX, KING, PAWN, ROOK, WHITE, Move, W, castle_squares
from game.engine.protocol import Result

Sums = tuple[float, float, int]  # (mg, eg, phase): the evaluation's material and tables

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
        # The running sums, one entry per move made on the path from the root.
        self.sums: list[Sums] = []
        if self.board_eval:
            self.sums.append(material_pst(state.bb, state.occ[0], state.occ[1]))
            evaluate_board(state, base=self.sums[0])

    @staticmethod
    def serves(state: Any) -> bool:
        """Does ``state`` end its games and make its moves as orthodox chess?"""
        return isinstance(state, ChessState) and state._core

    # The result, but mate and stalemate only where the move list cannot
    # show them; and the move list (the functions themselves: no call between).
    end: Callable[[ChessState], Result | None] = staticmethod(ChessState.result_before_moves)
    moves: Callable[[ChessState], list[Move]] = staticmethod(ChessState.legal_moves)

    def restart(self, state: ChessState) -> None:
        """The running sums counted afresh, for a search from ``state``."""
        self.sums[:] = [material_pst(state.bb, state.occ[0], state.occ[1])]

    def static(self, state: ChessState, low: float, high: float) -> float:
        """The chess evaluation from the searching seat's side, lazy outside
        (``low``, ``high``)."""
        if self.sign > 0:
            return evaluate_board(state, low, high, self.sums[-1])
        return -evaluate_board(state, -high, -low, self.sums[-1])


def sums_after(board: ChessState, move: Move, sums: Sums) -> Sums:
    """The evaluation's (mg, eg, phase) of material and piece-square tables
    (White's side) after ``move`` on ``board``, from ``sums`` before it: the
    squares the move changes, not a recount (called before the move)."""
    us = board.turn
    frm, to = move.frm, move.to
    occ = board.occ
    frm_bit, to_bit = 1 << frm, 1 << to
    kind = board.kind_at(frm_bit)
    if us == WHITE:
        own_mg, own_eg, sign = PST_MG, PST_EG, 1.0
        their_mg, their_eg = PST_MG_BLACK, PST_EG_BLACK
    else:
        own_mg, own_eg, sign = PST_MG_BLACK, PST_EG_BLACK, -1.0
        their_mg, their_eg = PST_MG, PST_EG
    mg, eg, phase = sums
    if kind == KING and occ[us] & to_bit:  # castling: king onto own rook
        king_to, rook_to = castle_squares(us, frm, to)
        king_mg, king_eg, rook_mg, rook_eg = (
            own_mg[KING],
            own_eg[KING],
            own_mg[ROOK],
            own_eg[ROOK],
        )
        dm = king_mg[king_to] - king_mg[frm] + rook_mg[rook_to] - rook_mg[to]
        de = king_eg[king_to] - king_eg[frm] + rook_eg[rook_to] - rook_eg[to]
        return mg + sign * dm, eg + sign * de, phase
    new = KIND_INDEX[move.promotion] if move.promotion else kind
    dm = own_mg[new][to] - own_mg[kind][frm]
    de = own_eg[new][to] - own_eg[kind][frm]
    phase += PHASE_WEIGHTS[new] - PHASE_WEIGHTS[kind]
    if occ[1 - us] & to_bit:
        victim = board.kind_at(to_bit)
        dm += their_mg[victim][to]
        de += their_eg[victim][to]
        phase -= PHASE_WEIGHTS[victim]
    elif kind == PAWN and to == board.ep:
        taken = to - W if us == WHITE else to + W
        dm += their_mg[PAWN][taken]
        de += their_eg[PAWN][taken]
    return mg + sign * dm, eg + sign * de, phase
