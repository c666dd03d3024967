"""Mulligan Stew Chess side-panel widget: each side's promotion pool and the
part of the turn being played (light, then dark). Display only (promotions
are made on the board or with the panel buttons).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui import art
from game.ui.panel_widgets import PanelWidget

HEIGHT = 86
TEXT = (220, 214, 200)
DIM = (140, 146, 154)
BACK = (36, 40, 46)
ACTIVE = (217, 164, 90)


def part_text(state: Any) -> str:
    """The indicator's words: whose turn and which part, or the result."""
    if state.is_over():
        return "Game over"
    seat = state.game.seats[state.turn]
    part = "light part" if state.part == 0 else "dark part"
    text = f"{seat}: {part}"
    if state.part == 0:
        text += " (then dark)"
    if getattr(state, "passes", 0):
        text += f" - {state.passes} pass"
    return text


def pool_counts(pool) -> list[tuple[str, int]]:
    """(kind, how many) in pool order."""
    out: dict[str, int] = {}
    for kind in pool:
        out[kind] = out.get(kind, 0) + 1
    return list(out.items())


class PoolAndPart(PanelWidget):
    height = HEIGHT

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        rect = self.rect
        state = self.seen.state if self.seen is not None else None
        if state is None:
            return
        pools = state.pools
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = art.ui_font(15)
        row_h = (rect.height - 6) // 3
        icon = max(12, row_h - 4)

        # The part of the turn: a light and a dark square, the current one ringed.
        y = rect.y + 3
        x = rect.x + 8
        for part, colour in enumerate(self.squares):  # the board's own colours
            sw = pygame.Rect(x, y + 3, row_h - 6, row_h - 6)
            pygame.draw.rect(surface, colour, sw)
            if not state.is_over() and state.part == part:
                pygame.draw.rect(surface, ACTIVE, sw.inflate(4, 4), 2)
            x += row_h - 2
        label = font.render(part_text(state), True, TEXT)
        surface.blit(label, (x + 6, y + (row_h - label.get_height()) // 2))

        for seat in (0, 1):
            y = rect.y + 3 + (seat + 1) * row_h
            label = font.render(f"{state.game.seats[seat]} pool:", True, TEXT)
            surface.blit(label, (rect.x + 8, y + (row_h - label.get_height()) // 2))
            x = rect.x + 16 + label.get_width()
            counts = pool_counts(pools[seat])
            if not counts:
                empty = font.render("empty", True, DIM)
                surface.blit(empty, (x, y + (row_h - empty.get_height()) // 2))
            for kind, n in counts:
                surface.blit(art.piece_surface(seat, kind, icon), (x, y + 2))
                x += icon + 2
                if n > 1:
                    times = font.render(f"x{n}", True, DIM)
                    surface.blit(times, (x, y + (row_h - times.get_height()) // 2))
                    x += times.get_width() + 4
