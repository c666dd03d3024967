"""The setup form of one game: who plays each seat, and the game's options.

Options are drawn from the game's declared ``Option``s, nothing per game:
an option with choices is a drop-down, a yes/no option is a drop-down of
Yes/No, anything else is a text field checked when Start is pressed.
"""

from __future__ import annotations

import logging
from typing import Any

import pygame
import pygame_gui
from pygame_gui.elements import UIDropDownMenu, UITextEntryLine

from game.engine import Option
from game.games import REGISTRY, load_all
from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

# What a seat can be: the label in the drop-down and the Match player string.
SEAT_CHOICES: tuple[tuple[str, str], ...] = (
    ("Human", "human"),
    ("Computer: Easy", "computer:easy"),
    ("Computer: Normal", "computer:search:2"),
    ("Computer: Hard", "computer:search:3"),
)
DEFAULT_OPPONENT = "computer:search:2"

LAST_PLAYERS = "last_players"  # settings: the seats chosen last time, per game

ROW_H = 40
ROW_GAP = 12
LABEL_W = 200


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
        self.players: list[str] = ["human"] + [DEFAULT_OPPONENT] * (n - 1)
        remembered = app.settings.get(LAST_PLAYERS, {}).get(game_id)
        if _valid_players(remembered, n):
            self.players = list(remembered)  # the seats as they were last time
        self.position = ""  # a position to start from (the game's position text)
        self.values: dict[str, Any] = self.game.default_options()
        self.texts: dict[str, str] = {}
        self.error = ""
        self.seat_menus: list[UIDropDownMenu] = []
        self.menu_seats: list[int] = []  # the seat of each menu (a mode may leave seats out)
        self.option_widgets: dict[str, UIDropDownMenu | UITextEntryLine] = {}
        super().__init__(app)

    # -- layout ---------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        game = self.game
        top = max(16, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), game.title, "#title")
        blurb = getattr(game, "blurb", "") or "Choose the players and the options."
        blurb_h = widgets.wrapped_labels(
            ui, pygame.Rect(24, top + 60, w - 48, 26), blurb, "#subtitle", 2
        )

        form_w = min(680, w - 48)
        in_play = self._in_play()
        rows = len(in_play) + len(game.options)
        helps = sum(1 for o in game.options if o.help)
        rows += 1  # the position to start from
        helps += 1
        form_h = 44 + rows * (ROW_H + ROW_GAP) + helps * 22 + (44 if game.options else 0) + 44 + 64
        form = widgets.centred((w, h), form_w, form_h, top=top + 86 + blurb_h)
        if form.bottom > h - 16:
            form.top = max(top + 70 + blurb_h, h - 16 - form.height)
        self.boards.append(form)
        x = form.left + 28
        field_x = x + LABEL_W
        field_w = form.right - 28 - field_x
        y = form.top + 18

        widgets.label(ui, pygame.Rect(x, y, 300, 30), "Players", "#heading")
        self.seat_menus = []
        self.menu_seats = []
        y += 42
        labels = [c[0] for c in SEAT_CHOICES]
        for seat, name in enumerate(game.seats):
            if seat not in in_play:
                continue
            widgets.label(ui, pygame.Rect(x, y, LABEL_W, ROW_H), name, "#field_label")
            current = next(c[0] for c in SEAT_CHOICES if c[1] == self.players[seat])
            menu = UIDropDownMenu(
                labels,
                current,
                pygame.Rect(field_x, y, field_w, ROW_H),
                ui,
                object_id=f"#seat_{seat}",
            )
            self.seat_menus.append(menu)
            self.menu_seats.append(seat)
            y += ROW_H + ROW_GAP

        self.option_widgets = {}
        if game.options:
            y += 6
            widgets.label(ui, pygame.Rect(x, y, 300, 30), "Options", "#heading")
            y += 42
        # Built bottom-up so an opened drop-down covers the rows below it.
        rows_y = []
        for option in game.options:
            rows_y.append(y)
            y += ROW_H + ROW_GAP + (22 if option.help else 0)
        for option, oy in reversed(list(zip(game.options, rows_y, strict=True))):
            self._option_row(option, x, field_x, field_w, oy)
        widgets.label(ui, pygame.Rect(x, y, LABEL_W, ROW_H), "Start from", "#field_label")
        self.position_entry = UITextEntryLine(
            pygame.Rect(field_x, y, field_w, ROW_H), ui, object_id="#start_position"
        )
        self.position_entry.set_text(self.position)
        hint = "Optional: a position copied in a game with Ctrl+C (FEN for chess)"
        widgets.label(ui, pygame.Rect(field_x + 4, y + ROW_H + 2, field_w, 20), hint, "#hint")
        y += ROW_H + ROW_GAP + 22

        self.error_label = widgets.label(
            ui, pygame.Rect(x, y, form.right - 28 - x, 30), self.error or " ", "#error"
        )
        by = form.bottom - 18 - 46
        bw = 150
        self.back_button = widgets.button(ui, pygame.Rect(x, by, bw, 46), "Back", "#menu_button")
        self.rules_button = widgets.button(
            ui, pygame.Rect(x + bw + 12, by, bw, 46), "Rules", "#menu_button"
        )
        self.start_button = widgets.button(
            ui, pygame.Rect(form.right - 28 - 180, by, 180, 46), "Start", "#primary"
        )

    def _option_row(self, option: Option, x: int, field_x: int, field_w: int, y: int) -> None:
        ui = self.ui
        widgets.label(ui, pygame.Rect(x, y, LABEL_W, ROW_H), option.label, "#field_label")
        rect = pygame.Rect(field_x, y, field_w, ROW_H)
        oid = f"#option_{option.key}"
        if option.choices or isinstance(option.default, bool):
            choices = option.choices or (True, False)
            labels = [choice_label(c) for c in choices]
            current = self.values.get(option.key, option.default)
            start = choice_label(current) if current in choices else labels[0]
            widget: Any = UIDropDownMenu(labels, start, rect, ui, object_id=oid)
        else:
            widget = UITextEntryLine(rect, ui, object_id=oid)
            widget.set_text(self.texts.get(option.key, str(self.values.get(option.key, ""))))
        self.option_widgets[option.key] = widget
        if option.help:
            widgets.label(
                ui, pygame.Rect(field_x + 4, y + ROW_H + 2, field_w, 20), option.help, "#hint"
            )

    # -- reading the form -------------------------------------------------------------
    def _read_form(self) -> None:
        """Keep what is on screen (so a rebuild on resize keeps it)."""
        by_label = {c[0]: c[1] for c in SEAT_CHOICES}
        for seat, menu in zip(self.menu_seats, self.seat_menus, strict=True):
            self.players[seat] = by_label.get(menu.selected_option[0], "human")
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
        self.error = text
        self.error_label.set_text(text or " ")

    # -- actions --------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED and self.error:
            self.show_error("")
        elif event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED:
            self.start()

    def on_button(self, element: object) -> None:
        if element is self.start_button:
            self.start()
        elif element is self.back_button:
            self.back()
        elif element is self.rules_button:
            from game.ui.rules_view import RulesScene

            self._read_form()
            self.app.push(RulesScene(self.app, self.game_id))

    def on_changed(self, element: object, text: str) -> None:
        if self.error:
            self.show_error("")
        if element in self.option_widgets.values():
            shown = tuple(self.menu_seats)
            self._read_form()
            if self._in_play() != shown:  # a mode with other seats: ask about those
                self.rebuild()

    def start(self) -> None:
        """Build the match from the form and open it; on bad input stay here
        and say what is wrong."""
        from game.match import Match

        try:
            options = self.options()
        except ValueError as e:
            self.show_error(str(e))
            return
        in_play = self.game.seats_in_play(options)
        # A seat the mode leaves out is nobody's: counted as a person, it never acts.
        players = [p if s in in_play else "human" for s, p in enumerate(self.players)]
        try:
            match = Match(self.game_id, options, None, players, start=self.position or None)
        except ValueError as e:
            if self.position:
                self.show_error(f"That is not a {self.game.title} position: {e}")
            else:
                self.show_error(str(e))
            return
        except Exception as e:  # a game refusing its options in its own way
            log.exception("could not start %s", self.game_id)
            self.show_error(f"Could not start the game: {e}")
            return
        self.show_error("")
        self.app.settings.setdefault(LAST_PLAYERS, {})[self.game_id] = list(self.players)
        self.app.save_settings()
        self.match = match
        from game.ui.play import PlayScene  # loaded when a game starts, not with the menu

        self.app.replace(PlayScene(self.app, match))
