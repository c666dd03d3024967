"""Computer players that look one decision ahead: the greedy benchmark
opponent and Easy, the level meant to lose to a beginner.

Both score each legal action by the static evaluation right after it
(``Search`` at depth 1 with quiescence off): what it takes, what it
scores, a mate it gives are all in that score.

- ``greedy``: the best of those scores (ties at random). A yardstick for
  scripts/bench_ai.py, not a setup level.
- ``easy``: a beginner, modelled on the two mistakes people learning a game
  make most rather than on noise:

  1. *A wavering hand.* The moves it considers are drawn by a softmax of
     their one-ply scores (``TEMPERATURE`` pawns): it nearly always takes a
     mate in one and a free piece, and among moves that look alike it
     plays any.
  2. *A blind spot.* It checks the opponent's best immediate answer only
     on some decisions (``look`` percent of them, ``LOOK_PERCENT`` by
     default): then it weighs its first ``CANDIDATES`` considered moves
     by what is left after that answer (it sees that a move hangs a piece,
     that a capture is poisoned, that it walks into a mate in one) and
     plays the best of them (a glance: where the answers are too many
     for ``ANSWER_NODES`` positions, it plays blind). On the other
     decisions it plays the first move it considered without looking at
     the answer at all: it leaves a piece attacked, misses the threat its
     opponent just made, walks into a fork. It never looks two moves of
     its own ahead, so a plan of two moves (a double attack set up, a
     mating net) is invisible to it.

  In games without material (points, cards, stones) the same two steps
  work on the game's own evaluation: it scores what it can see at once,
  and only sometimes asks what the other side will do with the position
  it hands over. Where the others decide at the same time (a matrix game)
  there is no "answer" to look at: it plays the wavering hand alone.

  A game tunes its beginner through ``bot_levels`` where Easy misses the
  measured targets (at least 70% against random, at most 20% against
  Normal: scripts/bench_ai.py): ``"easy"`` -> ``"easy:look=0:wander=250"``
  looks on no decision and wavers at 2.50 of the evaluation's units (a
  unit is not a pawn's worth in every game). Easy is bounded by nodes and
  Normal by the clock, so on a loaded machine Normal weakens and Easy does
  not: measure at a known load.

A game whose evaluation.py decides for itself (Chess Golf's solver) decides
at its smallest level; Easy asks it at level 0, where a game may leave a
beginner's choice to Easy's own hand (Telepathic's moves: its level 1, a
coordinated one-move search with captures played out, scored 27.5% against
Normal).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from game.ai.evaluate import own_decision
from game.ai.search import Limits, OutOfNodes, Search
from game.ai.ties import preferred

__all__ = ["EasyBot", "GreedyBot", "one_ply_scores", "settled"]

TEMPERATURE = 0.75  # pawns: a pawn better is about 3.8 times as likely
LOOK_PERCENT = 40  # decisions on which Easy checks the opponent's best answer
CANDIDATES = 3  # moves Easy weighs when it does look (a person checks a few)
# One ply is bounded by the number of actions, so the node limit, not the
# clock, stops it: the same position gets the same scores on a busy machine.
NODE_LIMIT = 20_000
# The look at the answers is a glance: where the answers are many (turns of
# several decisions) it runs out of nodes and Easy plays blind.
ANSWER_NODES = 800
LOOK = Limits(max_depth=1, time_limit=60.0, time_cap=60.0, node_limit=NODE_LIMIT, quiescence=False)


def one_ply_scores(state: Any, seat: int, rng: random.Random, should_stop=None) -> dict:
    """Each legal action of ``seat`` with the static value right after it,
    from ``seat``'s view (a view is sampled into one full state first)."""
    search = Search(seat, LOOK, rng, should_stop=should_stop)
    return search.run(state.sample(seat, rng)).scores


def settled(state: Any, seat: int, rng: random.Random, level: int = 1) -> tuple[list, Any]:
    """The legal actions and, where there is no real choice to make, the
    action itself: the only one; the game's own decision at ``level`` (0 is
    Easy's: a game may leave a beginner's choices to its own hand); or
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
        return rng.choice(preferred([a for a, v in scores.items() if v >= best - 1e-6]))


class EasyBot:
    """A beginner: a wavering hand and a blind spot (module docstring)."""

    def __init__(self, temperature: float = TEMPERATURE, look: int = LOOK_PERCENT):
        self.temperature = max(0.05, float(temperature))
        self.look = min(100, max(0, int(look)))
        settings = [f"look={self.look}"] if self.look != LOOK_PERCENT else []
        if self.temperature != TEMPERATURE:
            settings.append(f"wander={round(100 * self.temperature)}")
        self.spec = ":".join(["easy", *settings])
        self.looked = False  # whether the last decision checked the answers (tests)

    def choose(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any:
        self.looked = False
        actions, chosen = settled(state, seat, rng, level=0)
        if chosen is not None:
            return chosen
        full = state.sample(seat, rng)
        search = Search(seat, LOOK, rng, should_stop=should_stop)
        scores = _by_text(actions, search.run(full).scores)
        if not scores:
            return rng.choice(actions)
        considered = considered_moves(scores, self.temperature, CANDIDATES, rng)
        if len(considered) == 1 or rng.random() * 100 >= self.look:
            return considered[0]  # the blind spot: the answer is not looked at
        if len(full.to_act()) != 1:
            return considered[0]  # others move at once: there is no answer to see
        answered = _after_answer(search, full, considered)
        if answered is None:
            return considered[0]
        self.looked = True
        best = max(answered)
        return considered[answered.index(best)]


def _after_answer(search: Search, full: Any, considered: list) -> list[float] | None:
    """Each considered action's value once the opponent has made its best
    immediate answer (None when ``ANSWER_NODES`` more nodes do not do)."""
    search.limits = replace(LOOK, node_limit=search.nodes + ANSWER_NODES)
    by_text = {str(a): a for a in full.legal_actions(search.seat)}
    try:
        return [search.action_value(full, by_text[str(a)], 1) for a in considered]
    except (OutOfNodes, KeyError):
        return None


def considered_moves(scores: dict, temperature: float, count: int, rng: random.Random) -> list:
    """Up to ``count`` different actions in the order a beginner thinks of
    them: each drawn with weight exp(score / temperature) among those not
    yet drawn, scores in pawns (a win, worth thousands, comes first)."""
    best = max(scores.values())
    items = [(a, math.exp(max(-50.0, (v - best) / temperature))) for a, v in scores.items()]
    drawn: list = []
    while items and len(drawn) < count:
        pick = rng.choices(range(len(items)), weights=[w for _, w in items])[0]
        drawn.append(items.pop(pick)[0])
    return drawn
