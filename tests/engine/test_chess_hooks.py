"""The chess core's hooks, shown by the test-only variants in
helpers/chess_variants.py: three checked move by move against python-chess's
own variants, three trying what the Chess Kit games need."""

from __future__ import annotations

import random

import chess
import chess.variant
import pytest
from helpers.chess_diagrams import fen_of
from helpers.chess_variants import (
    AntichessGame,
    HalfBoardGame,
    KingOfTheHillGame,
    MarseillaisGame,
    TarGame,
    ThreeCheckGame,
)

from game.engine import IllegalAction
from game.engine.chess import GEO, ChessState
from game.games import load_all

GAMES = load_all()
HILL, THREE, ANTI = KingOfTheHillGame(), ThreeCheckGame(), AntichessGame()
HALF, TAR, MARS = HalfBoardGame(), TarGame(), MarseillaisGame()


def play(state, *moves: str):
    for text in moves:
        (seat,) = state.to_act()
        state.apply({seat: state.parse_action(text)})
    return state


def sq(name: str) -> int:
    return GEO.square(name)


# -- against python-chess ------------------------------------------------------------------
ORACLES = [
    (HILL, chess.variant.KingOfTheHillBoard),
    (THREE, chess.variant.ThreeCheckBoard),
    (ANTI, chess.variant.AntichessBoard),
]


# The fast tier plays three random games of each variant against
# python-chess; the slow tier (the `-12` cases) twelve, the first three the same.
@pytest.mark.parametrize(
    ("game", "board_class", "games"),
    [pytest.param(g, b, 3, id=g.id) for g, b in ORACLES]
    + [pytest.param(g, b, 12, marks=pytest.mark.slow, id=f"{g.id}-12") for g, b in ORACLES],
)
def test_random_games_agree_with_python_chess_move_by_move(game, board_class, games):
    rng = random.Random(7)
    for _ in range(games):
        ours, theirs = game.new(), board_class()
        for _ in range(160):
            legal = (
                sorted(str(m) for m in ours.legal_actions(ours.to_act()[0]))
                if ours.to_act()
                else []
            )
            oracle = [] if theirs.is_game_over() else sorted(m.uci() for m in theirs.legal_moves)
            # python-chess writes castling as the king's two-square step.
            assert legal == sorted(_our_uci(theirs, u) for u in oracle)
            assert ours.is_over() == theirs.is_game_over(claim_draw=True)
            if ours.is_over():
                winner = theirs.outcome(claim_draw=True).winner
                points = ours.result().points
                assert points == (
                    (1.0, 0.0) if winner else (0.0, 1.0) if winner is False else (0.5, 0.5)
                )
                break
            text = rng.choice(legal)
            (seat,) = ours.to_act()
            ours.apply({seat: ours.parse_action(text)})
            theirs.push(chess.Move.from_uci(_their_uci(theirs, text)))


def _our_uci(board: chess.Board, uci: str) -> str:
    """Our castling is king onto own rook."""
    move = chess.Move.from_uci(uci)
    if board.is_castling(move):
        rook = chess.square(
            7 if chess.square_file(move.to_square) > 4 else 0, chess.square_rank(move.from_square)
        )
        return chess.square_name(move.from_square) + chess.square_name(rook)
    return uci


def _their_uci(board: chess.Board, ours: str) -> str:
    for move in board.legal_moves:
        if _our_uci(board, move.uci()) == ours:
            return move.uci()
    raise AssertionError(f"python-chess has no {ours}")


def _perft(board: chess.Board, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += _perft(board, depth - 1)
        board.pop()
    return total


@pytest.mark.parametrize(
    "fen, depth",
    [
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1", 3),
        ("8/1P6/8/8/8/8/6p1/4K3 w - - 0 1", 3),  # promotions to a king too
        ("rnbqkbnr/pp1ppppp/8/2pP4/8/8/PPP1PPPP/RNBQKBNR w - c6 0 3", 3),  # en passant must
    ],
)
def test_antichess_perft_equals_python_chess(fen, depth):
    assert ANTI.from_text(fen).perft(depth) == _perft(chess.variant.AntichessBoard(fen), depth)


def test_three_check_counts_checks_in_its_own_field():
    state = play(THREE.new(), "e4", "e5", "Bc4", "Nc6", "Bxf7+")
    assert state.to_text().split()[-1] == "2+3"
    assert THREE.from_text(state.to_text()).to_text() == state.to_text()


def test_king_of_the_hill_ends_when_a_king_reaches_the_centre():
    state = HILL.from_text(
        fen_of(
            """
            ....k...
            p.......
            ........
            ........
            ........
            ....K...
            .......P
            ........
            """
        )
    )
    play(state, "Ke4")
    assert state.is_over() and state.result().reason == "White is king of the hill"


# -- seats apart from sides, teams, a move filter ------------------------------------------
def test_four_seats_take_turns_with_two_sides_and_two_teams():
    state = HALF.new()
    order = []
    for text in ("e4", "e5", "d4", "d5", "Nf3"):
        order.append(state.to_act()[0])
        play(state, text)
    assert order == [0, 1, 2, 3, 0]
    assert [HALF.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert state.to_act() == (1,)
    state.resign(3)  # Black's queen side gives up: both Black seats lose
    assert state.result().points == (1.0, 0.0, 1.0, 0.0)
    assert state.result().headline(HALF) == "White wins"


def test_a_seat_moves_only_pieces_that_start_or_end_on_its_half():
    # Seat 2 (White queen side) to move, after 1. e4 e5 (the book's example).
    diagram = """
        rnbqkbnr
        pppp.ppp
        ........
        ....p...
        ....P...
        ........
        PPPP.PPP
        RNBQKBNR
        """
    state = HALF.from_text(fen_of(diagram, castling="KQkq") + " 2")
    moves = {state.notation(m) for m in state.legal_actions(2)}
    assert "Bc4" in moves  # f1 is the king side, but c4 is on the queen side
    assert "Be2" not in moves and "Nf3" not in moves
    assert "d4" in moves and "Nc3" in moves


# -- extras that travel, and a piece that moves as another kind -----------------------------
ROOK_ON_D4 = """
    ....k...
    ........
    ........
    ........
    ...R....
    ........
    ........
    ....K...
    """


def test_a_tarred_piece_moves_as_a_pawn_and_its_tar_goes_with_it():
    state = TAR.from_text(fen_of(ROOK_ON_D4) + " d4=1")
    assert sorted(state.notation(m) for m in state.legal_actions(0) if m.frm == sq("d4")) == ["Rd5"]
    play(state, "Rd5")
    assert state.to_text().split()[-1] == "d5=1"
    assert state.extras == {sq("d5"): 1}


def test_castling_carries_the_rooks_tar_and_a_capture_takes_the_tar_over():
    castle = """
        r...k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..R
        """
    state = TAR.from_text(fen_of(castle, castling="Kq") + " h1=1")
    play(state, "O-O")
    assert state.extras == {sq("f1"): 1}
    take = """
        ....k...
        ........
        ........
        ...p....
        ....N...
        ........
        ........
        ....K...
        """
    state = TAR.from_text(fen_of(take, to_move="b") + " e4=1")
    play(state, "dxe4")  # the pawn takes a tarred knight: now the pawn is tarred
    assert state.extras == {sq("e4"): 1}


def test_copies_share_nothing():
    state = TAR.from_text(fen_of(ROOK_ON_D4) + " d4=1")
    twin = state.copy()
    play(twin, "Rd5")
    assert state.extras == {sq("d4"): 1} and state.piece_at(sq("d4")).kind == "rook"
    for game in (GAMES["chess"], GAMES["chess960"], HILL, THREE, ANTI, HALF, TAR, MARS):
        s = game.new()
        assert set(vars(s)) == set(type(s).FIELDS), f"{game.id} has undeclared fields"


# -- turns of several decisions -------------------------------------------------------------
def test_marseillais_each_side_moves_twice_and_a_check_ends_the_turn():
    state = MARS.new()
    seats = []
    for text in ("e4", "e5", "Nf6", "Nf3", "Nxe5", "Nxe4", "Qe7"):
        seats.append(state.to_act()[0])
        play(state, text)
    # White's first turn has one move; then two each.
    assert seats == [0, 1, 1, 0, 0, 1, 1]
    state = MARS.new()
    play(state, "e4", "f5", "Nf6")
    play(state, "Qh5+")  # White's first move of the turn gives check: Black is to move
    assert state.to_act() == (1,) and state.to_text().split()[-1] == "2"


def test_marseillais_text_round_trips_in_the_middle_of_a_turn():
    state = play(MARS.new(), "e4", "e5")
    assert state.to_act() == (1,) and state.to_text().split()[-1] == "1"
    again = MARS.from_text(state.to_text())
    assert again.to_text() == state.to_text()
    assert sorted(map(str, again.legal_actions(1))) == sorted(map(str, state.legal_actions(1)))
    with pytest.raises(IllegalAction):
        again.apply({0: again.legal_actions(1)[0]})


# -- the orthodox road is kept for games that change no move hook ---------------------------
def test_only_games_that_change_the_moves_leave_the_fast_generator():
    assert ChessState._fast
    assert type(GAMES["chess960"].new(seed=1))._fast
    assert HILL.state._fast and THREE.state._fast and MARS.state._fast
    assert not ANTI.state._fast and not HALF.state._fast and not TAR.state._fast


def test_a_variant_that_changes_the_moves_gets_check_from_its_moves():
    class TarByMoves(TAR.state):
        is_attacked = ChessState.attacked_by_moves

    class SlowTar(type(TAR)):
        state = TarByMoves

    rng = random.Random(3)
    fast, slow = TAR.new(), SlowTar().new()
    for _ in range(40):
        if fast.is_over():
            break
        moves = sorted(map(str, fast.legal_actions(fast.to_act()[0])))
        assert moves == sorted(map(str, slow.legal_actions(slow.to_act()[0])))
        text = rng.choice(moves)
        for state in (fast, slow):
            state.apply({state.to_act()[0]: state.parse_action(text)})

    class OnlyMoves(ChessState):  # changes the moves, says nothing of attacks
        def piece_moves(self, sq):
            return super().piece_moves(sq)

    assert OnlyMoves.is_attacked is ChessState.attacked_by_moves
