"""The board view on its own: pixel/square mapping, the cached squares,
animations built from engine events, markers. (Clicks and drags:
test_click_paths.py.)"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Event  # noqa: E402
from game.engine.pieces import Piece  # noqa: E402
from game.ui.animation import steps_from_events  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast


@pytest.fixture(autouse=True)
def display():
    pygame.init()
    screen = pygame.display.set_mode((800, 600))
    yield screen
    pygame.display.quit()


def view(w=8, h=8, **settings) -> BoardView:
    b = BoardView(w, h, {"animation_speed": 1.0, **settings})
    b.set_rect(pygame.Rect(0, 0, 600, 600))
    return b


@pytest.mark.parametrize("size", [(8, 8), (10, 10), (6, 7)])
@pytest.mark.parametrize("flipped", [False, True])
def test_pixels_and_squares_round_trip(size, flipped):
    w, h = size
    b = view(w, h)
    b.flipped = flipped
    assert b.rect.w == w * b.square and b.rect.h == h * b.square
    for sq in range(w * h):
        r = b.square_rect(sq)
        assert b.square_at(r.center) == sq
        assert b.square_at(r.topleft) == sq
        assert b.square_at((r.right - 1, r.bottom - 1)) == sq
    top_left = b.square_at((b.rect.x, b.rect.y))
    a1, corner = 0, w * h - 1  # a1 and the top-right square of the far rank
    if flipped:
        assert top_left == w - 1  # the last file of rank 1
        assert b.square_at((b.rect.right - 1, b.rect.bottom - 1)) == corner - (w - 1)
    else:
        assert top_left == (h - 1) * w
        assert b.square_at((b.rect.x, b.rect.bottom - 1)) == a1
    assert b.square_at((b.rect.x - 1, b.rect.y)) is None
    assert b.square_at((b.rect.right, b.rect.y)) is None


def test_the_board_fits_its_area_and_stays_square():
    b = BoardView(10, 10, {})
    b.set_rect(pygame.Rect(20, 10, 900, 500))
    assert pygame.Rect(20, 10, 900, 500).contains(b.outer)
    assert b.square * 10 == b.rect.w == b.rect.h
    b.set_rect(pygame.Rect(0, 0, 400, 900))
    assert b.outer.w <= 400


def test_squares_are_drawn_once_not_every_frame(display):
    b = view()
    b.set_position({12: Piece(0, "pawn")})
    for _ in range(30):
        b.draw(display)
    assert b.board_renders == 1
    b.settings["board_theme"] = "green"
    b.draw(display)
    b.draw(display)
    assert b.board_renders == 2
    b.set_rect(pygame.Rect(0, 0, 400, 400))
    b.draw(display)
    assert b.board_renders == 3
    b.flipped = True
    b.draw(display)
    assert b.board_renders == 4


def test_every_theme_draws_light_and_dark_squares(display):
    for theme in ("wood", "green", "blue", "grey", "no such theme"):
        b = view(board_theme=theme)
        b.draw(display)
        a1 = display.get_at(b.square_rect(0).center)
        b1 = display.get_at(b.square_rect(1).center)
        assert sum(a1[:3]) < sum(b1[:3])  # a1 is dark


# -- animations -----------------------------------------------------------------------
K, R, P, Q = Piece(0, "king"), Piece(0, "rook"), Piece(0, "pawn"), Piece(0, "queen")
BP = Piece(1, "pawn")


def test_a_castle_is_one_step_even_with_its_move_events():
    events = [
        Event("castle", 0, {"king_from": 4, "king_to": 6, "rook_from": 7, "rook_to": 5}),
        Event("move", 0, {"piece": K, "frm": 4, "to": 6}),
        Event("move", 0, {"piece": R, "frm": 7, "to": 5}),
    ]
    steps = steps_from_events(events)
    assert len(steps) == 1
    slides = {(t.frm, t.to) for t in steps[0].tracks if t.kind == "slide"}
    assert slides == {(4, 6), (7, 5)}


def test_capture_and_move_run_together_then_the_promotion_swaps():
    events = [
        Event("capture", 0, {"square": 57, "piece": Piece(1, "knight")}),
        Event("move", 0, {"piece": P, "frm": 48, "to": 57}),
        Event("promote", 0, {"square": 57, "piece": Q}),
    ]
    steps = steps_from_events(events)
    assert [sorted(t.kind for t in s.tracks) for s in steps] == [["fade", "slide"], ["swap"]]


def test_the_board_shows_the_pre_move_position_while_animating(display):
    b = view()
    b.set_position({12: P, 52: BP})
    events = [Event("move", 0, {"piece": P, "frm": 12, "to": 28})]
    b.animate(events, {28: P, 52: BP})
    assert b.animating
    assert b.shown.get(12) == P and 28 not in b.shown  # not moved yet
    assert 12 in b.hidden_squares()  # drawn in flight instead
    b.update(0.05)
    b.draw(display)
    assert b.animating
    for _ in range(30):
        b.update(0.05)
    assert not b.animating
    assert b.shown == {28: P, 52: BP}


def test_events_queue_up_and_play_in_order():
    b = view()
    b.set_position({12: P, 52: BP})
    b.animate([Event("move", 0, {"piece": P, "frm": 12, "to": 28})], {28: P, 52: BP})
    b.animate([Event("move", 1, {"piece": BP, "frm": 52, "to": 36})], {28: P, 36: BP})
    assert len(b.animator.queue) == 2
    b.update(0.3)  # the first step ends; the second starts from its result
    assert b.shown.get(28) == P and b.shown.get(52) == BP
    b.update(0.3)
    assert b.shown == {28: P, 36: BP}


def test_animation_speed_zero_is_instant():
    b = view(animation_speed=0)
    b.set_position({12: P})
    b.animate([Event("move", 0, {"piece": P, "frm": 12, "to": 28})], {28: P})
    assert not b.animating and b.shown == {28: P}


def test_a_dragged_piece_does_not_slide_again():
    b = view()
    b.set_position({12: P})
    b.animate([Event("move", 0, {"piece": P, "frm": 12, "to": 28})], {28: P}, instant_from=12)
    step = b.animator.current
    assert step is not None and step.tracks[0].instant


def test_places_offered_while_a_piece_still_slides_are_marked_by_the_true_position():
    """A decision offered as a move starts (the Maces' swing right after a
    Mace stepped next to its victims) rings the squares that hold a piece
    once the move is made, the sliding piece's new square too, and no
    square the piece has left (issue 27: a dot hidden under the Mace)."""
    b = view()
    b.set_position({12: P, 52: BP})
    b.animate([Event("move", 0, {"piece": P, "frm": 12, "to": 28})], {28: P, 52: BP})
    assert b.animating and 28 not in b.shown
    b.show_selection([], {12, 28, 52, 20})
    assert b.capture_squares == {28, 52}


def test_markers_draw_without_error(display):
    b = view()
    b.set_position({12: P})
    b.markers = {12: ["glow", "stack:3"], 30: ["odd"]}
    painted = []
    b.marker_drawer = lambda surface, rect, name: name == "glow" and not painted.append(name)
    b.draw(display)
    assert painted == ["glow"]  # the game paints its own; the board badges the rest


def test_points_style_puts_places_on_the_corners(display):
    b = BoardView(9, 9, {})
    b.style = "points"
    b.set_rect(pygame.Rect(0, 0, 600, 600))
    b.draw(display)
    # Point a1 and point b1 are one square apart, centred on grid corners.
    (x0, y0), (x1, y1) = b.square_center(0), b.square_center(1)
    assert (x1 - x0, y1 - y0) == (b.square, 0)
    for sq in range(81):
        assert b.square_at(b.square_center(sq)) == sq
