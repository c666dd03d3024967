"""Smoke every game against the built one-file executable.

For each registered game it writes a save with every seat a computer
(Easy: it answers at once), starts the executable on it the way a
double-click would (a fresh home folder, an almost empty environment, SDL's
dummy drivers, a folder outside the checkout), lets it run for
``--frames`` frames, and checks that it exited with 0, that the autosave it
left is a game of that kind with moves made, and that nothing was written
into the current folder. It prints one line per game and the totals, and
exits 1 if any game failed.

    python scripts/smoke_exe_games.py [path/to/chess-variants] [--frames 300]
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.games import load_all  # noqa: E402
from game.match import Match  # noqa: E402
from game.save_check import reveal  # noqa: E402


def smoke(exe: Path, game_id: str, frames: int) -> tuple[bool, str]:
    with tempfile.TemporaryDirectory() as tmp:
        home, cwd = Path(tmp, "home"), Path(tmp, "cwd")
        home.mkdir()
        cwd.mkdir()
        game = load_all()[game_id]
        match = Match(game_id, seed=3, players=["computer:easy"] * len(game.seats))
        save = Path(tmp, f"{game_id}.json")
        save.write_text(json.dumps(match.to_dict()), encoding="utf-8")
        env = {
            "PATH": "/usr/bin:/bin",
            "HOME": str(home),
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
        }
        start = time.perf_counter()
        try:
            done = subprocess.run(
                [str(exe), "--load", str(save), "--smoke-frames", str(frames)],
                cwd=cwd,
                env=env,
                capture_output=True,
                text=True,
                timeout=180,
            )
        except subprocess.TimeoutExpired:
            return False, "no exit within 180 s"
        seconds = time.perf_counter() - start
        if done.returncode != 0:
            return False, f"exit code {done.returncode}: {done.stderr.strip()[-300:]}"
        if any(cwd.iterdir()):
            return False, f"wrote into the current folder: {sorted(os.listdir(cwd))}"
        autosaves = list(home.rglob("autosave.json"))
        if not autosaves:
            return False, "no autosave left"
        kept = reveal(json.loads(autosaves[0].read_text(encoding="utf-8")))
        if kept.get("game") != game_id:
            return False, f"the autosave is a game of {kept.get('game')!r}"
        steps = len(kept.get("actions", []))
        if steps < 1:
            return False, "the computer players made no move"
        return True, f"{steps} steps in {seconds:.1f} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    default = Path(__file__).resolve().parent.parent / "dist" / "chess-variants"
    parser.add_argument("exe", nargs="?", type=Path, default=default)
    parser.add_argument("--frames", type=int, default=300)
    parser.add_argument("--games", default="", help="game ids, comma separated (default: all)")
    args = parser.parse_args()
    if not args.exe.is_file() or not os.access(args.exe, os.X_OK):
        parser.error(f"no executable at {args.exe} (build it with scripts/build_exe.sh)")
    games = load_all()
    ids = [g for g in args.games.split(",") if g] or sorted(games)
    failed = 0
    for game_id in ids:
        if game_id not in games:
            parser.error(f"unknown game {game_id!r}")
        ok, words = smoke(args.exe, game_id, args.frames)
        failed += not ok
        print(f"{'ok  ' if ok else 'FAIL'} {game_id:<14} {words}", flush=True)
    print(f"{len(ids) - failed} of {len(ids)} games ran in the executable")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
