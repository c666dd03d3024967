"""Where memory goes in a long session: plays many games in the real app
loop under SDL's dummy driver (moves at random, or computer against computer
with ``--bots``), resizing the window and opening the rule sheets between
games, and prints the process's resident memory, what tracemalloc sees
Python allocate, and the surfaces the known caches hold, every few games;
at the end, the lines whose allocations grew most since the first report.

    python scripts/bench_memory.py [--games 40] [--moves 80] [--every 5]
    python scripts/bench_memory.py --bots          # computer:random seats
    python scripts/bench_memory.py --no-resize     # one window size
    python scripts/bench_memory.py --no-reclaim    # as before: nothing handed back

tracemalloc sees Python's allocations, not the pixels of pygame surfaces
(SDL allocates those): the cache lines count those pixels by hand.
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

SIZES = [(1280, 800), (1024, 700), (1600, 900), (900, 620), (1920, 1080), (1366, 768)]
MB = 1024 * 1024


def rss_mb() -> float:
    try:
        with open("/proc/self/statm") as fh:
            return int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / MB
    except OSError:  # not Linux: the peak is what there is
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (MB if sys.platform == "darwin" else 1024)


def surfaces_mb(surfaces) -> float:
    return sum(s.get_width() * s.get_height() * s.get_bytesize() for s in surfaces) / MB


def caches() -> dict[str, tuple[int, float]]:
    """The surface caches this session may fill: entries and megabytes."""
    from game.ui import art, cards, widgets

    out = {
        "art pieces": list(art._cache.values()),
        "art icons": list(art._icons.values()),
        "cards": list(cards._cache.values()),
        "backdrops": list(widgets._backdrop_cache.values()),
    }
    return {name: (len(s), surfaces_mb(s)) for name, s in out.items()}


def live(kind_names: tuple[str, ...]) -> dict[str, int]:
    counts = dict.fromkeys(kind_names, 0)
    for obj in gc.get_objects():
        name = type(obj).__name__
        if name in counts:
            counts[name] += 1
    return counts


def trimmed_rss_mb() -> float | None:
    """Resident memory after glibc hands back the free memory it keeps (None
    elsewhere): what is left is in use, the rest was freed but kept."""
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):
        return None
    return rss_mb()


def report(games: int, started: float) -> None:
    gc.collect()
    current, _ = tracemalloc.get_traced_memory()
    before = rss_mb()
    trimmed = trimmed_rss_mb()
    parts = [f"games {games:3d}", f"rss {before:6.1f} MB"]
    if trimmed is not None:
        parts.append(f"after malloc_trim {trimmed:6.1f} MB")
    parts.append(f"python {current / MB:5.1f} MB")
    parts += [f"{name} {n}/{mb:.1f} MB" for name, (n, mb) in caches().items()]
    objects = live(("UIManager", "PlayScene", "BoardView", "UITextBox", "UIButton"))
    parts += [f"{k} {v}" for k, v in objects.items()]
    parts.append(f"{time.perf_counter() - started:5.0f} s")
    print("  ".join(parts), flush=True)


def settle(app, scene, limit: int = 240) -> None:
    for _ in range(limit):
        app.step(1 / 30)
        if not scene.board.animating:
            return


def play_one(app, game_id: str, seed: int, moves: int, bots: bool) -> None:
    from game.games import REGISTRY
    from game.match import Match
    from game.ui.play import PlayScene

    seats = len(REGISTRY[game_id].seats)
    players = ["computer:random"] * seats if bots else ["human"] * seats
    match = Match(game_id, seed=seed, players=players)
    scene = PlayScene(app, match)
    app.push(scene)
    rng = random.Random(seed)
    if bots:  # the computers pace themselves: frames until they have made the moves
        for _ in range(moves * 300):
            if match.is_over() or len(match.records) >= moves:
                break
            app.step(1 / 30)
    for _ in range(0 if bots else moves):
        if match.is_over():
            break
        seat = match.waiting_for()[0]
        scene.submit(seat, rng.choice(match.state.legal_actions(seat)))
        settle(app, scene)
    settle(app, scene)
    for _ in range(10):  # the game-over window, if it came
        app.step(1 / 30)
    scene.controls.to_menu()
    app.step(1 / 30)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=80)
    parser.add_argument("--every", type=int, default=5, help="report every this many games")
    parser.add_argument("--bots", action="store_true", help="computer:random plays every seat")
    parser.add_argument("--no-resize", action="store_true")
    parser.add_argument("--no-rules", action="store_true")
    parser.add_argument("--top", type=int, default=15, help="lines of growth to show")
    parser.add_argument(
        "--no-reclaim",
        action="store_true",
        help="as before the app reclaimed memory after a scene left (for comparing)",
    )
    args = parser.parse_args(argv)
    if not os.environ.get("CHESS_VARIANTS_HOME"):
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="bench-memory-")

    import pygame

    import game.app
    from game.app import App

    if args.no_reclaim:
        game.app.reclaim_memory = lambda: None
    from game.games import CATALOGUE, REGISTRY, load_all
    from game.ui.menu import MainMenu
    from game.ui.rules_view import RulesScene

    load_all()
    ids = [e.id for e in CATALOGUE if e.id in REGISTRY]
    app = App(fullscreen=False)
    app.running = True
    app.push(MainMenu(app))
    tracemalloc.start(12)
    started = time.perf_counter()
    first = None
    report(0, started)
    for i in range(args.games):
        if not args.no_resize:
            w, h = SIZES[i % len(SIZES)]
            app.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
            app._on_resize((w, h))
        game_id = ids[i % len(ids)]
        play_one(app, game_id, i, args.moves, args.bots)
        if not args.no_rules:
            app.push(RulesScene(app, game_id))
            for _ in range(3):
                app.step(1 / 30)
            app.pop()
            app.step(1 / 30)
        if (i + 1) % args.every == 0:
            report(i + 1, started)
            if first is None:  # growth is counted from here: caches warm, fonts loaded
                gc.collect()
                first = tracemalloc.take_snapshot()
    gc.collect()
    last = tracemalloc.take_snapshot()
    if first is not None:
        print(f"\nPython allocations grown most since game {args.every} (by line):")
        for stat in last.compare_to(first, "lineno")[: args.top]:
            frame = stat.traceback[0]
            where = f"{os.path.relpath(frame.filename)}:{frame.lineno}"
            print(f"  {stat.size_diff / 1024:+9.0f} KB  {stat.count_diff:+7d} blocks  {where}")
    app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
