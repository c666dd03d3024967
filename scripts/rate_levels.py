"""How strong is each computer level? Ratings people can read, for game/ai/ratings.py.

``elo``: each level of Chess and Chess960 (Easy, Normal, Hard, as the setup
maps them through the game's ``bot_levels``) plays Stockfish 15.1 (through
python-chess, a dev dependency) with UCI_LimitStrength at several UCI_Elo
settings (1350, its minimum, upwards), colours alternating, through
bench_ai's ``stockfish_match``. Our side has ``--time`` seconds a move (the
app gives 1.5; 0.5, the issue's yardstick, is the default, so a figure is if
anything low). Stockfish has ``--sf-time``: with UCI_LimitStrength it picks
its move at depth 1 + its skill level, reached in a few milliseconds, so
more time only costs CPU, and a busy machine does not weaken it.

Our search, though, is weakened by a busy machine: its budget is wall-clock
time. So by default (``--clock cpu``, both commands) the search's clock
reads this process's CPU time: a decision gets ``--time`` CPU seconds, what
it gets on an idle machine, whatever the load (``--clock wall`` measures as
the app runs here and now; on a machine at load 20, 0.2 s of wall clock is
about 0.02 s of CPU, and a level that cannot finish one ply plays badly).

The results against all opponents combine into one rating by maximum
likelihood over the logistic Elo model (a level rated R scores
1 / (1 + 10^((opponent - R) / 400)) on average; a draw counts half), with a
95% interval from the likelihood ratio (the ratings R with
2 (lnL(best) - lnL(R)) <= 3.84), which stays honest when a level scores
nothing or everything. A level whose estimate is more than 100 below the
weakest opponent reads "below 1350" and one as far above the strongest
"above ...": no figure is made up from outside the range played.

``words``: Hard against Normal and Normal against Easy (``--pairs`` picks
one) in every game of two sides, with bench_ai's ``match`` (random opening
plies, a ply limit counted a draw); the setup form reads the scores as
words ("beats Normal 7 games in 10"). ``--hard-time`` gives Hard its own
budget (default ``--time``): Hard at 0.5 CPU s against Normal at the app's
1.5 (``--time 1.5 --hard-time 0.5``) costs half of Hard at 1.5, and since in
the app Hard gets more time, not less, and Normal the same, the score is a
floor for the app's Hard. A level bounded by nodes (Crowded House's Hard,
``search:4:nodes=12000``) plays the same at any time that lets it reach
its node bound, but 0.5 CPU s does not: the node-bounded Hards of Crowded
House, Tar Pit, Two Move and Zombie ran into it in 36-45% of their
decisions (2026-11-27), so there too the score is a floor. The per-game
lines print each side's seconds a decision.

Each prints a table and the Python literal to paste into game/ai/ratings.py:

    python scripts/rate_levels.py elo [--games chess,chess960] [--levels easy,normal,hard]
        [--elos 1350,1600] [--n 10] [--time 0.5] [--sf-time 0.2] [--seed 1]
    python scripts/rate_levels.py words [--games maces,...] [--pairs hard-normal]
        [--n 20] [--time 1.5] [--hard-time 0.5] [--random-plies 3] [--max-plies 200]
        [--seed 1]
"""

from __future__ import annotations

import argparse
import datetime
import math
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_ai import (  # noqa: E402
    elo,
    match,
    spec_for,
    stockfish_match,
    two_sided,
    use_cpu_clock,
)

from game.ai.ratings import Rating, Score  # noqa: E402
from game.games import load_all  # noqa: E402

# The UCI_Elo settings each level meets by default: around where it plays
# (Easy scores next to nothing even against 1350, Stockfish's weakest).
OPPONENTS = {"easy": (1350,), "normal": (1500, 1800), "hard": (1650, 1950)}
WORDS_PAIRS = ("hard-normal", "normal-easy")
CHI2_95 = 3.84  # the 95% point of chi-squared with one degree of freedom
REACH = 100  # how far beyond the opponents played an estimate still reads as a figure (a 64% score)


def expected(rating: float, opponent: float) -> float:
    return 1 / (1 + 10 ** ((opponent - rating) / 400))


def log_likelihood(rating: float, results: list[tuple[int, float, int]]) -> float:
    """ln L of ``rating`` given (opponent, points, games) per opponent."""
    total = 0.0
    for opponent, points, games in results:
        p = expected(rating, opponent)
        total += points * math.log(p) + (games - points) * math.log(1 - p)
    return total


def combine(results: list[tuple[int, float, int]]) -> Rating:
    """The maximum-likelihood rating over all opponents with its 95%
    likelihood-ratio interval. An estimate more than ``REACH`` beyond the
    opponents played is no figure: the estimate is None and ``high`` (the
    weakest) or ``low`` (the strongest) says which side it lies."""
    weakest = min(r[0] for r in results)
    strongest = max(r[0] for r in results)
    grid = range(weakest - 1200, strongest + 1201)  # 1 Elo steps: exact enough, fast enough
    ll = [log_likelihood(r, results) for r in grid]
    best = max(range(len(ll)), key=ll.__getitem__)
    inside = [r for r, v in zip(grid, ll, strict=True) if 2 * (ll[best] - v) <= CHI2_95]
    estimate, low, high = grid[best], inside[0], inside[-1]
    if estimate < weakest - REACH:
        return Rating(None, None, weakest)  # far below the weakest: no figure
    if estimate > strongest + REACH:
        return Rating(None, strongest, None)
    return Rating(estimate, low, high)


def rating_words(rating: Rating) -> str:
    if rating.estimate is None:
        return f"below {rating.high}" if rating.high is not None else f"above {rating.low}"
    return f"{rating.estimate} [{rating.low}, {rating.high}]"


def rate(args) -> None:
    if args.clock == "cpu":
        use_cpu_clock()
    games = load_all()
    ids = [g for g in args.games.split(",") if g]
    levels = [lv for lv in args.levels.split(",") if lv]
    measured: dict[str, dict[str, Rating]] = {}
    rows = []
    for game_id in ids:
        if game_id not in ("chess", "chess960"):
            sys.exit(f"Stockfish plays chess and chess960 only, not {game_id!r}")
        for level in levels:
            if level not in OPPONENTS:
                sys.exit(f"unknown level {level!r}; known: {', '.join(OPPONENTS)}")
            opponents = [int(e) for e in args.elos.split(",")] if args.elos else OPPONENTS[level]
            results = []
            for rating in opponents:
                label = f"{game_id} {level} vs Stockfish UCI_Elo {rating}"
                print(label, flush=True)
                settings = {"UCI_LimitStrength": True, "UCI_Elo": rating}
                scores, _, _ = stockfish_match(
                    games[game_id], level, settings, args.n, args.seed, args.time, args.sf_time
                )
                points = sum(scores)
                results.append((rating, points, len(scores)))
                print(
                    f"{label:<44} {points:g}/{len(scores)}  {100 * points / len(scores):.0f}%"
                    f"  load {os.getloadavg()[0]:.1f}",
                    flush=True,
                )
            found = combine(results)
            measured.setdefault(game_id, {})[level] = found
            played = ", ".join(f"{p:g}/{n} vs {r}" for r, p, n in results)
            rows.append(f"{game_id:<10} {level:<7} {rating_words(found):<22} ({played})")
    clock = "CPU" if args.clock == "cpu" else "wall-clock"
    print(
        f"\nRatings on Stockfish 15.1's UCI_Elo scale, {args.time} {clock} s a move, 95% interval:"
    )
    print("\n".join(rows))
    print(f"\n# {command_line()}  ({today()})")
    print(f"ELO = {measured!r}")


def words(args) -> None:
    if args.clock == "cpu":
        use_cpu_clock()
    games = load_all()
    ids = [g for g in args.games.split(",") if g] or sorted(games)
    pairs = [p.partition("-")[::2] for p in args.pairs.split(",") if p]
    hard_time = args.time if args.hard_time is None else args.hard_time
    measured: dict[str, dict[str, Score]] = {}
    rows = []
    for game_id in ids:
        game = games[game_id]
        if two_sided(game) is None:
            continue
        for first, second in pairs:
            print(f"{game_id} {first} vs {second}", flush=True)
            results, per_move, _ = match(
                game,
                timed(game, first, hard_time),
                timed(game, second, hard_time),
                args.n,
                args.seed,
                args.time,
                args.max_plies,
                random_plies=args.random_plies,
            )
            points, n = sum(results), len(results)
            wins, draws = results.count(1), results.count(0.5)
            measured.setdefault(game_id, {})[first] = Score(second, wins, draws, n - wins - draws)
            gap, low, high = elo(points / n, n)
            pairing = f"{first} vs {second}"
            rows.append(
                f"{game_id:<14} {pairing:<16} +{wins} ={draws} -{n - wins - draws} (n={n})"
                f" {100 * points / n:5.1f}%  Elo {gap:+5.0f} [{low:+.0f}, {high:+.0f}]"
                f"  {first} {sum(per_move) / max(1, len(per_move)):.2f} s/decision"
                f"  load {os.getloadavg()[0]:.1f}"
            )
            print(rows[-1], flush=True)
    clock = "CPU" if args.clock == "cpu" else "wall-clock"
    hard = f" (Hard {hard_time})" if hard_time != args.time else ""
    print(
        f"\nScores at {args.time}{hard} {clock} s a decision, a draw counting half, 95% interval:"
    )
    print("\n".join(rows))
    print(f"\n# {command_line()}  ({today()})")
    print(f"SCORES = {measured!r}")


def timed(game, level: str, hard_time: float) -> str:
    """What ``match`` is to play for ``level`` in ``game``: Hard's spec with
    its own budget of ``hard_time`` seconds a decision (the spec's ``time=``,
    which the match's time leaves alone), other levels by name (the match
    maps a name to the game's spec once: mapped twice, Telepathic's Normal,
    ``search:3``, became its Hard)."""
    if level != "hard":
        return level
    return f"{spec_for(game, level)}:time={hard_time:g}"


def command_line() -> str:
    return "python scripts/rate_levels.py " + " ".join(sys.argv[1:])


def today() -> str:
    return datetime.datetime.now(datetime.timezone.utc).date().isoformat()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    rated = commands.add_parser("elo", help="Chess and Chess960 levels against Stockfish")
    rated.add_argument("--games", default="chess,chess960")
    rated.add_argument("--levels", default="easy,normal,hard")
    rated.add_argument("--elos", default="", help="UCI_Elo settings (default: per level)")
    rated.add_argument("--n", type=int, default=10, help="games per opponent")
    rated.add_argument("--time", type=float, default=0.5, help="our seconds a move")
    rated.add_argument("--sf-time", type=float, default=0.2, help="Stockfish's seconds a move")
    rated.add_argument("--seed", type=int, default=1)
    rated.add_argument("--clock", choices=("cpu", "wall"), default="cpu", help="our search's clock")
    worded = commands.add_parser("words", help="Hard vs Normal and Normal vs Easy, every game")
    worded.add_argument("--games", default="", help="game ids (default: every game of two sides)")
    worded.add_argument("--pairs", default=",".join(WORDS_PAIRS), help="e.g. hard-normal")
    worded.add_argument("--n", type=int, default=20, help="games per pairing")
    worded.add_argument("--time", type=float, default=0.2, help="seconds a decision")
    worded.add_argument("--hard-time", type=float, default=None, help="Hard's (default: --time)")
    worded.add_argument("--random-plies", type=int, default=3)
    worded.add_argument("--max-plies", type=int, default=200)
    worded.add_argument("--seed", type=int, default=1)
    worded.add_argument(
        "--clock", choices=("cpu", "wall"), default="cpu", help="the search's clock"
    )
    args = parser.parse_args()
    if args.n < 1:
        parser.error("--n must be 1 or more")
    if args.command == "words":
        for pair in args.pairs.split(","):
            first, _, second = pair.partition("-")
            if not {first, second} <= {"easy", "normal", "hard"} or first == second:
                parser.error(f"--pairs: {pair!r} is not two of easy, normal, hard")
        if args.hard_time is not None and not 0.01 <= args.hard_time <= 600:
            parser.error("--hard-time must be 0.01 to 600 seconds")
    (rate if args.command == "elo" else words)(args)


if __name__ == "__main__":
    main()
