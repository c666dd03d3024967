"""Synthesise the game's sound effects into assets/sounds/ (standard library only).

Every sound is 22050 Hz, 16-bit, mono, between 0.05 and 0.8 seconds. The
random generator is seeded, so running this again writes identical files.

Run:  python scripts/make_sounds.py
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"
TAU = 2 * math.pi

Signal = list[float]


# ------------------------------------------------------------------ building blocks
def mix(*signals: tuple[float, Signal]) -> Signal:
    """Sum signals, each (start time in seconds, samples)."""
    length = max(int(t * RATE) + len(s) for t, s in signals)
    out = [0.0] * length
    for t, s in signals:
        o = int(t * RATE)
        for i, v in enumerate(s):
            out[o + i] += v
    return out


def decay_env(n: int, tau: float, attack: float = 0.002) -> list[float]:
    a = max(1, int(attack * RATE))
    return [(i / a if i < a else 1.0) * math.exp(-(i / RATE) / tau) for i in range(n)]


def tone(freq: float, seconds: float, tau: float, partials=((1.0, 1.0),), attack=0.002) -> Signal:
    """A decaying tone; partials are (frequency ratio, amplitude)."""
    n = int(seconds * RATE)
    env = decay_env(n, tau, attack)
    return [
        env[i] * sum(a * math.sin(TAU * freq * r * i / RATE) for r, a in partials) for i in range(n)
    ]


def noise(seconds: float, rng: random.Random) -> Signal:
    return [rng.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(s: Signal, cutoff: float | Callable[[float], float]) -> Signal:
    """One-pole low-pass; cutoff in Hz, constant or a function of time."""
    out, y = [], 0.0
    for i, x in enumerate(s):
        fc = cutoff(i / RATE) if callable(cutoff) else cutoff
        a = 1.0 - math.exp(-TAU * fc / RATE)
        y += a * (x - y)
        out.append(y)
    return out


def highpass(s: Signal, cutoff: float) -> Signal:
    lp = lowpass(s, cutoff)
    return [x - y for x, y in zip(s, lp, strict=True)]


def shape(s: Signal, env: Callable[[float], float]) -> Signal:
    return [v * env(i / RATE) for i, v in enumerate(s)]


def normalise(s: Signal, peak: float) -> Signal:
    top = max(abs(v) for v in s) or 1.0
    return [v * peak / top for v in s]


def fade(s: Signal, fade_in: float = 0.001, fade_out: float = 0.01) -> Signal:
    n = len(s)
    fi, fo = max(1, int(fade_in * RATE)), max(1, int(fade_out * RATE))
    out = list(s)
    for i in range(min(fi, n)):
        out[i] *= i / fi
    for i in range(min(fo, n)):
        out[n - 1 - i] *= i / fo
    return out


# ------------------------------------------------------------------- the sounds
def knock(rng: random.Random, pitch: float, brightness: float, length: float = 0.11) -> Signal:
    """A wooden knock: a damped low body mode, a higher mode and a noise click."""
    body = tone(pitch, length, 0.022, ((1.0, 1.0), (2.31, 0.45), (3.9, 0.18)), attack=0.0008)
    click = lowpass(noise(0.012, rng), brightness)
    click = shape(click, lambda t: math.exp(-t / 0.003))
    return mix((0, body), (0, [v * 1.6 for v in click]))


def move(rng: random.Random) -> Signal:
    return normalise(fade(knock(rng, 420, 2500, 0.12)), 0.65)


def capture(rng: random.Random) -> Signal:
    a = knock(rng, 520, 5000, 0.1)
    b = knock(rng, 610, 6000, 0.12)
    return normalise(fade(mix((0, a), (0.075, [v * 1.1 for v in b]))), 0.8)


def bell(freq: float, seconds: float, tau: float) -> Signal:
    return tone(freq, seconds, tau, ((1.0, 1.0), (2.0, 0.35), (3.01, 0.12), (4.2, 0.05)), 0.004)


def check(rng: random.Random) -> Signal:
    chime = mix((0, bell(784, 0.35, 0.12)), (0.13, bell(1175, 0.45, 0.14)))
    return normalise(fade(chime, fade_out=0.05), 0.6)


def game_end(rng: random.Random) -> Signal:
    notes = [523.25, 659.25, 783.99, 1046.5]  # C5 E5 G5 C6
    parts = [
        (0.11 * i, bell(f, 0.8 - 0.11 * i, 0.09 if i < 3 else 0.2)) for i, f in enumerate(notes)
    ]
    return normalise(fade(mix(*parts), fade_out=0.08), 0.6)


def illegal(rng: random.Random) -> Signal:
    n = int(0.22 * RATE)
    out = []
    for i in range(n):
        t = i / RATE
        v = sum(math.sin(TAU * 110 * k * t) / k for k in (1, 3, 5, 7))
        env = min(1.0, t / 0.015) * min(1.0, (0.22 - t) / 0.06)
        out.append(v * env)
    return normalise(fade(lowpass(out, 900)), 0.35)


def click(rng: random.Random) -> Signal:
    body = tone(1800, 0.05, 0.006, ((1.0, 1.0), (2.7, 0.3)), attack=0.0005)
    return normalise(fade(body, fade_out=0.005), 0.4)


def whoosh(rng: random.Random, seconds: float, lo: float, hi: float, peak_at: float) -> Signal:
    def cutoff(t: float) -> float:
        x = t / seconds
        if x < peak_at:
            bump = math.sin(0.5 * math.pi * x / peak_at)
        else:
            bump = math.cos(0.5 * math.pi * (x - peak_at) / (1 - peak_at))
        return lo + (hi - lo) * bump

    def env(t: float) -> float:
        x = t / seconds
        return (x / peak_at) ** 2 if x < peak_at else ((1 - x) / (1 - peak_at)) ** 1.5

    s = noise(seconds, rng)
    s = lowpass(lowpass(s, cutoff), cutoff)
    return shape(highpass(s, 150), env)


def flight(rng: random.Random) -> Signal:
    return normalise(fade(whoosh(rng, 0.42, 300, 2600, 0.45)), 0.55)


def blow(rng: random.Random) -> Signal:
    air = whoosh(rng, 0.26, 400, 3500, 0.7)
    thud = tone(140, 0.14, 0.03, ((1.0, 1.0), (2.4, 0.3)), attack=0.001)
    return normalise(fade(mix((0, air), (0.2, [v * 0.9 for v in thud]))), 0.65)


def shimmer(rng: random.Random) -> Signal:
    seconds = 0.5
    n = int(seconds * RATE)
    out, phase, phase2 = [], 0.0, 0.0
    for i in range(n):
        t = i / RATE
        x = t / seconds
        f = 350 * (4.5**x)  # an exponential glide up two octaves and more
        phase += TAU * f / RATE
        phase2 += TAU * f * 1.5 / RATE
        shimmer = 0.6 + 0.4 * math.sin(TAU * 28 * t)
        env = min(1.0, t / 0.03) * (1 - x) ** 1.2
        out.append(env * shimmer * (math.sin(phase) + 0.35 * math.sin(phase2)))
    sparkle = shape(highpass(noise(seconds, rng), 4000), lambda t: 0.08 * (t / seconds))
    return normalise(fade(mix((0, out), (0, sparkle)), fade_out=0.03), 0.5)


def card(rng: random.Random) -> Signal:
    s = highpass(noise(0.09, rng), 1800)
    s = lowpass(s, 7000)
    s = shape(s, lambda t: min(1.0, t / 0.004) * math.exp(-t / 0.022))
    return normalise(fade(s, fade_out=0.01), 0.45)


SOUNDS: dict[str, Callable[[random.Random], Signal]] = {
    "move": move,
    "capture": capture,
    "check": check,
    "game_end": game_end,
    "illegal": illegal,
    "click": click,
    "flight": flight,
    "blow": blow,
    "shimmer": shimmer,
    "card": card,
}


def write_wav(path: Path, samples: Signal) -> None:
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, v)) * 32767)) for v in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def main() -> None:
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()  # only --help: the script takes no options
    OUT.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(SOUNDS.items()):
        samples = make(random.Random(1000 + i))
        write_wav(OUT / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.3f} s")


if __name__ == "__main__":
    main()
