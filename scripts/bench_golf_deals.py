"""What dealing a Chess Golf hole costs the window's thread when playing
alone: the deal proves par with the solver (bounded by rules.DEAL_NODES; a
hole it cannot settle is put back and another dealt). Plays rounds of nine
holes alone (each hole solved by its shortest line, the captured pieces put
back) and prints the mean and worst seconds a deal took, for two-card and
three-card holes.

    PYTHONPATH=. .venv/bin/python scripts/bench_golf_deals.py [--seeds N]
"""

from __future__ import annotations

import argparse
import time

from game.games.golf.rules import DEAL_NODES, Go, solution_line
from game.match import Match


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=4, help="rounds per kind of hole")
    args = parser.parse_args()
    print(f"DEAL_NODES = {DEAL_NODES}")
    for cards in ("two cards", "three cards"):
        times = []
        for seed in range(1, args.seeds + 1):
            start = time.perf_counter()
            match = Match("golf", {"players": 1, "cards": cards}, seed=seed)
            times.append(time.perf_counter() - start)
            while not match.is_over():
                state = match.state
                for move in solution_line(state.board, state.goal):
                    match.play({0: Go(move.frm, move.to)})
                while match.state.phase == "place":
                    start = time.perf_counter()
                    match.play({0: match.state.legal_actions(0)[0]})
                    if match.state.phase != "place":  # the next hole was dealt
                        times.append(time.perf_counter() - start)
        mean = sum(times) / len(times)
        print(f"{cards:>12}: {len(times)} deals, mean {mean:.3f} s, worst {max(times):.3f} s")


if __name__ == "__main__":
    main()
