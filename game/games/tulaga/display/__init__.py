"""Board and panel input for Tulaga (see docs/CONTRACT.md, "Game UI adapters").

The board is drawn as points (``board_style = "points"``): stones stand on
the corners of the 8 x 8 squares, 9 x 9 places named a1..i9.

Click paths, one click each:

- placing a simple stone: (point,);
- choosing one of several Tulagas: a ring by its empty centre, a row by one
  of its stones that no other Tulaga shares (also a panel button, "Row
  e5-e9" / "Ring round d4");
- the rank stone: (point,), a point of the row or the ring's centre;
- a reap: the neighbouring point in that direction from the rank stone
  (also a panel button, "Reap north (3)").

Panel buttons: the choice of which stones go back ("Keep f4": the stones of
the Tulaga that stay on the board), "No rank stone" and "No reap".

Markers: "tulaga" on the stones of the pending Tulaga(s), "tulaga-centre" on
a ring's centre, "reap-from" on the rank stone about to reap, "reap:<N|E|S|W>"
on each stone a reap would take. The widget module draws them as glows
(``draw_marker``, which the board view asks before drawing a badge) and
draws the stones (``piece_image``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from game.engine import Action, Seat, State
from game.games.tulaga.display.widgets import TulagaPiles, paint_marker, stone_surface
from game.games.tulaga.rules import (
    DIRECTIONS,
    GEO,
    PATHS,
    ChooseStones,
    ChooseTulaga,
    NoRankStone,
    NoReap,
    Place,
    RankStone,
    Reap,
)
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import appear, fade_all, fall_all

DIRECTION_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}


def tulaga_label(action: ChooseTulaga) -> str:
    if action.centre is None:
        return f"Row {GEO.name(action.stones[0])}-{GEO.name(action.stones[-1])}"
    return f"Ring round {GEO.name(action.centre)}"


def stones_label(state: Any, action: ChooseStones) -> str:
    """Name a choice of stones by those that stay (shorter than those that go)."""
    staying = [p for p in state.stones if p not in action.stones]
    if not staying:
        return "Return " + ", ".join(GEO.name(p) for p in action.stones)
    return "Keep " + ", ".join(GEO.name(p) for p in staying)


class TulagaAdapter(MoveAdapter):
    board_style = "points"
    animations = {
        "stone": appear("point"),
        "rank_stone": appear("point"),
        "return": fade_all("points"),
        "reap": fall_all("points", "replaced"),
    }
    sounds = (("reap", "capture"),)

    def make_widgets(self) -> list[Any]:
        return [TulagaPiles()]

    # Nothing is captured in Tulaga (stones go back to the piles, which the
    # widget shows); a play scene that honours this hides its captured row.
    show_captured = False
    mark_one_click = False  # every empty point is a placement: the glows mark the rest

    # -- board clicks -----------------------------------------------------------------
    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Place | RankStone):
            return (action.point,)
        if isinstance(action, ChooseTulaga):
            if action.centre is not None:
                return (action.centre,)
            return self._row_click(state, seat, action)
        if isinstance(action, Reap):
            rank_at = getattr(state, "rank_at", None)
            if rank_at is None:
                return None
            way = PATHS[rank_at][action.direction]
            return (way[0],) if way else None
        return None  # ChooseStones, NoRankStone, NoReap: panel buttons

    @staticmethod
    def _row_click(state: Any, seat: Seat, action: ChooseTulaga) -> Path | None:
        """A stone of the row that no other pending Tulaga uses."""
        shared: set[int] = set()
        for other in state.legal_actions(seat):
            if isinstance(other, ChooseTulaga) and other != action:
                shared.update(other.stones)
                if other.centre is not None:
                    shared.add(other.centre)
        for p in action.stones:
            if p not in shared and p != state.new:
                return (p,)
        return None

    # -- panel buttons ----------------------------------------------------------------
    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for a in state.legal_actions(seat):
            if isinstance(a, ChooseTulaga):
                out.append(Choice(a, None, tulaga_label(a)))
            elif isinstance(a, ChooseStones):
                out.append(Choice(a, None, stones_label(state, a)))
            elif isinstance(a, NoRankStone):
                out.append(Choice(a, None, "No rank stone"))
            elif isinstance(a, Reap):
                n = len(state.reach(state.rank_at, a.direction, seat))
                out.append(Choice(a, None, f"Reap {DIRECTION_WORDS[a.direction]} ({n})"))
            elif isinstance(a, NoReap):
                out.append(Choice(a, None, "No reap"))
        return out

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        out = []
        for a in actions:
            if isinstance(a, ChooseTulaga):
                out.append(Choice(a, None, tulaga_label(a)))
            else:
                out.append(Choice(a, None, state.notation(a)))
        return out

    # -- what the board shows -----------------------------------------------------------
    def markers(self, state: State) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}

        def mark(p: int, name: str) -> None:
            out.setdefault(p, []).append(name)

        phase = getattr(state, "phase", "place")
        if state.is_over() or phase == "place":
            return out
        seat = state.turn
        if phase == "tulaga":
            for t in state.tulagas(state.new, seat):
                for p in t.stones:
                    if "tulaga" not in out.get(p, ()):
                        mark(p, "tulaga")
                if t.centre is not None:
                    mark(t.centre, "tulaga-centre")
        elif phase in ("stones", "rank"):
            for p in state.stones:
                mark(p, "tulaga")
            if state.centre is not None:
                mark(state.centre, "tulaga-centre")
        elif phase == "reap":
            mark(state.rank_at, "reap-from")
            for d in DIRECTIONS:
                for p in state.reach(state.rank_at, d, seat):
                    mark(p, f"reap:{d}")
        return out

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        return tuple(getattr(state, "last_points", ()))

    def piece_image(self, piece: Any, size: int) -> Any:
        """The stone drawn at ``size`` pixels (the board view asks this first)."""
        return stone_surface(piece.side, piece.kind, size)

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        """The markers as glows under the stones; no badges on this board."""
        return paint_marker(surface, rect, name)


ADAPTER = TulagaAdapter()
