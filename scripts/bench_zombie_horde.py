"""How long does Zombie Chess take to list the legal moves of a horde?

The look ahead asks, after each move it foresees, whether the turn can still
end with the king safe. Tried in every order of the zombies (the old way,
tests/helpers/zombie_hordes.reference_moves) this grew about 28 times per
zombie where no order is safe. Prints, for the built hordes of 3 to 8
zombies where no order is safe (zombie_hordes.HOSTILE), the CPU seconds of
one listing the old way (up to --old-max zombies) and now, with the
positions now examined; then the worst listing now over --random random
hordes per zombie count, mixed and queen-heavy (random_horde(queens=True)).

    python scripts/bench_zombie_horde.py [--old-max 4] [--random 100] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def cpu(fn) -> tuple[float, object]:
    start = time.process_time()
    out = fn()
    return time.process_time() - start, out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--old-max", type=int, default=4, help="most zombies listed the old way")
    parser.add_argument("--random", type=int, default=100, help="random hordes per zombie count")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    from helpers.zombie_hordes import hostile, random_horde, reference_moves

    print("built hordes, no order safe (CPU seconds per listing)")
    print(f"{'zombies':>7} {'old':>9} {'now':>9} {'examined':>9}")
    for n in range(3, 9):
        old = "-"
        if n <= args.old_max:
            seconds, moves = cpu(lambda n=n: reference_moves(hostile(n)))
            assert moves == []
            old = f"{seconds:.3f}"
        state = hostile(n)
        seconds, moves = cpu(state.turn_moves)
        assert moves == []
        print(f"{n:>7} {old:>9} {seconds:>9.4f} {state.finishing.examined:>9}")

    for queens in (False, True):
        kind = "queen-heavy" if queens else "mixed"
        print(f"random {kind} hordes, {args.random} per count: the worst listing now")
        print(f"{'zombies':>7} {'seconds':>9} {'examined':>9}")
        rng = random.Random(args.seed)
        for n in range(3, 9):
            worst_s, worst_n, made = 0.0, 0, 0
            while made < args.random:
                state = random_horde(rng, n, queens=queens)
                if state is None:
                    continue
                made += 1
                seconds, _ = cpu(state.turn_moves)
                worst_s = max(worst_s, seconds)
                worst_n = max(worst_n, state.finishing.examined if state.finishing else 0)
            print(f"{n:>7} {worst_s:>9.4f} {worst_n:>9}")


if __name__ == "__main__":
    main()
