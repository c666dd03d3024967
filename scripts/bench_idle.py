"""CPU the app uses while nobody touches it: runs the real main loop for a
few seconds on one scene, under SDL's dummy driver unless one is set, and
prints the process CPU time used and the frames drawn.

    python scripts/bench_idle.py [--seconds 10] [--scene menu|rules|settings|load|play]
    python scripts/bench_idle.py --always-draw      # the old loop: 60 frames a second
    SDL_VIDEODRIVER=x11 DISPLAY=:99 python scripts/bench_idle.py

``--always-draw`` draws and flips every frame at 60 frames a second, as the
loop did before it learned to sleep, for a figure to compare with.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def make_scene(app, name: str):
    if name == "menu":
        from game.ui.menu import MainMenu

        return MainMenu(app)
    if name == "rules":
        from game.ui.rules_view import RulesScene

        return RulesScene(app, "chess")
    if name == "settings":
        from game.ui.settings_scene import SettingsScene

        return SettingsScene(app)
    if name == "load":
        from game.ui.load_scene import LoadScene

        return LoadScene(app)
    from game.match import Match
    from game.ui.play import PlayScene

    match = Match("chess", seed=1, players=["human", "human"])
    for san in ("e4", "e5", "Nf3"):
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(san, seat)})
    return PlayScene(app, match)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument(
        "--scene", default="menu", choices=("menu", "rules", "settings", "load", "play")
    )
    parser.add_argument("--always-draw", action="store_true", help="the old loop, for comparing")
    args = parser.parse_args(argv)
    if not os.environ.get("CHESS_VARIANTS_HOME"):
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="bench-idle-")

    import pygame

    from game.app import FPS, App

    app = App(fullscreen=False)
    app.push(make_scene(app, args.scene))
    app.running = True
    for _ in range(5):  # let the first frames (fonts, art) go by
        app.step(1 / 60)
    drawn_before = app.frames_drawn
    cpu, wall = time.process_time(), time.perf_counter()
    if args.always_draw:
        clock = pygame.time.Clock()
        frames = 0
        while time.perf_counter() - wall < args.seconds:
            app.step(1 / FPS)
            clock.tick(FPS)
            frames += 1
    else:
        app.run(max_seconds=args.seconds)
        frames = len(app.frame_times)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    drawn = app.frames_drawn - drawn_before
    loop = "old loop (draws every frame)" if args.always_draw else "idle loop"
    print(f"{loop}, scene {args.scene}, SDL_VIDEODRIVER={os.environ['SDL_VIDEODRIVER']}")
    print(f"{wall:.1f} s: CPU {cpu:.2f} s ({100 * cpu / wall:.1f}% of a core)")
    print(f"frames drawn {drawn} ({drawn / wall:.1f} a second), loop turns {frames}")
    for scene in app.scenes:
        close = getattr(scene, "close_runners", None)
        if close is not None:
            close()
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
