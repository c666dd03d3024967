"""What does a hint cost the window? The real play scene in the App (SDL's
dummy driver), a person to move in a game part-way through; the Hint key is
pressed and frames run at 60 Hz until the hint shows.

Prints per game and hint: the time the key press itself took on the main
thread (the view made, pickled and handed to the worker), the work of each
frame while the worker thinks (median, 99th percentile, worst; a frame has
16.7 ms), and how long until the hint showed. The first hint of a scene
starts the hint's worker process; the second finds it warm.

    python scripts/bench_hint.py [--level search:3] [--games chess,maces]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FRAME = 1 / 60


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def one_hint(app, scene) -> tuple[float, list[float], float]:
    import pygame

    start = time.perf_counter()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    app.step(FRAME)  # the key press is handled in this frame
    pressed = (time.perf_counter() - start) * 1000
    frames = []
    while scene.hints.thinking:
        t = time.perf_counter()
        app.step(FRAME)
        work = time.perf_counter() - t
        frames.append(work * 1000)
        time.sleep(max(0.0, FRAME - work))
    return pressed, frames, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default=None, help="bot spec (default: the Hint's own)")
    parser.add_argument("--games", default="chess,maces,mulligan_stew,tulpas")
    parser.add_argument("--plies", type=int, default=12, help="random moves played first")
    args = parser.parse_args()

    from game.app import App
    from game.match import Match
    from game.ui.play import PlayScene

    app = App(fullscreen=False, size=(1280, 800))
    app.running = True
    for game_id in args.games.split(","):
        match = Match(game_id, seed=7, players=["human", "human"])
        rng = random.Random(7)
        for _ in range(args.plies):
            if match.is_over():
                break
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
        scene = PlayScene(app, match)
        app.push(scene)
        scene.viewpoint.reveal()  # the person to move has the screen
        scene.refresh()
        app.step(FRAME)
        if args.level:
            scene.hints.level = args.level
        for which in ("cold", "warm"):
            scene.hints.clear()
            pressed, frames, total = one_hint(app, scene)
            shown = scene.hints.status() or "(none)"
            work = (
                f"frames n={len(frames):3d} median {statistics.median(frames):5.2f} ms"
                f" p99 {percentile(frames, 0.99):5.2f} ms max {max(frames):5.2f} ms"
                if frames
                else "no frame waited"
            )
            print(
                f"{game_id:14s} {which}: key {pressed:6.1f} ms  {work}"
                f"  hint after {total:5.2f} s  ({scene.hints.level}: {shown})"
            )
        scene.close_runners()
        app.pop()
    app.close()


if __name__ == "__main__":
    main()
