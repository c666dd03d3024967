"""What each seat may know in Cooperative Chess: a view hides the partner's
hand, the order of the draw pile and the cards set aside; samples fill them
as the seat could not tell apart (no king in a hand, each card set aside one
of its run's); the position text both ways; and the conformance suite in the
two-player mode (the registered game starts in solitaire)."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from coop_positions import GAME, cards, play, position, start_of_game
from helpers import conformance

from game.engine import Option
from game.engine.cards import Card
from game.games.cooperative.rules import CooperativeGame
from game.games.cooperative.text import UNIVERSE


def test_a_view_hides_the_partners_hand_and_the_draw_pile_not_the_counts():
    state = GAME.new({"mode": "two players"}, seed=8)
    view = state.view(0)
    assert view.is_partial and view.rng is None
    assert view.cards.cards("hand0") == state.cards.cards("hand0")
    assert view.cards.cards("hand1") == (None, None)
    assert set(view.cards.cards("draw")) == {None}
    assert view.cards.counts() == state.cards.counts()
    assert view.line() == state.line()
    assert "hand1:??" in view.to_text()


def test_solitaire_hides_only_the_draw_pile():
    state = GAME.new({"mode": "solitaire"}, seed=8)
    view = state.view(0)
    assert view.is_partial
    assert view.line() == state.line()
    assert set(view.cards.cards("draw")) == {None}


@pytest.mark.parametrize("seed", range(6))
def test_samples_deal_no_king_into_a_hand_and_set_aside_cards_of_their_runs(seed):
    state = position(
        start_of_game(),
        step="card",
        line="Kk",
        hand0="N",
        hand1="nb",
        aside="pP",
        runs="pppn,PPPB",
    )
    view = state.view(0)
    rng = random.Random(seed)
    for _ in range(20):
        world = view.sample(0, rng)
        assert world.view(0).to_text() == view.to_text()
        assert all(c.kind != "king" for c in world.cards.cards("hand1"))
        first, second = world.cards.cards("aside")
        assert first in (Card(1, "pawn"), Card(1, "knight"))
        assert second in (Card(0, "pawn"), Card(0, "bishop"))
        assert Counter(world.cards.all_cards()) == Counter(UNIVERSE)


def test_a_sample_can_play_on_with_chance_of_its_own():
    state = GAME.new({"mode": "two players"}, seed=2)
    world = state.view(1).sample(1, random.Random(4))
    play(world, world.notation(world.legal_actions(0)[0]), "end")
    assert world.to_act() == (1,)
    assert cards(state, "hand1") == cards(world, "hand1")


def test_the_position_text_reads_back_mid_turn():
    state = position(
        start_of_game(),
        step="card",
        line="pP",
        hand0="NR",
        hand1="nb",
        discard="Q",
        aside="q",
        runs="qbbb",
        captured="Q",
    )
    play(state, "[N]", "e4")
    text = state.to_text()
    again = GAME.from_text(text)
    assert again.to_text() == text
    assert again.legal_actions(1) == state.legal_actions(1)


def test_position_texts_that_cannot_be_are_refused():
    with pytest.raises(ValueError, match="king card is never held"):
        position(start_of_game(), step="card", hand0="K", hand1="nb")
    with pytest.raises(ValueError, match="set aside for each recycled run"):
        position(start_of_game(), aside="p")
    text = position(start_of_game(), step="card", hand0="NR", hand1="nb").to_text()
    with pytest.raises(ValueError, match="more cards than the 32"):
        GAME.from_text(text.replace("line:-", "line:Q"))
    with pytest.raises(ValueError, match="solitaire has no hand"):
        GAME.from_text(text.replace("duo card", "solo card"))


class TwoPlayerCooperative(CooperativeGame):
    """The game with two players as its default, for the conformance suite."""

    id = "test_cooperative_two"
    options = (Option("mode", "Mode", "two players", ("solitaire", "two players")),)


@pytest.mark.slow  # fast cover: test_two_player_games_end below
def test_two_players_keep_every_promise_of_the_protocol(monkeypatch):
    from game import games

    monkeypatch.setitem(games.REGISTRY, TwoPlayerCooperative.id, TwoPlayerCooperative())
    for seed in (1, 2):
        rng = random.Random(seed)
        match = None
        for step, match in enumerate(conformance.playout(TwoPlayerCooperative.id, seed, 200)):
            state = match.state
            conformance.check_protocol(state, rng)
            conformance.check_text(state)
            if step % 5 == 0 or state.is_over():
                conformance.check_copy(state, rng)
                for seat in (0, 1):
                    conformance.check_secrets(state, seat, rng)
            if step % 40 == 0:
                conformance.check_save(match)
        conformance.check_save(match)


def test_two_player_games_end(monkeypatch):
    from game import games

    monkeypatch.setitem(games.REGISTRY, TwoPlayerCooperative.id, TwoPlayerCooperative())
    for seed in (11, 12):
        *_, match = conformance.playout(TwoPlayerCooperative.id, seed, 1500)
        assert match.is_over()
        conformance.check_text(match.state)
        conformance.check_save(match)
