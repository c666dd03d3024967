"""How far the full chess evaluation strays from material and tables alone:
the figure behind ``evaluation.LAZY_MARGIN``.

Searches the Chess960 middlegames of scripts/profile_search.py (bounded by
nodes), and for every position the full evaluation scores, prints how far
its score is from the material-and-tables sum: percentiles and the worst.
A margin above nearly all of them makes the lazy evaluation safe.

    .venv/bin/python scripts/bench_lazy_eval.py [--nodes 30000]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.search import Limits, Search  # noqa: E402
from game.engine.chess import evaluation  # noqa: E402
from game.games import load_all  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_search import MIDDLEGAMES  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--nodes", type=int, default=30_000)
    args = parser.parse_args()
    gaps: list[float] = []
    full = evaluation._evaluate
    full_phase = evaluation.FULL_PHASE

    def measured(bb, white, black, turn, base):
        score = full(bb, white, black, turn, base)
        phase = min(base[2], full_phase)
        quick = (base[0] * phase + base[1] * (full_phase - phase)) / full_phase
        quick += evaluation.TEMPO if turn == 0 else -evaluation.TEMPO
        gaps.append(abs(score - quick))
        return score

    evaluation._evaluate = measured
    game = load_all()["chess960"]
    for fen in MIDDLEGAMES:
        state = game.from_text(fen)
        limits = Limits(max_depth=64, time_limit=1e9, time_cap=1e9, node_limit=args.nodes)
        Search(state.to_act()[0], limits, random.Random(0)).run(state.copy())
    gaps.sort()
    n = len(gaps)
    print(f"{n} full evaluations: |full - material and tables| in pawns")
    for q in (50, 90, 99, 99.9):
        print(f"  {q:>5}%: {gaps[min(n - 1, int(n * q / 100))]:.2f}")
    print(f"  worst: {gaps[-1]:.2f}")
    for margin in (1.0, 1.5, 2.0, 2.5, 3.0):
        over = sum(1 for g in gaps if g > margin)
        print(f"  beyond {margin:.1f}: {over} ({100 * over / n:.2f}%)")


if __name__ == "__main__":
    main()
