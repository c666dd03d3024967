"""Search speed: nodes per second and the depth reached, per game.

For chess, Chess960 and Maces (and Tulpas), on a few fixed positions:

- a search to a fixed depth, untimed: its nodes, seconds and nodes per
  second (the same tree every run: the figure to compare before and after;
  seconds of this process's CPU time, since the machine is shared);
- the app's levels, Normal (``search:2``) and Hard (``search:3``) at their
  time budget (1.5 s a move, on the wall clock as in the app): the depth
  they complete and their nodes per second (CPU time); and the same budget
  with no depth cap ("open"), to show how deep the time would reach. On a
  loaded machine the wall clock gives the search less CPU than 1.5 s.

    .venv/bin/python scripts/bench_search.py [--games chess,maces] [--quick]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.search import Limits, Search  # noqa: E402
from game.games import load_all  # noqa: E402

CHESS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
    ("middlegame", "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8"),
    ("endgame", "8/5pk1/6p1/3R4/5P2/6P1/r5K1/8 w - - 0 40"),
]
CHESS960 = [
    ("#518 start", None, 518),
    ("#0 start", None, 0),
    ("#0 open", "bbqnnrkr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/BBQNNRKR w KQkq - 0 2", None),
]
FIXED_DEPTH = {"chess": 4, "chess960": 4, "maces": 3, "tulpas": 3}
RANDOM_PLIES = {"maces": 14, "tulpas": 14}  # Maces positions: the start, then a few random turns


def positions(games, game_id: str) -> list[tuple[str, object]]:
    game = games[game_id]
    if game_id == "chess":
        return [(name, game.from_text(fen)) for name, fen in CHESS]
    if game_id == "chess960":
        out = []
        for name, fen, number in CHESS960:
            if fen is not None:
                out.append((name, game.from_text(fen)))
            else:
                out.append((name, game.new({"start": "number", "number": number}, seed=number)))
        return out
    out = [("start", game.new(seed=1))]
    for seed in (2, 3):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        turns = 0
        while turns < RANDOM_PLIES[game_id] and not state.is_over():
            acting = state.to_act()
            state.apply({s: rng.choice(state.legal_actions(s)) for s in acting})
            turns += 1
        if not state.is_over() and len(state.to_act()) == 1:
            out.append((f"random {seed}", state))
    return out


def fixed_depth(state, depth: int) -> tuple[int, float]:
    seat = state.to_act()[0]
    limits = Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=10**9)
    search = Search(seat, limits, random.Random(0))
    start = time.process_time()  # this process's CPU time: others' load counts less
    search.run(state.copy())
    return search.nodes, time.process_time() - start


def level(state, spec: str, depth: int | None = None) -> tuple[int, int, float]:
    seat = state.to_act()[0]
    bot = make_bot(spec) if depth is None else make_bot(spec, depth=depth)
    start = time.process_time()
    bot.choose(state.view(seat), seat, random.Random(0))
    seconds = time.process_time() - start
    last = bot.last
    if last is None:
        return 0, 0, seconds
    return last.depth, last.nodes, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="chess,chess960,maces,tulpas")
    parser.add_argument("--quick", action="store_true", help="fixed depth only")
    args = parser.parse_args()
    games = load_all()
    header = ("game", "position", "depth", "nodes", "s", "n/s")
    print("Fixed depth, untimed")
    print("{:9} {:12} {:>5} {:>9} {:>7} {:>8}".format(*header))
    totals: dict[str, list[float]] = {}
    for game_id in args.games.split(","):
        depth = FIXED_DEPTH.get(game_id, 2)
        for name, state in positions(games, game_id):
            nodes, seconds = fixed_depth(state, depth)
            t = totals.setdefault(game_id, [0, 0.0])
            t[0] += nodes
            t[1] += seconds
            row = (game_id, name, depth, nodes, f"{seconds:.2f}", f"{nodes / seconds:,.0f}")
            print("{:9} {:12} {:>5} {:>9} {:>7} {:>8}".format(*row))
    for game_id, (nodes, seconds) in totals.items():
        print(f"{game_id:9} {'all':12} {'':>5} {nodes:>9} {seconds:>7.2f} {nodes / seconds:>8,.0f}")
    if args.quick:
        return
    print()
    print("The app's levels at their time budget (1.5 s a move): depth completed, n/s")
    columns = ("game", "position", "Normal", "Hard", "Hard, open")
    print("{:9} {:12} {:>14} {:>14} {:>14}".format(*columns))
    for game_id in args.games.split(","):
        for name, state in positions(games, game_id):
            cells = []
            for spec, depth in (("search:2", None), ("search:3", None), ("search:3", 64)):
                d, nodes, seconds = level(state, spec, depth)
                cells.append(f"d{d} {nodes / max(seconds, 1e-9):>9,.0f}")
            print("{:9} {:12} {:>14} {:>14} {:>14}".format(game_id, name, *cells))


if __name__ == "__main__":
    main()
