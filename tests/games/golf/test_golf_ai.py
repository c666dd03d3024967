"""The computer at Chess Golf (game/games/golf/evaluation.py): it bids the
solver's true length (0 when there is no solution), demonstrates its line,
gives up when no line fits its bid, puts captured pieces back near where
they were taken, and the Hint suggests the next move of a shortest line.
Every search is bounded by the solver's node budget, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_golf_rules import GAME, bids, go, position, sq

from game.ai import make_bot, think_now
from game.games.golf import hole as H
from game.games.golf.rules import Bid, GiveUp, Go, Put
from game.games.golf.solver import solve
from game.match import Match

# White has no pair: every white piece steps like a king. The knights can
# never take each other (a step next to the other knight makes a pair, and
# then they only jump like knights), so the hole is impossible.
LONE_KNIGHTS = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . N . . . . .
N . . . . . . .
"""

WORKED = H.WORKED_EXAMPLE  # the e5 bishop takes the white king in three


def computer(state, seat: int, spec: str = "search:2"):
    return think_now(spec, state, seat, random.Random(1), **UNTIMED)


# Slow: solves several holes to the end; the demonstration and give-up tests
# here are its fast cover.
@pytest.mark.slow
def test_the_computer_bids_the_true_length_and_zero_when_impossible():
    assert computer(position(3), 0) == Bid(1)
    assert computer(worked_hole(3), 2) == Bid(3)
    lone = position(2, diagram=LONE_KNIGHTS, chosen="NN")
    assert computer(lone, 1) == Bid(0)


def test_the_computer_demonstrates_its_line_within_its_bid():
    """It bid three on the worked example: each move it makes leaves a
    line that still fits, and the third move takes."""
    state = worked_hole(players=2)
    bids(state, 3, 4)
    for _ in range(3):
        assert state.demo == 0
        action = computer(state, 0)
        assert isinstance(action, Go)
        state.apply({0: action})
    assert state.scores == [(3, 4)]


def worked_hole(players: int):
    return position(players, diagram=WORKED, chosen="Kb")


def test_the_computer_gives_up_when_no_line_fits_what_is_left():
    """Someone else bid two on a three-move hole and must show it: the
    computer in that seat says at once that it cannot."""
    state = worked_hole(players=2)
    bids(state, 2, 5)
    assert state.demo == 0
    assert computer(state, 0) == GiveUp()


def test_the_computer_puts_a_captured_piece_back_near_where_it_was_taken():
    state = bids(position(2), 1, 2)
    state.apply({0: go("a1h1")})
    assert state.phase == "place"
    put = computer(state, 0)
    assert put == Put(H.code_of_letter("n"), sq("g1"))  # beside h1, lowest first


def test_the_hint_is_the_next_move_of_a_shortest_line():
    state = worked_hole(players=1)
    before = solve(state.board, state.goal).length
    assert before == 3
    hint = think_now(GAME.hint_bot, state.view(0), 0, random.Random(2), **UNTIMED)
    assert isinstance(hint, Go)
    state.apply({0: hint})
    assert solve(state.board, state.goal).length == before - 1


def test_computers_play_a_round_for_three_to_the_end():
    match = Match("golf", {"players": 3, "holes": 3}, seed=7)
    bot = make_bot("search:2", **UNTIMED)
    rng = random.Random(7)
    for _ in range(200):
        if match.is_over():
            break
        state = match.state
        match.play({s: bot.choose(state.view(s), s, rng) for s in state.to_act()})
    assert match.is_over()
    result = match.state.result()
    assert len(result.scores) == 3 and len(match.state.scores) == 3
