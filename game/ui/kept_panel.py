"""A panel whose rounded background is drawn once per size and colours.

pygame_gui draws a rounded rectangle at four times its size (to smooth the
corners) each time an element is built, and keeps in its cache only those
under 40,000 pixels: the play scene's move-list frame, a window high, cost
about 40 ms of every play scene's build (a new game, a resize, every test
that opens one). ``Panel`` keeps the last few drawn backgrounds by what
they depend on and copies one instead of drawing it again.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import pygame
from pygame_gui.core.drawable_shapes import RoundedRectangleShape
from pygame_gui.elements import UIPanel

KEPT_MAX = 4  # a window-high background is about 1 MB
_kept: OrderedDict[tuple, pygame.Surface] = OrderedDict()


class _KeptRoundedShape(RoundedRectangleShape):
    """A rounded rectangle without text or images whose drawn states are
    kept in ``_kept``."""

    def _key(self, state: str) -> tuple:
        theming = self.theming
        return (
            tuple(self.containing_rect.size),
            self.shadow_width,
            tuple(sorted(self.border_widths.items())),
            tuple(self.shape_corner_radius),
            repr(theming[f"{state}_bg"]),
            repr(theming[f"{state}_border"]),
            theming.get("border_overlap", 0),
        )

    def redraw_state(self, state_str: str, add_text: bool = True) -> None:
        key = self._key(state_str)
        kept = _kept.get(key)
        if kept is None:
            super().redraw_state(state_str, add_text)
            _kept[key] = self.states[state_str].surface.copy()
            while len(_kept) > KEPT_MAX:
                _kept.popitem(last=False)
            return
        _kept.move_to_end(key)
        state = self.states[state_str]
        state.surface = kept.copy()
        state.has_fresh_surface = True
        state.generated = True


class Panel(UIPanel):
    """A UIPanel drawn with ``_KeptRoundedShape`` when its theme makes it a
    plain rounded rectangle (no background images); else pygame_gui's own."""

    def rebuild(self) -> None:
        images: Any = self.background_images
        if self.shape != "rounded_rectangle" or images:
            super().rebuild()
            return
        theming = {
            "normal_bg": self.background_colour,
            "normal_border": self.border_colour,
            "normal_images": images,
            "normal_image_positions": self.background_image_positions,
            "border_width": self.border_width,
            "shadow_width": self.shadow_width,
            "shape_corner_radius": self.shape_corner_radius,
            "border_overlap": self.border_overlap,
        }
        self.drawable_shape = _KeptRoundedShape(self.rect, theming, ["normal"], self.ui_manager)
        self.on_fresh_drawable_shape_ready()
