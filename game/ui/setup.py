"""The setup form of one game: who plays each seat, and the game's options.

Each seat in play has a drop-down (a person, or the computer at a level)
and a short name field: a person's name, empty by default (the seat's label
shows in it as a placeholder, and the game reads as it always did); a
computer seat is named by its level and its field is disabled. A line under
the seats says how strong the computer's levels chosen play this game
("Hard (rated about 1800)", game/ai/ratings.py's last measured figures). The seats
the names, the clock and the options chosen from a list are remembered per
game in the settings.

Options are drawn from the game's declared ``Option``s, nothing per game:
an option with choices is a drop-down, a yes/no option is a drop-down of
Yes/No, anything else is a text field checked when Start is pressed.

The form is laid out in the roomiest of a few sizes (``TIERS``) that fits
the window, so four seats and the game's options fit the smallest window.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.ai.levels import DEFAULT, LEVELS, level_label, level_name, level_strength, level_words
from game.clock import Clock, offers_clock
from game.engine import Option
from game.engine.protocol import TEXT_MAX
from game.games import REGISTRY, load_all
from game.learn.daily import button_words, offers_daily
from game.match import COMPUTER_PREFIX, HUMAN
from game.resources import lessons_file
from game.ui import widgets
from game.ui.clock_row import ClockRow
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

# What a seat can be: the label in the drop-down and the Match player string
# (the computer's levels are game/ai/levels.py's).
SEAT_CHOICES: tuple[tuple[str, str], ...] = (("Human", HUMAN),) + tuple(
    (f"Computer: {label}", COMPUTER_PREFIX + spec) for label, spec in LEVELS
)
DEFAULT_OPPONENT = COMPUTER_PREFIX + DEFAULT

LAST_PLAYERS = "last_players"  # settings: the seats chosen last time, per game
LAST_CLOCKS = "last_clocks"  # settings: the clock row as chosen last time, per game
LAST_NAMES = "last_names"  # settings: the names typed last time, per game
LAST_OPTIONS = "last_options"  # settings: the options chosen from a list last time, per game


def last_game(settings: dict) -> str | None:
    """The game started last from a setup form (None: none yet)."""
    return next(reversed(settings.get(LAST_PLAYERS) or {}), None)


LABEL_W = 200
MENU_W = 210  # a seat's Human/Computer drop-down; its name field takes the rest
ERROR_H = 24


@dataclass(frozen=True)
class Metrics:
    """The sizes of one way of laying the form out."""

    row: int  # a field's height
    gap: int  # between rows
    heading: int  # "Players", "Options"
    hint: int  # a help line under a field (0: no help lines)
    blurb: bool  # the game's blurb under its title
    button: int  # Back, Rules, Start
    pad: int  # inside the form, above and below


LINE_H = 20  # a help line's label: the hint font needs 20 px

# Roomiest first; the first that fits the window is used.
TIERS = (
    Metrics(40, 12, 42, 22, True, 46, 18),
    Metrics(34, 8, 36, 20, True, 44, 14),
    Metrics(30, 4, 26, 18, False, 40, 8),
    Metrics(30, 4, 26, 0, False, 40, 8),
)


def choice_label(value: Any) -> str:
    """How a choice reads in a drop-down: ``"random"`` -> ``"Random"``."""
    if isinstance(value, bool):
        return "Yes" if value else "No"
    text = str(value).replace("_", " ")
    return text[:1].upper() + text[1:]


def parse_value(option: Option, text: str) -> Any:
    """The value typed for a free option, of the default's type; ValueError
    with a message for people when it is not one."""
    text = text.strip()
    default = option.default
    if isinstance(default, bool):
        lowered = text.lower()
        if lowered in ("yes", "true", "on", "1"):
            return True
        if lowered in ("no", "false", "off", "0"):
            return False
        raise ValueError(f"{option.label}: answer yes or no")
    if isinstance(default, int):
        try:
            value = int(text)
        except ValueError:
            raise ValueError(f"{option.label}: {text!r} is not a whole number") from None
    elif isinstance(default, float):
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"{option.label}: {text!r} is not a number") from None
    else:
        if not text:
            raise ValueError(f"{option.label}: please fill this in")
        return text
    lo = _bound(option, ("min", "minimum", "low"))
    hi = _bound(option, ("max", "maximum", "high"))
    if lo is not None and value < lo or hi is not None and value > hi:
        raise ValueError(f"{option.label}: must be between {lo} and {hi}")
    return value


def _valid_players(players: Any, n: int) -> bool:
    """Remembered seats the form can show (a level since renamed is not)."""
    offered = {c[1] for c in SEAT_CHOICES}
    return isinstance(players, list) and len(players) == n and all(p in offered for p in players)


def _is_choice(option: Option) -> bool:
    return bool(option.choices) or isinstance(option.default, bool)


def _remembered_choices(game: Any, remembered: Any) -> dict[str, Any]:
    """The options chosen from a list for ``game`` last time, where each is
    still one of its choices (a choice since retired falls back to the default)."""
    kept = remembered.get(game.id) if isinstance(remembered, dict) else None
    if not isinstance(kept, dict):
        return {}
    out = {}
    for option in game.options:
        choices = option.choices or (True, False)
        value = kept.get(option.key)
        if _is_choice(option) and any(value == c and type(value) is type(c) for c in choices):
            out[option.key] = value
    return out


def _remembered_names(names: Any, n: int) -> list[str]:
    """The names kept in the settings for a game of ``n`` seats, cleaned;
    none if what is kept is not a name per seat."""
    from game.match import clean_name

    if not isinstance(names, list) or len(names) != n or not all(isinstance(x, str) for x in names):
        return [""] * n
    return [clean_name(x) for x in names]


def _bound(option: Option, names: tuple[str, ...]) -> Any:
    for name in names:
        value = getattr(option, name, None)
        if value is not None:
            return value
    return None


class SetupScene(FormScene):
    def __init__(self, app, game_id: str):
        if game_id not in REGISTRY:
            load_all()
        self.game_id = game_id
        self.game = REGISTRY[game_id]
        n = len(self.game.seats)
        self.players: list[str] = [HUMAN] + [DEFAULT_OPPONENT] * (n - 1)
        remembered = app.settings.get(LAST_PLAYERS, {}).get(game_id)
        if _valid_players(remembered, n):
            self.players = list(remembered)  # the seats as they were last time
        self.names = _remembered_names(app.settings.get(LAST_NAMES, {}).get(game_id), n)
        self.position = ""  # a position to start from (the game's position text)
        self.values: dict[str, Any] = self.game.default_options()
        self.values.update(_remembered_choices(self.game, app.settings.get(LAST_OPTIONS, {})))
        self.texts: dict[str, str] = {}
        self.error = ""
        self.seat_menus: list[UIDropDownMenu] = []
        self.name_entries: list[UITextEntryLine] = []  # one per menu, beside it
        self.menu_seats: list[int] = []  # the seat of each menu (a mode may leave seats out)
        self.option_widgets: dict[str, UIDropDownMenu | UITextEntryLine] = {}
        self.learn_button = None
        self._daily = offers_daily(game_id)  # a "Deal of the day" button (game/learn/daily.py)
        # "Clock", where the game offers one (game/clock.py), as chosen last time.
        self.clock_row = ClockRow(app.settings.get(LAST_CLOCKS, {}).get(game_id))
        super().__init__(app)
        self._offer_lessons()

    # -- layout ---------------------------------------------------------------------
    def _form_height(self, m: Metrics, seats: int) -> int:
        """The form's height laid out with ``m`` (as ``build`` places it)."""
        options = self.game.options
        height = m.pad + m.heading + seats * (m.row + m.gap)
        height += self._levels_height(m, len(self._levels_lines()))
        if options:
            height += 6 + m.heading
            height += sum(m.row + m.gap + (m.hint if o.help else 0) for o in options)
        height += m.row + m.gap + m.hint  # the position to start from
        height += m.row + m.gap if self._clocked() else 0
        return height + ERROR_H + m.button + m.pad

    def _form_width(self) -> int:
        return min(680, self.app.size[0] - 48)

    @staticmethod
    def _levels_height(m: Metrics, lines: int) -> int:
        """The room under the seats for ``lines`` lines of the levels'
        strength (a help line's room for the first; none without help lines)."""
        return m.hint + max(0, lines - 1) * max(m.hint, LINE_H) if m.hint else 0

    def _top(self, m: Metrics) -> int:
        h = self.app.size[1]
        return max(16, min(40, h // 22)) if m.blurb else 4

    def metrics(self) -> Metrics:
        """The roomiest layout whose form fits the window (the last if none does)."""
        w, h = self.app.size
        seats = len(self._in_play())
        for m in TIERS:
            blurb = 0
            if m.blurb:
                blurb = 26 * (2 if len(self._blurb()) * 8 > w - 48 else 1) + 22
            if self._top(m) + 64 + blurb + self._form_height(m, seats) <= h - 8:
                return m
        return TIERS[-1]

    def _blurb(self) -> str:
        return getattr(self.game, "blurb", "") or "Choose the players and the options."

    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        game = self.game
        m = self.metrics()
        top = self._top(m)
        widgets.label(ui, pygame.Rect(0, top, w, 64), game.title, "#title")
        below_title = top + 64
        if m.blurb:
            blurb_h = widgets.wrapped_labels(
                ui, pygame.Rect(24, top + 60, w - 48, 26), self._blurb(), "#subtitle", 2
            )
            below_title = top + 86 + blurb_h
        in_play = self._in_play()
        form_w = self._form_width()
        form = widgets.centred((w, h), form_w, self._form_height(m, len(in_play)), top=below_title)
        if form.bottom > h - 8:
            form.top = max(top + 60, h - 8 - form.height)
        self.boards.append(form)
        x = form.left + 28
        field_x = x + LABEL_W
        field_w = form.right - 28 - field_x
        y = form.top + m.pad

        widgets.label(ui, pygame.Rect(x, y + (m.heading - 30) // 2, 300, 30), "Players", "#heading")
        y += m.heading
        seats_end = y + len(in_play) * (m.row + m.gap)
        self.levels_labels = []
        lines = self._levels_lines()
        if m.hint:  # made before the seats' menus, which open over them
            for i, line in enumerate(lines):
                top = seats_end - m.gap + 2 + i * max(m.hint, LINE_H)
                rect = pygame.Rect(x + 4, top, form.right - 28 - x - 4, LINE_H)  # the form's width
                label = widgets.label(ui, rect, " ", "#hint")
                label.set_text(widgets.cut_to_label(label, line))
                self.levels_labels.append(label)
        self._seat_rows(m, in_play, x, field_x, field_w, y)
        y = seats_end + self._levels_height(m, len(lines))

        self.option_widgets = {}
        if game.options:
            y += 6
            widgets.label(
                ui, pygame.Rect(x, y + (m.heading - 30) // 2, 300, 30), "Options", "#heading"
            )
            y += m.heading
        # Built bottom-up so an opened drop-down covers the rows below it.
        rows_y = []
        for option in game.options:
            rows_y.append(y)
            y += m.row + m.gap + (m.hint if option.help else 0)
        if self._clocked():  # built before the options: their lists open over it
            self.clock_row.build(ui, x, field_x, field_w, y, m.row)
            y += m.row + m.gap
        for option, oy in reversed(list(zip(game.options, rows_y, strict=True))):
            self._option_row(option, m, x, field_x, field_w, oy)
        widgets.label(ui, pygame.Rect(x, y, LABEL_W, m.row), "Start from", "#field_label")
        hint = "Optional: a position copied in a game with Ctrl+C (FEN for chess)"
        self.position_entry = widgets.HintedEntry(
            pygame.Rect(field_x, y, field_w, m.row),
            ui,
            object_id="#start_position",
            placeholder_text="" if m.hint else "Optional: a position copied with Ctrl+C",
        )
        self.position_entry.set_text_length_limit(TEXT_MAX)  # typing on past it is wasted
        self.position_entry.set_text(self.position[:TEXT_MAX])
        if m.hint:
            widgets.label(ui, pygame.Rect(field_x + 4, y + m.row + 2, field_w, 20), hint, "#hint")
        y += m.row + m.gap + m.hint

        self.error_label = widgets.label(
            ui, pygame.Rect(x, y, form.right - 28 - x, ERROR_H), self.error or " ", "#error"
        )
        by = form.bottom - m.pad - m.button
        learn = lessons_file(self.game_id).is_file()
        row = ["Back", "Rules"] + (["Learn"] if learn else []) + ["Statistics"]
        daily_words = button_words(self.game_id) if self._daily else None
        row += [daily_words[0]] if daily_words else []
        # Each button as wide as its word (at most 150); Start takes what is left, up to 180.
        font = ui.get_theme().get_font(["#menu_button", "button"])
        widths = [min(150, max(76, font.size(text)[0] + 24)) for text in row]
        room = form.right - 28 - x
        start_w = max(120, min(180, room - sum(widths) - 8 * len(row) - 4))
        made, bx = [], x
        for text, bw in zip(row, widths, strict=True):
            made.append(widgets.button(ui, pygame.Rect(bx, by, bw, m.button), text, "#menu_button"))
            bx += bw + 8
        named = dict(zip(row, made, strict=True))
        self.back_button, self.rules_button = named["Back"], named["Rules"]
        self.learn_button = named.get("Learn")
        self.stats_button = named["Statistics"]
        self.daily_button = named.get(daily_words[0]) if daily_words else None
        if self.daily_button is not None:
            self.daily_button.set_tooltip(daily_words[1])
        self.start_button = widgets.button(
            ui, pygame.Rect(form.right - 28 - start_w, by, start_w, m.button), "Start", "#primary"
        )

    def _seat_rows(
        self, m: Metrics, in_play: tuple[int, ...], x: int, field_x: int, field_w: int, y: int
    ) -> None:
        """A row per seat in play: its label, who plays it, and the name field
        (a person's name; disabled and naming the level for a computer seat).
        Built bottom-up so an opened drop-down covers the rows below it."""
        from game.match import NAME_MAX

        ui = self.ui
        labels = [c[0] for c in SEAT_CHOICES]
        menu_w = min(MENU_W, field_w // 2)
        name_x = field_x + menu_w + 8
        name_w = field_x + field_w - name_x
        # Over the name fields, on the heading's line.
        widgets.label(ui, pygame.Rect(name_x + 4, y - 22, name_w - 4, 20), "Name", "#hint")
        rows = []
        for seat in in_play:
            rows.append((seat, y))
            y += m.row + m.gap
        menus: dict[int, UIDropDownMenu] = {}
        entries: dict[int, UITextEntryLine] = {}
        for seat, sy in reversed(rows):
            label = self.game.seats[seat]
            widgets.label(ui, pygame.Rect(x, sy, LABEL_W, m.row), label, "#field_label")
            player = self.players[seat]
            human = player == HUMAN
            entry = widgets.HintedEntry(
                pygame.Rect(name_x, sy, name_w, m.row),
                ui,
                object_id=f"#name_{seat}",
                placeholder_text=label if human else level_words(player[len(COMPUTER_PREFIX) :]),
            )
            entry.set_text_length_limit(NAME_MAX)
            if human:
                entry.set_text(self.names[seat])
            else:
                entry.disable()
            entries[seat] = entry
            current = next(c[0] for c in SEAT_CHOICES if c[1] == player)
            rect = pygame.Rect(field_x, sy, menu_w, m.row)
            menus[seat] = widgets.drop_down(ui, labels, current, rect, f"#seat_{seat}")
        self.menu_seats = list(in_play)
        self.seat_menus = [menus[s] for s in in_play]
        self.name_entries = [entries[s] for s in in_play]

    def _levels_lines(self) -> list[str]:
        """How strong the computer plays here at each level its seats have
        ("Computer: Hard (rated about 1800)"; one not measured yet says so,
        so no words read as another seat's): on one line where they fit the
        form, else a line each; none with no computer seat."""
        chosen = [self.players[s] for s in self._in_play() if self.players[s] != HUMAN]
        specs = dict.fromkeys(p[len(COMPUTER_PREFIX) :] for p in chosen)
        words = [
            level_label(self.game_id, spec)
            if level_strength(self.game_id, spec)
            else f"{level_label(self.game_id, spec)} (not measured yet)"
            for spec in specs
            if level_name(spec)  # a spec no one chose here (read from a file): no claim
        ]
        if not words:
            return []
        one = "Computer: " + " · ".join(words)
        font = self.ui.get_theme().get_font(["#hint", "label"])
        room = self._form_width() - 56 - 10  # inside the levels' label (build)
        if font.size(one)[0] <= room:
            return [one]
        return ["Computer: " + w for w in words]

    def _option_row(
        self, option: Option, m: Metrics, x: int, field_x: int, field_w: int, y: int
    ) -> None:
        ui = self.ui
        widgets.label(ui, pygame.Rect(x, y, LABEL_W, m.row), option.label, "#field_label")
        rect = pygame.Rect(field_x, y, field_w, m.row)
        oid = f"#option_{option.key}"
        if option.choices or isinstance(option.default, bool):
            choices = option.choices or (True, False)
            labels = [choice_label(c) for c in choices]
            current = self.values.get(option.key, option.default)
            start = choice_label(current) if current in choices else labels[0]
            widget: Any = widgets.drop_down(ui, labels, start, rect, oid)
        else:
            widget = UITextEntryLine(rect, ui, object_id=oid)
            widget.set_text(self.texts.get(option.key, str(self.values.get(option.key, ""))))
        self.option_widgets[option.key] = widget
        note = option.help_for(self.values.get(option.key, option.default))
        if option.help and m.hint:
            widgets.label(ui, pygame.Rect(field_x + 4, y + m.row + 2, field_w, 20), note, "#hint")

    # -- reading the form -------------------------------------------------------------
    def _read_form(self) -> None:
        """Keep what is on screen (so a rebuild on resize keeps it)."""
        by_label = {c[0]: c[1] for c in SEAT_CHOICES}
        for seat, menu in zip(self.menu_seats, self.seat_menus, strict=True):
            self.players[seat] = by_label.get(menu.selected_option[0], HUMAN)
        for seat, entry in zip(self.menu_seats, self.name_entries, strict=True):
            if entry.is_enabled:  # a computer seat's field keeps the name typed before
                self.names[seat] = entry.get_text()
        for option in self.game.options:
            widget = self.option_widgets.get(option.key)
            if isinstance(widget, UIDropDownMenu):
                choices = option.choices or (True, False)
                chosen = widget.selected_option[0]
                for c in choices:
                    if choice_label(c) == chosen:
                        self.values[option.key] = c
            elif isinstance(widget, UITextEntryLine):
                self.texts[option.key] = widget.get_text()
        if getattr(self, "position_entry", None) is not None:
            self.position = self.position_entry.get_text().strip()
        self.clock_row.read()

    def _clocked(self) -> bool:
        """Does the game, with the options chosen so far, offer a clock?"""
        try:
            return offers_clock(self.game, self.game.normalize_options(self.values))
        except ValueError:
            return False

    def _notes(self) -> list[str]:
        return [o.help_for(self.values.get(o.key, o.default)) for o in self.game.options]

    def _in_play(self) -> tuple[int, ...]:
        """The seats the options chosen so far take part with."""
        try:
            return tuple(self.game.seats_in_play(self.game.normalize_options(self.values)))
        except ValueError:
            return tuple(range(len(self.game.seats)))

    def options(self) -> dict[str, Any]:
        """The options as typed; ValueError with a message for people."""
        self._read_form()
        options = dict(self.values)
        for option in self.game.options:
            if option.key in self.texts:
                options[option.key] = parse_value(option, self.texts[option.key])
        return self.game.normalize_options(options)

    def resize(self, size: tuple[int, int]) -> None:
        self._read_form()
        super().resize(size)

    def show_error(self, text: str) -> None:
        """Say what is wrong under the form; a message too long for its line
        is cut there and shown whole in a message box."""
        self.error = text
        shown = widgets.cut_to_label(self.error_label, text) if text else " "
        self.error_label.set_text(shown)
        if shown != text and text:
            widgets.message(self.ui, "Cannot start the game", text)

    # -- actions --------------------------------------------------------------------
    def _fields(self) -> list[UITextEntryLine]:
        """The form's text fields one can type in, in reading order."""
        options = [w for w in self.option_widgets.values() if isinstance(w, UITextEntryLine)]
        found = [*self.name_entries, *options, self.clock_row.entry, self.position_entry]
        return [f for f in found if f is not None and f.alive() and f.visible and f.is_enabled]

    def _tab(self, back: bool) -> bool:
        """Tab (Shift+Tab back) from a text field to the next one; True if
        a field had the keyboard."""
        fields = self._fields()
        here = next((f for f in fields if f.is_focused), None)
        if here is None:
            return False
        self.ui.set_focus_set(fields[(fields.index(here) + (-1 if back else 1)) % len(fields)])
        return True

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_TAB:
            if self._tab(bool(event.mod & pygame.KMOD_SHIFT)):
                return
        super().handle(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.error:
            self.show_error("")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            if event.ui_element in self.name_entries:  # Enter in a name: the next name
                later = self.name_entries[self.name_entries.index(event.ui_element) + 1 :]
                following = next((e for e in later if e.is_enabled), None)
                if following is not None:
                    event.ui_element.unfocus()
                    following.focus()
                    return
            self.start()

    def on_button(self, element: object) -> None:
        if element is self.start_button:
            self.start()
        elif element is self.back_button:
            self.back()
        elif element is self.rules_button:
            self._read_form()
            self.app.navigate.rules(self.game_id)
        elif element is self.learn_button and element is not None:
            self._read_form()
            self.app.navigate.learn(self.game_id)
        elif element is self.stats_button:
            self._read_form()
            self.app.navigate.stats(self.game_id)
        elif element is self.daily_button and element is not None:
            self.app.navigate.daily(self.game_id)

    def _offer_lessons(self) -> None:
        """Once per game, to someone who has neither played it nor done a
        lesson of it: its lessons (either answer is remembered)."""
        from game.learn import progress

        played = self.game_id in self.app.settings.get(LAST_PLAYERS, {})
        try:
            if not progress.offer_due(self.game_id, played, self.learn_button is not None):
                return
            progress.mark_offered(self.game_id)
        except Exception:  # an unreadable data folder: no offer, the form as always
            log.exception("could not offer the lessons")
            return
        widgets.confirm(
            self.ui,
            "New to this game?",
            f"{self.game.title} has a few short lessons on real positions. Try them first?",
            lambda: self.app.navigate.learn(self.game_id),
            yes="Lessons",
            no="Not now",
        )

    def on_changed(self, element: object, text: str) -> None:
        if self.error:
            self.show_error("")
        if self.clock_row.changed(element):
            return
        if element in self.option_widgets.values():
            shown, notes = tuple(self.menu_seats), self._notes()
            self._read_form()
            # a mode with other seats: ask about those; a choice with its own note: show it
            if self._in_play() != shown or self._notes() != notes:
                self.rebuild()
        elif element in self.seat_menus:
            self._read_form()
            self.rebuild()  # a person's name field, or the computer's level in it

    def start(self) -> None:
        """Build the match from the form and open it; on bad input stay here
        and say what is wrong."""
        from game.match import Match, clean_name

        try:
            options = self.options()
            control = self.clock_row.control() if offers_clock(self.game, options) else None
        except ValueError as e:
            self.show_error(str(e))
            return
        in_play = self.game.seats_in_play(options)
        # A seat the mode leaves out is nobody's: counted as a person, it never acts.
        players = [p if s in in_play else HUMAN for s, p in enumerate(self.players)]
        names = [n if s in in_play else "" for s, n in enumerate(self.names)]
        try:
            match = Match(
                self.game_id, options, None, players, start=self.position or None, names=names
            )
        except ValueError as e:
            if self.position:
                title = self.game.title
                a = "an" if title[0] in "AEIOU" else "a"
                self.show_error(f"That is not {a} {title} position: {e}")
            else:
                self.show_error(str(e))
            return
        except Exception as e:  # a game refusing its options in its own way
            log.exception("could not start %s", self.game_id)
            self.show_error(f"Could not start the game: {e}")
            return
        if control is not None:
            match.clock = Clock.new(*control, len(players))
        self.show_error("")
        last = self.app.settings.setdefault(LAST_PLAYERS, {})
        last.pop(self.game_id, None)  # set again last: the newest game is the last key
        last[self.game_id] = list(self.players)
        self.app.settings.setdefault(LAST_NAMES, {})[self.game_id] = [
            clean_name(n) for n in self.names
        ]
        self.app.settings.setdefault(LAST_CLOCKS, {})[self.game_id] = self.clock_row.kept()
        self.app.settings.setdefault(LAST_OPTIONS, {})[self.game_id] = {
            o.key: options[o.key] for o in self.game.options if _is_choice(o)
        }
        self.app.save_settings()
        self.match = match
        try:
            self.app.navigate.play(match, replace=True)
        except Exception:  # a position the rules read but the game cannot show
            log.exception("could not show %s", self.game_id)
            self.match = None
            self.show_error("This game could not be shown: a fault in the game, not in your input")
