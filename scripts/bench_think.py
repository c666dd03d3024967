"""How long does a level think per decision, in every game?

Plays whole games with every seat at one level (the setup's level, through
the game's ``bot_levels``, as the app maps it) and prints per game the
seconds per decision on the wall clock and in this process's CPU time:
mean, 95th percentile and worst. On a shared machine the CPU column is what
a quiet machine would show for a level bounded by depth or nodes; a level
bounded by its clock reports at most its budget on the wall.

The issue's target: Normal under 2 s a move on this 2-core machine.

    python scripts/bench_think.py [--level normal] [--games chess,tulaga]
        [--n 2] [--plies 120] [--seed 1]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_ai import spec_for  # noqa: E402  (the levels as the setup maps them)

from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402


def play(game, spec: str, seed: int, max_plies: int) -> tuple[list[float], list[float]]:
    """One game with every seat at ``spec``: (wall, cpu) seconds per decision."""
    state = game.new(game.default_options(), seed)
    bots: dict = {}
    rng = random.Random(seed)
    wall: list[float] = []
    cpu: list[float] = []
    plies = 0
    while state.result() is None and plies < max_plies:
        joint = {}
        for seat in state.to_act():
            bot = bots.setdefault(seat, make_bot(spec))
            start, start_cpu = time.perf_counter(), time.process_time()
            joint[seat] = bot.choose(state.view(seat), seat, rng)
            wall.append(time.perf_counter() - start)
            cpu.append(time.process_time() - start_cpu)
        state.apply(joint)
        plies += 1
    return wall, cpu


def summary(values: list[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{sum(ordered) / len(ordered):5.2f} {p95:5.2f} {ordered[-1]:5.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="normal")
    parser.add_argument("--games", default="")
    parser.add_argument("--n", type=int, default=2, help="games per game kind")
    parser.add_argument("--plies", type=int, default=120, help="steps per game at most")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    games = load_all()
    wanted = [g for g in args.games.split(",") if g] or sorted(games)
    print(f"Seconds per decision at level {args.level!r}: mean, 95th percentile, worst")
    print(f"{'game':<16}{'spec':<26}{'decisions':>9}   {'wall':^17}   {'cpu':^17}  load")
    for game_id in wanted:
        game = games[game_id]
        spec = spec_for(game, args.level)
        wall: list[float] = []
        cpu: list[float] = []
        for i in range(args.n):
            w, c = play(game, spec, args.seed + i, args.plies)
            wall += w
            cpu += c
        print(
            f"{game_id:<16}{spec:<26}{len(wall):>9}   {summary(wall)}   {summary(cpu)}"
            f"  {os.getloadavg()[0]:.1f}",
            flush=True,
        )


if __name__ == "__main__":
    main()
