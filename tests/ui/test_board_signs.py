"""Signs on the board that must not be mistaken for one another: Tar Pit's
checkers are drawn as discs lying under the pieces (not as a ring round the
piece, the sign of a square one can click), and stand out on either square
colour of every board theme."""

from __future__ import annotations

import pygame
import pytest

from game.games.tar_pit.display import draw_checker
from game.ui.board_view import THEMES

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

SIZE = 96


def _luma(c) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def _drawn(square_colour, colour: int) -> list[tuple[int, int, tuple]]:
    surface = pygame.Surface((SIZE, SIZE))
    surface.fill(square_colour)
    draw_checker(surface, surface.get_rect(), colour)
    out = []
    for y in range(SIZE):
        for x in range(SIZE):
            c = tuple(surface.get_at((x, y)))[:3]
            if c != tuple(square_colour):
                out.append((x, y, c))
    return out


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("colour", [0, 1])
def test_a_checker_lies_low_under_the_piece_and_shows_on_every_square(theme, colour):
    for square in THEMES[theme][:2]:
        drawn = _drawn(square, colour)
        assert drawn
        # Nothing in the square's upper half: a ring round the piece would be.
        assert min(y for _x, y, _c in drawn) > SIZE // 2
        # Some part of it stands out from the square (its edge, or its top).
        assert max(abs(_luma(c) - _luma(square)) for _x, _y, c in drawn) >= 80
