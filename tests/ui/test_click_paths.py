"""Clicks and drags become decisions (game/ui/play/input.py): click-click,
drag and drop, illegal drops, paths of three places, one-click decisions,
places in widgets, and the prefix rule."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine.pieces import Piece  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402
from game.ui.play.input import ClickPaths  # noqa: E402

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

P, BP = Piece(0, "pawn"), Piece(1, "pawn")


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    screen = pygame.display.set_mode((800, 600))
    yield screen
    pygame.display.quit()


class Sounds:
    def __init__(self):
        self.played = []

    def play(self, name):
        self.played.append(name)


def paths_over(pieces, table, sources=()):
    """A board showing ``pieces`` and click paths whose actions are the
    paths themselves; ``decided`` records (*path, dragged)."""
    board = BoardView(8, 8, {"animation_speed": 1.0})
    board.set_rect(pygame.Rect(0, 0, 600, 600))
    board.set_position(pieces)
    decided = []

    def decide(actions, path, instant):
        decided.append((*actions[0], instant is not None))
        return True

    paths = ClickPaths(board, decide, Sounds())
    paths.sources = list(sources)
    paths.offer({tuple(p): [tuple(p)] for p in table})
    return board, paths, decided


def ev(kind, pos, **kw):
    return pygame.event.Event(kind, pos=pos, button=1, **kw)


def click(paths, pos):
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, pos))
    paths.handle(ev(pygame.MOUSEBUTTONUP, pos))


def drag(paths, a, b):
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, a))
    paths.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=b, rel=(0, 0), buttons=(1, 0, 0)))
    paths.handle(ev(pygame.MOUSEBUTTONUP, b))


def test_click_click_and_drag():
    board, paths, decided = paths_over({12: P, 11: P}, [(12, 20), (12, 28), (11, 19)])
    c = board.square_center
    click(paths, c(12))
    assert board.selected == 12 and board.target_squares == {20, 28}
    click(paths, c(11))  # another own piece: reselect
    assert board.selected == 11
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, c(19)))
    assert decided == [(11, 19, False)] and board.selected is None
    # A drag: the piece leaves its square while it is carried.
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, c(12)))
    paths.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=c(20), rel=(0, 0), buttons=(1, 0, 0)))
    assert paths.dragging and 12 in board.hidden_squares()
    paths.handle(ev(pygame.MOUSEBUTTONUP, c(28)))
    assert decided[-1] == (12, 28, True) and board.lifted is None


def test_an_illegal_drop_flies_home_and_sounds():
    board, paths, decided = paths_over({12: P}, [(12, 20)])
    drag(paths, board.square_center(12), board.square_center(44))
    assert decided == [] and board.flights and paths.sounds.played == ["illegal"]
    for _ in range(20):
        board.update(0.05)
    assert not board.flights and board.shown == {12: P}


def test_nothing_is_picked_while_disabled():
    board, paths, _ = paths_over({12: P}, [(12, 20)])
    paths.enabled = False
    click(paths, board.square_center(12))
    assert board.selected is None


def test_three_click_paths_and_one_click_decisions():
    board, paths, decided = paths_over({10: P, 20: BP}, [(10, 20, 30), (10, 20, 31), (44,)])
    c = board.square_center
    click(paths, c(10))
    click(paths, c(20))
    assert board.path == [10, 20] and board.target_squares == {30, 31}
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, c(31)))
    assert decided == [(10, 20, 31, False)] and board.path == []
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, c(44)))  # a one-click decision on an empty square
    assert decided[-1] == (44, False)


class Tray:
    """A widget with one place (-1) in a rectangle beside the board."""

    rect = pygame.Rect(650, 100, 48, 48)

    def place_at(self, pos):
        return -1 if self.rect.collidepoint(pos) else None

    def place_image(self, place, size):
        return pygame.Surface((size, size)) if place == -1 else None


def test_places_in_widgets_take_part_in_paths_by_click_and_by_drag():
    board, paths, decided = paths_over({}, [(-1, 27), (-1, 28)], sources=[Tray()])
    click(paths, Tray.rect.center)
    assert board.path == [-1] and board.target_squares == {27, 28}
    paths.handle(ev(pygame.MOUSEBUTTONDOWN, board.square_center(28)))
    assert decided == [(-1, 28, False)]
    drag(paths, Tray.rect.center, board.square_center(27))
    assert decided[-1] == (-1, 27, True)
    # Dropped back where it came from: still picked, for click-click.
    drag(paths, Tray.rect.center, (Tray.rect.centerx + 10, Tray.rect.centery))
    assert board.path == [-1]


def test_the_prefix_rule_waits_for_a_click_but_plays_a_drag():
    # (10, 20) is complete, and (10, 20, 30) goes on from it.
    board, paths, decided = paths_over({10: P, 20: BP}, [(10, 20), (10, 20, 30)])
    c = board.square_center
    click(paths, c(10))
    click(paths, c(20))
    assert decided == [] and paths.prefix_waiting
    assert board.target_squares == {20, 30}  # confirm it, or go on
    click(paths, c(20))
    assert decided == [(10, 20, False)]
    drag(paths, c(10), c(20))
    assert decided[-1] == (10, 20, True)
