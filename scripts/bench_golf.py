"""How fast the Chess Golf solver proves par: a fixed set of dealt holes.

Each hole is dealt as in the game (a seeded shuffle lays out the 16 pieces
with Appendix A's gaps, another deals the chosen cards). The set holds
typical two-card holes and the longest holes found by dealing many at random
(``--hunt`` deals more and prints the longest it meets). For each hole the
solver's par, the seconds it took (wall clock, and this process's CPU time:
on a shared machine compare CPU seconds and states), the states it searched
and one shortest line are printed; the text's worked example comes first.

``--deals N`` measures instead what dealing a hole costs the window's thread
when playing alone: the deal proves par with the solver (bounded by
rules.DEAL_NODES; a hole it cannot settle is put back and another dealt).
It plays N rounds of nine holes alone (each hole solved by its shortest
line, the captured pieces put back) and prints the mean and worst seconds a
deal took (CPU time), for two-card and three-card holes.

    .venv/bin/python scripts/bench_golf.py [--hunt N --cards 2|3] [--deals N]
"""

from __future__ import annotations

import argparse
import random
import time

from game.games.golf import hole as H
from game.games.golf.hole import Goal
from game.games.golf.solver import parse_puzzle, solve

WORKED_EXAMPLE = H.WORKED_EXAMPLE + "chosen: Kb\n"

# (seed, cards): deals of ``deal``; the longest were found with --hunt.
HOLES = [
    (101, 2),
    (119, 2),
    (125, 2),
    (128, 2),
    (182, 2),
    (9, 3),
    (43, 3),
    (63, 3),
    (75, 3),
    (83, 3),
    (87, 3),
    (131, 3),
]


def deal(seed: int, cards: int) -> tuple[H.Board, Goal]:
    """The board and chosen cards of a deal: seeded like the benchmark's
    hunt, laid out with the gaps of Appendix A."""
    rng = random.Random(seed)
    order = list(H.FULL_SET)
    rng.shuffle(order)
    deck = list(H.FULL_SET)
    rng.shuffle(deck)
    return H.layout(order), Goal.of(deck[:cards])


def run(name: str, board: H.Board, goal: Goal) -> tuple[float, float]:
    """Solve one hole and print a row: wall seconds and this process's CPU
    seconds (the machine is shared: CPU time and states are what compare)."""
    start = time.perf_counter()
    cpu = time.process_time()
    found = solve(board, goal)
    seconds = time.perf_counter() - start
    cpu = time.process_time() - cpu
    par = "-" if found.length is None else str(found.length)
    print(
        f"{name:>12} {goal.text():>5} {par:>4} {seconds:8.2f} {cpu:6.2f} {found.nodes:>9}"
        f"  {found.text()}"
    )
    return seconds, cpu


def hunt(count: int, cards: int, node_limit: int) -> None:
    """Deal ``count`` holes and print the longest (ties: the slowest)."""
    found = []
    for seed in range(count):
        board, goal = deal(seed, cards)
        start = time.perf_counter()
        try:
            length = solve(board, goal, node_limit=node_limit).length
        except Exception:  # SearchLimit: too hard for the budget
            length = None
        found.append((length or 0, time.perf_counter() - start, seed))
    found.sort(reverse=True)
    lengths = [f[0] for f in found]
    print(
        f"{count} holes of {cards} cards: par "
        + ", ".join(f"{n}: {lengths.count(n)}" for n in sorted(set(lengths)))
    )
    for length, seconds, seed in found[:8]:
        print(f"  seed {seed}: par {length}, {seconds:.2f} s")


def deals(rounds: int) -> None:
    """What dealing costs a player alone: ``rounds`` rounds per kind of hole."""
    from game.games.golf.rules import DEAL_NODES, Go, solution_line
    from game.match import Match

    print(f"DEAL_NODES = {DEAL_NODES}")
    for cards in ("two cards", "three cards"):
        times = []
        for seed in range(1, rounds + 1):
            start = time.process_time()
            match = Match("golf", {"players": 1, "cards": cards}, seed=seed)
            times.append(time.process_time() - start)
            while not match.is_over():
                state = match.state
                for move in solution_line(state.board, state.goal):
                    match.play({0: Go(move.frm, move.to)})
                while match.state.phase == "place":
                    start = time.process_time()
                    match.play({0: match.state.legal_actions(0)[0]})
                    if match.state.phase != "place":  # the next hole was dealt
                        times.append(time.process_time() - start)
        mean = sum(times) / len(times)
        print(f"{cards:>12}: {len(times)} deals, mean {mean:.3f} s, worst {max(times):.3f} s cpu")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--hunt", type=int, default=0, help="deal this many holes and list the longest"
    )
    parser.add_argument("--cards", type=int, default=3, choices=(2, 3))
    parser.add_argument("--nodes", type=int, default=2_000_000, help="node budget per hunted hole")
    parser.add_argument("--deals", type=int, default=0, help="rounds alone per kind of hole")
    args = parser.parse_args()
    if args.deals:
        deals(args.deals)
        return
    if args.hunt:
        hunt(args.hunt, args.cards, args.nodes)
        return
    print(
        f"{'hole':>12} {'cards':>5} {'par':>4} {'seconds':>8} {'cpu':>6} {'states':>9}"
        "  shortest line"
    )
    wall, cpu = run("example", *parse_puzzle(WORKED_EXAMPLE))
    for seed, cards in HOLES:
        w, c = run(f"seed {seed}", *deal(seed, cards))
        wall, cpu = wall + w, cpu + c
    print(f"{'total':>12} {'':>5} {'':>4} {wall:8.2f} {cpu:6.2f}")


if __name__ == "__main__":
    main()
