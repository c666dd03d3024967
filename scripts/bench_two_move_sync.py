"""Two Move Chess and Synchronous Chess with computer players on both seats:
whole games, each decision made from the seat's view, and the time each
decision takes. ``--duel N`` also plays N Two Move games of the game's own
evaluation (king danger) against the plain chess one, sides alternating.

    .venv/bin/python scripts/bench_two_move_sync.py [--spec search:2:nodes=600] [--games 4]
        [--duel 0]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import evaluate as E  # noqa: E402
from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402
from game.match import Match  # noqa: E402

UNTIMED = {"time_limit": 1e9, "time_cap": 1e9}


def play(game_id: str, seed: int, bot, choose_eval=None, max_steps: int = 800):
    match = Match(game_id, seed=seed)
    rng = random.Random(seed)
    decisions, spent = 0, 0.0
    while not match.is_over() and len(match.records) < max_steps:
        state = match.state
        actions = {}
        for seat in state.to_act():
            if choose_eval is not None:
                choose_eval(seat)
            start = time.perf_counter()
            actions[seat] = bot.choose(state.view(seat), seat, rng)
            spent += time.perf_counter() - start
            decisions += 1
        match.play(actions)
    return match, decisions, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--spec", default="search:2:nodes=600")
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--duel", type=int, default=0)
    args = parser.parse_args()
    games = load_all()
    bot = make_bot(args.spec, **UNTIMED)
    for game_id in ("two_move", "synchronous"):
        total_decisions, total_time = 0, 0.0
        for seed in range(args.games):
            match, decisions, spent = play(game_id, seed, bot)
            result = match.state.result()
            reason = result.reason if result else "not over"
            print(f"{game_id} seed {seed}: {len(match.records)} steps, {reason}")
            total_decisions += decisions
            total_time += spent
        per = 1000 * total_time / max(1, total_decisions)
        print(f"{game_id}: {total_decisions} decisions, {per:.1f} ms per decision ({args.spec})")
    if args.duel:
        from game.games.two_move import evaluation

        game = games["two_move"]
        points = 0.0
        for seed in range(args.duel):
            own = seed % 2

            def choose_eval(seat: int, own: int = own) -> None:
                E._by_game[type(game)] = evaluation.evaluate if seat == own else E.chess_like_eval

            match, _, _ = play("two_move", seed, bot, choose_eval)
            result = match.state.result()
            points += result.points[own] if result else 0.5
        E._by_game.pop(type(game), None)
        print(f"two_move duel: the king-danger evaluation scored {points} of {args.duel}")


if __name__ == "__main__":
    main()
