"""Counts and checks everything there is to learn from, per game: the rule
sheets' diagrams, the lessons, the puzzles and the deals of the day played
through. Each part's own ``verify()`` (game/learn/) replays its items
through the rules; this prints a table and every problem, and exits 0 only
when every item checks. Run from the checkout:

    .venv/bin/python scripts/check_learn.py [--days N]

``--days``: how many coming days' deals of the day to play through (7)."""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

# (column, module whose verify() gives {game id: (count, problems)})
PARTS = (
    ("diagrams", "game.learn.diagrams"),
    ("lessons", "game.learn.lessons"),
    ("puzzles", "game.learn.puzzles"),
    ("daily deals", "game.learn.daily"),
)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=7, help="coming days' deals to play through")
    args = parser.parse_args(argv)
    if args.days < 1:
        parser.error("--days is at least 1")

    from game.games import CATALOGUE

    results: dict[str, dict[str, tuple[int, list[str]]]] = {}
    for column, module_name in PARTS:
        started = time.process_time()
        module = importlib.import_module(module_name)
        if column == "daily deals":
            results[column] = module.verify(days=args.days)
        else:
            results[column] = module.verify()
        print(f"{column}: checked in {time.process_time() - started:.1f} s of CPU", file=sys.stderr)

    ids = [entry.id for entry in CATALOGUE]
    width = max(len(i) for i in ids)
    print(f"{'game':<{width}}  " + "  ".join(f"{c:>11}" for c, _ in PARTS))
    totals = dict.fromkeys(results, 0)
    problems: list[str] = []
    for game_id in ids:
        cells = []
        for column, _ in PARTS:
            count, found = results[column].get(game_id, (None, []))
            cells.append(f"{'-' if count is None else count:>11}")
            totals[column] += count or 0
            problems += [f"{game_id} {column}: {p}" for p in found]
        print(f"{game_id:<{width}}  " + "  ".join(cells))
    print(f"{'total':<{width}}  " + "  ".join(f"{totals[c]:>11}" for c, _ in PARTS))
    for line in problems:
        print("PROBLEM", line)
    print(f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
