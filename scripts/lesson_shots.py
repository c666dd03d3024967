"""Every lesson of the games named, in the real window, for people to look
at: each lesson as it opens, after its first wrong step (where the lesson
names one) and at the end of Show me. Run from the checkout:

    .venv/bin/python scripts/lesson_shots.py OUT_DIR [--size 1280x800] [GAME ...]

With no game named: every game that has lessons. Prints each file written
and, per lesson, the verdict Show me reached (it should be "right")."""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FRAMES_MAX = 3000  # a lesson that has not settled by then is reported


def settle(app, frames: int = FRAMES_MAX) -> bool:
    """Frames until the lesson plays nothing more and the board is still."""
    for _ in range(frames):
        app.step(1 / 60)
        scene = app.scene
        if not scene.busy and not scene.board.animating:
            return True
    return False


def save(app, path: Path) -> None:
    import pygame

    pygame.image.save(app.window, str(path))
    print(path)


def shoot_game(app, game_id: str, out: Path) -> None:
    from game.learn import lessons as L

    lessons = L.load(game_id)
    for i, lesson in enumerate(lessons, 1):
        app.navigate.lesson(lessons, i - 1)
        settle(app)
        save(app, out / f"{game_id}_{i}_task.png")
        scene = app.scene
        if lesson.wrongs:
            state = scene.match.state
            scene.submit(state.parse_action(lesson.wrongs[0].step, scene.learner))
            settle(app)
            save(app, out / f"{game_id}_{i}_wrong.png")
        app.navigate.lesson(lessons, i - 1, show=True, replace=True)
        settled = settle(app)
        save(app, out / f"{game_id}_{i}_shown.png")
        verdict = app.scene.tutor.verdict if settled else "did not settle"
        print(f"{game_id} {i} {lesson.title}: {verdict}")
        app.navigate.back()


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", type=Path, help="the folder for the PNG files")
    parser.add_argument("games", nargs="*", help="game ids (default: every game with lessons)")
    parser.add_argument("--size", default="1280x800", help="the window, WIDTHxHEIGHT")
    args = parser.parse_args()
    w, _, h = args.size.partition("x")
    size = (int(w), int(h))
    os.environ.setdefault("CHESS_VARIANTS_HOME", tempfile.mkdtemp(prefix="lesson-shots-"))

    from game.app import App
    from game.learn import lessons as L
    from game.ui.menu import MainMenu

    games = args.games or [p.stem for p in L.lesson_files()]
    args.out.mkdir(parents=True, exist_ok=True)
    app = App(fullscreen=False, size=size)
    app.running = True
    app.push(MainMenu(app))
    try:
        for game_id in games:
            shoot_game(app, game_id, args.out)
    finally:
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
