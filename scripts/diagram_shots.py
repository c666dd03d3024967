"""Screenshots of the rules viewer scrolled to each diagram of a sheet, at
800x560 and 1280x800 (or the sizes given), to look at the boards as a
reader sees them: GAME_SIZE_N.png per diagram; prints the CPU time each
sheet took to open (its pictures drawn for the first time).

    PYTHONPATH=. .venv/bin/python scripts/diagram_shots.py [GAME ...] [--out DIR] [--size WxH ...]

Without games: every sheet that has a diagram.
"""

from __future__ import annotations

import argparse
import os
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every sheet with a diagram)")
    parser.add_argument("--out", help="folder for the PNG files (default: a new temporary one)")
    parser.add_argument(
        "--size", action="append", help="window size WxH (default: 800x560 and 1280x800)"
    )
    args = parser.parse_args()

    import pygame
    from pygame_gui.core.text.image_layout_rect import ImageLayoutRect

    from game.app import App
    from game.learn import diagrams
    from game.ui.menu import MainMenu
    from game.ui.rules_view import RulesScene

    report = diagrams.verify()
    games = args.games or [g for g, (count, _) in report.items() if count]
    sizes = [tuple(int(n) for n in s.lower().split("x")) for s in args.size or ()]
    out = args.out or tempfile.mkdtemp(prefix="diagram-shots-")
    os.makedirs(out, exist_ok=True)
    for size in sizes or [(800, 560), (1280, 800)]:
        app = App(fullscreen=False, size=size)
        app.running = True
        app.push(MainMenu(app))
        for game_id in games:
            cpu = time.process_time()
            scene = RulesScene(app, game_id)  # draws the sheet's pictures
            cpu = time.process_time() - cpu
            app.push(scene)
            box = scene.text_box
            layout = box.text_box_layout
            tops = [
                row.y
                for row in layout.layout_rows
                if any(isinstance(item, ImageLayoutRect) for item in row.items)
            ]
            for n, top in enumerate(tops):
                if box.scroll_bar is not None:
                    box.scroll_bar.set_scroll_from_start_percentage(
                        max(0, top - 40) / layout.layout_rect.height
                    )
                for _ in range(6):
                    app.step(1 / 60)
                scene.draw(app.window)
                path = os.path.join(out, f"{game_id}_{size[0]}x{size[1]}_{n}.png")
                pygame.image.save(app.window, path)
            problems = report.get(game_id, (0, []))[1]
            print(
                f"{game_id} {size[0]}x{size[1]}: {len(tops)} diagrams,"
                f" sheet opened in {cpu * 1000:.0f} ms CPU",
                *problems,
                sep="\n  ",
            )
            app.pop()
        app.close()
    print(f"pictures in {out}")


if __name__ == "__main__":
    main()
