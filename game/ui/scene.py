"""A scene is one screen of the app: the menu, a setup form, a game.

The app keeps a stack of scenes and hands the top one every event, then
``update`` and ``draw`` once per frame. Each scene owns its own pygame_gui
UIManager (``self.ui``) so leaving a scene never leaves widgets behind.

The app draws a frame only when something happened or moves: an event, a
scene that says it is ``active()``, or pygame_gui animating something of its
own (``ui_animating``). Otherwise it sleeps until the next event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
from pygame_gui.elements import UITextEntryBox, UITextEntryLine, UITooltip

if TYPE_CHECKING:
    import pygame_gui

    from game.app import App


class Scene:
    def __init__(self, app: App):
        self.app = app
        self.ui = app.new_ui_manager()

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack again."""

    def leave(self) -> None:
        """Called when another scene is pushed over it or it is popped."""

    def active(self) -> bool:
        """Does the scene need frames with no events coming: something moving
        or waiting (an animation, a computer thinking, a drag)? The app asks
        each frame and sleeps while the answer is no.

        False for a scene that only changes when events come; a scene with an
        ``update`` of its own that does not say is taken to be always active."""
        return type(self).update is not Scene.update

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild layouts."""
        self.ui.set_window_resolution(size)

    def handle(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)


def keep_windows_in_view(ui: pygame_gui.UIManager, margin: int = 20) -> None:
    """After a resize: every open dialog shrunk to fit the window, if it
    must, and centred in it (pygame_gui leaves them where they were, their
    buttons off the screen of a smaller window)."""
    w, h = ui.window_resolution
    for window in ui.get_window_stack().get_full_stack():
        if not window.alive():
            continue
        rect = window.rect
        fit = (min(rect.w, w - 2 * margin), min(rect.h, h - 2 * margin))
        if fit != rect.size:
            window.set_dimensions(fit)
        window.set_position(((w - window.rect.w) // 2, (h - window.rect.h) // 2))


# -- what pygame_gui does between events ----------------------------------------------
def ui_animating(ui: pygame_gui.UIManager) -> bool:
    """Does pygame_gui change the picture with no events coming: a text
    cursor blinking, a tooltip about to show under the pointer, a shape
    fading between states or waiting to be rebuilt after a resize?"""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, (UITextEntryLine, UITextEntryBox)) and element.is_focused:
            return True
        if (
            getattr(element, "hovered", False)
            and getattr(element, "tool_tip_text", None)
            and getattr(element, "tool_tip", None) is None
        ):
            return True
        shape = getattr(element, "drawable_shape", None)
        if shape is not None:
            state = getattr(shape, "active_state", None)
            if getattr(state, "transition", None) is not None:
                return True
            if shape.should_trigger_full_rebuild and shape.full_rebuild_countdown > 0:
                return True
    return False


def ui_picture(ui: pygame_gui.UIManager) -> tuple:
    """What the manager shows, cheaply: each visible element's image and
    place (pygame_gui gives an element a new image when it changes)."""
    return tuple((id(image), tuple(rect)) for image, rect, *_ in ui.get_sprite_group().visible)


def clear_tooltips(ui: pygame_gui.UIManager) -> None:
    """Take away tooltips: one left under the pointer by the element it was
    on would catch a click made on what lies beneath it before the next
    update noticed the pointer had gone."""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, UITooltip):
            element.kill()


def release_mouse(ui: pygame_gui.UIManager) -> None:
    """A scene leaving the top of the stack lets go of the mouse: a button
    pressed in it whose release went to another scene would stay held, and
    swallow the next release there (a click lost on coming back)."""
    far = (-(10**6), -(10**6))
    ui.process_events(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=far, button=1))
    clear_tooltips(ui)
