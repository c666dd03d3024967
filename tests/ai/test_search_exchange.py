"""The static exchange (game/ai/ordering.py ``see``): what a capture wins
once both sides have taken back on its square with their cheapest piece,
and how the search uses it (losing captures left out of quiescence)."""

from __future__ import annotations

import random

from helpers.chess_diagrams import position

from game.ai.ordering import see
from game.ai.search import Limits, Search
from game.engine.chess.tables import GEO


def sq(name: str) -> int:
    return GEO.square(name)


def test_a_rook_taking_a_pawn_defended_by_a_pawn_loses_the_exchange():
    state = position(
        """
        . . . . . . k .
        . . . . . . . .
        . . . . p . . .
        . . . . . p . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . R K .
        """
    )
    assert see(state, sq("f1"), sq("f5")) == 1.0 - 5.0


def test_an_undefended_piece_is_won_whole():
    state = position(
        """
        . . . . . . k .
        . . . . . . . .
        . . . . . . . .
        . . . . . n . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . Q K .
        """
    )
    assert see(state, sq("f1"), sq("f5")) == 3.0


def test_a_second_attacker_behind_the_first_wins_a_defended_pawn():
    # Two rooks on the file against one defender: Rxe5 Rxe5 Rxe5 wins a pawn.
    state = position(
        """
        . . . . r . k .
        . . . . . . . .
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R . . .
        . . . . R . K .
        """
    )
    assert see(state, sq("e2"), sq("e5")) == 1.0
    # With the back rook gone the defender keeps the pawn and wins the rook.
    alone = position(
        """
        . . . . r . k .
        . . . . . . . .
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R . . .
        . . . . . . K .
        """
    )
    assert see(alone, sq("e2"), sq("e5")) == 1.0 - 5.0


def test_a_defender_that_would_lose_more_does_not_take_back():
    # Nxd5: the queen could take back, but the pawn on e4 would win her.
    state = position(
        """
        . . . . . . k .
        . . . q . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . N . . . . .
        . . . . . . . .
        . . . . . . K .
        """
    )
    assert see(state, sq("c3"), sq("d5")) == 1.0


def test_the_king_takes_only_an_undefended_piece():
    state = position(
        """
        . . . . . . k .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . b
        . . . . . . r .
        . . . . . . K .
        """
    )
    assert see(state, sq("g1"), sq("g2")) < 0.0  # the bishop guards the rook
    free = position(
        """
        . . . . . . k .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . r .
        . . . . . . K .
        """
    )
    assert see(free, sq("g1"), sq("g2")) == 5.0


QUEEN_FACING_A_GUARDED_PAWN = """
    . . . . . . k .
    . . . . . p p p
    . . . . p . . .
    . . . . . p . .
    . . . . . . . .
    . . . Q . . . .
    . . . . . P P P
    . . . . . . K .
"""


def untimed(depth: int) -> Limits:
    return Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=100_000)


def test_quiescence_does_not_count_a_losing_capture_as_a_gain():
    # White to move: Qxf5 would win a pawn and lose the queen to exf5.
    state = position(QUEEN_FACING_A_GUARDED_PAWN)
    search = Search(0, untimed(1))
    assert search.leaf_value(state) == search._static(state)


def test_quiescence_takes_a_guarded_pawn_that_two_rooks_win():
    # Rxe5 Rxe5 Rxe5: the rook behind wins the pawn although it is guarded.
    state = position(
        """
        . . . . r . k .
        . . . . . p p p
        . . . . . . . .
        . . . . p . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R P P P
        . . . . R . K .
        """
    )
    search = Search(0, untimed(1))
    assert search.leaf_value(state) >= search._static(state) + 0.5


def test_a_depth_two_search_does_not_take_a_guarded_pawn_with_the_queen():
    state = position(QUEEN_FACING_A_GUARDED_PAWN)
    result = Search(0, untimed(2), random.Random(0)).run(state)
    assert state.notation(result.action) != "Qxf5"
