"""Move adapters: how clicks and drops on the board become a game's actions.

The play scene asks the adapter of the game (``adapter_for(game_id)``)
which squares may be picked up, where a picked piece may go and which
actions each target stands for. Several actions for one target (a
promotion, a choice of what happens after the move) open a chooser built
from ``choices``. Games whose decisions are not from/to moves (throws,
drops, multi-part turns) register their own subclass in ``ADAPTERS``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Seat, State


@dataclass(frozen=True)
class Choice:
    """One option of a chooser: the action, a piece to show, a label."""

    action: Action
    piece: Any = None  # anything with .seat and .kind, drawn with the piece art
    label: str = ""


class MoveAdapter:
    """The from/to adapter: actions with ``.frm`` and ``.to`` (chess Move)."""

    def actions(self, state: State, seat: Seat) -> list[Action]:
        return [a for a in state.legal_actions(seat) if _has_squares(a)]

    def selectable(self, state: State, seat: Seat, sq: int) -> bool:
        """May ``seat`` pick up what stands on ``sq``?"""
        return any(a.frm == sq for a in self.actions(state, seat))

    def targets(self, state: State, seat: Seat, from_sq: int) -> dict[int, list[Action]]:
        """Squares the piece on ``from_sq`` may be dropped on, each with the
        actions it stands for. A castle (king onto its own rook) is also
        accepted on the king's landing square, unless a plain king move
        already goes there."""
        out: dict[int, list[Action]] = {}
        mine = [a for a in self.actions(state, seat) if a.frm == from_sq]
        for a in mine:
            out.setdefault(a.to, []).append(a)
        landing = getattr(state, "landing_square", None)
        if landing is not None:
            aliases: dict[int, list[Action]] = {}
            for a in mine:
                try:
                    land = landing(a)
                except Exception:  # an engine that only knows castles
                    continue
                if land is None or land == a.to or land == from_sq or land in out:
                    continue
                aliases.setdefault(land, []).append(a)
            out.update(aliases)
        return out

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        """The options when one target stands for several actions."""
        out = []
        for a in actions:
            kind = getattr(a, "promotion", None)
            piece = _piece(seat, kind) if kind else None
            label = kind.replace("_", " ").title() if kind else state.notation(a)
            out.append(Choice(a, piece, label))
        return out

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        """Squares to mark as the last move."""
        last = getattr(state, "last_move", None)
        if last is None or not _has_squares(last):
            return ()
        return (last.frm, last.to)


def _has_squares(a: Any) -> bool:
    return hasattr(a, "frm") and hasattr(a, "to")


def _piece(seat: Seat, kind: str) -> Any:
    try:
        from game.engine.pieces import Piece

        return Piece(seat, kind)
    except ImportError:  # the pieces module is young; any seat/kind pair draws
        return _SimplePiece(seat, kind)


@dataclass(frozen=True)
class _SimplePiece:
    seat: int
    kind: str


DEFAULT = MoveAdapter()
ADAPTERS: dict[str, MoveAdapter] = {}


def adapter_for(game_id: str) -> MoveAdapter:
    return ADAPTERS.get(game_id, DEFAULT)
