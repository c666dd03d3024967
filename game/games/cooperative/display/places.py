"""The click-path places of Cooperative Chess's widgets (negative ids; board
squares are 0..63)."""

from __future__ import annotations

LINE_END = -2  # the open end of the line, where a card is played
HAND = -10  # hand card i: HAND - i
LINE = -100  # line card i: LINE - i (a card dropped on the line goes to its end)
GAP = -200  # before line index i: GAP - i (where a promoted piece's card is placed)


def hand(i: int) -> int:
    return HAND - i


def line(i: int) -> int:
    return LINE - i


def gap(i: int) -> int:
    return GAP - i
