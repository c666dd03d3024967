"""Counter-moves in the chess search's move ordering (game/ai/ordering.py):
a quiet answer that refuted a move with a beta cutoff is remembered against
that move, and tried right after the killers the next time the move is met."""

from __future__ import annotations

import random

from helpers.chess_diagrams import position

from game.ai.ordering import COUNTER_KEY
from game.ai.search import Limits, Search

QUIET = """
    r . . . k . . r
    p p p . . p p p
    . . n . . n . .
    . . . p p . . .
    . . . P P . . .
    . . N . . N . .
    P P P . . P P P
    R . . . K . . R
"""


def untimed(depth: int) -> Limits:
    return Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=400_000)


def test_a_refuting_answer_is_recorded_against_the_move_it_answered():
    state = position(QUIET, castling="KQkq")
    search = Search(0, untimed(4), random.Random(0))
    search.run(state.copy())
    assert search.counters, "no counter-move was recorded"
    # Records are kept by the move alone (met anywhere in the tree); some
    # of White's first moves here were refuted by a legal answer of Black's.
    answered = 0
    for move in state.legal_moves():
        answer = search.counters.get(move)
        if answer is not None:
            after = state.copy()
            after.apply({0: move})
            answered += answer in after.legal_moves()
    assert answered


def test_the_counter_move_is_tried_right_after_the_killers():
    state = position(QUIET, castling="KQkq")
    search = Search(1, untimed(2), random.Random(0))
    search._prepare(state, float("inf"))
    state.apply({0: state.parse_action("a3")})  # the move the answer refutes
    answer = state.parse_action("h6")  # a quiet move no other key puts first
    killer = state.parse_action("a6")
    search.killers[1] = [killer]
    search.counters[state.last_move] = answer
    ordered = search._order(state, list(state.legal_moves()), 1, 1)
    quiet = [m for m in ordered if not state.occ[0] >> m.to & 1]
    assert quiet[:2] == [killer, answer]
    # Without the record, the same move is back among the quiet ones.
    search.counters.clear()
    ordered = search._order(state, list(state.legal_moves()), 1, 1)
    quiet = [m for m in ordered if not state.occ[0] >> m.to & 1]
    assert quiet[0] == killer and quiet[1] != answer
    assert 0.99 < COUNTER_KEY < 1.0  # after the killers (1.0), before any history
