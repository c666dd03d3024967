"""Perft speed: our move generator against python-chess on the same positions.

Both sides count leaves the same way (the last ply counts legal moves
without making them), so the figures compare like with like.

    .venv/bin/python scripts/bench_perft.py [--depth N]
"""

from __future__ import annotations

import argparse
import time

import chess

from game.games import load_all

POSITIONS = [
    ("start", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    ("kiwipete", "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 3),
    ("position 3", "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 5),
    ("position 4", "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4),
    ("position 5", "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    ("chess960 #0", "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1", 4),
]


def oracle_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += oracle_perft(board, depth - 1)
        board.pop()
    return total


def timed(fn):
    start = time.perf_counter()
    result = fn()
    return result, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, help="one depth for every position")
    args = parser.parse_args()
    games = load_all()
    ours_total = theirs_total = nodes_total = 0.0
    header = ("position", "depth", "nodes", "ours n/s", "chess n/s", "ratio")
    print("{:14} {:>5} {:>10} {:>10} {:>10} {:>6}".format(*header))
    for name, fen, depth in POSITIONS:
        depth = args.depth or depth
        state = games["chess960"].from_text(fen)
        board = chess.Board(fen, chess960=True)
        ours, t_ours = timed(lambda s=state, d=depth: s.perft(d))
        theirs, t_theirs = timed(lambda b=board, d=depth: oracle_perft(b, d))
        if ours != theirs:
            raise SystemExit(f"{name}: perft {ours} != python-chess {theirs}")
        ours_total += t_ours
        theirs_total += t_theirs
        nodes_total += ours
        print(
            f"{name:14} {depth:5} {ours:10} {ours / t_ours:10.0f} {theirs / t_theirs:10.0f}"
            f" {t_theirs / t_ours:6.2f}"
        )
    print(
        f"{'all':14} {'':5} {nodes_total:10.0f} {nodes_total / ours_total:10.0f}"
        f" {nodes_total / theirs_total:10.0f} {theirs_total / ours_total:6.2f}"
    )
    print("ratio = our speed / python-chess speed (above 1: we are faster)")


if __name__ == "__main__":
    main()
