"""Does the computer keep time on a game clock?

Plays the computer against itself in the real play scene (SDL's dummy
driver), on the wall clock at 60 frames a second, with a game clock
(``--clock 1+0``: minutes + increment seconds), as a person would watch it.
For every move it records what the mover's clock lost, what the computer
was allowed to think (game/clock.py ``think_limit``) and how long its worker
took from the start of the think to its answer; the rest is the move's
handing over (the position pickled to the worker, the answer back, frames).
Prints each game's end (a flag is the failure this measures) and the
means and worst of those figures.

    python scripts/bench_clock.py [--games chess] [--level hard] [--clock 0.5+0]
        [--n 1] [--max-plies 160] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from game.ai.levels import LEVELS  # noqa: E402
from game.clock import Clock, parse_control  # noqa: E402

FRAME = 1 / 60


def play(game_id: str, spec: str, control: tuple[float, float], seed: int, max_plies: int):
    """One game of ``spec`` against itself; returns (how it ended, plies,
    per-move rows of (clock lost, limit, think))."""
    from game.app import App
    from game.match import Match

    app = App(fullscreen=False, size=(1280, 800))
    app.running = True
    match = Match(game_id, seed=seed, players=[f"computer:{spec}"] * 2)
    match.clock = Clock.new(*control, 2)
    scene = app.navigate.play(match)
    rows = []
    ply, at_start = 0, list(match.clock.left)
    limits = {s: match.clock.think_limit(s) for s in range(2)}
    try:
        while not match.is_over() and len(match.records) < max_plies:
            began = time.perf_counter()
            app.step(FRAME, draw=True)
            if len(match.records) != ply:
                ply = len(match.records)
                for seat in match.records[-1].step:
                    lost = at_start[seat] - match.clock.left[seat] + match.clock.increment
                    think = scene.bots.runners[seat].think_seconds or 0.0
                    rows.append((lost, limits[seat], think))
                at_start = list(match.clock.left)
                limits = {s: match.clock.think_limit(s) for s in range(2)}
            time.sleep(max(0.0, FRAME - (time.perf_counter() - began)))
        result = match.state.result()
        ended = result.reason if result is not None else f"{max_plies} plies, going on"
        return ended, len(match.records), rows
    finally:
        scene.close_runners()
        app.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="chess")
    parser.add_argument("--level", default="hard", help="easy, normal or hard")
    parser.add_argument("--clock", default="1+0", help="minutes+increment, as the setup form")
    parser.add_argument("--n", type=int, default=1, help="games each")
    parser.add_argument("--max-plies", type=int, default=160)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    names = {name.lower(): spec for name, spec in LEVELS}
    if args.level not in names:
        parser.error(f"--level: one of {', '.join(names)}")
    try:
        control = parse_control(args.clock)
    except ValueError as e:
        parser.error(f"--clock: {e}")
    from game.ai.levels import spec_for
    from game.games import load_all

    games = load_all()
    for game_id in args.games.split(","):
        if game_id not in games:
            parser.error(f"unknown game {game_id!r}")
        spec = spec_for(games[game_id], names[args.level])
        for i in range(args.n):
            ended, plies, rows = play(game_id, spec, control, args.seed + i, args.max_plies)
            lost = [r[0] for r in rows]
            allowed = statistics.mean(r[1] for r in rows)
            taken = statistics.mean(r[2] for r in rows)
            over = [r[0] - r[2] for r in rows]
            print(
                f"{game_id} {args.level} vs itself at {args.clock}, game {i + 1}: {ended}"
                f" after {plies} plies; a move cost the clock {statistics.mean(lost):.2f} s"
                f" (max {max(lost):.2f}), thinking allowed {allowed:.2f} and taken {taken:.2f} s;"
                f" the rest {statistics.mean(over):+.3f} s (max {max(over):+.3f})"
                f"  load {os.getloadavg()[0]:.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
