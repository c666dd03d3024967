"""The graves of Zombie Chess and what each player knows of the other's.

``graves[b]`` is burier ``b``'s secret chart: square -> (letter of the buried
piece, stamp). The stamp counts burials (the ``digs`` of the game) and orders
the graves seen. A view blanks the opponent's chart (None, written "?").

``seen[b]`` is what everybody knows of ``b``'s graves: one entry per grave
still in the ground, (letter, stamp, the squares it may be on). A grave may be
under any piece ``b`` had when it was dug; a piece moving off a square with
nothing rising rules that square out; a piece of some kind rising takes one
entry of that kind away (when several could be it, the rest may lie on any
square any of them could). ``fill`` draws a chart that agrees with ``seen``.
"""

from __future__ import annotations

import random

from game.engine.chess import GEO

Grave = tuple[str, int]  # letter (upper case), stamp
Seen = tuple[str, int, frozenset[int]]


def chart_text(chart: dict[int, Grave] | None) -> str:
    if chart is None:
        return "?"
    return (
        ",".join(f"{GEO.name(sq)}={letter}{stamp}" for sq, (letter, stamp) in sorted(chart.items()))
        or "-"
    )


def read_chart(field: str) -> dict[int, Grave] | None:
    if field == "?":
        return None
    if field == "-":
        return {}
    out: dict[int, Grave] = {}
    for item in field.split(","):
        name, eq, value = item.partition("=")
        if not eq or len(value) < 2 or value[0] not in "PNBRQ" or not value[1:].isdigit():
            raise ValueError(f"a grave is written square=letter stamp, like b2=P3, not {item!r}")
        sq = GEO.square(name)
        if sq in out:
            raise ValueError(f"two graves of one player on {name}")
        out[sq] = (value[0], int(value[1:]))
    return out


def seen_text(seen: list[Seen]) -> str:
    parts = []
    for letter, stamp, squares in seen:
        names = ".".join(GEO.name(sq) for sq in sorted(squares))
        parts.append(f"{letter}{stamp}:{names}")
    return ";".join(parts) or "-"


def read_seen(field: str) -> list[Seen]:
    if field == "-":
        return []
    out: list[Seen] = []
    for item in field.split(";"):
        head, colon, names = item.partition(":")
        if not colon or len(head) < 2 or head[0] not in "PNBRQ" or not head[1:].isdigit():
            raise ValueError(f"a grave seen is written letter stamp:squares, not {item!r}")
        squares = frozenset(GEO.square(n) for n in names.split(".")) if names else frozenset()
        if not squares:
            raise ValueError(f"the grave {head} may lie nowhere")
        out.append((head[0], int(head[1:]), squares))
    return out


def rule_out(seen: list[Seen], square: int) -> list[Seen]:
    """Nothing rose from ``square``: no grave is there now."""
    return [(letter, stamp, squares - {square}) for letter, stamp, squares in seen]


def rose(seen: list[Seen], square: int, letter: str) -> list[Seen]:
    """A grave of ``letter`` opened on ``square``: one entry goes."""
    could = [i for i, (lt, _, sq) in enumerate(seen) if lt == letter and square in sq]
    if not could:
        raise ValueError(f"no grave seen could hold the {letter} rising on {GEO.name(square)}")
    gone = could[-1]
    if len(could) == 1:
        return [e for i, e in enumerate(seen) if i != gone]
    union = frozenset().union(*(seen[i][2] for i in could))
    return [
        (lt, stamp, union if i in could else sq)
        for i, (lt, stamp, sq) in enumerate(seen)
        if i != gone
    ]


def fill(seen: list[Seen], rng: random.Random) -> dict[int, Grave]:
    """A chart with each grave seen on a square of its own among those it may
    be on (the real chart is one, so there always is one)."""
    order = sorted(range(len(seen)), key=lambda i: (len(seen[i][2]), rng.random()))
    chosen: dict[int, int] = {}

    def place(k: int) -> bool:
        if k == len(order):
            return True
        i = order[k]
        squares = [sq for sq in seen[i][2] if sq not in chosen.values()]
        rng.shuffle(squares)
        for sq in squares:
            chosen[i] = sq
            if place(k + 1):
                return True
            del chosen[i]
        return False

    if not place(0):
        raise ValueError("no chart of graves agrees with what was seen")
    return {chosen[i]: (seen[i][0], seen[i][1]) for i in range(len(seen))}
