"""Typed positions: mutated and random position texts through every game's
``from_text``.

    python scripts/fuzz_positions.py [--count 500] [--seed 1] [--steps 12]
                                     [--limit 5] [--game chess ...]

For each game, ``--count`` texts made from real positions of seeded random
games (a character changed, dropped or doubled, two fields swapped, a number
made huge, zero or negative, a piece letter put in, ...) and from random
tokens. Each text must either be refused by ``from_text`` with a ValueError
and a short message, or give a state whose ``to_text``, ``result`` and
``legal_actions`` work and whose first ``--steps`` random steps play without
an exception. A text that takes over ``--limit`` seconds of CPU is counted
as hung. Prints accepted / refused / crashed / hung per game and the first
few crashes. Writes nothing.
"""

from __future__ import annotations

import argparse
import random
import re
import signal
import string
import sys
import traceback
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

MESSAGE_MAX = 300  # characters: a refusal is short (as in drill_saves.py)
NOISE = string.ascii_letters + string.digits + "/-=,.:;+*[]()~ " + "\u00e9\x00"
HUGE = ("0", "-1", "-7", "99999999999999999999", "1e9", "nan", "1000000", "")


# -- texts ------------------------------------------------------------------------------
def real_texts(game: Any, rng: random.Random, games: int = 3, steps: int = 40) -> list[str]:
    """Positions of a few seeded random games (every few steps, the last
    too). Every other game picks the kind of action first and then one of
    that kind, so rare decisions (giving a hole up, a pass, a throw) are
    made on purpose and their positions typed in too."""
    out = []
    for n in range(games):
        state = game.new(None, rng.randrange(2**31))
        for step in range(rng.randrange(1, steps)):
            if state.is_over():
                break
            if step % 5 == 0:
                out.append(state.to_text())
            acting = state.to_act()
            if n % 2:
                state.apply({s: _by_kind(state.legal_actions(s), rng) for s in acting})
            else:
                state.apply({s: rng.choice(state.legal_actions(s)) for s in acting})
        out.append(state.to_text())
    return out


def _by_kind(actions: list, rng: random.Random) -> Any:
    """A random kind of action among ``actions``, then one of that kind."""
    kinds: dict[str, list] = {}
    for a in actions:
        kinds.setdefault(type(a).__name__, []).append(a)
    return rng.choice(rng.choice(list(kinds.values())))


def _letters(text: str) -> str:
    return "".join(sorted({c for c in text if not c.isspace()})) or "x"


def mutate(text: str, rng: random.Random) -> str:
    """One to three random changes to a real position text."""
    for _ in range(rng.randint(1, 3)):
        text = _one_change(text, rng)
    return text


def _one_change(text: str, rng: random.Random) -> str:
    kind = rng.randrange(18)
    if kind >= 9 and "/" in text:
        return _board_change(text, rng)
    if not text:
        return rng.choice(NOISE)
    i = rng.randrange(len(text))
    fields = text.split(" ")
    if kind == 0:  # a character from the text itself put elsewhere
        return text[:i] + rng.choice(_letters(text)) + text[i + 1 :]
    if kind == 1:
        return text[:i] + text[i + 1 :]
    if kind == 2:
        return text[:i] + text[i] * rng.randint(2, 40) + text[i + 1 :]
    if kind == 3:
        return text[:i] + rng.choice(NOISE) + text[i + 1 :]
    if kind == 4 and len(fields) > 1:
        a, b = rng.sample(range(len(fields)), 2)
        fields[a], fields[b] = fields[b], fields[a]
        return " ".join(fields)
    if kind == 5:  # a number field made huge, zero, negative or not a number
        numeric = [j for j, f in enumerate(fields) if f.lstrip("-").isdigit()]
        if numeric:
            fields[rng.choice(numeric)] = rng.choice(HUGE)
            return " ".join(fields)
    if kind == 6:  # a field dropped or doubled
        j = rng.randrange(len(fields))
        if rng.random() < 0.5:
            del fields[j]
        else:
            fields.insert(j, fields[j])
        return " ".join(fields)
    if kind == 7:  # a digit inside a field changed
        digits = [j for j, c in enumerate(text) if c.isdigit()]
        if digits:
            j = rng.choice(digits)
            return text[:j] + rng.choice("0123456789") + text[j + 1 :]
    if kind == 8:  # the side letters swapped
        return text.translate(str.maketrans("wb", "bw")) if rng.random() < 0.5 else text.swapcase()
    return text[:i] + rng.choice(_letters(text)) + text[i:]


def _board_change(text: str, rng: random.Random) -> str:
    """A piece put on (or taken off) one square of the board field: kings
    added or removed, pawns on the first and last ranks, pieces under a
    marker."""
    fields = text.split(" ")
    j = next(k for k, f in enumerate(fields) if "/" in f)
    rows = [re.findall(r"\d+|\D", row) for row in fields[j].split("/")]
    cells = [
        [c for tok in row for c in (["."] * min(int(tok), 16) if tok.isdigit() else [tok])]
        for row in rows
    ]
    row = rng.choice([r for r in cells if r] or [["."]])
    pieces = [c for c in _letters(fields[j]) if c.isalpha()] or ["k"]
    row[rng.randrange(len(row))] = rng.choice([*pieces, "K", "k", "P", "p", "."])
    fields[j] = "/".join(re.sub(r"\.+", lambda m: str(len(m.group())), "".join(r)) for r in cells)
    return " ".join(fields)


def random_text(rng: random.Random, sample: str) -> str:
    """Random tokens in the shape of a position text."""
    letters = _letters(sample)
    fields = []
    for _ in range(rng.randint(1, len(sample.split()) + 2)):
        fields.append("".join(rng.choice(letters + "/12345678") for _ in range(rng.randint(1, 70))))
    return " ".join(fields)


def texts_for(game: Any, count: int, rng: random.Random) -> list[str]:
    real = real_texts(game, rng)
    out = []
    for _ in range(count):
        if rng.random() < 0.9:
            out.append(mutate(rng.choice(real), rng))
        else:
            out.append(random_text(rng, rng.choice(real)))
    return out


# -- one text ---------------------------------------------------------------------------
class Hung(Exception):
    pass


def play_text(game: Any, text: str, rng: random.Random, steps: int) -> str:
    """ "refused" or "accepted"; raises anything else the game raised (or an
    AssertionError for a broken promise)."""
    try:
        state = game.from_text(text)
    except ValueError as error:
        message = str(error)
        assert message, f"{game.id}: an empty refusal"
        assert len(message) <= MESSAGE_MAX, f"{game.id}: a refusal of {len(message)} characters"
        return "refused"
    state.to_text()
    for _ in range(steps):
        if state.result() is not None:
            break
        acting = state.to_act()
        assert acting, f"{game.id}: not over, yet nobody is to act"
        choice = {}
        for seat in acting:
            actions = state.legal_actions(seat)
            assert actions, f"{game.id}: {game.seats[seat]} is to act with no legal action"
            choice[seat] = rng.choice(actions)
        state.apply(choice)
        state.to_text()
    return "accepted"


def _on_alarm(signum: int, frame: Any) -> None:
    raise Hung


def run(game_ids: list[str], count: int, seed: int, steps: int, limit: float) -> int:
    from game.games import load_all

    registry = load_all()
    signal.signal(signal.SIGPROF, _on_alarm)
    failures: list[str] = []
    print(f"{'game':<16}{'accepted':>10}{'refused':>10}{'crashed':>10}{'hung':>7}")
    totals: Counter = Counter()
    for game_id in game_ids:
        game = registry[game_id]
        rng = random.Random(f"{seed}:{game_id}")
        counts: Counter = Counter()
        for text in real_texts(game, random.Random(seed)):
            try:
                game.from_text(text)
            except ValueError as error:  # a real position must read back
                counts["crashed"] += 1
                failures.append(f"{game_id} refused a real position ({error}): {text[:160]!r}")
        for text in texts_for(game, count, rng):
            signal.setitimer(signal.ITIMER_PROF, limit)
            try:
                counts[play_text(game, text, random.Random(seed), steps)] += 1
            except Hung:
                counts["hung"] += 1
                failures.append(f"{game_id} hung: {text[:160]!r}")
            except Exception as error:  # the point: anything else is a defect
                counts["crashed"] += 1
                where = traceback.extract_tb(error.__traceback__)[-1]
                failures.append(
                    f"{game_id} crashed ({type(error).__name__}: {str(error)[:100]} at "
                    f"{Path(where.filename).name}:{where.lineno}): {text[:160]!r}"
                )
            finally:
                signal.setitimer(signal.ITIMER_PROF, 0)
        totals += counts
        print(
            f"{game_id:<16}{counts['accepted']:>10}{counts['refused']:>10}"
            f"{counts['crashed']:>10}{counts['hung']:>7}"
        )
    print(
        f"{'all':<16}{totals['accepted']:>10}{totals['refused']:>10}"
        f"{totals['crashed']:>10}{totals['hung']:>7}"
    )
    shown: Counter = Counter()
    for line in failures:  # the first few of each game
        shown[line.split()[0]] += 1
        if shown[line.split()[0]] <= 4:
            print(line[:300])
    return 1 if totals["crashed"] or totals["hung"] else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=500, help="texts per game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=12, help="random steps after a text loads")
    parser.add_argument("--limit", type=float, default=5.0, help="CPU seconds: longer is hung")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)
    from game.games import load_all

    ids = args.game or sorted(load_all())
    return run(ids, args.count, args.seed, args.steps, args.limit)


if __name__ == "__main__":
    sys.exit(main())
