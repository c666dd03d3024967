"""Masquerade Chess rules: the secret assignments chosen at once, capture
attempts that work or end the turn with nothing moved, the public record of
attempts, pawns capturing normally, promotion, castling with no check, king
capture; views hide your own patterns and samples keep to the record."""

from __future__ import annotations

import random

from helpers.chess_diagrams import fen_of

from game.engine.chess import GEO, Move
from game.engine.pieces import Piece
from game.games import load_all
from game.games.masquerade import masks as M
from game.games.masquerade.actions import Assign

GAME = load_all()["masquerade"]
# The rule sheet's example: Black gave White's king the bishop pattern, the
# queen the knight's, the rook the king's, the bishop the queen's, the knight
# the rook's. White gave Black's pieces their own patterns.
FOR_WHITE = "BNKQR"
FOR_BLACK = "KQRBN"


def sq(name: str) -> int:
    return GEO.square(name)


def position(diagram, to_move="w", castling="-", assign=(FOR_BLACK, FOR_WHITE), tried=("-", "-")):
    fen = fen_of(diagram, to_move, castling)
    return GAME.from_text(f"{fen} {assign[0]} {assign[1]} {tried[0]} {tried[1]}")


def play(state, *texts):
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


OPENING = """
    r.bqkb.r
    pppp.ppp
    ..n..n..
    ....p...
    ..B.P...
    .....N..
    PPPP.PPP
    RNBQK..R
    """


def test_both_players_choose_the_assignments_at_once_and_in_secret():
    state = GAME.new()
    assert state.to_act() == (0, 1)
    assert len(state.legal_actions(0)) == 120 and Assign(FOR_BLACK) in state.legal_actions(0)
    assert not state.view(0).is_partial  # nothing chosen yet
    events = state.apply({0: Assign(FOR_BLACK), 1: Assign(FOR_WHITE)})
    assert all(e.audience is not None for e in events)
    assert state.to_act() == (0,)
    view = state.view(0)
    assert view.assign == [FOR_BLACK, None]  # White does not know its own patterns
    assert FOR_WHITE not in view.to_text().split()[6:]
    assert state.public_notation(Assign(FOR_BLACK)) == "assign"


def test_a_failed_attempt_moves_nothing_and_ends_the_turn():
    state = position(OPENING, castling="KQkq")
    before = state.board_text()
    events = play(state, "Nxe5")  # only the knight pattern reaches; White's knights have the rook's
    assert [e.kind for e in events][:2] == ["attempt", "attempt_failed"]
    assert state.board_text() == before and state.turn == 1
    assert state.tried[0] == [("N", "N", False)]


def test_a_capture_that_fits_the_secret_pattern_is_played():
    state = position(OPENING, castling="KQkq")
    play(state, "Bxf7")  # White's bishops capture as queens
    assert state.piece_at(sq("f7")) == Piece(0, "bishop")
    assert state.tried[0] == [("B", "QB", True)]


def test_an_attempt_may_use_any_of_the_five_patterns():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        .p......
        ........
        R...K...
        """
    )
    # The rook may try a knight's jump on b3; its real pattern (the king's) fails.
    assert Move(sq("a1"), sq("b3")) in state.legal_actions(0)
    play(state, "Rxb3")
    assert state.piece_at(sq("a1")) == Piece(0, "rook") and state.tried[0] == [("R", "N", False)]


def test_pawns_always_capture_as_pawns():
    state = position(OPENING, castling="KQkq", assign=(FOR_BLACK, "KQRBN"))
    play(state, "d4", "exd4")
    assert state.piece_at(sq("d4")) == Piece(1, "pawn")
    assert state.tried == [[], []]  # a pawn's capture is no attempt


def test_a_promoted_piece_captures_with_the_pattern_of_its_new_kind():
    state = position(
        """
        .r..k...
        P.......
        ........
        ........
        ........
        ........
        ........
        ....K...
        """
    )
    play(state, "a8=Q", "Kf7")
    # White's queens capture as knights: the rook on b8 is out of reach.
    events = play(state, "Qxb8")
    assert events[1].kind == "attempt_failed"
    assert state.tried[0] == [("Q", "KQR", False)]


def test_no_check_the_king_castles_out_of_and_through_attack():
    state = position(
        """
        k...r...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..R
        """,
        castling="K",
    )
    assert not state.check_square()
    play(state, "O-O")
    assert state.piece_at(sq("g1")) == Piece(0, "king")
    assert state.notation(Move(sq("e8"), sq("e1"))) == "Re1"  # no check mark


def test_capturing_the_king_wins():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..b
        """,
        to_move="b",
    )
    play(state, "Bxe1")  # Black's bishops capture as bishops: not along a rank
    assert state.result() is None and state.piece_at(sq("h1")) == Piece(1, "bishop")
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..r
        """,
        to_move="b",
    )
    play(state, "Rxe1")
    assert state.result().points == (0.0, 1.0)
    assert "king" in state.result().reason


def test_samples_keep_to_every_attempt_so_far():
    state = position(OPENING, castling="KQkq")
    play(state, "Nxe5", "a6", "Bxf7")
    view = state.view(0)
    assert view.is_partial and view.assign[1] is None
    allowed = M.consistent(state.tried[0])
    assert FOR_WHITE in allowed and len(allowed) < 120
    rng = random.Random(1)
    for _ in range(20):
        world = view.sample(0, rng)
        assert world.assign[1] in allowed
        assert M.pattern(world.assign[1], "N") != "N"
        assert M.pattern(world.assign[1], "B") in "QB"
        assert world.view(0).to_text() == view.to_text()


def test_the_deduction_table_follows_from_the_attempts():
    table = M.table([("N", "N", False), ("B", "QB", True)])
    assert table["N", "N"] == "X"
    assert table["B", "R"] == "X" and table["B", "Q"] == "" and table["B", "B"] == ""
    table = M.table([("K", "K", True)])
    assert table["K", "K"] == "O" and table["Q", "K"] == "X"


def test_random_games_never_show_a_side_its_own_patterns():
    for seed in range(3):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(200):
            if state.is_over():
                break
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
            for viewer in (0, 1):
                view = state.view(viewer)
                fields = view.to_text().split()
                assert fields[6 + (1 - viewer)] == "?"
                assert fields[6 + viewer] == state.assign[viewer]
