"""scripts/bench_ai.py and rate_levels.py give each side of a match its own
budget on the bench's clock: a spec's own ``time=`` outlives the match's
time (rate_levels words --hard-time), and the clock the bench chooses (the
CPU's, in rate_levels) is the one the searches stop on."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
import time
from pathlib import Path

import pytest

from game.ai.search import Limits, Search
from game.engine.deadline import Deadline, bounded
from game.games import load_all

SCRIPTS = Path(__file__).resolve().parents[2] / "scripts"


@pytest.fixture(scope="module")
def rate_levels():
    spec = importlib.util.spec_from_file_location("rate_levels", SCRIPTS / "rate_levels.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # imports bench_ai from scripts/
    return module


@pytest.fixture
def bench(rate_levels, monkeypatch):
    module = sys.modules["bench_ai"]
    monkeypatch.setattr(module, "clock", module.clock)  # use_cpu_clock is undone after
    return module


def test_a_specs_own_time_outlives_the_matchs_and_other_specs_take_the_matchs(bench):
    assert bench.bot_for("search:3:time=0.5", 1.5).limits.time_limit == 0.5
    assert bench.bot_for("search:3", 1.5).limits.time_limit == 1.5
    assert bench.bot_for("search:3:nodes=900/plain", 0.7).limits.time_limit == 0.7


def test_words_gives_hard_its_own_time_and_normal_the_matchs(rate_levels, bench):
    # Through the match's own mapping (spec_for), as a match plays them: in
    # Telepathic, Normal's spec (search:3) is the setup's name for Hard.
    for game_id, hard_spec, normal_spec in (
        ("crowded_house", "search:4:nodes=12000", "search:3:nodes=1500"),
        ("telepathic", "search:5", "search:3"),
    ):
        game = load_all()[game_id]
        for level, spec, budget in (("hard", hard_spec, 0.5), ("normal", normal_spec, 1.5)):
            played = bench.spec_for(game, rate_levels.timed(game, level, 0.5))
            assert played.removesuffix(":time=0.5") == spec, (game_id, level)
            assert bench.bot_for(played, 1.5).limits.time_limit == budget


def test_the_searches_stop_on_the_clock_the_bench_gives(bench):
    bench.use_cpu_clock()
    assert bench.bot_for("search:3", 1.5).clock is time.process_time
    ticks = iter(range(10**6))
    bench.clock = lambda: float(next(ticks))  # a second passes at every reading
    bot = bench.bot_for("search:24", 30.0)
    game = load_all()["chess"]
    bot.choose(game.new(game.default_options(), 1).view(0), 0, random.Random(1))
    # Thirty readings of the bench's clock end the decision, long before depth 24.
    assert bot.last.depth < 4 and bot.last.nodes < 100


def test_a_search_a_games_own_decision_begins_reads_the_decisions_clock():
    # Telepathic's decide ranks its moves with a Search of its own: under a
    # bot on the CPU clock it read the wall clock against a CPU-clock
    # deadline, found it long past and chose from no search at all.
    frozen = lambda: 0.0  # noqa: E731  (a decision's clock that never moves)
    game = load_all()["chess"]
    state = game.new(game.default_options(), 1)
    move = next(iter(state.legal_actions(0)))
    with bounded(Deadline(1.0, frozen)):
        search = Search(0, Limits(3, math.inf, math.inf, 5000), random.Random(0))
        search.action_value(state, move, 1)  # no OutOfNodes: its deadline never comes
    assert search.clock is frozen and search.nodes > 20
