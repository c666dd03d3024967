"""The captured-pieces row: every piece taken is listed, those that came
into play from a hand too."""

from __future__ import annotations

import random

import pytest
from helpers.ui_driver import open_play

from game.match import Match

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast


def test_a_captured_mage_is_listed_with_the_captured_pieces(app):
    """Mulligan Stew's Mage starts in the hand, not on the board: once
    dropped and taken, the captured-pieces row lists it like any piece (and
    a Mage still in hand or on the board is not listed)."""
    match = Match("mulligan_stew", seed=0)
    rng = random.Random(0)
    mages_lost = {0: 0, 1: 0}
    while not any(mages_lost.values()):
        events = match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
        for e in events:
            if e.kind == "capture" and e.data["piece"].kind == "mage":
                mages_lost[e.data["piece"].side] += 1
    scene = open_play(app, match)
    for side, taken, _lead in scene.panel.captured:
        assert sum(p.kind == "mage" for p in taken) == mages_lost[1 - side]
