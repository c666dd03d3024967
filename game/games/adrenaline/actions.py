"""The decisions of Adrenaline Chess besides chess moves (``Move`` from the
chess core, which also makes the extra king steps): give a checker to an
opponent's piece after a capture, and stop stepping. Each has ``frm`` and
``to`` (-1: not on the board) so the generic search can order them."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board
from game.engine.chess import GEO


@distinct
@off_board("square")
class Give(NamedTuple):
    """Put a checker from the supply under the opponent's piece on ``square``."""

    square: int

    def __str__(self) -> str:
        return f"give@{GEO.name(self.square)}"


@distinct
@off_board()
class Stop(NamedTuple):
    """Take no more extra steps this turn."""

    def __str__(self) -> str:
        return "stop"


STOP = Stop()
