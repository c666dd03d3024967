"""The draw rules every chess-like game shares (FIDE's, where the texts say
"as in chess"): threefold repetition and the fifty-move clock.

``Repetition`` keeps the positions since the last irreversible action (a
capture, a pawn move, anything that can never be undone); a game adds one
key per position and asks whether the last one has come three times. The
clock itself is a plain counter in each game's position text, compared
with the game's own limit (100 plies in chess, 200 parts in Mulligan Stew).
"""

from __future__ import annotations

from collections.abc import Hashable

THREEFOLD = "The same position three times: a draw"
FIFTY_MOVES = "Fifty moves without a capture or pawn move: a draw"


class Repetition:
    """Position keys since the last irreversible action."""

    __slots__ = ("keys",)

    def __init__(self, keys: list[Hashable] | None = None) -> None:
        self.keys: list[Hashable] = list(keys or [])

    def add(self, key: Hashable, irreversible: bool = False) -> None:
        """The position ``key`` is reached; ``irreversible``: by an action
        after which no earlier position can come back."""
        if irreversible:
            self.keys.clear()
        self.keys.append(key)

    def reset(self, key: Hashable | None = None) -> None:
        self.keys = [] if key is None else [key]

    def threefold(self) -> bool:
        keys = self.keys
        return bool(keys) and keys.count(keys[-1]) >= 3

    def copy(self) -> Repetition:
        return Repetition(self.keys)

    def __len__(self) -> int:
        return len(self.keys)
