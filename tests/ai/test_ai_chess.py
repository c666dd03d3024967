"""The search on chess positions: mates in one and two (checked against
python-chess as an oracle), a hanging queen, legal play from the start."""

from __future__ import annotations

import random

import chess
import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import QUIET_MATE_IN_TWO, fen_of

from game.ai import make_bot, think_now
from game.ai.evaluate import chess_like_eval
from game.games import load_all

GAMES = load_all()


def state_of(fen: str, game: str = "chess"):
    return GAMES[game].from_text(fen)


def mates_in(board: chess.Board, n: int) -> set[str]:
    """UCI moves that force mate in ``n`` moves of the side to move."""

    def forced(b: chess.Board, k: int) -> bool:  # side to move mates within k
        for m in b.legal_moves:
            b.push(m)
            try:
                if b.is_checkmate():
                    return True
                if (
                    k > 1
                    and not b.is_game_over()
                    and all(_after(b, r, lambda bb: forced(bb, k - 1)) for r in list(b.legal_moves))
                ):
                    return True
            finally:
                b.pop()
        return False

    found = set()
    for m in board.legal_moves:
        board.push(m)
        ok = board.is_checkmate() or (
            n > 1
            and not board.is_game_over()
            and all(_after(board, r, lambda bb: forced(bb, n - 1)) for r in list(board.legal_moves))
        )
        board.pop()
        if ok:
            found.add(m.uci())
    return found


def _after(b: chess.Board, move: chess.Move, test) -> bool:
    b.push(move)
    try:
        return test(b)
    finally:
        b.pop()


MATE_IN_ONE = [
    "6k1/5ppp/8/8/8/8/5PPP/4R1K1 w - - 0 1",  # back rank
    "k7/8/1K6/8/8/8/8/7R w - - 0 1",  # rook on the edge
    "r1bqkbnr/pppp1ppp/2n5/4p3/2B1P3/5Q2/PPPP1PPP/RNB1K1NR w KQkq - 0 1",  # scholar's
    "rnbqkbnr/pppp1ppp/8/4p3/6P1/5P2/PPPPP2P/RNBQKBNR b KQkq - 0 2",  # fool's: Qh4#
]


@pytest.mark.parametrize("fen", MATE_IN_ONE)
def test_search_finds_mate_in_one(fen):
    board = chess.Board(fen)
    expected = mates_in(board, 1)
    assert expected, "the test position must have a mate in one"
    state = state_of(fen)
    for seed in range(3):
        move = think_now("search:2", state, state.turn, random.Random(seed), **UNTIMED)
        assert str(move) in expected


def test_search_finds_mate_in_two():
    fen = "r5k1/5ppp/8/8/8/8/4RPPP/4R1K1 w - - 0 1"  # doubled rooks against one
    board = chess.Board(fen)
    assert not mates_in(board, 1)
    expected = mates_in(board, 2)
    assert expected == {"e2e8"}
    state = state_of(fen)
    for seed in range(2):
        move = think_now("search:3", state, 0, random.Random(seed), **UNTIMED)
        assert str(move) in expected
    # and the bot finishes the job
    state.apply({0: move})
    reply = think_now("search:3", state, 1, random.Random(0), **UNTIMED)
    state.apply({1: reply})
    mate = think_now("search:3", state, 0, random.Random(0), **UNTIMED)
    state.apply({0: mate})
    assert state.result().points == (1.0, 0.0)


def test_search_finds_a_quiet_mate_in_two_from_a_diagram():
    # Ra6!! bxa6 b7#: the first move is no check and gives the rook away.
    diagram = QUIET_MATE_IN_TWO
    fen = fen_of(diagram)
    assert mates_in(chess.Board(fen), 2) == {"a1a6"}
    for seed in range(2):
        move = think_now("search:3", state_of(fen), 0, random.Random(seed), **UNTIMED)
        assert str(move) == "a1a6"


def test_search_takes_a_hanging_queen():
    diagram = """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . q . . . .
        . . . . . . . .
        . . . . . . . .
        . . . R . . . .
        . . . . K . . .
    """
    state = state_of(fen_of(diagram))
    for seed in range(3):
        assert str(think_now("search:2", state, 0, random.Random(seed), **UNTIMED)) == "d2d5"


def test_search_does_not_take_a_defended_queen_with_its_queen():
    # Qxd5 exd5 loses the queen for a queen... equal; Rxd5 wins it cleanly.
    fen = "4k3/8/4p3/3q4/8/8/3R4/3QK3 w - - 0 1"
    move = think_now("search:3", state_of(fen), 0, random.Random(0), **UNTIMED)
    assert str(move) == "d2d5"


def test_black_avoids_losing_its_queen():
    # Black's queen is attacked by a pawn; it must move (or be defended... it can't).
    fen = "4k3/8/8/3q4/4P3/8/8/4K3 b - - 0 1"
    state = state_of(fen)
    move = think_now("search:2", state, 1, random.Random(0), **UNTIMED)
    state.apply({1: move})
    white = think_now("search:2", state, 0, random.Random(0), **UNTIMED)
    state.apply({0: white})
    assert any(p.kind == "queen" and p.side == 1 for p in state.pieces().values())


@pytest.mark.parametrize("game_id", ["chess", "chess960"])
def test_random_and_search_bots_play_legal_moves(game_id):
    rng = random.Random(1)
    state = GAMES[game_id].new(seed=5)
    bots = [make_bot("random"), make_bot("search:2", **UNTIMED)]
    for _ in range(30):
        if state.is_over():
            break
        seat = state.turn
        move = bots[seat].choose(state.view(seat), seat, rng)
        assert move in state.legal_actions(seat)
        state.apply({seat: move})


def test_start_position_search_is_reasonable():
    state = GAMES["chess"].new()
    bot = make_bot("search:3", **UNTIMED)
    move = bot.choose(state, 0, random.Random(0))
    assert move in state.legal_actions(0)
    assert bot.last.depth == 3
    assert abs(bot.last.score) < 1.0


def test_material_evaluation():
    state = GAMES["chess"].new()
    assert chess_like_eval(state, 0) == pytest.approx(0.0)
    up_a_queen = state_of("4k3/8/8/8/8/8/8/3QK3 w - - 0 1")
    assert chess_like_eval(up_a_queen, 0) == pytest.approx(-chess_like_eval(up_a_queen, 1))
    assert 8.5 < chess_like_eval(up_a_queen, 0) < 9.5
    mated = state_of(MATE_IN_ONE[0])
    mated.apply({0: mated.parse_action("e1e8")})
    assert chess_like_eval(mated, 0) > 1000
