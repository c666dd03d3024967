"""Simultaneous choices as small zero-sum games: the mixed strategy leaves
the other side nothing to exploit."""

from __future__ import annotations

import random

import pytest

from game.ai.matrix import sample, solve

ROCK_PAPER_SCISSORS = [
    [0, -1, 1],
    [1, 0, -1],
    [-1, 1, 0],
]


def exploitable(payoff, eq) -> float:
    """How much each side could gain by answering the other's strategy
    with its best pure action: 0 at an equilibrium."""
    m, n = len(payoff), len(payoff[0])
    best_row = max(sum(payoff[i][j] * eq.columns[j] for j in range(n)) for i in range(m))
    best_col = min(sum(payoff[i][j] * eq.rows[i] for i in range(m)) for j in range(n))
    return best_row - best_col


def test_rock_paper_scissors_is_played_evenly():
    eq = solve(ROCK_PAPER_SCISSORS)
    assert eq.rows == pytest.approx((1 / 3,) * 3, abs=0.01)
    assert eq.columns == pytest.approx((1 / 3,) * 3, abs=0.01)
    assert eq.value == pytest.approx(0, abs=0.01)


def test_matching_pennies_with_unequal_stakes_mixes_in_proportion():
    # Row wins 3 on heads-heads, 1 on tails-tails, loses 1 otherwise: the
    # column side plays heads a third of the time, not half.
    eq = solve([[3, -1], [-1, 1]])
    assert eq.columns == pytest.approx((1 / 3, 2 / 3), abs=0.01)
    assert eq.rows == pytest.approx((1 / 3, 2 / 3), abs=0.01)
    assert eq.value == pytest.approx(1 / 3, abs=0.01)


def test_a_saddle_point_is_played_pure():
    eq = solve([[4, 2, 5], [1, 0, 3], [6, 1, 0]])
    assert eq.rows == (1.0, 0.0, 0.0)
    assert eq.columns == (0.0, 1.0, 0.0)
    assert eq.value == 2


def test_a_dominated_action_is_never_played():
    payoff = [[0, -1, 1], [1, 0, -1], [-1, 1, 0], [-2, -2, -2]]
    eq = solve(payoff)
    assert eq.rows[3] < 0.01
    assert exploitable(payoff, eq) < 0.02


def test_random_games_leave_little_to_exploit():
    rng = random.Random(3)
    for _ in range(20):
        m, n = rng.randint(2, 6), rng.randint(2, 6)
        payoff = [[rng.uniform(-5, 5) for _ in range(n)] for _ in range(m)]
        eq = solve(payoff)
        assert sum(eq.rows) == pytest.approx(1) and sum(eq.columns) == pytest.approx(1)
        assert exploitable(payoff, eq) < 0.05 * 10  # within 5% of the payoffs' range


def test_sampling_follows_the_strategy():
    rng = random.Random(1)
    draws = [sample((0.2, 0.0, 0.8), rng) for _ in range(2000)]
    assert draws.count(1) == 0
    assert 0.15 < draws.count(0) / 2000 < 0.25


def test_a_ragged_matrix_is_refused():
    with pytest.raises(ValueError):
        solve([[1, 2], [3]])
