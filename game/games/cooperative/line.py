"""The face-up line of Cooperative Chess, as plain lists of cards.

The line is read from the draw pile outwards: index 0 lies next to the draw
pile, and a card played goes to the open end (appended). A card is *like* a
piece when colour and kind agree; ``Card`` and ``Piece`` are both
``(side, kind)`` tuples, so ``Card(*piece)`` is the card like ``piece``.

- ``allows(line, capturer, victim)``: a card like the capturer lies next to
  a card like the victim.
- ``victim_index``: which card goes when the capture is made (the app's
  ruling: of the cards like the victim that stand next to a card like the
  capturer, the one nearest the open end).
- ``run``: four or more cards of one colour standing together (recycled).
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.cards import Card

RUN = 4  # this many cards of one colour together are recycled


def neighbours(line: Sequence[Card]) -> set[tuple[Card, Card]]:
    """Every pair of cards standing side by side, in both orders."""
    out: set[tuple[Card, Card]] = set()
    for a, b in zip(line, line[1:], strict=False):
        out.add((a, b))
        out.add((b, a))
    return out


def allows(line: Sequence[Card], capturer: Card, victim: Card) -> bool:
    return victim_index(line, capturer, victim) is not None


def victim_index(line: Sequence[Card], capturer: Card, victim: Card) -> int | None:
    """The index of the card like the victim that a capture by a piece like
    ``capturer`` sends to the discard pile (the one nearest the open end of
    those next to a card like the capturer); None if the line allows none."""
    for i in range(len(line) - 1, -1, -1):
        if line[i] != victim:
            continue
        if (i > 0 and line[i - 1] == capturer) or (i + 1 < len(line) and line[i + 1] == capturer):
            return i
    return None


def last_index(line: Sequence[Card], card: Card) -> int | None:
    """The index of the card like ``card`` nearest the open end, or None."""
    for i in range(len(line) - 1, -1, -1):
        if line[i] == card:
            return i
    return None


def run(line: Sequence[Card]) -> tuple[int, int] | None:
    """The first stretch ``(start, end)`` (end exclusive) of ``RUN`` or more
    cards of one colour standing together, or None."""
    start = 0
    for i in range(1, len(line) + 1):
        if i == len(line) or line[i].side != line[start].side:
            if i - start >= RUN:
                return start, i
            start = i
    return None


def placements(line: Sequence[Card], card: Card) -> list[int]:
    """The indices before which ``card`` may be placed, one for each
    different line that results (next to a card like it, the two sides
    give the same line)."""
    out = []
    for i in range(len(line) + 1):
        if i > 0 and line[i - 1] == card:
            continue  # the same line as placing it before that card
        out.append(i)
    return out
