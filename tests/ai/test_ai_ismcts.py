"""Information-set MCTS: one tree over what the seat knows, a fresh world
from its view each iteration."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import fen_of

from game.ai import make_bot
from game.ai.ismcts import Ismcts, IsmctsBot, winning_chance
from game.games import load_all

GAMES = load_all()

# White to move mates with Ra8 (and anything else gives Black's rook time).
BACK_RANK = """
    . . . . . . k .
    . p . . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . r . . . . . .
    . . . . . P P P
    R . . . . . K .
"""

LOOSE_QUEEN = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . q . . . .
    . . . . . . . .
    . . N . . . . .
    . . . . . . . .
    . . . . K . . .
"""


def chess(diagram: str):
    return GAMES["chess"].from_text(fen_of(diagram, to_move="w"))


def test_the_spec_builds_it_with_its_iterations():
    bot = make_bot("ismcts:iterations=50")
    assert isinstance(bot, IsmctsBot) and bot.iterations == 50
    with pytest.raises(ValueError):
        make_bot("ismcts:3")


def test_a_chance_follows_the_score():
    assert winning_chance(0) == 0.5
    assert winning_chance(3) > 0.7 > winning_chance(1) > 0.5 > winning_chance(-1)
    assert winning_chance(100_000) == 1.0 and winning_chance(-100_000) == 0.0


@pytest.mark.parametrize("diagram, answer", [(BACK_RANK, "Ra8#"), (LOOSE_QUEEN, "Nxd5")])
def test_it_finds_the_obvious_move(diagram, answer):
    state = chess(diagram)
    result = Ismcts(0, 400, random.Random(2)).run(state.view(0))
    assert state.notation(result.action) == answer
    assert result.nodes == 400  # bounded by iterations, not the clock


def test_every_world_comes_from_the_view():
    # In Zombie Chess the other side's burials are secret: the search must
    # only ever see worlds sampled from the seat's view.
    game = GAMES["zombie"]
    state = game.new(game.default_options(), 4)
    for _ in range(40):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        state.apply({seat: random.Random(len(state.to_text())).choice(state.legal_actions(seat))})
    seat = state.to_act()[0]
    view = state.view(seat)
    seen = []

    class Watched:
        def __getattr__(self, name):
            return getattr(view, name)

        def sample(self, who, rng):
            seen.append(who)
            return view.sample(who, rng)

    result = Ismcts(seat, 60, random.Random(1)).run(Watched())
    assert result.action in view.legal_actions(seat)
    assert seen == [seat] * 60


# Masquerade (choices made together) is the fast check; Tar Pit (hidden
# cards) and Two Move run in the slow tier.
@pytest.mark.parametrize(
    "game_id",
    ["masquerade"] + [pytest.param(g, marks=pytest.mark.slow) for g in ("tar_pit", "two_move")],
)
@pytest.mark.slow  # fast cover: the other games' cases of this test
def test_the_bot_plays_legal_moves_in_games_with_secrets(game_id):
    rng = random.Random(5)
    game = GAMES[game_id]
    state = game.new(game.default_options(), 3)
    for _ in range(12):
        if state.result() is not None:
            break
        joint = {}
        for seat in state.to_act():
            bot = make_bot("ismcts:iterations=40", time_limit=1e9, time_cap=1e9)
            action = bot.choose(state.view(seat), seat, rng)
            assert str(action) in {str(a) for a in state.legal_actions(seat)}
            joint[seat] = state.parse_action(state.notation(action), seat)
        state.apply(joint)
