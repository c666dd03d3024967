"""How well, and how fast, does the computer play Cooperative Chess?

Plays whole games with one bot spec for every decision (solitaire: one seat
moves both colours; two players: the bot is both partners, each deciding
from its own view) and prints, per game, the score, how it ended, the
decisions and the seconds per decision (wall clock, and the process's own
CPU time, which a busy machine does not inflate); then the mean score, how
many games reached 32 (a win) and 50, and the slowest decision.

    python scripts/bench_cooperative.py [--mode solitaire|two players]
        [--bot search:2] [--games 6] [--seed 1] [--greedy]

``--greedy`` plays a simple rule instead of the search, for comparison:
capture whenever the line allows (a king only when nothing else is left to
take or the cards are nearly gone), else a random move and card.

Measured 2026-11-23, seeds 1-10, on a machine at load 11-21 (so read the
CPU column, not the wall clock):

    mode          bot                          mean  won  great  CPU/decision
    solitaire     greedy rule                  11.1  0/10  0/10   -
    solitaire     search:3:nodes=1500 (old)    23.5  1/10  0/10   -
    solitaire     search:2 (the planner)       34.2  6/10  0/10   0.22 s (max 0.84)
    two players   greedy rule                  12.4  0/10  0/10   -
    two players   search:3:nodes=1500 (old)    32.6  5/10  1/10   -
    two players   search:2 (the planner)       40.9  8/10  2/10   0.18 s (max 0.93)
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def greedy(state, seat, rng):
    from game.games.cooperative.actions import EndTurn, PlaceCard, PlayCard
    from game.games.cooperative.evaluation import cards_to_come

    actions = state.legal_actions(seat)
    captures = [a for a in actions if not isinstance(a, EndTurn | PlaceCard | PlayCard)]
    captures = [a for a in captures if state.victim(a) is not None]
    kings = [a for a in captures if state.victim(a).kind == "king"]
    others = [a for a in captures if a not in kings]
    if kings and (not others or cards_to_come(state) <= 2):
        return kings[0]
    if others:
        return rng.choice(others)
    quiet = [a for a in actions if a not in captures]
    return rng.choice(quiet)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mode", default="solitaire", choices=("solitaire", "two players"))
    parser.add_argument("--bot", default="search:2")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--greedy", action="store_true")
    args = parser.parse_args()

    from game.ai import make_bot
    from game.games import load_all

    game = load_all()["cooperative"]
    bot = make_bot(args.bot)
    scores, slowest, total_time, total_steps = [], 0.0, 0.0, 0
    cpu_total, cpu_slowest = 0.0, 0.0
    print(f"Cooperative Chess, {args.mode}, {'greedy rule' if args.greedy else args.bot}")
    for g in range(args.games):
        seed = args.seed + g
        state = game.new({"mode": args.mode}, seed=seed)
        rng = random.Random(seed)
        steps, spent = 0, 0.0
        while not state.is_over():
            seat = state.to_act()[0]
            start = time.perf_counter()
            cpu = time.process_time()
            if args.greedy:
                action = greedy(state, seat, rng)
            else:
                action = bot.choose(state.view(seat), seat, rng)
            took = time.perf_counter() - start
            cpu = time.process_time() - cpu
            cpu_total += cpu
            cpu_slowest = max(cpu_slowest, cpu)
            spent += took
            slowest = max(slowest, took)
            state.apply({seat: action})
            steps += 1
        result = state.result()
        score = int(result.scores[0])
        scores.append(score)
        total_time += spent
        total_steps += steps
        from game.games.cooperative.evaluation import cards_to_come

        gone = [k for k in state.kinds_gone() if k != "king"]
        left = cards_to_come(state)
        print(
            f"  seed {seed}: {score:3d} points  {steps:4d} decisions  "
            f"{spent / steps:.3f} s each  {left:2d} cards left  {result.reason}"
            + ("" if state.king_fell() else f" (kinds gone: {', '.join(gone) or 'none'})")
        )
    print(
        f"mean {statistics.mean(scores):.1f}  median {statistics.median(scores)}  "
        f"won (32+) {sum(s >= 32 for s in scores)}/{len(scores)}  "
        f"great (51+) {sum(s > 50 for s in scores)}/{len(scores)}  "
        f"{total_time / max(1, total_steps):.3f} s a decision, slowest {slowest:.2f} s"
    )
    print(
        f"CPU time {cpu_total / max(1, total_steps):.3f} s a decision, "
        f"slowest {cpu_slowest:.2f} s  (load average {os.getloadavg()[0]:.1f})"
    )


if __name__ == "__main__":
    main()
