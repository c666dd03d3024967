"""The side panel of the play scene: its layout and what it shows.

From top to bottom: the title (with the game's headline), who plays each
seat, the status box (the prompt of the decision at hand), the panel choices
as buttons ("Don't strike", a card to pick...), the move list, the game's
widgets each in its own strip, the captured pieces, and the controls. Every
element lives in one container, hidden while the privacy screen is up.
Everything shown comes from the scene's ``Seen`` (the viewer's view).
"""

from __future__ import annotations

import math
from collections import Counter
from typing import TYPE_CHECKING, Any, NamedTuple

import pygame
from pygame_gui.core import UIContainer
from pygame_gui.elements import UIButton, UILabel, UITextBox

from game.ai.evaluate import piece_value
from game.clock import running as running_clocks
from game.learn import daily
from game.ui import art, widgets
from game.ui.kept_panel import Panel
from game.ui.play import seats
from game.ui.play.analysis_view import MIN_HEIGHT as STRIP_MIN_H
from game.ui.play.analysis_view import offered as analysis_offered
from game.ui.play.move_list import move_list_html

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene


class _Plan(NamedTuple):
    """Where the parts under the status go (``Panel._plan``)."""

    bh: int  # the buttons' height
    gap: int  # between them
    captured_h: int  # the captured row (0: none)
    view: pygame.Rect  # the game's widgets
    moves_w: int
    strip: int  # the analysis's strip (0: none)
    buttons_h: int
    moves_gave: bool = False  # the move list gave its third line to the widgets

    def moves_h(self, below: int, beside: bool) -> int:
        """The move list's height in ``below`` pixels (the panel's rest)."""
        room = below - (self.strip + 6 if self.strip else 0)
        captured = self.captured_h + 6 if self.captured_h else 0
        widgets = 0 if beside else self.view.h + 6 * bool(self.view.h)
        return max(40, room - self.buttons_h - captured - 6 - widgets)


PANEL_BG = (31, 38, 47)
TEXT = (236, 229, 216)
TEXT_DIM = (154, 165, 177)
PAD = 16

# Three rows of three: the moves, the game, the app.
CONTROLS = (
    ("undo", "Undo"),
    ("redo", "Redo"),
    ("hint", "Hint"),
    ("flip", "Flip board"),
    ("draw", "Offer draw"),
    ("resign", "Resign"),
    ("save", "Save"),
    ("rules", "Rules"),
    ("menu", "Menu"),
)
CONTROLS_PER_ROW = 3
# The same with short names, for a narrow panel where the long ones would be cut.
SHORT_CONTROLS = tuple(
    (key, {"flip": "Flip", "draw": "Draw"}.get(key, text)) for key, text in CONTROLS
)
# The move list keeps three lines (28 px a line, 8 px padding top and bottom, the frame).
MOVES_MIN_H = 3 * 28 + 2 * 8 + 2
# Two lines: what the move list gives up to, in a short window, for widgets
# that cannot be drawn as small as their view (four seats with clocks).
MOVES_LEAST_H = 2 * 28 + 2 * 8 + 2
MIN_COLUMN = 250  # the narrowest column for the widgets beside the move list
COLUMN_GAP = 10
SCROLL_BAR = 6
SHORT_WINDOW = 680  # below this height the title and the players take one line each
BUTTON_TEXT_PAD = 14  # the theme's text_horiz_alignment_padding for buttons, each side


class SidePanel:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.ui = scene.ui
        self.container: UIContainer | None = None
        self.moves_gave = False  # the move list gave its third line (_Plan.moves_gave)
        self.buttons: dict[str, UIButton] = {}
        self.choice_buttons: dict[UIButton, Any] = {}
        self.choices: list[Any] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.status_rect = pygame.Rect(0, 0, 0, 0)
        self.captured_rect = pygame.Rect(0, 0, 0, 0)
        self.widget_view = pygame.Rect(0, 0, 0, 0)  # where the game's widgets are seen
        self.widget_heights: list[int] = []
        self.widget_offset = 0  # how far the widgets' view is scrolled down
        self.split = False  # the widgets in a column of their own, beside the move list
        self.widgets_first = False  # laid out with the widgets before the strip
        self.turn_rect = pygame.Rect(0, 0, 0, 0)
        self.turn: list[Any] = []  # the whose-turn line's parts (seats.turn_parts)
        self.status_text = ""
        self.who_labels: list[UILabel] = []  # who plays each seat (and the clocks)
        self.who_styles: tuple[str, ...] = ()  # a clock line's each (seats.clock_lines)
        self.who_text = ""
        self.over = False  # the controls were laid out for a finished game
        self._short = False  # a short window: one line for the players (and a puzzle's target)
        self.spin = 0.0  # the thinking spinner's turn, 0..1
        self.moves_text = ""
        self.captured: list[tuple[int, list[Any], float]] = []
        self._start: Counter | None = None
        self._background: pygame.Surface | None = None

    # -- layout ---------------------------------------------------------------------------
    def layout(self, size: tuple[int, int], x: int) -> None:
        """Build every element for a window of ``size``, the panel starting at ``x``."""
        scene = self.scene
        w, h = size
        pw = w - x - PAD
        self.rect = pygame.Rect(x - 8, 0, w - x + 8, h)
        if self.container is not None:
            self.container.kill()
        self.container = box = UIContainer(pygame.Rect(0, 0, w, h), self.ui)
        y = PAD
        note = scene.seen.state.headline()
        deal = deal_words(scene.match)
        # A deal of the day (and its replay) is always played alone in its
        # one mode: the mode and the lone seat go without saying, so that
        # the title and the deal's date fit a short window's single lines.
        title = f"{scene.game.title} · {note}" if note and not deal else scene.game.title
        short = h < SHORT_WINDOW  # a short window keeps its rows for the game
        lines = 1 if short else 2
        y += self._wrapped(title, x, y, pw, 28 if short else 34, "#heading", lines)
        clocks = 2 if scene.match.clock is not None else 1  # the times need room
        self._short = short
        y += self._who_labels(pygame.Rect(x, y, pw, 22), max(lines, clocks))
        # Whose turn (drawn by hand: a swatch of the side's colour, the name).
        self.turn_rect = pygame.Rect(x + 2, y + (2 if short else 4), pw - 4, 20 if short else 22)
        y = self.turn_rect.bottom + (2 if short else 4)
        # The status: cheap labels over a box drawn with the panel (a text
        # box would rebuild its rounded frame on every move): the decision
        # at hand, then two smaller lines for the rest (closer in a short window).
        top, first, more = (5, 26, 22) if short else (8, 30, 24)
        self.status_rect = pygame.Rect(x, y, pw, top + first + 2 * more + top)
        self.status = UILabel(
            pygame.Rect(x + 14, y + top, pw - 28, first),
            "",
            self.ui,
            container=box,
            object_id="#card_title",
        )
        self.status_more = [
            UILabel(
                pygame.Rect(x + 14, y + top + first + more * i, pw - 28, more),
                "",
                self.ui,
                container=box,
                object_id="#field_label",
            )
            for i in range(2)
        ]
        # A heading too long for its line goes on in the heading's style,
        # over the first smaller line (it ended in that line's dim style).
        self.status_spill = UILabel(
            self.status_more[0].relative_rect.copy(),
            "",
            self.ui,
            container=box,
            object_id="#card_title",
        )
        y = self.status_rect.bottom + (6 if short else 8)
        gap = 8
        self.choice_buttons = {}
        labels = [choice.label or str(choice.action) for choice in self.choices]
        rows = _choice_rows(labels, pw, gap, short)
        ch, cgap = (32, 4) if short else (36, 6)
        for r, (row, per_row) in enumerate(rows):
            cw = (pw - gap * (per_row - 1)) // per_row
            for c, i in enumerate(row):
                rect = pygame.Rect(x + c * (cw + gap), y + r * (ch + cgap), cw, ch)
                button = UIButton(rect, labels[i], self.ui, container=box, object_id="#primary")
                self.choice_buttons[button] = self.choices[i]
        if rows:
            y += len(rows) * (ch + cgap) + 4
        self._lay_out_below(x, y, pw, h)
        self.status_text = self.moves_text = ""
        self._background = None

    def _plan(self, x: int, y: int, pw: int, h: int, strip: int) -> _Plan:
        """Where the parts under the status go, with a strip ``strip`` high
        under the move list. Every control stays in the window and the move
        list keeps three lines: a short window first gives up the captured
        row, then lowers the buttons; widgets that still do not fit go into a
        second column where the panel is wide enough, else into a view of
        their own that scrolls, and the analysis's graph shrinks to its least
        height for them (it took its height from the move list, which kept one
        clipped line in Masquerade and pushed the buttons out of an 800 x 560
        window)."""
        scene = self.scene
        gap = 8
        rows, bh = -(-len(CONTROLS) // CONTROLS_PER_ROW), 38
        buttons_h = rows * bh + (rows - 1) * gap
        captured_h = 72 if scene.adapter.show_captured else 0
        heights = [max(0, int(widget.height)) for widget in scene.widgets]
        widgets_h = sum(heights) + 6 * len(heights)
        strip_room = strip + 6 if strip else 0
        room = h - y - PAD - strip_room  # the strip under the move list comes first
        if captured_h and room - widgets_h - buttons_h - captured_h - 6 < MOVES_MIN_H + 6:
            captured_h = 0
        for low_bh, low_gap in ((30, 6), (26, 4)):
            if (
                room - widgets_h - buttons_h - (captured_h + 6 if captured_h else 0) - 6
                >= MOVES_MIN_H
            ):
                break
            bh, gap = low_bh, low_gap
            buttons_h = rows * bh + (rows - 1) * gap
        captured_room = captured_h + 6 if captured_h else 0
        spare = room - buttons_h - captured_room - MOVES_MIN_H - 6
        column = (pw - COLUMN_GAP) // 2
        gave = False
        if widgets_h <= spare:  # everything in one column, as tall as it needs
            view = pygame.Rect(x, 0, pw, max(0, widgets_h - 6))
            moves_w = pw
        elif column >= MIN_COLUMN:  # the widgets beside the move list and controls
            view = pygame.Rect(x + column + COLUMN_GAP, y, pw - column - COLUMN_GAP, room)
            moves_w = column
        else:  # the widgets scroll in what is left under the move list
            # The game's widgets come first: the graph gives up height, to its least.
            give = max(0, strip - STRIP_MIN_H)
            strip, spare = strip - give, spare + give
            # A widget drawn smaller to fit (``least_height``) that would still
            # be cut: the move list gives up its third line for it.
            least = sum(w.least_height + 6 for w in scene.widgets if w.least_height)
            gave = least > spare
            if gave:
                spare = min(least, spare + MOVES_MIN_H - MOVES_LEAST_H)
            view = pygame.Rect(x, 0, pw, max(0, spare - 6))
            moves_w = pw
        if view.x > x:  # beside: as tall as the panel's rest, strip included
            view.h += strip_room
        return _Plan(bh, gap, captured_h, view, moves_w, strip, buttons_h, gave)

    def wants_widgets_first(self) -> bool:
        """Do the game's widgets come before the analysis's strip? While the
        game goes on and the live position is shown (someone may have to
        act); while looking back the strip may take its room (it is where
        the analysis was asked for, its progress and Stop)."""
        scene = self.scene
        return not scene.match.is_over() and scene.looking_at is None

    def _lay_out_below(self, x: int, y: int, pw: int, h: int) -> None:
        """The move list, the analysis's strip, the game's widgets, the
        captured pieces and the controls in the panel's rest from ``y`` down
        (``_plan``). While the game goes on at its live position, the game's
        widgets keep the room they have without the strip: the graph takes
        what they leave, down to its least height, else it folds away (it
        squeezed Tar Pit's hand to a sliver at 800 x 560 on White's turn);
        looking back, the strip has its height again."""
        scene = self.scene
        strip = scene.analysis.height
        plan = self._plan(x, y, pw, h, strip)
        self.widgets_first = self.wants_widgets_first()
        if strip and self.widgets_first:
            alone = self._plan(x, y, pw, h, 0)
            while strip >= STRIP_MIN_H and (
                plan.view.h < alone.view.h or plan.view.w < alone.view.w
            ):
                strip -= 4
                plan = self._plan(x, y, pw, h, strip)
            if strip < STRIP_MIN_H:
                plan = alone
        bh, gap, captured_h, view, moves_w, strip = plan[:6]
        self.moves_gave = plan.moves_gave
        captured_room = captured_h + 6 if captured_h else 0
        beside = self.split = view.x > x
        moves_h = plan.moves_h(h - y - PAD, beside)
        # A widget that may be drawn smaller fits a view shorter than it, whole.
        heights = [
            min(max(0, int(widget.height)), max(view.h, widget.least_height or widget.height))
            for widget in scene.widgets
        ]
        # The rounded frame is drawn once; the text box on it is a plain
        # rectangle, because a rounded shape costs as much again as the text
        # every time the list is laid out (once a move).
        frame = Panel(
            pygame.Rect(x, y, moves_w, moves_h),
            1,
            self.ui,
            container=self.container,
            object_id="#move_list_frame",
        )
        self.moves = UITextBox(
            "",
            pygame.Rect(0, 0, moves_w - 2, moves_h - 2),
            self.ui,
            container=frame,
            object_id="#move_list",
        )
        y += moves_h + 6
        scene.analysis.rect = pygame.Rect(x, y, moves_w, strip)
        y += strip + 6 if strip else 0
        if not beside:
            view.y = y
            y += view.h + 6 * bool(view.h)
        self.widget_view = view
        self.widget_heights = heights
        self.scroll_widgets(0)
        self.captured_rect = pygame.Rect(x, y, moves_w, captured_h)
        y += captured_room
        self._controls(x, y, moves_w, bh, gap)

    def _controls(self, x: int, y: int, pw: int, bh: int, gap: int) -> None:
        """The buttons, a row at a time from ``y`` (``_control_rows``), with
        their long names where every one fits its button, else the short ones."""
        font = art.ui_font(16)
        game = self.scene.game
        rows = self._control_rows()

        def width(row: list) -> int:
            return (pw - gap * (len(row) - 1)) // len(row)

        fits = all(
            font.size(t)[0] <= width(row) - 2 * BUTTON_TEXT_PAD for row in rows for _, t in row
        )
        resign = game.resign_label
        third = (pw - gap * (CONTROLS_PER_ROW - 1)) // CONTROLS_PER_ROW
        if font.size(resign)[0] > third - 2 * BUTTON_TEXT_PAD:
            resign = resign.split()[0]
        short = dict(SHORT_CONTROLS, resign=resign)
        self.buttons = {}
        for r, row in enumerate(rows):
            bw = width(row)
            for c, (key, text) in enumerate(row):
                rect = pygame.Rect(x + c * (bw + gap), y + r * (bh + gap), bw, bh)
                label = text if fits else short.get(key, text)
                self.buttons[key] = UIButton(rect, label, self.ui, container=self.container)

    def _control_rows(self) -> list[list[tuple[str, str]]]:
        """The controls' rows: the moves, the game, the app. Once the game is
        over, the hint, the draw offer and resigning make way for "Analyse"
        and "Rematch" (or "New game" alone at the table), two wide buttons
        in the middle row: closing the game-over window hid them, and a
        finished game loaded or imported never showed them."""
        scene = self.scene
        game = scene.game
        self.over = scene.match.is_over()
        if self.over:
            again = (
                ("rematch", "Rematch") if scene.controls.rematch_offered() else ("new", "New game")
            )
            middle = [("analyse", "Analyse")] if analysis_offered(game.id) else []
            return [
                [("undo", "Undo"), ("redo", "Redo"), ("flip", "Flip board")],
                [*middle, again],
                [("save", "Save"), ("rules", "Rules"), ("menu", "Menu")],
            ]
        controls = [
            (key, game.resign_label if key == "resign" else text)
            for key, text in CONTROLS
            if key != "draw" or game.draw_offers
        ]
        return [
            controls[i : i + CONTROLS_PER_ROW] for i in range(0, len(controls), CONTROLS_PER_ROW)
        ]

    # -- the widgets' view -----------------------------------------------------------------
    @property
    def widgets_scroll(self) -> bool:
        """The widgets are taller than their view: it scrolls."""
        return sum(self.widget_heights) + 6 * len(self.widget_heights) > self.widget_view.h + 6

    def scroll_widgets(self, dy: int) -> bool:
        """Scroll the widgets' view ``dy`` pixels down (up if negative) and
        put each widget where it is seen; True if they moved."""
        view = self.widget_view
        total = sum(self.widget_heights) + 6 * max(0, len(self.widget_heights) - 1)
        was = self.widget_offset
        self.widget_offset = min(max(was + dy, 0), max(0, total - view.h))
        width = view.w - (SCROLL_BAR + 4 if self.widgets_scroll else 0)
        top = view.y - self.widget_offset
        for widget, wh in zip(self.scene.widgets, self.widget_heights, strict=True):
            widget.rect = pygame.Rect(view.x, top, width, wh)
            top += wh + 6
        return self.widget_offset != was

    def show_widget_of(self, places: set[int]) -> None:
        """Scroll the first widget that shows one of ``places`` (the first
        clicks of a decision) into the view: whole if it fits, else the part
        clicked in (``places_area``), whole if that fits, else its top. At
        800 x 560 Tar Pit's card step showed a third of the hand under the
        checkers' counts, and with a clock on the hand's title but not the
        bottoms of its cards."""
        view = self.widget_view
        if not self.widgets_scroll or not places:
            return
        for widget in self.scene.widgets:
            if widget.rect.h and any(widget.shows(place) for place in places):
                shown = widget.rect if widget.rect.h <= view.h else widget.places_area()
                if shown.top < view.top or shown.h > view.h:
                    self.scroll_widgets(shown.top - view.top)
                elif shown.bottom > view.bottom:
                    self.scroll_widgets(shown.bottom - view.bottom)
                return

    def on_wheel(self, event: pygame.event.Event) -> bool:
        """A mouse wheel over the widgets' view scrolls it; True if used."""
        if not self.widgets_scroll or not self.widget_view.collidepoint(pygame.mouse.get_pos()):
            return False
        self.scroll_widgets(-int(event.y) * 40)
        return True

    def outside_widgets(self, event: pygame.event.Event) -> bool:
        """A mouse event outside the widgets' view (a widget scrolled out of
        sight takes no clicks)."""
        pos = getattr(event, "pos", None)
        return pos is not None and not self.widget_view.collidepoint(pos)

    def draw_widgets(self, surface: pygame.Surface, paths: Any) -> None:
        """The game's widgets, clipped to their view, and its scroll bar."""
        clip = surface.get_clip()
        surface.set_clip(self.widget_view)
        for widget in self.scene.widgets:
            if widget.rect.colliderect(self.widget_view):
                widget.draw(surface, paths)
        surface.set_clip(clip)
        if self.widgets_scroll:
            view = self.widget_view
            total = sum(self.widget_heights) + 6 * (len(self.widget_heights) - 1)
            bar = pygame.Rect(view.right - SCROLL_BAR, view.y, SCROLL_BAR, view.h)
            pygame.draw.rect(surface, (27, 33, 41), bar, border_radius=3)
            thumb_h = max(20, view.h * view.h // total)
            thumb_y = view.y + (view.h - thumb_h) * self.widget_offset // max(1, total - view.h)
            thumb = pygame.Rect(bar.x, thumb_y, SCROLL_BAR, thumb_h)
            pygame.draw.rect(surface, (92, 104, 118), thumb, border_radius=3)

    def _who(self) -> str:
        """Who plays each seat (with the times left, in a game with a clock)."""
        match = self.scene.match
        if match.puzzle is not None:  # a deal puzzle: its target (the whole task on two lines)
            short_task = f"Puzzle: beat {match.puzzle.target} points"
            return short_task if self._short or not match.puzzle.task else match.puzzle.task
        # A deal of the day and its replay, played alone, say which deal instead.
        return deal_words(match) or seats.seats_text(match)

    def _seats_shown(self) -> bool:
        """The players' line names the seats' players (not a puzzle's
        target or the deal of the day)."""
        match = self.scene.match
        return match.puzzle is None and not deal_words(match)

    def _who_lines(self, label: UILabel, lines: int) -> list[str]:
        """The players' line in at most ``lines`` lines as wide as ``label``."""
        if not self._seats_shown():
            return widgets.wrap_for_label(label, self._who(), lines)

        def fits(text: str) -> bool:
            return widgets.cut_to_label(label, text) == text

        shown = seats.seat_lines(self.scene.match, fits, lines)
        return [widgets.cut_to_label(label, line) for line in shown]

    def _who_labels(self, rect: pygame.Rect, lines: int) -> int:
        """The players' line(s) from ``rect`` down; returns the height used.
        Kept so the clocks' times can be set each second without a new layout."""
        first = UILabel(rect, "", self.ui, container=self.container, object_id="#hint")
        match = self.scene.match
        if self._seats_shown():  # up to a line a seat rather than a player cut
            lines = max(lines, 2, len(match.game.seats_in_play(match.options)))
        used = len(self._who_lines(first, lines))
        if match.clock is not None:
            used = lines  # room kept: the times' widths change as they run
        self.who_labels = [first] + [
            UILabel(
                rect.move(0, i * rect.h), "", self.ui, container=self.container, object_id="#hint"
            )
            for i in range(1, used)
        ]
        self.who_text = ""
        self.show_who()
        return rect.h * used

    def heading_fits(self, text: str) -> bool:
        """Does ``text`` read whole as the status's heading, on its line and
        the one it spills onto, every word within the box (a word wider than
        the box is drawn clipped: a 16-letter name of Ws hid "to move")?"""
        label, spill = getattr(self, "status", None), getattr(self, "status_spill", None)
        if label is None or spill is None:
            return True
        first, rest = widgets.fit_label(label, text)
        second, _ = widgets.fit_label(spill, rest)
        return all(
            widgets.cut_to_label(lb, part) == part
            for lb, part in ((label, first), (spill, second))
            if part
        )

    def one_line_heading(self, text: str, shorter: str) -> str:
        """The status heading kept to its one line, for a status whose
        smaller lines each need one of their own: ``text`` if it fits, else
        ``shorter``, cut short at the line's end if need be."""
        label = getattr(self, "status", None)
        if label is None or widgets.cut_to_label(label, text) == text:
            return text
        return widgets.cut_to_label(label, shorter)

    def show_who(self) -> None:
        """Bring the players' line up to date (a clock's time changed)."""
        scene = self.scene
        if len(self.who_labels) >= 2 and not deal_words(scene.match):
            running = running_clocks(scene.match, scene.clock_paused())
            lines = seats.clock_lines(scene.match, running)
            if lines:  # a line a seat, its clock styled (seats.clock_lines)
                self._show_clock_lines(lines)
                return
        text = self._who()
        if text == self.who_text or not self.who_labels:
            return
        self.who_text = text
        parts = self._who_lines(self.who_labels[0], len(self.who_labels))
        for label, part in zip(self.who_labels, parts + [""] * len(self.who_labels), strict=False):
            label.set_text(part)

    def _show_clock_lines(self, lines: list[tuple[str, str]]) -> None:
        shown = "\n".join(text for text, _ in lines)
        styles = tuple(style for _, style in lines)
        if shown == self.who_text and styles == self.who_styles:
            return
        self.who_text, self.who_styles = shown, styles
        for label, (text, style) in zip(self.who_labels, lines, strict=False):
            if style not in label.object_ids:
                label.change_object_id(style)
            label.set_text(widgets.cut_to_label(label, text))  # a wide name: "…", not clipped

    def _wrapped(self, text: str, x: int, y: int, w: int, h: int, style: str, lines: int) -> int:
        return widgets.wrapped_labels(
            self.ui, pygame.Rect(x, y, w, h), text, style, lines, container=self.container
        )

    def show(self, visible: bool) -> None:
        if self.container is not None and bool(self.container.visible) != visible:
            self.container.show() if visible else self.container.hide()

    # -- what it shows ---------------------------------------------------------------------
    def refresh(self) -> bool:
        """Bring every text up to date; True if the choices changed (the
        scene then lays the panel out again)."""
        scene, m = self.scene, self.scene.match
        seen = scene.seen
        status = scene.status_line()
        if status != self.status_text:
            self.status_text = status
            first, _, rest = status.partition("\n")
            first, spill = widgets.fit_label(self.status, first)
            self.status.set_text(first)
            # A long heading goes on in its own style over the first smaller
            # line, and what is still left in the smaller lines (Golf's daily
            # task was cut "...one takes the oth..." at 800 x 560).
            spill, over = widgets.fit_label(self.status_spill, spill)
            self.status_spill.set_text(widgets.cut_to_label(self.status_spill, spill))
            if over:
                rest = f"{over}\n{rest}" if rest else over
            labels = self.status_more[1:] if spill else self.status_more
            more = _status_lines(labels, rest.split("\n") if rest else [])
            if spill:
                more = ["", *more]
            for label, text in zip(self.status_more, more + [""] * 2, strict=False):
                label.set_text(text)
        moves = move_list_html(
            m, seen.viewer, scene.result_text(), scene.looking_at, marks=scene.analysis.marks()
        )
        if moves.html != self.moves_text:
            # The whole text each time: appended chunks lose their layout.
            bar = getattr(self.moves, "scroll_bar", None)
            was = bar.start_percentage if bar is not None else 0.0
            self.moves_text = moves.html
            self.moves.set_text(moves.html)
            if moves.marked is None:
                self.scroll_moves_to_end()
            else:
                self.keep_in_sight(moves.marked, was)
        _enable(self.buttons["undo"], daily.may_undo(m))
        _enable(self.buttons["redo"], m.can_redo)
        on = not m.is_over() and scene.acting_human() is not None
        for key, enabled in (
            ("draw", on),
            ("resign", on),
            ("analyse", scene.analysis.can_start()),
        ):
            if key in self.buttons:
                _enable(self.buttons[key], enabled)
        if "hint" in self.buttons:  # while looking back it offers the analysis
            hint = self.buttons["hint"]
            back = scene.looking_at is not None
            words = "Analyse" if back else "Hint"
            if hint.text != words:
                hint.set_text(words)
            _enable(hint, scene.analysis.can_start() if back else scene.hints.can_ask())
        self.captured = self._captured(scene.shown_state())  # of the position on the board
        # Whose turn it is now does not belong beside a position looked back at.
        self.turn = seats.turn_parts(m) if scene.looking_at is None else []
        choices = scene.panel_choices()
        changed = [c.label for c in choices] != [c.label for c in self.choices]
        changed = changed or self.over != m.is_over()  # other controls (_control_rows)
        self.choices = choices
        return changed

    def scroll_moves_to_end(self) -> None:
        """Keep the newest move in sight (``set_text`` has laid the text out:
        a second layout doubled the cost of every move, which grows with the
        game; scripts/drill_soak.py)."""
        bar = getattr(self.moves, "scroll_bar", None)
        if bar is not None:
            bar.set_scroll_from_start_percentage(1.0)

    def keep_in_sight(self, where: float, top: float) -> None:
        """Scroll the move list back to ``top`` (``set_text`` builds a new
        scroll bar, at the top), unless the line whose middle is at
        ``where`` (0 the text's top, 1 its bottom) would be out of view: then
        centre that line."""
        bar = getattr(self.moves, "scroll_bar", None)
        if bar is None:
            return
        seen = bar.visible_percentage
        if not top <= where <= top + seen:
            top = where - seen / 2
        bar.set_scroll_from_start_percentage(min(max(top, 0.0), 1.0 - seen))

    def _captured(self, state: Any) -> list[tuple[int, list[Any], float]]:
        """Per side: the enemy pieces it has taken, and its material lead.
        Counted from the start position, the pieces in hand with those on
        the board (a promoted pawn is not a captured one; a Mage dropped
        from the hand and taken is)."""
        scene = self.scene
        if not scene.adapter.show_captured or not state.has_pieces:
            return []
        if self._start is None:
            try:
                start = scene.match.initial_state()  # a pasted position, too
                self._start = self._in_play(start)
            except Exception:
                self._start = Counter()
        now = self._in_play(state)
        sides = range(len(scene.game.sides))
        lost: dict[int, list[Any]] = {}
        for side in sides:
            gone = []
            for piece, count in self._start.items():
                if piece.side == side:
                    gone += [piece] * max(0, count - now.get(piece, 0))
            extra = sum(max(0, c - self._start.get(p, 0)) for p, c in now.items() if p.side == side)
            for _ in range(extra):  # a promoted pawn is not a captured one
                pawn = next((i for i, p in enumerate(gone) if p.kind == "pawn"), None)
                if pawn is not None:
                    del gone[pawn]
            gone.sort(key=lambda p: -piece_value(p.kind))
            lost[side] = gone
        out = []
        for side in sides:
            taken = [p for s in sides if s != side for p in lost[s]]
            # As chess sites show it: what it took less what it lost, in
            # whole points (pieces made during the game are not captures).
            lead = sum(map(_points, taken)) - sum(map(_points, lost[side]))
            out.append((side, taken, lead))
        return out

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if self._background is None or self._background.get_size() != self.rect.size:
            self._background = pygame.Surface(self.rect.size)
            self._background.fill(PANEL_BG)
            box = self.status_rect.move(-self.rect.x, -self.rect.y)
            pygame.draw.rect(self._background, (27, 33, 41), box, border_radius=10)
            pygame.draw.rect(self._background, (59, 69, 82), box, 1, border_radius=10)
        surface.blit(self._background, self.rect)
        seats.draw_turn(surface, self.turn_rect, self.turn)
        self._draw_captured(surface)
        if self.scene.thinking or self.scene.hints.thinking:
            self._draw_spinner(surface)

    def tick(self, dt: float) -> None:
        """Turn the spinner on by game time (frames, not the wall clock, so
        two renders of one moment look the same); show the clocks' times."""
        if self.scene.match.clock is not None:
            self.show_who()
        if self.scene.thinking or self.scene.hints.thinking:
            self.spin = (self.spin + dt) % 1.0
        else:
            self.spin = 0.0

    def _draw_spinner(self, surface: pygame.Surface) -> None:
        """Eight dots in the status box's bottom right corner, the bright one
        going round once a second: a computer (or a hint) is thinking."""
        r = 9
        cx, cy = self.status_rect.right - r - 12, self.status_rect.bottom - r - 10
        lead = int(self.spin * 8)
        for i in range(8):
            angle = math.tau * i / 8 - math.pi / 2
            age = (lead - i) % 8
            shade = max(70, 235 - 28 * age)
            x, y = cx + r * math.cos(angle), cy + r * math.sin(angle)
            pygame.draw.circle(
                surface, (shade, shade * 0.85, shade * 0.6), (x, y), 2.5 if age else 3.5
            )

    def _draw_captured(self, surface: pygame.Surface) -> None:
        rect = self.captured_rect
        if not self.captured or not rect.h:
            return
        row_h = max(16, rect.h // max(1, len(self.captured)))
        size = max(16, min(30, row_h - 4))
        font = art.ui_font(13, "bold")
        sides = self.scene.game.sides
        for i, (side, taken, lead) in enumerate(self.captured):
            y = rect.y + i * row_h
            name = font.render(sides[side], True, TEXT_DIM)
            surface.blit(name, (rect.x, y + (row_h - name.get_height()) // 2))
            x = rect.x + 58
            for piece in taken:
                if x + size > rect.right - 30:
                    break
                image = self.scene.board.art.get(piece, size)
                surface.blit(image, (int(x), y + (row_h - size) // 2))
                x += size * 0.72
            if lead > 0:
                text = font.render(f"+{lead}", True, TEXT)
                surface.blit(text, (int(x) + size // 2 + 4, y + (row_h - text.get_height()) // 2))

    def _in_play(self, state: Any) -> Counter:
        """The pieces on the board and in the hands."""
        return Counter([*state.pieces().values(), *self.scene.adapter.pieces_in_hand(state)])


def _choice_rows(labels: list[str], pw: int, gap: int, short: bool) -> list[tuple[list[int], int]]:
    """The panel choices' rows: the indices into ``labels`` and how many
    buttons the row's width is shared by. Two a row, unless a label would
    not fit: then one a row. In a short window, where that takes three rows
    or more, as many a row as fit, up to three (Tulpas' five choices and two
    lines of players left its widgets 34 px)."""
    font = art.ui_font(16, "bold")

    def fit(row: list[str]) -> bool:
        room = (pw - gap * (len(row) - 1)) // len(row) - 16
        return all(font.size(t)[0] <= room for t in row)

    per_row = 2 if all(fit([t, t]) for t in labels) else 1
    n = len(labels)
    rows = [(list(range(i, min(i + per_row, n))), per_row) for i in range(0, n, per_row)]
    if not short or len(rows) < 3:
        return rows
    rows, i = [], 0
    while i < n:
        k = next((k for k in (3, 2) if fit(labels[i : i + k])), 1)
        rows.append((list(range(i, min(i + k, n))), min(k, n - i)))
        i += k
    return rows


def _status_lines(labels: list[UILabel], lines: list[str]) -> list[str]:
    """The status's smaller lines in ``labels``: each line of its own from
    the start of a label (a hint is not run on after a prompt and cut), the
    last one there is room for wrapped over the labels left and the lines
    after it run on there."""
    out: list[str] = []
    for i, line in enumerate(lines):
        left = len(labels) - len(out)
        if left == 0:
            break
        if left == 1 or i == len(lines) - 1:
            out += widgets.wrap_for_label(labels[len(out)], " · ".join(lines[i:]), left)
            break
        out.append(widgets.cut_to_label(labels[len(out)], line))
    return out


def _points(piece: Any) -> int:
    return int(piece_value(piece.kind) + 0.5)


def _enable(button: UIButton, on: bool) -> None:
    button.enable() if on else button.disable()


def deal_words(match: Any) -> str:
    """The deal of the day's line ("Deal of the day 2026-11-27"), or its
    replay's ("Replay of the deal of 2026-11-27"); "" for any other game."""
    if match.daily is not None:
        return f"Deal of the day {match.daily}"
    return f"Replay of the deal of {match.replay_of}" if match.replay_of else ""
