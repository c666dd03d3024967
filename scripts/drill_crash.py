"""Crash drill, long: kill the real app with SIGKILL at random moments,
restart it, press Continue, check that nothing was lost (the drill lives in
tests/helpers/crash_drill.py). Exit status 1 on any failure.

    python scripts/drill_crash.py [--kills 100] [--seed 1] [--pause 0.03] [--exe PATH]
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from helpers import crash_drill  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        description=crash_drill.__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--kills", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--pause", type=float, default=0.03, help="seconds each autosave write pauses per step"
    )
    parser.add_argument("--exe", metavar="PATH", help="drill the built executable instead")
    parser.add_argument(
        "--max-delay", type=float, default=4.0, help="longest random wait before a kill (s)"
    )
    args = parser.parse_args(argv)
    if not hasattr(os, "killpg"):
        print("the crash drill needs SIGKILL and process groups (Linux, macOS)")
        return 2
    started = time.perf_counter()
    exe = str(Path(args.exe).resolve()) if args.exe else None
    drill = crash_drill.Drill(args.kills, args.seed, args.pause, exe, False, args.max_delay)
    figures = drill.run()
    crash_drill.print_figures(figures, time.perf_counter() - started)
    return 1 if figures.failures else 0


if __name__ == "__main__":
    sys.exit(main())
