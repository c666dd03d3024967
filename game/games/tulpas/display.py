"""Tulpas on screen: the Maces adapter plus the Tulpa cards widget, which
shows which Tulpas each side has still to create. The widget draws in the
side panel.

Where: ``scene.widget_rect``, the strip the play scene reserves in the side
panel for a widget ``height`` pixels tall.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.games.maces.display import MacesAdapter
from game.games.maces.rules import TULPAS
from game.ui import art

HEIGHT = 58
TEXT = (220, 214, 200)
DIM = (140, 146, 154)
BACK = (36, 40, 46)


class TulpaCards:
    height = HEIGHT

    def __init__(self, scene: Any):
        self.scene = scene

    # -- the widget protocol -------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        return False  # display only: picks and guesses are panel buttons

    def update(self, dt: float) -> None:
        pass

    def rect(self) -> pygame.Rect | None:
        """The strip the play scene reserved for this widget (``height`` tall)."""
        rect = getattr(self.scene, "widget_rect", None)
        return pygame.Rect(rect) if rect is not None else None

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        state = getattr(getattr(self.scene, "match", None), "state", None)
        hands = getattr(state, "hands", None)
        if rect is None or hands is None:
            return
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = art.ui_font(15)
        seats = state.game.seats
        row_h = (rect.height - 6) // 2
        icon = max(12, row_h - 4)
        for seat in (0, 1):
            y = rect.y + 3 + seat * row_h
            label = font.render(f"{seats[seat]} Tulpas:", True, TEXT)
            surface.blit(label, (rect.x + 8, y + (row_h - label.get_height()) // 2))
            x = rect.x + 16 + label.get_width()
            hand = hands[seat]
            for kind in TULPAS:
                img = art.piece_surface(seat, kind, icon)
                if kind not in hand:
                    img = img.copy()
                    img.set_alpha(60)  # created (or being placed)
                surface.blit(img, (x, y + 2))
                x += icon + 2
            if not hand:
                done = font.render("all created", True, DIM)
                surface.blit(done, (x + 4, y + (row_h - done.get_height()) // 2))


def build(scene: Any) -> TulpaCards:
    return TulpaCards(scene)


class TulpasAdapter(MacesAdapter):
    widgets = ("game.games.tulpas.display",)


ADAPTER = TulpasAdapter()
