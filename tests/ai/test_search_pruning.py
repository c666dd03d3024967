"""The chess search's late move reductions and late move pruning
(game/ai/search.py, where null moves are sound): reductions never reach
into the quiescence and grow with the depth and the index, and tactics whose
first move is quiet are still found at a fixed depth."""

from __future__ import annotations

import random

from helpers.chess_diagrams import position

from game.ai import search as search_module
from game.ai.search import MATE_ZONE, Limits, Search


def untimed(depth: int) -> Limits:
    return Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=400_000)


def test_reductions_leave_a_ply_and_grow_with_depth_and_index():
    for table in (search_module._LMR, search_module._LMR_PV):
        for depth in range(3, search_module.LMR_ROWS):
            row = table[depth]
            assert all(1 <= r <= max(1, depth - 2) for r in row)
            assert list(row) == sorted(row)  # later actions: never less
    deep, shallow = search_module._LMR[12], search_module._LMR[4]
    assert deep[30] > shallow[30]
    assert search_module._LMR_PV[12][30] < deep[30]  # PV nodes are reduced less


def test_a_quiet_rook_move_that_mates_next_is_found_at_depth_four():
    # 1.Ra7 (quiet: late move pruning must not skip it) and 2.Ra8 mate.
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . K . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . . . . .
        """
    )
    result = Search(0, untimed(4), random.Random(0)).run(state)
    assert result.score >= MATE_ZONE


def test_a_quiet_knight_fork_setup_is_found_in_chess960():
    # Nc7+ forks king and rook: a check, so never pruned, and the search
    # sees the rook fall.
    state = position(
        """
        r . . . k . . .
        . . . . . p p p
        . . . . . . . .
        . N . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        . . . . . . K .
        """,
        game="chess960",
    )
    result = Search(0, untimed(4), random.Random(0)).run(state)
    assert state.notation(result.action) == "Nc7+"
