"""The computer seats of a match: each thinks in its own worker process
(game/ai/runner.py), started when its decision comes and polled every frame,
so the window keeps drawing while a bot thinks."""

from __future__ import annotations

import logging
from typing import Any

log = logging.getLogger(__name__)


class BotDriver:
    def __init__(self, match: Any) -> None:
        self.match = match
        self.runners: dict[int, Any] = {}
        self._thinking: dict[int, int] = {}  # seat -> history length the think is for

    @property
    def thinking(self) -> bool:
        return bool(self._thinking)

    def is_thinking(self, seat: int) -> bool:
        return seat in self._thinking

    def _runner(self, seat: int) -> Any:
        runner = self.runners.get(seat)
        if runner is None:
            from game.ai.runner import BotRunner

            level = self.match.computer_level(seat) or "random"
            runner = self.runners[seat] = BotRunner(level)
        return runner

    def poll(self, hold: bool = False) -> tuple[int, Any] | None:
        """Start thinks for computer seats whose decision has come; return
        (seat, action) for one that has finished (None if none has, or while
        ``hold``: the last move is still landing)."""
        m = self.match
        if m.is_over():
            return None
        ply = len(m.records)
        for seat in m.waiting_for():
            if m.is_human(seat):
                continue
            if self._thinking.get(seat) != ply:
                self._runner(seat).start(m, seat)
                self._thinking[seat] = ply
                continue
            if hold:
                continue
            action = self._runner(seat).poll()
            if action is not None:
                del self._thinking[seat]
                return seat, action
        return None

    def cancel(self) -> None:
        for runner in self.runners.values():
            runner.cancel()
        self._thinking.clear()

    def close(self) -> None:
        for runner in self.runners.values():
            try:
                runner.close()
            except Exception:
                log.exception("closing a bot failed")
        self.runners.clear()
        self._thinking.clear()
