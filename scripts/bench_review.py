"""CPU seconds to analyse a 60-step game of each game at its documented
node budget (game/ai/analysis.py ``BUDGETS``); target: under 30 s each.

The game is a seeded random playout (the same every run) of up to
``--steps`` steps; a game that ends sooner is analysed as it ended. CPU time
(time.process_time), not the wall clock: the machine is shared. Progress is
printed while each game is analysed.

    python scripts/bench_review.py [--steps 60] [--games chess,maces] [--nodes N]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai.analysis import SKIPPED, review  # noqa: E402
from game.games import REGISTRY, load_all  # noqa: E402
from game.match import Match  # noqa: E402

TARGET = 30.0  # CPU seconds per game


def playout(game_id: str, steps: int, seed: int = 7) -> Match:
    """A seeded random game of at most ``steps`` steps."""
    match = Match(game_id, seed=seed)
    rng = random.Random(seed)
    while not match.is_over() and len(match.records) < steps:
        state = match.state
        match.play({s: rng.choice(list(state.legal_actions(s))) for s in state.to_act()})
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=60)
    parser.add_argument("--games", default="", help="comma-separated ids (default: all)")
    parser.add_argument("--nodes", type=int, default=None, help="another budget per position")
    args = parser.parse_args(argv)
    load_all()
    ids = [g for g in args.games.split(",") if g] or sorted(REGISTRY)
    print(
        f"{'game':<15}{'steps':>6}{'nodes':>8}{'cpu s':>8}  (target < {TARGET:.0f} s)", flush=True
    )
    over = []
    for game_id in ids:
        if game_id in SKIPPED:
            print(f"{game_id:<15}{0:>6}{0:>8}{'-':>8}  skipped: no search", flush=True)
            continue
        match = playout(game_id, args.steps)

        def progress(done: int, total: int, game_id=game_id) -> None:
            print(f"\r{game_id}: {done}/{total}", end="", file=sys.stderr, flush=True)

        start = time.process_time()
        result = review(match, progress=progress, nodes=args.nodes)
        seconds = time.process_time() - start
        print(file=sys.stderr)
        ok = "ok" if seconds < TARGET else "OVER"
        if seconds >= TARGET:
            over.append(game_id)
        steps, nodes = len(result.steps), result.nodes
        print(f"{game_id:<15}{steps:>6}{nodes:>8}{seconds:8.1f}  {ok}", flush=True)
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
