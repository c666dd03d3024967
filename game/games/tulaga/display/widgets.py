"""Tulaga in the play scene: the two piles, the stone art and the glows.

``build(scene)`` (named by the Tulaga adapter's ``widgets``) returns the
piles widget. The module also draws for the adapter, which the board view
asks first:

- ``stone_surface``: the stones, drawn procedurally (a glossy black or white
  disc; a rank stone has a gold ring and a star), the adapter's
  ``piece_image``;
- ``paint_marker``: the adapter's markers as glows under the stones (the
  pending Tulaga, a ring's centre, the rank stone about to reap and the
  stones a reap would take), the adapter's ``draw_marker``.

The piles widget shows, per player, the simple stones and the rank stones
still in the pile (and how many rank stones are on the board), the player to
act first-marked, in ``scene.widget_rect``, the strip the play scene
reserves for a widget ``height`` pixels tall.
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import art
from game.ui.panel_widgets import PanelWidget

STONE, RANK = "stone", "rank_stone"
HEIGHT = 64
TEXT = (230, 224, 210)
DIM = (140, 146, 154)
BACK = (36, 40, 46)
ACTIVE = (217, 164, 90)

# Glow colours per marker kind.
GLOWS = {
    "tulaga": (250, 205, 70),
    "tulaga-centre": (250, 150, 40),
    "reap-from": (90, 200, 250),
    "reap": (235, 80, 70),
}

_cache = art.SurfaceCache(256)


# -- the stones ---------------------------------------------------------------------------
def stone_surface(seat: int, kind: str, size: int) -> pygame.Surface:
    """A stone of ``seat`` (0 White, 1 Black) in a ``size`` square with alpha:
    a shaded disc with a highlight; a rank stone adds a gold ring and star."""
    size = max(8, int(size))
    return _cache.fetch((seat % 2, kind, size), lambda: _draw_stone(seat % 2, kind, size))


def _draw_stone(seat: int, kind: str, size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    r = size * (0.40 if kind == RANK else 0.34)
    # Shadow.
    pygame.draw.circle(surf, (0, 0, 0, 70), (c + size * 0.03, c + size * 0.05), r)
    white = seat % 2 == 0
    dark, light = ((178, 174, 166), (255, 254, 250)) if white else ((12, 12, 14), (96, 98, 106))
    # Shading: concentric discs from the rim colour to the lit colour,
    # shifted towards the upper left where the light comes from.
    steps = max(6, int(r))
    for i in range(steps):
        t = i / (steps - 1)
        rr = r * (1.0 - 0.75 * t)
        col = tuple(int(dark[k] + (light[k] - dark[k]) * t**1.3) for k in range(3))
        off = r * 0.28 * t
        pygame.draw.circle(surf, col, (c - off, c - off), max(1.0, rr))
    # Specular highlight.
    hl = pygame.Surface((size, size), pygame.SRCALPHA)
    pygame.draw.ellipse(
        hl,
        (255, 255, 255, 150 if not white else 190),
        pygame.Rect(c - r * 0.62, c - r * 0.72, r * 0.7, r * 0.42),
    )
    surf.blit(hl, (0, 0))
    outline = (60, 56, 50) if white else (0, 0, 0)
    pygame.draw.circle(surf, outline, (c, c), r, max(1, size // 40))
    if kind == RANK:
        gold = (214, 168, 62)
        width = max(2, size // 18)
        pygame.draw.circle(surf, gold, (c, c), r * 0.80, width)
        pygame.draw.polygon(surf, gold, _star(c, c, r * 0.50, r * 0.21))
        pygame.draw.polygon(surf, (120, 86, 20), _star(c, c, r * 0.50, r * 0.21), 1)
    return surf


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


# -- the glows ---------------------------------------------------------------------------
def paint_marker(surface: pygame.Surface, rect: pygame.Rect, name: str) -> bool:
    """A glow under the stone for one of the adapter's markers (the board
    view's ``marker_drawer``, through the adapter's ``draw_marker``); False
    for a name that is not Tulaga's."""
    color = GLOWS.get(name.partition(":")[0])
    s = rect.width
    if color is None or s <= 0:
        return False
    glow = pygame.Surface((s, s), pygame.SRCALPHA)
    for i in range(4):
        alpha = 40 + 30 * i
        pygame.draw.circle(glow, (*color, alpha), (s / 2, s / 2), s * (0.48 - 0.04 * i))
    surface.blit(glow, glow.get_rect(center=rect.center))
    if name == "tulaga-centre":
        pygame.draw.circle(surface, color, rect.center, s * 0.2, max(2, s // 20))
    return True


# -- the piles ---------------------------------------------------------------------------
class TulagaPiles(PanelWidget):
    """Per player: simple stones and rank stones in the pile."""

    height = HEIGHT

    def rows(self) -> list[tuple[str, int, int, int, bool]]:
        """(name, simple stones in the pile, rank stones in the pile, rank
        stones on the board, acting) per seat."""
        state = self.seen.state if self.seen is not None else None
        if state is None:
            return []
        acting = state.to_act()
        return [
            (
                state.game.seats[seat],
                state.pile[seat],
                state.rank_pile[seat],
                state.rank_on_board(seat),
                seat in acting,
            )
            for seat in (1, 0)  # Black first: Black starts
        ]

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        rect = self.rect
        rows = self.rows()
        if not rows:
            return
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = art.ui_font(15)
        row_h = (rect.height - 6) // 2
        icon = max(12, min(28, row_h - 2))
        for i, (name, simple, rank, on_board, acting) in enumerate(rows):
            seat = 1 if i == 0 else 0
            y = rect.y + 3 + i * row_h
            mid = y + row_h // 2
            if acting:
                pygame.draw.circle(surface, ACTIVE, (rect.x + 8, mid), 4)
            label = font.render(name, True, TEXT if acting else DIM)
            surface.blit(label, (rect.x + 16, mid - label.get_height() // 2))
            x = rect.x + 16 + max(54, label.get_width() + 8)
            surface.blit(stone_surface(seat, STONE, icon), (x, mid - icon // 2))
            text = font.render(f"{simple}", True, TEXT)
            surface.blit(text, (x + icon + 2, mid - text.get_height() // 2))
            x += icon + 36
            surface.blit(stone_surface(seat, RANK, icon), (x, mid - icon // 2))
            text = font.render(f"{rank} ({on_board} on board)", True, TEXT)
            surface.blit(text, (x + icon + 2, mid - text.get_height() // 2))
