"""Per-game widgets in the side panel: the base class and the generic ones.

A game's adapter makes its widgets (``make_widgets``). The play scene stacks
them under the move list, each in its own rectangle ``rect``, ``height``
pixels tall, so any number of widgets never overlap. Whenever the step or
the viewer changes the scene calls ``refresh(seen)`` with what the viewer may
see (game/ui/play/viewpoint.py ``Seen``): a widget draws only from that,
never from the match. After a step is played the scene hands each widget
the step's events the viewer may see (``on_events``), so a widget animates
what happened, as the board does, rather than tell it from two states.
Widgets whose places take part in click paths (a piece
in hand, a card) answer ``place_at``, ``place_image`` and ``place_rect``
(where a place is, so a hint can ring it) and draw the selection from the
click-path input handed to ``draw``.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Event
from game.ui import art
from game.ui.widgets import ACCENT, CARD_BG, CARD_BORDER, TEXT, TEXT_DIM

PICKED = (52, 70, 50)


class PanelWidget:
    height: int = 0
    # The least height the widget may be drawn at, in a view of the panel
    # shorter than ``height`` (0: it keeps its height and the view scrolls).
    least_height: int = 0

    def __init__(self) -> None:
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.seen: Any = None
        # The click-path places as last drawn (place id -> rect): a widget
        # that fills it in ``draw`` gets place_at and place_rect for free.
        self.rects: dict[int, pygame.Rect] = {}
        # The board's light and dark squares in the current theme (the
        # scene keeps them up to date), for widgets that show squares.
        self.squares: tuple[tuple[int, int, int], ...] = ((240, 217, 181), (181, 136, 99))
        # The best score kept for this game and mode (game/records.py ``Best``;
        # None: none, or the game cannot count), and whether the game is
        # assisted (its score will not count): the scene keeps them up to date
        # for a score widget to show beside the running score.
        self.best: Any = None
        self.assisted = False

    def refresh(self, seen: Any) -> None:
        """What the viewer may see now (``seen.state`` is their view)."""
        self.seen = seen

    def best_words(self, number: Any = None) -> str:
        """The best kept, for beside the running score: "best 48" (the
        score written by ``number``, default as a plain number), and
        "assisted" once undo or a hint means this game will not count;
        "" for neither."""
        words = []
        if self.best is not None:
            score = self.best.score
            shown = number(score) if number else str(int(score) if score == int(score) else score)
            words.append(f"best {shown}")
        if self.assisted:
            words.append("assisted")
        return " · ".join(words)

    def on_events(self, events: list[Event]) -> None:
        """The events of the step just played, after the refresh that shows
        it: only those whose audience takes in the viewer (under the privacy
        screen, only those everyone may see). Not called when the game
        jumps (undo, a resumed game): ``seen.step`` then changes alone."""

    def shown(self, field: str) -> Any:
        """The viewer's state if it is one this widget knows (it has
        ``field``), else None: before the first refresh, or over a state
        of another game, the widget draws nothing of its own."""
        state = self.seen.state if self.seen is not None else None
        return state if state is not None and hasattr(state, field) else None

    @property
    def names(self) -> tuple[str, ...]:
        """The names typed for the seats ("" for none; () before the first
        refresh): a widget calls people by them, as the rest of the scene does."""
        return getattr(self.seen, "names", ())

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        """Draw inside ``rect``; ``paths`` is the click-path input (its
        ``path``, ``targets`` and ``dragged_place``)."""

    def handle(self, event: pygame.event.Event) -> bool:
        """Input of the widget's own (not click paths); True if used."""
        return False

    def update(self, dt: float) -> None:
        pass

    @property
    def animating(self) -> bool:
        """Something of the widget's own is moving (the scene keeps drawing
        frames until it stops, rather than waiting for input)."""
        return False

    def place_at(self, pos: tuple[int, int]) -> int | None:
        """The click-path place under ``pos`` (a negative id), if any."""
        for place, rect in self.rects.items():
            if rect.collidepoint(pos):
                return place
        return None

    def place_image(self, place: int, size: int) -> pygame.Surface | None:
        """What is dragged from ``place``, at about ``size`` pixels."""
        return None

    def shows(self, place: int) -> bool:
        """Is ``place`` one of this widget's (where it was last drawn,
        unless the widget knows its places from its refresh)?"""
        return self.place_rect(place) is not None

    def place_rect(self, place: int) -> pygame.Rect | None:
        """Where ``place`` is drawn (as last drawn), for marking it from
        outside (a hint); None if the widget does not show it."""
        return self.rects.get(place)

    def places_area(self) -> pygame.Rect:
        """The part of the widget a decision is clicked in, shown whole
        rather than the title when the widget is taller than its view."""
        return self.rect


class PieceTray(PanelWidget):
    """The pieces in hand that can be dropped on the board: one slot per
    kind, from the adapter's ``hand`` for the person deciding (or, between
    decisions, for the viewer)."""

    height = 56

    def __init__(self, adapter: Any, title: str = "In hand") -> None:
        super().__init__()
        self.adapter = adapter
        self.title = title
        self.slots: list[tuple[int, Any]] = []

    def refresh(self, seen: Any) -> None:
        super().refresh(seen)
        seat = seen.actor if seen.actor is not None else seen.viewer
        self.slots = list(self.adapter.hand(seen.state, seat)) if seat is not None else []

    def empty_words(self) -> str:
        """An empty tray's line, one phrase ("Mage in hand: none"; the
        title and a word apart read as "Mage in hand  nothing")."""
        return f"{self.title}: none"

    def _label_width(self) -> int:
        return art.ui_font(14).size(self.title)[0] + 16

    def slot_rects(self) -> dict[int, pygame.Rect]:
        label_w = self._label_width()
        size = min(self.rect.h - 8, 48)
        out = {}
        for i, (slot, _piece) in enumerate(self.slots):
            out[slot] = pygame.Rect(
                self.rect.x + label_w + i * (size + 6), self.rect.y + 4, size, size
            )
        return out

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        font = art.ui_font(14)
        words = self.title if self.slots else self.empty_words()
        label = font.render(words, True, TEXT if self.slots else TEXT_DIM)
        surface.blit(label, (self.rect.x + 8, self.rect.centery - label.get_height() // 2))
        if not self.slots:
            return
        pieces = dict(self.slots)
        for slot, rect in self.slot_rects().items():
            picked = slot in paths.path
            target = slot in paths.targets
            pygame.draw.rect(surface, PICKED if picked else (30, 35, 43), rect, border_radius=6)
            edge = ACCENT if picked or target else CARD_BORDER
            pygame.draw.rect(surface, edge, rect, 1, border_radius=6)
            if paths.dragged_place != slot:
                img = art.piece_surface(*pieces[slot], rect.w)
                surface.blit(img, img.get_rect(center=rect.center))

    def shows(self, place: int) -> bool:
        return place in dict(self.slots)

    def place_at(self, pos: tuple[int, int]) -> int | None:
        for slot, rect in self.slot_rects().items():
            if rect.collidepoint(pos):
                return slot
        return None

    def place_rect(self, place: int) -> pygame.Rect | None:
        return self.slot_rects().get(place)

    def place_image(self, place: int, size: int) -> pygame.Surface | None:
        piece = dict(self.slots).get(place)
        return art.piece_surface(*piece, size) if piece is not None else None


class WidgetColumn:
    """A game's widgets in a column beside a board, for the scenes that show
    a position without the play scene's panel (a lesson, a puzzle): as many
    as fit, each in its own rectangle, clipped to the column."""

    def __init__(self, adapter: Any) -> None:
        self.items: list[PanelWidget] = list(adapter.make_widgets())
        self.heights = [0] * len(self.items)
        self.view = pygame.Rect(0, 0, 0, 0)

    def fit(self, room: int, keep: int = 0, hide: bool = False) -> int:
        """Give each widget in turn its height while ``keep`` pixels of
        ``room`` stay free (none when ``hide``); the height used."""
        used = 0
        for i, widget in enumerate(self.items):
            wh = max(0, int(widget.height))
            if hide or room - used - wh - 6 < keep:
                wh = 0  # no room for it in this window
            self.heights[i] = wh
            used += wh + (6 if wh else 0)
        return used

    def place(self, x: int, top: int, width: int) -> None:
        """Stack the fitted widgets from ``top`` down."""
        self.view = pygame.Rect(x, top, width, max(0, sum(h + 6 for h in self.heights if h) - 6))
        for widget, wh in zip(self.items, self.heights, strict=True):
            widget.rect = pygame.Rect(x, top, width, wh)
            top += wh + (6 if wh else 0)

    def refresh(self, seen: Any) -> None:
        for widget in self.items:
            widget.refresh(seen)

    def on_events(self, events: list[Event]) -> None:
        for widget in self.items:
            widget.on_events(events)

    def update(self, dt: float) -> None:
        for widget in self.items:
            widget.update(dt)

    @property
    def animating(self) -> bool:
        return any(widget.animating for widget in self.items)

    def handle(self, event: pygame.event.Event) -> bool:
        pos = getattr(event, "pos", None)
        if pos is None or not self.view.collidepoint(pos):
            return False
        return any(w.rect.h and w.handle(event) for w in self.items)

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.view)
        for widget in self.items:
            if widget.rect.h:
                widget.draw(surface, paths)
        surface.set_clip(clip)
