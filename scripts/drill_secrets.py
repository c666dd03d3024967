"""Secrets drill: for every game that hides something, over positions reached
by random play, check that nothing a seat may not know reaches it: the view,
the public notation, the events shown to it, the pixels of its play scene,
and what the computer players decide for it (tests/helpers/secrets_audit.py
says how each is checked). Prints per game how many of each were checked
and every failure; exit status 1 if any.

    python scripts/drill_secrets.py [--seeds 4] [--steps 200] [--every 8]
        [--game zombie ...] [--no-workers] [--pixels-every 3]

Bots: every spec a computer seat or a hint may use in the game (node-limited
and untimed, so a decision is repeatable), by ``think_now`` at each position
and through the app's worker processes (a computer seat's, the Hint
button's) at every fourth.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def audit_game(game_id, args, app, routes, failures) -> Counter:
    from helpers import conformance, secrets_audit

    counts: Counter = Counter()
    specs = secrets_audit.bot_specs(game_id)

    def attempt(kind, check, *a):
        try:
            check(*a)
            counts[kind] += 1
        except AssertionError as e:
            failures.append(f"{game_id} {kind}: {e}")
            counts[f"{kind} FAILED"] += 1

    for seed in range(1, args.seeds + 1):
        rng = random.Random(seed)
        for n, match in enumerate(secrets_audit.positions(game_id, seed, args.steps, args.every)):
            counts["positions"] += 1
            state = match.state
            seats = range(len(state.game.seats))
            for seat in seats:
                attempt("core", conformance.check_secrets, state, seat, rng)
                try:
                    compared, revealed = secrets_audit.check_events(state, seat, rng)
                    counts["event steps"] += compared
                    counts["steps that revealed"] += revealed
                except AssertionError as e:
                    failures.append(f"{game_id} events: {e}")
                    counts["events FAILED"] += 1
            if app is not None and n % args.pixels_every == 0 and not match.is_over():
                for seat in seats:
                    attempt("pixels", conformance.check_pixels, app, match, seat, rng)
                    try:
                        counts["step pixels"] += secrets_audit.check_step_pixels(
                            app, match, seat, rng
                        )
                    except AssertionError as e:
                        failures.append(f"{game_id} step pixels: {e}")
                        counts["step pixels FAILED"] += 1
            for seat in state.to_act():
                bot_seed = rng.getrandbits(32)
                for spec in specs:
                    attempt(
                        "bot decisions",
                        secrets_audit.check_bot,
                        secrets_audit.by_think_now,
                        spec,
                        state,
                        seat,
                        rng,
                        bot_seed,
                    )
                if routes is not None and n % 4 == 0:
                    spec = rng.choice(specs)
                    for name, route in (
                        ("worker decisions", routes.computer_seat),
                        ("hint decisions", routes.hint),
                    ):
                        attempt(name, secrets_audit.check_bot, route, spec, state, seat, rng, 7)
    return counts


def main() -> int:
    from helpers import secrets_audit

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--seeds", type=int, default=4, help="random games per game")
    p.add_argument("--steps", type=int, default=200, help="steps per random game at most")
    p.add_argument("--every", type=int, default=8, help="check every this many steps")
    p.add_argument("--pixels-every", type=int, default=3, help="pixels at every n-th position")
    p.add_argument("--game", action="append", help="only these games (repeatable)")
    p.add_argument("--no-pixels", action="store_true")
    p.add_argument("--no-workers", action="store_true", help="bots in this process only")
    args = p.parse_args()
    if not os.environ.get("CHESS_VARIANTS_HOME"):  # a data folder of its own
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="secrets-")
    games = args.game or secrets_audit.hidden_games()
    print(f"games that hide something: {', '.join(secrets_audit.hidden_games())}")
    app = None
    if not args.no_pixels:
        from helpers.ui_driver import make_app

        app = make_app()
    routes = None if args.no_workers else secrets_audit.WorkerRoutes()
    failures: list[str] = []
    kinds = [
        "positions",
        "core",
        "event steps",
        "steps that revealed",
        "pixels",
        "step pixels",
        "bot decisions",
        "worker decisions",
        "hint decisions",
    ]
    heads = ("time s", "positions", "core", "events", "revealing", "pixels", "steps")
    heads += ("bots", "workers")
    print("\ncore: views and public notation per seat; events: steps whose events agree;")
    print("revealing: steps that told the worlds apart (not compared); pixels: scenes")
    print("drawn; steps: scenes drawn mid-step and after it (views after agreeing);")
    print("bots: decisions by think_now per spec; workers: a computer seat's and the")
    print("Hint button's worker")
    print(f"\n{'game':<14}" + "".join(f"{k:>10}" for k in heads))
    try:
        for game_id in games:
            t0 = time.perf_counter()
            counts = audit_game(game_id, args, app, routes, failures)
            values = [counts[k] for k in kinds[:-2]]
            values.append(f"{counts['worker decisions']}+{counts['hint decisions']}")
            row = "".join(f"{v:>10}" for v in values)
            print(f"{game_id:<14}{time.perf_counter() - t0:>10.0f}{row}", flush=True)
            bad = {k: v for k, v in counts.items() if "FAILED" in k}
            if bad:
                print(f"  failed: {bad}")
    finally:
        if routes is not None:
            routes.close()
        if app is not None:
            app.close()
    print(f"\nfailures: {len(failures)}")
    for failure in failures[:20]:
        print(f"  {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
