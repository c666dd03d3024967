"""Board and panel input for Mulligan Stew Chess.

Click paths (see docs/CONTRACT.md, "Game UI adapters"):

- a move or capture, a pawn step or leap: (from, to); a pawn reaching its
  last rank opens the chooser: stay a Pawn, or one of the pool's pieces;
- an Assassin's teleport: (assassin, empty square of its colour);
- a Mage swap: (mage, other piece). When the Mage could also capture that
  adjacent enemy piece by stepping onto it, the path is the same and the
  chooser asks "Capture" or "Swap";
- the Mage drop: (HAND, square), HAND = -1, the hand-tray slot of the Mage;
- a promotion-only move of a pawn waiting on its last rank: one click on the
  pawn (sq,), then the chooser among the pool's pieces. The same moves are
  also panel buttons ("b7 becomes a Queen"), easier to find.

The rules skip a part with no legal move by themselves; a part whose only
moves are Mage drops may be declined with the panel button "Skip the light
part" (or dark).

Markers (``markers``): on the pieces of the side to move that have a legal
move in the current part, "light" (during the light part) or "dark" (during
the dark part), drawn as a ring in the part's colour; during the dark part
the piece that moved in the light part is "frozen" (it may not move again
this turn), washed blue.

Widgets: the Mage in hand (a tray: click it, or drag it onto the board) and
``game.games.mulligan_stew.display.widgets``, both promotion pools and which part of
the turn is being played.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.pieces import Piece
from game.games.mulligan_stew.display.widgets import PoolAndPart
from game.games.mulligan_stew.rules import (
    DARK,
    LIGHT,
    PART_NAMES,
    POOL_ORDER,
    Drop,
    Move,
    Promote,
    Skip,
    Swap,
    Teleport,
)
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import drop, exchange, teleport
from game.ui.board_view import tint
from game.ui.panel_widgets import PieceTray

HAND = -1  # the hand-tray slot of the Mage (the first kind in hand)


def _title(kind: str) -> str:
    return kind.replace("_", " ").title()


class MulliganStewAdapter(MoveAdapter):
    hint_markers = frozenset({"light", "dark"})
    animations = {"teleport": teleport, "swap": exchange, "drop": drop}
    sounds = (("teleport", "shimmer"), ("swap", "shimmer"))

    def make_widgets(self) -> list[Any]:
        return [PieceTray(self, "Mage in hand"), PoolAndPart()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        t = type(action)
        if t in (Move, Teleport, Swap):
            return (action.frm, action.to)
        if t is Drop:
            return (self._slot(state, seat, action.kind), action.to)
        if t is Promote:
            return (action.square,)
        return None

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        return []  # no castling here

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for a in state.legal_actions(seat):
            if type(a) is Promote:
                name = state.geometry.name(a.square)
                out.append(Choice(a, Piece(seat, a.kind), f"{name} becomes a {_title(a.kind)}"))
            elif type(a) is Skip:
                out.append(Choice(a, None, f"Skip the {PART_NAMES[a.part]} part"))
        return out

    def path_words(self, state: State, seat: Seat, path: Path, actions: Sequence[Action]) -> str:
        """A Mage picked: it steps, or swaps with a piece in reach."""
        if len(path) == 1 and any(type(a) is Swap for a in actions):
            return "Mage: click a piece to swap places with it, or a square to step to"
        return ""

    def pieces_in_hand(self, state: State) -> list[Any]:
        hands = getattr(state, "hands", None) or ()
        return [Piece(seat, kind) for seat, kinds in enumerate(hands) for kind in kinds]

    def hand(self, state: State, seat: Seat) -> list[tuple[int, Any]]:
        hands = getattr(state, "hands", None)
        if not hands:
            return []
        kinds = list(dict.fromkeys(hands[seat]))
        return [(HAND - i, Piece(seat, kind)) for i, kind in enumerate(kinds)]

    def markers(self, state: State) -> dict[int, list[str]]:
        if state.is_over():
            return {}
        seat = state.turn
        name = "light" if state.part == LIGHT else "dark"
        out: dict[int, list[str]] = {}
        for a in state.legal_actions(seat):
            if a.frm >= 0:
                names = out.setdefault(a.frm, [])
                if not names:
                    names.append(name)
        if state.part == DARK and state.last_mover is not None:
            mover = state.last_mover
            if state.piece_at(mover) is not None and mover not in out:
                out[mover] = ["frozen"]
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        """Pieces free to move in this part get a soft ring in the part's
        colour along the square's edge: readable without covering the art;
        the light part's piece, which may not move again, is washed blue."""
        if name == "frozen":
            tint(surface, rect, (120, 190, 255, 90))
            return True
        colour = {"light": (250, 236, 200), "dark": (110, 78, 50)}.get(name)
        if colour is None:
            return False
        width = max(2, rect.width // 22)
        pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=6)
        return True

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        out = []
        for a in actions:
            t = type(a)
            if t is Swap:
                out.append(Choice(a, None, f"Swap ({state.notation(a)})"))
            elif t is Promote or (t is Move and a.promotion):
                out.append(Choice(a, Piece(seat, a.promotion), _title(a.promotion)))
            elif t is Move and self._reaches_last_rank(state, a):
                out.append(Choice(a, Piece(seat, "pawn"), "Stay a Pawn"))
            elif t is Move and state.piece_at(a.to) is not None:
                out.append(Choice(a, None, f"Capture ({state.notation(a)})"))
            else:
                out.append(Choice(a, None, state.notation(a)))
        order = {k: i for i, k in enumerate(("pawn", *POOL_ORDER))}
        out.sort(key=lambda c: order.get(getattr(c.piece, "kind", ""), -1))
        return out

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        last = getattr(state, "last_action", None)
        if last is None:
            return ()
        if type(last) is Promote:
            return (last.square,)
        if type(last) is Drop:
            return (last.to,)
        return (last.frm, last.to)

    # -- helpers ----------------------------------------------------------------------
    @staticmethod
    def _slot(state: State, seat: Seat, kind: str) -> int:
        kinds = list(dict.fromkeys(state.hands[seat]))
        return HAND - kinds.index(kind) if kind in kinds else HAND

    @staticmethod
    def _reaches_last_rank(state: State, move: Move) -> bool:
        piece = state.piece_at(move.frm)
        if piece is None or piece.kind != "pawn":
            return False
        last = state.geometry.height - 1 if piece.side == 0 else 0
        return state.geometry.rank_of(move.to) == last


ADAPTER = MulliganStewAdapter()
