"""Board and panel input for Maces and Horse-apults and for the Tulpas game.

Click paths (see docs/CONTRACT.md, "Game UI adapters"):

- a move, a capture, a pawn step: (from, to); a promotion opens the chooser;
- a Horse-apult throw: (apult, piece, landing). When the Horse-apult could
  also capture that adjacent enemy piece by moving onto it, the capture is
  (apult, piece), a prefix of the throws: the play scene's prefix rule plays
  it when dragged, or when the piece is clicked a second time; after one
  click the throws' landings stay highlighted;
- an Archer's shot: (archer, target), the same clicks as capturing the
  target by moving; the chooser then asks "Shoot" or "Move onto it";
- a Mace's victim, the Mace that swings next, a Wild Ox's victim, the square
  of a new Tulpa: one click (sq,);
- the card duel (pick or guess a Tulpa) and declining the Wild Ox's strike
  are panel buttons.

Markers: "frozen" on every piece held in an enemy Spider's web.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Action, Seat, State
from game.engine.pieces import Piece
from game.games.maces.rules import (
    ChooseMace,
    Guess,
    Move,
    OxDecline,
    OxStrike,
    Pick,
    Place,
    Shot,
    Swing,
    Throw,
)
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import arc, strike
from game.ui.board_view import tint


def _title(kind: str) -> str:
    return kind.replace("_", " ").title()


class MacesAdapter(MoveAdapter):
    animations = {"throw": arc, "swing": strike("mace", "victim_square")}
    sounds = (("swing", "blow"), ("throw", "flight"))

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Move):
            return (action.frm, action.to)
        if isinstance(action, Throw):
            return (action.apult, action.piece, action.to)
        if isinstance(action, Shot):
            return (action.archer, action.target)
        if isinstance(action, Swing):
            return (action.victim,)
        if isinstance(action, ChooseMace):
            return (action.mace,)
        if isinstance(action, OxStrike):
            return (action.target,)
        if isinstance(action, Place):
            return (action.sq,)
        return None  # Pick, Guess, OxDecline: panel buttons

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for a in state.legal_actions(seat):
            if isinstance(a, Pick):
                # The prompt says "create" or "guess": the card names the Tulpa.
                out.append(Choice(a, Piece(seat, a.kind), _title(a.kind)))
            elif isinstance(a, Guess):
                out.append(Choice(a, Piece(1 - seat, a.kind), _title(a.kind)))
            elif isinstance(a, OxDecline):
                out.append(Choice(a, None, "Don't strike"))
            elif self.path_of(state, seat, a) is None:
                out.append(Choice(a, None, state.notation(a)))
        return out

    def path_words(self, state: State, seat: Seat, path: Path, actions: Sequence[Action]) -> str:
        """A Horse-apult picked: the throws it can make; a piece picked up to
        throw: where it lands."""
        throws = [a for a in actions if isinstance(a, Throw)]
        if not throws:
            return ""
        if len(path) == 1:
            return "Horse-apult: click a piece next to it to throw, or a square to move to"
        piece = state.pieces().get(path[1])
        name = piece.kind.replace("_", " ") if piece is not None else "piece"
        return f"Throw the {name}: click the square where it lands"

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        out = []
        for a in actions:
            promo = getattr(a, "promotion", None)
            if promo:
                out.append(Choice(a, Piece(seat, promo), _title(promo)))
            elif isinstance(a, Shot):
                out.append(Choice(a, None, "Shoot"))
            elif isinstance(a, Move):
                out.append(Choice(a, None, "Move onto it"))
            else:
                out.append(Choice(a, None, state.notation(a)))
        return out

    def markers(self, state: State) -> dict[int, list[str]]:
        frozen = getattr(state, "frozen_squares", None)
        if frozen is None:
            return {}
        return {sq: ["frozen"] for sq in frozen()}

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        """A piece caught in a Spider's web is washed ice blue."""
        if name != "frozen":
            return False
        tint(surface, rect, (120, 190, 255, 90))
        return True

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        last = getattr(state, "last_move", None)
        if isinstance(last, Move):
            return (last.frm, last.to)
        if isinstance(last, Throw):
            return (last.piece, last.to)
        if isinstance(last, Shot):
            return (last.archer, last.target)
        if isinstance(last, Place):
            return (last.sq,)
        return ()


ADAPTER = MacesAdapter()
