"""The window the app shows after an unexpected exception (game/app.py's
``App.fault``): something went wrong, the game is kept, and where the log
file is, in a line that can be selected and copied (and a Copy button).
OK closes it; the menu is under it, where Continue resumes the game."""

from __future__ import annotations

from pathlib import Path

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UITextBox, UITextEntryLine, UIWindow

from game.ui import widgets

TITLE = "Something went wrong"
WIDTH, HEIGHT = 560, 262


def words(log_file: Path | None, kept: bool) -> str:
    """What the window says above the log file's path."""
    text = "Chess Variants met an unexpected error and went back to the menu."
    if kept:
        text += " Your game is kept: Continue resumes it at the last move played."
    if log_file is None:
        return text + " The error could not be written to a log file."
    return text + " The details are in the log file:"


class FaultDialog(UIWindow):
    """Something went wrong: the words, the log file's path, Copy and OK."""

    def __init__(self, ui: pygame_gui.UIManager, log_file: Path | None, kept: bool) -> None:
        w, h = ui.window_resolution
        rect = pygame.Rect(0, 0, min(WIDTH, w - 40), min(HEIGHT, h - 40))
        rect.center = (w // 2, h // 2)
        super().__init__(rect, ui, TITLE, object_id="#fault", always_on_top=True)
        self.log_file = log_file
        self.text = words(log_file, kept)
        iw = self.get_container().get_rect().w
        UITextBox(widgets.escape(self.text), pygame.Rect(8, 4, iw - 16, 120), ui, container=self)
        y = 130
        self.path_line: UITextEntryLine | None = None
        self.copy_button: UIButton | None = None
        if log_file is not None:
            self.path_line = UITextEntryLine(
                pygame.Rect(12, y, iw - 24 - 110, 38), ui, container=self
            )
            self.path_line.set_text(str(log_file))
            self.copy_button = UIButton(
                pygame.Rect(iw - 12 - 100, y, 100, 38), "Copy", ui, container=self
            )
        self.ok_button = UIButton(
            pygame.Rect(iw - 12 - 120, y + 56, 120, 40),
            "OK",
            ui,
            container=self,
            object_id="#primary",
        )

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed = super().process_event(event)
        element = getattr(event, "ui_element", None)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and element is self.path_line:
            if self.path_line.get_text() != str(self.log_file):  # selectable, not editable
                self.path_line.set_text(str(self.log_file))
            return True
        if event.type != pygame_gui.UI_BUTTON_PRESSED:
            return consumed
        if element is self.ok_button:
            self.kill()
            return True
        if element is self.copy_button and self.log_file is not None:
            from game.ui import clipboard

            copied = clipboard.put(str(self.log_file))
            self.copy_button.set_text("Copied" if copied else "No clipboard")
            return True
        return consumed
