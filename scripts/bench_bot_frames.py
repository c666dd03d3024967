"""Does the main loop keep its 60 Hz cadence while a bot thinks?

A stand-in frame loop (sleep 16 ms, then ``runner.poll()``) runs while a
``BotRunner`` searches each game's position after ``--plies`` random steps
(default 6) in its worker process for ``--seconds`` (default 2), started
again whenever it answers, so it thinks all along. Prints the median, 99th percentile and
worst loop iteration in ms, next to an idle baseline and, for contrast, the
same search run in a thread of this process (which holds the GIL).

``--analysis`` measures instead the frames of the real play scene (SDL's
dummy driver) while the analysis after a game (game/ai/analysis_runner.py,
as the game-over window's "Analyse" runs it) works on a ``--plies``-step
random game in its worker, and once it is shown: each frame's events,
update (the worker's poll) and drawing, in CPU and wall time (the target:
p99 under 16.7 ms).

``--games`` picks the games (default chess); ``--level hard`` searches with
the game's own Hard spec (its ``bot_levels``), given ``--seconds`` to think,
instead of a deep search that only the clock stops.

    python scripts/bench_bot_frames.py [--games chess,maces] [--seconds 2]
        [--level deep|normal|hard] [--plies 6] [--no-thread] [--analysis]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")  # --analysis draws the real play scene
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

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
    """Frames of the real play scene (SDL's dummy driver) while the analysis
    of a ``plies``-step random game (resigned if it is not over: as after a
    game) runs in its worker at the game's own budget, started as the
    game-over window's "Analyse" starts it; then with the analysis shown
    while looking back at its first marked step (the graph, the marks, the
    better step's arrow). Each frame is ``App.step`` drawing (events, the
    scene's update, which polls the worker, and the drawing), timed in this
    process's CPU time (the worker's is its own) and on the wall clock; the
    frame that starts the analysis (a process spawned, the panel laid out
    again) is reported apart."""
    from game.app import App
    from game.match import Match

    match = Match(game.id, seed=1)
    rng = random.Random(1)
    while not match.is_over() and len(match.records) < plies:
        state = match.state
        match.play({s: rng.choice(list(state.legal_actions(s))) for s in state.to_act()})
    if not match.is_over():
        match.resign(match.to_act()[0])
    print(f"{game.id}: the play scene while analysing {len(match.records)} steps")
    app = App(fullscreen=False, size=(1280, 800))
    app.running = True
    scene = app.navigate.play(match)
    for _ in range(30):  # the game-over window opens; a first frame of everything
        app.step(FRAME)
    starts: list[float] = []

    def start() -> None:
        t = time.process_time()
        scene.analysis.start()
        app.step(FRAME)
        starts.append((time.process_time() - t) * 1000.0)

    start()

    def restart() -> None:  # an analysis that ends starts again: it works all along
        if not scene.analysis.running:
            start()

    report_frames("running (progress strip)", *scene_loop(app, seconds, restart))
    print(f"  the frame that starts it: {max(starts):.1f} ms of CPU at most ({len(starts)}x)")
    # Once more on a tiny budget, to time the frame that takes the result in
    # (the move list written again with the marks), and then the result shown.
    scene.analysis.stop()
    scene.analysis.nodes = 40
    scene.analysis.start()
    taking = 0.0
    while scene.analysis.running:
        c = time.process_time()
        app.step(FRAME, draw=True)
        taking = (time.process_time() - c) * 1000.0
        time.sleep(FRAME)
    print(f"  the frame that takes the result in: {taking:.1f} ms of CPU")
    steps = scene.analysis.review.steps if scene.analysis.review else []
    marked = [s.index + 1 for s in steps if s.mark]
    scene.looking.go(marked[0] if marked else 1)
    report_frames("done (graph, marks, arrow)", *scene_loop(app, seconds))
    scene.close_runners()
    app.close()


def scene_loop(app, duration: float, after=None) -> tuple[list[float], list[float]]:
    """CPU and wall times (ms) of ``App.step`` drawing every frame, one
    frame every 16 ms for ``duration`` seconds; ``after()`` is called after
    each frame, outside its time."""
    cpu, wall = [], []
    end = time.perf_counter() + duration
    while time.perf_counter() < end:
        w, c = time.perf_counter(), time.process_time()
        app.step(FRAME, draw=True)
        cpu.append((time.process_time() - c) * 1000.0)
        wall.append((time.perf_counter() - w) * 1000.0)
        if after is not None:
            after()  # (outside the frame's time)
        time.sleep(max(0.0, FRAME - (time.perf_counter() - w)))
    return cpu, wall


def report_frames(label: str, cpu: list[float], wall: list[float]) -> None:
    report(f"{label}, CPU", cpu)
    report(f"{label}, wall", wall)


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
    print(f"load average {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    if not args.analysis:
        report("idle", loop(args.seconds))
    for game_id in [g for g in args.games.split(",") if g]:
        if game_id not in games:
            parser.error(f"unknown game {game_id!r}; known: {', '.join(sorted(games))}")
        if args.analysis:
            analysis_frames(games[game_id], args.seconds, max(args.plies, 40))
        else:
            frames(games[game_id], args.level, args.seconds, not args.no_thread, args.plies)


if __name__ == "__main__":
    main()
