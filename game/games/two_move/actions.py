"""The decisions of Two Move Chess besides chess moves (``Move`` from the
chess core): White's two opening face-up cards (``FaceUp``) and each turn's
secret choice of two cards (``Choose``).

Each has ``frm`` and ``to`` (-1: not on the board) so the generic search
can order them with moves, and compares equal only to its own type.
"""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board

# The card kinds in the order the cards are played (least valuable first).
CARD_KINDS = ("knight", "bishop", "rook", "queen", "king")
LETTER = {"knight": "N", "bishop": "B", "rook": "R", "queen": "Q", "king": "K"}
KIND_OF = {letter: kind for kind, letter in LETTER.items()}


def letters(kinds) -> str:
    """Card kinds as letters in playing order ("NB"), "-" for none."""
    return "".join(LETTER[k] for k in sorted(kinds, key=CARD_KINDS.index)) or "-"


def kinds_of(text: str) -> tuple[str, ...]:
    """The inverse of ``letters``; ValueError on anything else."""
    if text == "-":
        return ()
    try:
        kinds = tuple(KIND_OF[c] for c in text.upper())
    except KeyError:
        raise ValueError(f"{text!r} is not a list of cards (N B R Q K)") from None
    if len(set(kinds)) != len(kinds):
        raise ValueError(f"{text!r} names a card twice")
    return tuple(sorted(kinds, key=CARD_KINDS.index))


@distinct
@off_board()
class Choose(NamedTuple):
    """The two cards played face down this turn (in playing order)."""

    first: str
    second: str

    @property
    def kinds(self) -> tuple[str, str]:
        return (self.first, self.second)

    def __str__(self) -> str:
        return f"{LETTER[self.first]}+{LETTER[self.second]}"


@distinct
@off_board()
class FaceUp(NamedTuple):
    """White's two cards laid face up before the first turn."""

    first: str
    second: str

    @property
    def kinds(self) -> tuple[str, str]:
        return (self.first, self.second)

    def __str__(self) -> str:
        # The words of the move list and saves ("R+K face up"); "up R+K",
        # which earlier saves wrote, is read too (TwoMoveState._parse_action).
        return f"{LETTER[self.first]}+{LETTER[self.second]} face up"


def pairs(kinds) -> list[tuple[str, str]]:
    """Every pair of ``kinds`` in playing order."""
    ordered = sorted(kinds, key=CARD_KINDS.index)
    return [(a, b) for i, a in enumerate(ordered) for b in ordered[i + 1 :]]
