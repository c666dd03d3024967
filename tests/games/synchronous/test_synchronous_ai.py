"""The computer plays Synchronous Chess from its seat's view: it finishes
games on both seats, and strikes a piece that landed en prise."""

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import make_bot, think_now
from game.games import load_all
from game.match import Match

GAME = load_all()["synchronous"]


@pytest.mark.slow  # whole bot games; the strike test below is the fast check
def test_computers_on_both_seats_finish_games_deciding_from_their_views():
    bot = make_bot("search:1:nodes=100", **UNTIMED)
    for seed in (1, 2):
        match = Match("synchronous", seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if match.is_over():
                break
            state = match.state
            match.play({s: bot.choose(state.view(s), s, rng) for s in state.to_act()})
        assert match.is_over(), f"seed {seed}: no end in 300 steps"


def test_the_computer_strikes_a_queen_that_landed_where_a_pawn_takes_it():
    diagram = """
        ....k...
        ........
        ........
        ........
        ...q....
        ....P...
        ........
        ....K...
    """
    # Black's queen has just landed on d4, attacked by the e3 pawn before and after.
    state = GAME.from_text(fen_of(diagram) + " blows d4:w:e3 -")
    assert state.to_act() == (0,)
    # Depth 1: deeper, the generic search meets the next turn's simultaneous
    # moves, where it answers one random enemy move (which seldom saves the
    # queen), so passing looks as good as striking.
    choice = think_now("search:1:nodes=2000", state, 0, random.Random(1), **UNTIMED)
    assert state.notation(choice) == "exd4"
