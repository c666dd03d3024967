"""The play scene: one match on screen, for any game.

The board sits on the left (the largest that fits), the side panel on the
right (game/ui/play/panel.py). The parts:

- ``viewpoint`` (viewpoint.py): who is looking; everything on screen is
  drawn from its ``Seen``, and its privacy screen covers the whole window;
- ``input`` (input.py): click paths on the board and on the widgets, and
  the prefix rule;
- ``bots`` (bots.py): computer seats thinking in worker processes;
- ``controls`` (controls.py): the panel's buttons and the keys: undo,
  redo, flip, offer a draw, resign, save, copy, rules, menu, a new game;
- ``looking`` (looking_back.py): the position after an earlier step;
- ``dialogs`` (dialogs.py): game over (with the best score), pause, save as;
- ``hints`` (hint.py): the Hint button's suggestion for the person deciding;
- ``premove`` (premove.py): a move entered while the computer thinks;
- the game's adapter (game/ui/adapters.py) and its widgets.

After every step: the events the viewer may see are animated and sounded,
and the match is autosaved. With people at one screen, a step that reveals
something to everyone (the adapter's ``reveals``) is held in sight with a
Continue button before any privacy screen rises.
"""

from __future__ import annotations

import logging
import time
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import clock
from game.engine import IllegalAction
from game.ui import widgets
from game.ui.adapters import Choice, adapter_for
from game.ui.board_view import THEMES, BoardView
from game.ui.play import seats
from game.ui.play.analysis_view import AnalysisView
from game.ui.play.bots import BotDriver
from game.ui.play.controls import Controls
from game.ui.play.dialogs import Dialogs
from game.ui.play.hint import Hint
from game.ui.play.input import ClickPaths
from game.ui.play.looking_back import LookingBack
from game.ui.play.panel import SidePanel
from game.ui.play.premove import Premoves
from game.ui.play.viewpoint import CONTINUE, Seen, Viewpoint
from game.ui.promotion import ChoiceOverlay
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App
    from game.match import Match

log = logging.getLogger(__name__)

BACKGROUND = (24, 29, 36)

# Sounds by event kind, strongest first, around the game's own (its adapter's
# ``sounds``): one sound per step.
SOUNDS_FIRST = (("game_over", "game_end"), ("check", "check"))
SOUNDS_LAST = (("capture", "capture"),)
CLOCK_GAP_MAX = 1.0  # seconds: a longer gap between frames (a frozen window) counts as this


class PlayScene(Scene):
    def __init__(self, app: App, match: Match):
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.adapter = adapter_for(match.game)
        geo = getattr(match.state, "geometry", None)
        self.board = BoardView(getattr(geo, "width", 8), getattr(geo, "height", 8), app.settings)
        self.board.style = self.adapter.board_style
        self.board.use_adapter(self.adapter)
        self.viewpoint = Viewpoint(match)
        self.looking = LookingBack(self)  # the position after an earlier step
        self.controls = Controls(self)  # what the buttons and keys do
        self.input = ClickPaths(self.board, self.decide, app.sounds)
        self.input.mark_one_click = self.adapter.mark_one_click
        self.input.on_stuck = self._stuck
        self.premove = Premoves(self)
        self.stuck_note = ""  # why the piece just clicked cannot move
        self.reselect: int | None = None  # a square to pick for the next decision
        self.bots = BotDriver(match)
        self.hints = Hint(self)
        self.dialogs = Dialogs(self)
        self.analysis = AnalysisView(self)  # after a game: marks, graph, better steps
        self.widgets = self.adapter.make_widgets()
        self.input.sources = self.widgets  # widgets with places take part in click paths
        self.panel = SidePanel(self)
        self.chooser: ChoiceOverlay | None = None
        self.closed = False
        # The game clock's time source (tests put a hand-stepped one) and
        # its reading at the last frame (None: none yet).
        self.clock_now = time.monotonic
        self._clock_at: float | None = None
        self._game_over_shown = match.is_over()  # a finished game resumed: no dialog
        self._prefix_shown = False
        self.best = self._best()  # the best score kept for this mode (game/records.py)
        # Each step played here: (steps played after it, its seats, and where
        # it moved as each person may see it), for the next handover.
        self.trail: list[tuple[int, frozenset[int], dict[int, tuple[int, ...]]]] = []
        self._path_shown: tuple[int, ...] = ()  # the click path the status line tells of
        self.seen: Seen = self.viewpoint.seen()
        self._face_the_viewer()
        for widget in self.widgets:  # heights may follow what the widget shows
            widget.refresh(self.seen)
        self._layout(app.size)
        self.refresh()
        self.sync_board()

    # -- who is who (names and seats in words: seats.py) --------------------------------------
    def has_computer(self) -> bool:
        return any(not self.match.is_human(s) for s in range(len(self.match.players)))

    def _face_the_viewer(self) -> None:
        """Turn the board so the person at the screen has their side below."""
        humans = self.viewpoint.humans()
        seat = self.viewpoint.viewer
        if seat is None and len(humans) == 1:
            seat = humans[0]
        if seat is not None:
            self.board.flipped = self.game.side_of(seat) == 1

    def acting_human(self) -> int | None:
        """The person who offers a draw or resigns: the one to decide, else
        the only person at the table."""
        if self.seen.actor is not None:
            return self.seen.actor
        humans = self.viewpoint.humans()
        return humans[0] if len(humans) == 1 else None

    # -- layout and refresh ------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        panel_w = max(280, min(400, int(w * 0.3)))
        pad = 16
        area = pygame.Rect(pad, pad, w - panel_w - 2 * pad, h - 2 * pad)
        self.board.set_rect(area)
        x = min(self.board.outer.right + pad, w - panel_w)
        self.panel.layout(size, x)
        margin = self.board.outer.left - area.left
        if self.panel.split and margin > 0:
            # Two columns in the panel: the board gives them its left margin.
            self.board.set_rect(area.inflate(-2 * margin, 0).move(-margin, 0))
            self.panel.layout(size, min(self.board.outer.right + pad, w - panel_w))
        self.input.places_in = (
            self.panel.widget_view
        )  # a widget scrolled out of sight is not clicked
        seen = getattr(self, "seen", None)
        if seen is not None and seen.actor is not None and self.looking_at is None:
            self._show_decision_widget()  # a resize or a new layout keeps it in sight

    def _show_decision_widget(self) -> None:
        """Scroll the widget the waiting decision starts in into sight."""
        self.panel.show_widget_of({path[0] for path in self.input.table if path[0] < 0})

    @property
    def panel_rect(self) -> pygame.Rect:
        return self.panel.rect

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self._layout(size)
        self.refresh()

    def settings_changed(self) -> None:
        self.board.settings = self.app.settings
        self.refresh()
        self.sync_board()

    def refresh(self) -> None:
        """The step, the viewer or the cover changed: bring every part up to
        date from the viewer's ``Seen``."""
        if self.closed:
            return
        self.seen = seen = self.viewpoint.seen()
        self.hints.check()
        self.premove.check()
        squares = THEMES[self.board.theme][:2]
        shown = self.shown_seen()
        for widget in self.widgets:
            widget.squares = squares
            widget.best, widget.assisted = self.best, bool(self.match.assists)
            widget.refresh(shown)
        actor = seen.actor if self.looking_at is None else None  # no moves while looking back
        self.input.show_targets = actor is not None
        offered = self.input.table
        if actor is not None:
            self.input.offer(self.adapter.paths(seen.state, actor))
        else:  # while the computer thinks, perhaps a premove
            self.input.offer(self.premove.table(seen.state))
        new_decision = actor is not None and self.input.table is not offered
        heights = [max(0, int(widget.height)) for widget in self.widgets]
        widgets_first = self.panel.wants_widgets_first() != self.panel.widgets_first
        if self.panel.refresh() or heights != self.panel.widget_heights or widgets_first:
            # other panel buttons, a widget grown or shrunk, or the analysis's strip
            # to give way to the widgets or take its room back: lay the panel out again
            self._layout(self.app.size)
            self.panel.refresh()
        if new_decision:  # the widget it is made in, in sight
            self._show_decision_widget()
        self.panel.show(not self.viewpoint.covering)

    @property
    def looking_at(self) -> int | None:
        """The steps played in the position looked back at (None: the game now)."""
        return self.looking.at

    def shown_seen(self) -> Seen:
        """What the board and the panel show: the game now (``seen``), or
        the position looked back at, as the same viewer may see it."""
        return self.seen if self.looking.at is None else self.looking.seen(self.seen)

    def shown_state(self) -> Any:
        """The position on the board, as the viewer may see it."""
        return self.shown_seen().state

    def sync_board(self) -> None:
        """Show the current position at once (after undo, a reveal, a resize),
        or the one being looked back at."""
        state = self.shown_state()
        self.board.set_position(
            _pieces(state), self.adapter.last_move_squares(state), _check_square(state)
        )
        self.board.markers = self._markers(state)
        self.board.danger = self._danger(state)
        # A hint belongs to the game now: its arrow waits while looking back.
        shown = self.hints.shown
        self.board.hint = shown.squares if shown is not None and self.looking_at is None else ()
        self.chooser = None
        self.input.clear()

    def _markers(self, state: Any) -> dict[int, list[str]]:
        try:
            return dict(self.adapter.markers(state))
        except Exception:
            log.exception("markers failed")
            return {}

    def _danger(self, state: Any) -> tuple[int, ...]:
        """The kings to mark as open to capture (game/engine/protocol.py
        ``kings_in_danger``), judged from the viewer's view only."""
        if (
            not self.game.kings_left_attacked
            or not self.adapter.marks_kings_in_danger
            or not self.app.settings.get("mark_attacked_kings", True)
        ):
            return ()
        try:
            return tuple(state.kings_in_danger())
        except Exception:
            log.exception("kings in danger failed")
            return ()

    def panel_choices(self) -> list[Any]:
        if self.viewpoint.holding and not self.closed:
            return [Choice(CONTINUE, label="Continue")]
        actor = self.seen.actor
        if actor is None or self.closed or self.looking_at is not None:
            return []
        try:
            return self.adapter.panel_choices(self.seen.state, actor)
        except Exception:
            log.exception("panel choices failed")
            return []

    def result_text(self) -> str:
        result = self.match.state.result()
        return "" if result is None else result.headline(self.game)

    def status_line(self) -> str:
        m = self.match
        if self.looking_at is not None:  # after the game's end, too
            # The way back before an analysis's word on the step: in a narrow
            # panel the last line is the one cut, and at 800 x 560 the way back
            # read "End returns to its…" under a long word.
            where, _, back = self.looking.words().partition("\n")
            judged = self.analysis.words()
            if judged:  # the way back and the evaluation each keep a small line
                where = self.panel.one_line_heading(where, self.looking.short_heading())
            return "\n".join(line for line in (where, back, judged) if line)
        result = m.state.result()
        if result is not None:
            text = seats.headline(m, result)
            return f"{text}\n{result.reason}" if result.reason and result.reason != text else text
        if self.viewpoint.holding:
            return "\n".join((*self.viewpoint.holding, "Continue once all have seen it"))
        lines = []
        actor = self.seen.actor
        waiting = sorted(m.waiting_for(), key=lambda s: s != actor)  # the decider's first
        for seat in waiting:
            if not m.is_human(seat) and self.premove.path is None:  # the spinner says it too
                # A computer's task is not spoken to the people at the screen
                # ("White: click one of your pieces…" read as theirs).
                lines.append(f"{m.seat_name(seat)}: Computer is thinking…")
                continue
            try:
                prompt = self.seen.state.prompt(seat)
            except Exception:
                prompt = f"{self.game.seats[seat]} to move"
            # Only the person deciding at the screen is spoken to as "you".
            said = seats.prompt_text(m, seat, prompt, addressed=seat == actor)
            if not lines and not self.panel.heading_fits(said):  # a name too wide for it
                said = seats.prompt_text(m, seat, prompt, addressed=seat == actor, named=False)
            lines.append(said)
        if self.premove.words():
            lines.append(self.premove.words())
        if self.viewpoint.covering and self.viewpoint.waiting_for is not None:
            lines.append(f"Pass to {m.seat_name(self.viewpoint.waiting_for)}")
        if self.input.prefix_waiting:
            lines.insert(1, "Click it again to play it, or go on to a marked square")
        words = self._path_words()
        if words:  # what the next click does comes first
            lines.insert(0, words)
        hint = self.hints.status()
        if hint:
            lines.insert(1, hint)
        if self.stuck_note and not self.input.path:
            lines.insert(1, self.stuck_note)
        return "\n".join(lines)

    def _path_words(self) -> str:
        """The adapter's words for the click path begun (game/ui/adapters.py
        ``path_words``), "" for none."""
        path = tuple(self.input.path)
        seat = self.seen.actor
        if not path or seat is None or self.looking_at is not None:
            return ""
        n = len(path)
        actions = [
            a for p, acts in self.input.table.items() if len(p) > n and p[:n] == path for a in acts
        ]
        try:
            return self.adapter.path_words(self.seen.state, seat, path, actions)
        except Exception:
            log.exception("path words failed")
            return ""

    def _stuck(self, square: int) -> None:
        """A click on a piece of the mover's that has no move now: say so
        (with the game's reason, where it gives one) rather than nothing."""
        seat = self.seen.actor
        if seat is None or not 0 <= square < self.board.width * self.board.height:
            return
        note = self.seen.state.stuck_reason(seat, square)
        if not note:
            return
        self.stuck_note = note
        self.app.sounds.play("illegal")
        self.refresh()

    # -- playing -------------------------------------------------------------------------------
    def decide(self, actions: list[Any], path: tuple[int, ...], instant: int | None) -> bool:
        """A complete click path: play its action, or ask which one (or
        keep it as the premove)."""
        if self.premove.take(actions, path):
            return True
        seat = self.seen.actor
        if seat is None:
            return False
        if len(actions) == 1:
            done = self.submit(seat, actions[0], instant_from=instant)
            if done and len(path) == 1 and self.adapter.keeps_selection(actions[0]):
                self.reselect = path[0]  # picked again once the board is still
            return done
        choices = self.adapter.choices(self.seen.state, seat, actions)
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
        return True

    def submit(self, seat: int, action: Any, instant_from: int | None = None) -> bool:
        """One seat's choice; animates, sounds and autosaves what it caused."""
        self.stuck_note = ""
        self.premove.note = ""
        try:
            events = self.match.submit(seat, action)
        except IllegalAction as e:
            log.info("refused %s for seat %s: %s", action, seat, e)
            self.app.sounds.play("illegal")
            return False
        self.viewpoint.check()
        if events is None:  # a simultaneous step waiting for the other seats
            self.refresh()
            self.sync_board()
            return True
        self.after_events(events, instant_from)
        return True

    def note_trail(self) -> None:
        """Keep where the step just played moved, as each person at the
        table may see it (their own view), for the next handover."""
        m = self.match
        if not self.viewpoint.private() or not m.records:
            return
        actors = frozenset(m.records[-1].step)
        moved = {}
        for seat in self.viewpoint.humans():
            moved[seat] = tuple(self.adapter.last_move_squares(m.state.view(seat)))
        self.trail.append((len(m.records), actors, moved))

    def moves_since_turn(self, seat: int | None) -> tuple[int, ...]:
        """Every square moved on since ``seat`` last acted, as it may see
        them: after a privacy screen a person sees the others' whole turn,
        not only its last move."""
        if seat is None:
            return tuple(self.board.last_move)
        marked: list[int] = []
        for _step, actors, moved in reversed(self.trail):
            if seat in actors:
                break
            marked[:0] = [sq for sq in moved.get(seat, ()) if sq not in marked]
        return tuple(marked) or tuple(self.board.last_move)

    def after_events(self, events: list[Any], instant_from: int | None = None) -> None:
        self.note_trail()
        self.viewpoint.hold(self.adapter.reveal_words(events, self.game))
        self.viewpoint.check()
        self.refresh()
        seen = self.seen
        visible = [e for e in events if e.visible_to(seen.viewer)]
        # Under the privacy screen the next person will look, and a held
        # reveal is for everyone: what all may see.
        public = self.viewpoint.covering or bool(self.viewpoint.holding)
        shown = [e for e in visible if e.audience is None] if public else visible
        if self.looking_at is None:  # a widget showing the past has nothing to animate
            for widget in self.widgets:
                widget.on_events(shown)
        state = seen.state
        if self.viewpoint.covering:
            self.sync_board()  # nobody sees it move; the next person sees where it is
        elif self.looking_at is not None:
            pass  # still looking back: the sound says a move came
        else:
            self.board.animate(
                shown,
                _pieces(state),
                self.adapter.last_move_squares(state),
                _check_square(state),
                instant_from=instant_from,
            )
            self.board.markers = self._markers(state)
            self.board.danger = self._danger(state)
        self._play_sound(shown)
        self.autosave()
        self.refresh()

    def _move_link(self, event: pygame.event.Event) -> None:
        """A step clicked in the move list: look back at it, unless it is
        the rest of a fast double click on Continue, landing on the list
        that slid under the pointer as the hold ended."""
        if not self.viewpoint.settling():
            self.looking.go(int(event.link_target))

    def release_hold(self) -> None:
        """Continue after a public reveal: now the privacy screen may rise."""
        if not self.viewpoint.holding:
            return
        self.viewpoint.release()
        self.refresh()
        if self.viewpoint.covering:
            self.sync_board()

    def _play_sound(self, events: list[Any]) -> None:
        kinds = {e.kind for e in events}
        for kind, sound in (*SOUNDS_FIRST, *self.adapter.sounds, *SOUNDS_LAST):
            if kind in kinds:
                self.app.sounds.play(sound)
                return
        if events:
            self.app.sounds.play("move")

    def autosave(self) -> None:
        try:
            from game import saves

            saves.autosave(self.match)
            if self.match.daily is not None:  # how far the day's deal went (daily.py)
                from game.learn import daily

                daily.note_progress(self.match)
            trouble = saves.autosave_trouble()  # an earlier autosave failed: say so once
            if trouble:
                widgets.message(self.ui, "Autosave failed", trouble)
        except Exception:  # a full disk must not end the game
            log.exception("autosave failed")

    # -- computer seats --------------------------------------------------------------------------
    @property
    def thinking(self) -> bool:
        return self.bots.thinking

    def close_runners(self) -> None:
        self.bots.close()
        self.analysis.stop()

    def _drive_bots(self) -> None:
        if self.closed:
            return
        done = self.bots.poll(hold=self.board.animating or bool(self.viewpoint.holding))
        if done is not None:
            self.submit(*done)

    def after_jump(self) -> None:
        """The match jumped (undo): no animation, the board shows where it is."""
        self.premove.cancel()
        self._game_over_shown = self.match.is_over()
        self.dialogs.close_game_over()
        self.analysis.clear()  # it judged another game
        self.viewpoint.holding = ()  # a jump leaves the reveal behind
        played = len(self.match.records)
        self.trail = [t for t in self.trail if t[0] <= played]  # the undone steps go
        self.viewpoint.check()
        self.refresh()
        self.sync_board()
        self.autosave()

    def on_quit(self) -> None:
        self.autosave()
        self.close_runners()

    def on_fault(self) -> bool:
        """The app met an unexpected exception and goes back to the menu:
        stop the computer seats and autosave the game as its recorded steps
        replay it (never the live state, which a step that failed halfway may
        have half changed). True when the autosave holds this game."""
        self.closed = True
        self.close_runners()
        try:
            match = self.match.replayed()
        except Exception:  # the last autosave stays as it was
            log.exception("the game could not be replayed to keep it")
            return False
        from game import saves

        saves.autosave(match)
        return True

    # -- the frame ---------------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self._escape()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_RETURN and self.dialogs.saving():
            self.dialogs.finish_save()
            return
        if event.type == pygame.KEYDOWN and self._move_list_focused():
            # A click in the move list focuses its text box, which would
            # swallow the keys that look back (and Ctrl+C): they are ours.
            self.ui.set_focus_set(None)
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.controls.on_button(event.ui_element)
            return
        link = event.type == pygame_gui.UI_TEXT_BOX_LINK_CLICKED
        if link and event.ui_element is self.panel.moves:
            self._move_link(event)
            return
        if (
            event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED
            and event.ui_element is self.dialogs.save_entry
        ):
            self.dialogs.finish_save()
            return
        if consumed or self.dialogs.modal() or self.analysis.handle(event):
            return
        if self._continue_key(event):
            return
        if self.viewpoint.covering:
            self.viewpoint.handle(event)
            if not self.viewpoint.covering:  # handed over
                self._face_the_viewer()
                self.refresh()
                self.sync_board()
                self.board.last_move = self.moves_since_turn(self.viewpoint.viewer)
            return
        if self.chooser is not None:
            self.chooser.handle(event)
            return
        if event.type == pygame.MOUSEWHEEL and self.panel.on_wheel(event):
            return
        if not self.panel.outside_widgets(event):
            for widget in self.widgets:
                if widget.handle(event):
                    return
        if event.type == pygame.KEYDOWN:
            self.controls.on_key(event)
            return
        if self.premove.right_click(event):
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.input.handle(event)

    def _escape(self) -> None:
        """Esc: put down the chooser, else the top dialog, else the
        premove, else pause."""
        if self.chooser is not None:
            self.chooser.on_cancel()
        elif widgets.close_top_dialog(self.ui):
            pass
        elif self.premove.cancel():
            self.refresh()
        else:
            self.dialogs.toggle_pause()

    def _continue_key(self, event: pygame.event.Event) -> bool:
        """Enter or Space under a held reveal: Continue."""
        keys = (pygame.K_RETURN, pygame.K_SPACE)
        if self.viewpoint.holding and event.type == pygame.KEYDOWN and event.key in keys:
            self.release_hold()
            return True
        return False

    def _move_list_focused(self) -> bool:
        focus = self.ui.get_focus_set() or set()
        return bool(focus & self.panel.moves.get_focus_set())

    def active(self) -> bool:
        """Frames are needed while something moves or waits: a move landing,
        a panel widget's animation, a piece flying home or dragged, a
        computer thinking, a step to come from it, the game-over window to
        open, or a hint being thought about."""
        m = self.match
        waiting_bot = not m.is_over() and any(not m.is_human(s) for s in m.waiting_for())
        return (
            self.board.animating
            or any(widget.animating for widget in self.widgets)
            or self.input.dragging
            or waiting_bot
            or (m.is_over() and not self._game_over_shown)
            or self.hints.active()
            or self.analysis.running
        )

    def update(self, dt: float) -> None:
        self._run_clock()  # first: the panel shows the time it leaves
        if self.input.prefix_waiting != self._prefix_shown:
            self._prefix_shown = not self._prefix_shown
            self.refresh()
        if tuple(self.input.path) != self._path_shown:  # the status says what the click does
            self._path_shown = tuple(self.input.path)
            self.refresh()
        self.ui.update(dt)
        self.board.update(dt)
        self.panel.tick(dt)
        for widget in self.widgets:
            widget.update(dt)
        deciding = self.seen.actor is not None or self.premove.seat() is not None
        self.input.enabled = deciding and not self.dialogs.modal() and self.chooser is None
        self._drive_bots()
        if self.closed:
            return
        self.premove.update()
        self.hints.update()
        self.analysis.update()
        if self.reselect is not None and not self.board.animating:
            square, self.reselect = self.reselect, None
            if self.input.enabled and self.input.can_pick(square):
                self.input.press(square)
        if self.match.is_over() and not self._game_over_shown and not self.board.animating:
            self._game_over_shown = True
            result = self.match.state.result()
            more = self.dialogs.score_lines(result, self._count_score())
            more = (*self._puzzle_verdict(), *more)
            self.best = self._best()
            self.dialogs.show_game_over(seats.headline(self.match, result), result.reason, more)
            self.refresh()

    def clock_paused(self) -> bool:
        """The clock stops under a privacy screen, a reveal held in sight, a
        dialog that stops it (``Dialogs.stops_clock``) and while the last
        move lands on the board: the seat to move cannot see it yet (and a
        computer cannot answer before it has landed; in a fast game those
        fifths of a second made it lose on time), nor while a computer's
        worker starts for the game (once, up to a second or two, charged to
        the first move after a start or a load). Not while looking back:
        the mover would think on their own time stopped."""
        v = self.viewpoint
        stopped = v.covering or v.holding or self.board.animating or self.dialogs.stops_clock()
        return bool(self.closed or stopped or self.bots.starting())

    def _run_clock(self) -> None:
        """Run the clocks of the seats to choose by the time since the last
        frame; a seat out of time loses (game/clock.py ``flag_result``)."""
        m = self.match
        if m.clock is None:
            return
        now = self.clock_now()
        last, self._clock_at = self._clock_at, now
        seats = clock.running(m, self.clock_paused())
        if last is None or not seats:
            return
        m.clock.run(min(now - last, CLOCK_GAP_MAX), seats)
        flagged = m.clock.flagged(seats)
        if flagged is not None:
            self.bots.cancel()
            self.after_events(m.flag(flagged))

    def _count_score(self) -> Any:
        """A finished score game a person played counts towards their best
        (game/records.py; once per finished game). None if nothing is kept."""
        from game import records
        from game.learn import daily, stats

        try:
            stats.record_match(self.match)  # played, won, lost (free play only)
        except Exception:  # the statistics must not keep the best from being counted
            log.exception("could not count the game in the statistics")
        if getattr(self.match, "puzzle", None) is not None:
            return None  # a puzzle deal, its solution one click away: no best score
        try:
            if self.match.daily is not None:  # kept apart from free play
                return daily.record_match(self.match)
            return records.record_match(self.match)
        except Exception:  # a full disk must not hide the game-over window
            log.exception("could not keep the score")
            return records.NotKept()

    def _puzzle_verdict(self) -> tuple[str, ...]:
        """A deal puzzle finished (game/learn/puzzles.py, goal: score):
        whether the score reached the computer's best, in words; reached
        without undo or hints, the puzzle is marked solved."""
        puzzle = self.match.puzzle
        if puzzle is None:
            return ()
        from game.learn import puzzles

        score, target = self.match.state.score(), puzzle.target
        if not puzzles.reached(puzzle, self.match.state):
            return (f"The computer's best on this deal is {target}: {target - score} to go.",)
        words = "beat" if score > target else "reached"
        if self.match.assists:
            return (f"You {words} the computer's {target}, with help: not marked solved.",)
        puzzles.mark_solved(puzzle)
        return (f"Puzzle solved: you {words} the computer's best of {target}!",)

    def _best(self) -> Any:
        from game import records
        from game.learn import daily

        try:
            return records.best_of(self.match) or daily.best_of(self.match)
        except Exception:  # an unreadable data folder: no best to show
            log.exception("could not read the best scores")
            return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.viewpoint.covering:
            self.viewpoint.draw_cover(surface)
            self.ui.draw_ui(surface)  # the panel is hidden; dialogs stay usable
            return
        surface.fill(BACKGROUND)
        self.panel.draw(surface)
        self.board.draw(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)
        self.panel.draw_widgets(surface, self.input)
        self.hints.draw(surface)
        self.analysis.draw(surface)
        self.ui.draw_ui(surface)
        self.input.draw_drag(surface)


# -- helpers -------------------------------------------------------------------------------------
def _pieces(state: Any) -> dict[int, Any]:
    return dict(state.pieces())


def _check_square(state: Any) -> int | None:
    try:
        return state.check_square()
    except Exception:
        return None
