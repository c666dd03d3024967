"""What an autosave costs the frame that makes it: the time the caller waits,
written in the frame (JSON, then the atomic write with its fsync) against
handed to the autosave thread (JSON only; game/saves.py writes it).

    python scripts/bench_autosave.py [--moves 120] [--game chess]

Plays a seeded random game and autosaves after every move both ways, in a
temporary data folder on the same disk as the system's temp folder. Prints the
median, 99th percentile and max of the caller's wait, in ms, and how many
files the thread wrote (fewer than asked when newer snapshots replaced older).
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))]


def figures(label: str, waits: list[float]) -> None:
    ms = [w * 1000 for w in waits]
    print(
        f"{label:<28} median {statistics.median(ms):6.3f} ms   "
        f"p99 {percentile(ms, 99):6.3f} ms   max {max(ms):6.3f} ms"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=120)
    parser.add_argument("--game", default="chess")
    args = parser.parse_args(argv)
    os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="bench-autosave-")

    from game import saves
    from game.match import Match

    match = Match(args.game, seed=1)
    rng = random.Random(1)
    in_frame: list[float] = []
    handed_over: list[float] = []
    asked = 0
    for _ in range(args.moves):
        if match.is_over():
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
        start = time.perf_counter()
        saves._atomic_write(saves.autosave_path(), saves._dump(match))  # the old way
        in_frame.append(time.perf_counter() - start)
        start = time.perf_counter()
        saves.autosave(match)  # the thread writes it
        handed_over.append(time.perf_counter() - start)
        asked += 1
        time.sleep(1 / 60)  # a frame goes by before the next move
    saves.flush()
    print(f"{asked} autosaves of {args.game}, data folder {os.environ['CHESS_VARIANTS_HOME']}")
    figures("written in the frame", in_frame)
    figures("handed to the thread", handed_over)
    print(f"files the thread wrote: {saves._writer.written} of {asked}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
