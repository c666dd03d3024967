"""An analysis of a game still going judges another seat's step only where
that seat's options are known to the viewer: a step whose options hang on
what the viewer cannot see (a card from a hand it never saw) gets no mark
and no better step. An outside reviewer was told, from White's view of a
Tar Pit game, that Black's "nocard" was a "?" and "better R@h1", a card
Black did not hold.

The oracle: a seat's options are known to the viewer when many samples of
the viewer's view all give the seat the options the real state gives it.
Any better step named for another seat must also be one of its real
options. Node budgets are tiny: the property is which steps are judged,
not the marks' quality."""

from __future__ import annotations

import random

import pytest
from helpers import conformance, secrets_audit, tiers

from game.ai.analysis import SKIPPED, review
from game.match import Match

NODES = 30
STEPS = 8
ORACLE_SAMPLES = 12
GAMES = [g for g in secrets_audit.hidden_games() if g not in SKIPPED]
# Tar Pit's hidden hands (the reviewer's case) and Masquerade's secret
# assignment in the fast tier; the other hidden games in the slow one.
FAST = ("tar_pit", "masquerade")


def random_match(game_id: str, seed: int) -> Match:
    return conformance.random_match(game_id, seed, STEPS)


def real_options(state, seat: int) -> list[str]:
    return sorted(state.notation(a) for a in state.legal_actions(seat))


def known_to(state, viewer: int, seat: int) -> bool:
    """The oracle: every sample of the viewer's view gives ``seat`` its real options."""
    view = state.view(viewer)
    real = real_options(state, seat)
    rng = random.Random(99)
    return all(real_options(view.sample(viewer, rng), seat) == real for _ in range(ORACLE_SAMPLES))


@pytest.mark.parametrize("game_id", tiers.sweep(GAMES, FAST))
@pytest.mark.parametrize("viewer", [0, 1])
def test_another_seats_step_is_judged_only_where_its_options_are_known(game_id, viewer):
    judged_others = 0
    for seed in (1, 2):
        match = random_match(game_id, seed)
        if match.is_over():
            continue
        result = review(match, viewer=viewer, nodes=NODES)
        state = match.initial_state()
        for record, step in zip(match.records, result.steps, strict=True):
            for c in step.choices:
                if c.seat == viewer:
                    continue
                judged_others += 1
                assert known_to(state, viewer, c.seat), (
                    f"{game_id} seed {seed}: step {step.index + 1} ({step.text}) of seat "
                    f"{c.seat} judged from seat {viewer}'s view: {c.mark or 'no mark'}, "
                    f"better {c.best}, though its options are hidden from that view"
                )
                if c.best is not None:
                    assert c.best in real_options(state, c.seat)
            match._apply_step(state, record)
    if game_id == "tar_pit":  # the other side's board moves are public: still judged
        assert judged_others
