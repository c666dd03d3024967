"""The main loop: it draws only when something happens or moves, sleeps
otherwise, and no click is lost across a scene change or to a tooltip."""

from __future__ import annotations

import threading
import time

import pygame
import pytest
from helpers.ui_driver import click, click_at, make_app, pump
from pygame_gui.elements import UITooltip

from game.app import IDLE_WAIT, MAX_DT
from game.ui.load_scene import LoadScene
from game.ui.menu import MainMenu
from game.ui.scene import Scene, ui_animating
from game.ui.settings_scene import SettingsScene
from game.ui.setup import SetupScene
from game.ui.widgets import FormScene, KeysHelp, dialogs


class Ticking(Scene):
    """A scene that says it moves (as a play scene does while animating)."""

    def __init__(self, app):
        super().__init__(app)
        self.moving = True
        self.dts: list[float] = []

    def active(self) -> bool:
        return self.moving

    def update(self, dt: float) -> None:
        self.dts.append(dt)
        super().update(dt)


# -- drawing only when needed ------------------------------------------------------
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_an_idle_menu_sleeps_instead_of_drawing():
    app = make_app(MainMenu)
    pump(app, 2)
    drawn = app.frames_drawn
    seconds = 0.6
    app.run(max_seconds=seconds)
    assert app.frames_drawn - drawn <= 1
    assert len(app.frame_times) <= seconds / IDLE_WAIT + 2  # a few turns, not 36


def test_a_scene_that_moves_gets_every_frame():
    app = make_app(Ticking)
    drawn = app.frames_drawn
    app.run(max_seconds=0.5)
    assert app.frames_drawn - drawn >= 10  # about 30 at 60 a second
    app.scene.moving = False
    drawn = app.frames_drawn
    app.run(max_seconds=0.5)
    assert app.frames_drawn - drawn <= 1


def test_an_event_wakes_the_sleeping_loop():
    app = make_app(MainMenu)
    pump(app, 2)
    drawn = app.frames_drawn
    f1 = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F1, mod=0, unicode="", scancode=0)
    threading.Timer(0.2, pygame.event.post, (f1,)).start()
    app.run(max_seconds=0.6)
    assert any(isinstance(w, KeysHelp) for w in dialogs(app.scene.ui))
    assert app.frames_drawn > drawn  # the help was drawn


def test_what_says_it_is_active():
    app = make_app(MainMenu)
    assert not Scene(app).active() and not app.scene.active()
    assert not isinstance(app.scene, Ticking) and Ticking(app).active()

    class OwnUpdate(Scene):
        def update(self, dt: float) -> None:
            super().update(dt)

    assert OwnUpdate(app).active()  # it may move by itself and has not said otherwise
    assert not FormScene.active(app.scene)


def test_pygame_gui_animations_need_frames():
    app = make_app(MainMenu)
    pump(app, 2)
    ui = app.scene.ui
    assert not ui_animating(ui)
    card = app.scene.cards["chess960"]  # has a tooltip (the game's blurb)
    pygame.mouse.set_pos(card.rect.center)
    pump(app, 2)
    assert ui_animating(ui)  # the tooltip is on its way
    for _ in range(4):
        app.step(0.5)
    assert any(isinstance(e, UITooltip) for e in ui.get_sprite_group().sprites())
    assert not ui_animating(ui)  # shown: nothing more to wait for
    pygame.mouse.set_pos((5, 5))
    pump(app, 2)
    assert not ui_animating(ui)


def test_a_focused_text_entry_blinks(app):
    from pygame_gui.elements import UITextEntryLine

    app.push(MainMenu(app))
    entry = UITextEntryLine(pygame.Rect(10, 10, 200, 36), app.scene.ui)
    pump(app, 1)
    assert not ui_animating(app.scene.ui)
    entry.focus()
    assert ui_animating(app.scene.ui)


def test_a_slow_frame_counts_as_a_short_one():
    """A scene built slowly (or an idle wait) must not make everything jump:
    tooltips would pop up at once, animations skip."""
    app = make_app(Ticking)
    scene = app.scene

    def slow(event):
        time.sleep(0.3)

    scene.handle = slow
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))
    app.run(max_seconds=0.5)
    assert max(scene.dts) <= MAX_DT


# -- clicks that were lost ------------------------------------------------------------
def test_a_tooltip_left_under_the_pointer_does_not_eat_a_click():
    """Hover a card until its tooltip shows, then move onto the card below it
    and click within one frame (as xdotool does): the card below opens."""
    app = make_app(MainMenu)
    menu = app.scene
    above = menu.cards["chess960"]
    pygame.mouse.set_pos(above.rect.center)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=above.rect.center, rel=(0, 0), buttons=(0, 0, 0))
    )
    for _ in range(4):
        app.step(0.5)
    (tip,) = [e for e in menu.ui.get_sprite_group().sprites() if isinstance(e, UITooltip)]
    below = next(
        (game_id, card)
        for game_id, card in menu.cards.items()
        if card is not above and card.is_enabled and card.rect.colliderect(tip.rect)
    )
    spot = below[1].rect.clip(tip.rect).center
    click_at(app, spot)
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == below[0]


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def test_a_press_left_behind_by_a_scene_change_does_not_hold_a_button():
    """Click Settings and, before the menu has answered, press again on
    Rules: the release of that second press goes to the Settings scene. Back
    on the menu, Load game must answer the first click."""
    app = make_app(MainMenu)
    menu = app.scene
    settings, rules = menu.buttons["settings"].rect.center, menu.buttons["rules"].rect.center
    post(pygame.MOUSEBUTTONDOWN, pos=settings, button=1)
    post(pygame.MOUSEBUTTONUP, pos=settings, button=1)
    post(pygame.MOUSEBUTTONDOWN, pos=rules, button=1)
    app.step(1 / 60)  # the menu sees all three; Settings' press comes next frame
    post(pygame.MOUSEBUTTONUP, pos=rules, button=1)
    app.step(1 / 60)  # Settings opens, then gets the release
    assert isinstance(app.scene, SettingsScene)
    click(app, app.scene.back_button)
    assert app.scene is menu
    click(app, menu.buttons["load"])
    assert isinstance(app.scene, LoadScene)
