"""Issue 15, what each level reaches: depth, nodes and seconds a decision.

    python scripts/bench_weak_games.py --games tulaga [--time 1.5] [--plies 30]
        [--every 6] [--levels normal,hard,search:4:nodes=20000]

Plays a game with the greedy yardstick and, every ``--every`` plies, asks
each of ``--levels`` (the setup's levels through the game's ``bot_levels``,
or any bot spec) for a decision, printing the depth it completed, its nodes
and its seconds (a long ``--time`` shows what a node bound costs on this
machine), with the load average. Matches with a line of figures per game,
or every decision (``--verbose``), are scripts/bench_ai.py's.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ai import spec_for  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402


def describe(bot) -> str:
    last = getattr(bot, "last", None)
    if last is None:
        return "-"
    return f"d{last.depth} n{last.nodes}"


def probe(
    game, time_limit: float, plies: int, every: int, seed: int, levels=("normal", "hard")
) -> None:
    state = game.new(game.default_options(), seed)
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    ply = 0
    while state.result() is None and ply < plies:
        seats = state.to_act()
        if ply % every == 0:
            for level in levels:
                spec = spec_for(game, level)
                for seat in seats:
                    bot = make_bot(spec, time_limit=time_limit)
                    start = time.perf_counter()
                    action = bot.choose(state.view(seat), seat, random.Random(ply))
                    took = time.perf_counter() - start
                    print(
                        f"ply {ply:3d} seat {seat} {spec:<28} {describe(bot):<14}"
                        f" {took:5.2f} s  {state.notation(action) if len(seats) == 1 else action}",
                        flush=True,
                    )
        joint = {s: greedy.choose(state.view(s), s, rng) for s in seats}
        state.apply(joint)
        ply += 1
    print(f"load {os.getloadavg()[0]:.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", required=True)
    parser.add_argument("--time", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--levels", default="normal,hard", help="levels or bot specs")
    args = parser.parse_args()
    games = load_all()
    for game_id in args.games.split(","):
        probe(games[game_id], args.time, args.plies, args.every, args.seed, args.levels.split(","))


if __name__ == "__main__":
    main()
