"""How fast, and how well, does the computer play Crowded House?

First the move generator: legal moves per second over the positions of a
few random games, with the rules' quick filter and with the core's road of
trying every move on the board. Then whole games, the White team's two seats
with one bot spec and the Black team's with another (as the app's setup
levels give them, through the game's ``bot_levels``, with their time
limits), each seat deciding from its own view: per game the result, the
turns, the seconds per decision and the slowest; then the totals.

    python scripts/bench_crowded_house.py [--white search:3] [--black search:2]
        [--games 2] [--seed 1] [--max-steps 400]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def bench_movegen(game) -> None:
    from game.engine.chess.movegen import MoveGeneration

    states = []
    for seed in range(4):
        rng = random.Random(seed)
        state = game.new(seed=seed)
        for _ in range(80):
            if state.is_over():
                break
            states.append(state.copy())
            (seat,) = state.to_act()
            state.apply({seat: rng.choice(state.legal_actions(seat))})
    for name, generate in (
        ("quick filter", lambda s: s._hooked_legal()),
        ("every move tried", lambda s: MoveGeneration._hooked_legal(s)),
    ):
        start = time.perf_counter()
        for _ in range(3):
            for s in states:
                generate(s)
        seconds = time.perf_counter() - start
        print(f"legal moves, {name}: {3 * len(states) / seconds:,.0f} positions/s")


def main() -> None:
    from game.ai import make_bot
    from game.games import load_all

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--white", default="search:3")
    parser.add_argument("--black", default="search:2")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-steps", type=int, default=400)
    args = parser.parse_args()

    game = load_all()["crowded_house"]
    bench_movegen(game)
    specs = [game.bot_levels.get(s, s) for s in (args.white, args.black)]
    print(f"White team: {args.white} -> {specs[0]}; Black team: {args.black} -> {specs[1]}")
    bots = [make_bot(spec) for spec in specs]
    tally = {"White": 0.0, "Black": 0.0}
    times: list[float] = []
    for g in range(args.games):
        seed = args.seed + g
        rng = random.Random(seed)
        state = game.new(seed=seed)
        mine: list[float] = []
        turns = 0
        while not state.is_over() and turns < args.max_steps:
            (seat,) = state.to_act()
            start = time.perf_counter()
            action = bots[game.side_of(seat)].choose(state.view(seat), seat, rng)
            mine.append(time.perf_counter() - start)
            state.apply({seat: action})
            turns += 1
        result = state.result()
        reason = result.reason if result else "unfinished"
        if result:
            tally["White"] += result.points[0]
            tally["Black"] += result.points[1]
        times += mine
        print(
            f"game {g + 1}: {reason}; {turns} turns, "
            f"{statistics.mean(mine):.2f} s per decision, slowest {max(mine):.2f} s"
        )
    print(f"points: White team {tally['White']}, Black team {tally['Black']}")
    print(f"all decisions: {statistics.mean(times):.2f} s mean, {max(times):.2f} s slowest")


if __name__ == "__main__":
    main()
