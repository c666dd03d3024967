"""Hostile saves, long: damaged and hostile save files through the loader and
the Load screen (the drill lives in tests/helpers/hostile_saves.py). Exit
status 1 on any failure.

    python scripts/drill_saves.py [--count 1000] [--seed 1] [--big-mb 50] [--messages]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers import hostile_saves  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=hostile_saves.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--big-mb", type=int, default=50, help="size of the one big file")
    parser.add_argument("--messages", action="store_true", help="print every distinct message")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    outcomes = hostile_saves.drill(args.count, args.seed, args.big_mb)
    code = hostile_saves.report(outcomes)
    if args.messages:
        for message, n in Counter(o.message for o in outcomes if o.message).most_common():
            print(f"{n:5}  {message}")
    print(f"whole drill: {time.perf_counter() - started:.1f} s")
    return code


if __name__ == "__main__":
    sys.exit(main())
