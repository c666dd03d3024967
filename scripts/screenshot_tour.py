"""Render every scene of the app to PNG files, for people to look at.

Runs the real scenes (SDL's dummy driver by default, so no display is
needed) and saves the window after a few frames. Games are shown part-way
through a seeded random game, so each board has something on it.

    .venv/bin/python scripts/screenshot_tour.py [--out DIR] [--size 1280x800]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.games import REGISTRY, load_all  # noqa: E402
from game.match import Match  # noqa: E402

# Game id, random actions to play first, seed, and whether the second seat
# is the computer (with two people, a game with secrets shows its privacy screen).
GAMES_MID_PLAY = [
    ("chess960", 16, 3, False),
    ("chess", 20, 1, False),
    ("maces", 18, 5, False),
    ("tulpas", 0, 2, False),
    ("tulpas", 0, 2, True),
    ("tulpas", 25, 4, True),
    ("mulligan_stew", 14, 6, False),
    ("tulaga", 30, 7, False),
    ("cooperative", 20, 3, False),
    ("golf", 3, 2, False),
    ("zombie", 30, 4, True),
    ("masquerade", 25, 4, True),
    ("two_move", 12, 5, True),
    ("synchronous", 10, 6, True),
    ("tar_pit", 14, 3, True),
    ("adrenaline", 16, 2, True),
    ("half_alice", 16, 3, True),
    ("crowded_house", 14, 3, False),
]


def played(game_id: str, actions: int, seed: int, computer: bool = False) -> Match:
    players = ["human"] * len(REGISTRY[game_id].seats)
    if computer:
        players[1] = "computer:random"
    match = Match(game_id, seed=seed, players=players)
    rng = random.Random(seed)
    for _ in range(actions):
        if match.state.is_over():
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.state.to_act()})
    return match


def shoot(app: App, scene, path: Path, frames: int = 30) -> None:
    app.push(scene)
    for _ in range(frames):
        app.step(1 / 60)
    pygame.image.save(app.window, str(path))
    print(path)
    app.pop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="screenshots", help="folder for the PNG files")
    parser.add_argument("--size", default="1280x800")
    args = parser.parse_args()
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("CHESS_VARIANTS_HOME", str(out / "home"))
    width, height = (int(n) for n in args.size.split("x"))
    load_all()

    from game.ui.load_scene import LoadScene
    from game.ui.menu import MainMenu
    from game.ui.play import PlayScene
    from game.ui.rules_view import RulesScene
    from game.ui.settings_scene import SettingsScene
    from game.ui.setup import SetupScene

    app = App(size=(width, height))
    app.running = True
    shoot(app, MainMenu(app), out / "menu.png")
    shoot(app, SetupScene(app, "chess960"), out / "setup_chess960.png")
    shoot(app, SettingsScene(app), out / "settings.png")
    shoot(app, LoadScene(app), out / "load.png")
    shoot(app, RulesScene(app, "maces"), out / "rules_maces.png")
    for game_id, actions, seed, computer in GAMES_MID_PLAY:
        scene = PlayScene(app, played(game_id, actions, seed, computer))
        against = "_vs_computer" if computer else ""
        shoot(app, scene, out / f"play_{game_id}_{actions}{against}.png", frames=90)
        scene.close_runners()
    app.close()


if __name__ == "__main__":
    main()
