"""Why Hard loses to Stockfish: play Chess960 games, then judge our moves.

Plays ``--n`` games of Chess960 between our level (default Hard) and
Stockfish at ``--skill`` (both at ``--time`` seconds a move, colours
alternating), then has a full-strength Stockfish at ``--judge-depth`` score
the position before and after each of our moves. A move that loses at
least ``--threshold`` centipawns against Stockfish's best is a mistake, and
each mistake is sorted into one bucket:

- mate allowed: after our move Stockfish finds a forced mate against us;

- tactic seen deeper: Stockfish's refutation wins material within six
  plies, and our search at two plies more than it reached in the game
  (node bounded, not timed) plays a move that loses less than half as much;
- tactic beyond: the refutation wins material, and two plies more do not
  help (a horizon further away, or an evaluation blind spot);
- king safety: no material lost at once, the refutation lands next to our
  king or gives check, in the middlegame;
- endgame: no material lost at once, few pieces left (phase 6 or less);
- positional: the rest.

It also counts the depth our search completed per move (time use).

    .venv/bin/python scripts/sf_review.py [--n 4] [--skill 5] [--time 0.5]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402
import chess.engine  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
PHASE = {chess.KNIGHT: 1, chess.BISHOP: 1, chess.ROOK: 2, chess.QUEEN: 4}


def material(board: chess.Board, colour: bool) -> int:
    return sum(len(board.pieces(k, colour)) * v for k, v in VALUES.items()) - sum(
        len(board.pieces(k, not colour)) * v for k, v in VALUES.items()
    )


def phase(board: chess.Board) -> int:
    return sum(len(board.pieces(k, c)) * w for k, w in PHASE.items() for c in (True, False))


LEVELS = {"normal": "search:2", "hard": "search:3"}


def spec_for(game, level: str) -> str:
    """The bot spec a level means in ``game`` (as bench_ai.py maps it)."""
    spec = LEVELS.get(level, level)
    return game.bot_levels.get(spec, spec)


def cp(score: chess.engine.PovScore, colour: bool) -> int:
    return score.pov(colour).score(mate_score=10_000)


def play(game, level, skill, seed, ours, time_limit, engine):
    """One game; returns (points, [(fen before, uci, depth reached)])."""
    state = game.new(game.default_options(), seed)
    board = chess.Board(state.to_text(), chess960=True)
    bot = make_bot(spec_for(game, level), time_limit=time_limit)
    rng = random.Random(seed)
    moves = []
    while state.result() is None:
        seat = state.to_act()[0]
        if seat == ours:
            action = bot.choose(state.view(seat), seat, rng)
            move = board.parse_san(state.notation(action))
            moves.append((board.fen(), move.uci(), bot.last.depth if bot.last else 0))
            board.push(move)
        else:
            move = engine.play(board, chess.engine.Limit(time=time_limit)).move
            action = state.parse_action(board.san(move), seat)
            board.push(move)
        state.apply({seat: action})
    return state.result().points[ours], moves


def deeper_move(game, fen: str, depth: int) -> str:
    """Our search's move at ``depth`` (node bounded, untimed)."""
    from game.ai.search import Limits, Search  # noqa: PLC0415

    state = game.from_text(fen)
    seat = state.to_act()[0]
    limits = Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=400_000)
    result = Search(seat, limits, random.Random(0)).run(state)
    board = chess.Board(fen, chess960=True)
    return board.parse_san(state.notation(result.action)).uci()


def judge(game, judge_engine, fen, uci, depth_reached, args):
    board = chess.Board(fen, chess960=True)
    me = board.turn
    limit = chess.engine.Limit(depth=args.judge_depth)
    before = judge_engine.analyse(board, limit)
    best = cp(before["score"], me)
    move = chess.Move.from_uci(uci)
    board.push(move)
    after = judge_engine.analyse(board, limit)
    ours = cp(after["score"], me)
    loss = best - ours
    if loss < args.threshold:
        return None
    mate = after["score"].pov(me).mate()
    if mate is not None and mate <= 0:
        return "mate allowed", loss
    # Material along the refutation, six plies.
    start = material(board, me)
    line = board.copy()
    worst = start
    for reply in after.get("pv", [])[:6]:
        line.push(reply)
        worst = min(worst, material(line, me))
    refutation = after.get("pv", [None])[0]
    king = board.king(me)
    near_king = (
        refutation is not None
        and king is not None
        and (
            chess.square_distance(refutation.to_square, king) <= 2 or board.gives_check(refutation)
        )
    )
    if start - worst >= 2:
        if args.deeper:
            other = deeper_move(game, fen, depth_reached + 2)
            if other != uci:
                b2 = chess.Board(fen, chess960=True)
                b2.push(chess.Move.from_uci(other))
                alt = cp(judge_engine.analyse(b2, limit)["score"], me)
                if best - alt < loss / 2:
                    return "tactic seen deeper", loss
        return "tactic beyond", loss
    if near_king and phase(board) > 6:
        return "king safety", loss
    if phase(board) <= 6:
        return "endgame", loss
    return "positional", loss


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=4)
    parser.add_argument("--skill", type=int, default=5)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--time", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--judge-depth", type=int, default=14)
    parser.add_argument("--threshold", type=int, default=80, help="centipawns lost")
    parser.add_argument("--no-deeper", dest="deeper", action="store_false")
    args = parser.parse_args()
    game = load_all()["chess960"]
    path = shutil.which("stockfish") or "/usr/games/stockfish"
    engine = chess.engine.SimpleEngine.popen_uci(path)
    engine.configure({"Skill Level": args.skill, "Threads": 1})
    judge_engine = chess.engine.SimpleEngine.popen_uci(path)
    judge_engine.configure({"Threads": 1})
    buckets: Counter = Counter()
    lost: Counter = Counter()
    depths: Counter = Counter()
    total_moves = 0
    try:
        for i in range(args.n):
            ours = i % 2
            start = time.perf_counter()
            points, moves = play(
                game, args.level, args.skill, args.seed + i, ours, args.time, engine
            )
            total_moves += len(moves)
            depths.update(d for _, _, d in moves)
            print(
                f"game {i + 1}: {points:g} in {len(moves)} of our moves "
                f"({time.perf_counter() - start:.0f} s, load {os.getloadavg()[0]:.1f})",
                flush=True,
            )
            for ply, (fen, uci, d) in enumerate(moves):
                verdict = judge(game, judge_engine, fen, uci, d, args)
                if verdict is not None:
                    kind, loss = verdict
                    buckets[kind] += 1
                    lost[kind] += loss
                    print(
                        f"    move {ply + 1} {uci} depth {d}: -{loss} cp, {kind}   {fen}",
                        flush=True,
                    )
    finally:
        engine.quit()
        judge_engine.quit()
    print(f"\n{total_moves} moves of ours; mistakes (>= {args.threshold} cp) by kind:")
    for kind, count in buckets.most_common():
        print(f"  {kind:<20} {count:3d}  {lost[kind]:6d} cp in all")
    print("depth completed per move:", dict(sorted(depths.items())))


if __name__ == "__main__":
    main()
