"""Where a chess search spends its time: cProfile over Chess960 middlegames.

Searches each position below for ``--time`` seconds (or to ``--nodes``
nodes or ``--depth`` plies, the same tree every run) under cProfile and prints the functions
that cost the most, by their own time and by their cumulative time.

    .venv/bin/python scripts/profile_search.py [--time 0.5] [--nodes N] [--depth D]
        [--top 25] [--no-profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.search import Limits, Search  # noqa: E402
from game.games import load_all  # noqa: E402

# Chess960 middlegames from our games against Stockfish (scripts/sf_review.py).
MIDDLEGAMES = [
    "nrqb2kr/pp2ppp1/2bpn3/2p4p/4P3/1N1PN3/PPP1BPPP/1RQ1B1KR w KQkq - 1 6",
    "b1r1kq1r/pp1ppppp/2n2n2/2p1P3/5b2/1PN2N2/P1PPQPPP/B1RBK2R b KQkq - 0 6",
    "rn1kq1bb/ppp4p/1n6/3N1p2/5p2/B5P1/PPKPP2P/R3QR1B w q - 1 10",
    "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP2BPPP/R2QKB1R w KQ - 0 8",
    "2r1k3/p2pBp2/8/1pp4p/5bp1/1P4P1/P1PP1P1P/2KbR3 b q - 0 19",
    "nr1b3r/pp2p1k1/2qpnppN/7p/2P1b3/1NBB4/PPP2PPP/1RQ3KR w KQ - 0 12",
    "nr6/pp4k1/1b3ppN/2q4p/4r3/3Q4/PPP1nPPP/1R3K1R w - - 6 25",
    "7B/3kpr2/1pp1n3/p2p4/P7/1P1P2PQ/1KP1P3/5r2 b - - 4 27",
    "b1rkq1r1/N1p2p1p/ppp1p1n1/6p1/6P1/1P4N1/P1PPPP1P/b1RKQ1R1 w KQkq - 0 9",
    "5rk1/Nbpqbp1p/pp2p1n1/2p5/4N1Pp/1P3P2/P1PPP2Q/1R1K2R1 w K - 2 17",
]


CUTOFFS = [0, 0]  # beta cutoffs by a later action, by the first


def run(time_limit: float, nodes: int, depth: int = 64) -> tuple[int, float, list[int]]:
    game = load_all()["chess960"]
    total, seconds, depths = 0, 0.0, []
    for fen in MIDDLEGAMES:
        state = game.from_text(fen)
        seat = state.to_act()[0]
        limits = Limits(depth, time_limit, time_cap=time_limit, node_limit=nodes)
        search = Search(seat, limits, random.Random(0))
        start = time.process_time()
        result = search.run(state.copy())
        seconds += time.process_time() - start
        total += search.nodes
        cutoffs = getattr(search, "cutoffs", (0, 0))  # older code (before/after runs) has none
        CUTOFFS[0] += cutoffs[0]
        CUTOFFS[1] += cutoffs[1]
        depths.append(result.depth)
    return total, seconds, depths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--nodes", type=int, default=10**9)
    parser.add_argument("--depth", type=int, default=64, help="to this depth, untimed")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument("--no-profile", action="store_true", help="only nodes, seconds, depths")
    args = parser.parse_args()
    untimed = args.nodes < 10**9 or args.depth < 64
    time_limit = 1e9 if untimed else args.time
    if args.no_profile:
        nodes, seconds, depths = run(time_limit, args.nodes, args.depth)
        print(f"{nodes} nodes in {seconds:.2f} s CPU: {nodes / seconds:,.0f} n/s, depths {depths}")
        later, first = CUTOFFS
        share = first / max(1, first + later)
        print(f"beta cutoffs {first + later}, by the first action {share:.1%}")
        return
    profile = cProfile.Profile()
    profile.enable()
    nodes, seconds, depths = run(time_limit, args.nodes, args.depth)
    profile.disable()
    print(f"{nodes} nodes in {seconds:.2f} s CPU (profiled): depths {depths}")
    stats = pstats.Stats(profile)
    stats.sort_stats("tottime").print_stats(args.top)
    stats.sort_stats("cumulative").print_stats(args.top)


if __name__ == "__main__":
    main()
