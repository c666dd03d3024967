"""The decisions of Zombie Chess besides chess moves (``Move`` from the chess
core): bury a captured piece, promote a pawn that rose on its last rank, and
end a turn after its first move. Each has ``frm`` and ``to`` (-1: not on the
board) so the generic search can order a mixed list of decisions."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.actions import distinct, off_board
from game.engine.chess import GEO
from game.engine.chess.tables import KIND_INDEX, LETTERS


@distinct
@off_board("square")
class Bury(NamedTuple):
    """Bury the piece just captured under the mover's piece on ``square``."""

    square: int

    def __str__(self) -> str:
        return f"bury@{GEO.name(self.square)}"


@distinct
@off_board("square")
class RisePromote(NamedTuple):
    """The pawn that rose on ``square``, its last rank, becomes ``kind``."""

    square: int
    kind: str

    @property
    def promotion(self) -> str:
        """What it promotes to, where every game's promotions say it (game/ai/ties.py)."""
        return self.kind

    def __str__(self) -> str:
        return f"{GEO.name(self.square)}={LETTERS[KIND_INDEX[self.kind]]}"


@distinct
@off_board()
class EndTurn(NamedTuple):
    """No more moves this turn: unmoved zombies of the mover crumble."""

    def __str__(self) -> str:
        return "end"


END = EndTurn()
