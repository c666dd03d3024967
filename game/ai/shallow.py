"""Computer players that look one decision ahead: the greedy benchmark
opponent and Easy, the level meant to lose to a beginner.

Both score each legal action by the static evaluation right after it, with
no reply considered (``Search`` at depth 1 with quiescence off). So they take
what is loose and never see what they leave hanging, the mistake people
learning a game make most.

- ``greedy``: the best of those scores (ties at random). A yardstick for
  scripts/bench_ai.py, not a setup level.
- ``easy``: a pick weighted by those scores (a softmax at ``TEMPERATURE``
  pawns), so it mostly grabs a free piece and takes a mate it sees, but now
  and then overlooks a capture and often plays a move that merely looks
  busy. It never plays a wholly random move: its mistakes are a person's.

A game whose evaluation.py decides for itself (Chess Golf's solver) decides
at its smallest level.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.ai.evaluate import own_decision
from game.ai.search import Limits, Search

__all__ = ["EasyBot", "GreedyBot", "one_ply_scores", "settled"]

TEMPERATURE = 0.75  # pawns: a pawn better is about 3.8 times as likely
# One ply is bounded by the number of actions, so the node limit, not the
# clock, stops it: the same position gets the same scores on a busy machine.
NODE_LIMIT = 20_000
LOOK = Limits(max_depth=1, time_limit=60.0, time_cap=60.0, node_limit=NODE_LIMIT, quiescence=False)


def one_ply_scores(state: Any, seat: int, rng: random.Random, should_stop=None) -> dict:
    """Each legal action of ``seat`` with the static value right after it,
    from ``seat``'s view (a view is sampled into one full state first)."""
    search = Search(seat, LOOK, rng, should_stop=should_stop)
    return search.run(state.sample(seat, rng)).scores


def settled(state: Any, seat: int, rng: random.Random, level: int = 1) -> tuple[list, Any]:
    """The legal actions and, where there is no real choice to make, the
    action itself: the only one; the game's own decision at ``level``; or
    any, in a secret duel where a preference could be read."""
    actions = list(state.legal_actions(seat))
    if not actions:
        raise ValueError(f"seat {seat} has no legal action")
    if len(actions) == 1:
        return actions, actions[0]
    decide = own_decision(state)
    if decide is not None:
        action = decide(state, seat, rng, level=level)
        if action is not None:
            return actions, action
    if state.uniform_decision(seat):
        return actions, rng.choice(actions)
    return actions, None


def _by_text(actions: list, scores: dict) -> dict:
    """Scores keyed by the view's own actions (a sample has its own objects)."""
    texts = {str(a): v for a, v in scores.items()}
    return {a: texts[str(a)] for a in actions if str(a) in texts}


class GreedyBot:
    """The action with the best static value one ply on."""

    spec = "greedy"

    def choose(self, state: Any, seat: int, rng: random.Random, should_stop=None) -> Any:
        actions, chosen = settled(state, seat, rng)
        if chosen is not None:
            return chosen
        scores = _by_text(actions, one_ply_scores(state, seat, rng, should_stop))
        if not scores:
            return rng.choice(actions)
        best = max(scores.values())
        return rng.choice([a for a, v in scores.items() if v >= best - 1e-6])


class EasyBot:
    """A beginner: one ply of sight and a hand that wavers (module docstring)."""

    spec = "easy"

    def __init__(self, temperature: float = TEMPERATURE):
        self.temperature = max(0.05, float(temperature))

    def choose(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any:
        actions, chosen = settled(state, seat, rng)
        if chosen is not None:
            return chosen
        scores = _by_text(actions, one_ply_scores(state, seat, rng, should_stop))
        if not scores:
            return rng.choice(actions)
        return weighted_pick(scores, self.temperature, rng)


def weighted_pick(scores: dict, temperature: float, rng: random.Random) -> Any:
    """An action drawn with weight exp(score / temperature), scores in pawns
    (a win, worth thousands, is as good as certain to be taken)."""
    best = max(scores.values())
    items = list(scores.items())
    weights = [math.exp(max(-50.0, (v - best) / temperature)) for _, v in items]
    return rng.choices([a for a, _ in items], weights=weights)[0]
