"""The play scene's own windows: game over, pause, and "save as" (a save,
or the game as PGN).

Game over says who won and why; in a score game also the scores and, when
a person played, how the score stands against their best (game/records.py).

Each window's buttons call back into the scene's controls (``new_game``,
``rematch``, ``to_menu``, ``open_rules``, ``save_as``); messages and confirmations come from
game/ui/widgets.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine, UIWindow

from game.learn.daily import offers_daily
from game.records import NEW_BEST
from game.ui import widgets
from game.ui.play.analysis_view import offered as analysis_offered

LINE_CHARS = 44  # about as many characters as a line of the game-over text holds

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene


ACCENT_HTML = "#e3b774"


class Dialogs:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.ui = scene.ui
        self.game_over: UIWindow | None = None
        self.pause: UIWindow | None = None
        self.save: UIWindow | None = None
        self.save_entry: UITextEntryLine | None = None
        self.save_offered = ""  # the name the save window offered
        self._actions: dict[Any, Any] = {}  # button -> what it does
        self.buttons: dict[str, UIButton] = {}  # the latest button of each label
        self.game_over_text = ""  # what the last game-over window said (its HTML)

    def modal(self) -> bool:
        """Is a dialog up that should stop board input?"""
        return bool(widgets.dialogs(self.ui))

    def stops_clock(self) -> bool:
        """Is a dialog up that stops the clock? Every one but those the
        mover opens for themselves (``clock_runs``): the game-over window,
        the Pause window, a question to the other side (a draw offered, a
        takeback asked) stop it; Save, a resign or choice confirmation, a
        help warning do not, or the mover could stop their own clock."""
        return any(not getattr(w, "clock_runs", False) for w in widgets.dialogs(self.ui))

    def _button(self, rect, text, window, action, primary=False) -> UIButton:
        button = UIButton(
            rect, text, self.ui, container=window, object_id="#primary" if primary else None
        )
        self._actions[button] = action
        self.buttons[text] = button
        return button

    def handle_button(self, element: Any) -> bool:
        """A press of one of these windows' buttons; True if it was one."""
        action = self._actions.get(element)
        if action is None:
            return False
        action()
        return True

    # -- game over --------------------------------------------------------------------
    def show_game_over(self, headline: str, reason: str, more: tuple[str, ...] = ()) -> None:
        """``more``: lines under the reason (the scores, the best score)."""
        scene = self.scene
        w, h = scene.app.size
        # A line for each of ``more``, and one more for each that wraps (the
        # window's text is about LINE_CHARS wide; the reason has room for two).
        wraps = sum(len(line) // LINE_CHARS for line in more) + len(reason) // (2 * LINE_CHARS)
        extra = 26 * (len(more) + wraps)
        deal = offers_daily(scene.match.game_id)  # a dealt game: "Replay this deal" below
        rematch = scene.controls.rematch_offered()
        analyse = analysis_offered(scene.match.game_id)  # "Analyse" (analysis_view.py)
        # A second row of at most two buttons; "Analyse" on a third if it is full.
        rows = (deal or rematch or analyse) + (deal and rematch and analyse)
        rect = pygame.Rect(0, 0, 440, 214 + extra + 48 * rows)
        rect.center = (scene.board.outer.centerx, h // 2)
        rect.clamp_ip(pygame.Rect(0, 0, w, h))
        win = UIWindow(rect, self.ui, "Game over", object_id="#game_over", always_on_top=True)
        iw = win.get_container().get_rect().w
        text = f"<b>{widgets.escape(headline)}</b><br>{widgets.escape(reason)}"
        for line in more:
            line = widgets.escape(line)
            if line.startswith(NEW_BEST):  # the news of the game, in the accent colour
                line = f"<font color='{ACCENT_HTML}'><b>{line}</b></font>"
            text += f"<br>{line}"
        self.game_over_text = text
        UITextBox(text, pygame.Rect(8, 4, iw - 16, 110 + extra), self.ui, container=win)
        bw = (iw - 16 * 2 - 2 * 10) // 3
        y = 124 + extra
        controls = scene.controls
        self._button(pygame.Rect(16, y, bw, 38), "New game", win, controls.new_game, primary=True)
        self._button(pygame.Rect(16 + bw + 10, y, bw, 38), "Menu", win, controls.to_menu)
        self._button(
            pygame.Rect(16 + 2 * (bw + 10), y, bw, 38), "Review", win, self.close_game_over
        )
        second = [("Rematch", controls.rematch)] if rematch else []
        if deal:
            second.append(("Replay this deal", controls.replay_deal))
        third = []
        if analyse:
            (second if len(second) < 2 else third).append(("Analyse", scene.analysis.start))
        for row, buttons in enumerate((second, third), 1):
            bw = (iw - 32 - 10 * (len(buttons) - 1)) // max(1, len(buttons))
            for i, (label, action) in enumerate(buttons):
                rect = pygame.Rect(16 + i * (bw + 10), y + 48 * row, bw, 38)
                self._button(rect, label, win, action)
        self.game_over = win

    def score_lines(self, result: Any, outcome: Any) -> tuple[str, ...]:
        """A score game's lines: the score (each seat's, with several) and
        how it stands against the best kept (``outcome``, game/records.py)."""
        if result is None or result.scores is None:
            return ()
        game = self.scene.game
        scores = [_number(v) for v in result.scores]
        shared = len(game.team_of(0)) == len(scores)  # one team: one score for all
        if len(scores) == 1 or shared:
            lines = [f"Score: {scores[0]}"]
        else:
            match = self.scene.match
            names = [match.name(s) or game.seats[s] for s in range(len(scores))]
            lines = [" · ".join(f"{n}: {v}" for n, v in zip(names, scores, strict=True))]
        if outcome is not None:
            lines.append(outcome.words())
        return tuple(lines)

    def close_game_over(self) -> None:
        if self.game_over is not None:
            self.game_over.kill()
        self.game_over = None

    # -- pause ---------------------------------------------------------------------------
    def toggle_pause(self) -> None:
        if self.pause is not None and self.pause.alive():
            self.pause.kill()
            self.pause = None
            return
        scene = self.scene
        rect = pygame.Rect(0, 0, 300, 222)
        rect.center = pygame.Rect((0, 0), scene.app.size).center
        win = UIWindow(rect, self.ui, "Paused", object_id="#pause", always_on_top=True)
        iw = win.get_container().get_rect().w

        def then(action):
            def run() -> None:
                self.toggle_pause()
                action()

            return run

        self._button(pygame.Rect(20, 14, iw - 40, 40), "Resume", win, self.toggle_pause, True)
        controls = scene.controls
        self._button(pygame.Rect(20, 64, iw - 40, 40), "Rules", win, then(controls.open_rules))
        self._button(pygame.Rect(20, 114, iw - 40, 40), "Main menu", win, then(controls.to_menu))
        self.pause = win

    # -- save as -------------------------------------------------------------------------
    def open_save(self, default_name: str) -> None:
        if self.save is not None and self.save.alive():
            return
        w, h = self.scene.app.size
        rect = pygame.Rect(0, 0, 420, 236)
        rect.center = (w // 2, h // 2)
        win = UIWindow(rect, self.ui, "Save game", object_id="#save_window", always_on_top=True)
        iw = win.get_container().get_rect().w
        UILabel(
            pygame.Rect(16, 10, iw - 32, 24),
            "Name of the save:",
            self.ui,
            container=win,
            object_id="#field_label",
        )
        entry = UITextEntryLine(pygame.Rect(16, 40, iw - 32, 38), self.ui, container=win)
        entry.set_text(default_name)
        self.save_offered = default_name
        entry.focus()
        self.save_ok = self._button(
            pygame.Rect(iw - 16 - 110, 90, 110, 36), "Save", win, self.finish_save, True
        )
        self._button(pygame.Rect(iw - 16 - 230, 90, 110, 36), "Cancel", win, self.cancel_save)
        # The game as PGN (game/pgn.py): on the clipboard, or a file of the name typed.
        UILabel(
            pygame.Rect(16, 136, iw - 32 - 240, 36),
            "The game as PGN:",
            self.ui,
            container=win,
            object_id="#field_label",
        )
        self._button(pygame.Rect(iw - 16 - 230, 136, 110, 36), "Copy PGN", win, self.copy_pgn)
        self._button(pygame.Rect(iw - 16 - 110, 136, 110, 36), "Save PGN", win, self.finish_pgn)
        win.clock_runs = True  # the mover's own window: their time goes on
        self.save, self.save_entry = win, entry

    def saving(self) -> bool:
        return self.save is not None and self.save.alive()

    def _name_typed(self) -> str:
        """The name in the save window; the offered one brought up to date
        (the game goes on behind the window: a computer may have moved)."""
        assert self.save_entry is not None
        name = self.save_entry.get_text().strip()
        return self.scene.controls.save_name() if name == self.save_offered else name

    def finish_save(self) -> None:
        if self.save_entry is None or self.save is None:
            return
        name = self._name_typed()
        self.cancel_save()
        if name:
            self.scene.controls.save_as(name)

    def copy_pgn(self) -> None:
        self.cancel_save()
        self.scene.controls.copy_pgn()

    def finish_pgn(self) -> None:
        if self.save_entry is None or self.save is None:
            return
        name = self._name_typed()
        self.cancel_save()
        if name:
            self.scene.controls.save_pgn(name)

    def cancel_save(self) -> None:
        if self.save is not None:
            self.save.kill()
        self.save = self.save_entry = None


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
