"""Would a new depth have finished? The figure behind ``NEXT_DEPTH_SHARE``.

Searches the Chess960 middlegames of scripts/profile_search.py deep,
bounded by nodes, recording after each root action the nodes spent
(``Search.trace``). Then, for a budget of ``--budget`` nodes (0.5 s at the
measured speed), it replays the clock for several shares: a new depth starts
while less than that share of the budget is spent. For each share it counts,
over the positions: the depth completed, and how often the last depth
started got its first action (the last best) searched, which is what lets
an unfinished depth count, and how often it finished.

    .venv/bin/python scripts/bench_time_use.py [--budget 14000]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.search import Limits, Search  # noqa: E402
from game.games import load_all  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from profile_search import MIDDLEGAMES  # noqa: E402


def traces(budget: int) -> list[list[tuple[int, int, int]]]:
    game = load_all()["chess960"]
    out = []
    for fen in MIDDLEGAMES:
        state = game.from_text(fen)
        limits = Limits(max_depth=64, time_limit=1e9, time_cap=1e9, node_limit=3 * budget)
        search = Search(state.to_act()[0], limits, random.Random(0))
        search.run(state.copy())
        out.append(search.trace)
    return out


def replay(trace, budget: int, share: float) -> tuple[int, bool, bool]:
    """(depth completed, last depth's first action done, last depth done)."""
    ends: dict[int, int] = {}
    firsts: dict[int, int] = {}
    for depth, i, nodes in trace:
        ends[depth] = nodes
        if i == 0:
            firsts[depth] = nodes
    completed, depth = 0, 1
    while depth in ends and ends[depth] <= budget:
        completed = depth
        if ends[depth] > share * budget:
            return completed, False, False  # no new depth started
        depth += 1
    first = depth in firsts and firsts[depth] <= budget
    return completed, first, False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=14_000)
    args = parser.parse_args()
    found = traces(args.budget)
    print(f"{len(found)} positions, a budget of {args.budget} nodes")
    print(f"{'share':>6} {'mean depth':>11} {'new depth started':>18} {'its first done':>15}")
    for share in (0.4, 0.5, 0.6, 0.7, 0.8, 1.0):
        depths, started, firsts = [], 0, 0
        for trace in found:
            completed, first, _ = replay(trace, args.budget, share)
            depths.append(completed)
            ends = {d: n for d, _, n in trace}
            if completed + 1 in ends and ends.get(completed, 0) <= share * args.budget:
                started += 1
                firsts += first
        mean = sum(depths) / len(depths)
        print(f"{share:>6.1f} {mean:>11.2f} {started:>18} {firsts:>15}")


if __name__ == "__main__":
    main()
