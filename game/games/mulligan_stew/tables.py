"""The board of Mulligan Stew Chess and what never changes on it: the
6 x 7 geometry, the piece letters, the square colours that decide the parts
of a turn, and per-square move tables. Imported by every other module of
the game; imports none of them."""

from __future__ import annotations

from collections.abc import Iterable

from game.engine.board import DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL, geometry
from game.engine.grid import LetterTable
from game.engine.pieces import PieceKind, register_kind

WHITE, BLACK = 0, 1
LIGHT, DARK = 0, 1
PART_NAMES = ("light", "dark")

GEO = geometry(6, 7)
W, H = GEO.width, GEO.height

LETTERS = LetterTable(
    {
        "K": "king",
        "Q": "queen",
        "R": "rook",
        "C": "cardinal",
        "A": "assassin",
        "M": "mage",
        "P": "pawn",
    }
)
# Pool and hand order in the position text and in the widgets.
POOL_ORDER = ("queen", "rook", "cardinal", "assassin", "mage")
POOLABLE = frozenset(POOL_ORDER)

START_TEXT = "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1"

# Fifty moves by each side, each of two parts, without a capture or a pawn
# move: a draw (counted in parts, see the rule sheet).
CLOCK_LIMIT = 200

register_kind(PieceKind("assassin", "A", 3.5))
register_kind(
    PieceKind("cardinal", "C", 7.0, leaps=KNIGHT_LEAPS, rides=("diagonal", "antidiagonal"))
)
register_kind(PieceKind("mage", "M", 3.0, leaps=KING_STEPS))


def _targets(offsets) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(GEO.size):
        out.append(tuple(t for df, dr in offsets if (t := GEO.offset(sq, df, dr)) is not None))
    return tuple(out)


FERZ = _targets(DIAGONAL)
DABBABA = _targets(tuple((2 * df, 2 * dr) for df, dr in ORTHOGONAL))
KING_TARGETS = tuple(a + b for a, b in zip(FERZ, DABBABA, strict=True))
STEP8 = _targets(KING_STEPS)
KNIGHT = _targets(KNIGHT_LEAPS)
# The Mage swaps with anything 1 to 3 squares away along the eight lines.
SWAP_REACH = _targets(tuple((k * df, k * dr) for df, dr in KING_STEPS for k in (1, 2, 3)))
# Assassin captures: (target, square in between or None).
ASSASSIN_HITS = tuple(
    tuple(
        (t, m)
        for df, dr in DIAGONAL
        for k, m in ((1, None), (2, GEO.offset(sq, df, dr)))
        if (t := GEO.offset(sq, k * df, k * dr)) is not None
    )
    for sq in range(GEO.size)
)
IS_LIGHT = tuple(GEO.is_light(sq) for sq in range(GEO.size))
COLOUR_SQUARES = (
    tuple(sq for sq in range(GEO.size) if IS_LIGHT[sq]),
    tuple(sq for sq in range(GEO.size) if not IS_LIGHT[sq]),
)
LAST_RANK = (H - 1, 0)  # the rank a pawn of each seat promotes on
FORWARD = (1, -1)
SLIDES = {
    "rook": ("rank", "file"),
    "queen": ("rank", "file", "diagonal", "antidiagonal"),
    "cardinal": ("diagonal", "antidiagonal"),
}


def part_of_square(sq: int) -> int:
    """The part of the turn a piece on ``sq`` (at the start of a turn) moves in."""
    return LIGHT if IS_LIGHT[sq] else DARK


def sorted_pool(kinds: Iterable[str]) -> tuple[str, ...]:
    """Pool or hand contents in the fixed order of POOL_ORDER."""
    order = {k: i for i, k in enumerate(POOL_ORDER)}
    return tuple(sorted(kinds, key=lambda k: order.get(k, len(order))))
