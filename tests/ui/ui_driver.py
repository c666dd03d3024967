"""Driving real scenes in tests: an App under SDL's dummy drivers, posted
mouse and key events, and frames pumped through the real main loop.

pygame_gui reports a button press one frame after the mouse-up, so every
action here pumps a few frames afterwards. Posted mouse events need ``pos``
and ``button``; hovering needs ``pygame.mouse.set_pos``.

(Named ui_driver, not helpers, so it never shadows the tests/helpers package.)
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import App  # noqa: E402


def make_app(*scenes) -> App:
    """An App with no scene yet (push your own) or the given scene factories
    pushed in order; each factory takes the app."""
    app = App(fullscreen=False)
    for factory in scenes:
        app.push(factory(app))
    return app


def pump(app: App, frames: int = 3) -> None:
    """Run the real main loop for a few frames."""
    app.run(max_frames=frames)


def click_at(app: App, pos: tuple[int, int], frames: int = 3) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, frames)


def click(app: App, element, frames: int = 3) -> None:
    """Click the middle of a pygame_gui element."""
    click_at(app, element.rect.center, frames)


def key(app: App, key: int, frames: int = 3, mod: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0))
    pump(app, frames)


def choose(app: App, menu, text: str) -> None:
    """Open a drop-down and click the option reading ``text``."""
    click(app, menu)
    expanded = menu.current_state
    for item in expanded.options_selection_list.item_list:
        if item["text"] == text:
            click(app, item["button_element"], frames=6)
            break
    else:
        raise AssertionError(f"{text!r} is not in the drop-down")
    assert menu.selected_option[0] == text


def texts(app: App) -> list[str]:
    """The text of every live label and button of the top scene."""
    out = []
    for element in app.scene.ui.get_sprite_group().sprites():
        text = getattr(element, "text", None)
        if isinstance(text, str) and text:
            out.append(text)
    return out
