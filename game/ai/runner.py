"""Bots think in a worker process, so the UI's frame loop never stutters.

A CPU-bound search in a thread would hold the GIL and starve the frame loop;
a separate process does not. Each ``BotRunner`` keeps one long-lived worker
(multiprocessing "spawn" context: the same on every OS and inside the
PyInstaller executable, whose entry point calls ``freeze_support()``), so a
move costs no process start-up.

What the worker gets: the pickled ``state.view(seat)``, the bot spec, the seat,
an RNG seed and at most how many seconds to think (a game clock's share,
game/clock.py ``think_limit``: the bot answers its best so far then).
Pickling the state is the robust choice: it keeps what a FEN would lose
(repetition history, a multi-part turn half done, hidden parts already
blanked by ``view``) and needs no replay. If a state cannot be
pickled, ``start`` falls back to ``match.to_dict()`` (game id, options, seed,
actions in notation) and the worker rebuilds the match with
``game.match.Match.from_dict`` and takes ``state.view(seat)`` there.

What comes back: first, once a new worker has warmed up, a "ready" message
(``ready()``: a game clock stands until then); then for each job the
action's text (``str(action)``) and the pickled action.
The main process uses the action if it is legal in the state it handed over,
else parses the text with ``state.parse_action(text, seat)``.

Usage from a frame loop::

    runner = BotRunner("search:3")
    runner.start(match, seat)        # returns at once (limit=seconds: a clock's share)
    ...
    action = runner.poll()           # None while thinking
    if action is not None:
        match.play(action)           # or however the scene applies it
    runner.start_view(view, seat)    # or from a view the caller made (hints)
    runner.cancel()                  # after undo, leaving the scene...
    runner.close()                   # when done with the bot

Cancelling is cooperative and quick: the worker's search checks a shared job
number every few hundred nodes and stops when it is no longer the wanted job;
a late answer to a cancelled job is discarded. A worker that dies is restarted
and the job handed over again once; if that fails too, ``poll`` answers a
random legal action and ``last_error`` says why, so a game never hangs.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import pickle
import random
import time
import traceback
from typing import Any

log = logging.getLogger(__name__)

# Worker processes start afresh (no forked copy of the window): the bots' and the analysis's.
SPAWN = multiprocessing.get_context("spawn")


class BotError(RuntimeError):
    pass


# -- the worker process -------------------------------------------------------------
def settle_worker() -> None:
    """First thing in a worker process (the bots' and the analysis's): Ctrl-C
    is the app's business, and on a machine with few cores the window's
    frames matter more than the worker's speed, so the scheduler prefers the
    UI process."""
    import signal

    try:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # pragma: no cover - not on the main thread
        pass
    if hasattr(os, "nice"):
        try:
            os.nice(5)
        except OSError:  # pragma: no cover - not allowed here
            pass


def warm_up(game_id: str) -> None:
    """Make ready for ``game_id``'s decisions what the first one would make
    inside its time budget: the rules' tables (``Game.warm_up``) and the
    game's evaluation module. A fresh Maces worker spent 0.1 CPU s of its
    first search building line tables (seconds of wall time on a loaded
    machine)."""
    import importlib

    from game.games import REGISTRY, game_part

    importlib.import_module(f"game.games.{game_id}")
    game = REGISTRY[game_id]
    game.warm_up()
    game_part(game, "evaluation")


def _worker_main(conn, wanted, game_id: str | None = None) -> None:
    """Loop: receive a job, think, send the answer. ``wanted.value`` is the
    job number the main process still wants (0: none). With ``game_id``,
    warm up for that game first, before any job's clock runs."""
    settle_worker()
    if game_id is not None:
        try:
            warm_up(game_id)
        except Exception:  # the first decision builds what it needs, as without
            log.exception("warming up for %s failed", game_id)
    from game.ai import make_bot

    # Its first words: ready to think (the game clock stands until then).
    conn.send((0, "ready", None, None, None))
    bots: dict[str, Any] = {}
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        job_id, spec, kind, payload, seat, seed, limit = job
        # A time limit stops the search like a cancel, but its answer is wanted.
        ends = None if limit is None else time.perf_counter() + limit
        if wanted.value != job_id:
            conn.send((job_id, "cancelled", None, None, None))
            continue
        try:
            state = _rebuild(kind, payload, seat)
            bot = bots.get(spec)
            if bot is None:
                bot = bots[spec] = make_bot(spec)
            rng = random.Random(seed)

            def stop(job_id=job_id, ends=ends):
                return wanted.value != job_id or (ends is not None and time.perf_counter() > ends)

            action = bot.choose(state, seat, rng, should_stop=stop)
            last = getattr(bot, "last", None)
            info = None
            if last is not None:
                info = {"depth": last.depth, "nodes": last.nodes, "seconds": last.seconds}
            try:
                blob = pickle.dumps(action)
            except Exception:
                blob = None
            conn.send((job_id, "ok", str(action), blob, info))
        except Exception:
            conn.send((job_id, "error", traceback.format_exc(), None, None))


def _rebuild(kind: str, payload: Any, seat: int) -> Any:
    if kind == "state":
        return pickle.loads(payload)
    if kind == "match":
        from game.games import load_all
        from game.match import Match

        load_all()
        return Match.from_dict(payload).state.view(seat)
    raise BotError(f"unknown job kind {kind!r}")


# -- the main-process side --------------------------------------------------------------
class BotRunner:
    """One bot with its own worker process. See the module docstring."""

    def __init__(self, spec: str, *, start: bool = True, game: str | None = None):
        """``game``: the id of the game the bot will play, for its worker to
        warm up for as it starts (``warm_up``)."""
        from game.ai import make_bot

        make_bot(spec)  # a bad spec fails here, not in the worker
        self.spec = spec
        self.game = game
        self._wanted = SPAWN.Value("q", 0, lock=False)
        self._proc: Any = None  # the worker process and our end of its pipe
        self._conn: Any = None
        self._next_id = 0
        self._job: tuple | None = None  # the job message being thought about
        self._state: Any = None  # the full state handed over
        self._seat: int | None = None
        self._retried = False
        self._ready = False  # the worker has said it is ready to think
        self.last_error: str | None = None
        self.last_info: dict | None = None  # depth, nodes, seconds of the last think
        self.think_seconds: float | None = None  # wall time, start to answer
        self._started_at = 0.0
        if start:
            self._ensure_worker()

    # -- worker lifetime -------------------------------------------------------
    def _ensure_worker(self) -> None:
        if self._proc is not None and self._proc.is_alive():
            return
        self._stop_worker()
        parent, child = SPAWN.Pipe()
        proc = SPAWN.Process(
            target=_worker_main,
            args=(child, self._wanted, self.game),
            name="bot-worker",
            daemon=True,
        )
        proc.start()
        child.close()
        self._proc, self._conn = proc, parent
        self._ready = False

    def _stop_worker(self) -> None:
        proc, conn = self._proc, self._conn
        self._proc = self._conn = None
        if conn is not None:
            try:
                conn.send(None)
            except (OSError, ValueError, BrokenPipeError):
                pass
        if proc is not None:
            proc.join(timeout=1.0)
            if proc.is_alive():
                proc.terminate()
                proc.join(timeout=1.0)
        if conn is not None:
            conn.close()

    # -- the API ------------------------------------------------------------------
    def ready(self) -> bool:
        """Has the worker started and warmed up (its first message)? A
        game clock stands until then: starting a process is not thinking.
        Never blocks."""
        try:
            if not self._ready and self._conn is not None and self._conn.poll():
                self._take(self._conn.recv())
        except (EOFError, OSError):
            pass
        return self._ready

    def _take(self, message: tuple) -> tuple | None:
        """A message from the worker: the "ready" one is noted here; an
        answer is returned."""
        if message[1] == "ready":
            self._ready = True
            return None
        return message

    @property
    def busy(self) -> bool:
        """True from ``start`` until ``poll`` has returned the action (or
        ``cancel``)."""
        return self._job is not None

    def start(
        self, match: Any, seat: int, seed: int | None = None, limit: float | None = None
    ) -> None:
        """Begin thinking for ``seat`` in ``match`` (a ``Match`` or a bare
        ``State``), for at most ``limit`` seconds of wall clock (None: the
        bot's own budget). Returns at once; any think in progress is
        cancelled."""
        self.cancel()
        state = getattr(match, "state", match)
        if seat not in state.to_act():
            raise ValueError(f"seat {seat} is not to act")
        view = state.view(seat)
        try:
            kind, payload = "state", pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception:
            to_dict = getattr(match, "to_dict", None)
            if to_dict is None:
                raise
            kind, payload = "match", to_dict()
        self._begin(kind, payload, state, seat, seed, limit)

    def start_view(self, view: Any, seat: int, seed: int | None = None) -> None:
        """Begin thinking for ``seat`` from ``view``, a ``state.view(seat)``
        the caller made (a hint: the runner never holds the full state). The
        worker gets exactly that view; the answer is checked against its
        legal actions (a view of the seat to act has them). Returns at once;
        any think in progress is cancelled."""
        self.cancel()
        if seat not in view.to_act():
            raise ValueError(f"seat {seat} is not to act")
        payload = pickle.dumps(view, protocol=pickle.HIGHEST_PROTOCOL)
        self._begin("state", payload, view, seat, seed)

    def _begin(
        self,
        kind: str,
        payload: Any,
        state: Any,
        seat: int,
        seed: int | None,
        limit: float | None = None,
    ) -> None:
        self._next_id += 1
        if seed is None:
            seed = random.getrandbits(63)
        self._job = (self._next_id, self.spec, kind, payload, seat, seed, limit)
        self._state, self._seat = state, seat
        self._retried = False
        self.last_error = None
        self.think_seconds = None
        self._started_at = time.perf_counter()
        self._send()

    def _send(self) -> None:
        self._ensure_worker()
        job = self._job
        assert job is not None  # _send follows a request
        self._wanted.value = job[0]
        try:
            self._conn.send(job)
        except (OSError, ValueError):
            pass  # the worker is gone; poll() notices and restarts it

    def poll(self) -> Any | None:
        """The chosen action once the think is over, else None. Never blocks."""
        if self._job is None:
            return None
        job_id = self._job[0]
        try:
            while self._conn is not None and self._conn.poll():
                message = self._take(self._conn.recv())
                if message is None:
                    continue
                answer_id, status, text, blob, info = message
                if answer_id != job_id:
                    continue  # a cancelled think finishing late
                if status == "ok":
                    self.last_info = info
                    return self._finish(self._decode(text, blob))
                if status == "error":
                    log.error("bot %s failed:\n%s", self.spec, text)
                    self.last_error = text
                    return self._finish(self._fallback())
                # "cancelled": it was not wanted when it arrived; ask again
                self._send()
                return None
        except (EOFError, OSError):
            pass
        if self._proc is None or not self._proc.is_alive():
            return self._worker_died()
        return None

    def cancel(self) -> None:
        """Forget the current think; the worker stops it within milliseconds."""
        self._wanted.value = 0
        self._job = None
        self._state = None

    def close(self) -> None:
        """Stop the worker. The runner starts a new one if used again."""
        self.cancel()
        self._stop_worker()

    def __enter__(self) -> BotRunner:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:
            pass

    # -- helpers -----------------------------------------------------------------
    def _finish(self, action: Any) -> Any:
        self.think_seconds = time.perf_counter() - self._started_at
        self._job = None
        self._state = None
        return action

    def _decode(self, text: str, blob: bytes | None) -> Any:
        state, seat = self._state, self._seat
        if blob is not None:
            try:
                action = pickle.loads(blob)
                if action in state.legal_actions(seat):
                    return action
            except Exception:
                pass
        return state.parse_action(text, seat)

    def _worker_died(self) -> Any | None:
        if not self._retried:
            self._retried = True
            log.warning("bot worker died; restarting it")
            self._stop_worker()
            self._send()
            return None
        self.last_error = "the bot's worker process died twice"
        log.error("bot %s: %s", self.spec, self.last_error)
        return self._finish(self._fallback())

    def _fallback(self) -> Any:
        return random.choice(list(self._state.legal_actions(self._seat)))
