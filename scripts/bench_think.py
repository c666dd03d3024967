"""How long does a level think per decision, in every game, and how do its
games end?

Plays whole games with every seat at one level (the setup's level, through
the game's ``bot_levels``, as the app maps it, or any bot spec such as
``search:2:nodes=600:time=1e9:cap=1e9``) and prints per game and level the
seconds per decision on the wall clock and in this process's CPU time:
mean, 95th percentile and worst; then how the games ended (their reasons,
and the scores of a score game). On a shared machine the CPU column is what
a quiet machine would show for a level bounded by depth or nodes; a level
bounded by its clock reports at most its budget on the wall.

The issue's target: Normal under 2 s a move on this 2-core machine.

    python scripts/bench_think.py [--level normal[,hard,...]] [--games chess,tulaga]
        [--n 2] [--plies 120] [--seed 1] [--time S] [--option mode="two players"]
        [--random-phase move] [--tally reveal.outcome] [--load K]
    python scripts/bench_think.py --probe 6 --games tulaga [--level normal,hard] [--time 1.5]
    python scripts/bench_think.py --playouts [--games half_alice,crowded_house]

``--option KEY=VALUE`` sets a game option (repeatable). ``--random-phase P``
makes every decision taken while the state's ``phase`` is P a random one,
untimed (Telepathic's mover: how often the predictor's bet comes true
against a random mover). ``--tally KIND.FIELD`` counts the values of FIELD
in the events of kind KIND the games produce (``reveal.outcome``: pull,
stay, push in Telepathic).

``--load K`` thinks on a busy machine: it starts K processes that spin in
pure Python (at the niceness the script was started with; start it at 0),
waits up to half a minute for the load average to reach 3, lowers its own
priority by 5 as the app's bot worker does (``runner.settle_worker``), and
kills them at the end. Each line then gives the level's budget, the
wall-clock seconds it may think a decision, and flags OVER a level whose
worst decision took longer than the budget and ``GRACE``; the last line
counts them. Keep such runs short (``--n 1 --plies 3``): they slow down
everyone on the machine. Every level must keep its budget whatever the load:

    python scripts/bench_think.py --load 4 --level normal,hard --n 1 --plies 3

``--probe EVERY`` plays each game with the greedy yardstick instead and,
every EVERY plies, asks each level for a decision on that same position,
printing the depth it completed, its nodes and its seconds (a long
``--time`` shows what a node bound costs on this machine).

``--playouts`` measures the rules instead of the bots: random playouts (6
games of up to 150 steps; decisions a second, CPU time), and for a game on
the chess core that filters its own legal moves, how many positions a
second its filter and the core's road of trying every move give.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench_ai import spec_for  # noqa: E402  (the levels as the setup maps them)

from game.ai import make_bot  # noqa: E402
from game.ai.runner import warm_up  # noqa: E402
from game.games import load_all  # noqa: E402

GRACE = 0.25  # seconds past its budget a decision may take before it is flagged
LOAD = 3.0  # the load average --load waits for
SPIN = "while True: pass"  # what each process of --load runs


class Run:
    """What the games of one game kind and level gave."""

    def __init__(self) -> None:
        self.budget: float | None = None  # the level's seconds a decision
        self.wall: list[float] = []
        self.cpu: list[float] = []
        self.ends: Counter = Counter()
        self.scores: list[float] = []
        self.tally: Counter = Counter()


def play(game, spec: str, seed: int, args, run: Run) -> None:
    """One game with every seat at ``spec``, into ``run``."""
    warm_up(game.id)  # as the app's bot worker does when it starts, off the clock
    state = game.new({**game.default_options(), **args.options}, seed)
    bots: dict = {}
    rng = random.Random(seed)
    plies = 0
    while state.result() is None and plies < args.plies:
        joint = {}
        for seat in state.to_act():
            if args.random_phase and getattr(state, "phase", None) == args.random_phase:
                joint[seat] = rng.choice(state.legal_actions(seat))
                continue
            bot = bots.setdefault(seat, new_bot(spec, args.time))
            run.budget = budget_of(bot)
            start, start_cpu = time.perf_counter(), time.process_time()
            joint[seat] = bot.choose(state.view(seat), seat, rng)
            run.wall.append(time.perf_counter() - start)
            run.cpu.append(time.process_time() - start_cpu)
        for event in state.apply(joint) or ():
            if args.tally and event.kind == args.tally[0]:
                run.tally[event[args.tally[1]]] += 1
        plies += 1
    result = state.result()
    run.ends[result.reason if result else f"not over after {plies} steps"] += 1
    if result is not None and result.scores is not None:
        run.scores.append(max(result.scores))


def new_bot(spec: str, seconds: float | None):
    return make_bot(spec) if seconds is None else make_bot(spec, time_limit=seconds)


def budget_of(bot) -> float | None:
    """The seconds ``bot`` may think a decision on the wall clock (None:
    a bot that keeps no budget, bounded by what it looks at)."""
    return getattr(bot, "budget", None)


def summary(values: list[float]) -> str:
    if not values:
        return f"{'-':>5} {'-':>5} {'-':>5}"
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{sum(ordered) / len(ordered):5.2f} {p95:5.2f} {ordered[-1]:5.2f}"


def think(games, wanted: list[str], levels: list[str], args) -> None:
    print(f"Seconds per decision at level {', '.join(levels)}: mean, 95th percentile, worst")
    print(f"{'game':<16}{'spec':<26}{'decisions':>9}   {'wall':^17}   {'cpu':^17}  load  budget")
    over = []
    for game_id in wanted:
        game = games[game_id]
        for level in levels:
            spec = spec_for(game, level)
            run = Run()
            for i in range(args.n):
                play(game, spec, args.seed + i, args, run)
            late = run.budget is not None and run.wall and max(run.wall) > run.budget + GRACE
            if late:
                over.append(f"{game_id} {level} {max(run.wall):.2f} s")
            budget = "-" if run.budget is None else f"{run.budget:g}"
            print(
                f"{game_id:<16}{spec:<26}{len(run.wall):>9}   {summary(run.wall)}"
                f"   {summary(run.cpu)}  {os.getloadavg()[0]:4.1f}  {budget:>6}"
                f"{'  OVER' if late else ''}",
                flush=True,
            )
            ends = ", ".join(f"{reason} x{n}" for reason, n in run.ends.most_common())
            print(f"    ended: {ends}")
            if run.scores:
                print(
                    f"    best score per game: mean {statistics.mean(run.scores):.1f}, "
                    f"median {statistics.median(run.scores):g}, "
                    f"min {min(run.scores):g}, max {max(run.scores):g}"
                )
            if args.tally:
                total = sum(run.tally.values()) or 1
                shares = ", ".join(
                    f"{value} {100 * n / total:.0f}%" for value, n in run.tally.most_common()
                )
                print(f"    {'.'.join(args.tally)}: {shares} of {sum(run.tally.values())}")
    print(f"levels over their budget + {GRACE} s on the wall: {len(over)}")
    for line in over:
        print(f"    {line}")


def start_load(count: int) -> list[subprocess.Popen]:
    """``count`` processes spinning in pure Python; then wait (at most 30 s)
    for the load average to show them, and lower this process's priority
    as the app's bot worker lowers its own."""
    spinners = [subprocess.Popen([sys.executable, "-c", SPIN]) for _ in range(count)]
    waited = 0
    while os.getloadavg()[0] < LOAD and waited < 30:
        time.sleep(1)
        waited += 1
    if hasattr(os, "nice"):
        os.nice(5)
    print(f"{count} spinning processes; load average {os.getloadavg()[0]:.1f} after {waited} s")
    return spinners


def stop_load(spinners: list[subprocess.Popen]) -> None:
    for spinner in spinners:
        spinner.kill()
    for spinner in spinners:
        spinner.wait()


def probe(game, levels: list[str], args) -> None:
    """A greedy game; every ``args.probe`` plies each level decides once."""
    state = game.new({**game.default_options(), **args.options}, args.seed)
    rng = random.Random(args.seed)
    greedy = make_bot("greedy")
    ply = 0
    while state.result() is None and ply < args.plies:
        seats = state.to_act()
        if ply % args.probe == 0:
            for level in levels:
                spec = spec_for(game, level)
                for seat in seats:
                    bot = new_bot(spec, args.time)
                    start = time.process_time()
                    action = bot.choose(state.view(seat), seat, random.Random(ply))
                    took = time.process_time() - start
                    last = getattr(bot, "last", None)
                    found = "-" if last is None else f"d{last.depth} n{last.nodes}"
                    shown = state.notation(action) if len(seats) == 1 else action
                    print(
                        f"ply {ply:3d} seat {seat} {spec:<28} {found:<14} {took:5.2f} s cpu"
                        f"  {shown}",
                        flush=True,
                    )
        state.apply({s: greedy.choose(state.view(s), s, rng) for s in seats})
        ply += 1
    print(f"load {os.getloadavg()[0]:.1f}")


def playouts(game, games: int = 6, plies: int = 150) -> None:
    """Random playouts: decisions a second; and the legal-move filter of a
    chess-core game that has its own, against the core's road."""
    from game.engine.chess.movegen import MoveGeneration

    states, count, start = [], 0, time.process_time()
    for seed in range(games):
        state = game.new(game.default_options(), seed)
        rng = random.Random(seed)
        for _ in range(plies):
            if state.result() is not None:
                break
            states.append(state.copy())
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
            count += 1
    seconds = time.process_time() - start
    print(f"{game.id}: {count} random decisions in {seconds:.2f} s cpu = {count / seconds:.0f}/s")
    own = getattr(type(states[0]), "_hooked_legal", None) if states else None
    if own is None or own is MoveGeneration._hooked_legal:
        return
    for name, generate in (("own filter", own), ("every move tried", MoveGeneration._hooked_legal)):
        start = time.process_time()
        for s in states:
            generate(s)
        seconds = time.process_time() - start
        print(f"{game.id}: legal moves, {name}: {len(states) / seconds:,.0f} positions/s cpu")


def option(text: str) -> tuple[str, object]:
    key, sep, value = text.partition("=")
    if not sep:
        raise argparse.ArgumentTypeError(f"{text!r}: use KEY=VALUE")
    return key, int(value) if value.lstrip("-").isdigit() else value


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--level", default="normal", help="levels or bot specs, comma separated")
    parser.add_argument("--games", default="", help="game ids, comma separated (default: all)")
    parser.add_argument("--n", type=int, default=2, help="games per game kind and level")
    parser.add_argument("--plies", type=int, default=120, help="steps per game at most")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--time", type=float, default=None, help="seconds a decision (searches)")
    parser.add_argument("--option", type=option, action="append", default=[], metavar="KEY=VALUE")
    parser.add_argument("--random-phase", metavar="PHASE", help="random decisions in this phase")
    parser.add_argument("--tally", metavar="KIND.FIELD", help="count this field of these events")
    parser.add_argument("--load", type=int, default=0, metavar="K", help="K busy processes")
    parser.add_argument("--probe", type=int, metavar="EVERY", help="probe a greedy game instead")
    parser.add_argument("--playouts", action="store_true", help="time random playouts instead")
    args = parser.parse_args()
    args.options = dict(args.option)
    if args.tally:
        kind, sep, field = args.tally.partition(".")
        if not sep:
            parser.error("--tally takes KIND.FIELD, e.g. reveal.outcome")
        args.tally = (kind, field)
    games = load_all()
    wanted = [g for g in args.games.split(",") if g] or sorted(games)
    unknown = [g for g in wanted if g not in games]
    if unknown:
        parser.error(f"unknown game(s) {', '.join(unknown)}; known: {', '.join(sorted(games))}")
    levels = [level for level in args.level.split(",") if level]
    if args.playouts:
        for game_id in wanted:
            playouts(games[game_id])
    elif args.probe:
        for game_id in wanted:
            print(game_id, flush=True)
            probe(games[game_id], levels, args)
    else:
        spinners = start_load(args.load) if args.load > 0 else []
        try:
            think(games, wanted, levels, args)
        finally:
            stop_load(spinners)


if __name__ == "__main__":
    main()
