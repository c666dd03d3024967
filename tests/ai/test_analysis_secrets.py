"""An analysis of a game still going reads only the viewer's view: two games
that differ only in what the viewing seat cannot see get the same review
for that seat (marks, evaluations, better steps, notes), and the steps the
seat may not read are not judged. Node budgets are tiny: the property is
sameness, not the quality of the marks.

- Masquerade Chess: Black's secret assignment of White's capture patterns
  differs; the moves after it are the same quiet ones (a capture attempt's
  outcome would differ, and say so in public).
- Tar Pit Chess: Black's hand differs (a card of it swapped with the draw
  pile's bottom card, which nobody draws in so few steps); nobody plays a
  card, so the hands stay secret.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from game.ai.analysis import review
from game.games.tar_pit.actions import PlayCard
from game.match import Match

NODES = 120
VIEWER = 0


def _same_review(a: Match, b: Match) -> list[Any]:
    """Both reviews for the viewer, asserted equal; the steps."""
    first, second = review(a, viewer=VIEWER, nodes=NODES), review(b, viewer=VIEWER, nodes=NODES)
    assert not first.full and first.viewer == VIEWER
    assert first.steps == second.steps
    assert any(s.choices for s in first.steps), "something was judged"
    return first.steps


def _play_alike(a: Match, b: Match, steps: int, allowed, seed: int = 3) -> None:
    """The same steps, by notation, in both matches: random ones ``allowed``
    in both."""
    rng = random.Random(seed)
    while len(a.records) < steps and not a.is_over():
        step = {}
        for seat in a.to_act():
            options = [x for x in a.state.legal_actions(seat) if allowed(a.state, x)]
            texts = {b.state.notation(x) for x in b.state.legal_actions(seat)}
            options = [x for x in options if a.state.notation(x) in texts]
            step[seat] = rng.choice(options)
        a.play(step)
        b.play(
            {
                s: b.state.parse_action(a.state_at(len(a.records) - 1).notation(x), s)
                for s, x in step.items()
            }
        )


def test_masquerade_an_assignment_the_viewer_cannot_see_changes_nothing():
    a, b = Match("masquerade", seed=1), Match("masquerade", seed=1)
    mine = a.state.legal_actions(0)[0]
    theirs_a, theirs_b = a.state.legal_actions(1)[:2]
    assert a.state.notation(theirs_a) != a.state.notation(theirs_b)
    a.play({0: mine, 1: theirs_a})
    b.play({0: mine, 1: theirs_b})
    assert a.state.view(VIEWER).to_text() == b.state.view(VIEWER).to_text()
    assert a.state.to_text() != b.state.to_text()  # the worlds differ for Black

    def quiet(state, action) -> bool:
        return "x" not in state.notation(action)

    _play_alike(a, b, 5, quiet)
    steps = _same_review(a, b)
    assert steps[0].note == "hidden"  # Black's assignment: not White's to read
    assert all(c.seat == VIEWER for c in steps[0].choices)


def _swap_black_card(text: str) -> str:
    """The position ``text`` with Black's first card and the draw pile's
    bottom card exchanged (they must differ)."""
    words = text.split(" ")
    for i, word in enumerate(words):
        if "draw:" in word and "hand1:" in word:
            places = dict(p.split(":", 1) for p in word.split("/"))
            draw, hand = places["draw"], places["hand1"]
            j = next(k for k, c in enumerate(hand) if c != draw[0])
            places["draw"] = hand[j] + draw[1:]
            places["hand1"] = hand[:j] + draw[0] + hand[j + 1 :]
            words[i] = "/".join(f"{k}:{v}" for k, v in places.items())
            return " ".join(words)
    raise AssertionError(f"no table in {text!r}")


@pytest.mark.parametrize("seed", [1])
def test_tar_pit_a_hand_the_viewer_cannot_see_changes_nothing(seed):
    text = Match("tar_pit", seed=seed).state.to_text()
    a = Match("tar_pit", seed=seed, start=text)
    b = Match("tar_pit", seed=seed, start=_swap_black_card(text))
    assert a.state.view(VIEWER).to_text() == b.state.view(VIEWER).to_text()
    assert a.state.to_text() != b.state.to_text()

    def no_card(state, action) -> bool:
        return not isinstance(action, PlayCard)

    _play_alike(a, b, 6, no_card, seed)
    assert a.state.view(VIEWER).to_text() == b.state.view(VIEWER).to_text()
    _same_review(a, b)
