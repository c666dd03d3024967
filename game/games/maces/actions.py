"""The actions of Maces and Horse-apults. ``str`` gives the plain coordinate
form (``c1d3``, ``b2:c3>d1``, ``c6xb7``, ``c6!``); the state's ``notation``
gives the full one with piece letters.

Every action has ``frm`` and ``to`` (None where they mean nothing), so
generic move ordering and adapters can read any of them.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.games.maces.pieces import GEO, LETTER_OF


def promotion_suffix(kind: str | None) -> str:
    """``=Q`` for a promotion to a queen, nothing for none."""
    return f"={LETTER_OF[kind]}" if kind else ""


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moves (capturing by displacement if the square is an enemy's)."""

    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = LETTER_OF[self.promotion].lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"


@dataclass(frozen=True, slots=True)
class Throw:
    """The Horse-apult on ``apult`` throws the piece on ``piece`` to ``to``."""

    apult: int
    piece: int
    to: int
    promotion: str | None = None

    @property
    def frm(self) -> int:
        return self.piece

    def __str__(self) -> str:
        return f"{GEO.name(self.apult)}:{GEO.name(self.piece)}>{GEO.name(self.to)}" + (
            f"={LETTER_OF[self.promotion].lower()}" if self.promotion else ""
        )


@dataclass(frozen=True, slots=True)
class ChooseMace:
    """The Mace on ``mace`` swings next."""

    mace: int
    to = None

    @property
    def frm(self) -> int:
        return self.mace

    def __str__(self) -> str:
        return f"{GEO.name(self.mace)}!"


@dataclass(frozen=True, slots=True)
class Swing:
    """The Mace on ``mace`` removes the adjacent enemy on ``victim``."""

    mace: int
    victim: int

    @property
    def frm(self) -> int:
        return self.mace

    @property
    def to(self) -> int:
        return self.victim

    def __str__(self) -> str:
        return f"{GEO.name(self.mace)}x{GEO.name(self.victim)}"
