"""Move generation counted against python-chess, the oracle, on the standard
perft test positions and on Chess960 starts with castling subtleties."""

import random

import chess
import pytest

from game.games import load_all
from game.games.chess960.start import rank_of_number

GAMES = load_all()

PERFT_POSITIONS = {
    "start": ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", 4),
    "kiwipete": ("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1", 4),
    "position 3": ("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1", 4),
    "position 4": ("r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1", 4),
    "position 4 mirrored": ("r2q1rk1/pP1p2pp/Q4n2/bbp1p3/Np6/1B3NBn/pPPP1PPP/R3K2R b KQ - 0 1", 3),
    "position 5": ("rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8", 3),
    "position 6": (
        "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/2NP1N2/PPPQ1PPP/R4RK1 w - - 0 10",
        3,
    ),
}


def oracle_perft(board: chess.Board, depth: int) -> int:
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += oracle_perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize(
    "name",
    # Kiwipete and position 4 to depth 4 cost most of this file; the other
    # positions (position 4 mirrored among them) are the fast check.
    [
        pytest.param(n, marks=pytest.mark.slow) if n in ("kiwipete", "position 4") else n
        for n in PERFT_POSITIONS
    ],
)
def test_perft_matches_python_chess(name):
    fen, depth = PERFT_POSITIONS[name]
    ours = GAMES["chess"].from_text(fen)
    assert ours.perft(depth) == oracle_perft(chess.Board(fen), depth)


# Chess960 starts: the first and last, the standard one, and ones where the
# king or a rook already stands on its castled square, or a rook on b/g.
CHESS960_NUMBERS = [
    0,
    1,
    2,
    17,
    105,
    191,
    226,
    318,
    351,
    383,
    416,
    447,
    518,
    540,
    584,
    636,
    700,
    734,
    803,
    860,
    908,
    959,
]


def random_walk(fen: str, plies: int, seed: int) -> str:
    """A position some random moves in, so castling paths open up."""
    board = chess.Board(fen, chess960=True)
    rng = random.Random(seed)
    for _ in range(plies):
        moves = list(board.legal_moves)
        if not moves:
            break
        board.push(rng.choice(moves))
    return board.fen()


# The first, the standard and the last start in the fast tier; all in the slow.
FAST_CHESS960 = {0, 518, 959}


@pytest.mark.parametrize(
    "number",
    [
        n if n in FAST_CHESS960 else pytest.param(n, marks=pytest.mark.slow)
        for n in CHESS960_NUMBERS
    ],
)
def test_chess960_perft(number):
    rank = rank_of_number(number)
    assert rank == chess.Board.from_chess960_pos(number).fen().split()[0].split("/")[-1]
    fen = GAMES["chess960"].new({"start": "number", "number": number}).to_text()
    assert ours_perft(fen, 3) == oracle_perft(chess.Board(fen, chess960=True), 3)
    walked = random_walk(fen, 12, number)
    assert ours_perft(walked, 3) == oracle_perft(chess.Board(walked, chess960=True), 3)


def ours_perft(fen: str, depth: int) -> int:
    return GAMES["chess960"].from_text(fen).perft(depth)


CASTLING_SUBTLETIES = [
    # The castling rook shields the king: castling would expose it (queen a1).
    "1r2k3/8/8/8/8/8/8/qRK4R w KQ - 0 1",
    # King already on its castled square g1, rook on h1.
    "4k3/8/8/8/8/8/8/5RKR w KQ - 0 1",
    # Rook on its castled square d1 while king on b1 castles a-side.
    "4k3/8/8/8/8/8/8/RK1R4 w Q - 0 1",
    # An enemy rook attacks the square the king must cross.
    "3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
    # Shredder-FEN castling letters.
    "1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1",
    # An inner rook named by its file (X-FEN letter).
    "4k3/8/8/8/8/8/8/RR2K3 w B - 0 1",
]


@pytest.mark.parametrize("fen", CASTLING_SUBTLETIES)
def test_castling_subtleties_match_oracle(fen):
    ours = GAMES["chess960"].from_text(fen)
    board = chess.Board(fen, chess960=True)
    assert sorted(str(m) for m in ours.legal_moves()) == sorted(m.uci() for m in board.legal_moves)
    assert ours.perft(3) == oracle_perft(board, 3)


@pytest.mark.slow  # the perft positions are the fast check
def test_random_games_match_oracle_move_for_move():
    """Thousands of positions from random games: the same legal moves, the
    same FEN after each move, the same game end."""
    rng = random.Random(7)
    for game in range(30):
        number = rng.randrange(960)
        ours = GAMES["chess960"].new({"start": "number", "number": number})
        board = chess.Board(ours.to_text(), chess960=True)
        for _ in range(300):
            moves = ours.legal_actions(ours.turn)
            if ours.is_over():
                break
            assert sorted(map(str, moves)) == sorted(m.uci() for m in board.legal_moves)
            move = rng.choice(moves)
            ours.apply({ours.turn: move})
            board.push(chess.Move.from_uci(str(move)))
            assert ours.to_text().split()[:4] == board.fen().split()[:4], (game, str(move))
        if ours.is_over() and ours.result().reason.startswith("Checkmate"):
            assert board.is_checkmate()
