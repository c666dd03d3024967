"""Pieces of algebraic notation shared by the chess-like games: SAN's
disambiguation when writing, and reading SAN-like text by its shape.

Reading by shape (the idea of python-chess's ``parse_san``): the text is cut
into its parts (a game's own mark, piece letter, the from-square's file and
rank where given, capture, target, promotion; check marks dropped) and the
legal moves are filtered by those parts, instead of writing every legal
move's notation and comparing strings. A game plugs in its own marks (the
"~" of Adrenaline's king steps) and its capture sign (":" in Mulligan Stew).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from game.engine.board import Geometry


def disambiguation(geo: Geometry, frm: int, rivals: Iterable[int]) -> str:
    """What SAN adds after the piece letter when other pieces of the same
    kind (on ``rivals``) could reach the same square: the file if it tells
    them apart, else the rank, else the whole square."""
    rivals = list(rivals)
    if not rivals:
        return ""
    name = geo.name(frm)
    if all(geo.file_of(r) != geo.file_of(frm) for r in rivals):
        return name[0]
    if all(geo.rank_of(r) != geo.rank_of(frm) for r in rivals):
        return name[1:]
    return name


_SHAPE = re.compile(
    r"(?P<piece>[A-Z]?)(?P<file>[a-l]?)(?P<rank>\d{0,2})(?P<capture>[x:]?)"
    r"(?P<to>[a-l]\d{1,2})(?:=?(?P<promotion>[A-Z]))?"
)
CHECK_MARKS = "+#!?"


@dataclass(frozen=True)
class Shape:
    """The parts of a SAN-like text; "" where the text leaves a part out."""

    mark: str
    piece: str  # the letter; "" for a pawn
    file: str
    rank: str
    capture: bool
    to: str
    promotion: str

    def fits(self, letter: str, frm: str, to: str, capture: bool, promotion: str = "") -> bool:
        """Could this text name a move of the piece ``letter`` ("" for a
        pawn) from square ``frm`` to ``to``, capturing or not, promoting to
        ``promotion`` ("" for none)? A capture sign is required on captures
        and refused on quiet moves; the from-square only where written."""
        return (
            to == self.to
            and letter == self.piece
            and capture == self.capture
            and promotion == self.promotion
            and (not self.file or frm[0] == self.file)
            and (not self.rank or frm[1:] == self.rank)
        )


def read_shape(text: str, marks: Iterable[str] = ("",)) -> Shape | None:
    """``text`` cut into its parts, or None if it is not shaped like SAN
    after one of the game's ``marks`` (the empty mark: none)."""
    clean = text.strip().rstrip(CHECK_MARKS)
    for mark in sorted(marks, key=len, reverse=True):
        if not clean.startswith(mark):
            continue
        found = _SHAPE.fullmatch(clean, len(mark))
        if found is not None:
            parts = found.groupdict()
            return Shape(
                mark,
                parts["piece"],
                parts["file"],
                parts["rank"],
                bool(parts["capture"]),
                parts["to"],
                parts["promotion"] or "",
            )
    return None
