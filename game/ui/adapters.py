"""Game UI adapters: how clicks on the board and the panel become a game's
actions (see docs/CONTRACT.md, "Game UI adapters").

Every board decision is a *path* of clicked places: a chess move is
(frm, to), a throw (apult, piece, landing), a victim (sq,), a drop
(HAND, sq) where HAND is a negative id of a hand-tray slot. The play scene
asks the adapter for the paths of the legal actions, highlights the places
that extend the path clicked so far, and applies the action whose path is
complete (several actions with one path open a chooser built from
``choices``). A complete path that longer paths extend is applied when it was
dragged, or when its last place is clicked again; until then the longer
paths' next places stay highlighted (the prefix rule, in PlayScene.on_path).
Actions with no path are buttons in the side panel (``panel_choices``).

What a game's display adds besides paths: ``make_widgets()`` (its side
panel widgets, game/ui/panel_widgets.py), ``animations`` (how its own
events are animated: event kind -> step builder, game/ui/animation.py),
``sounds`` (event kind -> sound name, strongest first), ``markers`` with
``draw_marker(surface, rect, name)`` (what it paints under pieces),
``piece_image(piece, size)`` (its own art), ``show_captured``,
``board_style`` and ``reveals`` (its public reveals: event kind -> words).
The central ui names no game: everything a game brings is here, in its own
folder.

The default adapter is the from/to one (chess ``Move``). A game brings its
own in its folder: ``game/games/<id>/display.py`` sets ``ADAPTER`` to an
instance of a subclass; ``adapter_for`` finds it (a variant made by
subclassing a game borrows its parent's display).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from game.engine import Action, Seat, State

log = logging.getLogger(__name__)

Path = tuple[int, ...]


@dataclass(frozen=True)
class Choice:
    """One option of a chooser or a panel button: the action, a piece to
    show (anything with .seat and .kind), a label, and for a button whose
    action cannot be taken back cheaply, the question asked first."""

    action: Action
    piece: Any = None
    label: str = ""
    ask: str = ""


class MoveAdapter:
    """The from/to adapter: actions with ``.frm`` and ``.to``."""

    board_style = "squares"  # or "points" (pieces on the corners of the squares)
    show_captured = True  # False: no captured-pieces row (nothing is captured)
    mark_one_click = True  # mark the places of a one-click decision before the click
    # In a game with ``kings_left_attacked``: glow round a king the other
    # side could take, as check is marked (False: a king taken is no danger)
    marks_kings_in_danger = True
    # Markers that hint at the mover's choices (captures open, pieces that may
    # move), not facts of the position: a judged lesson's still board drops them.
    hint_markers: frozenset[str] = frozenset()
    animations: dict[str, Any] = {}  # event kind -> builder (game/ui/animation.py)
    sounds: tuple[tuple[str, str], ...] = ()  # (event kind, sound), strongest first
    # Public reveals: event kind -> ``words(event, game)``, what the step
    # turned face up for everyone ("Bids: White 3 · Black 4"; "" when this
    # one reveals nothing). With people at one screen the play scene holds
    # such a step in sight, unscreened, until Continue (viewpoint.py).
    reveals: dict[str, Callable[[Any, Any], str]] = {}

    def make_widgets(self) -> list[Any]:
        """The game's side-panel widgets (game/ui/panel_widgets.py), new each time."""
        return []

    # -- drawing hooks a game may override (the board view calls them) ----------
    def piece_image(self, piece: Any, size: int) -> Any:
        """The game's own art for ``piece`` (a Surface), or None: the app's."""
        return None

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        """Paint marker ``name`` under the piece on ``rect``; True means
        painted (the board adds no lettered badge)."""
        return False

    def draw_marker_over(self, surface: Any, rect: Any, name: str) -> bool:
        """Paint marker ``name`` over the piece (a veil that dims it); True
        means painted."""
        return False

    def selection_markers(self, path: Path) -> dict[int, list[str]]:
        """Markers for the places picked so far, drawn like markers."""
        return {}

    # -- what the game overrides ---------------------------------------------------
    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        """The clicks that make ``action``; None if it is not made on the board."""
        if _has_squares(action):
            return (action.frm, action.to)
        return None

    def keeps_selection(self, action: Action) -> bool:
        """After ``action``, made with one click on a square, is that square
        picked again for the next decision (once the board is still)? For a
        click that ends a turn and starts the next one (Cooperative Chess
        alone: a piece of the colour to move next)."""
        return False

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        """Other click paths that also make ``action`` when no other action
        owns them: a castle also by dropping the king on its landing square."""
        landing = getattr(state, "landing_square", None)
        if landing is None or not _has_squares(action):
            return []
        try:
            land = landing(action)
        except Exception:  # an engine that only knows castles
            return []
        if land is None or land in (action.to, action.frm):
            return []
        return [(action.frm, land)]

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        """Decisions shown as buttons in the side panel ("Pass", "Don't
        swing", a card...): by default every legal action without a path."""
        out = []
        for a in state.legal_actions(seat):
            if self.path_of(state, seat, a) is None:
                out.append(Choice(a, None, _label(state, a)))
        return out

    def hand(self, state: State, seat: Seat) -> list[tuple[int, Any]]:
        """Hand-tray slots (negative ids) with the piece drawn in each."""
        return []

    def pieces_in_hand(self, state: State) -> list[Any]:
        """Every piece waiting off the board to come into play (both sides,
        each as often as it is held): the captured-pieces row counts them
        as in play, so one taken after it came in is listed."""
        return []

    def cards(self, state: State, seat: Seat | None, area: str) -> list[Any]:
        """The card slots (game/ui/card_widgets.py ``CardSlot``) that a card
        widget shows for ``area`` ("hand", "line"...), as ``seat`` sees them."""
        return []

    def piles(self, state: State, seat: Seat | None) -> list[Any]:
        """The card piles (``card_widgets.Pile``) with their counts."""
        return []

    def markers(self, state: State) -> dict[int, list[str]]:
        """Marker names per square, drawn with the pieces ("frozen",
        "selected-victim", "stack:2"...)."""
        return {}

    def path_words(self, state: State, seat: Seat, path: Path, actions: Sequence[Action]) -> str:
        """What the next click does, once ``path`` is clicked and ``actions``
        are those that continue it ("Throw the pawn: click where it lands"),
        for the status line; "" when the marks on the board say enough."""
        return ""

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        """The options when one path stands for several actions."""
        out = []
        for a in actions:
            kind = getattr(a, "promotion", None)
            piece = _piece(state.game.side_of(seat), kind) if kind else None
            label = kind.replace("_", " ").title() if kind else _label(state, a)
            out.append(Choice(a, piece, label))
        return out

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        """Squares to mark as the last move."""
        last = getattr(state, "last_move", None)
        if last is None or not _has_squares(last):
            return ()
        return (last.frm, last.to)

    # -- built on the above ----------------------------------------------------------
    def reveal_words(self, events: Sequence[Any], game: Any) -> tuple[str, ...]:
        """What the step's public reveals say, one line each (the events
        everyone may see only: a reveal is never a secret)."""
        lines = []
        for event in events:
            words = self.reveals.get(event.kind)
            if words is not None and event.audience is None:
                text = words(event, game)
                if text:
                    lines.append(text)
        return tuple(lines)

    def paths(self, state: State, seat: Seat) -> dict[Path, list[Action]]:
        """Every click path of ``seat``'s legal actions, with the actions it makes."""
        table: dict[Path, list[Action]] = {}
        actions = state.legal_actions(seat)
        for a in actions:
            p = self.path_of(state, seat, a)
            if p is not None:
                table.setdefault(tuple(p), []).append(a)
        aliases: dict[Path, list[Action]] = {}
        for a in actions:
            for p in self.alias_paths(state, seat, a):
                if tuple(p) not in table:
                    aliases.setdefault(tuple(p), []).append(a)
        table.update(aliases)
        return table

    def selectable(self, state: State, seat: Seat, sq: int) -> bool:
        return any(p[0] == sq for p in self.paths(state, seat))

    def targets(self, state: State, seat: Seat, from_sq: int) -> dict[int, list[Action]]:
        """For two-click paths: where the piece on ``from_sq`` may go."""
        out: dict[int, list[Action]] = {}
        for p, acts in self.paths(state, seat).items():
            if len(p) == 2 and p[0] == from_sq:
                out.setdefault(p[1], []).extend(acts)
        return out


def _has_squares(a: Any) -> bool:
    return hasattr(a, "frm") and hasattr(a, "to")


def _label(state: State, action: Action) -> str:
    try:
        return state.notation(action)
    except Exception:
        return str(action)


def _piece(side: int, kind: str) -> Any:
    from game.engine.pieces import Piece

    return Piece(side, kind)


DEFAULT = MoveAdapter()


def adapter_for(game: Any) -> MoveAdapter:
    """The game's own adapter (``ADAPTER`` in its display module), else the
    from/to one."""
    from game.games import game_part

    module = game_part(game, "display")
    return getattr(module, "ADAPTER", DEFAULT) if module is not None else DEFAULT
