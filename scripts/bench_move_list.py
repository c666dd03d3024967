"""What a move costs the play scene as a game grows: the CPU time of
``scene.submit`` (the rules, the panel's refresh with the move list's
layout, the board) per move, averaged over blocks of 50 plies of a random
chess game played through the real play scene under SDL's dummy driver.

The move list lays out at most ``SHOWN_LINES`` lines, so the figure should
level off once the list is that long, not keep climbing with the game.

    python scripts/bench_move_list.py [--plies 400] [--seed 4]
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--plies", type=int, default=400)
    p.add_argument("--seed", type=int, default=4)
    args = p.parse_args()

    from helpers.ui_driver import make_app, open_play, pump

    from game.match import Match
    from game.ui.play.move_list import SHOWN_LINES

    app = make_app()
    match = Match("chess", seed=1, players=["human", "human"])
    scene = open_play(app, match)
    rng = random.Random(args.seed)
    block: list[float] = []
    print(f"move list: at most {SHOWN_LINES} lines laid out")
    for ply in range(1, args.plies + 1):
        if match.is_over():
            print(f"the game ended after {ply - 1} plies")
            break
        seat = match.to_act()[0]
        action = rng.choice(match.state.legal_actions(seat))
        start = time.process_time()
        scene.submit(seat, action)
        block.append(time.process_time() - start)
        pump(app, 1)
        if ply % 50 == 0:
            mean, most = 1000 * sum(block) / len(block), 1000 * max(block)
            print(f"plies {ply - 49:3d}-{ply:3d}: {mean:5.1f} ms CPU a move, max {most:5.1f}")
            block = []
    return 0


if __name__ == "__main__":
    sys.exit(main())
