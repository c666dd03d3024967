"""Screenshots of analysed games in the real window (SDL's dummy driver):
for each game a seeded random game is played (and resigned if it has not
ended by then), "Analyse" run in its worker, and the
window saved while it looks back at the first marked step (the graph, the
marks in the move list, the better step's arrow), with the status it shows.

    python scripts/analysis_shots.py OUT_DIR [--games chess,maces,...] [--nodes 500]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

GAMES = "chess,chess960,maces,mulligan_stew,tulaga,synchronous,zombie"
SCHOLARS = ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
WAIT = 300.0  # seconds of wall clock at most per game


def played(game_id: str, steps: int = 24):
    from game.match import Match

    match = Match(game_id, seed=2)
    if game_id == "chess":  # a game with one clear blunder
        for text in SCHOLARS:
            seat = match.state.to_act()[0]
            match.play({seat: match.state.parse_action(text, seat)})
        return match
    rng = random.Random(2)
    while not match.is_over() and len(match.records) < steps:
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    if not match.is_over():  # finished, as the game-over window offers it (no privacy screen)
        match.resign(match.to_act()[0])
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--nodes", type=int, default=500, help="budget per position")
    args = parser.parse_args(argv)

    import pygame
    from helpers.ui_driver import make_app, open_play, pump

    from game.ui.play.analysis_view import AnalysisView

    args.out.mkdir(parents=True, exist_ok=True)
    AnalysisView.nodes = args.nodes
    for game_id in [g for g in args.games.split(",") if g]:
        app = make_app()
        scene = open_play(app, played(game_id))
        scene.analysis.start()
        end = time.monotonic() + WAIT
        while scene.analysis.running and time.monotonic() < end:
            pump(app, 1)
            time.sleep(0.02)
        review = scene.analysis.review
        marked = [s.index + 1 for s in review.steps if s.mark] if review else []
        scene.looking.go(marked[0] if marked else 1)
        pump(app, 3)
        path = args.out / f"analysis_{game_id}.png"
        pygame.image.save(pygame.display.get_surface(), str(path))
        status = scene.status_line().replace("\n", " | ")
        print(f"{path}: {len(marked)} marked steps; {status}")
        scene.close_runners()
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
