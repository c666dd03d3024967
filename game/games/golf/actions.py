"""The decisions of Chess Golf, each its own action type; ``str`` gives the
notation of the rule sheet: a move in coordinates ("d3b5"), "bid 4" (0 for
"impossible"), "deal 3", "reset", "give up" and "n@e4" (a captured piece put
back on the board)."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct
from game.engine.chess.tables import GEO
from game.games.golf.hole import letter


@distinct
class Go(NamedTuple):
    """Move the piece on ``frm`` to ``to`` with a borrowed move (capturing
    what stands there, when the hole allows it)."""

    frm: int
    to: int

    def __str__(self) -> str:
        return GEO.name(self.frm) + GEO.name(self.to)


@distinct
class Bid(NamedTuple):
    """The number of moves a player says the hole needs (0: impossible)."""

    moves: int

    def __str__(self) -> str:
        return f"bid {self.moves}"


@distinct
class Deal(NamedTuple):
    """The dealer turns up two or three cards."""

    cards: int

    def __str__(self) -> str:
        return f"deal {self.cards}"


@distinct
class Reset(NamedTuple):
    """Put every piece back where it stood when the hole began (alone only)."""

    def __str__(self) -> str:
        return "reset"


@distinct
class GiveUp(NamedTuple):
    """Alone: give the hole up and be shown the solution. Demonstrating: say
    the solution cannot be shown after all."""

    def __str__(self) -> str:
        return "give up"


@distinct
class Put(NamedTuple):
    """Put a captured piece (``code``) back on the empty square ``square``."""

    code: int
    square: int

    def __str__(self) -> str:
        return f"{letter(self.code)}@{GEO.name(self.square)}"


ACTION_TYPES = (Go, Bid, Deal, Reset, GiveUp, Put)
