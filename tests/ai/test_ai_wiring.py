"""Bots find each game's own evaluation in any process, and play secret
duels uniformly."""

import collections
import random
import subprocess
import sys

from helpers.bots import UNTIMED

from game.ai import make_bot
from game.games import load_all
from game.match import Match


def test_a_fresh_process_finds_every_games_evaluator():
    # The bot's worker is a fresh process that imports nothing of the UI.
    code = (
        "from game.games import load_all; from game.ai.evaluate import evaluator_for;"
        "g = load_all();"
        "print(evaluator_for(g['maces'].new()).__module__,"
        " evaluator_for(g['tulpas'].new()).__module__,"
        " evaluator_for(g['tulaga'].new()).__module__)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    # Tulpas has no evaluation of its own: it borrows its parent game's.
    assert out.stdout.split() == [
        "game.games.maces.evaluation",
        "game.games.maces.evaluation",
        "game.games.tulaga.evaluation",
    ]


def test_the_tulpa_duel_is_played_uniformly():
    load_all()
    match = Match("tulpas", seed=3, players=["human", "human"])
    state = match.state
    picker = state.to_act()[0]
    assert state.uniform_decision(picker)
    bot = make_bot("search:2", **UNTIMED)
    counts = collections.Counter(
        str(bot.choose(state.view(picker), picker, random.Random(i))) for i in range(200)
    )
    assert len(counts) == len(state.legal_actions(picker)) == 5
    assert min(counts.values()) > 20  # each of five cards near 40 of 200


def test_ordinary_decisions_are_not_uniform():
    state = load_all()["chess"].new()
    assert not state.uniform_decision(0)
