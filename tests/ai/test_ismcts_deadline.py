"""ISMCTS looks at its deadline after every iteration, not every few: in a
game whose moves are dear (Masquerade's capture attempts) one iteration can
take a tenth of a second, and checking every sixteenth let a decision run
seconds late. No clock is timed here: a deadline already past must stop the
search after its first iteration."""

from __future__ import annotations

import random

from helpers.chess_diagrams import fen_of

from game.ai.ismcts import Ismcts
from game.games import load_all

OPEN = """
    r n b q k b n r
    p p p p . p p p
    . . . . . . . .
    . . . . p . . .
    . . . . P . . .
    . . . . . N . .
    P P P P . P P P
    R N B Q K B . R
"""


def test_a_deadline_already_past_stops_after_one_iteration():
    state = load_all()["chess"].from_text(fen_of(OPEN, to_move="b"))
    search = Ismcts(1, iterations=500, rng=random.Random(1))
    result = search.run(state.view(1), deadline=0.0)
    assert result.nodes == 1
    assert result.action in state.legal_actions(1)


def test_a_stop_request_stops_after_one_iteration():
    state = load_all()["chess"].from_text(fen_of(OPEN, to_move="b"))
    search = Ismcts(1, iterations=500, rng=random.Random(1), should_stop=lambda: True)
    assert search.run(state.view(1)).nodes == 1
