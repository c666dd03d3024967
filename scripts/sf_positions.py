"""Our mistakes against Stockfish as a test set: does the search avoid them now?

Reads the lines ``scripts/sf_review.py`` prints for each mistake ("move 7
f5h6 depth 5: -139 cp, tactic beyond   <FEN>"), searches each position again
with our search bounded by ``--nodes`` (or ``--depth``; never the clock, so
the figure does not depend on the machine's load) and has Stockfish at
``--judge-depth`` say how much the move it picks loses against Stockfish's
best (a fresh game, so a cleared hash, for each judgement: the same move
gets the same verdict). Prints per kind the positions now within ``--ok`` centipawns of the
best and the centipawns lost in all; the figure to compare before and after
a change of the search or the evaluation.

    .venv/bin/python scripts/sf_review.py --n 4 > review.txt
    .venv/bin/python scripts/sf_positions.py review.txt [--nodes 12000]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402
import chess.engine  # noqa: E402

from game.ai.search import Limits, Search  # noqa: E402
from game.games import load_all  # noqa: E402

CAP = 500  # centipawns: a blunder into mate counts as much as losing a rook
LINE = re.compile(r"move \d+ (\w+) depth \d+: -(\d+) cp, ([a-z ]+?)\s{2,}(\S.*)$")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--nodes", type=int, default=12_000)
    parser.add_argument("--depth", type=int, default=30)
    parser.add_argument("--judge-depth", type=int, default=14)
    parser.add_argument(
        "--ok", type=int, default=50, help="centipawns lost that still count as good"
    )
    parser.add_argument("-v", "--verbose", action="store_true")
    args = parser.parse_args()
    positions = []
    for name in args.files:
        for line in Path(name).read_text().splitlines():
            found = LINE.search(line)
            if found:
                positions.append((found[4].strip(), found[1], int(found[2]), found[3]))
    game = load_all()["chess960"]
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    judge = chess.engine.SimpleEngine.popen_uci(path)
    judge.configure({"Threads": 1})
    limit = chess.engine.Limit(depth=args.judge_depth)
    good: Counter = Counter()
    seen: Counter = Counter()
    lost: Counter = Counter()
    depths = []
    try:
        for fen, old, _old_loss, kind in positions:
            state = game.from_text(fen)
            seat = state.to_act()[0]
            limits = Limits(
                max_depth=args.depth, time_limit=1e9, time_cap=1e9, node_limit=args.nodes
            )
            result = Search(seat, limits, random.Random(0)).run(state)
            depths.append(result.depth)
            board = chess.Board(fen, chess960=True)
            me = board.turn
            move = board.parse_san(state.notation(result.action))
            best = (
                judge.analyse(board, limit, game=object())["score"].pov(me).score(mate_score=10_000)
            )
            board.push(move)
            ours = (
                judge.analyse(board, limit, game=object())["score"].pov(me).score(mate_score=10_000)
            )
            loss = min(CAP, max(0, best - ours))
            seen[kind] += 1
            lost[kind] += loss
            good[kind] += loss < args.ok
            if args.verbose:
                print(f"{move.uci():6s} (was {old}) -{loss:4d} cp depth {result.depth}  {fen}")
    finally:
        judge.quit()
    print(f"{'kind':<20} {'good':>9} {'cp lost':>8}")
    for kind in sorted(seen):
        print(f"{kind:<20} {good[kind]:4d}/{seen[kind]:<4d} {lost[kind]:8d}")
    total = sum(seen.values())
    mean_depth = sum(depths) / len(depths) if depths else 0
    print(
        f"{'all':<20} {sum(good.values()):4d}/{total:<4d} {sum(lost.values()):8d}"
        f"   (nodes {args.nodes}, mean depth {mean_depth:.2f})"
    )


if __name__ == "__main__":
    main()
