"""Crash drill: kill the real app with SIGKILL at random moments, restart
it, press Continue, and check that nothing was lost.

The app runs in a child process (``python -m game``, or the built one-file
executable with ``--exe PATH``) under SDL's dummy drivers, in a fresh data
folder, driven from inside by game/ui/drill.py (CHESS_VARIANTS_DRILL names
the report file): it plays games of every registered kind with computer
seats and scripted people, and appends each step played and each autosave
on disk to the report, unbuffered, before the next.

Each round starts the app (which presses Continue when there is a game to
continue) and kills its whole process group with SIGKILL: in a tenth of the
rounds early, while it starts; in about a third as soon as the autosave
thread is in the middle of a write (CHESS_VARIANTS_DRILL_PAUSE makes every
write pause between its steps, so the window is there to hit); else after a
random time with its game on screen. After each kill this
script loads the autosave itself and checks it: it loads (not corrupt), it is
the game last reported saved, with at least the steps reported saved (no
action lost) and only steps reported played (nothing invented). The next
round's Continue must resume exactly there, with no temp file left in the
saves folder. Prints the figures; exit code 1 on any failure.

Windows has no SIGKILL or process groups: the drill runs on Linux and macOS.
Run it long with scripts/drill_crash.py; tests/test_crash_safety.py runs ten kills.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]  # the checkout: the child runs python -m game here
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # the digest's module imports pygame

READY_TIMEOUT = 90.0  # seconds for the app to start and show its game
WRITE_TIMEOUT = 10.0  # seconds to wait for an autosave write to kill it in


@dataclass
class Figures:
    kills: int = 0
    in_write: int = 0  # kills while the autosave thread was between two steps of a write
    start_seconds: list[float] = field(default_factory=list)  # launch to game on screen
    before_ready: int = 0  # kills before the app had its game on screen
    steps_played: int = 0
    resumes: int = 0  # restarts whose Continue was checked
    lost: int = 0  # steps reported on disk that the autosave did not have
    invented: int = 0  # autosaves holding steps never reported played
    corrupt: int = 0  # autosaves that did not load
    renamed: int = 0  # autosaves whose moves read otherwise once replayed
    faults: int = 0  # unexpected exceptions the app met (its fault window; see its log)
    fault_lines: Counter = field(default_factory=Counter)  # their last traceback lines
    temps_after_kill: int = 0  # temp files a kill left (removed when the app starts)
    temps_left: int = 0  # temp files still there once the app had restarted
    games: Counter = field(default_factory=Counter)
    failures: list[str] = field(default_factory=list)


class Report:
    """The child's report file, read as it grows."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.offset = 0
        self.events: list[dict[str, Any]] = []

    def read(self) -> list[dict[str, Any]]:
        try:
            with open(self.path, "rb") as fh:
                fh.seek(self.offset)
                data = fh.read()
        except FileNotFoundError:
            return []
        end = data.rfind(b"\n") + 1  # whole lines only
        self.offset += end
        new = [json.loads(line) for line in data[:end].splitlines() if line.strip()]
        self.events += new
        return new


class Drill:
    def __init__(
        self,
        kills: int,
        seed: int,
        pause: float,
        exe: str | None,
        quiet: bool,
        max_delay: float = 4.0,
    ) -> None:
        self.kills = kills
        self.max_delay = max_delay
        self.rng = random.Random(seed)
        self.seed = seed
        self.pause = pause
        self.exe = exe
        self.quiet = quiet
        self.home = Path(tempfile.mkdtemp(prefix="drill-crash-"))
        self.report = Report(self.home / "report.jsonl")
        self.figures = Figures()
        self.played: dict[tuple, dict[int, str]] = {}  # game -> steps -> digest
        self.expected: tuple[tuple, int] | None = None  # (game, steps) last reported saved
        self.resume_at: tuple[tuple, int, str] | None = None  # where Continue must resume
        self.order: list[tuple] = []  # the games in the order they were begun or resumed

    # -- the child ------------------------------------------------------------------
    def start(self, round_no: int) -> subprocess.Popen:
        env = dict(os.environ)
        env.update(
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            PYGAME_HIDE_SUPPORT_PROMPT="1",
            CHESS_VARIANTS_HOME=str(self.home / "data"),
            CHESS_VARIANTS_DRILL=str(self.report.path),
            CHESS_VARIANTS_DRILL_SEED=str(self.seed * 100_000 + round_no),
            CHESS_VARIANTS_DRILL_PAUSE=str(self.pause),
        )
        command = [self.exe] if self.exe else [sys.executable, "-m", "game"]
        log = open(self.home / "child.log", "ab")
        try:
            return subprocess.Popen(
                command,
                cwd=str(ROOT) if not self.exe else str(self.home),
                env=env,
                stdout=log,
                stderr=subprocess.STDOUT,
                start_new_session=True,  # its own process group: the bots' workers too
            )
        finally:
            log.close()

    def kill(self, proc: subprocess.Popen) -> None:
        try:
            os.killpg(proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        proc.wait()

    def wait_for(self, proc: subprocess.Popen, kinds: set[str], timeout: float) -> dict | None:
        """Read the report until an event of ``kinds`` comes (returned), the
        child exits or ``timeout`` passes (None)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for event in self.report.read():
                self.take(event)
                if event["ev"] in kinds:
                    return event
            if proc.poll() is not None:
                return None
            time.sleep(0.003)
        return None

    # -- what the child says ----------------------------------------------------------
    def take(self, event: dict[str, Any]) -> None:
        ev = event["ev"]
        if ev in ("new", "resumed", "continued"):
            key = (event["game"], event["seed"])
            steps = self.played.setdefault(key, {})
            if ev != "continued":  # (a Continue after a fault is checked below)
                steps.setdefault(event["n"], event["digest"])
            if ev == "new":
                self.figures.games[event["game"]] += 1
                if event["n"] != 0:
                    self.fail(f"a new game begins with {event['n']} steps")
            elif ev == "resumed":
                self.check_resume(event)
            else:  # Continue after a fault, in the same run: a position it played
                if steps.get(event["n"]) != event["digest"]:
                    self.fail(f"Continue after a fault resumed {key} at a step never played")
                if self.expected is not None and self.expected[0] == key:
                    if event["n"] < self.expected[1]:
                        self.figures.lost += self.expected[1] - event["n"]
                        self.fail(f"Continue after a fault lost steps of {key}")
            self.figures.temps_left += len(event["temps"])
            if event["temps"]:
                self.fail(f"temp files left after a restart: {event['temps']}")
            self.current = key
            self.order.append(key)
        elif ev == "quit":
            self.fail("the app quit by itself: " + " | ".join(event["stack"])[-1500:])
        elif ev == "fault":
            self.figures.faults += 1
        elif ev == "played":
            self.played[self.current][event["n"]] = event["digest"]
            self.figures.steps_played += 1
        elif ev == "saved":
            known = self.played[self.current].get(event["n"])
            if known != event["digest"]:
                self.fail(f"saved step {event['n']} was never played")
            self.expected = (self.current, event["n"])

    def check_resume(self, event: dict[str, Any]) -> None:
        self.figures.resumes += 1
        got = ((event["game"], event["seed"]), event["n"], event["digest"])
        if self.resume_at is None:
            self.fail(f"Continue resumed {got} with no game saved")
        elif got != self.resume_at:
            self.fail(f"Continue resumed {got}, not {self.resume_at}")

    def fail(self, what: str) -> None:
        self.figures.failures.append(what)
        if not self.quiet:
            print(f"  FAIL: {what}", file=sys.stderr)

    # -- after a kill ---------------------------------------------------------------------
    def check_disk(self) -> None:
        """The autosave as the next start will find it."""
        from game import saves
        from game.ui.drill import digest

        folder = self.home / "data" / "saves"
        temps = [p for p in folder.glob(".*.tmp")] if folder.exists() else []
        self.figures.temps_after_kill += len(temps)
        path = folder / "autosave.json"
        if not path.exists():
            if self.expected is not None:
                self.fail("the autosave is gone")
                self.figures.lost += self.expected[1]
            self.resume_at = None
            return
        try:
            match = saves.load(path)
        except saves.SaveError as e:
            self.figures.corrupt += 1
            self.fail(f"the autosave does not load: {e.message}")
            self.resume_at = None
            return
        key, n = (match.game_id, match.seed), len(match.records)
        dig = digest(match.history)  # as Continue will show it: replayed through the rules
        written = saves.read_save_dict(path)["actions"]
        raw = digest(written)
        if raw != dig:  # the rules name a replayed move otherwise than when it was played
            self.figures.renamed += 1
            self.fail(f"replaying {key} names its moves otherwise: {written} -> {match.history}")
        if self.played.get(key, {}).get(n) != raw:
            self.figures.invented += 1
            self.fail(
                f"the autosave holds {n} steps of {key} never reported played "
                f"({written}; played: {sorted(self.played.get(key, {}).items())})"
            )
        if self.expected is not None:
            want_key, want_n = self.expected
            if key != want_key and not self.begun_after(key, want_key):
                self.figures.lost += want_n
                self.fail(f"the autosave is {key}, not the game saved last {want_key}")
            elif key == want_key and n < want_n:
                self.figures.lost += want_n - n
                self.fail(f"the autosave has {n} steps of the {want_n} reported saved")
        self.resume_at = (key, n, dig)
        self.expected = (key, n)  # what is on disk now is what the next round starts from

    def begun_after(self, key: tuple, earlier: tuple) -> bool:
        """Was game ``key`` begun after ``earlier`` was last begun or resumed?
        (Then its first step may land in the autosave before it is reported
        saved: the game moved on, nothing was lost.)"""
        if earlier not in self.order:
            return False
        last = len(self.order) - 1 - self.order[::-1].index(earlier)
        return key in self.order[last + 1 :]

    # -- the drill ----------------------------------------------------------------------------
    def round(self, round_no: int) -> None:
        """Start the app, kill it: early (while it starts or presses
        Continue) in a tenth of the rounds, as soon as an autosave write is
        under way in a third, else after a random time once its game is on
        screen. Then check the autosave."""
        mark = len(self.report.events)
        proc = self.start(round_no)
        launched = time.monotonic()
        mode = self.rng.random()
        try:
            if mode < 0.1:
                self.wait_for(proc, set(), self.rng.uniform(0.05, 2.0))
            else:
                ready = self.wait_for(proc, {"new", "resumed"}, READY_TIMEOUT)
                if ready is None:
                    self.fail(f"round {round_no}: the app never showed its game")
                else:
                    self.figures.start_seconds.append(time.monotonic() - launched)
                if ready is not None and mode < 0.45:  # in the first, second or third write
                    for _ in range(self.rng.randrange(1, 7)):  # (each write pauses twice)
                        if self.wait_for(proc, {"write"}, WRITE_TIMEOUT) is None:
                            break
                elif ready is not None:
                    self.wait_for(proc, set(), self.rng.uniform(0.0, self.max_delay))
            if proc.poll() is not None:
                self.fail(f"round {round_no}: the app exited by itself ({proc.returncode})")
        finally:
            self.kill(proc)
        self.figures.kills += 1
        for event in self.report.read():
            self.take(event)
        last = self.report.events[-1] if len(self.report.events) > mark else {}
        if last.get("ev") == "write":
            self.figures.in_write += 1
        if not any(e["ev"] in ("new", "resumed", "continued") for e in self.report.events[mark:]):
            self.figures.before_ready += 1
        self.check_disk()

    def read_faults(self) -> None:
        """The exceptions in the app's log file, by their last line."""
        log = self.home / "data" / "logs" / "chess-variants.log"
        if not log.exists():
            return
        lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
        for i, line in enumerate(lines):
            if "unexpected exception in" in line:
                end = next(
                    (j for j in range(i + 1, len(lines)) if lines[j][:4].isdigit()), len(lines)
                )
                self.figures.fault_lines[f"{line.split(': ', 1)[-1]}: {lines[end - 1]}"] += 1

    def run(self) -> Figures:
        data = self.home / "data"
        data.mkdir()
        # No animations: more steps between kills (the drill is about saving).
        (data / "settings.json").write_text('{"animation_speed": 0, "sound": false}\n')
        try:
            for i in range(self.kills):
                self.round(i)
                if not self.quiet and (i + 1) % 10 == 0:
                    print(f"  {i + 1} kills", file=sys.stderr)
            # A last start: Continue must resume where the last kill left it.
            proc = self.start(self.kills)
            try:
                if self.wait_for(proc, {"new", "resumed"}, READY_TIMEOUT) is None:
                    self.fail("the last restart never showed its game")
            finally:
                self.kill(proc)
            self.read_faults()
            return self.figures
        finally:
            if self.figures.failures and not self.quiet:
                for name in ("child.log", "data/logs/chess-variants.log"):
                    path = self.home / name
                    tail = path.read_text(errors="replace")[-3000:] if path.exists() else ""
                    print(f"{name} (its end):\n{tail}", file=sys.stderr)
            shutil.rmtree(self.home, ignore_errors=True)


def print_figures(f: Figures, seconds: float) -> None:
    print(f"crash drill: {f.kills} kills with SIGKILL in {seconds:.0f} s")
    print(f"  in the middle of an autosave write: {f.in_write}")
    if f.start_seconds:
        mean = sum(f.start_seconds) / len(f.start_seconds)
        print(
            f"  launch to game on screen (Continue pressed): mean {mean:.1f} s, "
            f"slowest {max(f.start_seconds):.1f} s"
        )
    print(f"  before the app had its game on screen: {f.before_ready}")
    print(
        f"  steps played: {f.steps_played}; games begun: {sum(f.games.values())} "
        f"of {len(f.games)} kinds"
    )
    print(f"  restarts resumed by Continue and checked: {f.resumes}")
    print(f"  actions lost: {f.lost}")
    print(f"  steps in an autosave never played: {f.invented}")
    print(f"  corrupt autosaves: {f.corrupt}")
    print(f"  autosaves whose moves read otherwise once replayed: {f.renamed}")
    print(f"  unexpected exceptions in the app (fault window, then Continue): {f.faults}")
    for line, n in f.fault_lines.most_common(10):
        print(f"    {n} x {line[:300]}")
    print(
        f"  temp files left by kills: {f.temps_after_kill}; still there after a restart: "
        f"{f.temps_left}"
    )
    print(f"  failures: {len(f.failures)}")
    for what in f.failures[:20]:
        print(f"    {what}")
