"""Half Alice Chess rules: pieces on checkers are through the looking glass;
moves are legal on the mover's own side, pass through the other side's
pieces and never capture across; every move switches the moved piece (both
pieces when castling); check before and after the switch; the text's king
example; the 12-checker option; random playouts."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import fen_of

from game.engine import IllegalAction
from game.engine.chess import GEO
from game.games import load_all
from game.match import Match

GAME = load_all()["half_alice"]


def sq(name: str) -> int:
    return GEO.square(name)


def position(diagram: str, glass: str = "-", to_move="w", castling="-", limit="-", ep="-"):
    """``glass``: the squares whose pieces stand on checkers, "e4,d5"."""
    marks = ",".join(f"{name}=1" for name in glass.split(",")) if glass != "-" else "-"
    return GAME.from_text(f"{fen_of(diagram, to_move, castling, ep)} {marks} {limit}")


def moves_of(state, square: str) -> set[str]:
    return {GEO.name(m.to) for m in state.legal_moves() if m.frm == sq(square)}


def play(state, *texts):
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def test_a_move_sends_the_piece_through_the_glass_and_back():
    state = GAME.new()
    play(state, "e4")
    assert state.on_glass(sq("e4"))
    play(state, "e5")
    assert state.on_glass(sq("e5"))
    play(state, "Nf3", "Nc6", "Ng1")
    assert not state.on_glass(sq("g1"))  # back off its checker


def test_pieces_on_the_other_side_neither_block_nor_can_be_captured():
    # The rook on a1 is on the board; the knight on a4 and the black pawn on
    # a6 are through the glass: the rook passes them, but may not land on
    # them, and may capture the black rook on a8 on its own side.
    state = position(
        """
        r......k
        ........
        p.......
        ........
        N.......
        ........
        ........
        R......K
        """,
        glass="a4,a6",
    )
    assert moves_of(state, "a1") >= {"a2", "a3", "a5", "a7", "a8"}
    assert not moves_of(state, "a1") & {"a4", "a6"}
    # The knight, through the glass, sees nothing of the black rook's side.
    assert "a6" not in moves_of(state, "a4")


def test_capture_only_on_the_own_side():
    state = position(
        """
        .......k
        ........
        ........
        ...p....
        ....P...
        ........
        ........
        .......K
        """,
        glass="d5",
    )
    assert moves_of(state, "e4") == {"e5"}  # the d5 pawn is through the glass
    state = position(
        """
        .......k
        ........
        ........
        ...p....
        ....P...
        ........
        ........
        .......K
        """,
        glass="d5,e4",
    )
    assert moves_of(state, "e4") == {"e5", "d5"}
    play(state, "exd5")
    assert not state.on_glass(sq("d5"))  # the capturer comes back through


def test_castling_switches_both_king_and_rook_and_ignores_the_other_side():
    # A glass knight on b1 does not stand in the way of the rook going to d1.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        RN..K...
        """,
        glass="b1",
        castling="Q",
    )
    castle = state.parse_action("O-O-O", 0)
    assert castle.to == sq("a1")
    play(state, "O-O-O")
    assert state.piece_at(sq("c1")).kind == "king" and state.on_glass(sq("c1"))
    assert state.piece_at(sq("d1")).kind == "rook" and state.on_glass(sq("d1"))
    assert state.on_glass(sq("b1"))  # the knight did not move


def test_castling_needs_the_landing_squares_empty_on_both_sides():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K.NR
        """,
        glass="g1",
        castling="K",
    )
    with pytest.raises(IllegalAction):
        state.parse_action("O-O", 0)


def test_the_king_example_only_a7_is_legal():
    # Black's king on b8 is in check from the queen on d8 (both on the
    # board). a8 and c8 are still in check before the switch; b7 would be in
    # check after it, from the glass rook on b1; a7 is the only move.
    state = position(
        """
        .k.Q....
        ........
        ........
        ........
        ........
        ........
        ........
        .R.....K
        """,
        glass="b1",
        to_move="b",
    )
    assert state.in_check(1)
    assert [str(m) for m in state.legal_moves()] == ["b8a7"]
    play(state, "Ka7")
    assert state.on_glass(sq("a7"))


def test_a_check_through_the_glass_counts_after_the_switch():
    # White's rook moves along the first rank on the board and lands on the
    # glass side, where the black king is: that is check.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        R......K
        """,
        glass="e8",
    )
    events = play(state, "Re1")
    assert state.on_glass(sq("e1"))
    assert any(e.kind == "check" for e in events)
    assert state.parse_action("Kd7", 1)  # on its own side the king may step away


def test_a_pinned_piece_stays_pinned_only_on_its_own_side():
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....B...
        ....K...
        """,
    )
    assert moves_of(state, "e2") == set()  # pinned on the board
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....B...
        ....K...
        """,
        glass="e8",
    )
    assert moves_of(state, "e2")  # the rook is through the glass: no pin


def test_a_move_may_not_switch_into_check():
    # The white king on e1 may step to e2 on the board (no black piece
    # there attacks it), but arrives through the glass where the rook on e8
    # waits: illegal. d2 is safe on both sides.
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ........
        ....K...
        """,
        glass="e8",
    )
    assert "e2" not in moves_of(state, "e1")
    assert "d2" in moves_of(state, "e1")


def test_checkmate():
    # The black king on h8 and the white queen and king are all through the
    # glass: the queen on g7, guarded by the king, mates as in chess.
    state = position(
        """
        .......k
        ......Q.
        ......K.
        ........
        ........
        ........
        ........
        ........
        """,
        glass="h8,g7,g6",
        to_move="b",
    )
    result = state.result()
    assert result is not None and "Checkmate" in result.reason
    assert result.points == (1, 0)


def test_twelve_checkers_each_a_piece_off_its_checker_needs_a_free_one():
    state = GAME.new({"checkers": "12 per player"})
    assert state.limit == 12
    twelve = "a2,b2,c2,d2,e2,f2,g2,h2,b1,c1,f1,g1"
    state = position(
        """
        rnbqkbnr
        pppppppp
        ........
        ........
        ........
        ........
        PPPPPPPP
        RNBQKBNR
        """,
        glass=twelve,
        limit="12",
    )
    assert state.checkers_used(0) == 12
    # Only glass pieces may move; the rooks, queen and king have no checker.
    assert {GEO.name(m.frm) for m in state.legal_moves()} <= set(twelve.split(","))
    assert "All your 12 checkers" in state.stuck_reason(0, sq("d1"))
    assert state.prompt(0) == "White to move (0 of 12 checkers free)"
    unlimited = position(
        """
        rnbqkbnr
        pppppppp
        ........
        ........
        ........
        ........
        PPPPPPPP
        RNBQKBNR
        """,
        glass=twelve,
    )
    assert unlimited.stuck_reason(0, sq("d1")) is not None  # blocked on its side all the same


def test_text_round_trip_keeps_the_glass_and_the_limit():
    state = GAME.new({"checkers": "12 per player"})
    play(state, "e4", "d5")
    again = GAME.from_text(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.extras == state.extras and again.limit == 12


def test_bare_kings_draw_but_a_minor_piece_plays_on():
    bare = position(
        """
        .......k
        ........
        ........
        ........
        ........
        ........
        ........
        K.......
        """
    )
    assert bare.result() is not None
    knight = position(
        """
        .......k
        ........
        ........
        ........
        ........
        ........
        ........
        K.....N.
        """
    )
    assert knight.result() is None


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.slow  # fast cover: conformance's half_alice-short and the en passant property fast
def test_random_playouts_keep_every_mover_safe_on_its_side(seed):
    rng = random.Random(seed)
    state = GAME.new({"checkers": "12 per player" if seed % 2 else "as many as needed"}, seed)
    for _ in range(120):
        if state.result() is not None:
            break
        us = state.turn
        move = rng.choice(state.legal_moves())
        landing = state.landing_square(move)
        was_glass = state.on_glass(move.frm)
        state.apply({state.to_act()[0]: move})
        assert state.on_glass(landing) != was_glass  # it went through the glass
        assert not state.king_attacked(us)
        if state.limit is not None:
            assert state.checkers_used(us) <= state.limit
        assert set(state.extras) <= set(state.pieces())
        again = GAME.from_text(state.to_text())
        assert again.to_text() == state.to_text()


def test_the_rule_sheet_example_of_a_check_down_the_file():
    # Black's king on e8 is in check from the near-side rook on e1. The
    # near-side bishop on a5 watches d8; the far-side queen on h6 watches f8
    # on the far side; a far-side black knight on c6 may block on e7.
    diagram = """
        ....k...
        ........
        ..n....Q
        B.......
        ........
        ........
        ........
        ....R..K
        """
    state = position(diagram, glass="h6,c6", to_move="b")
    assert state.in_check(1)
    king = moves_of(state, "e8")
    assert not king & {"e7", "d8", "f8"}
    assert king == {"d7", "f7"}
    assert "e7" in moves_of(state, "c6")  # it lands on the near side: a block
    play(state, "Ne7")
    assert not state.on_glass(sq("e7")) and not state.in_check(1)


def test_a_near_side_piece_cannot_block_it_leaves_for_the_far_side():
    state = position(
        """
        ....k...
        ........
        ..n.....
        ........
        ........
        ........
        ........
        ....R..K
        """,
        to_move="b",
    )
    assert "e7" not in moves_of(state, "c6")


def test_en_passant_only_by_a_pawn_on_the_side_where_the_pawn_arrived():
    diagram = """
        ....k...
        ........
        ........
        ........
        ...p.p..
        ........
        ....P...
        ....K...
        """
    # d4 is through the glass, f4 is not; e2-e4 lands the pawn through the glass.
    state = position(diagram, glass="d4")
    play(state, "e4")
    assert state.on_glass(sq("e4"))
    assert "e3" in moves_of(state, "d4") and "e3" not in moves_of(state, "f4")
    play(state, "dxe3")
    assert state.piece_at(sq("e4")) is None and not state.on_glass(sq("e3"))


def test_two_pawn_moves_to_one_square_are_written_apart_and_a_save_holding_either_loads():
    # The far-side pawn on d6 steps to d5; the near-side pawn on d7 passes
    # through it to d5. Both were written "d5", and a save holding one did
    # not load (issue 26): each now names its from-square.
    diagram = """
        ....k...
        ...p....
        ...p....
        ........
        ........
        ........
        ........
        ....K...
        """
    state = position(diagram, glass="d6", to_move="b")
    to_d5 = {state.notation(m): m for m in state.legal_moves() if m.to == sq("d5")}
    assert {text: str(m) for text, m in to_d5.items()} == {"d6d5": "d6d5", "d7d5": "d7d5"}
    for text, move in to_d5.items():
        assert state.parse_action(text, 1) == move
        match = Match("half_alice", seed=1, start=state.to_text())
        match.play({1: move})
        assert Match.from_dict(match.to_dict()).state.to_text() == match.state.to_text()


def test_en_passant_may_not_land_on_the_capturers_own_piece():
    """e2-e4 passes through the far-side knight on e3 and lands on the far
    side: d4 may not take en passant, for e3 is its own knight's square."""
    diagram = """
        ....k...
        ........
        ........
        ........
        ...p....
        ....n...
        ....P...
        ....K...
        """
    state = position(diagram, glass="d4,e3")
    play(state, "e4")
    assert state.on_glass(sq("e4"))
    assert "e3" not in moves_of(state, "d4")
    assert state.piece_at(sq("e3")).kind == "knight"
