"""Secrets on one screen: a cover over the board when the seat to act
passes between two human players of a game with hidden information.

``PrivacyGuard.check(match)`` is called whenever the seat to act may have
changed; while ``covering`` the scene draws ``draw`` over the board and
hands clicks to ``handle``. The board is shown as ``viewer`` sees it.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.ui.board_view import _font


class PrivacyGuard:
    def __init__(self) -> None:
        self.viewer: int | None = None  # the human whose view is on screen
        self.covering = False
        self.waiting_for: int | None = None  # the seat the cover is waiting for

    @staticmethod
    def applies(match: Any) -> bool:
        humans = [s for s in range(len(match.players)) if match.is_human(s)]
        return match.game.private_views and len(humans) >= 2

    def check(self, match: Any) -> bool:
        """Cover the board if the next human to act is not the one whose view
        is showing. Returns ``covering``."""
        if not self.applies(match):
            self.covering = False
            humans = [s for s in range(len(match.players)) if match.is_human(s)]
            self.viewer = humans[0] if len(humans) == 1 else None
            return False
        if match.is_over():
            self.covering = False
            self.viewer = None  # the game is over: show everything
            return False
        waiting = [s for s in match.waiting_for() if match.is_human(s)]
        if not waiting:
            return self.covering
        seat = waiting[0]
        if seat != self.viewer:
            self.covering = True
            self.waiting_for = seat
        return self.covering

    def reveal(self) -> None:
        if self.covering:
            self.viewer = self.waiting_for
            self.covering = False

    def handle(self, event: pygame.event.Event, rect: pygame.Rect) -> bool:
        """A click on the cover reveals the board; True if used."""
        if not self.covering:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and rect.collidepoint(event.pos):
            return True
        if event.type == pygame.MOUSEBUTTONUP and rect.collidepoint(event.pos):
            self.reveal()
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.reveal()
            return True
        return False

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, seat_name: str) -> None:
        surface.fill((28, 31, 38), rect)
        inner = rect.inflate(-rect.w // 8, -rect.h // 8)
        pygame.draw.rect(surface, (52, 57, 68), inner, border_radius=max(6, rect.w // 40))
        big = _font(max(16, rect.h // 14))
        small = _font(max(12, rect.h // 30))
        title = big.render(f"Pass to {seat_name}", True, (236, 236, 236))
        note = small.render("click when ready", True, (180, 186, 196))
        surface.blit(
            title, title.get_rect(center=(rect.centerx, rect.centery - title.get_height() // 2))
        )
        surface.blit(note, note.get_rect(center=(rect.centerx, rect.centery + note.get_height())))
