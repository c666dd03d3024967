"""Adrenaline Chess on screen: moves as from/to clicks, then the extra king
steps as one click each on a square marked before the click;
"Stop" as a panel button; giving a checker is one click on an opponent's
piece. Every stack of checkers is drawn under its piece with its count, and
the supply's count is in the side panel."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.games.adrenaline.actions import Give, Stop
from game.games.adrenaline.rules import STEP
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM

CHECKER = (196, 44, 44)
CHECKER_EDGE = (90, 14, 14)
COUNT = (250, 244, 230)


class AdrenalineAdapter(MoveAdapter):
    sounds = (("give", "shimmer"),)

    def make_widgets(self) -> list[Any]:
        return [Supply()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Give):
            return (action.square,)
        if isinstance(action, Stop):
            return None
        if getattr(state, "phase", None) == STEP:
            return (action.to,)  # the stepping piece is known: one click, marked
        return super().path_of(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        return [
            Choice(a, None, "Stop (end the turn)")
            for a in state.legal_actions(seat)
            if isinstance(a, Stop)
        ]

    def markers(self, state: State) -> dict[int, list[str]]:
        return {sq: [f"stack:{n}"] for sq, n in getattr(state, "extras", {}).items()}

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        kind, _, count = name.partition(":")
        if kind != "stack" or not count.isdigit():
            return False
        n = int(count)
        w, h = int(rect.width * 0.8), max(6, rect.height // 7)
        disc = pygame.Rect(0, 0, w, h)
        base = rect.bottom - max(2, rect.height // 16)
        lift = max(2, h // 3)
        for i in range(min(n, 5)):  # a visible stack, up to five high
            disc.midbottom = (rect.centerx, base - i * lift)
            pygame.draw.ellipse(surface, CHECKER, disc)
            pygame.draw.ellipse(surface, CHECKER_EDGE, disc, max(1, h // 6))
        r = max(7, rect.width // 8)
        centre = (rect.right - r - 2, rect.top + r + 2)
        pygame.draw.circle(surface, CHECKER, centre, r)
        pygame.draw.circle(surface, CHECKER_EDGE, centre, r, max(1, r // 5))
        text = art.ui_font(int(r * 1.3)).render(str(n), True, COUNT)
        surface.blit(text, text.get_rect(center=centre))
        return True


class Supply(PanelWidget):
    """The checkers left in the supply, and what the turn waits for."""

    height = 34

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        state = self.shown("supply")
        if state is None:
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(14)
        r = (rect.height - 12) // 2
        centre = (rect.x + 8 + r, rect.centery)
        pygame.draw.circle(surface, CHECKER, centre, r)
        pygame.draw.circle(surface, CHECKER_EDGE, centre, r, 2)
        on_board = sum(state.extras.values())
        left = centre[0] + r + 8
        note = font.render(f"{on_board} under pieces", True, TEXT_DIM)
        # "Supply: 24 checkers" ran into the note at 800 x 560: the short
        # form where the long one leaves no word's space before it.
        room = rect.right - 8 - note.get_width() - 12 - left
        words = f"Supply: {state.supply} checkers"
        if font.size(words)[0] > room:
            words = f"Supply: {state.supply}"
        label = font.render(words, True, TEXT)
        surface.blit(label, (left, rect.centery - label.get_height() // 2))
        surface.blit(
            note, (rect.right - note.get_width() - 8, rect.centery - note.get_height() // 2)
        )


ADAPTER = AdrenalineAdapter()
