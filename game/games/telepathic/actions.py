"""The decisions of Telepathic Chess besides chess moves (``Move`` from the
chess core): the predictor's card laid face down (``Predict``) and the
losing team's removal of one of its pieces (``Remove``). Both have ``frm``
and ``to`` so the generic search can order them with moves, and compare
equal only to their own type.

The cards are the chess cards of game/engine/cards.py: one of each kind per
team (``ONE_OF_EACH``), the checker ("C") copying the face-up card.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board
from game.engine.cards import KIND_OF_LETTER, KINDS, LETTERS
from game.engine.chess import GEO

CHECKER = "checker"
CARD_KINDS = KINDS  # pawn, knight, bishop, rook, queen, king, checker


def letter(kind: str) -> str:
    return LETTERS[kind]


def kind_of(text: str) -> str:
    """The card kind a letter names (P N B R Q K C, either case)."""
    kind = KIND_OF_LETTER.get(text.upper()) if len(text) == 1 else None
    if kind is None:
        raise ValueError(f"{text!r} is not a card (P N B R Q K C)")
    return kind


@distinct
@off_board()
class Predict(NamedTuple):
    """The card the predictor lays face down: the kind of piece it bets its
    partner will move (the checker: the face-up card's kind)."""

    kind: str

    def __str__(self) -> str:
        return f"predict {letter(self.kind)}"


@distinct
@off_board("square")
class Remove(NamedTuple):
    """The losing team takes its piece on ``square`` off the board."""

    square: int

    def __str__(self) -> str:
        return f"remove {GEO.name(self.square)}"
