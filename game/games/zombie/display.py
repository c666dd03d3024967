"""Zombie Chess on screen: moves from and to as in chess; burying by clicking
one of your pieces (a one-click path); End turn and a risen pawn's promotion
as panel buttons. A coin under every zombie (grey once it moved this turn), a
small headstone on the squares of the graves the viewer dug (never the
other's: the viewer's view has no other chart), the burial chart and the
graveyard and dust bin in the side panel. A rising zombie scales in, a
crumbling one fades.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.chess import GEO
from game.engine.pieces import Piece
from game.games.zombie.actions import Bury, EndTurn, RisePromote
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track, appear
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM

COIN = (226, 182, 64)
COIN_EDGE = (140, 100, 20)
COIN_SPENT = (160, 160, 160)
STONE = ((235, 235, 235), (60, 60, 60))  # headstones of White's and Black's graves


def _crumble(b: Any, e: Any) -> None:
    if not e.get("captured"):
        b.step(Track("fade", e.get("piece"), to=e["square"]))


class ZombieAdapter(MoveAdapter):
    show_captured = False  # the graveyard and dust bin say more
    animations = {"rise": appear("square"), "destroy": _crumble}
    sounds = (("rise", "shimmer"), ("destroy", "capture"))

    def make_widgets(self) -> list[Any]:
        return [BurialChart(), Graveyard()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Bury):
            return (action.square,)
        if isinstance(action, (RisePromote, EndTurn)):
            return None
        return super().path_of(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for a in state.legal_actions(seat):
            if isinstance(a, RisePromote):
                out.append(Choice(a, Piece(seat, a.kind), a.kind.title()))
            elif isinstance(a, EndTurn):
                skip = state.ordinary_move_left()
                out.append(Choice(a, None, "End turn, skip my move" if skip else "End turn"))
        return out

    def markers(self, state: State) -> dict[int, list[str]]:
        out: dict[int, list[str]] = {}
        for sq, mark in getattr(state, "extras", {}).items():
            out.setdefault(sq, []).append("zombie" if mark == "z" else "zombie-moved")
        for burier, chart in enumerate(getattr(state, "graves", ())):
            for sq in chart or {}:
                out.setdefault(sq, []).append(f"grave{burier}")
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name in ("zombie", "zombie-moved"):
            r = max(5, rect.width // 7)
            centre = (rect.right - r - 3, rect.bottom - r - 3)
            fill = COIN if name == "zombie" else COIN_SPENT
            pygame.draw.circle(surface, fill, centre, r)
            pygame.draw.circle(surface, COIN_EDGE, centre, r, max(1, r // 4))
            return True
        if name.startswith("grave"):
            colour = STONE[int(name[-1])]
            w, h = max(6, rect.width // 9), max(8, rect.height // 7)
            stone = pygame.Rect(rect.x + 4, rect.y + 4, w, h)
            pygame.draw.rect(
                surface,
                colour,
                stone,
                border_top_left_radius=w // 2,
                border_top_right_radius=w // 2,
            )
            pygame.draw.rect(
                surface,
                (90, 90, 90),
                stone,
                1,
                border_top_left_radius=w // 2,
                border_top_right_radius=w // 2,
            )
            return True
        return False


class BurialChart(PanelWidget):
    """The viewer's own burial chart: an 8 x 8 grid with the letter of each
    piece buried there. Nobody else's chart is ever in the viewer's view."""

    NOTE_H = 18  # a chart's count under it, when two stand side by side

    @property
    def height(self) -> int:  # type: ignore[override]
        # No seat (a spectator, a rule sheet's diagram): both charts, each
        # with its count under it.
        both = self.seen is not None and self.seen.viewer is None
        return 150 + (self.NOTE_H + 4 if both else 0)

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        seen = self.seen
        state = seen.state if seen is not None else None
        if state is None or not hasattr(state, "graves"):
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(14)
        viewer = seen.viewer
        if viewer is None:
            charts = [(s, state.graves[s]) for s in (0, 1)]
        else:
            charts = [(viewer, state.graves[viewer])]
        both = len(charts) > 1
        gap = 16
        # One chart: its count beside it (90 px); two: side by side, each
        # count under its chart, so both fit the widget's width whole.
        beside = 0 if both else 90
        under = self.NOTE_H if both else 0
        room_w = rect.width - 16 - beside - gap * (len(charts) - 1)
        cell = max(4, min((rect.height - 26 - under) // 8, room_w // (8 * len(charts))))
        x = rect.x + 8
        flip = viewer == 1  # as the board is shown to Black
        for side, chart in charts:
            name = state.game.sides[side]
            title = "Your graves" if viewer is not None else f"{name}'s graves"
            label = font.render(title, True, TEXT)
            surface.blit(label, (x, rect.y + 4))
            top = rect.y + 22
            small = art.ui_font(max(9, cell - 4))
            for rank in range(8):
                for file in range(8):
                    sq = GEO.square(f"{'abcdefgh'[file]}{rank + 1}")
                    col, row = (7 - file, rank) if flip else (file, 7 - rank)
                    r = pygame.Rect(x + col * cell, top + row * cell, cell, cell)
                    pygame.draw.rect(surface, self.squares[(rank + file + 1) % 2], r)
                    grave = (chart or {}).get(sq)
                    if grave is not None:
                        letter = grave[0] if side == 1 else grave[0].lower()
                        text = small.render(letter, True, (20, 20, 20))
                        surface.blit(text, text.get_rect(center=r.center))
            count = len(chart or {})
            words = "nothing buried" if not count else f"{count} buried"
            note = font.render(words, True, TEXT_DIM)
            if both:
                surface.blit(note, (x, top + 8 * cell + 2))
            else:
                surface.blit(note, (x + 8 * cell + 8, rect.bottom - note.get_height() - 6))
            x += 8 * cell + gap


class Graveyard(PanelWidget):
    """The pieces lying buried somewhere (both know which, not where) and
    the pieces destroyed for good."""

    height = 64

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        state = self.shown("graveyard")
        if state is None:
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(14)
        row_h = (rect.height - 6) // 2
        icon = max(12, row_h - 4)
        for row, (title, pieces) in enumerate(
            (("Graveyard", state.graveyard()), ("Dust bin", state.dust_bin()))
        ):
            y = rect.y + 3 + row * row_h
            label = font.render(title, True, TEXT)
            surface.blit(label, (rect.x + 8, y + (row_h - label.get_height()) // 2))
            x = rect.x + 90
            if not pieces:
                none = font.render("empty", True, TEXT_DIM)
                surface.blit(none, (x, y + (row_h - none.get_height()) // 2))
            step = min(icon, max(8, (rect.right - x - 8) // max(1, len(pieces))))
            for piece in sorted(pieces, key=lambda p: (p.side, p.kind)):
                surface.blit(art.piece_surface(piece.side, piece.kind, icon), (x, y + 1))
                x += step


ADAPTER = ZombieAdapter()
