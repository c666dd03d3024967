"""Quiescence on the chess core looks for mate only where the side to move
is in check (``result_before_moves`` leaves mate to it): a capture that
mates is still seen as mate at the leaves."""

from __future__ import annotations

import random

from helpers.chess_diagrams import position

from game.ai.search import MATE_ZONE, Limits, Search


def leaf(diagram: str, to_move: str) -> float:
    state = position(diagram, to_move=to_move)
    limits = Limits(max_depth=1, time_limit=1e9, time_cap=1e9, node_limit=100_000)
    return Search(0, limits, random.Random(0)).leaf_value(state)


def test_a_capture_that_mates_is_seen_as_mate_at_the_leaves():
    # Rxa8 takes the knight with mate on the back rank: quiescence (which
    # looks for mate only where the side to move is in check) must see it.
    back_rank = """
        n . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        R . . . . . K .
    """
    assert leaf(back_rank, "w") >= MATE_ZONE
