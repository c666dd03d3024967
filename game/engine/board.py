"""Rectangular boards up to 12 x 12: square names, colours and precomputed
attack tables on bitboards (Python ints, bit ``sq`` for square ``sq``).

``sq = rank * width + file``; rank 0 is White's first rank, file 0 is "a".
a1 is dark on every board. Tables are built once per board size.
"""

from __future__ import annotations

from functools import cache

FILES = "abcdefghijkl"

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (-1, -1), (1, -1), (-1, 1))
KING_STEPS = ORTHOGONAL + DIAGONAL
KNIGHT_LEAPS = ((1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2))

# The four lines a slider can ride, each as its two directions.
LINES = {
    "rank": ((1, 0), (-1, 0)),
    "file": ((0, 1), (0, -1)),
    "diagonal": ((1, 1), (-1, -1)),
    "antidiagonal": ((1, -1), (-1, 1)),
}


def bits(bb: int):
    """The squares of a bitboard, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


class Geometry:
    """One board size and everything precomputed for it. Use ``geometry()``."""

    def __init__(self, width: int, height: int):
        if not (1 <= width <= 12 and 1 <= height <= 12):
            raise ValueError(f"boards go up to 12 x 12, not {width} x {height}")
        self.width = width
        self.height = height
        self.size = width * height
        self.all = (1 << self.size) - 1
        self.rank_masks = tuple(
            sum(1 << (r * width + f) for f in range(width)) for r in range(height)
        )
        self.file_masks = tuple(
            sum(1 << (r * width + f) for r in range(height)) for f in range(width)
        )
        self._leap_cache: dict[tuple, tuple[int, ...]] = {}
        self.light = sum(1 << sq for sq in range(self.size) if self.is_light(sq))
        self.knight = self.leap_table(KNIGHT_LEAPS)
        self.king = self.leap_table(KING_STEPS)
        self._lines: dict[str, tuple[tuple[int, dict[int, int]], ...]] | None = None

    # -- names ---------------------------------------------------------------
    def name(self, sq: int) -> str:
        return f"{FILES[sq % self.width]}{sq // self.width + 1}"

    def square(self, name: str) -> int:
        """The square named ``name`` ("e4"); ValueError if off the board."""
        name = name.strip().lower()
        if len(name) < 2 or name[0] not in FILES[: self.width] or not name[1:].isdigit():
            raise ValueError(f"{name!r} is not a square of this board")
        rank = int(name[1:]) - 1
        if not 0 <= rank < self.height:
            raise ValueError(f"{name!r} is not a square of this board")
        return rank * self.width + FILES.index(name[0])

    def file_of(self, sq: int) -> int:
        return sq % self.width

    def rank_of(self, sq: int) -> int:
        return sq // self.width

    def is_light(self, sq: int) -> bool:
        return (sq % self.width + sq // self.width) % 2 == 1

    def offset(self, sq: int, df: int, dr: int) -> int | None:
        """The square ``df`` files and ``dr`` ranks away, or None off the board."""
        f, r = sq % self.width + df, sq // self.width + dr
        if 0 <= f < self.width and 0 <= r < self.height:
            return r * self.width + f
        return None

    # -- tables ----------------------------------------------------------------
    def leap_table(self, offsets) -> tuple[int, ...]:
        """For each square, the bitboard of squares one of ``offsets`` away."""
        key = tuple(offsets)
        cached = self._leap_cache.get(key)
        if cached is not None:
            return cached
        table = []
        for sq in range(self.size):
            bb = 0
            for df, dr in offsets:
                to = self.offset(sq, df, dr)
                if to is not None:
                    bb |= 1 << to
            table.append(bb)
        self._leap_cache[key] = tuple(table)
        return self._leap_cache[key]

    def ray(self, sq: int, df: int, dr: int, occupied: int = 0, limit: int = 99) -> int:
        """Squares from ``sq`` (exclusive) in one direction up to and including
        the first occupied one, at most ``limit`` steps."""
        bb = 0
        to = self.offset(sq, df, dr)
        while to is not None and limit > 0:
            bb |= 1 << to
            if occupied >> to & 1:
                break
            to = self.offset(to, df, dr)
            limit -= 1
        return bb

    def between(self, a: int, b: int) -> int:
        """Squares strictly between two squares on a common line, else 0."""
        return self._between()[a][b]

    @cache  # noqa: B019 - one Geometry per size lives for the whole run
    def _between(self) -> tuple[tuple[int, ...], ...]:
        rows = []
        for a in range(self.size):
            row = [0] * self.size
            for directions in LINES.values():
                for df, dr in directions:
                    path = 0
                    to = self.offset(a, df, dr)
                    while to is not None:
                        row[to] = path
                        path |= 1 << to
                        to = self.offset(to, df, dr)
            rows.append(tuple(row))
        return tuple(rows)

    @property
    def lines(self) -> dict[str, tuple[tuple[int, dict[int, int]], ...]]:
        """Per line kind, per square: (inner mask, {blockers: attacks}).

        The edge squares of a line never block anything beyond themselves, so
        the key leaves them out; this keeps 10 x 10 and 12 x 12 tables small.
        """
        if self._lines is None:
            self._lines = {kind: self._line_table(dirs) for kind, dirs in LINES.items()}
        return self._lines

    def _line_table(
        self, directions: tuple[tuple[int, int], tuple[int, int]]
    ) -> tuple[tuple[int, dict[int, int]], ...]:
        table = []
        for sq in range(self.size):
            inner = 0
            for df, dr in directions:
                path = self.ray(sq, df, dr)
                last = self._last_on_ray(sq, df, dr)
                inner |= path & ~(1 << last if last is not None else 0)
            attacks = {}
            subset = 0
            while True:  # every subset of ``inner`` (carry-rippler)
                attacks[subset] = self.ray(sq, *directions[0], subset) | self.ray(
                    sq, *directions[1], subset
                )
                subset = (subset - inner) & inner
                if subset == 0:
                    break
            table.append((inner, attacks))
        return tuple(table)

    def _last_on_ray(self, sq: int, df: int, dr: int) -> int | None:
        last = None
        to = self.offset(sq, df, dr)
        while to is not None:
            last = to
            to = self.offset(to, df, dr)
        return last

    def slide(self, kind: str, sq: int, occupied: int) -> int:
        inner, attacks = self.lines[kind][sq]
        return attacks[occupied & inner]

    def rook_attacks(self, sq: int, occupied: int) -> int:
        lines = self.lines
        r_inner, r_att = lines["rank"][sq]
        f_inner, f_att = lines["file"][sq]
        return r_att[occupied & r_inner] | f_att[occupied & f_inner]

    def bishop_attacks(self, sq: int, occupied: int) -> int:
        lines = self.lines
        d_inner, d_att = lines["diagonal"][sq]
        a_inner, a_att = lines["antidiagonal"][sq]
        return d_att[occupied & d_inner] | a_att[occupied & a_inner]


@cache
def geometry(width: int, height: int) -> Geometry:
    return Geometry(width, height)


def parse_diagram(text: str, width: int | None = None) -> list[list[str]]:
    """Rows of a text diagram, top rank first: one token per square, "." or
    "-" for empty. Tokens are single characters unless separated by spaces."""
    rows = []
    for line in text.strip().splitlines():
        line = line.strip()
        if not line:
            continue
        cells = line.split() if " " in line else list(line)
        rows.append(cells)
    if width is not None and any(len(r) != width for r in rows):
        raise ValueError(f"every diagram row needs {width} squares")
    return rows


def board_field(diagram: str, width: int) -> str:
    """The board field of a FEN (ranks top first, runs of empty squares as
    numbers) from a text diagram, for any board width."""
    rows = []
    for cells in parse_diagram(diagram, width=width):
        row, empty = "", 0
        for cell in cells:
            if cell in ".-":
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += cell
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)
