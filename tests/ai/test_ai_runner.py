"""BotRunner: thinking in a worker process, polling, cancelling."""

from __future__ import annotations

import os
import time

import pytest
from toy_games import GOOF, TTT

from game.ai.runner import BotRunner
from game.games import load_all
from game.match import Match

GAMES = load_all()


def wait(runner: BotRunner, timeout: float = 30.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        action = runner.poll()
        if action is not None:
            return action
        time.sleep(0.01)
    raise AssertionError("the bot did not answer in time")


def wait_until(cond, timeout: float = 30.0) -> None:
    """For another process (bounded roomily by the clock, not by frames)."""
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "still waiting"
        time.sleep(0.01)


@pytest.fixture
def runner():
    r = BotRunner("search:3:time=0.5")
    yield r
    r.close()


def test_worker_returns_a_legal_move_for_the_chess_start(runner):
    match = Match("chess", seed=1, players=["human", "computer:3"])
    assert not runner.busy
    runner.start(match, 0)
    assert runner.busy
    move = wait(runner)
    assert not runner.busy
    assert move in match.state.legal_actions(0)
    assert runner.last_info["depth"] >= 1
    match.play({0: move})
    runner.start(match, 1)  # the same worker thinks again
    reply = wait(runner)
    assert reply in match.state.legal_actions(1)


def test_poll_is_non_blocking():
    """A poll during a long think answers None at once; a blocking poll would wait for the move."""
    runner = BotRunner("search:30:time=600")
    try:
        runner.start(GAMES["chess"].new(), 0)
        assert all(runner.poll() is None for _ in range(100))
        assert runner.busy
    finally:
        runner.close()


def test_a_time_limit_ends_the_think_with_an_answer():
    """A bot that would think ten minutes answers at once, with a legal move
    and no error, when the job's limit (a game clock's share) is up."""
    runner = BotRunner("search:30:time=600")
    try:
        state = GAMES["chess"].new()
        runner.start(state, 0, limit=0.0)
        move = wait(runner)
        assert move in state.legal_actions(0)
        assert runner.last_error is None
    finally:
        runner.close()


def test_the_play_scenes_computer_thinks_within_the_clocks_share(monkeypatch):
    from game.clock import Clock
    from game.ui.play.bots import BotDriver

    limits = []
    monkeypatch.setattr(BotRunner, "_ensure_worker", lambda self: None)  # no process
    monkeypatch.setattr(BotRunner, "_send", lambda self: limits.append(self._job[-1]))
    for clock in (None, Clock.new(30, 0, 2)):
        match = Match("chess", seed=1, players=["computer:search:2", "human"])
        match.clock = clock
        driver = BotDriver(match)
        try:
            before = len(limits)
            driver.poll(hold=True)  # the last move lands: on a clock, no think yet
            if clock is not None:
                assert len(limits) == before
                driver.poll()
        finally:
            driver.close()
    assert limits == [None, Clock.new(30, 0, 2).think_limit(0)]
    assert limits[1] < 1.5


def test_cancel_drops_the_think_and_the_next_start_answers():
    runner = BotRunner("search:30:time=600")
    try:
        state = GAMES["chess"].new()
        runner.start(state, 0)
        time.sleep(0.5)  # the worker is deep in a ten-minute think
        runner.cancel()
        assert not runner.busy
        assert runner.poll() is None
        # Answered within wait()'s 60 s only if the old think really stopped.
        runner.spec = "random"
        runner.start(state, 0)
        move = wait(runner, timeout=60)
        assert move in state.legal_actions(0)
    finally:
        runner.close()


def test_toy_games_through_the_worker(runner):
    state = TTT.new()
    runner.start(state, 0)
    assert wait(runner) in state.legal_actions(0)
    goof = GOOF.new(seed=3)
    runner.start(goof, 1)  # simultaneous: seat 1 chooses its bid
    assert wait(runner) in goof.legal_actions(1)


def test_dead_worker_is_restarted(runner):
    state = GAMES["chess"].new()
    runner._proc.kill()
    runner._proc.join()
    runner.start(state, 0)
    assert wait(runner) in state.legal_actions(0)


def test_unpicklable_state_falls_back_to_the_match_record(runner):
    match = Match("chess", seed=2, players=["human", "computer:random"])
    match.play({0: match.state.parse_action("e4")})
    match.state.not_picklable = lambda: None  # view(seat) is the state itself in chess
    runner.start(match, 1)
    move = wait(runner)
    assert move in match.state.legal_actions(1)


def test_bad_spec_fails_in_the_main_process():
    with pytest.raises(ValueError):
        BotRunner("minimax:3", start=False)


@pytest.mark.skipif(not hasattr(os, "getpriority"), reason="no process priorities here")
def test_the_worker_yields_the_cpu_to_the_window(runner):
    match = Match("chess", seed=1, players=["human", "computer:3"])
    runner.start(match, 0)
    wait(runner)  # the worker has run its start-up by now
    ours = os.getpriority(os.PRIO_PROCESS, 0)
    worker = os.getpriority(os.PRIO_PROCESS, runner._proc.pid)
    assert worker > ours


# -- warming up ------------------------------------------------------------------------
def _fresh_maces_tables(monkeypatch) -> None:
    """Forget Maces' line tables and reaches, as a fresh process has none."""
    import game.games.maces.rules as maces

    monkeypatch.setattr(maces.GEO, "_lines", None)
    monkeypatch.setattr(maces, "_TABLES", {})


def _no_table_building(monkeypatch) -> None:
    from game.engine.board import Geometry

    def building(*_args):
        raise AssertionError("a line table was built inside the decision")

    monkeypatch.setattr(Geometry, "_line_table", building)


def test_a_warmed_up_worker_builds_no_line_table_in_its_first_decision(monkeypatch):
    """Maces Normal overran its budget (2.76 s of 1.5 on a loaded machine):
    the worker's first search built the 10 x 10 line tables. The worker
    warms up for its game when it starts, before it takes a job; then a
    first decision (node-bounded) builds none."""
    import random

    from game.ai import make_bot
    from game.ai import runner as runner_module

    class NoJobs:
        def send(self, message):
            assert message[1] == "ready"  # its first words

        def recv(self):
            return None  # the main process closes the worker at once

    _fresh_maces_tables(monkeypatch)
    monkeypatch.setattr(runner_module, "settle_worker", lambda: None)  # not this process's
    runner_module._worker_main(NoJobs(), None, "maces")
    _no_table_building(monkeypatch)
    state = GAMES["maces"].new(seed=1)
    bot = make_bot("search:2:nodes=200")
    assert bot.choose(state.view(0), 0, random.Random(1)) in state.legal_actions(0)


def test_without_the_warm_up_the_first_decision_builds_the_tables(monkeypatch):
    """The test above is not empty: a cold start builds them in the search."""
    import random

    from game.ai import make_bot

    _fresh_maces_tables(monkeypatch)
    _no_table_building(monkeypatch)
    state = GAMES["maces"].new(seed=1)
    with pytest.raises(AssertionError, match="line table"):
        make_bot("search:2:nodes=200").choose(state.view(0), 0, random.Random(1))


def test_the_play_scenes_bots_warm_up_for_their_game(monkeypatch):
    from game.ui.play.bots import BotDriver

    monkeypatch.setattr(BotRunner, "_ensure_worker", lambda self: None)  # no process
    match = Match("maces", seed=1, players=["human", "computer:random"])
    driver = BotDriver(match)
    try:
        assert driver._runner(1).game == "maces"
    finally:
        driver.close()


def test_a_new_worker_says_when_it_is_ready_and_a_think_waits_for_nothing_else():
    runner = BotRunner("search:2:nodes=200", game="maces")
    try:
        wait_until(runner.ready)
        state = GAMES["maces"].new(seed=1)
        runner.start(state, 0)
        assert wait(runner) in state.legal_actions(0)
        assert runner.ready()
    finally:
        runner.close()


def test_the_play_scenes_clock_stands_while_a_computers_worker_starts(monkeypatch):
    """The first move after a start or a load paid the worker's start on
    the clock (0.4 to 2 s): a save with 0.3 s left flagged at once."""
    from game.clock import Clock
    from game.ui.play.bots import BotDriver

    monkeypatch.setattr(BotRunner, "_ensure_worker", lambda self: None)  # no process
    monkeypatch.setattr(BotRunner, "_send", lambda self: None)
    match = Match("chess", seed=1, players=["computer:search:2", "human"])
    match.clock = Clock.new(30, 0, 2)
    driver = BotDriver(match)
    try:
        assert not driver.starting()  # nobody thinks yet
        driver.poll()
        assert driver.starting()
        driver._runner(0)._ready = True  # its first message came
        assert not driver.starting()
    finally:
        driver.close()
