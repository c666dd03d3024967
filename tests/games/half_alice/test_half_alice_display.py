"""Half Alice on screen: a checker under every piece through the glass, and
the Mirror buttons dimming one side of the mirror."""

from __future__ import annotations

import pygame

from game.engine.chess import GEO
from game.games import load_all
from game.games.half_alice.display import BOTH, FAR, NEAR, HalfAliceAdapter, MirrorToggle

GAME = load_all()["half_alice"]


def test_markers_put_a_checker_of_the_owner_under_far_side_pieces():
    state = GAME.new()
    for move in ("e4", "d5"):
        state.apply({state.turn: state.parse_action(move)})
    marks = HalfAliceAdapter().markers(state)
    assert marks[GEO.square("e4")] == ["glass0"]
    assert marks[GEO.square("d5")] == ["glass1"]
    assert marks[GEO.square("e1")] == ["near"]


def test_the_mirror_buttons_dim_the_other_side():
    adapter = HalfAliceAdapter()
    surface = pygame.Surface((40, 40))
    rect = pygame.Rect(0, 0, 40, 40)

    def after(name):
        surface.fill((200, 200, 200))
        assert adapter.draw_marker_over(surface, rect, name)
        return surface.get_at((20, 20))[:3]

    assert after("near") == after("glass0") == (200, 200, 200)  # both shown
    adapter.showing = NEAR
    assert after("near") == (200, 200, 200) and after("glass0") != (200, 200, 200)
    adapter.showing = FAR
    assert after("near") != (200, 200, 200) and after("glass1") == (200, 200, 200)

    pygame.init()
    widget = MirrorToggle(adapter)
    widget.rect = pygame.Rect(0, 0, 300, widget.height)
    widget.draw(pygame.Surface((300, 100)))
    click = pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=widget._buttons[BOTH].center)
    assert widget.handle(click) and adapter.showing == BOTH
