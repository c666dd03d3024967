"""Which pieces attack which, as the pieces stand: what the evaluation and
the partner's planner both weigh against the line of cards."""

from __future__ import annotations

from typing import Any

from game.engine.board import bits
from game.engine.cards import Card
from game.engine.chess.tables import (
    GEO,
    KIND_NAMES,
    KING,
    KING_ATT,
    KNIGHT,
    KNIGHT_ATT,
    PAWN,
    PAWN_ATTACKS,
    QUEEN,
    ROOK,
)


def attacks_from(state: Any, side: int) -> list[tuple[int, Card, int, Card]]:
    """(from, card like the attacker, to, card like the victim) for every
    attack of a piece of ``side`` on an enemy piece, as the pieces stand."""
    bb, occ = state.bb, state.occ
    every = occ[0] | occ[1]
    enemy = occ[1 - side]
    out = []
    for kind in range(6):
        for sq in bits(bb[kind] & occ[side]):
            if kind == PAWN:
                hit = PAWN_ATTACKS[side][sq]
            elif kind == KNIGHT:
                hit = KNIGHT_ATT[sq]
            elif kind == KING:
                hit = KING_ATT[sq]
            else:
                hit = 0
                if kind != ROOK:
                    hit |= GEO.bishop_attacks(sq, every)
                if kind in (ROOK, QUEEN):
                    hit |= GEO.rook_attacks(sq, every)
            hit &= enemy
            if not hit:
                continue
            mine = Card(side, KIND_NAMES[kind])
            for to in bits(hit):
                out.append((sq, mine, to, Card(1 - side, KIND_NAMES[state.kind_at(1 << to)])))
    return out
