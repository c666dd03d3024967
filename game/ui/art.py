"""Piece drawings, the app icon and the font files.

Pieces are the SVGs in assets/pieces/ (``{white|black}_{kind}.svg``, written by
scripts/make_piece_art.py), rasterised with ``pygame.image.load_sized_svg`` at
the size asked for, so the board stays crisp at any window size. Results are
cached by (seat, kind, size); treat the returned surfaces as read-only.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from collections.abc import Callable, Hashable
from pathlib import Path

import pygame

from game.resources import asset

SEAT_COLOURS = ("white", "black")

FONTS = {
    "regular": "NotoSans-Regular.ttf",
    "bold": "NotoSans-Bold.ttf",
    "mono": "FiraCode-Regular.ttf",
}

# Placeholder paint, matching the drawn pieces' palette.
_FILL = {0: (244, 236, 214), 1: (42, 38, 36)}
_INK = {0: (34, 29, 25), 1: (233, 225, 204)}
_OUTLINE = (14, 12, 11)

_KIND = re.compile(r"[a-z0-9_]+")


class SurfaceCache(OrderedDict):
    """Drawn surfaces by key, the least recently used dropped past ``limit``
    (a session resizes the window many times: each size draws anew)."""

    def __init__(self, limit: int):
        super().__init__()
        self.limit = limit

    def fetch(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        """The surface kept for ``key``, made by ``make()`` the first time."""
        surface = self.get(key)
        if surface is not None:
            self.move_to_end(key)
            return surface
        surface = self[key] = make()
        if len(self) > self.limit:
            self.popitem(last=False)
        return surface


_cache = SurfaceCache(1024)
_icons: dict[int, pygame.Surface] = {}


def piece_path(seat: int, kind: str) -> Path:
    """Where the drawing of ``kind`` for ``seat`` (0 White, 1 Black) lives."""
    return asset("pieces", f"{SEAT_COLOURS[seat % 2]}_{kind}.svg")


def piece_surface(seat: int, kind: str, size: int) -> pygame.Surface:
    """The piece drawn into a ``size`` x ``size`` surface with per-pixel alpha.

    Seat 0 is White, 1 Black (other seats reuse those two colours). A kind
    with no drawing, or a drawing that fails to load, gives a placeholder: a
    disc with the kind's first letter. Never raises for an unknown kind.
    """
    key = (int(seat), str(kind), max(1, int(size)))
    return _cache.fetch(key, lambda: _load_piece(*key))


def _load_piece(seat: int, kind: str, size: int) -> pygame.Surface:
    path = piece_path(seat, kind)
    if _KIND.fullmatch(kind) and path.is_file():
        try:
            surface = pygame.image.load_sized_svg(str(path), (size, size))
        except (pygame.error, OSError, ValueError):
            surface = None
        if surface is not None:
            if surface.get_size() != (size, size):
                surface = pygame.transform.smoothscale(surface, (size, size))
            return _with_alpha(surface)
    return placeholder_surface(seat, kind, size)


def placeholder_surface(seat: int, kind: str, size: int) -> pygame.Surface:
    """A disc in the seat's colour with the kind's first letter on it."""
    surface = pygame.Surface((size, size), pygame.SRCALPHA)
    centre = (size / 2, size / 2)
    radius = size * 0.4
    border = max(1, round(size * 0.03))
    pygame.draw.circle(surface, _OUTLINE, centre, radius)
    pygame.draw.circle(surface, _FILL[seat % 2], centre, max(1, radius - border))
    letter = (kind[:1] or "?").upper()
    if size >= 8:
        try:
            if not pygame.font.get_init():
                pygame.font.init()
            font = pygame.font.Font(str(font_path("bold")), max(6, int(size * 0.45)))
            text = font.render(letter, True, _INK[seat % 2])
        except (pygame.error, OSError):
            return surface  # no font available: the bare disc still marks the piece
        surface.blit(text, text.get_rect(center=(size // 2, size // 2)))
    return surface


def icon_surface(size: int = 256) -> pygame.Surface:
    """The app icon (assets/icons/icon.svg, else icon.png), for set_icon."""
    if size not in _icons:
        try:
            image = pygame.image.load_sized_svg(str(asset("icons", "icon.svg")), (size, size))
        except (pygame.error, OSError, ValueError):
            image = pygame.image.load(str(asset("icons", "icon.png")))
        if image.get_size() != (size, size):
            image = pygame.transform.smoothscale(image, (size, size))
        _icons[size] = _with_alpha(image)
    return _icons[size]


def font_path(name: str) -> Path:
    """The bundled font file for "regular", "bold" or "mono"."""
    try:
        return asset("fonts", FONTS[name])
    except KeyError:
        raise ValueError(f"unknown font {name!r}; expected one of {sorted(FONTS)}") from None


_fonts: dict[tuple[str, int], pygame.font.Font] = {}


def ui_font(size: int = 15, name: str = "regular") -> pygame.font.Font:
    """A shipped font at ``size`` px, made once (for widgets drawn by hand)."""
    key = (name, size)
    if key not in _fonts:
        _fonts[key] = pygame.font.Font(str(font_path(name)), size)
    return _fonts[key]


def clear_cache() -> None:
    """Forget every rasterised surface (e.g. after changing the display)."""
    _cache.clear()
    _icons.clear()
    _fonts.clear()


def _with_alpha(surface: pygame.Surface) -> pygame.Surface:
    """Convert for fast blits when a display exists; keep per-pixel alpha."""
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface
