"""The list of saved games: Load, Delete (after asking), Back; the selected
save analysed (Analyse: opened in the play scene with its analysis started,
game/ui/play/analysis_view.py), as PGN (Copy PGN, Save PGN) and Import PGN
(pasted, or a file's path typed), which opens the game at its last position
(game/pgn.py).

Damaged saves are listed with what is wrong and cannot be loaded. Loading
replays the moves through the rules; a save that fails shows its message
and nothing is lost.
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pygame
from pygame_gui.elements import UIButton, UISelectionList, UITextBox, UITextEntryLine, UIWindow

from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)


def describe(info: Any) -> str:
    """One line of the list for a SaveInfo."""
    when = time.strftime("%d %b %Y %H:%M", time.localtime(info.modified)) if info.modified else ""
    if info.error:
        return f"{info.name}  —  damaged  ·  {when}"
    return f"{info.name}  —  {info.game_title}  ·  {moves_text(info.moves)}  ·  {when}"


def analysable(info: Any) -> bool:
    """Can Analyse open this save? Not a damaged one (greyed like Load; the
    details box says why), nor a game whose computer does not search
    (game/ai/analysis.py ``SKIPPED``), nor one with no step yet."""
    from game.ai.analysis import SKIPPED

    return not info.error and info.game_id not in SKIPPED and info.moves > 0


def no_analysis(info: Any) -> str:
    """Why Analyse is greyed for this (readable) save, in words ("" if it is not)."""
    from game.ai.analysis import SKIPPED

    if info.game_id in SKIPPED:
        return SKIPPED[info.game_id]
    return "" if info.moves > 0 or analysable(info) else "no move has been played yet"


def no_pgn(info: Any) -> str:
    """Why Copy PGN and Save PGN are greyed for this (readable) save ("" if
    they are not): a game that hides things has no PGN until it is over
    (game/pgn.py). Only such games are replayed to know."""
    from game import pgn, saves
    from game.games import REGISTRY

    game = REGISTRY.get(info.game_id)
    if game is None or not saves.has_secrets(game):
        return ""
    try:
        over = saves.load(info.path).is_over()
    except Exception:  # Copy PGN then says what is wrong, as Load does
        return ""
    return "" if over else pgn.secret_refusal(game)


def moves_text(moves: int) -> str:
    """How long a game has lasted, in moves as players count them."""
    return "1 move" if moves == 1 else f"{moves} moves"


class LoadScene(FormScene):
    def __init__(self, app):
        self.saves: list[Any] = []
        self.selected: Any = None
        self.importing: UIWindow | None = None
        self.import_buttons: dict[str, Any] = {}
        self.import_entry: UITextEntryLine | None = None
        self.copied: str | None = None  # the last PGN copied
        self.pgn_refused = ""  # why the selected save has no PGN yet ("" if it has)
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
        detail_h = 3 * 36 + 2 * 8  # beside it: Analyse, Copy PGN, Save PGN
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
        pgn_w = 150  # Analyse, Copy PGN and Save PGN beside the detail, for the selected save
        self.detail_rect = pygame.Rect(
            left, body_top + list_h + 16, content_w - pgn_w - 12, detail_h
        )
        px, py = left + content_w - pgn_w, body_top + list_h + 16
        self.analyse_button = widgets.button(ui, pygame.Rect(px, py, pgn_w, 36), "Analyse")
        self.copy_pgn_button = widgets.button(ui, pygame.Rect(px, py + 44, pgn_w, 36), "Copy PGN")
        self.save_pgn_button = widgets.button(ui, pygame.Rect(px, py + 88, pgn_w, 36), "Save PGN")
        self.detail: UITextBox | None = None
        self._show_detail()
        by = h - 24 - 46
        self.back_button = widgets.button(
            ui, pygame.Rect(left, by, 150, 46), "Back", "#menu_button"
        )
        self.import_button = widgets.button(
            ui, pygame.Rect(left + 150 + 12, by, 170, 46), "Import PGN", "#menu_button"
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
            why = no_analysis(s)
            if why:  # the greyed Analyse says nothing by itself
                text += f"<br><i>No analysis: {widgets.escape(why)}.</i>"
            if self.pgn_refused:  # nor do the greyed PGN buttons
                text += f"<br><i>No PGN yet: {widgets.escape(self.pgn_refused)}</i>"
        self.detail = UITextBox(text, self.detail_rect, self.ui)

    def _update_buttons(self) -> None:
        s = self.selected
        for button in (self.load_button, self.copy_pgn_button, self.save_pgn_button):
            pgn_button = button is not self.load_button
            if s is not None and not s.error and not (pgn_button and self.pgn_refused):
                button.enable()
            else:
                button.disable()
        if s is not None and analysable(s):
            self.analyse_button.enable()
        else:
            self.analyse_button.disable()
        if s is not None:
            self.delete_button.enable()
        else:
            self.delete_button.disable()

    def select(self, index: int | None) -> None:
        self.selected = self.saves[index] if index is not None else None
        chosen = self.selected
        self.pgn_refused = no_pgn(chosen) if chosen is not None and not chosen.error else ""
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
        pressed = {b: key for key, b in self.import_buttons.items()}.get(element)
        if pressed is not None:
            self._import_pressed(pressed)
        elif element is self.import_button:
            self.open_import()
        elif element is self.copy_pgn_button:
            self.copy_pgn()
        elif element is self.save_pgn_button:
            self.save_pgn()
        elif element is self.back_button:
            self.back()
        elif element is self.load_button:
            self.load_selected()
        elif element is self.analyse_button:
            self.load_selected(analyse=True)
        elif element is self.delete_button and self.selected is not None:
            s = self.selected
            widgets.confirm(
                self.ui,
                "Delete save",
                f"Delete the save “{s.name}”? This cannot be undone.",
                lambda: self.delete(s),
                yes="Delete",
            )

    def load_selected(self, analyse: bool = False) -> None:
        """Open the selected save (``analyse``: with its analysis started)."""
        s = self.selected
        if s is None:
            return
        if s.error:
            widgets.message(self.ui, "Cannot load this save", s.error)
            return
        self.app.navigate.open_save(s.path, replace=True, analyse=analyse)

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

    # -- PGN ------------------------------------------------------------------------------
    def _pgn(self) -> str | None:
        """The selected save as PGN, or None after saying why not."""
        from game import pgn, saves

        s = self.selected
        if s is None or s.error:
            return None
        try:
            return pgn.export(saves.load(s.path), date=pgn.date_of(s.path))
        except saves.SaveError as e:
            widgets.message(self.ui, "Cannot read this save", e.message)
        except pgn.PgnError as e:
            widgets.message(self.ui, "No PGN yet", str(e))
        except Exception:  # a rules bug met while replaying
            log.exception("the PGN of %s failed", s.path)
            widgets.message(self.ui, "No PGN", "This save could not be replayed.")
        return None

    def copy_pgn(self) -> None:
        from game.ui import clipboard

        text = self._pgn()
        if text is None:
            return
        self.copied = text
        if clipboard.put(text):
            widgets.message(self.ui, "PGN copied", "The game is on the clipboard as PGN.")
        else:
            widgets.code_message(self.ui, "No clipboard here", "The game's PGN:", text)

    def save_pgn(self, replace: bool = False) -> None:
        """The chosen save's game as pgn/<its name>.pgn; a file of that name
        is replaced only after asking (``replace``: asked)."""
        from game import saves
        from game.ui import replace_ask

        text = self._pgn()
        if text is None or self.selected is None:
            return
        name = self.selected.name
        if not replace and replace_ask.asked(self.ui, name, True, lambda: self.save_pgn(True)):
            return
        try:
            path = saves.save_pgn(text, name)
        except saves.SaveError as e:
            widgets.message(self.ui, "Could not save", e.message)
            return
        widgets.message(self.ui, "PGN saved", f"Saved as {path}")

    def open_import(self) -> None:
        """A window: paste a PGN from the clipboard, or type a PGN file's path."""
        if self.importing is not None and self.importing.alive():
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, 600, 214)
        rect.center = (w // 2, h // 2)
        win = UIWindow(rect, self.ui, "Import PGN", always_on_top=True)
        iw = win.get_container().get_rect().w
        text = "Paste a game copied as PGN, or type a PGN file's path and open it."
        UITextBox(text, pygame.Rect(12, 6, iw - 24, 56), self.ui, container=win)
        self.import_entry = UITextEntryLine(
            pygame.Rect(12, 68, iw - 24, 38), self.ui, container=win
        )
        self.import_entry.set_text(str(_pgn_folder()) + "/")
        y, bw = 118, (iw - 24 - 2 * 10) // 3
        self.import_buttons = {}
        for i, (key, words) in enumerate(
            (("paste", "Paste PGN"), ("open", "Open file"), ("close", "Cancel"))
        ):
            self.import_buttons[key] = UIButton(
                pygame.Rect(12 + i * (bw + 10), y, bw, 38),
                words,
                self.ui,
                container=win,
                object_id="#primary" if key == "paste" else None,
            )
        self.importing = win

    def _import_pressed(self, key: str) -> None:
        from game.ui import clipboard

        if key == "paste":
            text = clipboard.get()
            if text is None:
                widgets.message(
                    self.ui, "No clipboard here", "Type the path of a PGN file instead."
                )
                return
            self.import_pgn(text)
        elif key == "open" and self.import_entry is not None:
            self.import_pgn(None, self.import_entry.get_text())
        else:
            self._close_import()

    def _close_import(self) -> None:
        if self.importing is not None:
            self.importing.kill()
        self.importing = self.import_entry = None
        self.import_buttons = {}

    def import_pgn(self, text: str | None, path: str | None = None) -> bool:
        """Replay a PGN (``text``, or the file at ``path``) and open the game
        at its last position; False, and a message why, if it cannot be."""
        from game import pgn

        try:
            match = pgn.import_pgn(text) if path is None else pgn.open_file(path)
        except pgn.PgnError as e:
            widgets.message(self.ui, "Cannot import this PGN", str(e))
            return False
        except Exception:  # a rules bug met while replaying
            log.exception("importing a PGN failed")
            widgets.message(self.ui, "Cannot import this PGN", "The rules failed replaying it.")
            return False
        self._close_import()
        self.app.navigate.play(match, replace=True)
        return True


def _pgn_folder() -> Any:
    from game.saves import data_dir

    return data_dir() / "pgn"
