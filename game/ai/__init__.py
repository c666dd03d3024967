"""Computer players over the engine protocol. Never imports pygame.

``make_bot(spec)`` builds a bot from a short text, the form settings and saves
keep:

- ``"random"``: a uniformly random legal action.
- ``"easy"``: a wavering hand and a blind spot, the setup's Easy level
  (``"easy:look=N:wander=T"``: it checks the opponent's answer on N% of
  decisions, its hand wavers at T hundredths of the evaluation's unit);
  ``"greedy"``: the best action one ply on, a yardstick for benchmarks
  (both in game/ai/shallow.py).
- ``"ismcts"``: information-set Monte Carlo tree search (game/ai/ismcts.py),
  for games with secrets; ``iterations=N`` bounds it besides the clock.
- ``"search"`` / ``"search:<depth>"``: alpha-beta search (game/ai/search.py)
  to at most ``depth`` decisions (default 3) within a time budget. Extra
  ``key=value`` parts tune it: ``"search:4:time=0.5:nodes=20000"`` (``time``
  in seconds, clamped to ``cap``; ``cap``; ``nodes``; ``samples``, the number
  of determinisations searched in games with hidden information;
  ``stretch``, above 1 the time managed: clear moves quicker, unclear ones
  up to ``stretch`` times ``time``, game/ai/pacing.py).

A bot has ``choose(state, seat, rng) -> action`` where ``state`` is already
``state.view(seat)``: the bot never sees what the seat may not know. The
search always runs on ``view.sample(seat, rng)`` (a view has no random
generator); when the view really hides something (``view.is_partial``) it
searches several such samples, full states consistent with the view, and
adds up the scores.

A search bot keeps its transposition table from one decision to the next
of the same seat in the same game (the app's worker keeps its bots), so a
position searched last move is known at once; a new game starts afresh.

A game whose evaluation.py brings ``decide(state, seat, rng, level)`` (Chess
Golf: its solver) decides by it at every search level (``level``: the
depth) instead of searching; ``decide`` returning None falls back to the
search.

``think_now(spec, state, seat)`` is the in-process shortcut (tests, scripts);
the app thinks in a worker process through ``game.ai.runner.BotRunner``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from game.ai.ismcts import IsmctsBot
from game.ai.pacing import banked, banked_budget
from game.ai.search import Limits, Result, Search
from game.ai.shallow import EasyBot, GreedyBot, settled
from game.ai.ties import preferred
from game.engine.deadline import Deadline, bounded

__all__ = ["Bot", "EasyBot", "GreedyBot", "RandomBot", "SearchBot", "make_bot", "think_now"]


class Bot(Protocol):
    spec: str

    def choose(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any: ...


class RandomBot:
    """Any legal action, uniformly."""

    spec = "random"

    def choose(self, state: Any, seat: int, rng: random.Random, should_stop=None) -> Any:
        actions = state.legal_actions(seat)
        if not actions:
            raise ValueError(f"seat {seat} has no legal action")
        return rng.choice(list(actions))


class SearchBot:
    """Alpha-beta with iterative deepening; see game/ai/search.py."""

    def __init__(
        self,
        depth: int = 3,
        time_limit: float = 1.5,
        time_cap: float = 10.0,
        node_limit: int = 500_000,
        samples: int = 4,
        spec: str | None = None,
        stretch: float = 1.0,
        clock: Callable[[], float] = time.perf_counter,
    ):
        self.limits = Limits(
            max_depth=max(1, int(depth)),
            time_limit=min(float(time_limit), float(time_cap)),
            time_cap=float(time_cap),
            node_limit=int(node_limit),
            stretch=max(1.0, float(stretch)),
        )
        self.clock = clock  # the searches' clock (a benchmark may give the CPU's)
        self.samples = max(1, int(samples))
        self.spec = spec or f"search:{depth}"
        self.last: Result | None = None  # the last search, for logs and benchmarks
        # Per seat: (game class, ply of the last decision, transposition table).
        self._tables: dict[int, tuple[type, int, dict]] = {}
        # Per seat: seconds the game's managed searches saved (game/ai/pacing.py).
        self._banks: dict[int, float] = {}

    @property
    def budget(self) -> float:
        """The seconds a decision may take on the wall clock, whatever the
        load: the time limit, or as far as a managed time may stretch it
        (``Limits.stretch``, within the cap). A node bound only ever stops
        it sooner."""
        limits = self.limits
        return min(limits.time_limit * getattr(limits, "stretch", 1.0), limits.time_cap)

    def table_for(self, state: Any, seat: int) -> dict | None:
        """The transposition table to search ``state`` with: the one kept
        from this seat's last decision when ``state`` is later in the same
        game (same game class, a later ply), else a fresh one (kept for the
        next decision). States without move counters get none (a fresh
        table per search). The search bounds its size."""
        ply = state.ply()
        if ply is None:
            return None
        kind = type(state.game)
        kept = self._tables.get(seat)
        if kept is not None and kept[0] is kind and kept[1] < ply:
            table = kept[2]
        else:
            table = {}  # a new game (or an earlier position): start afresh
            self._banks[seat] = 0.0
        self._tables[seat] = (kind, ply, table)
        return table

    def choose(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any:
        # The budget runs from here, on the wall clock: whatever comes before
        # the search (a new worker's first legal actions, a game's own
        # planner) is taken from the search's time.
        start = self.clock()
        # Only one action, the game's own decision (a planner, a solver:
        # within this decision's deadline, game/engine/deadline.py) or a secret duel.
        with bounded(Deadline(start + self.budget, self.clock, should_stop)):
            actions, chosen = settled(state, seat, rng, level=self.limits.max_depth)
        if chosen is not None:
            return chosen
        if not state.is_partial:
            full = state.sample(seat, rng)
            table = self.table_for(full, seat)
            limits = self.limits_left(start)
            if limits.stretch > 1:  # time managed: the game's savings move the budget
                limits = self._banked_limits(seat, table, start)
            search = Search(
                seat, limits, rng, should_stop=should_stop, table=table, clock=self.clock
            )
            self.last = search.run(full)
            if limits.stretch > 1:
                budget, spent = self.limits.time_limit, self.clock() - start
                self._banks[seat] = banked(self._banks.get(seat, 0.0), budget, spent)
            return self.last.action
        return self._choose_hidden(state, seat, rng, actions, should_stop, start)

    def _banked_limits(self, seat: int, table: dict | None, start: float) -> Limits:
        """A managed search's limits (``Limits.stretch`` above 1): the budget
        moved by a share of what the game's earlier decisions saved
        (game/ai/pacing.py), never past ``budget`` (stretch budgets within
        the cap), less the time spent since ``start``. A search with no
        table (no move counter) knows no game: no bank."""
        if table is None or seat not in self._banks:
            self._banks[seat] = 0.0
        spent = max(0.0, self.clock() - start)
        limits = self.limits
        return replace(
            limits,
            time_limit=max(0.0, banked_budget(limits.time_limit, self._banks[seat]) - spent),
            time_cap=max(0.0, self.budget - spent),
        )

    def limits_left(self, start: float) -> Limits:
        """The limits with the time spent since ``start`` taken off the time
        and its cap (the same limits when none was: a node bound is kept)."""
        spent = self.clock() - start
        if spent <= 0:
            return self.limits
        limits = self.limits
        return replace(
            limits,
            time_limit=max(0.0, limits.time_limit - spent),
            time_cap=max(0.0, limits.time_cap - spent),
        )

    def _choose_hidden(self, view, seat, rng, actions, should_stop, start: float) -> Any:
        """Search several determinisations, each with a share of the time
        from ``start``, and add up each action's score (by its text, since a
        sample's actions are its own objects)."""
        budget = self.limits.time_limit
        by_text = {str(a): a for a in actions}
        totals: dict[str, float] = dict.fromkeys(by_text, 0.0)
        nodes = 0
        depth = 0
        for i in range(self.samples):
            if should_stop is not None and should_stop():
                break
            deadline = start + budget * (i + 1) / self.samples
            search = Search(seat, self.limits, rng, should_stop=should_stop, clock=self.clock)
            try:
                result = search.run(view.sample(seat, rng), deadline=deadline)
            except ValueError:
                continue  # a sample where the seat cannot act: skip it
            nodes += result.nodes
            depth = max(depth, result.depth)
            for a, v in result.scores.items():
                text = str(a)
                if text in totals:
                    totals[text] += v
        best = max(totals.values())
        tied = preferred([by_text[t] for t, v in totals.items() if v >= best - 1e-6])
        choice = rng.choice(tied)
        self.last = Result(choice, best, depth, nodes, self.clock() - start, totals)
        return choice


# What a spec's numbers may be (a level read from a save is checked like the
# setup's own): seconds for time and cap, counts for the rest.
SPEC_RANGES: dict[str, tuple[float, float]] = {
    "time": (0.001, 600.0),
    "cap": (0.001, 600.0),
    "stretch": (1.0, 10.0),
    "depth": (1, 40),
    "nodes": (1, 10**9),
    "samples": (1, 10_000),
    "iterations": (1, 10**8),
    "look": (0, 100),
    "wander": (5, 100_000),
}


def _in_range(key: str, text: str, spec: str) -> float | int:
    """A spec's number, checked against its range (ValueError otherwise: no
    ``time=nan``, no depth of a million)."""
    low, high = SPEC_RANGES[key]
    value: float | int = float(text) if key in ("time", "cap", "stretch") else int(text)
    if not low <= value <= high:  # False for nan too
        raise ValueError(f"bot setting {key} must be {low} to {high}")
    return value


def make_bot(spec: str, **overrides: Any) -> Bot:
    """A bot from its spec text (see the module docstring). Keyword
    ``overrides`` (time_limit, time_cap, node_limit, samples, depth; clock,
    a fake one for tests) win over the spec."""
    parts = [p.strip() for p in spec.strip().split(":") if p.strip()]
    if not parts:
        raise ValueError("empty bot spec")
    kind = parts[0].lower()
    if kind == "random":
        return RandomBot()
    if kind == "easy":
        settings: dict[str, Any] = {}
        for part in parts[1:]:
            key, _, value = (t.strip().lower() for t in part.partition("="))
            if key not in ("look", "wander") or not value:
                raise ValueError(f"unknown bot setting {part!r} in {spec!r}")
            settings[key] = _in_range(key, value, spec)
        if "wander" in settings:  # hundredths of the evaluation's unit
            settings["temperature"] = settings.pop("wander") / 100
        return EasyBot(**settings)
    if kind == "greedy":
        return GreedyBot()
    if kind not in ("search", "ismcts"):
        raise ValueError(
            f"unknown bot {spec!r}: use 'random', 'easy', 'greedy', 'ismcts' or 'search:<depth>'"
        )
    kwargs: dict[str, Any] = {}
    names = {
        "time": "time_limit",
        "cap": "time_cap",
        "nodes": "node_limit",
        "samples": "samples",
        "stretch": "stretch",
    }
    if kind == "ismcts":
        names = {"time": "time_limit", "cap": "time_cap", "iterations": "iterations"}
    for part in parts[1:]:
        if "=" in part:
            key, _, value = part.partition("=")
            key = key.strip().lower()
            if key not in names:
                raise ValueError(f"unknown bot setting {key!r} in {spec!r}")
            kwargs[names[key]] = _in_range(key, value, spec)
        elif kind == "search":
            kwargs["depth"] = _in_range("depth", part, spec)
        else:
            raise ValueError(f"unknown bot setting {part!r} in {spec!r}")
    kwargs.update(overrides)
    if kind == "ismcts":
        kwargs.pop("node_limit", None)  # tests bound searches by nodes: here, iterations
        kwargs.pop("samples", None)
        kwargs.pop("depth", None)
        return IsmctsBot(spec=spec, **kwargs)
    return SearchBot(spec=spec, **kwargs)


def think_now(
    spec: str | Bot,
    state: Any,
    seat: int | None = None,
    rng: random.Random | None = None,
    **overrides: Any,
) -> Any:
    """Choose an action for ``seat`` (default: the first seat to act) in this
    process. ``state`` is the full state; the bot gets ``state.view(seat)``."""
    if seat is None:
        acting = state.to_act()
        if not acting:
            raise ValueError("the game is over")
        seat = acting[0]
    bot = make_bot(spec, **overrides) if isinstance(spec, str) else spec
    return bot.choose(state.view(seat), seat, rng or random.Random())
