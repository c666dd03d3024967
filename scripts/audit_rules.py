"""Issue 26: an audit of the rules by seeded random playouts.

    python scripts/audit_rules.py [--games tar_pit,zombie] [--n 200] [--steps 1500]
        [--modes all|default]

For each game and mode (its default options, then each other choice of each
option one at a time; of a number, only the smallest and largest), plays
``--n`` random games (seeds 0 to n-1, random legal actions, to the end or
``--steps`` steps) and counts, in every position along the way:

- kingless: a side without its king where the game has check, or a game that
  goes on without one where taking the king ends it (tests/helpers/properties.py);
- text: a position text that does not read back to the same position (the
  same text, whether and how it ended, the same choices);
- notation: a legal action whose notation does not parse back to it (every
  legal action of every position, or ``--sample K`` of them chosen at random);
- errors: exceptions (the first one is printed);
- the worst CPU time to list the legal actions of a position read from its
  text (who acts, then their actions), and where it was.

One line per game and mode; the exit status is 1 if anything was counted.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))


def modes(game) -> list[dict]:
    """The default options, then each other choice of each option alone."""
    default = game.default_options()
    out = [default]
    for option in game.options:
        choices = [c for c in option.choices if c != option.default]
        if choices and all(isinstance(c, int) for c in option.choices):
            low, high = min(option.choices), max(option.choices)
            choices = [c for c in (low, high) if c != option.default]
        out.extend({**default, option.key: c} for c in choices)
    return out


def mode_name(game, options: dict) -> str:
    changed = [f"{k}={v}" for k, v in options.items() if v != game.default_options()[k]]
    return ",".join(changed) or "default"


class Tally:
    def __init__(self) -> None:
        self.games = self.over = self.steps = self.actions = 0
        self.kingless = self.text = self.notation = self.errors = 0
        self.first_error = ""
        self.worst = 0.0
        self.worst_at = ""

    def line(self, name: str) -> str:
        return (
            f"{name:<44} games {self.games:4d} ended {self.over:4d} steps {self.steps:7d}"
            f" | kingless {self.kingless} text {self.text}"
            f" notation {self.notation}/{self.actions} errors {self.errors}"
            f" | worst listing {self.worst * 1000:8.1f} ms CPU ({self.worst_at})"
        )

    def bad(self) -> int:
        return self.kingless + self.text + self.notation + self.errors


def audit_position(state, tally: Tally, where: str, sample: int, rng: random.Random) -> None:
    from helpers.conformance import check_text
    from helpers.properties import check_kings

    game = state.game
    try:
        check_kings(state)
    except AssertionError:
        tally.kingless += 1
    try:
        check_text(state)
    except AssertionError:
        tally.text += 1
    fresh = game.from_text(state.to_text())
    start = time.process_time()
    for seat in fresh.to_act():
        fresh.legal_actions(seat)
    took = time.process_time() - start
    if took > tally.worst:
        tally.worst, tally.worst_at = took, where
    for seat in state.to_act():
        actions = state.legal_actions(seat)
        if sample and len(actions) > sample:
            actions = rng.sample(actions, sample)
        for action in actions:
            tally.actions += 1
            try:
                if state.parse_action(state.notation(action), seat) != action:
                    tally.notation += 1
            except Exception:  # an unparseable text is a failure like a wrong one
                tally.notation += 1


def audit(game_id: str, options: dict, n: int, steps: int, sample: int = 0) -> Tally:
    from game.match import Match

    tally = Tally()
    for seed in range(n):
        rng = random.Random(seed)
        pick = random.Random(~seed)  # the sample's draws leave the game's own alone
        match = Match(game_id, options, seed=seed)
        tally.games += 1
        try:
            for step in range(steps + 1):
                audit_position(match.state, tally, f"seed {seed} step {step}", sample, pick)
                if match.is_over():
                    tally.over += 1
                    break
                state = match.state
                choice = {s: rng.choice(state.legal_actions(s)) for s in state.to_act()}
                match.play(choice)
                tally.steps += 1
        except Exception as error:  # counted and told, the audit goes on
            tally.errors += 1
            if not tally.first_error:
                tally.first_error = f"seed {seed}: {type(error).__name__}: {error}"
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--n", type=int, default=200, help="playouts per game and mode")
    parser.add_argument("--steps", type=int, default=1500, help="most steps a playout")
    parser.add_argument("--modes", choices=("all", "default"), default="all")
    parser.add_argument(
        "--sample", type=int, default=0, help="notations checked per position (0: every action)"
    )
    args = parser.parse_args(argv)

    from game.games import load_all

    games = load_all()
    ids = [g for g in args.games.split(",") if g] or sorted(games)
    unknown = [g for g in ids if g not in games]
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)}")
    bad = 0
    for game_id in ids:
        game = games[game_id]
        for options in modes(game) if args.modes == "all" else [game.default_options()]:
            tally = audit(game_id, options, args.n, args.steps, args.sample)
            print(tally.line(f"{game_id} [{mode_name(game, options)}]"), flush=True)
            if tally.first_error:
                print(f"    first error: {tally.first_error}", flush=True)
            bad += tally.bad()
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
