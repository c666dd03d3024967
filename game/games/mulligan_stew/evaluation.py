"""Evaluation for Mulligan Stew Chess.

Material: pawn 1, assassin 3.5, mage 3, rook 5, cardinal 7, queen 9, and each
king 10 (losing one is serious but not the end; the search sees the end).
Also counted:

- the Mage still in hand, at its full value (it comes in anywhere);
- the promotion pool: a share of each piece in it while the side has pawns
  left to promote, and most of the best pool piece for a pawn already
  waiting on its last rank;
- pawn advancement, a little per rank;
- the last king: an enemy Mage within swapping reach of it (three squares
  along a line) with an enemy rook, queen or cardinal about is the game's
  signature kill (swap in the light part, take in the dark part), so it
  costs a good deal.

Never imports pygame.
"""

from __future__ import annotations

from typing import Any

from game.ai.evaluate import team_of, terminal_value

VALUES: dict[str, float] = {
    "pawn": 1.0,
    "assassin": 3.5,
    "mage": 3.0,
    "rook": 5.0,
    "cardinal": 7.0,
    "queen": 9.0,
    "king": 10.0,
}
HAND_VALUE = 3.2  # a Mage in hand: a little more than on the board (free choice of square)
POOL_SHARE = 0.15  # of a pool piece's value while pawns are left
WAITING_SHARE = 0.8  # of the best pool piece for a pawn on its last rank
ADVANCE = 0.08  # per rank a pawn has advanced
LAST_KING_DANGER = 4.0  # an enemy Mage can fetch the last king for a slider

WIDTH, HEIGHT = 6, 7
LAST_RANK = (HEIGHT - 1, 0)


def _swap_reach(sq: int) -> set[int]:
    f, r = sq % WIDTH, sq // WIDTH
    out = set()
    for df in (-1, 0, 1):
        for dr in (-1, 0, 1):
            if df == dr == 0:
                continue
            for k in (1, 2, 3):
                ff, rr = f + k * df, r + k * dr
                if 0 <= ff < WIDTH and 0 <= rr < HEIGHT:
                    out.add(rr * WIDTH + ff)
    return out


SWAP_REACH = [_swap_reach(sq) for sq in range(WIDTH * HEIGHT)]


def evaluate(state: Any, seat: int) -> float:
    result = state.result()
    if result is not None:
        return terminal_value(result, seat, team_of(state, seat))
    scores = [0.0, 0.0]
    pawns = [0, 0]
    waiting = [0, 0]
    mages: list[list[int]] = [[], []]
    heavy = [0, 0]
    kings: list[list[int]] = [[], []]
    for sq, piece in enumerate(state.board):
        if piece is None:
            continue
        owner, kind = piece.side, piece.kind
        scores[owner] += VALUES.get(kind, 3.0)
        if kind == "pawn":
            rank = sq // WIDTH
            if rank == LAST_RANK[owner]:
                waiting[owner] += 1
            else:
                pawns[owner] += 1
                scores[owner] += ADVANCE * (rank - 1 if owner == 0 else HEIGHT - 2 - rank)
        elif kind == "mage":
            mages[owner].append(sq)
        elif kind == "king":
            kings[owner].append(sq)
        elif kind in ("rook", "queen", "cardinal"):
            heavy[owner] += 1
    for owner in (0, 1):
        scores[owner] += HAND_VALUE * len(state.hands[owner])
        pool = [VALUES.get(k, 3.0) for k in state.pools[owner]]
        if pool:
            if pawns[owner]:
                scores[owner] += POOL_SHARE * sum(pool)
            if waiting[owner]:
                scores[owner] += WAITING_SHARE * max(pool) * min(waiting[owner], len(pool))
        if len(kings[owner]) == 1 and heavy[1 - owner]:
            enemy = 1 - owner
            king = kings[owner][0]
            if any(king in SWAP_REACH[m] for m in mages[enemy]):
                scores[owner] -= LAST_KING_DANGER
    return scores[seat] - scores[1 - seat]
