"""The static exchange (game/ai/ordering.py ``see``): what a capture wins
once both sides have taken back on its square with their cheapest piece,
and how the search uses it (losing captures left out of quiescence); and
``check_test``, which tells checks without making the move."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import GAMES, position

from game.ai.ordering import check_test, see
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


def test_check_test_knows_direct_checks_and_leaves_uncovering_ones_to_the_move():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . N . .
        . . . . B . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R . K .
        """
    )
    test = check_test(state)
    assert test(state.parse_action("Nd6")) is True
    assert test(state.parse_action("Ng7")) is True
    assert test(state.parse_action("Nh4")) is False
    assert test(state.parse_action("Rd1")) is False  # the bishop stands in its way
    assert test(state.parse_action("Bb7")) is None  # may uncover the rook's check
    assert test(state.parse_action("Kh2")) is None  # kings are left to the move


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_check_test_agrees_with_making_the_move(seed):
    rng = random.Random(seed)
    game = GAMES["chess960"]
    state = game.new(game.default_options(), seed)
    answered = 0
    for _ in range(60):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        test = check_test(state)
        for move in state.legal_actions(seat):
            known = test(move)
            if known is None:
                continue
            state.make({seat: move})
            assert state.in_check() == known, state.to_text()
            state.unmake()
            answered += 1
        state.make({seat: rng.choice(state.legal_actions(seat))})
    assert answered > 500
