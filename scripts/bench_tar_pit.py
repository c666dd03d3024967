"""How fast, and how well, does the computer play Tar Pit Chess?

Plays whole games with one bot spec (as the app's setup levels give it, with
their time limits) against another, each deciding from its own view and
sampling the hidden cards, and prints per game the winner, how it ended, the
decisions, the seconds per decision and the slowest; then the totals.

    python scripts/bench_tar_pit.py [--white search:2] [--black search:1]
        [--games 4] [--seed 1] [--max-steps 600]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main() -> None:
    from game.ai import make_bot
    from game.games import load_all

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--white", default="search:2")
    parser.add_argument("--black", default="search:1")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=600)
    args = parser.parse_args()

    game = load_all()["tar_pit"]
    bots = [make_bot(args.white), make_bot(args.black)]
    wins = [0, 0, 0]
    times: list[float] = []
    for g in range(args.games):
        seed = args.seed + g
        state = game.new(seed=seed)
        rng = random.Random(seed)
        mine: list[float] = []
        steps = 0
        while not state.is_over() and steps < args.max_steps:
            seat = state.to_act()[0]
            start = time.perf_counter()
            action = bots[seat].choose(state.view(seat), seat, rng)
            mine.append(time.perf_counter() - start)
            state.apply({seat: action})
            steps += 1
        result = state.result()
        if result is None:
            wins[2] += 1
            how = "unfinished"
        else:
            how = result.reason
            if result.points[0] == 1:
                wins[0] += 1
            elif result.points[1] == 1:
                wins[1] += 1
            else:
                wins[2] += 1
        times += mine
        print(
            f"game {g + 1} (seed {seed}): {how}; {steps} decisions, "
            f"{statistics.mean(mine):.3f} s each, slowest {max(mine):.2f} s"
        )
    print(
        f"White ({args.white}) {wins[0]}, Black ({args.black}) {wins[1]}, other {wins[2]}; "
        f"{len(times)} decisions, mean {statistics.mean(times):.3f} s, "
        f"slowest {max(times):.2f} s"
    )


if __name__ == "__main__":
    main()
