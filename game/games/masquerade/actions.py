"""The setup decision of Masquerade Chess: the secret assignment of the
opponent's capture patterns. Moves and capture attempts are chess core
``Move`` values."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board


@distinct
@off_board()
class Assign(NamedTuple):
    """The patterns for the opponent's K, Q, R, B, N, in that order."""

    patterns: str

    def __str__(self) -> str:
        return f"assign {self.patterns}"
