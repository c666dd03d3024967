"""How fast Half Alice and Adrenaline Chess decide: random playouts (legal
actions per second, from positions with stacks and glass pieces) and the
time the computer's search takes per decision at the setup levels.

    .venv/bin/python scripts/bench_markers.py
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import think_now  # noqa: E402
from game.games import load_all  # noqa: E402


def playouts(game, games: int = 6, plies: int = 150) -> tuple[int, float]:
    count, start = 0, time.perf_counter()
    for seed in range(games):
        state = game.new(seed=seed)
        rng = random.Random(seed)
        for _ in range(plies):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply({seat: rng.choice(state.legal_actions(seat))})
            count += 1
    return count, time.perf_counter() - start


def search(game, spec: str, decisions: int = 8) -> float:
    state = game.new(seed=1)
    rng = random.Random(1)
    for _ in range(30):  # into the middle game
        seat = state.to_act()[0]
        state.apply({seat: rng.choice(state.legal_actions(seat))})
    start = time.perf_counter()
    for _ in range(decisions):
        if state.is_over():
            break
        seat = state.to_act()[0]
        action = think_now(spec, state.view(seat), seat, rng, time_limit=1e9, time_cap=1e9)
        state.apply({seat: action})
    return (time.perf_counter() - start) / decisions


def main() -> None:
    games = load_all()
    for gid in ("half_alice", "adrenaline"):
        game = games[gid]
        n, secs = playouts(game)
        print(f"{gid}: {n} random decisions in {secs:.2f} s = {n / secs:.0f}/s")
        for spec in ("search:1:nodes=300", "search:2:nodes=1500"):
            print(f"{gid}: {spec}: {search(game, spec) * 1000:.0f} ms a decision")


if __name__ == "__main__":
    main()
