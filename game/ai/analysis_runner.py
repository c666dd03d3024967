"""The analysis after a game (game/ai/analysis.py) in a worker process of
its own, so the window never freezes. Never imports pygame.

The worker gets the match as its save (``Match.to_dict``) and the viewer,
rebuilds it through the rules, and sends ``("progress", done, total)`` after
each position and ``("done", review)`` at the end (``("error", text)`` if
anything failed). Stopping ends the worker at once: an analysis keeps
nothing worth waiting for. Like the bots' worker (game/ai/runner.py) it is
a "spawn" process at a lower priority, so the window's frames come first.

    runner = AnalysisRunner(match, viewer=None)   # starts at once
    runner.poll()      # every frame: ("progress", done, total) / ("done", Review) / None
    runner.stop()      # the person pressed Stop, or left the scene
"""

from __future__ import annotations

import logging
import traceback
from typing import Any

from game.ai.runner import SPAWN, settle_worker

log = logging.getLogger(__name__)


def _worker_main(conn, save: dict, viewer: int | None, nodes: int | None) -> None:
    settle_worker()
    try:
        from game.ai.analysis import review
        from game.games import load_all
        from game.match import Match

        load_all()
        match = Match.from_dict(save)

        def progress(done: int, total: int) -> None:
            conn.send(("progress", done, total))

        conn.send(("done", review(match, viewer, progress, nodes)))
    except (EOFError, OSError, BrokenPipeError):
        return  # the window went away
    except Exception:
        try:
            conn.send(("error", traceback.format_exc()))
        except (OSError, BrokenPipeError):
            pass


class AnalysisRunner:
    """One analysis in its own worker process (see the module docstring)."""

    def __init__(self, match: Any, viewer: int | None = None, nodes: int | None = None):
        parent, child = SPAWN.Pipe(duplex=False)
        self._conn = parent
        self.done = 0
        self.total = len(match.records)
        self.result: Any = None
        self.error: str | None = None
        proc = SPAWN.Process(
            target=_worker_main,
            args=(child, match.to_dict(), viewer, nodes),
            name="analysis-worker",
            daemon=True,
        )
        proc.start()
        self._proc: Any = proc  # None once closed
        child.close()

    @property
    def running(self) -> bool:
        return self._proc is not None and self.result is None and self.error is None

    def poll(self) -> tuple | None:
        """The worker's latest news, without waiting (None: nothing new).
        Keeps ``done``/``total``, and ``result`` or ``error`` at the end."""
        if self._proc is None:
            return None
        news = None
        try:
            while self._conn.poll():
                news = self._conn.recv()
                if news[0] == "progress":
                    self.done, self.total = news[1], news[2]
                elif news[0] == "done":
                    self.result = news[1]
                    self._close()
                    return news
                else:
                    self.error = news[1]
                    log.error("the analysis failed: %s", news[1])
                    self._close()
                    return news
        except (EOFError, OSError):
            news = ("error", "the analysis stopped unexpectedly")
            self.error = news[1]
            self._close()
        else:
            if news is None and not self._proc.is_alive():
                news = ("error", "the analysis stopped unexpectedly")
                self.error = news[1]
                self._close()
        return news

    def stop(self) -> None:
        """End the worker now (nothing it did is kept)."""
        self._close()

    def _close(self) -> None:
        proc, self._proc = self._proc, None
        if proc is not None and proc.is_alive():
            proc.terminate()
            proc.join(timeout=1.0)
        try:
            self._conn.close()
        except OSError:
            pass
