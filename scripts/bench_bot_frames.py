"""Does the main loop keep its 60 Hz cadence while a bot thinks?

A stand-in frame loop (sleep 16 ms, then ``runner.poll()``) runs while a
``BotRunner`` searches the chess start position for ``--seconds`` (default 2)
in its worker process. Prints the median, 99th percentile and worst loop
iteration in ms, next to an idle baseline and, for contrast, the same search
run in a thread of this process (which holds the GIL).

    python scripts/bench_bot_frames.py [--seconds 2] [--no-thread]
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--no-thread", action="store_true", help="skip the thread contrast")
    args = parser.parse_args()
    spec = f"search:30:time={args.seconds}"
    state = load_all()["chess"].new()

    report("idle", loop(args.seconds))

    with BotRunner(spec) as runner:
        runner.start(state, 0)  # a first think warms the worker up
        while runner.poll() is None:
            time.sleep(0.01)
        runner.start(state, 0)
        answer = []

        def poll():
            if not answer:
                action = runner.poll()
                if action is not None:
                    answer.append(action)

        times = loop(args.seconds, poll)
        while not answer:
            poll()
            time.sleep(0.005)
        report("worker process think", times)
        info = runner.last_info or {}
        print(
            f"  bot played {answer[0]} after {runner.think_seconds:.2f} s: depth "
            f"{info.get('depth')}, {info.get('nodes')} nodes, "
            f"{info.get('nodes', 0) / max(info.get('seconds') or 1e-9, 1e-9):.0f} nodes/s"
        )

    if not args.no_thread:
        bot = make_bot(spec)
        worker = threading.Thread(target=bot.choose, args=(state, 0, random.Random(0)))
        worker.start()
        times = loop(args.seconds)
        worker.join()
        report("thread think (GIL, contrast)", times)


if __name__ == "__main__":
    main()
