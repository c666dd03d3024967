"""Screenshots of Telepathic Chess mid-game, for people to look at: four
people (the predictor choosing, the screen handed over), the privacy screen,
one person against three computers, and a removal. Run from the checkout:

    .venv/bin/python scripts/telepathic_shots.py OUT_DIR [WIDTHxHEIGHT]

Each picture is a random game of a fixed seed played some steps in."""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("CHESS_VARIANTS_HOME", "/tmp/telepathic_shots_home")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def shot(
    out: Path, size, players, steps: int, seed: int, until=None, cover=False, reveal=0
) -> None:
    """``reveal``: that many frames after the person to act plays a random
    action in the scene (a move: the card turning over, the trophy sliding)."""
    import pygame

    from game.app import App
    from game.match import Match
    from game.ui.play import PlayScene

    match = Match("telepathic", seed=seed, players=players)
    rng = random.Random(seed)
    for step in range(steps + 300):
        if match.is_over() or step >= steps and (until is None or until(match.state)):
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.state.to_act()})
    app = App(size=size)
    app.running = True
    scene = PlayScene(app, match)
    app.push(scene)
    if scene.viewpoint.covering and not cover:
        scene.viewpoint.reveal()
        scene.refresh()
        scene.sync_board()
    for _ in range(60):
        app.step(1 / 60)
    if reveal:
        (seat,) = match.to_act()
        scene.submit(seat, rng.choice(match.state.legal_actions(seat)))
        scene.viewpoint.reveal()  # the last mover keeps looking
        scene.refresh()
        for _ in range(reveal):
            app.step(1 / 60)
    pygame.image.save(app.window, str(out))
    print(out)
    scene.close_runners()
    app.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", nargs="?", default="/tmp/telepathic_shots", type=Path)
    parser.add_argument("size", nargs="?", default="1280x800", metavar="WIDTHxHEIGHT")
    args = parser.parse_args()
    try:
        size = tuple(int(v) for v in args.size.split("x"))
    except ValueError:
        parser.error(f"{args.size!r}: give the size as WIDTHxHEIGHT, e.g. 1280x800")
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    tag = f"{size[0]}x{size[1]}"
    people = ["human"] * 4
    alone = ["human", "computer:search:1", "computer:search:1", "computer:search:1"]
    shot(out / f"people_predict_{tag}.png", size, people, 60, 3, lambda s: s.phase == "predict")
    shot(out / f"people_move_{tag}.png", size, people, 61, 3, lambda s: s.phase == "move")
    shot(out / f"people_cover_{tag}.png", size, people, 61, 3, cover=True)
    shot(out / f"removal_{tag}.png", size, people, 30, 4, lambda s: s.phase == "remove")
    shot(out / f"alone_{tag}.png", size, alone, 50, 5, lambda s: s.phase == "move")
    move = lambda s: s.phase == "move"  # noqa: E731
    shot(out / f"flip_{tag}.png", size, people, 20, 6, move, reveal=22)
    shot(out / f"slide_{tag}.png", size, people, 20, 6, move, reveal=50)


if __name__ == "__main__":
    main()
