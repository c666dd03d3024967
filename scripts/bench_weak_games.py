"""Issue 15, Hard against Normal in the games where it was weak: what each
level reaches, and matches with the depth and nodes of every decision.

    python scripts/bench_weak_games.py probe --games tulaga [--time 1.5] [--plies 30]
        [--every 6] [--levels normal,hard,search:4:nodes=20000]
    python scripts/bench_weak_games.py match --games tulaga --first hard
        --second normal [--n 6] [--time 1.5] [--seed 1] [--verbose]

``probe`` plays a game with the greedy yardstick and, every ``--every``
plies, asks each of ``--levels`` (the setup's levels through the game's
``bot_levels``, or any bot spec) for a decision, printing the depth it
completed, its nodes and its seconds (a long ``--time`` shows what a node
bound costs on this machine).
``match`` is scripts/bench_ai.py's match (colours alternate) with a line of
figures per game; ``--verbose`` prints each decision's move, depth and nodes.
Every result line ends with the load average: timed matches on a shared
machine depend on it.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ai import elo, spec_for, two_sided  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402


def describe(bot) -> str:
    last = getattr(bot, "last", None)
    if last is None:
        return "-"
    return f"d{last.depth} n{last.nodes}"


def probe(
    game, time_limit: float, plies: int, every: int, seed: int, levels=("normal", "hard")
) -> None:
    state = game.new(game.default_options(), seed)
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    ply = 0
    while state.result() is None and ply < plies:
        seats = state.to_act()
        if ply % every == 0:
            for level in levels:
                spec = spec_for(game, level)
                for seat in seats:
                    bot = make_bot(spec, time_limit=time_limit)
                    start = time.perf_counter()
                    action = bot.choose(state.view(seat), seat, random.Random(ply))
                    took = time.perf_counter() - start
                    print(
                        f"ply {ply:3d} seat {seat} {spec:<28} {describe(bot):<14}"
                        f" {took:5.2f} s  {state.notation(action) if len(seats) == 1 else action}",
                        flush=True,
                    )
        joint = {s: greedy.choose(state.view(s), s, rng) for s in seats}
        state.apply(joint)
        ply += 1
    print(f"load {os.getloadavg()[0]:.1f}")


def play(game, specs, seed, time_limit, max_plies, verbose):
    state = game.new(game.default_options(), seed)
    bots = {s: make_bot(spec, time_limit=time_limit) for s, spec in specs.items()}
    rng = random.Random(seed)
    thinking = {s: [] for s in specs}
    depths = {s: [] for s in specs}
    plies = 0
    while state.result() is None and plies < max_plies:
        joint = {}
        for seat in state.to_act():
            start = time.perf_counter()
            joint[seat] = bots[seat].choose(state.view(seat), seat, rng)
            thinking[seat].append(time.perf_counter() - start)
            last = getattr(bots[seat], "last", None)
            if last is not None:
                depths[seat].append(last.depth)
            if verbose:
                text = state.notation(joint[seat]) if len(state.to_act()) == 1 else joint[seat]
                print(
                    f"      {plies:3d} {seat} {specs[seat]:<24} {describe(bots[seat]):<14} {text}"
                )
        state.apply(joint)
        plies += 1
    return state.result(), plies, thinking, depths


def match(game, first, second, n, seed, time_limit, max_plies, verbose):
    sides = two_sided(game)
    results, per_move, slowest = [], [], 0.0
    first_spec, second_spec = spec_for(game, first), spec_for(game, second)
    print(f"{game.id}: {first} = {first_spec}, {second} = {second_spec}", flush=True)
    for i in range(n):
        ours, theirs = (sides[0], sides[1]) if i % 2 == 0 else (sides[1], sides[0])
        specs = {s: first_spec for s in ours}
        specs.update({s: second_spec for s in theirs})
        result, plies, thinking, depths = play(
            game, specs, seed + i, time_limit, max_plies, verbose
        )
        points = 0.5 if result is None else result.points[ours[0]]
        results.append(points)
        mine = [t for s in ours for t in thinking[s]]
        per_move += mine
        slowest = max([slowest, *mine])

        def mean(xs):
            return sum(xs) / len(xs) if xs else 0.0

        d1 = mean([d for s in ours for d in depths[s]])
        d2 = mean([d for s in theirs for d in depths[s]])
        mark = {1: "W", 0.5: "D", 0: "L"}.get(points, f"{points:g}")
        reason = result.reason if result is not None else "max plies"
        print(
            f"    game {i + 1}: {mark} in {plies} plies ({reason}); seat {ours[0]} first;"
            f" depth {d1:.1f} vs {d2:.1f}; {mean(mine):.2f} s/move  load {os.getloadavg()[0]:.1f}",
            flush=True,
        )
    wins, draws = results.count(1), results.count(0.5)
    score = sum(results) / n
    gap, low, high = elo(score, n)
    mean_t = sum(per_move) / len(per_move) if per_move else 0.0
    print(
        f"{game.id} {first} vs {second}: +{wins} ={draws} -{n - wins - draws}  {100 * score:.1f}%"
        f"  Elo {gap:+.0f} [{low:+.0f}, {high:+.0f}]  {mean_t:.2f} s/move (max {slowest:.2f})"
        f"  load {os.getloadavg()[0]:.1f}",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("probe", "match"))
    parser.add_argument("--games", required=True)
    parser.add_argument("--first", default="hard")
    parser.add_argument("--second", default="normal")
    parser.add_argument("--n", type=int, default=6)
    parser.add_argument("--time", type=float, default=1.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--max-plies", type=int, default=400)
    parser.add_argument("--verbose", action="store_true")
    parser.add_argument("--levels", default="normal,hard", help="probe: levels or specs")
    args = parser.parse_args()
    games = load_all()
    for game_id in args.games.split(","):
        game = games[game_id]
        if args.what == "probe":
            probe(game, args.time, args.plies, args.every, args.seed, args.levels.split(","))
        else:
            match(
                game,
                args.first,
                args.second,
                args.n,
                args.seed,
                args.time,
                args.max_plies,
                args.verbose,
            )


if __name__ == "__main__":
    main()
