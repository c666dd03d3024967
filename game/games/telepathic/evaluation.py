"""The computer in Telepathic Chess: a predictor that predicts its partner
by running the partner's own move choice, a mover that plays predictably
for its partner, and a removal that keeps the king safe. Never imports
pygame.

Both partners decide from what their view shows, and the board is all that
the move choice reads (not the secret card), so the predictor, running the
mover's choice on its own view, finds the same kind of piece:

- the mover scores its moves with a short chess search (``level`` moves
  deep, node-bounded, no clock, so the same board always gives the same
  scores) and keeps those within ``MARGIN`` pawns of the best. Among them
  it picks the *focal* kind: the kind with the most such moves (the one a
  partner would bet on), the face-up card's kind counting a little extra
  (if the bet goes wrong it at worst leaves the trophy), ties to the kind of
  the best move. It plays the best move of that kind;
- the predictor lays the card of that focal kind, or the checker when it is
  the face-up card's kind;
- Easy (``level`` 0) predicts as level 1 but moves by its own one-ply,
  wavering hand: it misses what a move hangs, and its partner, betting on
  the team's choice, guesses wrong now and then, as beginners do;
- the losing team removes the least valuable piece whose removal leaves its
  king unattacked (if every removal does, the least valuable piece).

A king left open is taken at once. ``evaluate`` (material, and the trophy
towards one's own end) serves any generic search of the game.
"""

from __future__ import annotations

import math
import random
from typing import Any

from game.ai.evaluate import WIN, declare, make_material_eval, piece_value
from game.ai.search import Limits, OutOfNodes, Search
from game.engine.chess import KIND_NAMES, ChessState, Move
from game.engine.chess.tables import KING
from game.games.chess.rules import ChessGame
from game.games.telepathic.actions import CHECKER, Predict, Remove
from game.games.telepathic.rules import MOVE, PREDICT, REMOVE, own_end

MARGIN = 0.3  # pawns: moves this close to the best are as good for the team
REPEAT_PAWNS = 0.4  # per earlier time a move's position was seen: play on, not round
FACE_UP_BONUS = 0.5  # the face-up kind counts as half a move more: a miss only stays
TROPHY_PAWNS = 0.8  # a trophy place towards one's own end is worth this much
# Per level, so the choice never hangs on the clock.
NODES = {1: 4_000, 2: 20_000, 3: 30_000, 4: 60_000, 5: 80_000}
CHESS = ChessGame()
BOARD_KEY = 12  # the board's part of a position key: pieces, side, castling, en passant

_material = make_material_eval()


def evaluate(state: Any, seat: int, mobility=None, pieces=None) -> float:
    """Material (as in chess) and the trophy, from ``seat``'s side."""
    score = _material(state, seat, mobility, pieces)
    if state.result() is not None:
        return score
    side = state.game.side_of(seat)
    score += TROPHY_PAWNS * state.trophy * own_end(side)
    if state.phase == REMOVE and state.last is not None:
        score += -1.0 if state.last[5] == side else 1.0  # a piece about to go
    return score


declare(evaluate, takes_mobility=True)


def decide(state: Any, seat: int, rng: random.Random, level: int) -> Any:
    """The action of ``seat`` from its view ``state``."""
    if state.phase == REMOVE:
        return removal(state)
    if state.phase == MOVE and level < 1:
        return None  # Easy moves by its own hand (game/ai/shallow.py)
    choice = team_choice(state, max(1, min(5, level)))
    if state.phase == PREDICT:
        up = state.face_up[state.turn]
        return Predict(CHECKER if choice.kind == up else choice.kind)
    if state.phase == MOVE:
        return choice.move
    return None


class Choice:
    """The mover's move and its kind, as both partners work it out."""

    def __init__(self, move: Move, kind: str) -> None:
        self.move, self.kind = move, kind


def kind_of(state: Any, move: Move) -> str:
    return KIND_NAMES[state.kind_at(1 << move.frm)]


def team_choice(state: Any, level: int) -> Choice:
    """The move the side to move's mover plays and its kind: the same from
    the predictor's view before the card as from the mover's view after."""
    moves = list(state.legal_moves())
    king = state.king_square(1 - state.turn)
    takes = sorted((m for m in moves if m.to == king), key=_order)
    if takes:
        return Choice(takes[0], kind_of(state, takes[0]))
    scores = move_scores(state, level)
    best = max(scores.values())
    near = [m for m in moves if scores[m] >= best - MARGIN]
    top = min(near, key=lambda m: (-scores[m], _order(m)))
    up = state.face_up[state.turn]
    weight: dict[str, float] = {}
    for m in near:
        weight[kind_of(state, m)] = weight.get(kind_of(state, m), 0.0) + 1.0
    if up in weight:
        weight[up] += FACE_UP_BONUS
    top_kind = kind_of(state, top)
    focal = max(weight, key=lambda k: (weight[k], k == top_kind, -KIND_NAMES.index(k)))
    move = min(
        (m for m in near if kind_of(state, m) == focal), key=lambda m: (-scores[m], _order(m))
    )
    return Choice(move, focal)


def _order(move: Move) -> tuple:
    return (move.frm, move.to, move.promotion or "")


def move_scores(state: Any, level: int) -> dict[Move, float]:
    """Each legal move's score in pawns for the side to move: a chess search
    ``level`` moves deep on the board alone (no cards, no trophy), every
    move searched with a window that keeps the near-best exact (the others
    fail low at once).
    The deepest level finished within the node budget counts."""
    board = ChessState(CHESS, " ".join(state.to_text().split()[:6]))
    side = board.turn
    moves = list(state.legal_moves())
    search = Search(side, Limits(level, math.inf, math.inf, NODES[level]), random.Random(0))
    scores = {m: 0.0 for m in moves}
    for depth in range(1, level + 1):
        found: dict[Move, float] = {}
        best = -math.inf
        try:
            # Best first; a move that cannot come within MARGIN of the best so
            # far fails low at once, the near-best get their exact scores.
            for m in sorted(moves, key=lambda m: (-scores[m], _order(m))):
                # Through the search's own step, so its running evaluation
                # sums follow the move (a bare copy would keep the root's).
                alpha = best - MARGIN - 0.01
                v = search.action_value(board, m, depth - 1, alpha)
                found[m] = v
                best = max(best, v)
        except OutOfNodes:
            break
        scores = {m: max(-WIN, min(WIN, v)) for m, v in found.items()}
    seen = [key[:BOARD_KEY] for key in state.repetition.keys]
    for m in moves:
        board.push(m)
        again = seen.count(board.position_key()[:BOARD_KEY])
        board.pop()
        scores[m] -= REPEAT_PAWNS * again
    return scores


def removal(state: Any) -> Remove:
    """The least valuable piece whose removal leaves the king unattacked."""
    loser = state.last[5]
    options = sorted(
        state.legal_actions(state.seat_to_act()),
        key=lambda a: (piece_value(state.piece_at(a.square).kind), a.square),
    )
    for action in options:
        if not _exposes(state, loser, action.square):
            return action
    return options[0]


def _exposes(state: Any, side: int, sq: int) -> bool:
    board = state.copy()
    bit = 1 << sq
    for k in range(6):
        board.bb[k] &= ~bit
    board.occ[side] &= ~bit
    king = board.bb[KING] & board.occ[side]
    return bool(king) and board.king_attacked(side)
