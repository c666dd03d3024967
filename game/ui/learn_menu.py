"""The Learn screen: pick a game, then one of its lessons.

Opened from the main menu (``game_id`` None: the games first) or from a
game's setup form (that game's lessons at once). Each game shows how many
of its lessons are done, each lesson whether it is; a lesson opens in the
lesson scene (game/ui/learn_scene.py). A lesson file that cannot be read is
said in words on the screen, never as a fault. A game's lessons come with
its Rules and "Play <game>", its setup form (back to it when the form
opened this screen).
"""

from __future__ import annotations

import logging

import pygame
from pygame_gui.elements import UIButton

from game.games import CATALOGUE, REGISTRY, load_all
from game.learn import lessons as lesson_files
from game.learn import progress
from game.ui import widgets
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

COLUMNS = 2
GAP = 10
TEXT_ROOM = 2 * 16  # a list item's text keeps its left padding (14) and a little more both sides


class LearnMenu(FormScene):
    def __init__(self, app, game_id: str | None = None):
        load_all()
        self.fixed = game_id is not None  # opened for one game: Back leaves the screen
        self.game_id = game_id
        self.lessons: list[lesson_files.Lesson] = []
        self.trouble = ""  # why this game's lessons cannot be shown
        self.game_buttons: dict[UIButton, str] = {}
        self.lesson_buttons: dict[UIButton, int] = {}
        self.progress = progress.load()
        if self.progress.trouble:
            self._pending_message = self.progress.trouble
        else:
            self._pending_message = ""
        if game_id is not None:
            self._read(game_id)
        super().__init__(app)
        if self._pending_message:
            widgets.message(self.ui, "Lessons progress", self._pending_message)

    def _read(self, game_id: str) -> None:
        self.game_id = game_id
        self.trouble = ""
        try:
            self.lessons = lesson_files.load(game_id)
        except lesson_files.LessonError as error:
            self.lessons, self.trouble = [], f"These lessons cannot be read: {error}"
        if not self.lessons and not self.trouble:
            self.trouble = "This game has no lessons yet."

    def enter(self) -> None:
        """Back from a lesson: its mark may have changed (a rebuild would
        also close the message a damaged file gave on opening)."""
        kept = progress.load()
        if kept.done != self.progress.done:
            self.progress = kept
            self.rebuild()

    # -- layout ---------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        top = max(12, min(40, h // 22))
        title = "Learn" if self.game_id is None else f"Learn {REGISTRY[self.game_id].title}"
        big = ui.get_theme().get_font(["#title", "label"])
        widgets.label(ui, pygame.Rect(0, top, w, 64), widgets.fit(title, big, w - 32), "#title")
        sub = (
            "Short lessons on real positions, judged by the rules. Pick a game."
            if self.game_id is None
            else "Each lesson is one task on a real board. Pick one."
        )
        widgets.label(ui, pygame.Rect(0, top + 58, w, 28), sub, "#subtitle")
        area = pygame.Rect(0, 0, min(900, w - 48), 0)
        area.centerx = w // 2
        area.top = top + 98
        area.height = h - area.top - 70
        self.game_buttons, self.lesson_buttons = {}, {}
        if self.game_id is None:
            self._games(area)
        else:
            self._lessons(area)
        by = h - 58
        self.back_button = widgets.button(
            ui, pygame.Rect(area.left, by, 150, 44), "Back", "#menu_button"
        )
        self.rules_button = self.play_button = None
        if self.game_id is not None:
            self.rules_button = widgets.button(
                ui, pygame.Rect(area.left + 162, by, 150, 44), "Rules", "#menu_button"
            )
            # Learned enough: the game's setup form, to play it for real.
            pw = min(300, area.right - (area.left + 324))
            play = f"Play {REGISTRY[self.game_id].title}"
            font = ui.get_theme().get_font(["#primary", "button"])
            self.play_button = widgets.button(
                ui,
                pygame.Rect(area.right - pw, by, pw, 44),
                widgets.fit(play, font, pw - 24),
                "#primary",
            )

    def _games(self, area: pygame.Rect) -> None:
        games = [e for e in CATALOGUE if e.id in REGISTRY]
        rows = -(-len(games) // COLUMNS)
        bh = max(28, min(44, (area.height - (rows - 1) * GAP) // rows))
        gap = max(3, min(GAP, (area.height - rows * bh) // max(1, rows - 1)))
        bw = (area.width - (COLUMNS - 1) * GAP) // COLUMNS
        font = _font(self.ui)
        for i, entry in enumerate(games):
            col, row = i % COLUMNS, i // COLUMNS
            rect = pygame.Rect(area.left + col * (bw + GAP), area.top + row * (bh + gap), bw, bh)
            titles = _titles(entry.id)
            count, done = len(titles), len(self.progress.done_in(entry.id) & titles)
            text = _item(entry.title, done, count, font, bw - TEXT_ROOM)
            button = widgets.button(self.ui, rect, text, "#list_item")
            if not count:
                button.disable()
            self.game_buttons[button] = entry.id

    def _lessons(self, area: pygame.Rect) -> None:
        if self.trouble:
            widgets.wrapped_labels(
                self.ui, pygame.Rect(area.left, area.top, area.width, 26), self.trouble, "#error", 3
            )
            return
        done = self.progress.done_in(self.game_id)
        n = len(self.lessons)
        bh = max(30, min(48, (area.height - (n - 1) * GAP) // max(1, n)))
        font = _font(self.ui)
        for i, lesson in enumerate(self.lessons):
            rect = pygame.Rect(area.left, area.top + i * (bh + GAP), area.width, bh)
            mark = "done" if lesson.key in done else "to do"
            text = widgets.fit(f"{i + 1}. {lesson.title}  ·  {mark}", font, area.width - TEXT_ROOM)
            self.lesson_buttons[widgets.button(self.ui, rect, text, "#list_item")] = i

    # -- actions --------------------------------------------------------------------
    def back(self) -> None:
        if self.game_id is not None and not self.fixed:
            self.game_id, self.lessons, self.trouble = None, [], ""
            self.rebuild()
            return
        self.app.navigate.back()

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()
        elif element is self.rules_button and self.game_id is not None:
            self.app.navigate.rules(self.game_id)
        elif element is self.play_button and self.game_id is not None:
            if self.fixed:  # opened from this game's setup form: back to it
                self.app.navigate.back()
            else:
                self.app.navigate.setup(self.game_id)
        elif element in self.game_buttons:
            self._read(self.game_buttons[element])
            self.rebuild()
        elif element in self.lesson_buttons:
            self.app.navigate.lesson(self.lessons, self.lesson_buttons[element])


def _font(ui):
    return ui.get_theme().get_font(["#list_item", "button"])


def _item(title: str, done: int, count: int, font, width: int) -> str:
    """A game's line in the list: its title and how many lessons are done,
    one short form for every game ("0/4 done": the longer "0 of 4 done" did
    not fit every title at 800x560, and two forms side by side read oddly)."""
    if not count:
        return widgets.fit(f"{title}  ·  no lessons yet", font, width)
    return widgets.fit(f"{title}  ·  {done}/{count} done", font, width)


def _titles(game_id: str) -> set[str]:
    """The titles of a game's lessons (none when its file cannot be read)."""
    try:
        return {lesson.key for lesson in lesson_files.load(game_id)}
    except lesson_files.LessonError:
        return set()
