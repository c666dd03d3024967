"""Masquerade Chess on screen.

- The secret assignment: a path of five cells of the 5 x 5 table in the side
  panel, one per row (the opponent's K, Q, R, B, N) in that order; after each
  click the next row offers only the patterns not used yet. *Random* is a
  panel button.
- Moves and capture attempts: from and to on the board. Every capture one of
  the five patterns could make is offered, so the targets never tell which
  attempt will work.
- The panel shows the assignment the viewer made, the deduction table of the
  viewer's own pieces (crosses and circles from the attempts; a click on a
  cell cycles a mark of the viewer's own, kept by the widget only) and the
  last attempts.
- At the end (or watched with no person playing) the secrets are out: both
  sides' tables, each side's deduction from its attempts (with its own
  marks) and, ringed, the patterns its pieces really had.
- A failed attempt: the piece lunges and comes back, and both squares are
  marked in red until the next move.
"""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.chess import GEO
from game.games.masquerade import masks as M
from game.games.masquerade.actions import Assign
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track
from game.ui.board_view import tint
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import ACCENT, CARD_BG, TEXT, TEXT_DIM, fit, wrap_words

CELL0 = -100  # the place of the table cell (row, col) is CELL0 - 5 * row - col
NAMES = {"K": "King", "Q": "Queen", "R": "Rook", "B": "Bishop", "N": "Knight"}
RED = (200, 60, 60)
GREEN = (90, 170, 90)
MARKS = ("", "O", "X")  # the cycle of a player's own marks


def cell_place(row: int, col: int) -> int:
    return CELL0 - 5 * row - col


def place_cell(place: int) -> tuple[int, int]:
    n = CELL0 - place
    return n // 5, n % 5


def _feint(b: Any, e: Any) -> None:
    b.step(Track("lunge", None, e["frm"], e["to"]))


class MasqueradeAdapter(MoveAdapter):
    animations = {"attempt_failed": _feint}
    sounds = (("attempt_failed", "illegal"), ("assigned", "card"))

    def __init__(self) -> None:
        self.rng = random.Random()

    def make_widgets(self) -> list[Any]:
        return [MaskTables(), AttemptList()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Assign):
            return tuple(cell_place(i, M.TYPES.index(p)) for i, p in enumerate(action.patterns))
        return super().path_of(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        actions = state.legal_actions(seat)
        if actions and isinstance(actions[0], Assign):
            return [Choice(self.rng.choice(actions), None, "Random")]
        return []

    def markers(self, state: State) -> dict[int, list[str]]:
        last = getattr(state, "last_attempt", None)
        if last is None or last[2]:
            return {}
        return {last[0]: ["failed"], last[1]: ["failed"]}

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name == "failed":
            tint(surface, rect, (*RED, 110))
            return True
        return False


class MaskTables(PanelWidget):
    """Two 5 x 5 tables: the patterns the viewer gave the opponent's pieces
    (chosen here at the start), and the viewer's own pieces as far as the
    attempts tell, with the viewer's own marks."""

    height = 165

    def __init__(self) -> None:
        super().__init__()
        self.own_marks: dict[int, dict[tuple[int, int], str]] = {}  # per seat
        self._cells: dict[tuple[str, int, int], pygame.Rect] = {}
        self.title_rects: dict[str, pygame.Rect] = {}  # each table's title, as drawn

    def _geometry(self) -> tuple[int, int, int]:
        cell = max(12, min((self.rect.height - 40) // 5, (self.rect.width - 60) // 12))
        return cell, self.rect.x + 24, self.rect.y + 38

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        seen = self.seen
        state = seen.state if seen is not None else None
        if state is None or not hasattr(state, "assign"):
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(13)
        seat = seen.actor if seen.actor is not None else seen.viewer
        cell, x0, y0 = self._geometry()
        self._cells.clear()
        if seat is None and not state.setting_up:
            self._draw_reveal(surface, state, cell, x0, y0)
            return
        if seat is None:
            note = font.render("Each player's tables show here in turn", True, TEXT_DIM)
            surface.blit(note, (rect.x + 8, rect.y + 8))
            return
        other = state.game.sides[1 - seat]
        setting_up = state.setting_up
        mine = state.assign[seat]
        # Side by side, each title keeps to its own table's width ("Black's
        # pieces capture as" ran into "Your pieces capture as" at 800 x 560).
        x1 = x0 + 6 * cell + 30
        if setting_up:
            self._table(surface, "assign", x0, y0, cell, f"Choose: {other}'s pieces capture as")
        else:
            self._table(surface, "assign", x0, y0, cell, f"{other} captures as", x1 - x0 - 8)
        path = tuple(paths.path) if paths is not None else ()
        targets = paths.targets if paths is not None else set()
        for (_name, row, col), r in self._cells.items():
            place = cell_place(row, col)
            if setting_up:
                if place in path:
                    pygame.draw.circle(surface, ACCENT, r.center, cell // 2 - 3, 3)
                elif place in targets or (not path and paths is not None and paths.can_pick(place)):
                    pygame.draw.rect(surface, ACCENT, r.inflate(-4, -4), 1, border_radius=4)
            elif mine and M.pattern(mine, M.TYPES[row]) == M.TYPES[col]:
                pygame.draw.circle(surface, TEXT, r.center, cell // 2 - 3, 2)
        if setting_up:
            # Beside the table, in as many lines as its width needs.
            hint_x = x0 + 5 * cell + 12
            lines = wrap_words("One pattern per row, top to bottom", font, rect.right - 8 - hint_x)
            y = y0 + 2 * cell
            for line in lines:
                surface.blit(font.render(line, True, TEXT_DIM), (hint_x, y))
                y += font.get_linesize()
            return
        self._table(surface, "own", x1, y0, cell, "You capture as", rect.right - 8 - (x1 - 16))
        self._deduction(surface, "own", state, seat, cell)

    def _deduction(
        self, surface: pygame.Surface, name: str, state: Any, seat: int, cell: int
    ) -> None:
        """``seat``'s deduction table of its own pieces in the table
        ``name``: what its attempts proved (O, X), else its own marks."""
        table = M.table(state.tried[seat])
        big = art.ui_font(max(10, cell - 6), "bold")
        for (table_name, row, col), r in self._cells.items():
            if table_name != name:
                continue
            known = table[M.TYPES[row], M.TYPES[col]]
            own = self.own_marks.get(seat, {}).get((row, col), "")
            if known:
                colour = GREEN if known == "O" else RED
                text = big.render(known, True, colour)
                surface.blit(text, text.get_rect(center=r.center))
            elif own:
                text = big.render(own, True, TEXT_DIM)
                surface.blit(text, text.get_rect(center=r.center))

    def _draw_reveal(
        self, surface: pygame.Surface, state: Any, cell: int, x0: int, y0: int
    ) -> None:
        """Both sides' tables for a reader who is no seat: each side's own
        pieces, its deduction from its attempts, the true patterns ringed
        (the opponent's choice) where the state holds them."""
        sides = state.game.sides
        x1 = x0 + 6 * cell + 30
        for seat, x in ((0, x0), (1, x1)):
            name = f"reveal{seat}"
            # "White's pieces captured as" ran into Black's title at 800 x 560.
            self._table(surface, name, x, y0, cell, f"{sides[seat]} captures as", 6 * cell + 22)
            self._deduction(surface, name, state, seat, cell)
            truth = state.assign[1 - seat]
            if not truth:  # hidden in this view
                continue
            for (table_name, row, col), r in self._cells.items():
                if table_name == name and M.pattern(truth, M.TYPES[row]) == M.TYPES[col]:
                    pygame.draw.circle(surface, ACCENT, r.center, cell // 2 - 2, 2)

    def _table(
        self,
        surface: pygame.Surface,
        name: str,
        x: int,
        y: int,
        cell: int,
        title: str,
        width: int | None = None,
    ) -> None:
        """A 5 x 5 table under ``title`` (kept within ``width``: the tables
        side by side must not run into each other)."""
        font = art.ui_font(13)
        if width is not None:
            title = fit(title, font, width)
        label = font.render(title, True, TEXT)
        self.title_rects[name] = surface.blit(label, (x - 16, self.rect.y + 4))
        small = art.ui_font(max(10, cell - 8))
        for col, p in enumerate(M.TYPES):
            t = small.render(p, True, TEXT_DIM)
            surface.blit(t, t.get_rect(center=(x + col * cell + cell // 2, y - 8)))
        for row, t_letter in enumerate(M.TYPES):
            t = small.render(t_letter, True, TEXT_DIM)
            surface.blit(t, t.get_rect(center=(x - 10, y + row * cell + cell // 2)))
            for col in range(5):
                r = pygame.Rect(x + col * cell, y + row * cell, cell, cell)
                pygame.draw.rect(surface, (30, 35, 43), r)
                pygame.draw.rect(surface, (70, 78, 90), r, 1)
                self._cells[name, row, col] = r

    def place_at(self, pos: tuple[int, int]) -> int | None:
        state = self.seen.state if self.seen is not None else None
        if state is None or not getattr(state, "setting_up", False):
            return None
        for (name, row, col), r in self._cells.items():
            if name == "assign" and r.collidepoint(pos):
                return cell_place(row, col)
        return None

    def place_rect(self, place: int) -> pygame.Rect | None:
        row, col = place_cell(place)
        return self._cells.get(("assign", row, col))

    def handle(self, event: pygame.event.Event) -> bool:
        """A click on the deduction table cycles the viewer's own mark."""
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return False
        seen = self.seen
        seat = None if seen is None else (seen.actor if seen.actor is not None else seen.viewer)
        if seat is None:
            return False
        for (name, row, col), r in self._cells.items():
            if name == "own" and r.collidepoint(event.pos):
                marks = self.own_marks.setdefault(seat, {})
                now = marks.get((row, col), "")
                marks[row, col] = MARKS[(MARKS.index(now) + 1) % len(MARKS)]
                return True
        return False


def attempt_line(name: str, tried: Any, font: Any, width: int) -> str:
    """A side's last attempts in ``width``: the last two, else the last one
    (with how many in all), so that no word is cut ("Bishop as Q/B worke")."""
    if not tried:
        return fit(f"{name}: no attempt yet", font, width)
    for last in (2, 1):
        parts = [
            f"{NAMES[t]} as {'/'.join(reach) or '-'} {'worked' if ok else 'failed'}"
            for t, reach, ok in tried[-last:]
        ]
        words = f"{name}: " + "; ".join(parts)
        if len(tried) > last:
            words += f" ({len(tried)} in all)"
        if font.size(words)[0] <= width:
            return words
    return fit(words, font, width)


class AttemptList(PanelWidget):
    """The last attempts of both sides with their results (public)."""

    height = 64

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        state = self.shown("tried")
        if state is None:
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(13)
        row_h = (rect.height - 6) // 2
        for side in (0, 1):
            tried = state.tried[side]
            y = rect.y + 3 + side * row_h
            name = state.game.sides[side]
            words = attempt_line(name, tried, font, rect.width - 16)
            text = font.render(words, True, TEXT)
            surface.blit(text, (rect.x + 8, y + (row_h - text.get_height()) // 2))
        last = getattr(state, "last_attempt", None)
        if last is not None and not last[2]:
            note = font.render(f"{GEO.name(last[0])}x{GEO.name(last[1])} failed", True, RED)
            surface.blit(note, note.get_rect(topright=(rect.right - 8, rect.y + 3)))


ADAPTER = MasqueradeAdapter()
