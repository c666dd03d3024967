"""The actions of Mulligan Stew Chess.

Every action has ``frm`` and ``to`` (the generic search orders by them; -1
for "not on the board") and compares equal only to an action of its own
type: a Teleport from b1 to f7 is not a Swap of the same squares. ``str``
gives the coordinate form (``b1f7``, ``b1>f7``, ``c2@e4``, ``M@b3``,
``b7=q``, ``--``); the game's own notation is in notation.py.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct
from game.games.mulligan_stew.tables import GEO, LETTERS


@distinct
class Move(NamedTuple):
    """A piece moves (or captures) from ``frm`` to ``to``. For a pawn reaching
    its last rank ``promotion`` is the kind it becomes, None to stay a pawn."""

    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = "=" + LETTERS.letter_of[self.promotion].lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"


@distinct
class Teleport(NamedTuple):
    """An Assassin jumps to an empty square of its own colour."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"{GEO.name(self.frm)}>{GEO.name(self.to)}"


@distinct
class Swap(NamedTuple):
    """The Mage on ``frm`` and the piece on ``to`` change places."""

    frm: int
    to: int

    @property
    def mage(self) -> int:
        return self.frm

    @property
    def other(self) -> int:
        return self.to

    def __str__(self) -> str:
        return f"{GEO.name(self.frm)}@{GEO.name(self.to)}"


@distinct
class Drop(NamedTuple):
    """The Mage comes from hand onto the empty square ``to``."""

    to: int
    kind: str = "mage"

    @property
    def frm(self) -> int:
        return -1  # not on the board

    def __str__(self) -> str:
        return f"{LETTERS.letter_of[self.kind]}@{GEO.name(self.to)}"


@distinct
class Promote(NamedTuple):
    """A pawn standing on its last rank becomes ``kind`` from the pool."""

    square: int
    kind: str

    @property
    def frm(self) -> int:
        return self.square

    @property
    def to(self) -> int:
        return self.square

    @property
    def promotion(self) -> str:
        return self.kind

    def __str__(self) -> str:
        return f"{GEO.name(self.square)}={LETTERS.letter_of[self.kind].lower()}"


@distinct
class Skip(NamedTuple):
    """Decline a part whose only actions are Mage drops: the Mage is dropped
    "whenever they decide", so nobody has to drop it now. Written ``--``."""

    part: int

    @property
    def frm(self) -> int:
        return -1  # not on the board

    @property
    def to(self) -> int:
        return -1

    def __str__(self) -> str:
        return SKIP_TEXT


SKIP_TEXT = "--"  # the null move of PGN: a part that moves nothing

Action = Move | Teleport | Swap | Drop | Promote | Skip
