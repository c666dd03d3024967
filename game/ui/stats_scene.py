"""Statistics: one game's figures, picked from a drop-down of the games.

Free play's figures (played, won, drawn, lost, the streak of wins, each
mode's best score with its date; game/learn/stats.py and game/records.py)
and, for a game with a deal of the day, the daily figures beside them
(game/learn/daily.py). The page reads the files and writes nothing.
"""

from __future__ import annotations

import logging

import pygame
from pygame_gui.elements import UIDropDownMenu

from game.games import CATALOGUE, REGISTRY, load_all
from game.learn import daily, stats
from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

ROW_H = 26
HEADING_H = 34
PICKER_W = 400


def _games() -> list[tuple[str, str]]:
    """(id, title) of the games in menu order."""
    return [(e.id, e.title) for e in CATALOGUE if e.id in REGISTRY]


class StatsScene(FormScene):
    def __init__(self, app, game_id: str | None = None):
        load_all()
        games = _games()
        self.game_id = game_id if game_id in dict(games) else games[0][0]
        super().__init__(app)

    def _columns(self) -> list[tuple[str, list[stats.Row]]]:
        """Each column's heading and rows; figures that cannot be read say so."""
        try:
            columns = [("Free play", stats.rows(self.game_id))]
            if daily.offers_daily(self.game_id):
                columns.append(("Deal of the day", daily.rows(self.game_id)))
        except Exception:  # an unreadable data folder must not close the page
            log.exception("could not read the statistics")
            columns = [("Free play", [("", "The statistics could not be read.")])]
        return columns

    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        top = max(8, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), "Statistics", "#title")
        columns = self._columns()
        rows = max(len(r) for _, r in columns)
        form_w = min(820, w - 32)
        form_h = 24 + 40 + 14 + HEADING_H + rows * ROW_H + 18 + 44 + 20
        form = widgets.centred((w, h), form_w, form_h, top=top + 66)
        if form.bottom > h - 8:
            form.top = max(top + 56, h - 8 - form.height)
        self.boards.append(form)
        x = form.left + 24
        y = form.top + 20
        titles = dict(_games())
        widgets.label(ui, pygame.Rect(x, y, 80, 40), "Game", "#field_label")
        col_w = (form.width - 48 - 24 * (len(columns) - 1)) // len(columns)
        y += 40 + 14
        for i, (heading, lines) in enumerate(columns):
            cx = x + i * (col_w + 24)
            widgets.label(ui, pygame.Rect(cx, y, col_w, 30), heading, "#heading")
            self._rows(lines, cx, y + HEADING_H, col_w)
        self.back_button = widgets.button(
            ui,
            pygame.Rect(form.right - 24 - 150, form.bottom - 20 - 44, 150, 44),
            "Back",
            "#primary",
        )
        # Built last so its open list covers the rows.
        self.picker = UIDropDownMenu(
            [t for _, t in _games()],
            titles[self.game_id],
            pygame.Rect(x + 90, form.top + 20, min(PICKER_W, form.width - 138), 40),
            ui,
            object_id="#stats_game",
        )

    def _rows(self, lines: list[stats.Row], x: int, y: int, width: int) -> None:
        """A column of figures: the name on the left, the value on the right;
        a row with no name is a note under the one above (a best's mode)."""
        ui = self.ui
        font = ui.get_theme().get_font(["#field_label", "label"])
        name_w = min(170, width // 2)
        for name, value in lines:
            if name:
                widgets.label(ui, pygame.Rect(x, y, name_w, ROW_H), name, "#field_label")
                text = widgets.fit(value, font, width - name_w - 8)
                widgets.label(ui, pygame.Rect(x + name_w, y, width - name_w, ROW_H), text, "#stat")
            else:
                hint_font = ui.get_theme().get_font(["#hint", "label"])
                text = widgets.fit(value, hint_font, width - 8)
                widgets.label(ui, pygame.Rect(x, y, width, ROW_H), text, "#hint")
            y += ROW_H

    def texts(self) -> list[tuple[str, str]]:
        """Every figure shown, for tests: (name, value) of each column."""
        return [row for _, lines in self._columns() for row in lines]

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()

    def on_changed(self, element: object, text: str) -> None:
        if element is self.picker:
            chosen = next((i for i, t in _games() if t == text), None)
            if chosen is not None and chosen != self.game_id:
                self.game_id = chosen
                self.rebuild()
