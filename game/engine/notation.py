"""Pieces of algebraic notation shared by the chess-like games."""

from __future__ import annotations

from collections.abc import Iterable

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
