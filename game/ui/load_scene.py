"""The list of saved games: Load, Delete (after asking), Back.

Damaged saves are listed with what is wrong and cannot be loaded. Loading
replays the moves through the rules; a save that fails shows its message
and nothing is lost.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame
from pygame_gui.elements import UISelectionList, UITextBox

from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)


def describe(info: Any) -> str:
    """One line of the list for a SaveInfo."""
    when = time.strftime("%d %b %Y %H:%M", time.localtime(info.modified)) if info.modified else ""
    if info.error:
        return f"{info.name}  —  damaged  ·  {when}"
    return f"{info.name}  —  {info.game_title}  ·  {moves_text(info.moves)}  ·  {when}"


def moves_text(moves: int) -> str:
    """How long a game has lasted, in moves as players count them."""
    return "1 move" if moves == 1 else f"{moves} moves"


class LoadScene(FormScene):
    def __init__(self, app):
        self.saves: list[Any] = []
        self.selected: Any = None
        super().__init__(app)

    def _read(self) -> None:
        try:
            from game.saves import list_saves

            self.saves = list_saves()
        except Exception:
            log.exception("listing saves failed")
            self.saves = []

    def build(self) -> None:
        self._read()
        w, h = self.app.size
        ui = self.ui
        top = max(16, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), "Load a game", "#title")
        content_w = min(900, w - 48)
        left = (w - content_w) // 2
        body_top = top + 84
        detail_h = 84
        list_h = h - body_top - detail_h - 16 - 24 - 62
        items = [(describe(s), f"#save_{i}") for i, s in enumerate(self.saves)]
        keep = next(
            (
                items[i]
                for i, s in enumerate(self.saves)
                if self.selected is not None and s.path == self.selected.path
            ),
            None,
        )
        self.selected = self.saves[int(keep[1][6:])] if keep else None
        self.list = UISelectionList(
            pygame.Rect(left, body_top, content_w, list_h),
            items,
            ui,
            default_selection=keep,
            starting_height=2,
        )
        self.detail_rect = pygame.Rect(left, body_top + list_h + 16, content_w, detail_h)
        self.detail: UITextBox | None = None
        self._show_detail()
        by = h - 24 - 46
        self.back_button = widgets.button(
            ui, pygame.Rect(left, by, 150, 46), "Back", "#menu_button"
        )
        self.delete_button = widgets.button(
            ui,
            pygame.Rect(left + content_w - 150 - 12 - 180, by, 150, 46),
            "Delete",
            "#menu_button",
        )
        self.load_button = widgets.button(
            ui, pygame.Rect(left + content_w - 180, by, 180, 46), "Load", "#primary"
        )
        self._update_buttons()

    def _show_detail(self) -> None:
        if self.detail is not None:
            self.detail.kill()
        s = self.selected
        if not self.saves:
            text = "<i>There are no saved games yet. Save a game from its menu while playing.</i>"
        elif s is None:
            text = "<i>Choose a saved game.</i>"
        elif s.error:
            text = (
                f"<b>{widgets.escape(s.name)}</b> cannot be loaded:<br>"
                f"<font color='#f08a73'>{widgets.escape(s.error)}</font>"
            )
        else:
            saved = time.strftime("%d %B %Y at %H:%M", time.localtime(s.modified))
            text = (
                f"<b>{widgets.escape(s.name)}</b><br>{widgets.escape(s.game_title)}, "
                f"{moves_text(s.moves)}, saved {saved}"
            )
        self.detail = UITextBox(text, self.detail_rect, self.ui)

    def _update_buttons(self) -> None:
        s = self.selected
        if s is not None and not s.error:
            self.load_button.enable()
        else:
            self.load_button.disable()
        if s is not None:
            self.delete_button.enable()
        else:
            self.delete_button.disable()

    def select(self, index: int | None) -> None:
        self.selected = self.saves[index] if index is not None else None
        self._show_detail()
        self._update_buttons()

    def on_changed(self, element: object, text: str) -> None:
        if element is self.list:
            chosen = self.list.get_single_selection(include_object_id=True)
            self.select(int(chosen[1][len("#save_") :]) if chosen else None)

    def on_double_click(self, element: object, text: str) -> None:
        """A double-click on a save opens it, as Load does."""
        if element is not self.list:
            return
        index = next((i for i, s in enumerate(self.saves) if describe(s) == text), None)
        if index is not None:
            self.select(index)
            self.load_selected()

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.load_button:
            self.load_selected()
        elif element is self.delete_button and self.selected is not None:
            s = self.selected
            widgets.confirm(
                self.ui,
                "Delete save",
                f"Delete the save “{s.name}”? This cannot be undone.",
                lambda: self.delete(s),
                yes="Delete",
            )

    def load_selected(self) -> None:
        s = self.selected
        if s is None:
            return
        if s.error:
            widgets.message(self.ui, "Cannot load this save", s.error)
            return
        self.app.navigate.open_save(s.path, replace=True)

    def delete(self, info: Any) -> None:
        from game.saves import delete

        try:
            delete(info.path)
        except OSError as e:
            log.exception("deleting %s failed", info.path)
            reason = f" ({e.strerror})" if e.strerror else ""
            widgets.message(self.ui, "Cannot delete", f"The save could not be deleted{reason}.")
            return
        self.selected = None
        self.rebuild()
