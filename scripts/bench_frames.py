"""Frame times of the real play scene, under whatever SDL video driver is set
(default: dummy, i.e. software, no window).

    python scripts/bench_frames.py                 # 600 frames, moves animating
    python scripts/bench_frames.py --during-think  # while a bot thinks in its worker
    SDL_VIDEODRIVER=x11 DISPLAY=:99 python scripts/bench_frames.py

Default mode plays a Chess960 game whose moves are replayed one after
another (undo, redo) so an animation is always running. ``--during-think``
gives Black to a searching bot and measures the frames while its worker
thinks (each time it answers, the move is undone and it thinks again).
Prints the median and 99th percentile of update+draw+flip, in ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--during-think", action="store_true", help="measure while a bot thinks")
    parser.add_argument("--bot", default="search:6:time=3", help="the thinking bot's spec")
    parser.add_argument("--size", default="1280x800", help="window size, WxH")
    parser.add_argument("--warmup", type=int, default=10, help="frames not measured first")
    parser.add_argument("--fps", type=int, default=0, help="cap the frame rate (0: as fast)")
    args = parser.parse_args(argv)

    import tempfile

    if not os.environ.get("CHESS_VARIANTS_HOME"):
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="bench-frames-")

    import pygame

    from game.app import App
    from game.match import Match
    from game.ui.play import PlayScene

    w, h = (int(v) for v in args.size.lower().split("x"))
    app = App(fullscreen=False, size=(w, h))
    players = ["human", f"computer:{args.bot}"] if args.during_think else ["human", "human"]
    match = Match("chess960", {"start": "number", "number": 0}, 1, players)
    scene = PlayScene(app, match)
    app.push(scene)
    app.running = True

    if not args.during_think:
        import random

        rng = random.Random(3)  # a short game to replay, captures preferred
        for _ in range(16):
            if match.is_over():
                break
            seat = match.state.turn
            moves = match.state.legal_actions(seat)
            takes = [m for m in moves if match.state.piece_at(m.to) is not None]
            match.play({seat: rng.choice(takes or moves)})
        while match.can_undo:
            match.undo()
        scene.sync_board()
    else:
        match.play({0: match.state.parse_action("e4")})
        scene.sync_board()

    clock = pygame.time.Clock()
    times: list[float] = []
    thinking_frames = animating_frames = 0
    dt = 1 / 60
    answers = 0
    for _ in range(args.warmup):  # fonts, art and the worker start up
        scene.update(dt)
        scene.draw(app.window)
        pygame.display.flip()
    for _ in range(args.frames):
        if args.during_think:
            if len(match.history) > 1:  # the bot answered: take it back, think again
                answers += 1
                match.undo()
                scene.after_jump()
        elif not scene.board.animating:
            if match.can_redo:
                scene.controls.redo()
            else:
                while match.can_undo:
                    match.undo()
                scene.sync_board()
                scene.controls.redo()
        start = time.perf_counter()
        for event in pygame.event.get():
            app.handle(event)
        scene.update(dt)
        scene.draw(app.window)
        pygame.display.flip()
        times.append((time.perf_counter() - start) * 1000)
        if scene.thinking:
            thinking_frames += 1
        if scene.board.animating:
            animating_frames += 1
        if args.fps:
            dt = clock.tick(args.fps) / 1000
    scene.close_runners()
    app.close()

    driver = os.environ.get("SDL_VIDEODRIVER", "")
    mode = "during a bot's think" if args.during_think else "with moves animating"
    print(f"{len(times)} frames {mode}, {w}x{h}, SDL_VIDEODRIVER={driver}")
    median, p99 = statistics.median(times), percentile(times, 99)
    print(f"frame time median {median:.2f} ms, p99 {p99:.2f} ms, max {max(times):.2f} ms")
    print(f"frames with a move animating: {animating_frames}")
    if args.during_think:
        print(f"frames with the bot thinking: {thinking_frames}; bot answers: {answers}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
