"""Quiet positions with the results of the games they came from: the data
texel_fit.py fits the chess evaluation's weights to (Texel's method).

Our own computer plays itself at a fast node-bounded setting
(``search:24:nodes=N``, no clock: the same games on any machine), Chess960
and Chess starts in turn, each game opened with a few random plies (all of
it follows from ``--seed``). A position is kept when it is quiet: the side
to move is not in check, its chosen move is no capture or promotion, and no
capture of a piece worth more than the capturer, or of an undefended piece,
is on the board (the static score of such a position says nothing the
search would not change at once). Games longer than ``--max-plies`` count
as draws.

    python scripts/texel_data.py [--games 300] [--nodes 600] [--seed 1]
        [--out /tmp/texel.txt]

Each line of the output: the position (the game's text form), a semicolon,
the result for White (1, 0.5 or 0), a semicolon, the game id. python-chess
(a dev dependency) judges the captures.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import chess  # noqa: E402

from game.ai import make_bot  # noqa: E402
from game.games import load_all  # noqa: E402

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}


def quiet(board: chess.Board) -> bool:
    """Not in check, and no capture that wins material at once."""
    if board.is_check():
        return False
    enemy = not board.turn
    for move in board.generate_legal_captures():
        attacker = board.piece_type_at(move.from_square)
        if board.is_en_passant(move):
            victim = chess.PAWN
        else:
            victim = board.piece_type_at(move.to_square)
        if VALUES.get(victim, 0) > VALUES.get(attacker, 0):
            return False
        if not board.is_attacked_by(enemy, move.to_square):
            return False
    return True


def play_one(game, seed: int, nodes: int, opening_plies: int, max_plies: int):
    """One game of the bot against itself; (positions kept, result for White)."""
    state = game.new(game.default_options(), seed)
    rng = random.Random(f"texel {seed}")
    for _ in range(opening_plies):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        state.apply({seat: rng.choice(state.legal_actions(seat))})
    bot = make_bot(f"search:24:nodes={nodes}", time_limit=1e6, time_cap=1e6)
    kept = []
    plies = 0
    while state.result() is None and plies < max_plies:
        seat = state.to_act()[0]
        action = bot.choose(state.view(seat), seat, rng)
        text = state.to_text()
        board = chess.Board(text, chess960=True)
        move = board.parse_san(state.notation(action))
        if not board.is_capture(move) and not move.promotion and quiet(board):
            kept.append(text)
        state.apply({seat: action})
        plies += 1
    result = state.result()
    white = 0.5 if result is None else result.points[0]
    return kept, white


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--nodes", type=int, default=600, help="nodes per move")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=240)
    parser.add_argument("--out", default="/tmp/texel.txt")
    args = parser.parse_args()
    games = load_all()
    total = 0
    start = time.process_time()
    with open(args.out, "a") as out:
        for i in range(args.games):
            game_id = "chess960" if i % 2 == 0 else "chess"
            seed = args.seed + i
            opening = random.Random(f"plies {seed}").randint(2, 8)
            kept, white = play_one(games[game_id], seed, args.nodes, opening, args.max_plies)
            out.writelines(f"{text};{white:g};{game_id}\n" for text in kept)
            out.flush()
            total += len(kept)
            print(
                f"game {i + 1} {game_id} seed {seed}: {white:g}, {len(kept)} positions;"
                f" {total} in all, {time.process_time() - start:.0f} CPU s",
                flush=True,
            )


if __name__ == "__main__":
    main()
