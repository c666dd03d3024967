"""GUI monkey, long: random clicks, drags, keys and resizes through the real
app in every game (the drill lives in tests/helpers/gui_monkey.py).

    python scripts/drill_monkey.py [--events 100000] [--seed 1] [--game chess ...]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers import gui_monkey  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(
        description=gui_monkey.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    p.add_argument("--events", type=int, default=100_000, help="events in all, across games")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    p.add_argument("--think", type=float, default=0.3, help="seconds a computer move at most")
    args = p.parse_args()
    from game.games import load_all

    games = sorted(load_all())
    chosen = args.game or games
    unknown = [g for g in chosen if g not in games]
    if unknown:
        p.error(f"unknown game(s): {', '.join(unknown)}")
    t0 = time.perf_counter()
    report = gui_monkey.drill(chosen, args.seed, args.events, think=args.think, verbose=True)
    gui_monkey.print_report(report, time.perf_counter() - t0)
    return 1 if report.faults else 0


if __name__ == "__main__":
    sys.exit(main())
