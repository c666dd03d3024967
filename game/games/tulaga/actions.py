"""The decisions of a Tulaga turn (rules.py tells the order), each its own
action type. ``str`` gives the notation of the rule sheet ("e5", "row
e4-e9", "ring d4", "return e5,e6,e7,e8,e9", "rank e5", "no rank", "reap W",
"no reap")."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct
from game.games.tulaga.points import GEO, names


@distinct
class Place(NamedTuple):
    """Put a simple stone from the pile on an empty point."""

    point: int

    def __str__(self) -> str:
        return GEO.name(self.point)


@distinct
class ChooseTulaga(NamedTuple):
    """Pick one of several Tulagas the stone just placed completed.

    ``centre`` is the empty centre of a ring (None for a row); ``stones`` are
    all the player's simple stones that take part, in board order: the whole
    run along the line, or every own stone around the centre."""

    centre: int | None
    stones: tuple[int, ...]

    def __str__(self) -> str:
        if self.centre is None:
            return f"row {GEO.name(self.stones[0])}-{GEO.name(self.stones[-1])}"
        return f"ring {GEO.name(self.centre)}"


@distinct
class ChooseStones(NamedTuple):
    """Pick the five (row) or four (ring) stones that go back to the pile."""

    stones: tuple[int, ...]

    def __str__(self) -> str:
        return f"return {names(self.stones)}"


@distinct
class RankStone(NamedTuple):
    """Take the Tulaga: its stones go back to the pile, a rank stone goes here."""

    point: int

    def __str__(self) -> str:
        return f"rank {GEO.name(self.point)}"


@distinct
class NoRankStone(NamedTuple):
    """Decline the Tulaga: no rank stone, and the stones stay on the board."""

    def __str__(self) -> str:
        return "no rank"


@distinct
class Reap(NamedTuple):
    """Reap from the rank stone to the edge in one direction: N, E, S or W."""

    direction: str

    def __str__(self) -> str:
        return f"reap {self.direction}"


@distinct
class NoReap(NamedTuple):
    """Leave the stones in every direction where they are."""

    def __str__(self) -> str:
        return "no reap"


ACTION_TYPES = (Place, ChooseTulaga, ChooseStones, RankStone, NoRankStone, Reap, NoReap)
