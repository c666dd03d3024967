"""Two-sided simultaneous decisions as a zero-sum matrix game.

When both sides choose at once (Synchronous Chess, Two Move's cards, the
Tulpa duel, the exchange of blows), the best choice depends on what the
other side will choose, and the other side knows that. A random guess at
their reply ignores their best answer; a fixed best guess can be read. So
the search scores a few candidate actions of each side against each other
and plays the mixed strategy of that small game: each action with the
probability that leaves the other side nothing to exploit.

``solve`` finds it by regret matching+ (each side shifts weight to the
actions it regrets not having played, the average strategy converging to
an equilibrium): no linear programming, exact enough for the few-by-few
matrices the search builds, and deterministic.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Equilibrium", "sample", "solve"]

ITERATIONS = 1000


@dataclass(frozen=True)
class Equilibrium:
    rows: tuple[float, ...]  # the row side's mixed strategy (it maximises)
    columns: tuple[float, ...]  # the column side's (it minimises)
    value: float  # the row side's expected payoff when both play them


def solve(payoff: Sequence[Sequence[float]], iterations: int = ITERATIONS) -> Equilibrium:
    """An approximate equilibrium of the zero-sum game ``payoff[i][j]``: what
    the row side gains when it plays ``i`` and the column side ``j``."""
    m = len(payoff)
    n = len(payoff[0]) if m else 0
    if m == 0 or n == 0 or any(len(row) != n for row in payoff):
        raise ValueError("a payoff matrix needs equal, non-empty rows")
    saddle = _saddle(payoff)
    if saddle is not None:  # a pure answer: no mixing needed (and exact)
        i, j = saddle
        return Equilibrium(_unit(m, i), _unit(n, j), payoff[i][j])
    row_regret, col_regret = [0.0] * m, [0.0] * n
    row_sum, col_sum = [0.0] * m, [0.0] * n
    for t in range(1, iterations + 1):
        # The sides take turns to update (alternating RM+ converges far
        # faster than updating both from the same round).
        y = _positive(col_regret)
        x = _positive(row_regret)
        row_gain = [sum(payoff[i][j] * y[j] for j in range(n)) for i in range(m)]
        expected = sum(x[i] * row_gain[i] for i in range(m))
        for i in range(m):
            row_regret[i] = max(0.0, row_regret[i] + row_gain[i] - expected)
        x = _positive(row_regret)
        col_loss = [sum(payoff[i][j] * x[i] for i in range(m)) for j in range(n)]
        expected = sum(y[j] * col_loss[j] for j in range(n))
        for j in range(n):
            col_regret[j] = max(0.0, col_regret[j] + expected - col_loss[j])
        for i in range(m):  # later strategies count more: the "+" averaging
            row_sum[i] += t * x[i]
        for j in range(n):
            col_sum[j] += t * y[j]
    rows, columns = _normal(row_sum), _normal(col_sum)
    value = sum(rows[i] * columns[j] * payoff[i][j] for i in range(m) for j in range(n))
    return Equilibrium(rows, columns, value)


def sample(strategy: Sequence[float], rng: random.Random) -> int:
    """The index of an action drawn from a mixed strategy."""
    return rng.choices(range(len(strategy)), weights=strategy)[0]


def _saddle(payoff) -> tuple[int, int] | None:
    """A cell that is its row's minimum and its column's maximum."""
    for i, row in enumerate(payoff):
        low = min(row)
        for j, v in enumerate(row):
            if v == low and all(payoff[k][j] <= v for k in range(len(payoff))):
                return i, j
    return None


def _positive(regret: list[float]) -> list[float]:
    total = sum(regret)
    if total <= 0:
        return [1.0 / len(regret)] * len(regret)
    return [r / total for r in regret]


def _normal(weights: list[float]) -> tuple[float, ...]:
    total = sum(weights)
    return tuple(w / total for w in weights)


def _unit(n: int, k: int) -> tuple[float, ...]:
    return tuple(1.0 if i == k else 0.0 for i in range(n))
