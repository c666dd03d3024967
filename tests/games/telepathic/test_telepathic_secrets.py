"""Telepathic Chess secrets: the face-down card is seen by nobody but the
predictor who laid it (its partner included) until it is turned over, in
views, public notation, events and move lists; random games with every mix
of people and computer seats keep the conformance promises, and the screen's
viewer never sees another seat's face-down card."""

from __future__ import annotations

import itertools
import random

import pytest
from helpers import conformance
from helpers.bots import UNTIMED
from telepathic_positions import GAME, act

from game.ai import make_bot
from game.match import Match
from game.ui.play.viewpoint import Viewpoint

W_A, W_B, B_A, B_B = range(4)


def test_the_face_down_card_is_hidden_from_everyone_but_its_predictor():
    state = GAME.new()
    events = act(state, "predict Q")
    assert state.view(W_A).down[0] == "queen"  # the predictor knows its own card
    for seat in (W_B, B_A, B_B):  # the mover, its partner, is told nothing either
        view = state.view(seat)
        assert view.is_partial and view.down[0] == "?"
        assert view.to_text().split()[10] == "?/-"  # the face-down cards field
        assert view.hand(0) is None  # the hand would give the card away
    private = [e for e in events if "kind" in e.data]
    assert [e.audience for e in private] == [frozenset({W_A})]


def test_the_prediction_reads_the_same_in_public_whatever_the_card():
    state = GAME.new()
    publics = {state.public_notation(a) for a in state.legal_actions(W_A)}
    assert publics == {"predict ?"}
    match = Match("telepathic", seed=1)
    match.play({W_A: match.state.parse_action("predict K", W_A)})
    assert match.move_list(W_A) == ["predict K"]
    assert [match.move_list(s) for s in (W_B, B_A, B_B)] == [["predict ?"]] * 3


def test_a_sample_for_the_mover_draws_any_card_the_predictor_could_have_laid():
    state = GAME.new()
    act(state, "predict Q")
    view = state.view(W_B)
    drawn = {view.sample(W_B, random.Random(i)).down[0] for i in range(60)}
    assert drawn == {"knight", "bishop", "rook", "queen", "king", "checker"}


def test_the_card_is_shown_to_all_when_turned_over():
    state = GAME.new()
    act(state, "predict Q", "e4")
    for seat in range(4):
        view = state.view(seat)
        assert not view.is_partial and view.last[1] == "queen"
        assert view.face_up[0] == "queen"


MIXES = list(itertools.product(("human", "computer:search:1"), repeat=4))
# The fast tier plays one mix of each kind of viewer: several people (the
# privacy screen hands over), the only person, nobody, and people and
# computers in turn; the slow tier plays the other twelve mixes.
FAST_MIXES = {"hhhh", "hccc", "cccc", "chch"}


def _mix_params() -> list:
    params = []
    for mix in MIXES:
        name = "".join(p[0] for p in mix)
        marks = () if name in FAST_MIXES else pytest.mark.slow
        params.append(pytest.param(mix, marks=marks, id=name))
    return params


@pytest.mark.parametrize("players", _mix_params())
def test_random_games_with_every_mix_of_people_and_computers(players):
    """The people pick at random, the computer seats (the game's own players,
    bounded by nodes) decide from their views;
    every step keeps the conformance promises and the screen's viewer (the
    person the privacy screen handed over to, the only person, or nobody when
    only computers play) sees no face-down card but its own."""
    rng = random.Random(len(players) + players.count("human"))
    match = Match("telepathic", seed=7, players=list(players))
    viewpoint = Viewpoint(match)
    bot = make_bot("search:1", **UNTIMED)
    for step in range(60):
        state = match.state
        conformance.check_protocol(state, rng)
        conformance.check_text(state)
        if step % 7 == 0:
            for seat in range(4):
                conformance.check_secrets(state, seat, rng, samples=1)
        if match.is_over():
            break
        (seat,) = state.to_act()
        if match.is_human(seat):
            if viewpoint.check():
                viewpoint.reveal()
            action = rng.choice(state.legal_actions(seat))
        else:
            action = bot.choose(state.view(seat), seat, rng)
        match.submit(seat, action)
        viewpoint.check()
        seen, now = viewpoint.seen(), match.state
        if now.phase == "move" and seen.viewer is not None and not viewpoint.covering:
            if seen.viewer != now.predictors[now.turn]:
                assert seen.state.down[now.turn] == "?"
    conformance.check_save(match)


@pytest.mark.parametrize(
    "seed", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)
def test_every_card_reads_in_full_in_every_move_list_once_turned_over(seed):
    """The move list kept "predict ?" after the move had turned the card
    over. Every prediction of a random game, for every seat: hidden from the
    others while it lies face down, in full once the move has turned it
    over (the card every view then shows as the last one turned)."""
    match = Match("telepathic", seed=seed)
    rng = random.Random(seed)
    while not match.is_over() and len(match.records) < 120:
        seat = match.state.to_act()[0]
        match.play({seat: rng.choice(match.state.legal_actions(seat))})
        for i, record in enumerate(match.records):
            (predictor, action), *_ = record.actions.items()
            if not str(record.step[predictor]).startswith("predict"):
                continue
            face_down = i == len(match.records) - 1
            for viewer in range(4):
                line = match.move_list(viewer)[i]
                hidden = face_down and viewer != predictor
                assert line == ("predict ?" if hidden else record.step[predictor]), (i, viewer)
            if i == len(match.records) - 2 and not match.is_over():  # turned over just now
                assert all(match.state.view(v).last[1] == action.kind for v in range(4))
