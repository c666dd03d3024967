"""Telepathic Chess computer players: how long a decision takes at each
level (the predictor runs the mover's whole choice, so the two cost about
the same), and how often the predictor's bet comes true, with a computer
mover and with a mover playing at random. Prints its figures; no limits are
asserted (tests bound searches by nodes, never by the clock).

    .venv/bin/python scripts/bench_telepathic.py [GAMES]
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.match import Match  # noqa: E402

STEPS = 40  # decisions per game measured


def run(level: int, games: int, random_mover: bool) -> None:
    times: dict[str, list[float]] = {"predict": [], "move": []}
    outcomes: Counter = Counter()
    bot = make_bot(f"search:{level}", time_limit=1e9, time_cap=1e9)
    for seed in range(games):
        match = Match("telepathic", seed=seed)
        rng = random.Random(seed)
        for _ in range(STEPS):
            if match.is_over():
                break
            (seat,) = match.to_act()
            state = match.state
            phase = state.phase
            if phase == "move" and random_mover:
                action = rng.choice(state.legal_actions(seat))
            else:
                start = time.perf_counter()
                action = bot.choose(state.view(seat), seat, rng)
                if phase in times:
                    times[phase].append(time.perf_counter() - start)
            for event in match.play({seat: action}):
                if event.kind == "reveal":
                    outcomes[event["outcome"]] += 1
    mover = "random mover" if random_mover else "computer mover"
    total = sum(outcomes.values()) or 1
    share = ", ".join(f"{k} {100 * outcomes[k] / total:.0f}%" for k in ("pull", "stay", "push"))
    print(f"level {level}, {mover}: {share} of {total} reveals")
    for phase, values in times.items():
        if values:
            print(
                f"  {phase}: median {1000 * statistics.median(values):.0f} ms, "
                f"max {1000 * max(values):.0f} ms over {len(values)}"
            )


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    for level in (1, 2, 3):
        run(level, games, random_mover=False)
    run(2, games, random_mover=True)


if __name__ == "__main__":
    main()
