"""The decisions of Cooperative Chess besides chess moves (``Move`` from the
chess core): play a card from the hand, end the turn, and place a promoted
piece's card in the line.

Every action has ``frm`` and ``to`` (-1: not on the board) so the generic
search can order a mixed list of moves and card decisions, and compares
equal only to an action of its own type. ``str`` gives a short form that is
unique among the choices of one decision (``[N]``, ``end``, ``@3``); the
game's notation (rules.py) adds the card names.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board
from game.engine.cards import Card


@distinct
@off_board()
class PlayCard(NamedTuple):
    """Play ``card`` from the hand to the open end of the line."""

    card: Card

    def __str__(self) -> str:
        return f"[{self.card.letter}]"


@distinct
@off_board()
class EndTurn(NamedTuple):
    """No (more) moves or captures this turn: the turn is over."""

    def __str__(self) -> str:
        return "end"


@distinct
@off_board()
class PlaceCard(NamedTuple):
    """Put the promoted piece's card into the line before index ``index``
    (0: next to the draw pile; the line's length: at the open end)."""

    index: int

    def __str__(self) -> str:
        return f"@{self.index + 1}"


END = EndTurn()
