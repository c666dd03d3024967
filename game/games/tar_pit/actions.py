"""The decisions of Tar Pit Chess besides chess moves (``Move`` from the chess
core): throw the tar, play a card, skip an optional part, and the two
answers the opponent gives to a checker card of their colour (which checker
goes back to the extra pile, which card to discard). Each has ``frm`` and
``to`` (-1: not on the board) so the generic search can order a mixed list
of decisions."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board
from game.engine.chess import GEO


@distinct
class Throw(NamedTuple):
    """Throw (or pass) the checker under the piece on ``frm`` to the piece
    on the neighbouring square ``to``."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"{GEO.name(self.frm)}>{GEO.name(self.to)}"


@distinct
@off_board("square")
class PlayCard(NamedTuple):
    """Play the card ``letter`` (upper case White's, lower case Black's): a
    piece card adds a checker under the piece on ``square``; a checker card
    (square -1) changes the checkers in front of the players."""

    letter: str
    square: int = -1

    def __str__(self) -> str:
        return self.letter if self.square < 0 else f"{self.letter}@{GEO.name(self.square)}"


@distinct
@off_board()
class Skip(NamedTuple):
    """Leave out an optional part of the turn: "throw" or "card"."""

    part: str

    def __str__(self) -> str:
        return "keep" if self.part == "throw" else "nocard"


@distinct
class Return(NamedTuple):
    """Answer to the opponent's checker card: send one of your checkers to
    the extra pile, from under the piece on ``square`` or (-1) from in front
    of you."""

    square: int

    @property
    def frm(self) -> int:
        return self.square

    @property
    def to(self) -> int:
        return -1

    def __str__(self) -> str:
        return "return@" + ("front" if self.square < 0 else GEO.name(self.square))


@distinct
@off_board()
class Discard(NamedTuple):
    """Discard the card ``letter`` (more cards than checkers in front)."""

    letter: str

    def __str__(self) -> str:
        return f"discard:{self.letter}"


KEEP = Skip("throw")
NO_CARD = Skip("card")
