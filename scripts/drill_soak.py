"""Soak: computer against computer in the real App (SDL's dummy driver) for N
minutes per family of games, a new game as soon as one ends, and print
memory and frame times so a leak or a slowdown shows.

The families (each registered game in one; a game not listed goes to
"other"): orthodox chess; the fairy boards (open boards, one mover at a
time); the card games (a deck or a line of cards decides); the games of
hidden information; the simultaneous games (both choose, then both play);
the four-seat games (Chess Golf, one to four players: four computers here).

Frames run as in ``App.run``: ``step`` with the real time since the last
frame, then up to 60 a second. A frame's time is the work of ``step``
(events, update, draw), without the wait for the next one, on the wall
clock and in this process's CPU time (the CPU figure is what a slowdown of
the app itself would show; on a shared machine the wall clock also counts
the time other processes had the cores). Memory: the app's resident set
(RSS), the bot workers' RSS, and the Python heap (``sys.getallocatedblocks``:
blocks the interpreter holds; and objects the cycle collector tracks), every
``--sample`` minutes, and the growth over the run and over its second half
(the first games fill the caches of art and fonts).

    python scripts/drill_soak.py [--minutes 30] [--family fairy ...]
        [--level computer:search:2] [--window 10] [--sample 5] [--max-steps 400]
"""

from __future__ import annotations

import argparse
import gc
import multiprocessing
import os
import sys
import tempfile
import time
from array import array
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

FAMILIES: dict[str, tuple[str, ...]] = {
    "orthodox": ("chess", "chess960"),
    "fairy": ("maces", "mulligan_stew", "tulaga", "adrenaline", "half_alice"),
    "cards": ("cooperative", "tar_pit"),
    "hidden": ("zombie", "masquerade", "tulpas"),
    "simultaneous": ("synchronous", "two_move"),
    "four_seat": ("golf", "telepathic", "crowded_house"),
}
MB = 1024 * 1024


def families(registered) -> dict[str, list[str]]:
    """The families with the games registered now; the rest in "other"."""
    out = {name: [g for g in games if g in registered] for name, games in FAMILIES.items()}
    listed = {g for games in FAMILIES.values() for g in games}
    out["other"] = sorted(g for g in registered if g not in listed)
    return {name: games for name, games in out.items() if games}


def rss_mb(pid: int | str = "self") -> float:
    try:
        with open(f"/proc/{pid}/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
    except OSError:
        return 0.0


def workers_mb() -> float:
    return sum(rss_mb(p.pid) for p in multiprocessing.active_children())


@dataclass
class Sample:
    at: float  # seconds into the family's run
    rss: float
    workers: float
    blocks: int
    objects: int

    @classmethod
    def now(cls, at: float) -> Sample:
        gc.collect()
        return cls(at, rss_mb(), workers_mb(), sys.getallocatedblocks(), len(gc.get_objects()))

    def text(self) -> str:
        return (
            f"RSS {self.rss:7.1f} MB, workers {self.workers:6.1f} MB, "
            f"heap {self.blocks / 1000:7.1f}k blocks, {self.objects / 1000:6.1f}k objects"
        )


@dataclass
class Soak:
    family: str
    games: list[str]
    # When each frame began and how long it took; arrays, so recording them
    # adds nothing to the heap figures.
    frame_at: array = field(default_factory=lambda: array("d"))
    frame_took: array = field(default_factory=lambda: array("d"))
    frame_cpu: array = field(default_factory=lambda: array("d"))
    samples: list[Sample] = field(default_factory=list)
    played: dict[str, int] = field(default_factory=dict)
    ended: dict[str, int] = field(default_factory=dict)
    steps: int = 0


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def soak(
    family: str, games: list[str], seconds: float, level: str, max_steps: int, every: float
) -> Soak:
    from game.app import App
    from game.games import load_all
    from game.match import Match
    from game.ui.play import PlayScene

    registry = load_all()
    result = Soak(family, games)
    app = App(fullscreen=False)
    app.running = True
    turn = 0

    def new_game():
        nonlocal turn
        game_id = games[turn % len(games)]
        turn += 1
        players = [level] * len(registry[game_id].seats)
        scene = PlayScene(app, Match(game_id, players=players))
        if app.scene is None:
            app.push(scene)
        else:
            old = app.scene
            old.close_runners()
            app.replace(scene)
        result.played[game_id] = result.played.get(game_id, 0) + 1
        return scene

    scene = new_game()
    began = last = time.perf_counter()
    result.samples.append(Sample.now(0.0))
    next_sample = every
    try:
        while True:
            start = time.perf_counter()
            at = start - began
            if at >= seconds:
                break
            if at >= next_sample:
                result.samples.append(Sample.now(at))
                next_sample += every
                start = time.perf_counter()
            dt = min(start - last, 0.1)
            last = start
            cpu = time.thread_time()
            app.step(dt, draw=False)
            result.frame_at.append(at)
            result.frame_took.append(time.perf_counter() - start)
            result.frame_cpu.append(time.thread_time() - cpu)
            match = scene.match
            over = match.is_over() and scene._game_over_shown
            if over or len(match.history) >= max_steps:
                result.steps += len(match.history)
                if match.is_over():
                    result.ended[match.game_id] = result.ended.get(match.game_id, 0) + 1
                scene = new_game()
            app.clock.tick(60)
        result.steps += len(scene.match.history)
        result.samples.append(Sample.now(time.perf_counter() - began))
    finally:
        for s in list(app.scenes):
            s.close_runners()
        app.close()
    return result


def report(r: Soak, window: float) -> None:
    print(f"\n== {r.family}: {', '.join(r.games)}")
    games = ", ".join(
        f"{g} {r.played.get(g, 0)} begun / {r.ended.get(g, 0)} ended" for g in r.games
    )
    print(f"games: {games}; {r.steps} steps")
    for s in r.samples:
        print(f"  {s.at / 60:5.1f} min  {s.text()}")
    a, z = r.samples[0], r.samples[-1]
    half = min(r.samples, key=lambda s: abs(s.at - z.at / 2))
    for label, first in (("growth", a), ("2nd half", half)):
        print(
            f"  {label:<9}RSS {z.rss - first.rss:+.1f} MB, "
            f"workers {z.workers - first.workers:+.1f} MB, "
            f"heap {(z.blocks - first.blocks) / 1000:+.1f}k blocks, "
            f"{(z.objects - first.objects) / 1000:+.1f}k objects"
        )
    if not r.frame_at:
        return
    end = r.frame_at[-1]
    t = 0.0
    while t <= end:
        rows = [
            (s, c)
            for at, s, c in zip(r.frame_at, r.frame_took, r.frame_cpu, strict=True)
            if t <= at < t + window
        ]
        if rows:
            wall, cpu = [s for s, _ in rows], [c for _, c in rows]
            print(
                f"  frames {t / 60:5.1f}-{(t + window) / 60:5.1f} min: {len(rows):6d}, "
                f"wall p50 {percentile(wall, 0.5) * 1000:5.2f} "
                f"p99 {percentile(wall, 0.99) * 1000:6.1f} max {max(wall) * 1000:5.0f} ms; "
                f"CPU p50 {percentile(cpu, 0.5) * 1000:5.2f} "
                f"p99 {percentile(cpu, 0.99) * 1000:6.1f} max {max(cpu) * 1000:5.0f} ms"
            )
        t += window


def main() -> int:
    from game.games import load_all

    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--minutes", type=float, default=30.0, help="per family")
    p.add_argument("--family", action="append", help="only these families (repeatable)")
    p.add_argument("--level", default="computer:search:2", help="every seat's player")
    p.add_argument("--window", type=float, default=10.0, help="minutes per frame-time line")
    p.add_argument("--sample", type=float, default=5.0, help="minutes between memory samples")
    p.add_argument("--max-steps", type=int, default=400, help="a new game after this many")
    args = p.parse_args()
    if not os.environ.get("CHESS_VARIANTS_HOME"):  # a data folder of its own
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="soak-")
    groups = families(load_all())
    chosen = args.family or list(groups)
    for name in chosen:
        if name not in groups:
            p.error(f"unknown family {name!r}: {', '.join(groups)}")
    print("families: " + "; ".join(f"{n}: {', '.join(g)}" for n, g in groups.items()))
    for name in chosen:
        r = soak(
            name, groups[name], args.minutes * 60, args.level, args.max_steps, args.sample * 60
        )
        report(r, args.window * 60)
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
