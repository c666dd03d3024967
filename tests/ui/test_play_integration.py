"""The play scene with the games that bring their own adapters and widgets
(Maces, Tulpas, Tulaga, Mulligan Stew): panel room for widgets, the
adapter's art and markers, event animations, prefix paths, hand-tray drags
and secret choices. Real scenes under SDL's dummy drivers, driven by posted
events through the App loop.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.engine.pieces import Piece  # noqa: E402
from game.games import load_all  # noqa: E402
from game.match import Match  # noqa: E402
from game.ui.adapters import ADAPTERS, MoveAdapter  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402

load_all()

FRAME = 1 / 60


@pytest.fixture
def app():
    a = App(size=(1280, 800))
    a.running = True
    yield a
    for scene in list(a.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    a.close()


def frames(app: App, n: int = 1) -> None:
    for _ in range(n):
        app.step(FRAME)


def open_play(app: App, match: Match) -> PlayScene:
    scene = PlayScene(app, match)
    app.push(scene)
    frames(app, 2)
    return scene


def settle(app: App, scene: PlayScene, limit: int = 600) -> None:
    frames(app, 1)
    for _ in range(limit):
        if not scene.board.animating:
            return
        frames(app, 1)
    raise AssertionError("the board never stopped animating")


def click(app: App, pos) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 2)


def drag(app: App, a, b, steps: int = 6) -> None:
    a = (int(a[0]), int(a[1]))
    b = (int(b[0]), int(b[1]))
    pygame.mouse.set_pos(a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    frames(app, 1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        pygame.mouse.set_pos(p)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        )
        frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    frames(app, 1)


def press_button(app: App, button) -> None:
    pos = button.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    frames(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    frames(app, 3)


def at(scene: PlayScene, name: str) -> tuple[int, int]:
    return scene.board.square_center(scene.match.state.geometry.square(name))


def sq(scene: PlayScene, name: str) -> int:
    return scene.match.state.geometry.square(name)


def panel_rects(scene: PlayScene) -> list[pygame.Rect]:
    """Everything else in the side panel that a widget must not cover."""
    rects = [scene._moves.rect, scene.status_rect]
    rects += [b.rect for b in scene.buttons.values()]
    rects += [b.rect for b in scene._choice_buttons]
    rects += list(scene.hand_rects.values())
    if scene.show_captured:
        rects.append(scene.captured_rect)
    return rects


# -- 1. room for the per-game widgets ---------------------------------------------------
@pytest.mark.parametrize("game_id", ["tulpas", "tulaga", "mulligan_stew"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_widgets_get_their_own_strip_in_the_panel(app, game_id, size):
    scene = open_play(app, Match(game_id, seed=3))
    scene.resize(size)
    assert scene.widgets, game_id
    strip = scene.widget_rect
    assert strip is not None
    total = sum(scene._widget_height(w) for w in scene.widgets)
    assert strip.h >= total > 0
    assert scene.panel_rect.contains(strip)
    for rect in panel_rects(scene):
        assert not strip.colliderect(rect), (rect, strip)
    for widget in scene.widgets:
        assert widget.rect() is not None and strip.contains(widget.rect())
    # The widget draws inside its strip: pixels outside it stay untouched.
    surface = pygame.Surface(app.size)
    surface.fill((1, 2, 3))
    for widget in scene.widgets:
        widget.draw(surface)
    marked = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
    marked.invert()
    assert marked.get_bounding_rects(), "the widget drew nothing"
    for r in marked.get_bounding_rects():
        assert strip.contains(r), (r, strip)


def test_no_widget_no_strip_and_the_move_list_keeps_the_room(app):
    scene = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    assert scene.widget_rect is None and scene.widget_rects == []
    tulpas = open_play(app, Match("tulpas", seed=1))
    assert tulpas._moves.rect.h < scene._moves.rect.h


# -- 2. show_captured --------------------------------------------------------------------
def test_an_adapter_can_hide_the_captured_row(app):
    tulaga = open_play(app, Match("tulaga", seed=1))
    assert not tulaga.show_captured
    assert tulaga._captured == [] and tulaga.captured_rect.h == 0
    chess = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    assert chess.show_captured and len(chess._captured) == 2


def test_a_hidden_captured_row_draws_nothing(app, monkeypatch):
    class NoCaptures(MoveAdapter):
        show_captured = False

    match = Match("chess960", {"start": "number", "number": 0}, 7)
    match.play({0: match.state.parse_action("e4")})
    match.play({1: match.state.parse_action("d5")})
    match.play({0: match.state.parse_action("exd5")})
    monkeypatch.setitem(ADAPTERS, "chess960", NoCaptures())
    scene = open_play(app, match)
    assert scene._captured == []
    monkeypatch.delitem(ADAPTERS, "chess960")
    shown = open_play(app, Match.from_dict(match.to_dict()))
    assert any(taken for _, taken, _ in shown._captured)


# -- 3. the adapter's own art and markers ------------------------------------------------
class Painting(MoveAdapter):
    """Paints "glow" markers itself and draws every pawn as a red square."""

    def __init__(self):
        self.painted: list[str] = []

    def markers(self, state):
        return {state.geometry.square("e4"): ["glow", "xmark"]}

    def draw_marker(self, surface, rect, name):
        if name != "glow":
            return False
        self.painted.append(name)
        pygame.draw.rect(surface, (0, 255, 0), rect.inflate(-4, -4))
        return True

    def piece_image(self, piece, size):
        if piece.kind != "pawn":
            return None
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        surf.fill((255, 0, 0, 255))
        return surf


def test_the_adapter_paints_its_markers_and_pieces(app, monkeypatch):
    adapter = Painting()
    monkeypatch.setitem(ADAPTERS, "chess960", adapter)
    scene = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    board = scene.board
    surface = pygame.Surface(app.size)
    adapter.painted.clear()
    board.draw(surface)
    assert adapter.painted == ["glow"]
    rect = board.square_rect(sq(scene, "e4"))
    assert surface.get_at(rect.center)[:3] == (0, 255, 0)
    # "glow" got no badge; the unknown "xmark" did (one badge, bottom right).
    assert (sq(scene, "e4"), "glow") in board._painted
    assert (sq(scene, "e4"), "xmark") not in board._painted
    r = max(7, board.square // 7)

    def badge_pixels(i: int) -> int:
        cx, cy = rect.right - r - 2 - i * (2 * r + 2), rect.bottom - r - 2
        return sum(
            surface.get_at((x, y))[:3] == (30, 33, 38)
            for x in range(cx - r, cx + r)
            for y in range(cy - r, cy + r)
        )

    assert badge_pixels(0) == 0  # the painted "glow": no "G" badge
    assert badge_pixels(1) > 0  # the unknown "xmark": an "X" badge
    # Pawns come from the adapter, the rest from the SVGs.
    e2 = board.square_rect(sq(scene, "e2"))
    assert surface.get_at((e2.x + 2, e2.y + 2))[:3] == (255, 0, 0)
    assert board.art.get(Piece(0, "king")).get_at((1, 1)).a == 0
