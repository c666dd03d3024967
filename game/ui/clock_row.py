"""The setup form's "Clock" row: no clock, a preset (game/clock.py
``PRESETS``) or a custom control typed beside the drop-down when "Custom"
is chosen. The form keeps one of these across rebuilds (a resize, a mode
with other seats) and asks it for the control when the game starts."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.clock import EXAMPLE, PRESETS, parse_control
from game.ui import widgets

NO_CLOCK = "No clock"
CUSTOM = "Custom"
CHOICES = (NO_CLOCK, *(label for label, _, _ in PRESETS), CUSTOM)
MENU_W = 150


class ClockRow:
    def __init__(self, kept: Any = None) -> None:
        """``kept``: what ``kept()`` gave last time for this game (from the
        settings: anything else, or a choice no longer offered, is ignored)."""
        self.choice = NO_CLOCK
        self.text = ""  # the custom control as typed ("7+2")
        self.menu: UIDropDownMenu | None = None
        self.entry: UITextEntryLine | None = None
        if isinstance(kept, list) and len(kept) == 2 and kept[0] in CHOICES:
            if isinstance(kept[1], str):
                self.choice, self.text = kept

    def kept(self) -> list[str]:
        """The row as chosen, to be remembered for the game's next setup."""
        self.read()
        return [self.choice, self.text]

    def build(self, ui: Any, x: int, field_x: int, field_w: int, y: int, row: int) -> None:
        widgets.label(ui, pygame.Rect(x, y, field_x - x, row), "Clock", "#field_label")
        rect = pygame.Rect(field_x, y, min(MENU_W, field_w), row)
        self.menu = widgets.drop_down(ui, list(CHOICES), self.choice, rect, "#clock")
        entry_rect = pygame.Rect(rect.right + 8, y, field_w - rect.w - 8, row)
        self.entry = widgets.HintedEntry(  # its example dimmed: nothing typed yet
            entry_rect,
            ui,
            object_id="#clock_custom",
            placeholder_text=f"minutes+increment: {EXAMPLE}",
        )
        self.entry.set_text(self.text)
        self._show_entry()

    def _show_entry(self) -> None:
        if self.entry is not None:
            self.entry.show() if self.choice == CUSTOM else self.entry.hide()

    def read(self) -> None:
        """Keep what is on screen (a rebuild keeps it)."""
        if self.menu is not None and self.menu.alive():
            self.choice = self.menu.selected_option[0]
        if self.entry is not None and self.entry.alive():
            self.text = self.entry.get_text()

    def changed(self, element: Any) -> bool:
        """The drop-down changed: show the custom entry or hide it. True if
        it was this row's."""
        if element is not self.menu:
            return False
        self.read()
        self._show_entry()
        # Not focused: pygame_gui hides the placeholder (the example "7+2")
        # in a focused entry, and the empty field then said nothing.
        return True

    def control(self) -> tuple[float, float] | None:
        """(seconds per side, increment) chosen, None for no clock;
        ValueError with words for people for a bad custom entry."""
        self.read()
        if self.choice == CUSTOM:
            return parse_control(self.text)
        for label, minutes, increment in PRESETS:
            if label == self.choice:
                return minutes * 60.0, float(increment)
        return None
