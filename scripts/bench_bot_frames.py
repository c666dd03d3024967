"""Does the main loop keep its 60 Hz cadence while a bot thinks?

A stand-in frame loop (sleep 16 ms, then ``runner.poll()``) runs while a
``BotRunner`` searches each game's position after ``--plies`` random steps
(default 6) in its worker process for ``--seconds`` (default 2), started
again whenever it answers, so it thinks all along. Prints the median, 99th percentile and
worst loop iteration in ms, next to an idle baseline and, for contrast, the
same search run in a thread of this process (which holds the GIL).

``--analysis`` measures instead the loop while the analysis after a game
(game/ai/analysis_runner.py, as the game-over window's "Analyse" runs it)
works on a ``--plies``-step random game in its worker, polled every frame.

``--games`` picks the games (default chess); ``--level hard`` searches with
the game's own Hard spec (its ``bot_levels``), given ``--seconds`` to think,
instead of a deep search that only the clock stops.

    python scripts/bench_bot_frames.py [--games chess,maces] [--seconds 2]
        [--level deep|normal|hard] [--plies 6] [--no-thread] [--analysis]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.runner import BotRunner  # noqa: E402
from game.games import load_all  # noqa: E402

FRAME = 0.016


def loop(duration: float, poll=None) -> list[float]:
    """Iteration times (ms) of a 16 ms-sleep loop for ``duration`` seconds."""
    times = []
    end = time.perf_counter() + duration
    last = time.perf_counter()
    while last < end:
        time.sleep(FRAME)
        if poll is not None:
            poll()
        now = time.perf_counter()
        times.append((now - last) * 1000.0)
        last = now
    return times


def report(label: str, times: list[float]) -> None:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    print(
        f"{label:28s} n={len(times):4d}  median {statistics.median(times):6.2f} ms"
        f"  p99 {p99:6.2f} ms  max {ordered[-1]:6.2f} ms"
    )


def spec_for(game, level: str, seconds: float) -> str:
    """The spec searched: ``deep`` runs until the clock stops it; ``normal``
    and ``hard`` are the setup's levels through the game's ``bot_levels``."""
    if level == "deep":
        return f"search:30:time={seconds}"
    setup = {"normal": "search:2", "hard": "search:3"}[level]
    return game.bot_levels.get(setup, setup)


def position(game, plies: int, seed: int = 1):
    """The game after ``plies`` random steps from its start (past a setup
    such as Masquerade's assignments), or earlier if it ends."""
    state = game.new(game.default_options(), seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if state.result() is not None:
            break
        acting = state.to_act()
        state.apply({s: rng.choice(list(state.legal_actions(s))) for s in acting})
    if state.result() is not None:  # too short: start over at the start
        state = game.new(game.default_options(), seed)
    return state


def frames(game, level: str, seconds: float, thread: bool, plies: int) -> None:
    spec = spec_for(game, level, seconds)
    state = position(game, plies)
    seat = state.to_act()[0]
    print(f"{game.id}: {spec}, seat {seat}, after {plies} random steps")

    with BotRunner(spec) as runner:
        runner.start(state, seat)  # a first think warms the worker up
        while runner.poll() is None:
            time.sleep(0.01)
        runner.start(state, seat)
        answers = []

        def poll():  # a think that ends is started again: the bot thinks all along
            action = runner.poll()
            if action is not None:
                answers.append((action, runner.think_seconds, runner.last_info or {}))
                runner.start(state, seat)

        times = loop(seconds, poll)
        runner.cancel()
        report("worker process think", times)
        for action, took, info in answers[:3]:
            print(
                f"  bot played {action} after {took:.2f} s: depth "
                f"{info.get('depth')}, {info.get('nodes')} nodes, "
                f"{info.get('nodes', 0) / max(info.get('seconds') or 1e-9, 1e-9):.0f} nodes/s"
            )

    if thread:
        bot = make_bot(spec, time_limit=seconds)
        view = state.view(seat)
        worker = threading.Thread(target=bot.choose, args=(view, seat, random.Random(0)))
        worker.start()
        times = loop(seconds)
        worker.join()
        report("thread think (GIL, contrast)", times)


def analysis_frames(game, seconds: float, plies: int) -> None:
    """The loop while an analysis of a ``plies``-step random game runs in
    its worker (started again when it ends, so it works all along)."""
    from game.ai.analysis_runner import AnalysisRunner
    from game.match import Match

    match = Match(game.id, seed=1)
    rng = random.Random(1)
    while not match.is_over() and len(match.records) < plies:
        state = match.state
        match.play({s: rng.choice(list(state.legal_actions(s))) for s in state.to_act()})
    print(f"{game.id}: analysis of {len(match.records)} steps")
    runner = [AnalysisRunner(match)]

    def poll():
        runner[0].poll()
        if not runner[0].running:
            runner[0] = AnalysisRunner(match)

    times = loop(seconds, poll)
    runner[0].stop()
    report("analysis worker", times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default="chess", help="game ids, comma separated")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--level", default="deep", choices=("deep", "normal", "hard"))
    parser.add_argument("--plies", type=int, default=6, help="random steps before thinking")
    parser.add_argument("--no-thread", action="store_true", help="skip the thread contrast")
    parser.add_argument("--analysis", action="store_true", help="an analysis runs, not a bot")
    args = parser.parse_args()
    games = load_all()
    report("idle", loop(args.seconds))
    for game_id in [g for g in args.games.split(",") if g]:
        if game_id not in games:
            parser.error(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
        if args.analysis:
            analysis_frames(games[game_id], args.seconds, max(args.plies, 20))
        else:
            frames(games[game_id], args.level, args.seconds, not args.no_thread, args.plies)


if __name__ == "__main__":
    main()
