"""One lesson on screen: the task, the real board, and the rules judging
every click.

The board, its click paths, the chooser and the game's panel widgets are the
play scene's own parts (board_view.py, play/input.py, promotion.py, the
game's adapter); the judging is game/learn/lessons.py's ``Tutor``. A step the
learner makes is played on a ``Match`` begun from the lesson's position, so
the move list, the animations and the widgets are those of a real game. The
lesson's replies follow, one at a time, once the board is still. After the
last step of an answer line the explanation shows and the lesson is marked
done (game/learn/progress.py); after any other legal step the board shows
it and the lesson says why it is not the answer. "Show me" plays the first
answer line from the start, step by step; "Try again" starts over. Once
judged, the verdict and its words head the text, in sight without scrolling
(``_fit_verdict``).

Nothing here is saved or counted: no autosave, no records, no computer
player (the other seats' steps come from the lesson).
"""

from __future__ import annotations

import logging
from html import escape
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.engine import IllegalAction
from game.learn import lessons as L
from game.learn import progress
from game.match import HUMAN, Match
from game.ui import widgets
from game.ui.adapters import Choice, adapter_for
from game.ui.board_view import BoardView
from game.ui.panel_widgets import WidgetColumn
from game.ui.play.input import ClickPaths
from game.ui.play.viewpoint import Seen
from game.ui.promotion import ChoiceOverlay
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App

log = logging.getLogger(__name__)

BACKGROUND = (24, 29, 36)
PANEL_BG = (31, 38, 47)
PAD = 16
STEP_PAUSE = 0.45  # seconds between the steps the lesson plays itself
SHOW_PAUSE = 0.8  # between the steps of "Show me"
# The verdict's words get smaller where a window has no room for them: the
# text's pixel size (None: the theme's) and line spacing (the theme's 1.25).
TEXT_SIZES = ((None, 1.25), (15, 1.25), (14, 1.25), (14, 1.1))
TEXT_MIN = 130  # the lesson's text keeps this much height before any game widget
RIGHT_COLOUR = "#8fd18f"
WRONG_COLOUR = "#e8a45e"
DIM = "#9aa5b1"
LESSON_PLAYER = "computer:lesson"  # the seats the lesson plays (nobody thinks for them)
PLAY = "Play game"  # "Next lesson" on the last lesson: the game's setup form
CONTROLS = (
    ("show", "Show me"),
    ("again", "Try again"),
    ("next", "Next lesson"),
    ("list", "Lessons"),
)


class LessonScene(Scene):
    def __init__(self, app: App, lessons: list[L.Lesson], index: int, show: bool = False):
        super().__init__(app)
        self.lessons, self.index = lessons, index
        self.lesson = lesson = lessons[index]
        self.tutor = L.Tutor(lesson)  # a lesson the rules refuse raises here
        learner = self.learner = self.tutor.learner
        game = lesson.game()
        players = [HUMAN if s == learner else LESSON_PLAYER for s in range(len(game.seats))]
        self.match = Match(lesson.game_id, lesson.options, L.SEED, players, start=lesson.position)
        self.game = game
        self.adapter = adapter_for(game)
        geo = getattr(self.match.state, "geometry", None)
        self.board = BoardView(getattr(geo, "width", 8), getattr(geo, "height", 8), app.settings)
        self.board.style = self.adapter.board_style
        self.board.use_adapter(self.adapter)
        self.board.flipped = game.side_of(learner) == 1
        self.input = ClickPaths(self.board, self.decide, app.sounds)
        self.input.mark_one_click = self.adapter.mark_one_click
        self.input.on_stuck = self._stuck
        self.column = WidgetColumn(self.adapter)
        self.widgets = self.column.items
        self.input.sources = self.widgets
        self.chooser: ChoiceOverlay | None = None
        self.queue: list[L.Step] = []  # the lesson's own steps still to play on the board
        self.showing = show  # "Show me": the first answer line plays itself
        self.wait = 0.3 if show else 0.0  # seconds before the next step the lesson plays
        self.note = ""  # why the piece just clicked cannot move
        self.marked = False  # the progress file knows this lesson is done
        self.last: str | None = None  # the words after the last lesson (last_words)
        self.choice_buttons: dict[UIButton, Choice] = {}
        self.choices: list[Choice] = []
        self.buttons: dict[str, UIButton] = {}
        self.text_html = ""
        self.roomy = False  # the game's widgets gave their room to the verdict's words
        self.text_size: int | None = None  # the text's pixel size, when smaller than the theme's
        self.seen = self._seen()
        self.column.refresh(self.seen)
        self._layout(app.size)
        self.sync_board()
        self.refresh()

    # -- what is seen ----------------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """The lesson is playing steps of its own (replies, "Show me")."""
        return bool(self.queue) or (self.showing and self.tutor.verdict == L.GOING)

    @property
    def widget_view(self) -> pygame.Rect:
        """Where the game's widgets are (empty when none fit)."""
        return self.column.view

    def _seen(self) -> Seen:
        m, learner = self.match, self.learner
        over = m.is_over()
        viewer = learner if self.game.private_views and not over else None
        state = m.state if viewer is None else m.state.view(viewer)
        deciding = (
            not over
            and not self.busy
            and self.tutor.verdict == L.GOING
            and learner in m.state.to_act()
        )
        actor = learner if deciding else None
        return Seen(self.game, state, viewer, actor, tuple(m.names), len(m.records))

    def refresh(self) -> None:
        self.seen = seen = self._seen()
        self.column.refresh(seen)
        actor = seen.actor
        self.input.offer(self.adapter.paths(seen.state, actor) if actor is not None else {})
        choices = self._panel_choices()
        if [c.label for c in choices] != [c.label for c in self.choices]:
            self.choices = choices
            self._layout(self.app.size)
        html = self.lesson_html()
        if html != self.text_html:
            if self.judged:
                self._fit_verdict()
                html = self.lesson_html()
            self.text_html = html
            self.text.set_text(html)
        first, spill = widgets.fit_label(self.status, self.status_line())
        self.status.set_text(first)
        more = (
            widgets.wrap_for_label(self.status_more[0], spill, len(self.status_more))
            if spill
            else []
        )
        for label, text in zip(self.status_more, more + [""] * len(self.status_more), strict=False):
            label.set_text(text)
        self._enable("show", not self.showing)

    def _enable(self, key: str, on: bool) -> None:
        button = self.buttons.get(key)
        if button is not None and bool(button.is_enabled) != on:
            button.enable() if on else button.disable()

    def _panel_choices(self) -> list[Choice]:
        """The game's panel buttons, but those it asks about first (giving
        the game up: Golf's "Show solution") unless the lesson names that
        step: a lesson has Show me and Try again for that."""
        if self.seen.actor is None:
            return []
        try:
            choices = self.adapter.panel_choices(self.seen.state, self.learner)
        except Exception:
            log.exception("panel choices failed")
            return []
        return [c for c in choices if not c.ask or self._lesson_names(c.action)]

    def _lesson_names(self, action: Any) -> bool:
        """Is this action the learner's next step in an answer line, or a
        first step the lesson explains as wrong?"""
        tutor, n = self.tutor, len(self.tutor.played)
        if any(line[n].get(self.learner) == action for line in tutor.open_lines()):
            return True
        if n:
            return False
        start = self.lesson.start()
        for wrong in self.lesson.wrongs:
            try:
                if start.parse_action(wrong.step, self.learner) == action:
                    return True
            except IllegalAction:
                continue
        return False

    def status_line(self) -> str:
        """The line over the lesson's text: what the next click does, or
        how the lesson stands."""
        verdict = self.tutor.verdict
        if self.showing:
            return "The answer, step by step" if verdict == L.GOING else "That is the answer"
        if self.queue:
            return "The reply comes…"
        if verdict == L.RIGHT:
            return "Right!"
        if verdict == L.WRONG:
            return "Not this time"
        if self.note and not self.input.path:
            return self.note
        words = self._path_words()
        if words:
            return words
        try:
            return self.seen.state.prompt(self.learner)
        except Exception:
            return f"{self.game.seats[self.learner]} to move"

    def _path_words(self) -> str:
        path = tuple(self.input.path)
        if not path or self.seen.actor is None:
            return ""
        n = len(path)
        actions = [
            a for p, acts in self.input.table.items() if len(p) > n and p[:n] == path for a in acts
        ]
        try:
            return self.adapter.path_words(self.seen.state, self.learner, path, actions)
        except Exception:
            log.exception("path words failed")
            return ""

    @property
    def judged(self) -> bool:
        """The verdict is in and the lesson plays nothing more."""
        return not self.queue and self.tutor.verdict in (L.RIGHT, L.WRONG)

    def lesson_html(self) -> str:
        """The task and the steps played; once judged, the verdict and its
        words come first (in sight without scrolling), the task after."""
        tutor = self.tutor
        moves = self.match.move_list(self.seen.viewer)
        played = f"<font color='{DIM}'>{escape(' · '.join(moves))}</font>" if moves else ""
        if not self.judged:
            return "<br><br>".join(p for p in (f"<b>{escape(self.lesson.task)}</b>", played) if p)
        if tutor.verdict == L.RIGHT:
            head = "The answer." if self.showing else "Right."
            parts = [f"<font color='{RIGHT_COLOUR}'><b>{head}</b></font> {escape(tutor.words)}"]
            if self.index + 1 < len(self.lessons):
                following = escape(self.lessons[self.index + 1].title)
                parts.append(f"<font color='{DIM}'>Next lesson: {following}</font>")
            else:
                parts.append(f"<font color='{DIM}'>{escape(self.last_words())}</font>")
        else:
            parts = [
                f"<font color='{WRONG_COLOUR}'><b>Not the answer.</b></font> {escape(tutor.words)}",
                f"<font color='{DIM}'>Try again, or let Show me play the answer.</font>",
            ]
        parts.append(f"<font color='{DIM}'>Task: {escape(self.lesson.task)}</font>")
        html = "<br><br>".join(p for p in (*parts, played) if p)
        if self.text_size is None:
            return html
        return f"<font face='app_sans' pixel_size={self.text_size}>{html}</font>"

    def last_words(self) -> str:
        """After the last lesson: all of the game's lessons done, or how
        many are, and where to play it."""
        if self.last is None:  # read once the verdict is in (and this lesson marked)
            title = self.game.title
            keys = {lesson.key for lesson in self.lessons}
            done = len(progress.load().done_in(self.lesson.game_id) & keys)
            self.last = (
                f"All lessons of {title} done: Play game starts a real one."
                if done == len(keys)
                else f"The last lesson of {title}: {done} of {len(keys)} done (see Lessons)."
            )
        return self.last

    def _fit_verdict(self) -> None:
        """Bring the verdict's words in sight without scrolling: the game's
        widgets and the status line give their room first, then the text
        gets smaller."""
        for roomy, (size, spacing) in ((False, TEXT_SIZES[0]), *((True, s) for s in TEXT_SIZES)):
            if roomy and not self.roomy:
                self.roomy = True
                self._layout(self.app.size)
            elif self.roomy and not roomy:
                continue
            self.text_size = size
            self.text.line_spacing = spacing
            self.text.set_text(self.lesson_html())
            if self._verdict_in_sight():
                return

    def _verdict_in_sight(self) -> bool:
        """Does the text's first paragraph (the verdict's) end in the text
        box's view, scrolled to the top?"""
        layout, view = self.text.text_box_layout, self.text.text_wrap_rect
        if layout is None:
            return True
        rows = layout.layout_rows
        # The paragraph ends before the first empty row (the <br><br> after it).
        end = next((i for i, row in enumerate(rows) if i and not _row_text(row)), len(rows))
        return not rows or rows[end - 1].bottom <= view[3]

    # -- layout ---------------------------------------------------------------------------
    def _layout(self, size: tuple[int, int]) -> None:
        w, h = size
        self.ui.clear_and_reset()
        panel_w = max(280, min(400, int(w * 0.3)))
        self.board.set_rect(pygame.Rect(PAD, PAD, w - panel_w - 2 * PAD, h - 2 * PAD))
        x = min(self.board.outer.right + PAD, w - panel_w)
        pw = w - x - PAD
        self.panel_rect = pygame.Rect(x - 8, 0, w - x + 8, h)
        short = h < 680
        y = PAD
        heading = f"Lesson {self.index + 1} of {len(self.lessons)} · {self.game.title}"
        font = self.ui.get_theme().get_font(["#hint", "label"])
        widgets.label(self.ui, pygame.Rect(x, y, pw, 22), widgets.fit(heading, font, pw), "#hint")
        y += 22
        line = 30 if short else 34
        y += widgets.wrapped_labels(
            self.ui, pygame.Rect(x, y, pw, line), self.lesson.title, "#heading", 2
        )
        y += 2
        # The status: a line in the heading's style, going on in a smaller one.
        self.status = UILabel(pygame.Rect(x, y, pw, 26), "", self.ui, object_id="#card_title")
        # Two smaller lines: a long prompt (Maces' Horse-apult) was cut at 800 x 560.
        self.status_more = [
            UILabel(pygame.Rect(x, y + 26 + 22 * i, pw, 22), "", self.ui, object_id="#field_label")
            for i in range(2)
        ]
        if self.roomy:  # the verdict heads the text: the status says it twice
            self.status.hide()
            for label in self.status_more:
                label.hide()
        else:
            y += 74
        # Panel choices (a card to pick, "No rank"), two a row where they fit.
        self.choice_buttons = {}
        gap = 8
        if self.choices:
            labels = [c.label or str(c.action) for c in self.choices]
            bfont = self.ui.get_theme().get_font(["#primary", "button"])
            per_row = 2 if all(bfont.size(t)[0] <= (pw - gap) // 2 - 16 for t in labels) else 1
            cw, ch = (pw - gap * (per_row - 1)) // per_row, 32 if short else 36
            for i, (choice, text) in enumerate(zip(self.choices, labels, strict=True)):
                r, c = divmod(i, per_row)
                rect = pygame.Rect(x + c * (cw + gap), y + r * (ch + 4), cw, ch)
                self.choice_buttons[UIButton(rect, text, self.ui, object_id="#primary")] = choice
            y += -(-len(self.choices) // per_row) * (ch + 4) + 4
        # The buttons at the bottom, two a row.
        bh = 32 if short else 38
        rows = -(-len(CONTROLS) // 2)
        buttons_top = h - PAD - rows * bh - (rows - 1) * gap
        bw = (pw - gap) // 2
        self.buttons = {}
        for i, (key, text) in enumerate(CONTROLS):
            r, c = divmod(i, 2)
            rect = pygame.Rect(x + c * (bw + gap), buttons_top + r * (bh + gap), bw, bh)
            if key == "next" and self.index + 1 == len(self.lessons):
                text = PLAY  # the last lesson: on to a real game
            self.buttons[key] = widgets.button(self.ui, rect, text, "#menu_button")
        # The game's widgets above the buttons, as many as fit with the text
        # keeping TEXT_MIN (none when the verdict's words need the room); the
        # text box takes the rest.
        room = buttons_top - gap - y
        used = self.column.fit(room, TEXT_MIN, hide=self.roomy)
        text_h = max(60, room - used)
        self.text = UITextBox("", pygame.Rect(x, y, pw, text_h), self.ui, object_id="#move_list")
        self.text_html = ""
        self.column.place(x, y + text_h + 6, pw)
        self.input.places_in = self.column.view

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.roomy, self.text_size = False, None  # the new size may have room for all
        self._layout(size)
        self.refresh()

    def settings_changed(self) -> None:
        self.board.settings = self.app.settings
        self.sync_board()
        self.refresh()

    def sync_board(self) -> None:
        state = self.seen.state
        self.board.set_position(
            dict(state.pieces()), self.adapter.last_move_squares(state), _check(state)
        )
        self.board.markers = self._markers(state)
        self.chooser = None
        self.input.clear()

    def _markers(self, state: Any) -> dict[int, list[str]]:
        """The game's markers; once judged the board is still, so without
        those that hint at a next turn (Cooperative's capture frames)."""
        try:
            marks = dict(self.adapter.markers(state))
        except Exception:
            log.exception("markers failed")
            return {}
        if not self.judged:
            return marks
        hints = self.adapter.hint_markers
        kept = {sq: [n for n in names if n not in hints] for sq, names in marks.items()}
        return {sq: names for sq, names in kept.items() if names}

    # -- playing --------------------------------------------------------------------------
    def decide(self, actions: list[Any], path: tuple[int, ...], instant: int | None) -> bool:
        """A complete click path: play its action, or ask which one."""
        if self.seen.actor is None:
            return False
        if len(actions) == 1:
            return self.submit(actions[0], instant)
        choices = self.adapter.choices(self.seen.state, self.learner, actions)
        if len(path) >= 2:
            self.board.pending = (path[-2], path[-1])

        def pick(action: Any) -> None:
            self.chooser = None
            self.board.pending = None
            self.submit(action, instant)

        def cancel() -> None:
            self.chooser = None
            self.board.pending = None

        square = path[-1] if path[-1] >= 0 else self.board.width * (self.board.height - 1)
        self.chooser = ChoiceOverlay(self.board, square, choices, pick, cancel)
        return True

    def submit(self, action: Any, instant_from: int | None = None) -> bool:
        """The learner's step: judged by the lesson, played by the rules."""
        self.note = ""
        if self.seen.actor is None:
            return False
        try:
            played = self.tutor.play(action)
        except IllegalAction as error:
            log.info("refused %s: %s", action, error)
            self.app.sounds.play("illegal")
            return False
        if self.tutor.verdict == L.RIGHT and not self.showing and not self.marked:
            self.marked = True  # before the board shows it: the words count this one done
            progress.mark_done(self.lesson.game_id, self.lesson.key)
        first, *rest = played
        self.queue = [p.step for p in rest]
        self.wait = STEP_PAUSE
        self._play(first.step, instant_from)
        return True

    def _play(self, step: L.Step, instant_from: int | None = None) -> None:
        """One step on the board, animated and sounded like a game's."""
        events = self.match.play(step)
        self.refresh()
        state = self.seen.state
        shown = [e for e in events if e.visible_to(self.seen.viewer)]
        self.column.on_events(shown)
        self.board.animate(
            shown,
            dict(state.pieces()),
            self.adapter.last_move_squares(state),
            _check(state),
            instant_from=instant_from,
        )
        self.board.markers = self._markers(state)
        kinds = {e.kind for e in shown}
        sounds = (("game_over", "game_end"), *self.adapter.sounds, ("capture", "capture"))
        name = next((s for kind, s in sounds if kind in kinds), "move" if shown else None)
        if name:
            self.app.sounds.play(name)

    def _next_own_step(self) -> None:
        """The lesson's next step of its own, once the board is still."""
        if self.queue:
            self._play(self.queue.pop(0))
            self.wait = STEP_PAUSE
        elif self.showing and self.tutor.verdict == L.GOING:
            played = self.tutor.show_step()
            if played is not None:
                self._play(played.step)
            self.wait = SHOW_PAUSE
        self.refresh()

    def _stuck(self, square: int) -> None:
        if self.seen.actor is None or not 0 <= square < self.board.width * self.board.height:
            return
        note = self.seen.state.stuck_reason(self.learner, square)
        if note:
            self.note = note
            self.app.sounds.play("illegal")
            self.refresh()

    # -- the buttons ----------------------------------------------------------------------
    def on_button(self, element: Any) -> None:
        key = next((k for k, b in self.buttons.items() if b is element), None)
        navigate = self.app.navigate
        if key == "show":
            navigate.lesson(self.lessons, self.index, show=True, replace=True)
        elif key == "again":
            navigate.lesson(self.lessons, self.index, replace=True)
        elif key == "next" and self.index + 1 < len(self.lessons):
            navigate.lesson(self.lessons, self.index + 1, replace=True)
        elif key == "next":
            navigate.setup(self.lesson.game_id)
        elif key == "list":
            navigate.back()
        elif element in self.choice_buttons and self.chooser is None:
            self.input.clear()
            self.submit(self.choice_buttons[element].action)

    # -- the frame ------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.chooser is not None:
                self.chooser.on_cancel()
            elif not widgets.close_top_dialog(self.ui):
                self.app.navigate.back()
            return
        consumed = self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
            return
        if consumed or widgets.dialogs(self.ui):
            return
        if self.chooser is not None:
            self.chooser.handle(event)
            return
        if self.column.handle(event):
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_f:
            self.board.flipped = not self.board.flipped
            self.input.clear()
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            self.input.handle(event)
            if event.type == pygame.MOUSEBUTTONUP:
                self.refresh()  # the status says what the next click does

    def active(self) -> bool:
        return self.board.animating or self.column.animating or self.input.dragging or self.busy

    def update(self, dt: float) -> None:
        self.ui.update(dt)
        self.board.update(dt)
        self.column.update(dt)
        self.input.enabled = (
            self.seen.actor is not None and self.chooser is None and not widgets.dialogs(self.ui)
        )
        if self.busy and not self.board.animating:
            self.wait -= dt
            if self.wait <= 0:
                self._next_own_step()

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(BACKGROUND)
        pygame.draw.rect(surface, PANEL_BG, self.panel_rect)
        self.board.draw(surface)
        if self.chooser is not None:
            self.chooser.draw(surface)
        self.column.draw(surface, self.input)
        self.ui.draw_ui(surface)
        self.input.draw_drag(surface)


def _row_text(row: Any) -> str:
    return "".join(getattr(item, "text", "") for item in row.items).strip()


def _check(state: Any) -> int | None:
    try:
        return state.check_square()
    except Exception:
        return None
