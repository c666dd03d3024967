"""The board of Tulaga: the 9 x 9 points of a chessboard (the corners of its
8 x 8 squares, edges included), named a1..i9 like squares, and the tables
the rules and the bots share: perimeters and ring centres, reap paths, rows
of five. Never imports pygame."""

from __future__ import annotations

from game.engine.board import bits, geometry

GEO = geometry(9, 9)
SIZE = GEO.size

#: Reap directions: name -> (file step, rank step). North is towards rank 9.
DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
#: The four lines a row can lie on, one direction each.
LINE_STEPS = ((1, 0), (0, 1), (1, 1), (1, -1))


def _walk(p: int, df: int, dr: int) -> tuple[int, ...]:
    out = []
    q = GEO.offset(p, df, dr)
    while q is not None:
        out.append(q)
        q = GEO.offset(q, df, dr)
    return tuple(out)


#: Per point, the bitboard of the (up to) 8 points around it: its perimeter.
RING: tuple[int, ...] = GEO.king
#: The points that can be a ring's centre: those with all 8 perimeter points
#: on the board, so none on the edge (a bitboard).
CENTRES: int = sum(1 << p for p in range(SIZE) if RING[p].bit_count() == 8)
#: Per point, the centres next to it: the rings a stone there can be part of.
RING_CENTRES: tuple[tuple[int, ...], ...] = tuple(
    tuple(c for c in bits(RING[p]) if CENTRES >> c & 1) for p in range(SIZE)
)
#: Per point, per reap direction, the points from it (exclusive) to the edge.
PATHS: tuple[dict[str, tuple[int, ...]], ...] = tuple(
    {d: _walk(p, *step) for d, step in DIRECTIONS.items()} for p in range(SIZE)
)


def _windows() -> tuple[int, ...]:
    """Every five points in a row on the board, as bitboards (for bots)."""
    out = []
    for p in range(SIZE):
        for df, dr in LINE_STEPS:
            pts = [p]
            for _ in range(4):
                q = GEO.offset(pts[-1], df, dr)
                if q is None:
                    break
                pts.append(q)
            if len(pts) == 5:
                out.append(sum(1 << q for q in pts))
    return tuple(out)


#: All 140 rows of five points.
WINDOWS: tuple[int, ...] = _windows()


def names(points) -> str:
    return ",".join(GEO.name(p) for p in points)


def points_of(text: str) -> tuple[int, ...]:
    return tuple(sorted(GEO.square(t) for t in text.split(",") if t.strip()))
