"""A game's own loud actions in quiescence: an evaluation carrying
``loud_actions(state, seat)`` hands the quiescence search the actions that
change the score at once (game/ai/quiescence.py), for games whose loud
actions are not captures (Tulaga: the placements that complete a Tulaga)."""

from __future__ import annotations

import random

from toy_games import NIM, Take

from game.ai.evaluate import WIN, declare
from game.ai.search import Limits, Search

# Heaps 3 and 1. Emptying either heap leaves the rival a single heap of at
# most three, which it takes to win; taking one or two from the heap of
# three does not. One ply of search stops before the rival's reply.
LOSING = {Take(0, 3), Take(1, 1)}


def _quiet(state, seat):
    return 0.0  # no opinion short of the end


def _with_wins(state, seat):
    return 0.0


def _winning_takes(state, seat):
    """The take of a lone heap that is left (it wins), as a loud action."""
    left = [i for i, h in enumerate(state.heaps) if h]
    if len(left) == 1 and state.heaps[left[0]] <= 3:
        return [(WIN, Take(left[0], state.heaps[left[0]]))]
    return []


declare(_with_wins, loud_actions=_winning_takes)


def _scores(evaluate) -> dict:
    limits = Limits(max_depth=1, time_limit=60.0, time_cap=60.0, node_limit=10_000)
    search = Search(0, limits, random.Random(2), evaluate=evaluate)
    return search.run(NIM.new(heaps=(3, 1))).scores


def test_quiescence_plays_the_loud_actions_an_evaluation_lists():
    scores = _scores(_with_wins)
    for action, score in scores.items():
        if action in LOSING:
            assert score <= -WIN + 100, action  # the rival's winning take was seen
        else:
            assert score == 0.0, action


def test_without_the_list_one_ply_sees_no_difference():
    # The same search with an evaluation that lists nothing: quiescence has
    # no captures in Nim, so every action looks alike. (The test above fails
    # if the hook is ignored.)
    assert set(_scores(_quiet).values()) == {0.0}
