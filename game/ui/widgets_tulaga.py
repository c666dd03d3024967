"""Tulaga in the play scene: the two piles, the stone art and the glows.

``build(scene)`` (named by the Tulaga adapter's ``widgets``) returns the
piles widget and, on the scene's board view:

- installs ``StoneArt``, which draws the stones procedurally (a glossy black
  or white disc; a rank stone has a gold ring and a star) and hands every
  other kind to the board's own art;
- sets ``board.marker_painter`` to draw the adapter's markers as glows under
  the stones: the pending Tulaga, a ring's centre, the rank stone about to
  reap and the stones a reap would take.

The piles widget shows, per player, the simple stones and the rank stones
still in the pile (and how many rank stones are on the board), the player to
act first-marked. Where: ``scene.widget_rect`` if the play scene reserves
one, else a strip just above the captured-pieces area (``scene.captured_rect``).
"""

from __future__ import annotations

import math
from typing import Any

import pygame

from game.ui import art

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

_cache: dict[tuple[int, str, int], pygame.Surface] = {}


# -- the stones ---------------------------------------------------------------------------
def stone_surface(seat: int, kind: str, size: int) -> pygame.Surface:
    """A stone of ``seat`` (0 White, 1 Black) in a ``size`` square with alpha:
    a shaded disc with a highlight; a rank stone adds a gold ring and star."""
    size = max(8, int(size))
    key = (seat % 2, kind, size)
    surf = _cache.get(key)
    if surf is not None:
        return surf
    if len(_cache) > 256:
        _cache.clear()
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
    _cache[key] = surf
    return surf


def _star(cx: float, cy: float, outer: float, inner: float) -> list[tuple[float, float]]:
    pts = []
    for i in range(10):
        rad = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / 5
        pts.append((cx + rad * math.cos(a), cy + rad * math.sin(a)))
    return pts


class StoneArt:
    """The board's art with Tulaga stones drawn here; other kinds go to
    ``fallback`` (the board's own ``PieceArt``)."""

    def __init__(self, fallback: Any = None):
        self.fallback = fallback
        self.size = getattr(fallback, "size", 0)

    def resize(self, size: int) -> None:
        self.size = size
        if self.fallback is not None:
            self.fallback.resize(size)

    def get(self, piece: Any, size: int | None = None) -> pygame.Surface:
        kind = getattr(piece, "kind", None)
        if kind in (STONE, RANK):
            return stone_surface(piece.seat, kind, size or self.size or 48)
        if self.fallback is not None:
            return self.fallback.get(piece, size)
        return stone_surface(piece.seat, STONE, size or self.size or 48)


# -- the glows ---------------------------------------------------------------------------
def paint_markers(surface: pygame.Surface, board: Any) -> None:
    """Glows under the stones for the adapter's markers (``board.markers``)."""
    markers = getattr(board, "markers", None) or {}
    s = getattr(board, "square", 0)
    if s <= 0:
        return
    for sq, names in markers.items():
        if sq < 0:
            continue
        for name in names:
            color = GLOWS.get(name.partition(":")[0])
            if color is None:
                continue
            center = board.square_center(sq)
            glow = pygame.Surface((s, s), pygame.SRCALPHA)
            for i in range(4):
                alpha = 40 + 30 * i
                pygame.draw.circle(glow, (*color, alpha), (s / 2, s / 2), s * (0.48 - 0.04 * i))
            surface.blit(glow, glow.get_rect(center=center))
            if name == "tulaga-centre":
                pygame.draw.circle(surface, color, center, s * 0.2, max(2, s // 20))


# -- the piles ---------------------------------------------------------------------------
class TulagaPiles:
    """Per player: simple stones and rank stones in the pile."""

    height = HEIGHT

    def __init__(self, scene: Any):
        self.scene = scene
        self._font: pygame.font.Font | None = None

    def handle(self, event: pygame.event.Event) -> bool:
        return False  # display only

    def update(self, dt: float) -> None:
        pass

    def rect(self) -> pygame.Rect | None:
        rect = getattr(self.scene, "widget_rect", None)
        if rect is not None:
            return pygame.Rect(rect)
        below = getattr(self.scene, "captured_rect", None)
        if below is None:
            return None
        return pygame.Rect(below.x, below.y - HEIGHT - 4, below.width, HEIGHT)

    def rows(self) -> list[tuple[str, int, int, int, bool]]:
        """(name, simple stones in the pile, rank stones in the pile, rank
        stones on the board, acting) per seat."""
        state = getattr(getattr(self.scene, "match", None), "state", None)
        if state is None or not hasattr(state, "rank_pile"):
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

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        rows = self.rows()
        if rect is None or not rows:
            return
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = self._get_font()
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
            text = font.render(f"{rank}  ({on_board} on board)", True, TEXT)
            surface.blit(text, (x + icon + 2, mid - text.get_height() // 2))

    def _get_font(self) -> pygame.font.Font:
        if self._font is None:
            try:
                self._font = pygame.font.Font(str(art.font_path("regular")), 15)
            except Exception:
                self._font = pygame.font.Font(None, 18)
        return self._font


def build(scene: Any) -> TulagaPiles:
    board = getattr(scene, "board", None)
    if board is not None:
        if not isinstance(board.art, StoneArt):
            board.art = StoneArt(board.art)
        board.marker_painter = paint_markers
    return TulagaPiles(scene)
