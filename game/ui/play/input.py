"""Clicks and drags become decisions: the one place that keeps the path of
places clicked so far, the places that continue it, the drag of a piece or a
card, and the prefix rule.

Every decision made on the board or with a widget is a *path* of places (see
game/ui/adapters.py): board squares (0, 1, ...) or negative ids that widgets
show (a piece in the hand tray, a card in the hand). ``offer(table)`` gives
the decision at hand: each path with the actions it makes. A click on a
place that starts a path selects it and marks the places that continue it;
clicking one of those extends the path; a drag from one place to another is
the same as two clicks. When the path equals a complete action's path the
scene's ``decide(actions, path, dragged_from)`` plays it (or opens a chooser
when several actions share it).

The prefix rule: a complete path that longer paths extend (a capture by a
piece that could also go on from there) is played at once only when it was
dragged; clicked, it stays selected with the longer paths' next places
marked and its own last place too: clicking that place again confirms it,
clicking a continuation goes on, clicking elsewhere puts it down.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

import pygame

from game.ui.board_view import BoardView

Path = tuple[int, ...]

DRAG_THRESHOLD = 4  # pixels the mouse moves before a press becomes a drag


class PlaceSource(Protocol):
    """A widget whose places (negative ids) take part in click paths."""

    def place_at(self, pos: tuple[int, int]) -> int | None: ...

    def place_image(self, place: int, size: int) -> pygame.Surface | None: ...


class ClickPaths:
    def __init__(
        self,
        board: BoardView,
        decide: Callable[[list[Any], Path, int | None], bool],
        sounds: Any = None,
    ) -> None:
        self.board = board
        self.decide = decide
        self.sounds = sounds
        self.sources: list[PlaceSource] = []  # widgets with places
        self.places_in: pygame.Rect | None = None  # where widgets' places may be clicked
        # Mark the places of a decision made in one click before any click
        # (a square to pick, a victim to strike); a game with many such
        # places (a placement anywhere on the board) turns it off.
        self.mark_one_click = True
        # Mark the places that continue the path (off for a premove, whose
        # legality is judged only when its turn comes).
        self.show_targets = True
        self.table: dict[Path, list[Any]] = {}
        self.enabled = True
        # Told of a click on a place that starts no path (a piece that cannot
        # move), so the scene can say why instead of doing nothing.
        self.on_stuck: Callable[[int], None] | None = None
        self.path: list[int] = []
        self.targets: set[int] = set()
        self.waiting: Path | None = None  # a complete prefix path awaiting its confirming click
        self._press: tuple[int, tuple[int, int], bool] | None = None  # place, where, was selected
        self.dragging = False
        self.drag_pos: tuple[int, int] = (0, 0)

    # -- the decision at hand ----------------------------------------------------------
    def offer(self, table: dict[Path, list[Any]]) -> None:
        """The click paths of the decision at hand (an empty table: none)."""
        if table != self.table:
            self.table = table
            self.clear()

    def clear(self) -> None:
        self.path = []
        self.targets = set()
        self.waiting = None
        self._press = None
        self.dragging = False
        self._show()

    def _show(self) -> None:
        targets = self.targets
        if not self.path and self.mark_one_click and self.table:
            if all(len(p) == 1 for p in self.table):
                targets = {p[0] for p in self.table}
        self.board.show_selection(self.path, targets if self.show_targets else set())
        self.board.lifted = self._press[0] if self.dragging and self._press[0] >= 0 else None

    @property
    def dragged_place(self) -> int | None:
        """The place whose piece or card is being dragged, if any."""
        return self._press[0] if self.dragging and self._press is not None else None

    @property
    def prefix_waiting(self) -> bool:
        """Is a complete path that longer paths extend waiting to be confirmed?"""
        return self.waiting is not None and tuple(self.path) == self.waiting

    def can_pick(self, place: int) -> bool:
        return self.enabled and any(p[0] == place for p in self.table)

    def _longer(self, path: Path) -> set[int]:
        n = len(path)
        return {p[n] for p in self.table if len(p) > n and p[:n] == path}

    def extensions(self, path: Iterable[int]) -> set[int]:
        """Places that continue ``path``: the longer paths' next places and,
        when ``path`` is itself complete, its last place again (to confirm)."""
        path = tuple(path)
        out = self._longer(path)
        if out and path in self.table:
            out.add(path[-1])
        return out

    # -- where the mouse is ------------------------------------------------------------------
    def place_at(self, pos: tuple[int, int]) -> int | None:
        sq = self.board.square_at(pos)
        if sq is not None:
            return sq
        if self.places_in is not None and not self.places_in.collidepoint(pos):
            return None
        for source in self.sources:
            place = source.place_at(pos)
            if place is not None:
                return place
        return None

    def _image(self, place: int) -> pygame.Surface | None:
        size = self.board.square
        if place >= 0:
            piece = self.board.shown.get(place)
            return self.board.art.get(piece) if piece is not None else None
        for source in self.sources:
            image = source.place_image(place, size)
            if image is not None:
                return image
        return None

    # -- gestures ---------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """Mouse input for click paths; True if used."""
        button = getattr(event, "button", 1)
        if event.type == pygame.MOUSEMOTION:
            self.board.hover = self.board.square_at(event.pos)
            if self._press is None:
                return False
            place, start, _ = self._press
            moved = max(abs(event.pos[0] - start[0]), abs(event.pos[1] - start[1]))
            if not self.dragging and moved > DRAG_THRESHOLD and self._image(place) is not None:
                self.dragging = True
                self._show()
            if self.dragging:
                self.drag_pos = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and button == 1:
            place = self.place_at(event.pos)
            if place is None:
                if self.path:
                    self.clear()
                return False
            self.press(place, event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONUP and button == 1:
            return self._release(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and button == 3 and self.path:
            self.clear()
            return True
        return False

    def press(self, place: int, pos: tuple[int, int] | None = None) -> None:
        """A click on a place; with ``pos`` the press may become a drag. A
        click while the board animates (the computer's quick reply) ends the
        animation and counts: it was dropped, and with it a move or premove."""
        if not self.enabled or self.board.pending is not None:
            return
        while self.board.animating:  # shown where it ends, at once
            self.board.update(1e9)
        if self.path and place in self.targets:
            self._extend(place, dragged=False)
            return
        if not self.can_pick(place):
            self.clear()
            if self.enabled and self.table and self.on_stuck is not None:
                self.on_stuck(place)
            return
        was = self.path == [place]
        self.path = [place]
        self.targets = self.extensions(self.path)
        self.waiting = None
        self._show()
        if not self.targets:  # a one-click decision
            if self._on_path((place,), False) == "done":
                self.clear()
                return
        if pos is not None:
            self._press = (place, pos, was)
            self.dragging = False
            self.drag_pos = pos
        elif was:
            self._second_click(place)

    def _second_click(self, place: int) -> None:
        """A second click on the place just picked: a complete one-place path
        is played, anything else is put down."""
        self._on_path((place,), False)
        self.clear()

    def _release(self, pos: tuple[int, int]) -> bool:
        if self._press is None:
            return False
        frm, _, was_selected = self._press
        dragged = self.dragging
        self._press, self.dragging = None, False
        self._show()
        if not dragged:
            if was_selected:
                self._second_click(frm)
            return True
        to = self.place_at(pos)
        if to == frm:
            return True  # put back where it was: still selected, for click-click
        if to is not None and to in self.targets:
            self._extend(to, dragged=True, drop_pos=pos)
            return True
        self._refuse(frm, pos)
        self.clear()
        return True

    def _extend(self, place: int, dragged: bool, drop_pos: tuple[int, int] | None = None) -> None:
        path = (*self.path, place)
        frm = self.path[-1]
        result = self._on_path(path, dragged)
        if result == "more":
            self.path = list(path)
            self.targets = self.extensions(path)
            self._show()
            return
        self.clear()
        if result != "done":
            self._refuse(frm, drop_pos if dragged else None)

    def _refuse(self, frm: int, drop_pos: tuple[int, int] | None) -> None:
        """An illegal drop or click: the piece flies home, a sound says no."""
        if drop_pos is not None and frm >= 0:
            self.board.fly_home(frm, drop_pos)
        if self.sounds is not None:
            self.sounds.play("illegal")

    def _on_path(self, path: Path, dragged: bool) -> str:
        """ "done" (played, or a chooser opened), "more" or "no"; the prefix
        rule lives here."""
        table = self.table
        actions = table.get(path)
        if (
            not actions
            and len(path) >= 2
            and path[-1] == path[-2]
            and path[:-1] in table
            and self._longer(path[:-1])
        ):
            path, dragged = path[:-1], False  # the confirming click
            actions = table[path]
        elif actions and not dragged and self._longer(path):
            self.waiting = path  # wait: confirm this one, or go on
            return "more"
        if not actions:
            return "more" if self.extensions(path) else "no"
        instant = path[-2] if dragged and len(path) >= 2 else None
        return "done" if self.decide(list(actions), path, instant) else "no"

    # -- drawing ------------------------------------------------------------------------------
    def draw_drag(self, surface: pygame.Surface) -> None:
        """The dragged piece or card, above everything (drawn last)."""
        if self.dragging and self._press is not None:
            image = self._image(self._press[0])
            if image is not None:
                surface.blit(image, image.get_rect(center=self.drag_pos))
