"""A scene is one screen of the app: the menu, a setup form, a game.

The app keeps a stack of scenes and hands the top one every event, then
``update`` and ``draw`` once per frame. Each scene owns its own pygame_gui
UIManager (``self.ui``) so leaving a scene never leaves widgets behind.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.app import App


class Scene:
    # Theme blocks this scene's UIManager takes over the project's theme.
    theme_overrides: dict[str, Any] = {}

    def __init__(self, app: App):
        self.app = app
        self.ui = app.new_ui_manager(self.theme_overrides or None)

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack again."""

    def leave(self) -> None:
        """Called when another scene is pushed over it or it is popped."""

    def resize(self, size: tuple[int, int]) -> None:
        """The window changed size; rebuild layouts."""
        self.ui.set_window_resolution(size)

    def handle(self, event: pygame.event.Event) -> None:
        self.ui.process_events(event)

    def update(self, dt: float) -> None:
        self.ui.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        self.ui.draw_ui(surface)
