"""Screenshots of Chess Golf in the play scene, to look at as a player would:

- alone mid-hole, a piece picked with its lenders ringed (golf_alone.png);
- alone at the round's end, the game-over window over it (golf_end.png);
- three players while bidding: the privacy screen (golf_bids.png), and the
  bid pad behind it (golf_bid_pad.png);
- three players during a demonstration (golf_demo.png).

    PYTHONPATH=. .venv/bin/python scripts/golf_shots.py [OUT_DIR] [WIDTH HEIGHT]
"""

from __future__ import annotations

import argparse
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from game.app import App  # noqa: E402
from game.games.golf import hole as H  # noqa: E402
from game.games.golf.rules import Bid, Go, solution_line  # noqa: E402
from game.match import Match  # noqa: E402

HUMANS = ["human"] * 4


def shoot(match: Match, out: str, size, then=None) -> None:
    from game.ui.play import PlayScene

    app = App(size=size)
    app.running = True
    scene = PlayScene(app, match)
    app.push(scene)
    for _ in range(30):
        app.step(1 / 60)
    if then is not None:
        then(scene)
        for _ in range(30):
            app.step(1 / 60)
    pygame.image.save(app.window, out)
    print(out)
    scene.close_runners()
    app.close()


def solve_hole(match: Match) -> None:
    """Play the shortest line of the hole and put the captured pieces back."""
    state = match.state
    seat = state.to_act()[0]
    for move in solution_line(state.board, state.goal):
        match.play({seat: Go(move.frm, move.to)})
    while match.state.phase == "place":
        match.play({seat: match.state.legal_actions(seat)[0]})


def pick(square: int):
    def click(scene) -> None:
        rect = scene.board.square_rect(square)
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, button=1, pos=rect.center))

    return click


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("out", nargs="?", default="/tmp", help="folder for the PNG files")
    parser.add_argument("size", nargs="*", type=int, metavar="WIDTH HEIGHT")
    args = parser.parse_args()
    if not os.environ.get("CHESS_VARIANTS_HOME"):  # a data folder of its own
        os.environ["CHESS_VARIANTS_HOME"] = tempfile.mkdtemp(prefix="golf_shots_")
    if len(args.size) not in (0, 2):
        parser.error("give the window's WIDTH and HEIGHT, or neither")
    out = args.out
    size = tuple(args.size) or (1280, 800)
    alone = Match("golf", {"players": 1}, seed=3, players=HUMANS)
    solve_hole(alone)
    first = solution_line(alone.state.board, alone.state.goal)[0]
    alone.play({0: Go(first.frm, first.to)})
    state = alone.state
    movers = {m.frm for m in H.legal_moves(state.board, state.goal)}
    lent = [sq for sq in sorted(movers) if H.KING not in H.borrowed(state.board, sq)]
    shoot(alone, f"{out}/golf_alone.png", size, pick((lent or sorted(movers))[0]))
    line = solution_line(state.board, state.goal)
    crowned = [sq for sq in sorted(movers) if H.KING in H.borrowed(state.board, sq)]
    if crowned:
        shoot(alone, f"{out}/golf_kingstep.png", size, pick(crowned[0]))
    while len(alone.state.scores) < alone.state.holes - 1:
        solve_hole(alone)
    shoot(alone, f"{out}/golf_end.png", size, finish)

    seed = 4  # a hole whose shortest line is three moves or more
    while True:
        table = Match("golf", {"players": 3}, seed=seed, players=HUMANS)
        if len(solution_line(table.state.board, table.state.goal)) >= 3:
            break
        seed += 1
    shoot(table, f"{out}/golf_bids.png", size)

    shoot(table, f"{out}/golf_bid_pad.png", size, reveal)
    table.play({0: Bid(4), 1: Bid(3), 2: Bid(0)})
    state = table.state
    line = solution_line(state.board, state.goal)
    table.play({state.demo: Go(line[0].frm, line[0].to)})
    shoot(table, f"{out}/golf_demo.png", size, reveal)


def finish(scene) -> None:
    """The last hole played in the scene, so the game-over window opens."""
    state = scene.match.state
    for move in solution_line(state.board, state.goal):
        scene.submit(0, Go(move.frm, move.to))
    while scene.match.state.phase == "place":
        scene.submit(0, scene.match.state.legal_actions(0)[0])
    for _ in range(400):
        scene.app.step(1 / 60)


def reveal(scene) -> None:
    """The first person takes the screen (the privacy screen goes)."""
    scene.viewpoint.reveal()
    scene.refresh()
    scene.sync_board()


if __name__ == "__main__":
    main()
