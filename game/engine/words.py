"""Counts in words, for every line a person reads: "1 hole", "9 holes"."""

from __future__ import annotations


def count(n: float, noun: str, plural: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one: "1 stroke", "0 strokes"."""
    number = int(n) if float(n).is_integer() else n
    return f"{number} {noun if number == 1 else plural or noun + 's'}"
