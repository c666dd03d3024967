"""Driving real scenes in tests: an App under SDL's dummy drivers, posted
mouse and key events, and frames pumped through the real main loop.

pygame_gui reports a button press one frame after the mouse-up, so every
action here pumps a few frames afterwards. Posted mouse events need ``pos``
and ``button``; hovering needs ``pygame.mouse.set_pos``.

(The `app` fixture in tests/conftest.py builds one for each test.)
"""

from __future__ import annotations

import os
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import App  # noqa: E402

# Where the play scene finds a game's adapter: tests patch it to try made-up
# adapters (``monkeypatch.setattr(PLAY_ADAPTER, lambda game: MyAdapter())``).
PLAY_ADAPTER = "game.ui.play.scene.adapter_for"


def make_app(*scenes) -> App:
    """An App with no scene yet (push your own) or the given scene factories
    pushed in order; each factory takes the app."""
    app = App(fullscreen=False)
    app.running = True
    for factory in scenes:
        app.push(factory(app))
    return app


def pump(app: App, frames: int = 3) -> None:
    """Run frames of the real main loop, each 1/60 s of game time, so
    animations advance and a quit is seen in ``app.running``."""
    for _ in range(frames):
        if not app.running:
            return
        app.step(1 / 60)


def wait_for(app: App, cond, seconds: float = 30.0) -> None:
    """Run frames until ``cond()`` holds: for what another process does (a
    bot's worker starts, warms up and answers), so bounded by the clock,
    roomily, not by frames (which run as fast as the machine draws them)."""
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        pump(app, 1)
        if cond():
            return
        time.sleep(0.005)
    raise AssertionError(f"still waiting after {seconds} s")


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
    listed = expanded.options_selection_list
    for item in listed.item_list:
        if item["text"] == text:
            button = item["button_element"]
            if listed.scroll_bar is not None and not (button and listed.rect.contains(button.rect)):
                # A list cut by the window's edge: scroll, as a person would.
                listed.scroll_bar.set_scroll_from_start_percentage(1.0)
                pump(app, 2)
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


def square_at(scene, name: str) -> tuple[int, int]:
    """The pixel centre of a named square on a play scene's board."""
    return scene.board.square_center(scene.match.state.geometry.square(name))


def drag(app: App, a: tuple[int, int], b: tuple[int, int], steps: int = 6) -> None:
    """Press on ``a``, move to ``b`` a frame at a time, release: a real drag."""
    a = (int(a[0]), int(a[1]))
    b = (int(b[0]), int(b[1]))
    pygame.mouse.set_pos(a)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
    pump(app, 1)
    for i in range(1, steps + 1):
        p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
        pygame.mouse.set_pos(p)
        pygame.event.post(
            pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0))
        )
        pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
    pump(app, 1)


def settle(app: App, scene, limit: int = 600) -> None:
    """Run frames until the board has finished animating."""
    for _ in range(limit):
        pump(app, 1)
        if not scene.board.animating:
            return
    raise AssertionError("the board never stopped animating")


def press_button(app: App, button) -> None:
    """Hover, press and release a pygame_gui button the slow way a hand does."""
    pos = button.rect.center
    pygame.mouse.set_pos(pos)
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    )
    pump(app, 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pump(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    pump(app, 3)  # the press event arrives one frame after the mouse-up


def open_play(app: App, match):
    """Push a play scene for ``match`` and let it draw."""
    from game.ui.play import PlayScene

    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 2)
    return scene


def continue_button(scene):
    """The Continue button under a public reveal held in sight (None: none)."""
    from game.ui.play.viewpoint import CONTINUE

    buttons = [b for b, c in scene.panel.choice_buttons.items() if c.action is CONTINUE]
    return buttons[0] if buttons else None


def press_continue(app: App, scene) -> None:
    """Everyone has seen the reveal: press Continue (the privacy screen may rise)."""
    button = continue_button(scene)
    assert button is not None, f"no reveal is held: {scene.status_line()!r}"
    press_button(app, button)
    assert not scene.viewpoint.holding


def all_elements(container):
    """Every element in ``container``, and in the containers inside it."""
    for element in container.elements:
        yield element
        inner = getattr(element, "get_container", None)
        if inner is not None and inner() is not element and hasattr(inner(), "elements"):
            yield from all_elements(inner())
