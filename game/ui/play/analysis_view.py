"""Analysis in the play scene: "Analyse" on the game-over window, the A key
at the end, the Hint button (which reads "Analyse" while looking back) and
the Load screen's Analyse run the analysis (game/ai/analysis.py) in a
worker process of its own (game/ai/analysis_runner.py), so the window
never freezes.

Under the move list a strip shows, while it runs, a progress bar with a
Stop button; once done, the evaluation graph (from the first seat's side,
clamped to the game's ``graph_scale`` either way, game/ai/analysis.py), each
marked step a dot in its mark's colour, the position looked back at a
line. A click on the graph looks back at the position after that step.
The marks follow the steps in the move list (move_list.py ``marks``), and
while a position is looked back at, the best alternative to the step that
made it is drawn as an arrow (a placement's square ringed, and its widget
places ringed in the panel, a card say, as the hint rings them; the status
line names the better step too).

A finished game is analysed with everything revealed (the rules have shown
it all); the strip says so. A game still going is analysed while looking
back, from the viewer's view only (the strip names whose), like a hint: it
makes the game assisted, and is not offered on the day's counted deal.
Such an analysis belongs to its viewer and its moment: when the screen
passes to another person, a new step is played, or the game ends, it is
cleared (and Analyse is offered again while looking back). Undo, or a new game, clears it too.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.analysis import SKIPPED, Review, eval_text, graph_scale, thresholds_for
from game.engine import IllegalAction
from game.learn import daily
from game.match import HINT
from game.ui import art

if TYPE_CHECKING:
    from game.ai.analysis_runner import AnalysisRunner
    from game.ui.play.scene import PlayScene

log = logging.getLogger(__name__)

HEADER_FONT = 14
HEIGHT = 84  # the strip's height under the move list
MIN_HEIGHT = 60  # the least it shrinks to for a game's widgets (panel.py): a header, a graph
BEST_COLOUR = (96, 200, 120, 170)  # the best alternative's arrow
MARK_COLOURS = {"?!": (235, 200, 80), "?": (240, 140, 60), "??": (230, 70, 70)}
BG = (27, 33, 41)
EDGE = (59, 69, 82)
LINE = (236, 229, 216)
DIM = (154, 165, 177)


def fit_header(font: pygame.font.Font, text: str, width: int) -> str:
    """The graph's header within ``width`` pixels: whole, else without its
    last " · " part, else cut with "…" (it ran past the strip at 800 x 560)."""
    while font.size(text)[0] > width and " · " in text:
        text = text.rsplit(" · ", 1)[0]
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def offered(game_id: str) -> bool:
    """Does the game-over window offer "Analyse" for this game?"""
    return game_id not in SKIPPED


def progress_label(done: int, total: int) -> str:
    """The progress bar's words: "Starting…" until the first position is
    judged (the worker takes seconds to start on a busy machine)."""
    if done == 0:
        return f"Starting… ({total} positions to analyse)"
    return f"Analysing… {done}/{total} positions"


class AnalysisView:
    nodes: int | None = None  # another budget per position (tests); None: the game's own

    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.runner: AnalysisRunner | None = None
        self.review: Review | None = None
        self.failed = False
        self.going = False  # the analysis is of a game still going, from ``viewer``'s view
        self.viewer: int | None = None
        self.steps_at = 0  # the steps played when it started (a new one outdates it)
        self.rect = pygame.Rect(0, 0, 0, 0)  # the strip (panel.py lays it out)
        self.stop_rect = pygame.Rect(0, 0, 0, 0)
        self._best: tuple[tuple, tuple[int, ...]] | None = None  # _best_path, kept

    # -- state ---------------------------------------------------------------------------
    @property
    def running(self) -> bool:
        return self.runner is not None

    @property
    def height(self) -> int:
        """The strip's height (0: nothing to show)."""
        return HEIGHT if self.running or self.review is not None or self.failed else 0

    def can_start(self) -> bool:
        """Do the A key and the Hint button (as "Analyse") offer an analysis
        now? For a finished game; for one still going while looking back."""
        scene = self.scene
        if scene.match.is_over():
            return self._allowed()
        return scene.looking_at is not None and not scene.viewpoint.covering and self._allowed()

    def _allowed(self) -> bool:
        """Not twice at once, not for a game whose computer does not search,
        nor a game going on that is the day's counted deal (it would be help)."""
        m = self.scene.match
        if self.running or not offered(m.game_id) or not m.records:
            return False
        if self.review is not None and len(self.review.steps) == len(m.records):
            return False  # done already, for this viewer (another's clears it)
        return m.is_over() or not daily.still_counts(m)

    def start(self) -> None:
        """Analyse the match as it stands (see ``_allowed``)."""
        from game.ai.analysis_runner import AnalysisRunner

        scene = self.scene
        if not self._allowed():
            return
        scene.dialogs.close_game_over()
        self.review, self.failed = None, False
        over = scene.match.is_over()
        try:
            self.going, self.viewer = not over, None if over else scene.seen.viewer
            self.steps_at = len(scene.match.records)
            if self.going:
                scene.match.assists.add(HINT)  # help while playing: an assisted game
            self.runner = AnalysisRunner(scene.match, self.viewer, self.nodes)
        except Exception:
            log.exception("could not start the analysis")
            self.failed = True
        self._relayout()

    def stop(self) -> None:
        if self.runner is not None:
            self.runner.stop()
            self.runner = None
            self._relayout()

    def clear(self) -> None:
        """The game changed (undo): the analysis no longer belongs to it."""
        shown = self.height
        if self.runner is not None:
            self.runner.stop()
        self.runner, self.review, self.failed = None, None, False
        if shown:
            self._relayout()

    def _relayout(self) -> None:
        scene = self.scene
        scene._layout(scene.app.size)
        scene.refresh()

    def update(self) -> None:
        """Every frame: take the worker's news; an analysis of a game going
        on is cleared once another viewer looks, a step is played, or the
        game ends."""
        if self.going and (self.runner or self.review or self.failed):
            m = self.scene.match
            stale = len(m.records) != self.steps_at  # a step played since: Analyse again
            if stale or m.is_over() or self.scene.seen.viewer != self.viewer:
                self.clear()
                return
        runner = self.runner
        if runner is None:
            return
        news = runner.poll()
        if news is None:
            return
        if news[0] == "done":
            self.review, self.runner = news[1], None
            self.scene.refresh()
            self.scene.sync_board()
        elif news[0] == "error":
            self.runner, self.failed = None, True
            self.scene.refresh()

    # -- what the move list and the board show --------------------------------------------
    def marks(self) -> dict[int, str]:
        """Step (counted from 1) -> its mark, for the move list."""
        if self.review is None:
            return {}
        return {s.index + 1: s.mark for s in self.review.steps if s.mark}

    def _step(self, steps: int | None) -> Any:
        if self.review is None or not steps or steps > len(self.review.steps):
            return None
        return self.review.steps[steps - 1]

    def words(self) -> str:
        """A line for the status while looking back at the position after a
        judged step: its evaluation, mark and the better step."""
        step = self._step(self.scene.looking_at)
        if step is None:
            return ""
        text = f"Eval {eval_text(step.eval)}"
        better = [c for c in step.choices if c.best is not None]
        if step.mark and better:
            c = max(better, key=lambda c: c.loss)
            who = f"{self.scene.game.seats[c.seat]} " if len(step.choices) > 1 else ""
            low, mid, high = thresholds_for(self.scene.game.id)
            amounts = f"?! {low:g} ? {mid:g} ?? {high:g}"
            text += f" · {step.mark} better {who}{c.best} (lost {c.loss:.1f}; {amounts})"
        return text

    def best_squares(self) -> tuple[int, ...]:
        """The board squares of the best alternative to the step looked back
        at (an arrow, or a placement's square ringed)."""
        return tuple(p for p in self._best_path() if p >= 0)

    def best_places(self) -> tuple[int, ...]:
        """Its widget places (negative ids: a card, a pile, a table cell),
        ringed in the panel's widgets as the hint rings them."""
        return tuple(p for p in self._best_path() if p < 0)

    def _best_path(self) -> tuple[int, ...]:
        """The best alternative's path (the position before the step, the
        seat that chose it). Kept per position looked at: finding it replays
        the game to it, too much for every frame (bench_bot_frames.py)."""
        scene = self.scene
        key = (id(self.review), scene.looking_at, len(scene.match.records))
        if self._best is None or self._best[0] != key:
            self._best = (key, self._find_best_path())
        return self._best[1]

    def _find_best_path(self) -> tuple[int, ...]:
        scene = self.scene
        at = scene.looking_at
        step = self._step(at)
        if step is None or not step.mark:
            return ()
        choice = max((c for c in step.choices if c.best is not None), key=lambda c: c.loss)
        review = self.review
        assert review is not None
        in_view = not review.full and review.viewer is not None
        try:
            state = scene.match.state_at(at - 1)
            if in_view:
                # A game going on: read the step in the view that was searched. In
                # the full state, whether it is legal (a card the other side may
                # not hold) would tell the viewer a secret by an arrow drawn or not.
                state = state.view(review.viewer)
            action = state.parse_action(choice.best, choice.seat)
            return tuple(scene.adapter.path_of(state, choice.seat, action) or ())
        except IllegalAction:  # a step of a sampled world the view cannot show
            return ()
        except Exception:
            if in_view:  # a view may not list another seat's choices (its hidden hand)
                log.debug("the best alternative is not in the view", exc_info=True)
                return ()
            log.exception("the best alternative's path")
            return ()

    # -- the strip -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the strip: Stop while running, else look back at the
        step under the pointer. True if it was the strip's."""
        if event.type != pygame.MOUSEBUTTONDOWN or event.button != 1:
            return False
        if not self.rect.collidepoint(event.pos):
            return False
        if self.running:
            if self.stop_rect.collidepoint(event.pos):
                self.stop()
            return True
        if self.review is not None and self.review.steps:
            n = len(self.review.steps)
            inner = self.rect.inflate(-16, 0)
            i = round((event.pos[0] - inner.x) / max(1, inner.w) * (n - 1)) if n > 1 else 0
            self.scene.looking.go(max(0, min(n - 1, i)) + 1)
        return True

    def draw(self, surface: pygame.Surface) -> None:
        scene = self.scene
        rect = self.rect
        if rect.h <= 0 or scene.viewpoint.covering:
            return
        pygame.draw.rect(surface, BG, rect, border_radius=8)
        pygame.draw.rect(surface, EDGE, rect, 1, border_radius=8)
        font = art.ui_font(HEADER_FONT)
        if self.running:
            self._draw_progress(surface, font)
        elif self.failed:
            words = "The analysis could not be finished"
            surface.blit(font.render(words, True, DIM), (rect.x + 10, rect.y + 10))
        elif self.review is not None:
            self._draw_graph(surface, font)
        at = scene.looking_at
        if at is not None and not scene.board.animating:
            squares = self.best_squares()
            if len(squares) > 1:
                scene.board.draw_arrow(surface, squares, BEST_COLOUR)
            elif squares:  # a placement: its square ringed
                square = scene.board.square_rect(squares[0])
                pygame.draw.rect(surface, BEST_COLOUR[:3], square.inflate(-4, -4), 4, 8)
            self._ring_places(surface)

    def _ring_places(self, surface: pygame.Surface) -> None:
        """Ring the best alternative's widget places in sight (hint.py's way)."""
        places = self.best_places()
        if not places:
            return
        view = self.scene.panel.widget_view  # a place scrolled out of sight is not ringed
        for widget in self.scene.widgets:
            for place in places:
                rect = widget.place_rect(place)
                if rect is not None and view.contains(rect):
                    pygame.draw.rect(surface, BEST_COLOUR[:3], rect, 3, border_radius=8)

    def _draw_progress(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        rect, runner = self.rect, self.runner
        assert runner is not None
        done, total = runner.done, max(1, runner.total)
        label = progress_label(done, total)
        surface.blit(font.render(label, True, LINE), (rect.x + 10, rect.y + 8))
        self.stop_rect = pygame.Rect(rect.right - 70, rect.y + 6, 60, 24)
        pygame.draw.rect(surface, EDGE, self.stop_rect, border_radius=6)
        stop = font.render("Stop", True, LINE)
        surface.blit(stop, stop.get_rect(center=self.stop_rect.center))
        bar = pygame.Rect(rect.x + 10, rect.y + 40, rect.w - 20, 14)
        pygame.draw.rect(surface, EDGE, bar, border_radius=7)
        filled = bar.copy()
        filled.w = int(bar.w * done / total)
        if done == 0:  # the worker starting: a block sweeps the bar, so it is seen alive
            filled.w = bar.w // 5
            sweep = pygame.time.get_ticks() % 1600 / 1600
            filled.x = bar.x + round(sweep * (bar.w - filled.w))
        if filled.w > 0:
            pygame.draw.rect(surface, (88, 176, 255), filled, border_radius=7)

    def heading(self, short: bool = False) -> str:
        """The graph's title: its unit and side, and what was searched
        (``short``: for a narrow strip)."""
        review = self.review
        if review is None:
            return ""
        if review.full or not review.hidden:
            note = review.how()
            if short and note == "everything revealed":
                note = "all revealed"
        else:  # the game goes on: the viewing seat's view (seat 0's when nobody's in particular)
            seat = self.scene.game.seats[review.viewer or 0]
            note = f"{seat}'s view" if short else f"{seat}'s view only"
        if short:
            return f"Eval ({review.side}) · {note}"
        return f"Eval ({review.unit}, {review.side}) · {note}"

    def header(self) -> str:
        """The graph's header, fitted to the strip (its short form first)."""
        font = art.ui_font(HEADER_FONT)
        width = self.rect.w - 20
        head = self.heading()
        if font.size(head)[0] > width:
            head = self.heading(short=True)
        return fit_header(font, head, width)

    def _draw_graph(self, surface: pygame.Surface, font: pygame.font.Font) -> None:
        rect, review = self.rect, self.review
        assert review is not None
        steps = review.steps
        surface.blit(font.render(self.header(), True, DIM), (rect.x + 10, rect.y + 4))
        inner = pygame.Rect(rect.x + 8, rect.y + 27, rect.w - 16, rect.h - 33)
        mid = inner.centery
        pygame.draw.line(surface, EDGE, (inner.x, mid), (inner.right, mid))
        if not steps:
            return
        n = len(steps)

        def x_of(i: int) -> int:
            return inner.x + (round(i * inner.w / (n - 1)) if n > 1 else inner.w // 2)

        scale = graph_scale(review.game_id)

        def y_of(v: float) -> int:
            return round(mid - max(-1.0, min(1.0, v / scale)) * inner.h / 2)

        points = []
        last = 0.0
        for i, step in enumerate(steps):
            last = step.eval if step.eval is not None else last
            points.append((x_of(i), y_of(last)))
        if len(points) > 1:
            pygame.draw.lines(surface, LINE, False, points, 2)
        for (x, y), step in zip(points, steps, strict=True):
            colour = MARK_COLOURS.get(step.mark)
            if colour is not None:
                pygame.draw.circle(surface, colour, (x, y), 4)
        at = self.scene.looking_at
        if at:
            x = x_of(min(n, at) - 1)
            pygame.draw.line(surface, (88, 176, 255), (x, inner.top), (x, inner.bottom), 1)
