"""A large rounded panel is drawn once per size and colours, and its kept
background is the very picture pygame_gui draws."""

from __future__ import annotations

import pygame
import pytest
from pygame_gui.core.drawable_shapes import RoundedRectangleShape
from pygame_gui.elements import UIPanel

from game.ui import kept_panel
from game.ui.kept_panel import Panel

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

BIG = pygame.Rect(10, 10, 360, 620)  # over pygame_gui's own 40,000-pixel cache


def _pixels(element) -> bytes:
    return pygame.image.tobytes(element.image, "RGBA")


def test_a_kept_background_is_the_picture_pygame_gui_draws(app, monkeypatch):
    monkeypatch.setattr(kept_panel, "_kept", type(kept_panel._kept)())
    ui = app.new_ui_manager()
    first = Panel(BIG, 1, ui, object_id="#move_list_frame")
    again = Panel(BIG, 1, ui, object_id="#move_list_frame")
    theirs = UIPanel(BIG, 1, ui, object_id="#move_list_frame")
    assert _pixels(first) == _pixels(theirs) == _pixels(again)


def test_the_second_panel_of_a_size_is_not_drawn_again(app, monkeypatch):
    monkeypatch.setattr(kept_panel, "_kept", type(kept_panel._kept)())
    drawn = []
    real = RoundedRectangleShape.redraw_state

    def counting(shape, state, add_text=True):
        drawn.append(shape.containing_rect.size)
        return real(shape, state, add_text)

    monkeypatch.setattr(RoundedRectangleShape, "redraw_state", counting)
    ui = app.new_ui_manager()
    Panel(BIG, 1, ui, object_id="#move_list_frame")
    Panel(BIG, 1, ui, object_id="#move_list_frame")
    assert drawn == [BIG.size]
    Panel(BIG.inflate(0, -40), 1, ui, object_id="#move_list_frame")
    assert drawn == [BIG.size, BIG.inflate(0, -40).size]


def test_only_a_few_backgrounds_are_kept(app, monkeypatch):
    monkeypatch.setattr(kept_panel, "_kept", type(kept_panel._kept)())
    ui = app.new_ui_manager()
    for grow in range(kept_panel.KEPT_MAX + 3):
        Panel(BIG.inflate(0, -10 * grow), 1, ui)
    assert len(kept_panel._kept) == kept_panel.KEPT_MAX
