"""When a computer player's decision must be over, on the wall clock.

A bot gives every decision a budget of seconds (``SearchBot.budget``) and
keeps it on the wall clock whatever the load: a busy machine makes each
step of a search slower, never the decision longer. Whatever thinks for
the bot looks at the same ``Deadline``: the search, and a game's own
``decide`` (Cooperative Chess's planner, Chess Golf's solver), which gets
the deadline of the decision it serves from ``current()`` (the bot sets it
with ``bounded``; outside a bot's decision nothing is ever late). A node
bound stays what it was; the deadline only stops a search earlier.

Tests hand in a fake ``clock`` (one that advances per node or per plan),
never the real one.

It lives on the engine floor so that both the computer players (game/ai)
and a game's planner under game/games may read it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

Clock = Callable[[], float]
WALL: Clock = time.perf_counter  # the clock budgets are kept on


class Deadline:
    """The time ``at`` (on ``clock``) a decision must be over by, and a
    request to stop (``should_stop``: the app's cancel) that ends it too."""

    __slots__ = ("at", "clock", "should_stop")

    def __init__(
        self,
        at: float = math.inf,
        clock: Clock = WALL,
        should_stop: Callable[[], bool] | None = None,
    ) -> None:
        self.at = at
        self.clock = clock
        self.should_stop = should_stop

    @classmethod
    def after(
        cls, seconds: float, clock: Clock = WALL, should_stop: Callable[[], bool] | None = None
    ) -> Deadline:
        """The deadline ``seconds`` from now."""
        return cls(clock() + seconds, clock, should_stop)

    def passed(self) -> bool:
        """Time is up, or the decision is no longer wanted."""
        if self.clock() >= self.at:
            return True
        return self.should_stop is not None and bool(self.should_stop())


NEVER = Deadline()  # outside a bot's decision: no hurry
_current: ContextVar[Deadline] = ContextVar("decision_deadline", default=NEVER)


def current() -> Deadline:
    """The deadline of the decision being thought about (``NEVER`` if none)."""
    return _current.get()


@contextmanager
def bounded(deadline: Deadline) -> Iterator[Deadline]:
    """Within this block, ``current()`` is ``deadline``."""
    token = _current.set(deadline)
    try:
        yield deadline
    finally:
        _current.reset(token)
