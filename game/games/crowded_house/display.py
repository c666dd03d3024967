"""Crowded House on screen: the mover's half outlined on the board, the
pieces that player may move lit with a soft ring under them, a pass as a
panel button, and a panel card saying whose turn it is (colour, team, half)
and the order of the four seats."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.games.crowded_house.rules import SEATS, SHORT, Pass, half_name, half_of
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import ACCENT, CARD_BG, CARD_BORDER, TEXT, TEXT_DIM

HALF = "half"  # a square of the mover's half
HALF_LAST = "half-last"  # the last of them: the outline is drawn round them all
MOVABLE = "movable"  # a piece the mover may move
OUTLINE = (242, 196, 84)  # the half's outline: warm yellow, seen on both square colours
SHADE = (20, 24, 30)
GLOW = (120, 220, 140)  # the ring under a movable piece
PIECE_COLOURS = ((244, 240, 230), (28, 28, 32))


class TurnCard(PanelWidget):
    """Who moves: a disc of the colour, the seat's name, its team and half,
    and the order of the four seats with the one to move picked out and its
    partner underlined."""

    height = 84

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        pygame.draw.rect(surface, CARD_BORDER, self.rect, 1, border_radius=6)
        state = self.shown("seat")
        if state is None:
            return
        seat = state.seat
        over = state.is_over()
        big, small = art.ui_font(16), art.ui_font(13)
        x, y = self.rect.x + 10, self.rect.y + 8
        side = self.colour(state)
        r = 9
        if side is not None:
            pygame.draw.circle(surface, PIECE_COLOURS[side], (x + r, y + r + 1), r)
            pygame.draw.circle(surface, ACCENT, (x + r, y + r + 1), r, 2)
        title, line = self.lines(state)
        surface.blit(big.render(title, True, TEXT), (x + 2 * r + 8, y))
        y += 24
        if line:
            surface.blit(self._fit(small, line, self.rect.w - 20), (x, y))
        y += 22
        # The order of play, the seat to move picked out and its partner
        # underlined.
        cx = x
        for s in range(4):
            picked = s == seat and not over
            partner = s == (seat + 2) % 4 and not over
            img = small.render(SHORT[s], True, ACCENT if picked else TEXT if partner else TEXT_DIM)
            box = img.get_rect(topleft=(cx, y))
            if picked:
                pygame.draw.rect(surface, (60, 52, 38), box.inflate(8, 4), border_radius=4)
            if partner:
                pygame.draw.line(surface, TEXT_DIM, box.bottomleft, box.bottomright)
            surface.blit(img, box)
            cx = box.right + 4
            if s < 3:
                arrow = small.render(">", True, TEXT_DIM)
                surface.blit(arrow, (cx, y))
                cx += arrow.get_width() + 4

    @staticmethod
    def colour(state: Any) -> int | None:
        """The side whose disc the card shows: the mover's, the winners' at
        the end, none after a draw."""
        result = state.result()
        if result is None:
            return state.game.side_of(state.seat)
        best = max(result.points)
        if min(result.points) == best:
            return None
        return state.game.side_of(result.points.index(best))

    @staticmethod
    def lines(state: Any) -> tuple[str, str]:
        """The card's words: who moves, then the team and the half; at the
        end, who won."""
        result = state.result()
        if result is not None:
            side = TurnCard.colour(state)
            if side is None:
                return "Draw", "Both teams share the game"
            name = state.game.sides[side]
            return f"Team {name} wins", f"{name} king side and {name} queen side"
        seat = state.seat
        side = state.game.sides[state.game.side_of(seat)]
        return f"{SEATS[seat]} to move", f"Team {side} · {half_name(seat)}"

    @staticmethod
    def _fit(font: Any, text: str, width: int) -> pygame.Surface:
        img = font.render(text, True, TEXT_DIM)
        while img.get_width() > width and len(text) > 4:
            text = text[:-4] + "..."
            img = font.render(text, True, TEXT_DIM)
        return img


class CrowdedAdapter(MoveAdapter):
    hint_markers = frozenset({HALF, HALF_LAST, MOVABLE})
    sounds = (("pass", "move"),)

    def __init__(self) -> None:
        self._half_rects: list[pygame.Rect] = []
        self._glows: dict[int, pygame.Surface] = {}

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Pass):
            return None
        return super().path_of(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        return [
            Choice(a, None, "Pass (nothing to move on or off your half)")
            for a in state.legal_actions(seat)
            if isinstance(a, Pass)
        ]

    def make_widgets(self) -> list[Any]:
        return [TurnCard()]

    def markers(self, state: State) -> dict[int, list[str]]:
        """Every square of the mover's half (the last one drawing the
        outline round them all) and the pieces the mover may move."""
        if not hasattr(state, "seat") or state.is_over():
            return {}
        seat = state.seat
        half = half_of(seat)
        squares = [sq for sq in range(64) if half >> sq & 1]
        out: dict[int, list[str]] = {sq: [HALF] for sq in squares}
        out[squares[-1]] = [HALF_LAST]
        for action in state.legal_actions(seat):
            frm = getattr(action, "frm", -1)
            if frm >= 0 and MOVABLE not in out.setdefault(frm, []):
                out[frm].append(MOVABLE)
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name == HALF:
            self._half_rects.append(rect.copy())
            return True
        if name == HALF_LAST:
            rects, self._half_rects = self._half_rects + [rect.copy()], []
            area = rects[0].unionall(rects[1:])
            width = max(3, rect.width // 14)
            pygame.draw.rect(surface, SHADE, area.inflate(-1, -1), width + 2)
            pygame.draw.rect(surface, OUTLINE, area.inflate(-3, -3), width)
            return True
        if name == MOVABLE:
            surface.blit(self._glow(rect.width), rect.topleft)
            return True
        return False

    def _glow(self, size: int) -> pygame.Surface:
        """The ring under a movable piece, made once per square size: a soft
        green disc with a bright rim on a dark edge, clear on both colours."""
        glow = self._glows.get(size)
        if glow is None:
            glow = pygame.Surface((size, size), pygame.SRCALPHA)
            centre = (size // 2, size // 2)
            radius = int(size * 0.44)
            pygame.draw.circle(glow, (*GLOW, 70), centre, radius)
            pygame.draw.circle(glow, (*SHADE, 150), centre, radius, max(2, size // 22) + 2)
            pygame.draw.circle(glow, (*GLOW, 235), centre, radius, max(2, size // 22))
            self._glows = {size: glow}
        return glow


ADAPTER = CrowdedAdapter()
