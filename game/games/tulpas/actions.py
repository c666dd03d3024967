"""The actions the Tulpas game adds to those of Maces and Horse-apults: the
card duel (``Pick``, ``Guess``), placing a created Tulpa, the Archer's shot
and the Wild Ox's gore or its refusal. Like the Maces actions, each has
``frm`` and ``to`` (None where they mean nothing)."""

from __future__ import annotations

from dataclasses import dataclass

from game.games.maces.pieces import GEO
from game.games.tulpas.pieces import TULPA_LETTER_OF


@dataclass(frozen=True, slots=True)
class Shot:
    """The Archer on ``archer`` shoots the enemy piece on ``target``."""

    archer: int
    target: int

    @property
    def frm(self) -> int:
        return self.archer

    @property
    def to(self) -> int:
        return self.target

    def __str__(self) -> str:
        return f"{GEO.name(self.archer)}*{GEO.name(self.target)}"


@dataclass(frozen=True, slots=True)
class OxStrike:
    """The Wild Ox on ``ox`` gores the adjacent enemy on ``target``."""

    ox: int
    target: int

    @property
    def frm(self) -> int:
        return self.ox

    @property
    def to(self) -> int:
        return self.target

    def __str__(self) -> str:
        return f"{GEO.name(self.ox)}x{GEO.name(self.target)}"


@dataclass(frozen=True, slots=True)
class OxDecline:
    """The Wild Ox on ``ox`` does not strike."""

    ox: int
    frm = None
    to = None

    def __str__(self) -> str:
        return "no strike"


@dataclass(frozen=True, slots=True)
class Pick:
    """The card duel: the mover's secret choice of a Tulpa type."""

    kind: str
    frm = None
    to = None

    def __str__(self) -> str:
        return f"pick {TULPA_LETTER_OF[self.kind]}"


@dataclass(frozen=True, slots=True)
class Guess:
    """The card duel: the opponent's secret guess of the mover's choice."""

    kind: str
    frm = None
    to = None

    def __str__(self) -> str:
        return f"guess {TULPA_LETTER_OF[self.kind]}"


@dataclass(frozen=True, slots=True)
class Place:
    """A created Tulpa of ``kind`` appears on ``sq``."""

    kind: str
    sq: int
    frm = None

    @property
    def to(self) -> int:
        return self.sq

    def __str__(self) -> str:
        return f"{TULPA_LETTER_OF[self.kind]}@{GEO.name(self.sq)}"
