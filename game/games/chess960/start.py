"""Chess960 start positions: by Scharnagl number and by the card deal.

Rules facts from the Chess Kit chapter: bishops on opposite colours, the
king between the rooks, Black mirrors White; 960 such positions.
"""

from __future__ import annotations

import random

# Where the two knights go among the five squares left after the bishops and
# the queen, indexed by the knight digit of the Scharnagl number.
KNIGHT_PAIRS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))


def rank_of_number(number: int) -> str:
    """White's back rank, a to h, for start position ``number`` (518 = RNBQKBNR)."""
    if not 0 <= number <= 959:
        raise ValueError(f"Chess960 positions are numbered 0 to 959, not {number}")
    rank: list[str | None] = [None] * 8
    number, light = divmod(number, 4)
    rank[2 * light + 1] = "B"
    number, dark = divmod(number, 4)
    rank[2 * dark] = "B"
    number, queen = divmod(number, 6)
    _place(rank, queen, "Q")
    first, second = KNIGHT_PAIRS[number]
    empties = [i for i, p in enumerate(rank) if p is None]
    rank[empties[first]] = rank[empties[second]] = "N"
    for letter, sq in zip("RKR", [i for i, p in enumerate(rank) if p is None], strict=True):
        rank[sq] = letter
    return "".join(rank)  # type: ignore[arg-type]


def _place(rank: list, nth_empty: int, letter: str) -> None:
    empties = [i for i, p in enumerate(rank) if p is None]
    rank[empties[nth_empty]] = letter


def number_of_rank(rank: str) -> int:
    """The Scharnagl number of a back rank; ValueError if it is not a 960 start."""
    for number in range(960):
        if rank_of_number(number) == rank:
            return number
    raise ValueError(f"{rank!r} is not a Chess960 start position")


def card_deal_rank(rng: random.Random) -> str:
    """The book's card method: bishops split between two piles of four, the
    piles dealt alternately onto the files, then a king outside its rooks
    swaps with the nearer rook."""
    others = list("NNRRQK")
    rng.shuffle(others)
    piles = [others[:3] + ["B"], others[3:] + ["B"]]
    for pile in piles:
        rng.shuffle(pile)
    rank = [piles[i % 2][i // 2] for i in range(8)]
    king = rank.index("K")
    rooks = [i for i, p in enumerate(rank) if p == "R"]
    if all(r < king for r in rooks) or all(r > king for r in rooks):
        nearest = min(rooks, key=lambda r: abs(r - king))
        rank[king], rank[nearest] = rank[nearest], rank[king]
    return "".join(rank)
