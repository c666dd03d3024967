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

``--match`` plays Hard with its time managed (game/ai/pacing.py, ``--new``)
against Hard on the fixed budget (``--old``) in Chess960, ``--time``
seconds a move for both, colours swapped every game and each pair of games
opened by the same ``--random-plies`` random moves. Both sides' searches
run on the CPU clock (time.process_time), so the load of a shared machine
changes how fast they search but not the budget's meaning. It prints each
game, the match result with the Elo gap and its 95% error bar, and per
side the CPU seconds per move (mean and distribution) and the mean depth;
the load average beside it.

    .venv/bin/python scripts/bench_time_use.py --match [--n 20] [--time 0.5]
        [--random-plies 8] [--new search:24:stretch=2.5] [--old search:24]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.search import Limits, Search  # noqa: E402
from game.games import load_all  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_ai import elo  # noqa: E402
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


def play(specs: dict[int, str], seed: int, budget: float, random_plies: int, max_plies: int):
    """One Chess960 game between ``specs`` (seat -> spec) on the CPU clock:
    (points of seat 0, plies, {seat: [(CPU seconds, depth) per decision]})."""
    game = load_all()["chess960"]
    state = game.new(game.default_options(), seed)
    opening = make_bot("random")
    opening_rng = random.Random(f"opening {seed}")
    for _ in range(random_plies):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        state.apply({seat: opening.choose(state.view(seat), seat, opening_rng)})
    bots = {
        s: make_bot(spec, time_limit=budget, clock=time.process_time) for s, spec in specs.items()
    }
    rng = random.Random(seed)
    used: dict[int, list[tuple[float, int]]] = {s: [] for s in specs}
    plies = 0
    while state.result() is None and plies < max_plies:
        seat = state.to_act()[0]
        start = time.process_time()
        action = bots[seat].choose(state.view(seat), seat, rng)
        last = bots[seat].last
        used[seat].append((time.process_time() - start, last.depth if last else 0))
        state.apply({seat: action})
        plies += 1
    result = state.result()
    return (0.5 if result is None else result.points[0]), plies, used


def spread(label: str, used: list[tuple[float, int]], budget: float) -> None:
    """One side's CPU seconds per move: the mean and the distribution."""
    times = sorted(t for t, _ in used)
    n = len(times)

    def at(q: float) -> float:
        return times[min(n - 1, int(q * n))]

    depth = sum(d for _, d in used) / n
    short = sum(t < 0.5 * budget for t in times) / n
    long = sum(t > 1.5 * budget for t in times) / n
    print(
        f"  {label:<26} {n:4d} moves  mean {sum(times) / n:.3f} s  p10 {at(0.1):.3f}"
        f"  p50 {at(0.5):.3f}  p90 {at(0.9):.3f}  max {times[-1]:.3f}"
        f"  <half {100 * short:3.0f}%  >1.5x {100 * long:3.0f}%  depth {depth:.2f}"
    )


def match(args) -> None:
    print(
        f"chess960 {args.new} vs {args.old}: {args.n} games, {args.time} CPU s a move,"
        f" {args.random_plies} random plies; load {os.getloadavg()[0]:.1f}",
        flush=True,
    )
    results: list[float] = []
    used_new: list[tuple[float, int]] = []
    used_old: list[tuple[float, int]] = []
    for i in range(args.n):
        new_seat = i % 2
        specs = {new_seat: args.new, 1 - new_seat: args.old}
        seed = args.seed + i // 2  # both colours from the same opening
        points, plies, used = play(specs, seed, args.time, args.random_plies, args.max_plies)
        points = points if new_seat == 0 else 1 - points
        results.append(points)
        used_new += used[new_seat]
        used_old += used[1 - new_seat]
        mean_new = sum(t for t, _ in used[new_seat]) / max(1, len(used[new_seat]))
        mean_old = sum(t for t, _ in used[1 - new_seat]) / max(1, len(used[1 - new_seat]))
        print(
            f"    game {i + 1}: {points:g} for new in {plies} plies;"
            f" CPU s/move new {mean_new:.3f} old {mean_old:.3f}  load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    n = len(results)
    score = sum(results) / n
    gap, low, high = elo(score, n)
    wins, draws = results.count(1), results.count(0.5)
    print(
        f"new vs old: +{wins} ={draws} -{n - wins - draws}  {100 * score:.1f}%"
        f"  Elo {gap:+.0f} [{low:+.0f}, {high:+.0f}]  load {os.getloadavg()[0]:.1f}"
    )
    spread(f"new {args.new}", used_new, args.time)
    spread(f"old {args.old}", used_old, args.time)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budget", type=int, default=14_000)
    parser.add_argument("--match", action="store_true", help="new time rule vs old, Chess960")
    parser.add_argument("--n", type=int, default=20)
    parser.add_argument("--time", type=float, default=0.5, help="CPU seconds a move")
    parser.add_argument("--random-plies", type=int, default=8)
    parser.add_argument("--max-plies", type=int, default=200, help="then a draw")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--new", default="search:24:stretch=2.5")
    parser.add_argument("--old", default="search:24")
    args = parser.parse_args()
    if args.match:
        match(args)
        return
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
