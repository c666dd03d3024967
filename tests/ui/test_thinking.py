"""While a computer thinks, a spinner turns in the status box; it stops
when nobody thinks."""

from __future__ import annotations

import pygame
import pytest
from helpers.ui_driver import make_app, open_play, pump

from game.match import Match

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast


def spinner_pixels(app, scene) -> list:
    """The status box's bottom right corner, pixel by pixel."""
    box = scene.panel.status_rect
    corner = pygame.Rect(box.right - 34, box.bottom - 32, 30, 30)
    pump(app, 1)
    shot = app.window.subsurface(corner)
    return [tuple(shot.get_at((x, y)))[:3] for x in range(30) for y in range(30)]


def test_a_thinking_computer_turns_the_spinner():
    app = make_app()
    scene = open_play(app, Match("chess", seed=1, players=["computer:search:3", "human"]))
    assert scene.thinking
    first = spinner_pixels(app, scene)
    scene.panel.tick(0.3)  # a third of a turn later
    later = spinner_pixels(app, scene)
    assert len(set(first)) > 2  # dots on the box
    assert first != later  # and they move
    scene.close_runners()


def test_no_spinner_while_a_person_decides():
    app = make_app()
    scene = open_play(app, Match("chess", seed=1, players=["human", "computer:search:3"]))
    assert not scene.thinking
    assert len(set(spinner_pixels(app, scene))) <= 2  # the box's plain fill (and its border)
    scene.close_runners()
