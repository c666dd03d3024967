"""What loading a save costs against playing its steps, for every game.

    python scripts/bench_load.py [--steps 500] [--seed 1] [--game adrenaline]

For each game: a seeded random game of ``--steps`` steps (fewer where the game
ends sooner: the table says how many were played), then

- play: the CPU seconds to choose each step among the legal actions and play
  it through ``Match.play`` (which writes its notation, as the app does);
- load: the CPU seconds of ``Match.from_dict`` on that game's save, which
  reads every step back from its notation and replays it (as the app's load);
- the ratio load / play (the target: at most 2 in every game).

Then the CPU a step of a conformance-style playout (up to 200 random steps
through ``Match.play``, six legal actions' notation written and parsed back a
step), in ms, so the slow games stand out. Measured in CPU time (time.process_time). Writes nothing.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def played(game_id: str, seed: int, steps: int):
    """The match of a seeded random game and the CPU its steps cost."""
    from game.match import Match

    rng = random.Random(seed)
    match = Match(game_id, seed=seed)
    start = time.process_time()
    for _ in range(steps):
        if match.is_over():
            break
        state = match.state
        match.play({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    return match, time.process_time() - start


def loaded(match) -> float:
    """The CPU of loading ``match``'s save back (its steps read from notation)."""
    from game.match import Match

    data = match.to_dict()
    start = time.process_time()
    again = Match.from_dict(data)
    took = time.process_time() - start
    assert again.state.to_text() == match.state.to_text()
    return took


def playout_with_parsing(game_id: str, seed: int, steps: int) -> tuple[float, int]:
    """The CPU of a random playout that writes and parses back six legal
    actions' notation a step, as the conformance playouts do, and its steps."""
    from game.match import Match

    rng = random.Random(seed)
    match = Match(game_id, seed=seed)
    start = time.process_time()
    for _ in range(steps):
        if match.is_over():
            break
        state = match.state
        choice = {}
        for s in state.to_act():
            actions = state.legal_actions(s)
            for a in rng.sample(actions, min(6, len(actions))):
                assert state.parse_action(state.notation(a), s) == a
            choice[s] = rng.choice(actions)
        match.play(choice)
    return time.process_time() - start, len(match.records)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--steps", type=int, default=500, help="steps per game (500)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random games (1)")
    parser.add_argument("--game", action="append", help="only this game (may repeat)")
    parser.add_argument(
        "--playout-steps", type=int, default=200, help="steps of the parsing playout (200)"
    )
    args = parser.parse_args(argv)

    from game.games import load_all

    games = load_all()
    ids = args.game or sorted(games)
    print(f"{'game':<15} {'steps':>5} {'play s':>8} {'load s':>8} {'ratio':>6} {'ms/step':>8}")
    worst = 0.0
    for game_id in ids:
        match, play = played(game_id, args.seed, args.steps)
        load = loaded(match)
        ratio = load / play if play > 0 else 0.0
        worst = max(worst, ratio)
        playout, steps = playout_with_parsing(game_id, args.seed, args.playout_steps)
        short = "" if len(match.records) >= args.steps else "  (ended sooner)"
        print(
            f"{game_id:<15} {len(match.records):>5} {play:8.3f} {load:8.3f} "
            f"{ratio:6.2f} {1000 * playout / max(steps, 1):8.2f}{short}"
        )
    print(f"worst load/play ratio: {worst:.2f} (target: at most 2)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
