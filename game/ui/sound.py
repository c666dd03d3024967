"""Sound effects: the WAVs in assets/sounds/ (written by scripts/make_sounds.py).

``Sounds`` starts pygame.mixer only when the first sound is played, loads
each WAV once, and goes quiet for good if there is no usable audio device:
playing a sound never raises.
"""

from __future__ import annotations

import logging
import re

import pygame

from game.resources import asset

log = logging.getLogger(__name__)

_NAME = re.compile(r"[a-z0-9_]+")

NAMES = (
    "move",
    "capture",
    "check",
    "game_end",
    "illegal",
    "click",
    "flight",  # a whoosh: something thrown
    "blow",  # a heavy strike
    "shimmer",  # a magical shift
    "card",
)


class Sounds:
    """The game's sound effects, switchable on and off from the settings."""

    def __init__(self, enabled: bool = True) -> None:
        self.enabled = bool(enabled)
        self._ready: bool | None = None  # None: mixer not tried yet
        self._cache: dict[str, pygame.mixer.Sound | None] = {}

    @property
    def available(self) -> bool:
        """False once the mixer has failed to start (no sound device)."""
        return self._ready is not False

    def usable(self) -> bool:
        """Can sound be heard? Starts the mixer if it has not been tried
        (the settings ask, so they can say when there is no device)."""
        return self._start()

    def set_enabled(self, enabled: bool) -> None:
        self.enabled = bool(enabled)
        if not self.enabled and self._ready:
            try:
                pygame.mixer.stop()
            except pygame.error:
                pass

    def play(self, name: str) -> None:
        """Play one effect by name ("move", "capture", ...); silent on any trouble."""
        if not self.enabled or not self._start():
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            sound.play()
        except pygame.error as exc:
            log.debug("could not play %s: %s", name, exc)

    # ------------------------------------------------------------------ internals
    def _start(self) -> bool:
        if self._ready is None:
            try:
                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=22050, size=-16, channels=2, buffer=512)
                self._ready = True
            except (pygame.error, OSError, NotImplementedError) as exc:
                log.info("sound disabled, the mixer could not start: %s", exc)
                self._ready = False
        return self._ready

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._cache:
            if not _NAME.fullmatch(name):
                log.warning("no sound called %r", name)
                self._cache[name] = None
                return None
            path = asset("sounds", f"{name}.wav")
            try:
                self._cache[name] = pygame.mixer.Sound(str(path))
            except (pygame.error, OSError, FileNotFoundError) as exc:
                log.warning("sound %r not loaded: %s", name, exc)
                self._cache[name] = None
        return self._cache[name]
