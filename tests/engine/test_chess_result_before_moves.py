"""``ChessState.result_before_moves``: the end of an orthodox chess game as a
search asks for it before listing the moves. Mate and stalemate of a side
that still has a piece are left for the move list; everything else is
``result()``'s answer."""

from __future__ import annotations

import random

from helpers.bots import UNTIMED
from helpers.chess_diagrams import GAMES, SCHOLARS_MATE_ON, position

from game.ai import make_bot

# Black to move is mated on the back rank, with a rook still to move.
BACK_RANK_MATE = """
    . . . . R . k .
    . . . . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . r . . . .
    . . . . . . . .
    . . . . . . K .
"""


def test_a_checkmate_is_left_for_the_move_list():
    # Back-rank mate: Black has a rook, so the search finds the mate by
    # the empty move list.
    state = position(
        BACK_RANK_MATE,
        to_move="b",
    )
    assert state.result() is not None and "Checkmate" in state.result().reason
    fresh = GAMES["chess"].from_text(state.to_text())
    assert fresh.result_before_moves() is None
    assert fresh.legal_moves() == []


def test_stalemate_of_a_king_and_pawns_is_found_before_the_moves():
    # Black: king and a blocked pawn, nothing to move: stalemate.
    state = position(
        """
        k . . . . . . .
        . . . . . . . .
        K . . . . . . .
        p . . . . . . .
        P . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . Q . . . . . .
        """,
        to_move="b",
    )
    result = state.result_before_moves()
    assert result is not None and "Stalemate" in result.reason


def test_mate_on_the_hundredth_halfmove_is_mate_not_a_fifty_move_draw():
    state = position(
        BACK_RANK_MATE,
        to_move="b",
        half=100,
    )
    result = state.result_before_moves()
    assert result is not None and "Checkmate" in result.reason


def test_a_game_going_on_has_no_result_before_its_moves():
    state = GAMES["chess960"].new({"start": "number", "number": 0})
    assert state.result_before_moves() is None
    assert state.result() is None


def test_the_search_still_mates_by_a_capture_at_the_end_of_its_depth():
    # Qxf7 is mate: found at depth 1, where the reply is looked at only by
    # quiescence.
    state = position(
        SCHOLARS_MATE_ON,
        castling="KQkq",
    )
    bot = make_bot("search:1", **UNTIMED)
    move = bot.choose(state.view(0), 0, random.Random(0))
    assert state.notation(move) == "Qxf7#"
