"""Card widgets for the side panel: a hand, a face-up line, and piles with
their counts, drawn with game/ui/cards.py from what the viewer may see.

A game's adapter says what each shows: ``cards(state, seat, area)`` gives a
list of ``CardSlot`` for the hand or the line (a card, or None for its back;
a ``gap`` is an empty slot to drop a card into), ``piles(state, seat)`` the
piles. Slots with a ``place`` take part in click paths (a negative id the
adapter's paths use): click a card in the hand, then a square or a gap in
the line, or drag it there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.ui import art
from game.ui import cards as ui_cards
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM, fit

TITLE_H = 18


@dataclass(frozen=True)
class CardSlot:
    place: int | None  # the click-path place, None if it takes no part in paths
    card: Any = None  # the card shown; None: its back (or nothing, for a gap)
    gap: bool = False  # an empty slot: an outline to drop a card into


@dataclass(frozen=True)
class Pile:
    label: str
    count: int
    top: Any = None  # the face-up top card (a discard pile), else backs
    place: int | None = None


class _CardRow(PanelWidget):
    """What the hand and the line share: slots laid out in a row."""

    area = ""

    def __init__(self, adapter: Any, title: str) -> None:
        super().__init__()
        self.adapter = adapter
        self.title = title
        self.slots: list[CardSlot] = []
        self._rects: list[pygame.Rect] = []

    def refresh(self, seen: Any) -> None:
        super().refresh(seen)
        seat = seen.actor if seen.actor is not None else seen.viewer
        self.slots = list(self.adapter.cards(seen.state, seat, self.area))

    def _cards_area(self) -> pygame.Rect:
        return pygame.Rect(
            self.rect.x + 6, self.rect.y + TITLE_H, self.rect.w - 12, self.rect.h - TITLE_H - 4
        )

    def places_area(self) -> pygame.Rect:
        return self._cards_area()

    def _layout(self, paths: Any) -> list[pygame.Rect]:
        raise NotImplementedError

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        label = art.ui_font(13).render(self.title, True, TEXT if self.slots else TEXT_DIM)
        surface.blit(label, (self.rect.x + 8, self.rect.y + 2))
        self._rects = self._layout(paths)
        path = tuple(paths.path) if paths is not None else ()
        targets = paths.targets if paths is not None else set()
        dragged = paths.dragged_place if paths is not None else None
        for slot, rect in zip(self.slots, self._rects, strict=True):
            if slot.gap or slot.place is not None and slot.place == dragged:
                _outline(surface, rect, slot.place in targets)
                continue
            surface.blit(ui_cards.card_surface(slot.card, rect.width), rect)
            if slot.place is None:
                continue
            if slot.place in path:
                _ring(surface, rect, ui_cards.SELECTED)
            elif slot.place in targets or (
                not path and paths is not None and paths.can_pick(slot.place)
            ):
                _ring(surface, rect, ui_cards.HIGHLIGHT)

    def _selected(self, paths: Any) -> set[int]:
        path = tuple(paths.path) if paths is not None else ()
        return {i for i, s in enumerate(self.slots) if s.place is not None and s.place in path}

    def shows(self, place: int) -> bool:
        return any(slot.place == place for slot in self.slots)

    def place_at(self, pos: tuple[int, int]) -> int | None:
        i = ui_cards.card_at(self._rects, pos)
        return self.slots[i].place if i is not None else None

    def place_rect(self, place: int) -> pygame.Rect | None:
        for slot, rect in zip(self.slots, self._rects, strict=False):
            if slot.place == place:
                return rect
        return None

    def place_image(self, place: int, size: int) -> pygame.Surface | None:
        for slot in self.slots:
            if slot.place == place and not slot.gap:
                return ui_cards.card_surface(slot.card, max(24, int(size * 0.8)))
        return None


class CardHand(_CardRow):
    """The viewer's hand: a centred row that lifts the card picked up."""

    height = 124
    # Smaller cards rather than a hand cut by its view: at 800 x 560 with a
    # clock, Tar Pit's hand showed half its title over whole cards.
    least_height = 96
    area = "hand"

    def __init__(self, adapter: Any, title: str = "Your hand") -> None:
        super().__init__(adapter, title)

    def _layout(self, paths: Any) -> list[pygame.Rect]:
        return ui_cards.hand_rects(len(self.slots), self._cards_area(), self._selected(paths))


class CardLine(_CardRow):
    """A face-up line, left to right, gaps included."""

    height = 96
    area = "line"

    def __init__(self, adapter: Any, title: str = "Face-up line") -> None:
        super().__init__(adapter, title)

    def _layout(self, paths: Any) -> list[pygame.Rect]:
        return ui_cards.line_rects(len(self.slots), self._cards_area())


def pile_label(words: str, width: int) -> pygame.Surface:
    """A pile's label under a pile ``width`` wide: whole where it fits, else
    its first word ("Draw", "White's"), in a smaller font if need be, cut
    last of all (four piles' labels ran into each other at 800 x 560)."""
    font = art.ui_font(13)
    if font.size(words)[0] > width - 4:
        words = words.split()[0]
    if font.size(words)[0] > width - 4:
        font = art.ui_font(10)
    return font.render(fit(words, font, width - 4), True, TEXT)


class CardPiles(PanelWidget):
    """Piles side by side, each with its count and label."""

    height = 104

    def __init__(self, adapter: Any) -> None:
        super().__init__()
        self.adapter = adapter
        self.piles: list[Pile] = []
        self._areas: list[pygame.Rect] = []

    def refresh(self, seen: Any) -> None:
        super().refresh(seen)
        seat = seen.actor if seen.actor is not None else seen.viewer
        self.piles = list(self.adapter.piles(seen.state, seat))

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        n = max(1, len(self.piles))
        width = (self.rect.w - 8) // n
        targets = paths.targets if paths is not None else set()
        self._areas = []
        for i, pile in enumerate(self.piles):
            area = pygame.Rect(
                self.rect.x + 4 + i * width, self.rect.y + 4, width, self.rect.h - 26
            )
            self._areas.append(area)
            ui_cards.draw_pile(
                surface, area, pile.count, pile.top, highlighted=pile.place in targets
            )
            label = pile_label(pile.label, area.w)
            surface.blit(label, label.get_rect(midtop=(area.centerx, area.bottom + 2)))

    def place_at(self, pos: tuple[int, int]) -> int | None:
        for pile, area in zip(self.piles, self._areas, strict=False):
            if pile.place is not None and area.collidepoint(pos):
                return pile.place
        return None

    def place_rect(self, place: int) -> pygame.Rect | None:
        for pile, area in zip(self.piles, self._areas, strict=False):
            if pile.place == place:
                return area
        return None


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    pygame.draw.rect(
        surface, colour, rect, max(2, rect.width // 16), border_radius=max(2, rect.width // 14)
    )


def _outline(surface: pygame.Surface, rect: pygame.Rect, marked: bool) -> None:
    colour = ui_cards.HIGHLIGHT if marked else (110, 118, 128)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=max(2, rect.width // 14))
