"""Puzzles: one first move wins; find it on the real board.

Pick a game and a difficulty (from the depth the solution needs); the
puzzle of the day comes first. The learner plays the moves of the seat that
acts first, with the play scene's board and click paths; the rules refuse
what is illegal, a legal move that is not the answer is called wrong and
taken back, and the rest of the line (the other side's replies) plays
itself. A solved puzzle is marked in the user data folder
(game/learn/puzzles.py keeps the marks; a damaged file is set aside with a
message).

A Cooperative puzzle is a whole solitaire deal (goal: score): the panel
offers "Play this deal", which opens it in the play scene with the
computer's best to beat; the play scene judges it and keeps the mark.
"""

from __future__ import annotations

import datetime
import logging
from typing import Any

import pygame
from pygame_gui.elements import UIDropDownMenu

from game.games import REGISTRY, load_all
from game.learn import puzzles
from game.ui import widgets
from game.ui.adapters import adapter_for
from game.ui.board_view import BoardView
from game.ui.panel_widgets import WidgetColumn
from game.ui.play.input import ClickPaths
from game.ui.play.viewpoint import Seen
from game.ui.widgets import FormScene

log = logging.getLogger(__name__)

PANEL_W = 290  # at least: the game's widgets are drawn in it
REPLY_DELAY = 0.5  # seconds before the other side's reply is played
ALL = "All"


class PuzzlesScene(FormScene):
    def __init__(self, app: Any, game_id: str | None = None) -> None:
        load_all()
        self.games = puzzles.games_with_puzzles()
        self.game_id = game_id if game_id in self.games else (self.games or [None])[0]
        self.level = ALL
        self.note = ""  # right, wrong, solved
        self.puzzle: puzzles.Puzzle | None = None
        self.state: Any = None
        self.steps: list[str] = []  # the steps played so far in the line
        self.reply_in: float | None = None  # seconds until the next reply
        self.shown_solution = False
        self.missed = False
        self.daily = False
        self.board: BoardView | None = None
        self.input: ClickPaths | None = None
        self.adapter: Any = None
        self.column: WidgetColumn | None = None  # the game's own panel widgets
        self.damage: list[str] = []  # a damaged marks file set aside, said in the panel
        super().__init__(app)
        self.open_daily()

    # -- which puzzle ----------------------------------------------------------------------
    def choices(self) -> list[puzzles.Puzzle]:
        every = puzzles.load(self.game_id) if self.game_id else []
        return [p for p in every if self.level in (ALL, p.difficulty)]

    def open_daily(self) -> None:
        """The day's puzzle, of whatever difficulty: the picker says All and
        the panel says which it is."""
        self.level = ALL
        puzzle = puzzles.of_the_day(self.game_id, datetime.date.today()) if self.game_id else None
        self.start(puzzle, daily=True)

    def open_next(self) -> None:
        """The next puzzle of the chosen difficulty, unsolved ones first."""
        choices = self.choices()
        if not choices:
            self.start(None)
            return
        done = puzzles.solved()
        after = choices.index(self.puzzle) + 1 if self.puzzle in choices else 0
        order = choices[after:] + choices[:after]
        fresh = [p for p in order if p.key not in done]
        self.start((fresh or order)[0])

    def start(self, puzzle: puzzles.Puzzle | None, daily: bool = False) -> None:
        self.puzzle, self.daily = puzzle, daily
        self.steps, self.reply_in = [], None
        self.shown_solution = self.missed = False
        self.note = ""
        self.state = None
        if puzzle is not None:
            self.game_id = puzzle.game_id
            game = REGISTRY[puzzle.game_id]
            self.adapter = adapter_for(game)
            self.column = WidgetColumn(self.adapter)
            try:
                if not puzzle.is_deal:  # a deal is played in the play scene
                    self.state = puzzles.start_state(game, puzzle)
                    self.seat = puzzles.solver(self.state)
            except ValueError as e:
                self.note = f"This puzzle cannot be set up: {e}"
                self.state = None
        self.rebuild()

    # -- layout ------------------------------------------------------------------------------
    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        panel_w = max(PANEL_W, min(400, int(w * 0.3)))  # the lesson scene's width
        panel = pygame.Rect(w - panel_w - 12, 12, panel_w, h - 24)
        self.boards.append(panel)
        x, width = panel.left + 12, panel.width - 24
        y = panel.top + 10
        self.buttons: dict[str, Any] = {}

        half = (width - 6) // 2

        def button(key: str, text: str, oid: str = "#menu_button", left: bool = True) -> None:
            """A half-width button, two a row (the game's widgets need the room)."""
            nonlocal y
            rect = pygame.Rect(x if left else x + half + 6, y, half, 36)
            self.buttons[key] = widgets.button(ui, rect, text, oid)
            if not left:
                y += 42

        widgets.label(ui, pygame.Rect(x, y, width, 28), "Puzzles", "#card_title")
        y += 30
        pickers_y = y  # the drop-downs are built last, so their open lists cover the rest
        y += 2 * 42
        deal = self.puzzle is not None and self.puzzle.is_deal
        if deal:
            self.buttons["play"] = widgets.button(
                ui, pygame.Rect(x, y, width, 36), "Play this deal", "#primary"
            )
            y += 42
        button("daily", "Of the day")
        button("next", "Next puzzle", "#menu_button" if deal else "#primary", left=False)
        y = panel.bottom - 46
        button("solution", "Solution")
        button("back", "Back", left=False)
        y = self.buttons["daily"].rect.bottom + 6
        y += 4
        for line in self.info_lines():
            y += widgets.wrapped_labels(ui, pygame.Rect(x, y, width, 22), line, "#hint", 3)
        if self.puzzle is None or (self.state is None and not deal):
            self.buttons["solution"].disable()
        if self.column is not None and self.state is not None:
            bottom = self.buttons["back"].rect.top - 8 - 38 * len(self.choice_buttons()[:4])
            self.column.fit(bottom - y - 4)
            self.column.place(x, y + 4, width)
        area = pygame.Rect(12, 12, panel.left - 24, h - 24)
        if deal:
            self._describe_deal(area)
        self._build_board(area)
        self._build_pickers(pygame.Rect(x, pickers_y, width, 36))

    def _build_pickers(self, rect: pygame.Rect) -> None:
        """The game and the difficulty, as drop-downs: every game with
        puzzles, and only the difficulties that game has."""
        titles = [REGISTRY[g].title for g in self.games] or ["No puzzles"]
        chosen = REGISTRY[self.game_id].title if self.game_id else titles[0]
        self.picker = UIDropDownMenu(titles, chosen, rect, self.ui, object_id="#puzzle_game")
        levels = [f"Difficulty: {lv}" for lv in self.levels()]
        below = rect.move(0, 42)
        self.level_picker = UIDropDownMenu(
            levels, f"Difficulty: {self.level}", below, self.ui, object_id="#puzzle_level"
        )

    def levels(self) -> tuple[str, ...]:
        """The difficulties offered: All and those the game has puzzles of."""
        return (ALL, *puzzles.difficulties(self.game_id)) if self.game_id else (ALL,)

    def _describe_deal(self, area: pygame.Rect) -> None:
        """A deal's board is the play scene's: here, what the puzzle is."""
        p = self.puzzle
        card = pygame.Rect(area.left, area.top, area.width, 110)
        self.boards.append(card)
        text = (
            f"A whole solitaire deal (seed {p.seed}). The computer's planner scored "
            f"{p.target} points on it. Play this deal opens it in the game's own window: "
            "reach or beat its score to solve the puzzle."
        )
        inner = card.inflate(-32, -28)
        widgets.wrapped_labels(
            self.ui, pygame.Rect(inner.x, inner.y, inner.w, 24), text, "#hint", 5
        )

    def info_lines(self) -> list[str]:
        p = self.puzzle
        if p is None:
            return [self.note or "No puzzles of this difficulty."]
        done = puzzles.solved()
        every = puzzles.load(p.game_id)
        head = "Puzzle of the day" if self.daily else f"Puzzle {p.number} of {len(every)}"
        lines = [f"{head} · {p.difficulty}" + (" · solved" if p.key in done else "")]
        lines.append(self.heading())
        if p.task:
            lines.append(p.task)
        if self.note:
            lines.append(self.note)
        if p.explain and (self.shown_solution or self.finished()):
            lines.append(p.explain)
        if self.choice_buttons():
            lines.append("Or choose below:")
        self.damage += puzzles.set_aside_notes()
        lines += self.damage
        count = sum(q.key in done for q in every)
        lines.append(f"{count} of {len(every)} solved in {REGISTRY[p.game_id].title}.")
        return lines

    def heading(self) -> str:
        """What the learner does, with the game's name: "Adrenaline: mate in
        one turn" (a deal's title names its deal)."""
        p = self.puzzle
        if p.is_deal:
            return p.title
        return f"{REGISTRY[p.game_id].title}: {p.title[:1].lower()}{p.title[1:]}"

    def choice_buttons(self) -> list[Any]:
        """Decisions not made on the board (a panel button in the play scene)."""
        if self.state is None or not self.learner_to_act() or self.puzzle.goal == "par":
            return []  # a par puzzle's own buttons are Solution and Next puzzle
        try:
            return list(self.adapter.panel_choices(self.state, self.seat))
        except Exception:
            log.exception("panel choices failed")
            return []

    def _build_board(self, area: pygame.Rect) -> None:
        self.board = self.input = None
        if self.state is None:
            return
        game = REGISTRY[self.puzzle.game_id]
        geo = getattr(self.state, "geometry", None)
        board = BoardView(getattr(geo, "width", 8), getattr(geo, "height", 8), self.app.settings)
        board.style = self.adapter.board_style
        board.use_adapter(self.adapter)
        board.flipped = game.side_of(self.seat) == 1
        board.set_rect(area)
        self.board = board
        self.input = ClickPaths(board, self.decide, self.app.sounds)
        self.input.mark_one_click = self.adapter.mark_one_click
        self.input.sources = self.column.items
        self.input.places_in = self.column.view
        self.choice_keys: dict[Any, Any] = {}
        y = self.buttons["solution"].rect.bottom + 6
        for i, choice in enumerate(self.choice_buttons()[:4]):
            rect = pygame.Rect(
                self.buttons["back"].rect.left, 0, self.buttons["back"].rect.width, 32
            )
            rect.bottom = self.buttons["back"].rect.top - 8 - i * 38
            self.choice_keys[widgets.button(self.ui, rect, choice.label or str(choice.action))] = (
                choice.action
            )
        del y
        self.sync()

    def sync(self) -> None:
        """Show the position at once and offer the learner's moves."""
        if self.board is None:
            return
        state = self.state
        self.board.set_position(
            dict(state.pieces()), self.adapter.last_move_squares(state), state.check_square()
        )
        self.board.markers = dict(self.adapter.markers(state))
        self.column.refresh(self.seen())
        self.input.offer(self.adapter.paths(state, self.seat) if self.learner_to_act() else {})

    def seen(self) -> Seen:
        """What the game's widgets show: the learner's view of the position."""
        game = REGISTRY[self.puzzle.game_id]
        viewer = self.seat if game.private_views else None
        state = self.state if viewer is None else self.state.view(viewer)
        actor = self.seat if self.learner_to_act() else None
        return Seen(game, state, viewer, actor, (), len(self.steps))

    def learner_to_act(self) -> bool:
        return (
            self.state is not None
            and self.reply_in is None
            and not self.finished()
            and self.state.to_act() == (self.seat,)
        )

    # -- the line -----------------------------------------------------------------------------
    def alive(self) -> list[list[str]]:
        """The answer lines that agree with the steps played so far."""
        n = len(self.steps)
        return [a for a in self.puzzle.answers if a[:n] == self.steps]

    def finished(self) -> bool:
        if self.state is None:
            return False
        if self.state.result() is not None:
            return True
        return any(len(a) == len(self.steps) for a in self.alive())

    def decide(self, actions: list[Any], path: tuple[int, ...], instant: int | None) -> bool:
        """A complete click path: the learner's move, judged against the line."""
        if not self.learner_to_act():
            return False
        wanted = {a[len(self.steps)] for a in self.alive() if len(a) > len(self.steps)}
        action = next((a for a in actions if self.state.notation(a) in wanted), actions[0])
        return self.play(action)

    def play(self, action: Any) -> bool:
        if self.puzzle.goal == "par":
            return self.play_stroke(action)
        state = self.state
        text = state.notation(action)
        wanted = {a[len(self.steps)] for a in self.alive() if len(a) > len(self.steps)}
        after = state.copy()
        after.apply({self.seat: action})
        if text not in wanted and not puzzles.wins_for(after, self.seat):
            self.missed = True
            self.note = f"{text} is not it. Try again."
            self.app.sounds.play("illegal")
            self.rebuild()
            return False
        self._step(self.seat, action)
        if not self.finished():
            self.note = f"{text}: right."
        return True

    def play_stroke(self, action: Any) -> bool:
        """A par puzzle: any legal step counts; past par, it starts again."""
        self._step(self.seat, action)
        if self.finished():
            return True
        strokes, par = len(self.steps), self.puzzle.depth
        if strokes < par:
            self.note = f"Move {strokes} of par {par}."
        else:
            self.missed = True
            self.note = f"Par is {par}: start again."
            self.restart()
        self.rebuild_panel()
        return True

    def restart(self) -> None:
        """The puzzle's position again, at once."""
        self.state = puzzles.start_state(REGISTRY[self.puzzle.game_id], self.puzzle)
        self.steps, self.reply_in = [], None
        self.sync()

    def _step(self, seat: int, action: Any) -> None:
        text = self.state.notation(action)
        events = self.state.apply({seat: action})
        self.steps.append(text)
        self.board.animate(
            events,
            dict(self.state.pieces()),
            self.adapter.last_move_squares(self.state),
            self.state.check_square(),
        )
        self.board.markers = dict(self.adapter.markers(self.state))
        seen = self.seen()
        self.column.refresh(seen)
        self.column.on_events([e for e in events if e.visible_to(seen.viewer)])
        if self.finished():
            self.solved()
        elif self.state.to_act() != (self.seat,):
            self.reply_in = REPLY_DELAY
        self.rebuild_panel()

    def solved(self) -> None:
        if self.shown_solution:
            self.note = "That is the solution."
            return
        self.note = "Solved!" if not self.missed else "Solved, after a miss."
        puzzles.mark_solved(self.puzzle)
        self.app.sounds.play("game_end")

    def reply(self) -> None:
        """The other side's step of the line."""
        self.reply_in = None
        line = next((a for a in self.alive() if len(a) > len(self.steps)), None)
        if line is None:
            return
        actor = self.state.to_act()[0]
        self._step(actor, self.state.parse_action(line[len(self.steps)], actor))

    def show_solution(self) -> None:
        """Play the rest of the first answer line, step by step (a deal:
        the computer's line, in words)."""
        if self.puzzle.is_deal:
            line = " ; ".join(self.puzzle.answers[0])
            widgets.message(self.ui, f"The computer's {self.puzzle.target} points", line)
            return
        self.shown_solution = True
        if not self.alive():  # off the line (a par puzzle): from the start
            self.restart()
        line = self.alive()[0]
        start = puzzles.start_state(REGISTRY[self.puzzle.game_id], self.puzzle)
        while len(self.steps) < len(line) and self.state.result() is None:
            actor = self.state.to_act()[0]
            self._step(actor, self.state.parse_action(line[len(self.steps)], actor))
        self.reply_in = None
        words = [puzzles.turn_words(steps) for _, steps in puzzles.turns(start, line)]
        self.note = "The solution: " + " ; ".join(words)
        self.rebuild_panel()

    def rebuild_panel(self) -> None:
        """The panel again, the board kept as it is (an animation goes on)."""
        board = self.board
        self.ui.clear_and_reset()
        self.boards = []
        self.build()
        if board is not None and self.board is not None:
            self.board = board
            self.input.board = board
            self.column.refresh(self.seen())
            self.input.offer(
                self.adapter.paths(self.state, self.seat) if self.learner_to_act() else {}
            )

    # -- events ---------------------------------------------------------------------------------
    def on_button(self, element: object) -> None:
        key = next((k for k, b in self.buttons.items() if b is element), None)
        if key == "back":
            self.back()
        elif key == "daily":
            self.open_daily()
        elif key == "next":
            self.open_next()
        elif key == "solution":
            self.show_solution()
        elif key == "play" and self.puzzle is not None:
            self.app.navigate.puzzle_deal(self.puzzle)
        elif element in getattr(self, "choice_keys", {}):
            self.play(self.choice_keys[element])

    def on_changed(self, element: object, text: str) -> None:
        if element is getattr(self, "picker", None):
            chosen = next((g for g in self.games if REGISTRY[g].title == text), None)
            if chosen is not None and chosen != self.game_id:
                self.choose_game(chosen)
        elif element is getattr(self, "level_picker", None):
            level = text.removeprefix("Difficulty: ")
            if level in self.levels() and level != self.level:
                self.level = level
                self.open_next()

    def choose_game(self, game_id: str) -> None:
        """Another game: its puzzle of the day."""
        self.game_id = game_id
        self.open_daily()

    def enter(self) -> None:
        """Back from a deal played in the play scene: its solved mark shown."""
        if self.puzzle is not None and self.puzzle.is_deal:
            self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if self.board is not None and not widgets.dialogs(self.ui) and self.column.handle(event):
            return
        if self.input is not None and not widgets.dialogs(self.ui) and self.input.handle(event):
            return
        super().handle(event)

    def active(self) -> bool:
        return self.reply_in is not None or (
            self.board is not None and (self.board.animating or self.column.animating)
        )

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.board is not None:
            self.board.update(dt)
            self.column.update(dt)
        if self.reply_in is not None:
            self.reply_in -= dt
            if self.reply_in <= 0 and not (self.board and self.board.animating):
                self.reply()

    def draw(self, surface: pygame.Surface) -> None:
        widgets.draw_backdrop(surface)
        for rect in self.boards:
            widgets.draw_card(surface, rect)
        if self.board is not None:
            self.board.draw(surface)
            self.column.draw(surface, self.input)
        self.ui.draw_ui(surface)
        if self.input is not None:
            self.input.draw_drag(surface)
