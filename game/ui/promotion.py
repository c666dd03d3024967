"""The chooser that opens when one drop stands for several actions.

For a promotion it shows the piece art of each choice in a column starting
at the target square and running toward the middle of the board, the way
online boards do; choices without a piece show their label. A click on a
choice picks it; a click elsewhere or Esc cancels.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pygame

from game.ui.adapters import Choice
from game.ui.board_view import BoardView, _font


class ChoiceOverlay:
    def __init__(
        self,
        board: BoardView,
        square: int,
        choices: Sequence[Choice],
        on_pick: Callable[[Any], None],
        on_cancel: Callable[[], None],
    ) -> None:
        self.board = board
        self.square = square
        self.choices = list(choices)
        self.on_pick = on_pick
        self.on_cancel = on_cancel
        self.hover: int | None = None

    def rects(self) -> list[pygame.Rect]:
        b = self.board
        base = b.square_rect(self.square)
        down = base.centery < b.rect.centery  # top half: run downward
        step = b.square if down else -b.square
        out = []
        for i in range(len(self.choices)):
            r = base.move(0, step * i)
            if not b.rect.contains(r):  # more choices than rows: wrap sideways
                col = i // b.height
                row = i % b.height
                r = base.move(
                    b.square * col * (1 if base.centerx < b.rect.centerx else -1), step * row
                )
            out.append(r)
        return out

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self._index_at(event.pos)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            i = self._index_at(event.pos)
            if i is None:
                self.on_cancel()
            else:
                self.on_pick(self.choices[i].action)
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.on_cancel()
            return True
        return False

    def _index_at(self, pos: tuple[int, int]) -> int | None:
        for i, r in enumerate(self.rects()):
            if r.collidepoint(pos):
                return i
        return None

    def draw(self, surface: pygame.Surface) -> None:
        b = self.board
        shade = pygame.Surface(b.rect.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, b.rect)
        for i, (r, choice) in enumerate(zip(self.rects(), self.choices, strict=True)):
            hot = i == self.hover
            bg = (250, 250, 250) if hot else (222, 222, 222)
            pygame.draw.rect(surface, (40, 40, 40), r)
            pygame.draw.circle(surface, bg, r.center, int(r.w * (0.5 if hot else 0.46)))
            if choice.piece is not None:
                img = b.art.get(choice.piece)
                if not hot:
                    img = pygame.transform.smoothscale(img, (int(r.w * 0.86), int(r.h * 0.86)))
                surface.blit(img, img.get_rect(center=r.center))
            else:
                text = _font(max(10, r.h // 5)).render(choice.label, True, (20, 20, 20))
                surface.blit(text, text.get_rect(center=r.center))
