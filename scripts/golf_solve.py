"""Solve a Chess Golf hole typed as a board diagram.

The file holds 8 lines, rank 8 first, squares separated by spaces (``.``
empty, ``KQRBN`` White, ``kqrbn`` Black), then a line ``chosen: `` with the
chosen cards as letters in their colours (two or three, e.g. ``chosen: Kb``
or ``chosen: nnr``). The shortest solution is printed on one line in
coordinate notation, then its length; or that there is none. Bad input gets
a message and exit status 2.

    .venv/bin/python scripts/golf_solve.py hole.txt [--max N]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from game.games.golf.solver import MAX_LENGTH, parse_puzzle, solve


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file", help="the hole: a board diagram and a 'chosen:' line")
    parser.add_argument(
        "--max", type=int, default=MAX_LENGTH, help=f"longest solution looked for ({MAX_LENGTH})"
    )
    args = parser.parse_args(argv)
    try:
        text = Path(args.file).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as e:
        print(f"golf_solve: cannot read {args.file}: {e}", file=sys.stderr)
        return 2
    try:
        board, goal = parse_puzzle(text)
    except ValueError as e:
        print(f"golf_solve: {args.file}: {e}", file=sys.stderr)
        return 2
    found = solve(board, goal, max_length=args.max)
    if found.length is None:
        print(f"No solution in {args.max} moves or fewer.")
        return 0
    print(found.text())
    print(f"{found.length} move{'s' if found.length != 1 else ''}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
