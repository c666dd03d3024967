"""Every level keeps its budget on the wall clock, whatever the load (issue
31): the search reads its clock at every node, ISMCTS inside its leaves,
Chess Golf's solver at every node, and a game's own search (Telepathic's)
keeps the deadline of the decision it serves (the Cooperative planner:
tests/games/cooperative/test_cooperative_budget.py). Never the real clock here: each test hands in a
fake one that advances with the work done (per node, per plan judged), as
a busy machine stretches every step; and while the clock has time left, a
node-bounded level plays exactly as it did."""

from __future__ import annotations

import math
import random

import pytest
from helpers.chess_diagrams import fen_of

from game.ai import make_bot
from game.ai.ismcts import Ismcts
from game.ai.search import CHECK_EVERY, Limits, OutOfNodes, Search
from game.engine.deadline import Deadline, bounded
from game.games import load_all
from game.games.golf import solver as S

COST = 0.05  # seconds of wall clock one step takes on the fake busy machine

MIDDLEGAME = """
    r . b q k . . r
    p p p . . p p p
    . . n . . n . .
    . . b p p . . .
    . . B P P . . .
    . . N . . N . .
    P P P . . P P P
    R . B Q K . . R
"""

# Pieces hanging on both sides: any leaf's captures run on for a while.
MELEE = """
    r . . q k . . r
    . p . n . p b .
    p . n . p . p .
    . B . p N . . .
    . . . P n . . .
    . . N . . Q . .
    P P . . . P P P
    R . . . K . . R
"""


def chess(diagram: str, to_move: str = "w"):
    return load_all()["chess"].from_text(fen_of(diagram, to_move=to_move))


# -- the search ------------------------------------------------------------------------------
def test_the_search_stops_at_its_deadline_when_every_node_is_slow():
    """A node takes COST seconds: 20 nodes fill the one-second budget, and
    the search stops at the 20th, not at the next look every CHECK_EVERY."""
    state = chess(MIDDLEGAME)
    limits = Limits(max_depth=30, time_limit=1.0, time_cap=1.0, node_limit=10**9)
    search = Search(0, limits, random.Random(1), clock=lambda: search.nodes * COST)
    result = search.run(state)
    assert result.nodes == 20 < 2 * CHECK_EVERY
    assert result.seconds <= 1.0
    assert result.action in state.legal_actions(0)


def test_a_node_bound_plays_as_before_while_the_clock_has_time():
    """A node-bounded level with its wall-clock cap: where the cap is far,
    the same nodes and the same move as with the clock standing still, and
    the node limit still looked at every CHECK_EVERY nodes (3000 -> 3008)."""
    state = chess(MIDDLEGAME)
    looks = [0]

    def advancing() -> float:  # a microsecond a look: the 1.5 s are never reached
        looks[0] += 1
        return looks[0] * 1e-6

    played = []
    for clock in (lambda: 0.0, advancing):
        bot = make_bot("search:8:nodes=3000", clock=clock)
        played.append((bot.choose(state.view(0), 0, random.Random(7)), bot.last.nodes))
    assert looks[0] > 3000  # the clock was looked at, at every node
    assert played[0] == played[1]
    assert played[0][1] == 3008


def test_a_search_begun_within_a_decision_keeps_its_deadline():
    """A game's own decide that ranks its moves by searching (Telepathic's)
    stops when the decision's time is up: OutOfNodes, as for its nodes."""
    state = chess(MIDDLEGAME)
    move = state.legal_actions(0)[0]
    with bounded(Deadline(at=1.0, clock=lambda: 2.0)):
        search = Search(0, Limits(node_limit=10**9), random.Random(1), clock=lambda: 2.0)
    with pytest.raises(OutOfNodes):
        search.action_value(state.copy(), move, 3)
    # Outside a decision nothing is late.
    free = Search(0, Limits(max_depth=1, node_limit=10**9), random.Random(1), clock=lambda: 2.0)
    assert math.isfinite(free.action_value(state.copy(), move, 1))


# -- ISMCTS ----------------------------------------------------------------------------------------
def first_leaf_nodes(deadline: float | None, iterations: int) -> tuple[int, int]:
    """(iterations run, nodes of the last leaf) of an ISMCTS in MELEE whose
    clock advances COST per node of its leaf."""
    state = chess(MELEE)

    def clock() -> float:
        return search.leaf.nodes * COST if hasattr(search, "leaf") else 0.0

    search = Ismcts(0, iterations=iterations, rng=random.Random(3), clock=clock)
    result = search.run(state.view(0), deadline=deadline)
    return result.nodes, search.leaf.nodes


def test_ismcts_stops_inside_a_leaf_that_runs_past_the_deadline():
    """A leaf's captures may take up to 2,000 nodes. With the deadline
    three and a half nodes away, the first leaf stops at its fourth node
    (judged as it stands) and no second iteration starts."""
    assert first_leaf_nodes(None, 1)[1] > 8  # the same leaf, untimed, goes on
    assert first_leaf_nodes(3.5 * COST, 1000) == (1, 4)


def test_ismcts_stops_within_its_budget():
    state = chess(MIDDLEGAME)
    ticks = [0]

    def clock() -> float:  # a step of work between any two looks
        ticks[0] += 1
        return ticks[0] * COST

    search = Ismcts(0, iterations=10**6, rng=random.Random(1), clock=clock)
    result = search.run(state.view(0), deadline=clock() + 1.0)
    assert result.seconds <= 1.0 + 2 * COST
    assert result.action in state.legal_actions(0)


# -- Chess Golf's solver ----------------------------------------------------------------------
# A hole of par 3 that takes the solver 29 nodes (no other test deals it:
# the solver's cache must not know it yet).
HOLE = """
    . n . . . R . .
    . . . r . . . r
    . . . . . k . N
    . . . K . . b .
    . . B . n . . .
    . . . Q . . . R
    . . . . q . . .
    . . B . . b . N
    chosen: rQ
"""


def test_the_golf_solver_stops_at_the_deadline_and_does_not_remember_it():
    """The clock advances a step per node: with the deadline five steps
    away the solve stops at the fifth node. Out of time is not out of
    nodes: the same hole asked again with time to spare is solved, not
    refused from the cache."""
    board, goal = S.parse_puzzle(HOLE)
    looks = [0]

    def clock() -> float:
        looks[0] += 1
        return float(looks[0])

    with pytest.raises(S.OutOfTime):
        S.cached_solve(board, goal, 60_000, Deadline(at=5.0, clock=clock))
    assert looks[0] == 5
    found = S.cached_solve(board, goal, 60_000)
    assert (found.length, found.nodes) == (3, 29)
