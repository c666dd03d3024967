"""The play scene: one match on screen, for any game.

The board view sits on the left (the largest board that fits), a side panel
on the right: the game's title, who plays, the prompt for the decision at
hand, the move list, captured pieces and the controls. Human input goes
through the game's move adapter (game/ui/adapters.py); computer seats think
in a worker process (game/ai/runner.py) while the frame loop keeps drawing.
After every action: the events are animated, a sound plays and the match is
autosaved.
"""

from __future__ import annotations

import logging
from collections import Counter
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox, UITextEntryLine, UIWindow

from game.ai.evaluate import piece_value
from game.engine import IllegalAction
from game.ui import widgets
from game.ui.adapters import adapter_for
from game.ui.board_view import BoardView, _font
from game.ui.privacy import PrivacyGuard
from game.ui.promotion import ChoiceOverlay
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App
    from game.match import Match

log = logging.getLogger(__name__)

BACKGROUND = (24, 29, 36)
PANEL_BG = (31, 38, 47)
TEXT = (236, 229, 216)
TEXT_DIM = (154, 165, 177)

# Sounds by event kind, strongest (most particular) first: one sound per
# action. A swing, a throw or a teleport says more than the capture or move
# that comes with it.
SOUND_ORDER = (
    "game_over",
    "check",
    "swing",
    "strike",
    "throw",
    "teleport",
    "swap",
    "reveal",
    "capture",
    "shot",
    "reap",
)
SOUND_NAMES = {
    "game_over": "game_end",
    "strike": "swing",
    "swap": "teleport",
    "reveal": "card",
    "shot": "capture",
    "reap": "capture",
}

DRAW_ACCEPT_MARGIN = 0.25  # the computer takes a draw unless it is this much better


class PlayScene(Scene):
    def __init__(self, app: App, match: Match):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.adapter = adapter_for(match.game)
        geo = getattr(match.state, "geometry", None)
        width = getattr(geo, "width", 8)
        height = getattr(geo, "height", 8)
        self.board = BoardView(width, height, app.settings, app.sounds)
        self.board.controller = self
        self.board.style = getattr(self.adapter, "board_style", "squares")
        self.board.use_adapter(self.adapter)
        self.privacy = PrivacyGuard()
        self.chooser: ChoiceOverlay | None = None
        self.runners: dict[int, Any] = {}
        self._thinking: dict[int, int] = {}  # seat -> history length the think is for
        self._game_over_shown = match.is_over()  # a finished game resumed: no dialog
        self._game_over_window: UIWindow | None = None
        self._pause_window: UIWindow | None = None
        self._save_window: UIWindow | None = None
        self._save_entry: UITextEntryLine | None = None
        self._paths: dict[tuple[int, ...], list[Any]] = {}
        self._paths_key: tuple | None = None
        self._panel_choices: list[Any] = []
        self._choice_buttons: dict[Any, Any] = {}
        self._hand: list[tuple[int, Any]] = []
        self.hand_rects: dict[int, pygame.Rect] = {}
        self.widgets: list[Any] = []
        self.widget_rect: pygame.Rect | None = None
        self.widget_rects: list[pygame.Rect] = []
        self._status_text = ""
        self._moves_text = ""
        self._captured: list[tuple[int, list[Any], float]] = []
        self._start_pieces: Counter | None = None
        self.closed = False
        self._waiting_path: tuple[int, ...] | None = None  # a complete prefix path
        self._hint_shown = False

        # Face the human: with a computer White and a human Black, Black sits below.
        if len(self.game.seats) == 2 and not match.is_human(0) and match.is_human(1):
            self.board.flipped = True

        self.buttons: dict[str, UIButton] = {}
        self.privacy.check(match)
        self._panel_choices = self._current_panel_choices()
        self._hand = self._current_hand()
        # Widgets first: the layout reserves room for them (their ``height``).
        self.widgets = self._load_widgets()
        self._layout(app.size)
        self._sync_board()
        self._refresh_panel()

    # -- layout ------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = max(280, min(400, int(w * 0.3)))
        pad = 16
        self.board.set_rect(pygame.Rect(pad, pad, w - panel_w - 2 * pad, h - 2 * pad))
        x = self.board.outer.right + pad
        x = min(x, w - panel_w)
        pw = w - x - pad
        self.panel_rect = pygame.Rect(x - 8, 0, w - x + 8, h)
        for el in list(self.buttons.values()):
            el.kill()
        for name in ("title", "seats", "status", "status2", "moves"):
            el = getattr(self, f"_{name}", None)
            if el is not None:
                el.kill()
        y = pad
        note = self.match.state.headline()
        title = f"{self.game.title} · {note}" if note else self.game.title
        self._title = UILabel(pygame.Rect(x, y, pw, 34), title, self.ui, object_id="#heading")
        y += 34
        self._seats = UILabel(
            pygame.Rect(x, y, pw, 24), self._seats_text(), self.ui, object_id="#hint"
        )
        y += 30
        # The status: two cheap labels over a box drawn with the panel
        # (a text box would rebuild its rounded frame on every move).
        self.status_rect = pygame.Rect(x, y, pw, 74)
        self._status = UILabel(
            pygame.Rect(x + 14, y + 8, pw - 28, 30), "", self.ui, object_id="#card_title"
        )
        self._status2 = UILabel(
            pygame.Rect(x + 14, y + 38, pw - 28, 26), "", self.ui, object_id="#field_label"
        )
        y += 82
        rows = 4
        bh, gap = 38, 8
        # Panel choices ("Pass", "Don't swing", a card...): buttons, two a row.
        for el in self._choice_buttons:
            el.kill()
        self._choice_buttons = {}
        cw = (pw - gap) // 2
        for i, choice in enumerate(self._panel_choices):
            r, c = divmod(i, 2)
            rect = pygame.Rect(x + c * (cw + gap), y + r * (36 + 6), cw, 36)
            text = choice.label or str(choice.action)
            self._choice_buttons[UIButton(rect, text, self.ui, object_id="#primary")] = choice
        if self._panel_choices:
            y += ((len(self._panel_choices) + 1) // 2) * 42 + 4
        # The hand tray: one slot per piece in hand.
        self.hand_rects = {}
        if self._hand:
            size = min(48, (pw - 4) // max(1, len(self._hand)))
            for i, (slot, _piece) in enumerate(self._hand):
                self.hand_rects[slot] = pygame.Rect(x + i * size, y, size - 4, size - 4)
            y += size + 6
        buttons_h = rows * bh + (rows - 1) * gap
        captured_h = 64 if self.show_captured else 0
        heights = [self._widget_height(w) for w in self.widgets]
        widgets_h = sum(heights) + 6 * len(heights)
        # A short window: give up the captured row, then make the buttons
        # lower, before anything is pushed off the bottom.
        room = h - y - widgets_h - 2 * pad
        if captured_h and room - buttons_h - captured_h - 6 < 80:
            captured_h = 0
        if room - buttons_h - (captured_h + 6 if captured_h else 0) < 60:
            bh, gap = 30, 6
            buttons_h = rows * bh + (rows - 1) * gap
        below = (captured_h + 6 if captured_h else 0) + widgets_h
        moves_h = max(40, h - y - buttons_h - below - 2 * pad)
        self._moves = UITextBox("", pygame.Rect(x, y, pw, moves_h), self.ui)
        y += moves_h + 6
        # The adapter's widgets, stacked in their own strip under the move
        # list: ``widget_rect`` is the whole strip, ``widget_rects`` one
        # rectangle per widget in the adapter's order.
        self.widget_rects = []
        top = y
        for wh in heights:
            self.widget_rects.append(pygame.Rect(x, y, pw, wh))
            y += wh + 6
        self.widget_rect = pygame.Rect(x, top, pw, max(0, y - top - 6)) if heights else None
        self.captured_rect = pygame.Rect(x, y, pw, captured_h)
        if captured_h:
            y += captured_h + 6
        names = [
            ("undo", "Undo"),
            ("redo", "Redo"),
            ("flip", "Flip board"),
            ("draw", "Offer draw"),
            ("resign", "Resign"),
            ("save", "Save"),
            ("rules", "Rules"),
            ("menu", "Menu"),
        ]
        bw = (pw - gap) // 2
        self.buttons = {}
        for i, (key, text) in enumerate(names):
            r, c = divmod(i, 2)
            rect = pygame.Rect(x + c * (bw + gap), y + r * (bh + gap), bw, bh)
            self.buttons[key] = UIButton(rect, text, self.ui)
        self._status_text = self._moves_text = ""
        self._panel_bg: pygame.Surface | None = None

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self._layout(size)
        self._refresh_panel()

    def settings_changed(self) -> None:
        self.board.settings = self.app.settings
        self._sync_board()

    # -- who is who ----------------------------------------------------------------
    def _player_text(self, seat: int) -> str:
        from game.ui.setup import SEAT_CHOICES

        labels = {player: label for label, player in SEAT_CHOICES}
        player = self.match.players[seat]
        return labels.get(player, "Computer" if player.startswith("computer") else "Human")

    def _seats_text(self) -> str:
        return "   ".join(
            f"{name}: {self._player_text(s)}" for s, name in enumerate(self.game.seats)
        )

    def _has_computer(self) -> bool:
        return any(not self.match.is_human(s) for s in range(len(self.match.players)))

    def input_seat(self) -> int | None:
        """The human seat whose decision the board takes now, if any."""
        if self.match.is_over() or self.privacy.covering:
            return None
        for s in self.match.waiting_for():
            if self.match.is_human(s):
                return s
        return None

    def _viewer(self) -> int | None:
        """Whose view of the state the board shows (None: everything)."""
        if self.match.is_over():
            return None
        humans = [s for s in range(len(self.match.players)) if self.match.is_human(s)]
        if len(humans) == 1:
            return humans[0]
        if self.privacy.applies(self.match):
            return self.privacy.viewer
        return None

    def shown_state(self) -> Any:
        viewer = self._viewer()
        state = self.match.state
        if viewer is None or not self.game.private_views:
            return state
        return state.view(viewer)

    # -- the board's controller: click paths ---------------------------------------
    def path_table(self) -> dict[tuple[int, ...], list[Any]]:
        """The click paths of the decision at hand (cached per decision)."""
        seat = self.input_seat()
        key = (seat, len(self.match.history), id(self.match.state), tuple(self.match.pending))
        if key != self._paths_key:
            self._paths_key = key
            self._paths = self.adapter.paths(self.match.state, seat) if seat is not None else {}
        return self._paths

    def can_pick(self, sq: int) -> bool:
        if self.input_seat() is None or self._modal():
            return False
        return any(p[0] == sq for p in self.path_table())

    def _longer(self, path: tuple[int, ...]) -> set[int]:
        """Places that continue ``path`` towards a longer action's path."""
        n = len(path)
        return {p[n] for p in self.path_table() if len(p) > n and p[:n] == tuple(path)}

    def extensions(self, path: tuple[int, ...]) -> set[int]:
        """Places that continue ``path``: the longer paths' next places and,
        when ``path`` is itself complete, its last place again (to confirm)."""
        path = tuple(path)
        out = self._longer(path)
        if out and path in self.path_table():
            out.add(path[-1])
        return out

    def on_path(self, path: tuple[int, ...], dragged: bool) -> str:
        """A path clicked so far. The prefix rule: a complete path that
        longer paths extend (a Horse-apult's capture of a piece it could also
        throw) is played at once only when it was dragged; clicked, it stays
        selected with the continuations highlighted, and clicking its last
        place again confirms it."""
        seat = self.input_seat()
        if seat is None:
            return "no"
        path = tuple(path)
        table = self.path_table()
        actions = table.get(path)
        if (
            not actions
            and len(path) >= 2
            and path[-1] == path[-2]
            and path[:-1] in table
            and self._longer(path[:-1])
        ):
            path, dragged = path[:-1], False  # the confirming click
            actions = table[path]
        elif actions and not dragged and self._longer(path):
            self._waiting_path = path  # wait: confirm this one, or go on
            return "more"
        if not actions:
            return "more" if self.extensions(path) else "no"
        instant = path[-2] if dragged and len(path) >= 2 else None
        if len(actions) == 1:
            return "done" if self.submit(seat, actions[0], instant_from=instant) else "no"
        choices = self.adapter.choices(self.match.state, seat, actions)
        if len(path) >= 2:
            self.board.pending = (path[-2], path[-1])

        def pick(action: Any) -> None:
            self.chooser = None
            self.board.pending = None
            self.submit(seat, action, instant_from=instant)

        def cancel() -> None:
            self.chooser = None
            self.board.pending = None

        square = path[-1] if path[-1] >= 0 else self.board.width * (self.board.height - 1)
        self.chooser = ChoiceOverlay(self.board, square, choices, pick, cancel)
        return "done"

    @property
    def show_captured(self) -> bool:
        """The captured-pieces row, unless the adapter says it means nothing
        in its game (``show_captured = False``)."""
        return bool(getattr(self.adapter, "show_captured", True))

    @staticmethod
    def _widget_height(widget: Any) -> int:
        """The room a widget asks for: its ``height``, else its module's HEIGHT."""
        import sys

        h = getattr(widget, "height", None)
        if h is None:
            h = getattr(sys.modules.get(type(widget).__module__), "HEIGHT", 0)
        try:
            return max(0, int(h))
        except (TypeError, ValueError):
            return 0

    def _load_widgets(self) -> list[Any]:
        import importlib

        out = []
        for name in getattr(self.adapter, "widgets", ()):
            try:
                out.append(importlib.import_module(name).build(self))
            except Exception:
                log.exception("could not build the widget %s", name)
        return out

    # -- playing -------------------------------------------------------------------
    def submit(self, seat: int, action: Any, instant_from: int | None = None) -> bool:
        """One seat's choice; animates, sounds and autosaves what it caused."""
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as e:
            log.info("refused %s for seat %s: %s", action, seat, e)
            self.app.sounds.play("illegal")
            return False
        if events is None:  # a simultaneous step waiting for the other seats
            self.privacy.check(self.match)
            self._sync_board()
            self._refresh_panel()
            return True
        self._after_events(events, instant_from)
        return True

    def _after_events(self, events: list[Any], instant_from: int | None = None) -> None:
        self.privacy.check(self.match)
        state = self.shown_state()
        self.board.animate(
            events,
            _pieces(state),
            self.adapter.last_move_squares(state),
            _check_square(state),
            instant_from=instant_from,
        )
        self.board.markers = self._markers(state)
        self._play_sound(events)
        self._autosave()
        self._refresh_panel()

    def _play_sound(self, events: list[Any]) -> None:
        kinds = {e.kind for e in events}
        for kind in SOUND_ORDER:
            if kind in kinds:
                self.app.sounds.play(SOUND_NAMES.get(kind, kind))
                return
        if events:
            self.app.sounds.play("move")

    def _autosave(self) -> None:
        try:
            from game import saves

            saves.autosave(self.match)
        except Exception:  # a full disk must not end the game
            log.exception("autosave failed")

    def _sync_board(self) -> None:
        """Show the current position at once (after undo, load, resize)."""
        state = self.shown_state()
        self.board.set_position(
            _pieces(state), self.adapter.last_move_squares(state), _check_square(state)
        )
        self.board.markers = self._markers(state)
        self.chooser = None

    def _markers(self, state: Any) -> dict[int, list[str]]:
        try:
            return dict(self.adapter.markers(state))
        except Exception:
            log.exception("markers failed")
            return {}

    # -- computer seats -------------------------------------------------------------
    def _runner(self, seat: int) -> Any:
        runner = self.runners.get(seat)
        if runner is None:
            from game.ai.runner import BotRunner

            runner = self.runners[seat] = BotRunner(self.match.computer_level(seat) or "random")
        return runner

    def _cancel_thinking(self) -> None:
        for runner in self.runners.values():
            runner.cancel()
        self._thinking.clear()

    def close_runners(self) -> None:
        for runner in self.runners.values():
            try:
                runner.close()
            except Exception:
                log.exception("closing a bot failed")
        self.runners.clear()
        self._thinking.clear()

    @property
    def thinking(self) -> bool:
        return bool(self._thinking)

    def _drive_bots(self) -> None:
        if self.closed or self.match.is_over():
            return
        ply = len(self.match.history)
        for seat in self.match.waiting_for():
            if self.match.is_human(seat):
                continue
            runner = self._runner(seat)
            if self._thinking.get(seat) != ply:
                runner.start(self.match, seat)
                self._thinking[seat] = ply
                self._refresh_panel()
                continue
            if self.board.animating:
                continue  # let the last move land before the reply
            action = runner.poll()
            if action is not None:
                del self._thinking[seat]
                self.submit(seat, action)
                return

    # -- controls ------------------------------------------------------------------
    def undo(self) -> None:
        if not self.match.can_undo:
            return
        self._cancel_thinking()
        if self._has_computer():
            self.match.undo_to_human()
        else:
            self.match.undo()
        self._after_jump()

    def redo(self) -> None:
        if not self.match.can_redo:
            return
        self._cancel_thinking()
        if self._has_computer():
            events = self.match.redo_to_human()
        else:
            events = self.match.redo()
        self.privacy.check(self.match)
        self._after_events(events)

    def _after_jump(self) -> None:
        self._game_over_shown = self.match.is_over()
        if self._game_over_window is not None:
            self._game_over_window.kill()
            self._game_over_window = None
        self.privacy.check(self.match)
        self._sync_board()
        self._autosave()
        self._refresh_panel()

    def flip(self) -> None:
        self.board.flipped = not self.board.flipped
        self.board.clear_selection()

    def _acting_human(self) -> int | None:
        """The human who offers a draw or resigns: the one to act, else the
        only human."""
        seat = self.input_seat()
        if seat is not None:
            return seat
        humans = [s for s in range(len(self.match.players)) if self.match.is_human(s)]
        return humans[0] if len(humans) == 1 else None

    def offer_draw(self) -> None:
        if self.match.is_over():
            return
        seat = self._acting_human()
        if seat is None:
            return
        others = [s for s in range(len(self.match.players)) if s != seat]
        bots = [s for s in others if not self.match.is_human(s)]
        if bots:
            if all(self._bot_accepts_draw(b) for b in bots):
                self._agree_draw()
                widgets.message(self.ui, "Draw", "The computer accepts the draw.")
            else:
                widgets.message(self.ui, "Draw declined", "The computer plays on.")
            return
        names = " and ".join(self.game.seats[s] for s in others)
        widgets.confirm(
            self.ui,
            "Draw offered",
            f"{self.game.seats[seat]} offers a draw. {names}, do you accept?",
            self._agree_draw,
            yes="Accept",
        )

    def _bot_accepts_draw(self, seat: int) -> bool:
        try:
            from game.ai.evaluate import evaluator_for

            state = self.match.state.view(seat)
            score = evaluator_for(state)(state, seat)
        except Exception:
            log.exception("could not judge the draw offer")
            return False
        return score <= DRAW_ACCEPT_MARGIN

    def _agree_draw(self) -> None:
        if self.match.is_over():
            return
        self._cancel_thinking()
        self._after_events(self.match.agree_draw())

    def resign(self) -> None:
        if self.match.is_over():
            return
        seat = self._acting_human()
        if seat is None:
            return

        def do() -> None:
            if not self.match.is_over():
                self._cancel_thinking()
                self._after_events(self.match.resign(seat))

        widgets.confirm(
            self.ui, "Resign", f"Resign the game as {self.game.seats[seat]}?", do, yes="Resign"
        )

    def open_save(self) -> None:
        if self._save_window is not None and self._save_window.alive():
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, 420, 190)
        rect.center = (w // 2, h // 2)
        win = UIWindow(rect, self.ui, "Save game", object_id="#save_window", always_on_top=True)
        inner = win.get_container().get_rect()
        iw = inner.w
        UILabel(
            pygame.Rect(16, 10, iw - 32, 24),
            "Name of the save:",
            self.ui,
            container=win,
            object_id="#field_label",
        )
        entry = UITextEntryLine(pygame.Rect(16, 40, iw - 32, 38), self.ui, container=win)
        entry.set_text(f"{self.game.title} {len(self.match.history)}")
        entry.focus()
        self._save_ok = UIButton(
            pygame.Rect(iw - 16 - 110, 90, 110, 36),
            "Save",
            self.ui,
            container=win,
            object_id="#primary",
        )
        self._save_cancel = UIButton(
            pygame.Rect(iw - 16 - 230, 90, 110, 36), "Cancel", self.ui, container=win
        )
        self._save_window, self._save_entry = win, entry

    def save_as(self, name: str) -> bool:
        from game import saves

        try:
            path = saves.save_named(self.match, name)
        except (saves.SaveError, OSError) as e:
            widgets.message(self.ui, "Could not save", str(e))
            return False
        widgets.message(self.ui, "Saved", f"Saved as “{path.stem}”.")
        return True

    def _finish_save(self) -> None:
        if self._save_entry is None or self._save_window is None:
            return
        name = self._save_entry.get_text().strip()
        self._save_window.kill()
        self._save_window = self._save_entry = None
        if name:
            self.save_as(name)

    def open_rules(self) -> None:
        from game.ui.rules_view import RulesScene

        self.app.push(RulesScene(self.app, self.match.game_id))

    def to_menu(self) -> None:
        """Back to the main menu; the game stays in the autosave."""
        self._autosave()
        self.close_runners()
        self.closed = True
        if len(self.app.scenes) > 1 and self.app.scenes[-1] is self:
            self.app.pop()
        else:
            from game.ui.menu import MainMenu

            self.app.replace(MainMenu(self.app))

    def new_game(self) -> None:
        from game.match import Match

        self.close_runners()
        self.closed = True
        match = Match(self.match.game_id, self.match.options, None, list(self.match.players))
        self.app.replace(PlayScene(self.app, match))

    def on_quit(self) -> None:
        self._autosave()
        self.close_runners()

    # -- dialogs -------------------------------------------------------------------
    def _modal(self) -> bool:
        return bool(widgets.dialogs(self.ui))

    def _show_game_over(self) -> None:
        self._game_over_shown = True
        w, h = self.app.size
        rect = pygame.Rect(0, 0, 440, 214)
        rect.center = (self.board.outer.centerx, h // 2)
        rect.clamp_ip(pygame.Rect(0, 0, w, h))
        win = UIWindow(rect, self.ui, "Game over", object_id="#game_over", always_on_top=True)
        inner = win.get_container().get_rect()
        iw = inner.w
        UITextBox(
            f"<b>{widgets.escape(result_text(self.match))}</b><br>"
            f"{widgets.escape(self.match.state.result().reason)}",
            pygame.Rect(8, 4, iw - 16, 110),
            self.ui,
            container=win,
        )
        bw = (iw - 16 * 2 - 2 * 10) // 3
        y = 124
        self._go_new = UIButton(
            pygame.Rect(16, y, bw, 38), "New game", self.ui, container=win, object_id="#primary"
        )
        self._go_menu = UIButton(
            pygame.Rect(16 + bw + 10, y, bw, 38), "Menu", self.ui, container=win
        )
        self._go_review = UIButton(
            pygame.Rect(16 + 2 * (bw + 10), y, bw, 38), "Review", self.ui, container=win
        )
        self._game_over_window = win

    def _toggle_pause(self) -> None:
        if self._pause_window is not None and self._pause_window.alive():
            self._pause_window.kill()
            self._pause_window = None
            return
        w, h = self.app.size
        rect = pygame.Rect(0, 0, 300, 222)
        rect.center = self.board.outer.center
        win = UIWindow(rect, self.ui, "Paused", object_id="#pause", always_on_top=True)
        iw = win.get_container().get_rect().w
        self._pause_resume = UIButton(
            pygame.Rect(20, 14, iw - 40, 40), "Resume", self.ui, container=win, object_id="#primary"
        )
        self._pause_rules = UIButton(
            pygame.Rect(20, 64, iw - 40, 40), "Rules", self.ui, container=win
        )
        self._pause_menu = UIButton(
            pygame.Rect(20, 114, iw - 40, 40), "Main menu", self.ui, container=win
        )
        self._pause_window = win

    # -- the panel -----------------------------------------------------------------
    def _refresh_panel(self) -> None:
        m = self.match
        status = self._status_line()
        if status != self._status_text:
            self._status_text = status
            first, _, rest = status.partition("\n")
            first, spill = _fit(self._status, first)
            if spill:  # a long prompt goes on in the second line
                rest = f"{spill}\n{rest}" if rest else spill
            self._status.set_text(first)
            self._status2.set_text(rest.replace("\n", " · "))
        moves = self._move_list_html()
        if moves != self._moves_text:
            old, self._moves_text = self._moves_text, moves
            if old and moves.startswith(old):
                # One more move: append it (a full set_text re-lays the whole box).
                self._moves.append_html_text(moves[len(old) :])
            else:
                self._moves.set_text(moves)
                bar = getattr(self._moves, "scroll_bar", None)
                if bar is not None:
                    bar.set_scroll_from_start_percentage(1.0)
        self.buttons["undo"].enable() if m.can_undo else self.buttons["undo"].disable()
        self.buttons["redo"].enable() if m.can_redo else self.buttons["redo"].disable()
        on = not m.is_over() and self._acting_human() is not None
        for key in ("draw", "resign"):
            self.buttons[key].enable() if on else self.buttons[key].disable()
        self._captured = self._captured_pieces()
        choices, hand = self._current_panel_choices(), self._current_hand()
        if _labels(choices) != _labels(self._panel_choices) or _slots(hand) != _slots(self._hand):
            self._panel_choices, self._hand = choices, hand
            self.board.hand_pieces = dict(hand)
            self._layout(self.app.size)
            self._refresh_panel()
        else:
            self._panel_choices, self._hand = choices, hand
            self.board.hand_pieces = dict(hand)

    def _current_panel_choices(self) -> list[Any]:
        seat = self.input_seat()
        if seat is None or self.closed:
            return []
        try:
            return self.adapter.panel_choices(self.match.state, seat)
        except Exception:
            log.exception("panel choices failed")
            return []

    def _current_hand(self) -> list[tuple[int, Any]]:
        seat = self.input_seat()
        if seat is None:
            seat = self._viewer()
        if seat is None or self.closed:
            return []
        try:
            return list(self.adapter.hand(self.shown_state(), seat))
        except Exception:
            log.exception("hand failed")
            return []

    def _status_line(self) -> str:
        m = self.match
        if m.is_over():
            reason = m.state.result().reason
            text = result_text(m)
            return f"{text}\n{reason}" if reason and reason != text else text
        lines = []
        for seat in m.waiting_for():
            try:
                lines.append(m.state.prompt(seat))
            except Exception:
                lines.append(f"{self.game.seats[seat]} to move")
            if not m.is_human(seat):
                lines.append("Computer is thinking…")
        if self.privacy.covering and self.privacy.waiting_for is not None:
            lines.append(f"Pass to {self.game.seats[self.privacy.waiting_for]}")
        if self._prefix_waiting():
            lines.insert(1, "Click it again to play it, or go on to a marked square")
        return "\n".join(lines)

    def _prefix_waiting(self) -> bool:
        """Is a complete path that longer paths extend waiting for its
        confirming click (the prefix rule)?"""
        path = self._waiting_path
        return path is not None and tuple(self.board.path) == path

    def _move_list_html(self) -> str:
        """The move list. Only complete steps are listed (``match.history``):
        a seat's secret choice in a simultaneous step (a Tulpa picked, a
        guess) waits in ``match.pending`` and is never shown; the step's text,
        with every seat's choice, appears once all have chosen and it is
        revealed."""
        m = self.match
        texts = [m.step_text(step) for step in m.history]
        if not texts:
            return "<font color='#8c96a2'>No moves yet</font>"
        lines: list[str] = []
        if len(self.game.seats) == 2:
            # A number per round, begun by the seat that opened the game
            # (Black in Tulaga). A step with several seats (a card duel) is
            # a line of its own, dimmed.
            opener = next(
                (k for step in m.history for k in step if isinstance(k, int) and len(step) == 1),
                0,
            )
            number = 0
            current: list[str] = []
            last_seat = None
            for step, text in zip(m.history, texts, strict=True):
                seats = [k for k in step if isinstance(k, int)]
                seat = seats[0] if len(seats) == 1 else None
                if seat == opener and last_seat != opener or seat is None or not current:
                    if current:
                        lines.append(" ".join(current))
                    if seat is None:
                        dim = len(seats) > 1
                        line = widgets.escape(text)
                        lines.append(f"<font color='#8c96a2'>{line}</font>" if dim else line)
                        current = []
                        last_seat = None
                        continue
                    number += 1
                    prefix = f"{number}." if seat == opener else f"{number}…"
                    current = [f"<font color='#8c96a2'>{prefix}</font>"]
                current.append(widgets.escape(text))
                last_seat = seat
            if current:
                lines.append(" ".join(current))
        else:
            for i, text in enumerate(texts, 1):
                lines.append(f"<font color='#8c96a2'>{i}.</font> {widgets.escape(text)}")
        if m.is_over():
            lines.append(f"<b>{widgets.escape(result_text(m))}</b>")
        return "<br>".join(lines)

    def _captured_pieces(self) -> list[tuple[int, list[Any], float]]:
        """Per seat: the opponents' pieces it has taken, and its material lead.
        Counted from the start position (promotions count as the pawn)."""
        state = self.shown_state()
        if not self.show_captured or not callable(getattr(state, "pieces", None)):
            return []
        if self._start_pieces is None:
            try:
                start = self.game.new(self.match.options, self.match.seed)
                self._start_pieces = Counter(_pieces(start).values())
            except Exception:
                self._start_pieces = Counter()
        now = Counter(_pieces(state).values())

        missing: dict[int, list[Any]] = {}
        n = len(self.game.seats)
        for seat in range(n):
            lost = []
            extra = 0
            for piece, count in self._start_pieces.items():
                if piece.side == seat:
                    lost += [piece] * max(0, count - now.get(piece, 0))
            for piece, count in now.items():
                if piece.side == seat:
                    extra += max(0, count - self._start_pieces.get(piece, 0))
            for _ in range(extra):  # a promoted pawn is not a captured one
                for i, p in enumerate(lost):
                    if p.kind == "pawn":
                        del lost[i]
                        break
            lost.sort(key=lambda p: -piece_value(p.kind))
            missing[seat] = lost
        material = {
            s: sum(piece_value(p.kind) for p, c in now.items() if p.side == s for _ in range(c))
            for s in range(n)
        }
        out = []
        for seat in range(n):
            taken = [p for s in range(n) if s != seat for p in missing[s]]
            lead = material[seat] - max(material[s] for s in range(n) if s != seat) if n > 1 else 0
            out.append((seat, taken, lead))
        return out

    # -- the frame -------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.chooser is not None:
                self.chooser.on_cancel()
            elif not widgets.close_top_dialog(self.ui):
                self._toggle_pause()
            else:
                self._pause_window = (
                    None
                    if not (self._pause_window and self._pause_window.alive())
                    else self._pause_window
                )
            return
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_RETURN
            and self._save_window is not None
            and self._save_window.alive()
        ):
            self._finish_save()
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self._on_button(event.ui_element)
            return
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element is self._save_entry:
            self._finish_save()
            return
        if consumed or self._modal():
            return
        if self.privacy.covering:
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                if self.privacy.handle(event, self.board.outer):
                    self._sync_board()
                    self._refresh_panel()
            elif event.type == pygame.KEYDOWN and self.privacy.handle(event, self.board.outer):
                self._sync_board()
                self._refresh_panel()
            return
        if self.chooser is not None:
            self.chooser.handle(event)
            return
        for widget in self.widgets:
            if widget.handle(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            for slot, rect in self.hand_rects.items():
                if rect.collidepoint(event.pos):
                    # Click-click, or press and drag the piece onto the board.
                    self.board.press_square(slot, event.pos)
                    return
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            press = self.board._press
            if press is not None and press[0] < 0:
                rect = self.hand_rects.get(press[0])
                if rect is not None and rect.collidepoint(event.pos):
                    self.board.cancel_drag()  # back in the tray, still picked
                    return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_LEFT:
                self.undo()
            elif event.key == pygame.K_RIGHT:
                self.redo()
            elif event.key == pygame.K_f:
                self.flip()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.board.handle(event)

    def _on_button(self, el: Any) -> None:
        b = self.buttons
        if el is b["undo"]:
            self.undo()
        elif el is b["redo"]:
            self.redo()
        elif el is b["flip"]:
            self.flip()
        elif el is b["draw"]:
            self.offer_draw()
        elif el is b["resign"]:
            self.resign()
        elif el is b["save"]:
            self.open_save()
        elif el is b["rules"]:
            self.open_rules()
        elif el is b["menu"]:
            self.to_menu()
        elif el in self._choice_buttons:
            seat = self.input_seat()
            if seat is not None and self.chooser is None:
                self.board.clear_selection()
                self.submit(seat, self._choice_buttons[el].action)
        elif el is getattr(self, "_save_ok", None):
            self._finish_save()
        elif el is getattr(self, "_save_cancel", None):
            if self._save_window is not None:
                self._save_window.kill()
            self._save_window = self._save_entry = None
        elif el is getattr(self, "_go_new", None):
            self.new_game()
        elif el is getattr(self, "_go_menu", None):
            self.to_menu()
        elif el is getattr(self, "_go_review", None):
            if self._game_over_window is not None:
                self._game_over_window.kill()
            self._game_over_window = None
        elif el is getattr(self, "_pause_resume", None):
            self._toggle_pause()
        elif el is getattr(self, "_pause_rules", None):
            self._toggle_pause()
            self.open_rules()
        elif el is getattr(self, "_pause_menu", None):
            self._toggle_pause()
            self.to_menu()
        else:
            return
        if not self.closed:
            self._refresh_panel()

    def update(self, dt: float) -> None:
        if self._prefix_waiting() != self._hint_shown:
            self._hint_shown = not self._hint_shown
            if not self._hint_shown:
                self._waiting_path = None
            self._status_text = ""
            self._refresh_panel()
        self.ui.update(dt)
        self.board.update(dt)
        for widget in self.widgets:
            widget.update(dt)
        self.board.enabled = (
            self.input_seat() is not None and not self._modal() and self.chooser is None
        )
        self._drive_bots()
        if self.closed:
            return
        if self.match.is_over() and not self._game_over_shown and not self.board.animating:
            self._show_game_over()
            self._refresh_panel()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        if self._panel_bg is None or self._panel_bg.get_size() != self.panel_rect.size:
            self._panel_bg = (
                pygame.Surface(self.panel_rect.size).convert()
                if pygame.display.get_surface()
                else pygame.Surface(self.panel_rect.size)
            )
            self._panel_bg.fill(PANEL_BG)
            box = self.status_rect.move(-self.panel_rect.x, -self.panel_rect.y)
            pygame.draw.rect(self._panel_bg, (27, 33, 41), box, border_radius=10)
            pygame.draw.rect(self._panel_bg, (59, 69, 82), box, 1, border_radius=10)
        surface.blit(self._panel_bg, self.panel_rect)
        if self.privacy.covering:
            seat = self.privacy.waiting_for
            name = self.game.seats[seat] if seat is not None else ""
            self.privacy.draw(surface, self.board.outer, name)
        else:
            self.board.draw(surface)
            if self.chooser is not None:
                self.chooser.draw(surface)
        for widget in self.widgets:
            widget.draw(surface)
        self._draw_hand(surface)
        self._draw_captured(surface)
        self.ui.draw_ui(surface)
        self.board.draw_drag(surface)

    def _draw_hand(self, surface: pygame.Surface) -> None:
        if not self.hand_rects:
            return
        pieces = dict(self._hand)
        for slot, rect in self.hand_rects.items():
            picked = slot in self.board.path
            target = slot in self.board.target_squares
            fill = (52, 70, 50) if picked else (36, 43, 53)
            pygame.draw.rect(surface, fill, rect, border_radius=6)
            edge = (217, 164, 90) if picked or target else (59, 69, 82)
            pygame.draw.rect(surface, edge, rect, 1, border_radius=6)
            piece = pieces.get(slot)
            dragged = self.board.dragging and self.board._press and self.board._press[0] == slot
            if piece is not None and not dragged:
                img = self.board.art.get(piece, rect.w)
                surface.blit(img, img.get_rect(center=rect.center))

    def _draw_captured(self, surface: pygame.Surface) -> None:
        if not self._captured or not self.captured_rect.h:
            return
        rect = self.captured_rect
        rows = len(self._captured)
        row_h = max(16, rect.h // max(1, rows))
        size = max(14, min(26, row_h - 4))
        font = _font(13)
        for i, (seat, taken, lead) in enumerate(self._captured):
            y = rect.y + i * row_h
            name = font.render(self.game.seats[seat], True, TEXT_DIM)
            surface.blit(name, (rect.x, y + (row_h - name.get_height()) // 2))
            x = rect.x + 58
            step = size * 0.62
            for piece in taken:
                if x + size > rect.right - 30:
                    break
                surface.blit(self.board.art.get(piece, size), (int(x), y + (row_h - size) // 2))
                x += step
            if lead > 0:
                text = font.render(f"+{lead:g}", True, TEXT)
                surface.blit(text, (int(x) + size // 2 + 4, y + (row_h - text.get_height()) // 2))


# -- helpers -------------------------------------------------------------------------
def _pieces(state: Any) -> dict[int, Any]:
    f = getattr(state, "pieces", None)
    return dict(f()) if callable(f) else {}


def _check_square(state: Any) -> int | None:
    f = getattr(state, "check_square", None)
    try:
        return f() if callable(f) else None
    except Exception:
        return None


def _fit(label: Any, text: str) -> tuple[str, str]:
    """Split ``text`` at a word so the first part fits ``label``'s width."""
    font = getattr(label, "font", None)
    width = label.rect.width - 6
    if font is None or font.size(text)[0] <= width:
        return text, ""
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n])
        if font.size(head)[0] <= width:
            return head, " ".join(words[n:])
    return text, ""


def _labels(choices: list[Any]) -> list[str]:
    return [c.label for c in choices]


def _slots(hand: list[tuple[int, Any]]) -> list[tuple[int, Any]]:
    return [(slot, getattr(p, "seat", None), getattr(p, "kind", None)) for slot, p in hand]


def result_text(match: Any) -> str:
    """The result in words: "White wins", "Draw", or the score's verdict."""
    result = match.state.result()
    return "" if result is None else result.headline(match.game)
