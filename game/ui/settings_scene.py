"""Settings: sound, animation speed, board theme, legal-move hints, the
mark on a king that can be taken (games with no check rule), fullscreen.
Every change is saved at once and takes effect at once."""

from __future__ import annotations

from typing import Any

import pygame
from pygame_gui.elements import UIButton, UIDropDownMenu

from game.ui import widgets
from game.ui.widgets import FormScene

ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    ("Slow", 0.5),
    ("Normal", 1.0),
    ("Fast", 2.0),
    ("Off", 0),
)
BOARD_THEMES: tuple[tuple[str, str], ...] = (
    ("Wood", "wood"),
    ("Green", "green"),
    ("Blue", "blue"),
    ("Grey", "grey"),
)
# key, label, kind: a toggle, or the choices of a drop-down
ROWS: tuple[tuple[str, str, Any], ...] = (
    ("sound", "Sound", "toggle"),
    ("animation_speed", "Animation speed", ANIMATION_SPEEDS),
    ("board_theme", "Board theme", BOARD_THEMES),
    ("show_legal_moves", "Show legal moves", "toggle"),
    # Games with no check rule: a king the other side could take next glows as in check.
    ("mark_attacked_kings", "Mark kings that can be taken", "toggle"),
    ("fullscreen", "Fullscreen", "toggle"),
)

ROW_H = 42
ROW_GAP = 14
MIN_PITCH = 44  # the least from one row's top to the next's
NO_DEVICE = "On (no device)"  # sound on, but no audio device could be opened
NO_DEVICE_TIP = "No audio device could be opened, so the game is silent."


def _choice_label(choices: tuple[tuple[str, Any], ...], value: Any) -> str:
    for label, v in choices:
        if v == value:
            return label
    if choices is ANIMATION_SPEEDS and isinstance(value, (int, float)):
        # An unusual stored speed reads as the nearest named one.
        return min(choices, key=lambda c: abs(c[1] - value))[0]
    return choices[0][0]


class SettingsScene(FormScene):
    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        top = max(16, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), "Settings", "#title")
        widgets.label(
            ui, pygame.Rect(0, top + 62, w, 28), "Changes are saved as you make them.", "#subtitle"
        )
        form_w = min(560, w - 48)
        # The rows closer in a short window: at 800 x 560 the form ran 23 px
        # off the window's bottom.
        room = h - (top + 116) - 16
        pitch = max(MIN_PITCH, min(ROW_H + ROW_GAP, (room - 36 - 70) // len(ROWS)))
        row_h = min(ROW_H, pitch - 8)
        form_h = 36 + len(ROWS) * pitch + 70
        form = widgets.centred((w, h), form_w, form_h, top=top + 116)
        self.boards.append(form)
        x = form.left + 28
        field_w = 220
        field_x = form.right - 28 - field_w
        y = form.top + 24
        self.controls: dict[str, UIButton | UIDropDownMenu] = {}
        rows_y = []
        for _ in ROWS:
            rows_y.append(y)
            y += pitch
        # Bottom-up so an opened drop-down covers the rows below it.
        for (key, text, kind), ry in reversed(list(zip(ROWS, rows_y, strict=True))):
            widgets.label(ui, pygame.Rect(x, ry, field_x - x, row_h), text, "#field_label")
            rect = pygame.Rect(field_x, ry, field_w, row_h)
            value = self.app.settings.get(key)
            if kind == "toggle":
                control: Any = widgets.button(ui, rect, "", "#menu_button")
                self._show_toggle(key, control, bool(value))
            else:
                labels = [c[0] for c in kind]
                control = UIDropDownMenu(
                    labels, _choice_label(kind, value), rect, ui, object_id=f"#{key}"
                )
            self.controls[key] = control
        self.back_button = widgets.button(
            ui,
            pygame.Rect(form.right - 28 - 160, form.bottom - 24 - 44, 160, 44),
            "Done",
            "#primary",
        )

    def set(self, key: str, value: Any) -> None:
        """Change one setting, save it and let the app apply it."""
        self.app.settings[key] = value
        self.app.save_settings()
        self.app.apply_settings()

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
            return
        for key, control in self.controls.items():
            if element is control:
                on = not bool(self.app.settings.get(key))
                self.set(key, on)
                # apply_settings may have rebuilt this scene (fullscreen).
                self._show_toggle(key, self.controls[key], on)
                return

    def _show_toggle(self, key: str, control: Any, on: bool) -> None:
        """On or Off; sound that is on but cannot be heard says so."""
        silent = key == "sound" and on and not self.app.sounds.usable()
        control.set_text(NO_DEVICE if silent else "On" if on else "Off")
        control.set_tooltip(NO_DEVICE_TIP if silent else None)
        if on:
            control.select()
        else:
            control.unselect()

    def on_changed(self, element: object, text: str) -> None:
        for key, _text, kind in ROWS:
            if self.controls.get(key) is element and kind != "toggle":
                value = dict(kind)[text]
                self.set(key, value)
                return
