"""``State.apply`` is the one public door: it checks who acts and what is
legal for every game, in one wording, before the game's own ``_apply``;
a game writes no guard of its own (the toy games write none)."""

import random

import pytest
from helpers.toy_games import install

from game.engine import IllegalAction
from game.games import load_all
from game.match import Match

GAMES = load_all()


def refused(state, actions) -> str:
    before = state.to_text()
    with pytest.raises(IllegalAction) as info:
        state.apply(actions)
    assert state.to_text() == before
    return str(info.value)


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_game_refuses_a_step_in_the_same_words(game_id):
    game = GAMES[game_id]
    state = game.new(seed=3)
    rng = random.Random(3)
    for _ in range(6):  # a little way in, past any opening choices
        if state.is_over():
            break
        state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    acting = state.to_act()
    seat = acting[0]
    legal = state.legal_actions(seat)[0]
    who = " and ".join(game.seats[s] for s in sorted(acting))
    assert refused(state, {seat: "no such action", **{s: legal for s in acting[1:]}}) == (
        f"Not legal here: {game.seats[seat]} no such action"
        + "".join(f", {game.seats[s]} {legal}" for s in acting[1:])
        + f" ({who} to act)"
    )
    if len(game.seats) > len(acting):
        idle = next(s for s in range(len(game.seats)) if s not in acting)
        message = refused(state, {idle: legal})
        assert message == f"Not legal here: {game.seats[idle]} {legal} ({who} to act)"
    assert refused(state, {}) == f"Not legal here: nothing ({who} to act)"


def test_a_game_without_a_guard_of_its_own_is_checked(monkeypatch):
    install(monkeypatch)
    state = Match("toy_nim", options={"heap": 5}, seed=1).state
    assert refused(state, {1: 1}) == "Not legal here: Second 1 (First to act)"
    assert refused(state, {0: 4}) == "Not legal here: First 4 (First to act)"


def test_a_simultaneous_choice_is_refused_when_made_and_not_kept(monkeypatch):
    install(monkeypatch)
    match = Match("toy_guess", seed=1)
    with pytest.raises(IllegalAction, match="Not legal here: "):
        match.submit(0, 99)
    assert match.pending == {}
    assert match.submit(0, match.state.legal_actions(0)[0]) is None
    assert match.submit(1, match.state.legal_actions(1)[0]) is not None
    assert len(match.records) == 1
