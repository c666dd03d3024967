"""The sound effects and their player game.ui.sound.Sounds."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import wave  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.resources import asset  # noqa: E402
from game.ui.sound import NAMES, Sounds  # noqa: E402

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

EXPECTED = {
    "move",
    "capture",
    "check",
    "game_end",
    "illegal",
    "click",
    "flight",
    "blow",
    "shimmer",
    "card",
}


@pytest.fixture(autouse=True)
def _fresh_mixer():
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


def test_every_effect_is_listed():
    assert set(NAMES) == EXPECTED


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_wav_is_short_16_bit_mono(name):
    with wave.open(str(asset("sounds", f"{name}.wav")), "rb") as w:
        assert w.getnchannels() == 1
        assert w.getsampwidth() == 2
        assert w.getframerate() == 22050
        seconds = w.getnframes() / w.getframerate()
    assert 0.03 <= seconds <= 1.0


def test_plays_every_sound_on_the_dummy_driver():
    sounds = Sounds(True)
    for name in NAMES:
        sounds.play(name)
    assert sounds.available
    assert pygame.mixer.get_init()


def test_each_wav_is_loaded_once():
    sounds = Sounds(True)
    sounds.play("move")
    first = sounds._cache["move"]
    assert first is not None
    sounds.play("move")
    assert sounds._cache["move"] is first


def test_disabled_does_not_touch_the_mixer():
    sounds = Sounds(False)
    sounds.play("move")
    assert not pygame.mixer.get_init()
    sounds.set_enabled(True)
    sounds.play("move")
    assert pygame.mixer.get_init()
    sounds.set_enabled(False)
    sounds.play("capture")


def test_an_unknown_sound_is_silent():
    sounds = Sounds(True)
    sounds.play("trumpet")
    sounds.play("../sounds/move")


def test_no_sound_device_means_silence_not_errors(monkeypatch):
    calls = []

    def broken_init(*args, **kwargs):
        calls.append(args)
        raise pygame.error("No available audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    sounds = Sounds(True)
    for name in NAMES:
        sounds.play(name)
    assert not sounds.available
    assert len(calls) == 1, "a failed mixer is not retried on every play"
    sounds.set_enabled(False)
    sounds.set_enabled(True)
    sounds.play("move")
