"""Bots on the toy games: legality, perfect play where search can see the end,
multi-part turns, simultaneous and hidden-information games."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from toy_games import GOOF, HIDDEN, NIM, NIM2, TTT

from game.ai import RandomBot, SearchBot, make_bot, think_now
from game.ai.evaluate import WIN, chess_eval, evaluator_for, outcome_only, terminal_value
from game.engine import Result


def bot(spec: str):
    return make_bot(spec, **UNTIMED)


def play(state, bots, rng, max_steps=500):
    for _ in range(max_steps):
        if state.is_over():
            return state.result().points
        acting = state.to_act()
        joint = {}
        for seat in acting:
            action = bots[seat].choose(state.view(seat), seat, rng)
            assert action in state.legal_actions(seat)
            joint[seat] = action
        state.apply(joint)
    raise AssertionError("game did not end")


def test_make_bot_specs():
    assert isinstance(make_bot("random"), RandomBot)
    bot = make_bot("search:4:time=0.5:nodes=1000")
    assert isinstance(bot, SearchBot)
    assert bot.limits.max_depth == 4
    assert bot.limits.time_limit == 0.5
    assert bot.limits.node_limit == 1000
    assert make_bot("search").limits.max_depth == 3
    assert make_bot("search:2:time=99").limits.time_limit == make_bot("search").limits.time_cap
    for bad in ("", "minimax", "search:x", "search:3:speed=2"):
        with pytest.raises(ValueError):
            make_bot(bad)


@pytest.mark.parametrize("game", [NIM, NIM2, TTT, GOOF, HIDDEN])
def test_random_bot_only_plays_legal_actions(game):
    rng = random.Random(7)
    for _ in range(20):
        play(game.new(seed=rng.randrange(1000)), [RandomBot(), RandomBot()], rng)


# The fast tier searches with one seed; the slow tier with two more.
@pytest.mark.parametrize("seeds", [(0,), pytest.param((1, 2), marks=pytest.mark.slow)])
def test_nim_search_finds_the_winning_take(seeds):
    # Take 1-3, last take wins: Grundy value of a heap is h % 4; 3^0^1 = 2,
    # so the only winning move takes 2 from the heap of 3.
    state = NIM.new(heaps=(3, 4, 5))
    for seed in seeds:
        assert str(think_now("search:8", state, 0, random.Random(seed), **UNTIMED)) == "0:2"


@pytest.mark.slow  # the winning take above is the fast check
def test_nim_search_wins_against_random_from_a_won_position():
    rng = random.Random(3)
    for seed in range(4):
        outcome = play(NIM.new(heaps=(3, 4, 5), seed=seed), [bot("search:8"), RandomBot()], rng)
        assert outcome == (1.0, 0.0)


# Slow: a deep search over turns of two parts; the other toy searches are its fast cover.
@pytest.mark.slow
def test_multi_part_turns_same_seat_twice():
    # Two decisions per turn by the same seat: a search that assumed
    # alternation would minimise over its own second decision.
    state = NIM2.new(heaps=(3, 4, 5))
    rng = random.Random(1)
    searcher = bot("search:16")
    first = searcher.choose(state, 0, rng)
    assert first == ("heap", 0)
    state.apply({0: first})
    assert state.to_act() == (0,)
    assert searcher.choose(state, 0, rng) == ("take", 2)


def test_multi_part_nim_search_beats_random():
    rng = random.Random(5)
    for seed in range(4):
        game = NIM2.new(heaps=(1, 2, 2), seed=seed)  # 1^2^2 = 1: first player wins
        outcome = play(game, [bot("search:12"), RandomBot()], rng)
        assert outcome == (1.0, 0.0)


def test_depth_by_turns_counts_a_turn_of_several_decisions_as_one(monkeypatch):
    # Heaps 1, 0, 3: taking two from the last heap wins three turns later
    # (six decisions). Three plies counted in decisions stop half-way; a
    # game that declares depth_by_turns gets three whole turns and the win.
    from game.ai.search import Limits, Search

    def search(by_turns: bool):
        monkeypatch.setattr(NIM2, "depth_by_turns", by_turns, raising=False)
        limits = Limits(max_depth=3, time_limit=60.0, time_cap=60.0, node_limit=100_000)
        return Search(0, limits, random.Random(1)).run(NIM2.new(heaps=(1, 0, 3)))

    assert search(False).score < WIN - 100
    found = search(True)
    assert found.score >= WIN - 100 and found.action == ("heap", 2)


@pytest.mark.slow  # whole games; test_tic_tac_toe_blocks_and_wins is the fast check
@pytest.mark.parametrize("search_seat", [0, 1])
def test_tic_tac_toe_search_never_loses_to_random(search_seat):
    rng = random.Random(search_seat)
    for _ in range(8):
        bots = [RandomBot(), RandomBot()]
        bots[search_seat] = bot("search:6")
        outcome = play(TTT.new(), bots, rng)
        assert outcome[search_seat] >= 0.5


@pytest.mark.slow
def test_tic_tac_toe_search_against_itself_draws():
    rng = random.Random(11)
    for _ in range(3):
        assert play(TTT.new(), [bot("search:6"), bot("search:6")], rng) == (0.5, 0.5)


def test_tic_tac_toe_blocks_and_wins():
    # X to move can win at once (top row).
    state = TTT.from_text("xx./oo./...")
    assert think_now("search:3", state, 0, **UNTIMED) == 8
    # O to move must block X's top row... and can win first: O wins on the middle row.
    state = TTT.from_text("xx./oo./x..")
    assert think_now("search:3", state, 1, **UNTIMED) == 5
    # O to move must block.
    state = TTT.from_text("xx./o../...")
    assert think_now("search:3", state, 1, **UNTIMED) == 8


def test_random_tie_breaking_varies_the_choice():
    # Every first move in tic-tac-toe draws with best play.
    choices = {think_now("search:2", TTT.new(), 0, random.Random(s), **UNTIMED) for s in range(30)}
    assert len(choices) > 1


def test_simultaneous_game_does_not_crash_and_is_legal():
    rng = random.Random(2)
    results = []
    for seed in range(6):
        results.append(play(GOOF.new(seed=seed), [bot("search:3"), RandomBot()], rng))
    assert all(r is not None for r in results)


def test_private_views_bot_uses_samples_not_the_secret():
    rng = random.Random(4)
    for seed in range(10):
        state = HIDDEN.new(seed=seed)
        view = state.view(0)
        assert view.cards[1] is None
        action = bot("search:4").choose(view, 0, rng)
        assert action in state.legal_actions(0)
    # With the top card a call is best whatever the other holds.
    state = HIDDEN.new()
    state.cards = [9, 3]
    assert bot("search:4").choose(state.view(0), 0, rng) == "call"


def test_node_limit_is_respected():
    searcher = bot("search:30:nodes=2000")
    action = searcher.choose(TTT.new(), 0, random.Random(0))
    assert action in range(9)
    assert searcher.last.nodes <= 2000 + 256
    assert searcher.last.depth < 9  # stopped by the nodes, not by the end of the game


def test_time_budget_is_respected():
    """The clock is a fake one that moves a millisecond per look, so the
    budget is met after a known amount of work whatever the machine's load."""
    now = [0.0]

    def tick() -> float:
        now[0] += 0.001
        return now[0]

    budget = make_bot("search:30:time=0.3:nodes=10000000", clock=tick)
    action = budget.choose(TTT.new(), 0, random.Random(0))
    assert action in range(9)
    assert budget.last.seconds <= 0.3 + 0.01


def test_should_stop_aborts_quickly():
    """A node costs about a millisecond in the slowest games (Adrenaline),
    so the stop is looked at every few dozen nodes, not hundreds (the clock
    at every node): a stop is noticed within tens of milliseconds."""
    from game.ai.search import CHECK_EVERY

    assert CHECK_EVERY <= 32
    searcher = bot("search:30")
    calls = []

    def stop():
        calls.append(1)
        return len(calls) > 2

    action = searcher.choose(TTT.new(), 0, random.Random(0), should_stop=stop)
    assert action in range(9)
    assert searcher.last.nodes <= 4 * CHECK_EVERY


def test_evaluation_registry_defaults():
    assert evaluator_for(TTT.new()) is outcome_only
    from game.games import REGISTRY, load_all

    load_all()
    chess960 = REGISTRY["chess960"].new(seed=1)
    assert evaluator_for(REGISTRY["chess"].new()) is evaluator_for(chess960) is chess_eval
    assert terminal_value(Result((1.0, 0.0)), 0) == WIN
    assert terminal_value(Result((1.0, 0.0)), 1) == -WIN
    assert terminal_value(Result((0.5, 0.5)), 1) == 0.0
    assert terminal_value(Result((1.0, 1.0, 0.0, 0.0)), 0, team=(0, 1)) == WIN
    assert terminal_value(Result((1.0,)), 0) == WIN


def test_score_results_are_worth_their_score_not_a_win():
    # A solitaire score of 43 is 43 points, not a "win" worth WIN * 85.
    solo = Result((1.0,), "the king fell", scores=(43.0,), verdict="43 points: a good game")
    assert terminal_value(solo, 0) == 43.0
    # Lower is better (golf strokes): fewer strokes is worth more.
    golf = Result((1.0, 0.0), scores=(4.0, 6.0), lower_is_better=True)
    assert terminal_value(golf, 0) == 2.0 and terminal_value(golf, 1) == -2.0
