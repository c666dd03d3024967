"""Evaluation for Two Move Chess: material, centre and mobility as in
chess, plus the danger to each king. Most games end with a card making two
moves to take the king, so a king that an enemy piece attacks now, or
could attack after one move of its own, is in danger (the cards decide
whether the threat comes true, so it is a share of the game, not all of
it). Never imports pygame."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.evaluate import declare, make_material_eval
from game.engine.board import bits
from game.engine.chess.tables import BISHOP, GEO, KING, KNIGHT, KNIGHT_ATT, QUEEN, ROOK

ATTACKED = 6.0  # pawns: an enemy piece attacks the king now
IN_TWO = 2.5  # an enemy piece attacks it after one move of its own
MOST = 12.0  # the danger to one king counts at most this much

_base = make_material_eval()


def _reach(kind: int, sq: int, occ: int) -> int:
    if kind == KNIGHT:
        return KNIGHT_ATT[sq]
    if kind == BISHOP:
        return GEO.bishop_attacks(sq, occ)
    if kind == ROOK:
        return GEO.rook_attacks(sq, occ)
    if kind == QUEEN:
        return GEO.rook_attacks(sq, occ) | GEO.bishop_attacks(sq, occ)
    return GEO.king[sq]


def king_danger(state: Any, side: int) -> float:
    """How much the enemy's pieces threaten ``side``'s king, in pawns."""
    king = state.king_square(side)
    if king is None:
        return 0.0
    enemy = 1 - side
    occ = state.occ[0] | state.occ[1]
    danger = ATTACKED * bin(state.attackers(enemy, king)).count("1")
    for kind in (KNIGHT, BISHOP, ROOK, QUEEN, KING):
        pieces = state.bb[kind] & state.occ[enemy]
        if not pieces:
            continue
        towards = _reach(kind, king, occ)  # where this kind would attack the king from
        for sq in bits(pieces):
            if _reach(kind, sq, occ) & towards & ~state.occ[enemy]:
                danger += IN_TWO
    return min(danger, MOST)


def evaluate(
    state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
) -> float:
    score = _base(state, seat, mobility, pieces)
    if state.result() is not None:
        return score
    mine = state.game.side_of(seat)
    return score - king_danger(state, mine) + king_danger(state, 1 - mine)


declare(evaluate, takes_mobility=True)
