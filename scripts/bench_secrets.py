"""How fast does the computer play Zombie Chess and Masquerade Chess, and
how do its games end?

Plays whole games with one bot spec for both seats (each deciding from its
own view, sampling what it cannot see) and prints, per game, how it ended,
the decisions and the seconds per decision, then the slowest decision.

    python scripts/bench_secrets.py [--game zombie|masquerade] [--bot search:2]
        [--games 3] [--seed 1] [--max 300]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from game.ai import think_now
    from game.games import load_all

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="zombie", choices=("zombie", "masquerade"))
    p.add_argument("--bot", default="search:2:nodes=400")
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max", type=int, default=300, help="decisions per game at most")
    args = p.parse_args()
    game = load_all()[args.game]
    slowest = 0.0
    for g in range(args.games):
        seed = args.seed + g
        state = game.new(seed=seed)
        rng = random.Random(seed)
        decisions, spent = 0, 0.0
        while not state.is_over() and decisions < args.max:
            choice = {}
            for seat in state.to_act():
                t0 = time.perf_counter()
                choice[seat] = think_now(args.bot, state, seat, rng)
                took = time.perf_counter() - t0
                spent += took
                slowest = max(slowest, took)
                decisions += 1
            state.apply(choice)
        result = state.result()
        ended = result.reason if result else f"not over after {decisions} decisions"
        per = spent / max(1, decisions)
        print(f"game {g + 1} (seed {seed}): {ended}; {decisions} decisions, {per:.3f} s each")
    print(f"slowest decision: {slowest:.2f} s ({args.bot})")


if __name__ == "__main__":
    main()
