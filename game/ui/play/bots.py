"""The computer seats of a match: each thinks in its own worker process
(game/ai/runner.py), started when its decision comes and polled every frame,
so the window keeps drawing while a bot thinks. Hints for people think the
same way, in a worker of their own, handed only the person's own view."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


class BotDriver:
    def __init__(self, match: Any) -> None:
        self.match = match
        self.runners: dict[int, Any] = {}
        self._thinking: dict[int, int] = {}  # seat -> history length the think is for
        self.hint_runner: Any = None  # the hints' own worker, made at the first hint

    @property
    def thinking(self) -> bool:
        return bool(self._thinking)

    def is_thinking(self, seat: int) -> bool:
        return seat in self._thinking

    def starting(self) -> bool:
        """Is a computer seat to decide waiting for its worker to start (a
        new process warms up for its game: up to a second or two, once)?"""
        return any(not self._runner(seat).ready() for seat in self._thinking)

    def _runner(self, seat: int) -> Any:
        runner = self.runners.get(seat)
        if runner is None:
            from game.ai.levels import spec_for
            from game.ai.runner import BotRunner

            level = self.match.computer_level(seat) or "random"
            spec = spec_for(self.match.game, level)
            runner = self.runners[seat] = BotRunner(spec, game=self.match.game.id)
        return runner

    def poll(self, hold: bool = False) -> tuple[int, Any] | None:
        """Start thinks for computer seats whose decision has come; return
        (seat, action) for one that has finished (None if none has, or while
        ``hold``: the last move is still landing; on a clock, which then
        stands, a think starts only once it has landed)."""
        m = self.match
        if m.is_over():
            return None
        ply = len(m.records)
        for seat in m.waiting_for():
            if m.is_human(seat):
                continue
            if self._thinking.get(seat) != ply:
                if hold and m.clock is not None:
                    # The clock waits while the last move lands: so does the think.
                    continue
                # On a clock the computer keeps time for the moves to come.
                limit = None if m.clock is None else m.clock.think_limit(seat)
                self._runner(seat).start(m, seat, limit=limit)
                self._thinking[seat] = ply
                continue
            if hold:
                continue
            action = self._runner(seat).poll()
            if action is not None:
                del self._thinking[seat]
                return seat, action
        return None

    # -- hints ------------------------------------------------------------------------
    def start_hint(self, seat: int, spec: str, seed: int | None = None) -> None:
        """Ask the bot ``spec`` for a good action for ``seat`` (a person),
        from that seat's own view: the worker never sees the full state, so
        a hint gives nothing away that the person may not know."""
        from game.ai.runner import BotRunner

        if self.hint_runner is not None and self.hint_runner.spec != spec:
            self.hint_runner.close()
            self.hint_runner = None
        if self.hint_runner is None:
            self.hint_runner = BotRunner(spec, game=self.match.game.id)
        self.hint_runner.start_view(self.match.state.view(seat), seat, seed)

    @property
    def hinting(self) -> bool:
        """Is a hint being thought about?"""
        return self.hint_runner is not None and self.hint_runner.busy

    def poll_hint(self) -> Any | None:
        """The hinted action once found, else None (never blocks)."""
        return self.hint_runner.poll() if self.hint_runner is not None else None

    def cancel_hint(self) -> None:
        if self.hint_runner is not None:
            self.hint_runner.cancel()

    # -- stopping -----------------------------------------------------------------------
    def cancel(self) -> None:
        """Forget every think: the computer seats' and the hint's."""
        for runner in self.runners.values():
            runner.cancel()
        self._thinking.clear()
        self.cancel_hint()

    def close(self) -> None:
        runners = list(self.runners.values())
        if self.hint_runner is not None:
            runners.append(self.hint_runner)
        for runner in runners:
            try:
                runner.close()
            except Exception:
                log.exception("closing a bot failed")
        self.runners.clear()
        self.hint_runner = None
        self._thinking.clear()
