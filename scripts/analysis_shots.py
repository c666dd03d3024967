"""Screenshots of analysed games in the real window (SDL's dummy driver
unless SDL_VIDEODRIVER says another, say x11 on an Xvfb display): for each
game a seeded game of shallow searches is played (and resigned if it has
not ended by then), "Analyse" run in its worker, and the window saved while it looks
back at the first marked step (the graph, the marks in the move list, the
better step's arrow), with the status it shows; at 1280x800 and at the
smallest window, 800x560 (``_small`` in the name).

``--going`` shoots instead a game still going, one person against the
computer (seat 0 the person), analysed from that person's view while
looking back (``_going`` in the name).

    python scripts/analysis_shots.py OUT_DIR [--games chess,maces,...] [--nodes N] [--going]
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


SIZES = {"": (1280, 800), "_small": (800, 560)}


def played(game_id: str, steps: int = 24, going: bool = False):
    """A game as people play it, roughly: most steps a shallow search's,
    one in five at random (random play would blunder at nearly every step,
    and every step would be marked); chess is the Scholar's mate, with its
    one blunder. Resigned
    at the end unless ``going`` (then seat 0 is a person against the
    computer, the analysis's viewer)."""
    from game.ai import make_bot
    from game.match import Match

    n = len(Match(game_id, seed=2).players)
    players = ["human"] + ["computer:search:1"] * (n - 1) if going else None
    match = Match(game_id, seed=2, players=players)
    if game_id == "chess" and not going:  # a game with one clear blunder
        for text in SCHOLARS:
            seat = match.state.to_act()[0]
            match.play({seat: match.state.parse_action(text, seat)})
        return match
    rng = random.Random(2)
    bot = make_bot("search:2:nodes=120")

    def more() -> bool:  # going: on until the person is to act (a reply would outdate it)
        short = len(match.records) < steps or (going and 0 not in match.to_act())
        return short and not match.is_over()

    while more():
        state = match.state
        if len(match.records) % 5 == 3:  # now and then a careless step, to be marked
            match.play({s: rng.choice(state.legal_actions(s)) for s in match.to_act()})
            continue
        match.play({s: bot.choose(state.view(s), s, rng) for s in match.to_act()})
    if not match.is_over() and not going:  # as the game-over window offers it
        match.resign(match.to_act()[0])
    return match


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the PNG files")
    parser.add_argument("--games", default=GAMES)
    parser.add_argument("--nodes", type=int, help="budget per position (default: the game's)")
    parser.add_argument("--going", action="store_true", help="a game still going, one view")
    args = parser.parse_args(argv)

    import pygame
    from helpers.ui_driver import open_play, pump

    from game.app import App
    from game.ui.play.analysis_view import AnalysisView

    args.out.mkdir(parents=True, exist_ok=True)
    AnalysisView.nodes = args.nodes
    for game_id in [g for g in args.games.split(",") if g]:
        app = App(fullscreen=False, size=SIZES[""])
        app.running = True
        scene = open_play(app, played(game_id, going=args.going))
        if args.going:
            scene.looking.go(len(scene.match.records) - 1)
        scene.analysis.start()
        end = time.monotonic() + WAIT
        while scene.analysis.running and time.monotonic() < end:
            pump(app, 1)
            time.sleep(0.02)
        review = scene.analysis.review
        marked = [s.index + 1 for s in review.steps if s.mark] if review else []
        scene.looking.go(marked[0] if marked else 1)
        for suffix, size in SIZES.items():
            if app.size != size:  # as a person resizing the window
                pygame.display.set_mode(size, pygame.RESIZABLE)
                app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
            pump(app, 3)
            going = "_going" if args.going else ""
            path = args.out / f"analysis_{game_id}{going}{suffix}.png"
            pygame.image.save(pygame.display.get_surface(), str(path))
            status = scene.status_line().replace("\n", " | ")
            print(f"{path}: {len(marked)} marked steps; {status}")
        scene.close_runners()
        app.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
