"""The board view on its own: pixel/square mapping, the cached squares,
animations built from engine events, and the click/drag state machine."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.engine import Event  # noqa: E402
from game.engine.pieces import Piece  # noqa: E402
from game.ui.animation import steps_from_events  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402


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


# -- input ----------------------------------------------------------------------------
class Ctl:
    """A controller over a table of click paths."""

    def __init__(self, moves):
        # {frm: {to, ...}} for two-click moves, or a set of whole paths.
        if isinstance(moves, dict):
            moves = {(f, t) for f, ts in moves.items() for t in ts}
        self.paths = set(moves)
        self.played = []

    def can_pick(self, sq):
        return any(p[0] == sq for p in self.paths)

    def extensions(self, path):
        n = len(path)
        return {p[n] for p in self.paths if len(p) > n and p[:n] == path}

    def on_path(self, path, dragged):
        if path in self.paths:
            self.played.append((*path, dragged))
            return "done"
        return "more" if self.extensions(path) else "no"


def ev(kind, pos, **kw):
    return pygame.event.Event(kind, pos=pos, button=1, **kw)


def test_click_click_and_drag():
    b = view()
    b.set_position({12: P, 11: P})
    b.controller = ctl = Ctl({12: {20, 28}, 11: {19}})
    c = b.square_center
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(12)))
    b.handle(ev(pygame.MOUSEBUTTONUP, c(12)))
    assert b.selected == 12 and b.target_squares == {20, 28}
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(11)))  # another own piece: reselect
    b.handle(ev(pygame.MOUSEBUTTONUP, c(11)))
    assert b.selected == 11
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(19)))
    assert ctl.played == [(11, 19, False)] and b.selected is None
    # Drag.
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(12)))
    b.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=c(20), rel=(0, 0), buttons=(1, 0, 0)))
    assert b.dragging and 12 in b.hidden_squares()
    b.handle(ev(pygame.MOUSEBUTTONUP, c(28)))
    assert ctl.played[-1] == (12, 28, True)


def test_illegal_drop_flies_home_and_sounds():
    class S:
        played = []

        def play(self, name):
            self.played.append(name)

    b = view()
    b.sounds = S()
    b.set_position({12: P})
    b.controller = ctl = Ctl({12: {20}})
    b.handle(ev(pygame.MOUSEBUTTONDOWN, b.square_center(12)))
    b.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(300, 100), rel=(0, 0), buttons=(1, 0, 0)))
    b.handle(ev(pygame.MOUSEBUTTONUP, b.square_center(44)))
    assert ctl.played == [] and b.flights and b.sounds.played == ["illegal"]
    for _ in range(20):
        b.update(0.05)
    assert not b.flights and b.shown == {12: P}


def test_nothing_is_picked_while_disabled():
    b = view()
    b.set_position({12: P})
    b.controller = Ctl({12: {20}})
    b.enabled = False
    b.handle(ev(pygame.MOUSEBUTTONDOWN, b.square_center(12)))
    assert b.selected is None


def test_three_click_paths_and_one_click_decisions():
    b = view()
    b.set_position({10: P, 20: BP})
    b.controller = ctl = Ctl({(10, 20, 30), (10, 20, 31), (44,)})
    c = b.square_center
    for sq in (10, 20):
        b.handle(ev(pygame.MOUSEBUTTONDOWN, c(sq)))
        b.handle(ev(pygame.MOUSEBUTTONUP, c(sq)))
    assert b.path == [10, 20] and b.target_squares == {30, 31}
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(31)))
    assert ctl.played == [(10, 20, 31, False)] and b.path == []
    b.handle(ev(pygame.MOUSEBUTTONDOWN, c(44)))  # a one-click decision on an empty square
    assert ctl.played[-1] == (44, False)


def test_hand_slots_take_part_in_paths():
    b = view()
    b.set_position({})
    b.controller = ctl = Ctl({(-1, 27), (-1, 28)})
    b.press_square(-1)  # the scene's tray hands over the click
    assert b.path == [-1] and b.target_squares == {27, 28}
    b.handle(ev(pygame.MOUSEBUTTONDOWN, b.square_center(28)))
    assert ctl.played == [(-1, 28, False)]


def test_markers_draw_without_error(display):
    b = view()
    b.set_position({12: P})
    b.markers = {12: ["frozen", "stack:3"], 20: ["selected-victim"], 30: ["rank-stone", "odd"]}
    b.draw(display)


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
