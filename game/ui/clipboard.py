"""The system clipboard, for copying positions and games out of the app and
pasting them in. pygame-ce talks to it through SDL once a window exists; where there
is no clipboard (no window, a headless driver) copying says so instead."""

from __future__ import annotations

import logging

import pygame

log = logging.getLogger(__name__)


def put(text: str) -> bool:
    """Put ``text`` on the clipboard; False if there is no clipboard."""
    try:
        pygame.scrap.put_text(text)
        return pygame.scrap.get_text() == text
    except (pygame.error, AttributeError, NotImplementedError):
        log.info("no clipboard to copy to")
        return False


def get() -> str | None:
    """The text on the clipboard ("" if it holds none); None if there is
    no clipboard."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        log.info("no clipboard to paste from")
        return None
    return text if isinstance(text, str) else ""
