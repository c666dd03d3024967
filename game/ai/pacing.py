"""Time where it pays: when a managed iterative deepening stops.

A search whose ``Limits.stretch`` is above 1 (Hard in Chess and Chess960)
spends less than its budget where the choice is clear and up to ``stretch``
times it where it is not, so that its mean time per move stays near the
budget (scripts/bench_time_use.py measures it):

- the allowance of a move is the budget times ``PACE``, times a factor
  that grows while the best action changes between depths (or at the root
  of an unfinished one) and while its score falls, and shrinks as the best
  action stays the same depth after depth; never beyond ``stretch`` times
  the budget (nor the cap);
- a depth is not started when the last depths' growth says it would not
  finish within the allowance (an unfinished depth is mostly time spent
  for nothing);
- an easy move ends the search at once: only one root action that is not
  lost, or (from ``EASY_DEPTH``) a best action that kept its place and
  that every other action trails by ``EASY_GAP`` pawns, proved by a
  zero-window search (``Search._clearly_best``).

Across a game, the bot keeps the time its managed searches saved or
overspent (``bank``, game/ai/__init__.py's SearchBot) and moves each
budget by a share of it (``banked_budget``), so the mean time per move
holds at the budget whatever the positions are like.

A search with ``stretch`` 1 never meets this module: its clock rule is the
fixed budget as before, so node- and depth-bounded searches play exactly
as they did.
"""

from __future__ import annotations

from typing import Any

PACE = 1.2  # a plain move's allowance, in budgets (its depths mostly end before it)
CHANGE_WEIGHT = 0.8  # the allowance grows by this per recent change of the best action
CHANGE_DECAY = 0.5  # each completed depth halves the count of recent changes
DROP_SCALE = 0.5  # pawns of fall in the best score that double the allowance
DROP_MAX = 1.0  # a fall counts at most this many pawns
STEADY_CUT = 0.08  # the allowance shrinks by this per depth the best action has kept
STEADY_FLOOR = 0.6  # ... down to this share
EASY_DEPTH = 5  # the gap rule speaks from this completed depth on
EASY_GAP = 1.5  # pawns every other root action must trail the best by
EASY_STABLE = 2  # completed depths the best action must have kept its place
GROWTH_MIN, GROWTH_MAX = 1.5, 4.0  # bounds on a depth's cost over the last one's
GROWTH_SPAN = 3  # depths the growth is averaged over
BANK_SHARE = 0.25  # of the time saved (or overspent) so far, the share added to a budget
BANK_LOW, BANK_HIGH = -2.0, 4.0  # the bank's bounds, in budgets
BUDGET_LOW, BUDGET_HIGH = 0.5, 1.5  # a banked budget's bounds, in budgets


def banked_budget(budget: float, bank: float) -> float:
    """A decision's budget, moved by a share of the ``bank`` (seconds
    saved by the game's earlier decisions, negative when overspent)."""
    return min(max(budget + BANK_SHARE * bank, BUDGET_LOW * budget), BUDGET_HIGH * budget)


def banked(bank: float, budget: float, spent: float) -> float:
    """The bank after a decision given ``budget`` that took ``spent``."""
    return min(max(bank + budget - spent, BANK_LOW * budget), BANK_HIGH * budget)


class Pace:
    """One managed search's clock rule: ``base`` seconds is the budget,
    ``maximum`` the most it may take (``stretch`` budgets, within the cap)."""

    def __init__(self, base: float, maximum: float) -> None:
        self.base = base
        self.maximum = maximum
        self.changes = 0.0  # recent changes of the best action, decaying by depth
        self.drop = 0.0  # pawns the best score fell at the last completed depth
        self.kept = 0  # completed depths in a row with the same best action
        self.best: Any = None
        self.score: float | None = None
        self.costs: list[int] = []  # nodes per completed depth
        self.gap_tried = False  # the gap was put to the proof once (it costs a search)

    def allowance(self) -> float:
        """Seconds from the start this search may now run."""
        unstable = 1.0 + CHANGE_WEIGHT * self.changes
        falling = 1.0 + min(self.drop, DROP_MAX) / DROP_SCALE
        steady = max(STEADY_FLOOR, 1.0 - STEADY_CUT * max(0, self.kept - 1))
        return min(self.maximum, self.base * PACE * unstable * falling * steady)

    def root_changed(self) -> None:
        """A new best action at the root of an unfinished depth."""
        self.changes += 1.0

    def first_fell(self, drop: float) -> None:
        """The last best action, searched first at a new depth, scored
        ``drop`` pawns below its last score."""
        self.drop = max(self.drop, drop)

    def depth_done(self, best: Any, score: float, nodes: int) -> None:
        """Learn from a completed depth: its best action and score, and the
        nodes spent so far."""
        self.costs.append(nodes - sum(self.costs))
        self.changes *= CHANGE_DECAY
        if self.best is not None and best != self.best:
            self.changes += 1.0
            self.kept = 1
        else:
            self.kept += 1
        self.drop = max(0.0, self.score - score) if self.score is not None else 0.0
        self.best, self.score = best, score

    def next_cost(self) -> float:
        """Nodes the next depth is expected to take: the last depth's, times
        the mean growth of the last few (the geometric mean, bounded: one
        depth's growth swings between 0.2 and 19 on the Chess960
        middlegames of scripts/profile_search.py)."""
        costs = self.costs
        span = min(GROWTH_SPAN, len(costs) - 1)
        if span < 1 or costs[-1 - span] <= 0:
            return costs[-1] * GROWTH_MAX
        growth = (costs[-1] / costs[-1 - span]) ** (1 / span)
        return costs[-1] * min(max(growth, GROWTH_MIN), GROWTH_MAX)

    def go_on(self, elapsed: float, nodes: int) -> bool:
        """Start another depth, ``elapsed`` seconds and ``nodes`` nodes in?
        Only if it is expected to finish within the allowance."""
        allowance = self.allowance()
        if elapsed >= allowance:
            return False
        if nodes <= 0:
            return True
        per_node = elapsed / nodes
        return elapsed + self.next_cost() * per_node <= allowance

    def gap_worth_proving(self, depth: int) -> bool:
        """Is this the time to prove the best action clearly best (once)?"""
        return not self.gap_tried and depth >= EASY_DEPTH and self.kept >= EASY_STABLE
