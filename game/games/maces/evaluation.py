"""Evaluation for Maces and Horse-apults and for the Tulpas game.

Material (the shared PIECE_VALUES: mace 3.5, horse-apult 4, amazon 12...),
plus what the Maces make urgent:

- a piece standing next to an enemy Mace that is free to swing is mostly
  lost when that side moves next (the swing is free and compulsory), and a
  king there loses the game;
- a king with an enemy Mace two steps away or an enemy Horse-apult next to it
  (which can throw the king next to a Mace) is in danger;
- a Tulpa not yet created is worth a share of its value (the card duel makes
  it likely sooner or later).

Never imports pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.ai.evaluate import PIECE_VALUES, WIN, declare, team_of, terminal_value

VALUES: dict[str, float] = dict(PIECE_VALUES)
VALUES.update({"tulpa_mace": 3.5, "king": 0.0})

MACES = ("mace", "tulpa_mace")
HANGING = 0.6  # share of a piece's value lost next to a free enemy Mace, enemy to act
HANGING_LATER = 0.15  # the same when its owner moves first and may step away
KING_NEXT_TO_MACE = 40.0  # the enemy to act: practically lost
KING_MACE_NEAR = 1.2  # an enemy Mace two steps from the king
KING_APULT_NEAR = 0.8  # an enemy Horse-apult next to the king
TULPA_HAND_SHARE = 0.35
CENTRE_WEIGHT = 0.03
MOBILITY_WEIGHT = 0.01

_WIDTH = 10


def _dist(a: int, b: int) -> int:
    return max(abs(a % _WIDTH - b % _WIDTH), abs(a // _WIDTH - b // _WIDTH))


def _centre(sq: int) -> float:
    f, r = sq % _WIDTH, sq // _WIDTH
    return 4.5 - max(abs(f - 4.5), abs(r - 4.5))


# Per square, as bitboards: its neighbours, and the squares two king steps
# away; and its centralisation bonus. Read once, so evaluating builds nothing.
_NEAR = tuple(sum(1 << t for t in range(100) if _dist(sq, t) == 1) for sq in range(100))
_RING2 = tuple(sum(1 << t for t in range(100) if _dist(sq, t) == 2) for sq in range(100))
_CENTRE_BONUS = tuple(CENTRE_WEIGHT * _centre(sq) for sq in range(100))
_CENTRAL_KINDS = frozenset(("pawn", "knight", "wild_ox", "archer", "spider"))


def evaluate(
    state: Any,
    seat: int,
    mobility: Mapping[int, int] | None = None,
    pieces: dict | None = None,
) -> float:
    result = state.result()
    if result is not None:
        return terminal_value(result, seat, team_of(state, seat))
    if pieces is None:
        pieces = state.pieces()
    # Who swings next: the mover's Maces swing at the end of its own turn.
    to_act = state.turn
    material, maces, apults, kings, webs = _census(pieces)
    score = _threats(pieces, to_act, maces, kings, webs)
    values = VALUES.get
    for owner in (0, 1):
        king = kings[owner]
        if king is not None and maces[1 - owner]:
            near = _NEAR[king]
            count = sum(1 for a in apults[1 - owner] if near >> a & 1)
            score[owner] -= KING_APULT_NEAR * count
    hands = getattr(state, "hands", None)
    if hands is not None:
        for owner in (0, 1):
            material[owner] += TULPA_HAND_SHARE * sum(values(k, 3.0) for k in hands[owner])
    total = material[seat] - material[1 - seat] + score[seat] - score[1 - seat]
    if mobility and len(mobility) > 1 and seat in mobility:
        others = [n for s, n in mobility.items() if s != seat]
        total += MOBILITY_WEIGHT * (mobility[seat] - sum(others) / len(others))
    return max(-WIN / 2, min(WIN / 2, total))


declare(evaluate, takes_mobility=True)


def _census(pieces: Mapping[int, Any]) -> tuple:
    """Per side: material (with the centre bonus), its Maces, Horse-apults
    and king, and the squares next to its Spiders."""
    material = [0.0, 0.0]
    maces: list[list[int]] = [[], []]
    apults: list[list[int]] = [[], []]
    kings: list[int | None] = [None, None]
    webs = [0, 0]  # the squares next to each side's Spiders
    values = VALUES.get
    for sq, (owner, kind) in pieces.items():
        material[owner] += values(kind, 3.0)
        if kind in MACES:
            maces[owner].append(sq)
        elif kind == "horse_apult":
            apults[owner].append(sq)
        elif kind == "king":
            kings[owner] = sq
        elif kind == "spider":
            webs[owner] |= _NEAR[sq]
        if kind in _CENTRAL_KINDS:
            material[owner] += _CENTRE_BONUS[sq]
    return material, maces, apults, kings, webs


def _threats(pieces: Mapping[int, Any], to_act: int, maces, kings, webs) -> list[float]:
    """Per side, what the enemy Maces threaten: its pieces in their reach
    (the more when they swing next) and Maces two steps from its king."""
    score = [0.0, 0.0]
    values = VALUES.get
    for owner in (0, 1):
        enemy = 1 - owner
        web = webs[owner]  # an enemy Mace next to our Spider is frozen
        reach = near2 = 0
        for m in maces[enemy]:
            if not web >> m & 1:
                reach |= _NEAR[m]
                near2 |= 1 << m
        if not near2:
            continue
        share = HANGING if to_act == enemy else HANGING_LATER
        for sq, (o, kind) in pieces.items():
            if o != owner or not reach >> sq & 1:
                continue
            if kind == "king":
                score[owner] -= KING_NEXT_TO_MACE if to_act == enemy else 2.0
            else:
                score[owner] -= share * values(kind, 3.0)
        king = kings[owner]
        if king is not None:
            score[owner] -= KING_MACE_NEAR * (_RING2[king] & near2).bit_count()
    return score
