"""Simultaneous decisions for game/ai/search.py: a root where several seats
choose at once, and such a node inside the tree.

With one rival choosing at the same time, each side's best few actions
(screened against a few random replies) are searched against each other,
deeper each round, and the mixed equilibrium of the last complete matrix is
played (game/ai/matrix.py); with more seats choosing, each of our actions
is averaged over a few random joint actions of the others. Inside the tree
the others' choices are drawn at random and ours is searched. A mixin of
``Search``: it uses the search's ``_search``, ``_static``, ``_pick``,
``clock``, ``deadline``, ``rng``, ``seat``, ``team``, ``limits`` and fields.
"""

from __future__ import annotations

import math
from typing import Any

from game.ai.matrix import sample, solve
from game.ai.search_result import Abort, Result

INF = math.inf
SIMULTANEOUS_SAMPLES = 4  # random joint actions per own action at the root
MATRIX_WIDTH = 5  # candidate actions per side in a simultaneous root's matrix game
SCREEN_REPLIES = 3  # random rival actions each candidate is screened against


class Simultaneous:
    seat: int
    team: Any
    rng: Any
    limits: Any
    deadline: float
    nodes: int
    _counts: dict
    clock: Any
    _search: Any
    _static: Any
    _pick: Any

    def _run_simultaneous(self, state, actions, acting, start) -> Result:
        others = [s for s in acting if s != self.seat]
        if len(others) == 1 and others[0] not in self.team:
            return self._run_matrix(state, actions, others[0], start)
        samples = []
        for _ in range(SIMULTANEOUS_SAMPLES):
            samples.append({s: self.rng.choice(state.legal_actions(s)) for s in others})
        completed: dict | None = None
        depth_done = 0
        try:
            for depth in range(1, max(1, self.limits.max_depth) + 1):
                partial = {}
                for a in actions:
                    total = 0.0
                    for joint in samples:
                        child = state.copy()
                        child.apply({**joint, self.seat: a})
                        total += self._search(child, depth - 1, -INF, INF, 1)
                    partial[a] = total / len(samples)
                completed, depth_done = partial, depth
                actions.sort(key=lambda a: -completed[a])
                if self.clock() - start > 0.45 * (self.deadline - start):
                    break
        except Abort:
            pass
        if completed is None:
            return Result(actions[0], 0.0, 0, self.nodes, self.clock() - start, {})
        return self._pick(completed, depth_done, start)

    def _joint_value(self, state, ours, rival, theirs, depth: int) -> float:
        child = state.copy()
        child.apply({self.seat: ours, rival: theirs})
        return self._search(child, depth, -INF, INF, 1)

    def _screen(self, state, mine: list, rival: int, theirs: list, ours: bool) -> list:
        """The ``MATRIX_WIDTH`` best of one side's actions, each judged (from
        our point of view, a rival minimising) at the leaves against a few
        random actions of the other side."""
        if len(mine) <= MATRIX_WIDTH:
            return list(mine)
        replies = self.rng.sample(theirs, min(SCREEN_REPLIES, len(theirs)))
        scored = []
        for a in mine:
            if ours:
                v = sum(self._joint_value(state, a, rival, r, 0) for r in replies)
            else:
                v = -sum(self._joint_value(state, r, rival, a, 0) for r in replies)
            scored.append((v, a))
        scored.sort(key=lambda item: -item[0])
        return [a for _, a in scored[:MATRIX_WIDTH]]

    def _run_matrix(self, state, actions, rival: int, start) -> Result:
        """One rival choosing at the same time: search each side's best few
        actions against each other, deeper each round, and play the mixed
        equilibrium of the last complete matrix."""
        theirs = list(state.legal_actions(rival))
        self.rng.shuffle(theirs)
        done: tuple | None = None
        depth_done = 0
        try:
            rows = self._screen(state, actions, rival, theirs, ours=True)
            columns = self._screen(state, theirs, rival, actions, ours=False)
            for depth in range(1, max(1, self.limits.max_depth) + 1):
                matrix = [
                    [self._joint_value(state, a, rival, b, depth - 1) for b in columns]
                    for a in rows
                ]
                done, depth_done = (rows, columns, matrix), depth
                if self.clock() - start > 0.45 * (self.deadline - start):
                    break
        except Abort:
            pass
        if done is None:
            return Result(actions[0], 0.0, 0, self.nodes, self.clock() - start, {})
        rows, columns, matrix = done
        eq = solve(matrix)
        expected = [sum(p * v for p, v in zip(eq.columns, row, strict=True)) for row in matrix]
        scores = dict(zip(rows, expected, strict=True))
        floor = min(expected) - 1.0  # an action left unsearched ranks below every candidate
        scores.update({a: floor for a in actions if a not in scores})
        choice = rows[sample(eq.rows, self.rng)]
        seconds = self.clock() - start
        return Result(choice, scores[choice], depth_done, self.nodes, seconds, scores)

    def _simultaneous_node(self, state, acting, depth, alpha, beta, ply) -> float:
        if not acting:  # not over, yet nobody acts: judge it as it stands
            return self._static(state)
        if depth <= 0:
            return self._static(state)
        self._counts.pop(ply, None)
        ours = [s for s in acting if s in self.team]
        chooser = ours[0] if ours else None
        joint = {s: self.rng.choice(state.legal_actions(s)) for s in acting if s != chooser}
        if chooser is None:
            child = state.copy()
            child.apply(joint)
            return self._search(child, depth - 1, alpha, beta, ply + 1)
        best = -INF
        for a in state.legal_actions(chooser):
            child = state.copy()
            child.apply({**joint, chooser: a})
            v = self._search(child, depth - 1, alpha, beta, ply + 1)
            if v > best:
                best = v
                alpha = max(alpha, v)
                if alpha >= beta:
                    break
        return best
