"""Half Alice Chess on screen: moves as in chess; a checker (light under
White's pieces, dark under Black's) under every piece through the looking
glass; and a Mirror panel whose buttons show both sides, or dim the pieces
of one side so a player sees the other side of the mirror alone."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import State
from game.ui import art
from game.ui.adapters import MoveAdapter
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import ACCENT, CARD_BG, CARD_BORDER, TEXT, TEXT_DIM

CHECKER = ((244, 236, 220), (40, 34, 30))  # White's and Black's checkers
CHECKER_EDGE = ((176, 40, 40), (176, 40, 40))  # a red rim shows on any square
BOTH, NEAR, FAR = "both", "near", "far"
VIEWS = ((BOTH, "Both sides"), (NEAR, "Near side"), (FAR, "Far side"))
VEIL = (24, 28, 34, 150)


class HalfAliceAdapter(MoveAdapter):
    def __init__(self) -> None:
        self.showing = BOTH  # which side of the mirror is shown undimmed

    def make_widgets(self) -> list[Any]:
        self.showing = BOTH  # a new play scene starts with both sides shown
        return [MirrorToggle(self)]

    def markers(self, state: State) -> dict[int, list[str]]:
        extras = getattr(state, "extras", {})
        out: dict[int, list[str]] = {}
        for sq, piece in state.pieces().items():
            out[sq] = [f"glass{piece.side}" if sq in extras else "near"]
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name == "near":
            return True  # nothing under a piece on the near side
        if not name.startswith("glass"):
            return False
        side = int(name[-1])
        w, h = int(rect.width * 0.9), max(8, rect.height // 4)
        disc = pygame.Rect(0, 0, w, h)
        disc.midbottom = (rect.centerx, rect.bottom - max(2, rect.height // 14))
        for lift in (h // 3, 0):  # a thick checker: its rim, then its face
            face = disc.move(0, -lift)
            pygame.draw.ellipse(surface, CHECKER[side], face)
            pygame.draw.ellipse(surface, CHECKER_EDGE[side], face, max(2, h // 7))
        return True

    def draw_marker_over(self, surface: Any, rect: Any, name: str) -> bool:
        if name != "near" and not name.startswith("glass"):
            return False
        hidden = (self.showing == NEAR and name != "near") or (
            self.showing == FAR and name == "near"
        )
        if hidden:
            veil = pygame.Surface(rect.size, pygame.SRCALPHA)
            veil.fill(VEIL)
            surface.blit(veil, rect.topleft)
        return True


class MirrorToggle(PanelWidget):
    """Three buttons: both sides, the near side alone, the far side alone."""

    height = 62

    def __init__(self, adapter: HalfAliceAdapter) -> None:
        super().__init__()
        self.adapter = adapter
        self._buttons: dict[str, pygame.Rect] = {}

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(14)
        state = self.seen.state if self.seen is not None else None
        title = "Mirror"
        if state is not None and hasattr(state, "extras"):
            far = len(state.extras)
            title = f"Mirror: {far} piece{'s' if far != 1 else ''} on checkers"
        surface.blit(font.render(title, True, TEXT), (rect.x + 8, rect.y + 4))
        gap, top = 6, rect.y + 26
        width = (rect.width - 16 - 2 * gap) // 3
        self._buttons = {}
        for i, (key, label) in enumerate(VIEWS):
            r = pygame.Rect(rect.x + 8 + i * (width + gap), top, width, rect.bottom - top - 6)
            on = self.adapter.showing == key
            pygame.draw.rect(surface, ACCENT if on else CARD_BORDER, r, border_radius=5)
            text = font.render(label, True, (25, 25, 25) if on else TEXT_DIM)
            surface.blit(text, text.get_rect(center=r.center))
            self._buttons[key] = r

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEBUTTONUP or getattr(event, "button", 1) != 1:
            return False
        for key, r in self._buttons.items():
            if r.collidepoint(event.pos):
                self.adapter.showing = key
                return True
        return False


ADAPTER = HalfAliceAdapter()
