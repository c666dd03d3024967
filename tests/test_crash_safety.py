"""A crash in the middle of a write leaves the old save whole: every save is
written atomically (temp file in the same folder, flush, fsync, os.replace),
and the temp file a crash leaves behind is removed when the app starts.
The crash drill (scripts/drill_crash.py) kills the real app at random; a
short run of it is here too."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from helpers import crash_drill

from game import saves
from game.match import Match

ROOT = Path(__file__).resolve().parent.parent


def chess(steps: int) -> Match:
    """A chess game of ``steps`` moves (each the first legal one)."""
    m = Match("chess", seed=4, players=["human", "human"])
    for _ in range(steps):
        seat = m.to_act()[0]
        m.play({seat: m.state.legal_actions(seat)[0]})
    return m


def temps(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.endswith(".tmp"))


@pytest.mark.parametrize("step", ["half written", "written"])
def test_a_write_stopped_between_its_steps_keeps_the_old_file(monkeypatch, step):
    path = saves.save_named(chess(1), "kept")
    before = path.read_bytes()

    def stop(where, at):
        if at == step:
            raise KeyboardInterrupt  # as abrupt as Python allows inside the process

    monkeypatch.setattr(saves, "between_steps", stop)
    with pytest.raises(KeyboardInterrupt):
        saves.save_named(chess(3), "kept")
    assert path.read_bytes() == before
    assert temps(path.parent) == []
    assert saves.load(path).history == chess(1).history


CHILD = textwrap.dedent(
    """
    import sys, time
    from game import saves
    from game.match import Match

    m = Match("chess", seed=4, players=["human", "human"])
    for _ in range(3):
        seat = m.to_act()[0]
        m.play({seat: m.state.legal_actions(seat)[0]})

    def hold(path, step):
        if step == sys.argv[1]:
            print("holding", flush=True)
            time.sleep(60)

    saves.between_steps = hold
    saves.save_named(m, "kept")
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="no SIGKILL here")
@pytest.mark.parametrize("step", ["half written", "written"])
def test_a_process_killed_in_the_middle_of_a_write_leaves_the_old_save(step):
    """A real SIGKILL while the new text is half written, or written and
    synced but not yet renamed: the old save is whole, a temp file is left,
    and the next start removes it."""
    path = saves.save_named(chess(1), "kept")
    before = path.read_bytes()
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, step],
        cwd=ROOT,
        env=dict(os.environ),
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert child.stdout.readline().strip() == "holding"
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
    assert path.read_bytes() == before
    assert saves.load(path).history == chess(1).history
    (left,) = temps(path.parent)
    assert left.startswith(".kept.json.")
    assert saves.remove_stale_temps() == 1
    assert temps(path.parent) == [] and path.read_bytes() == before


def test_the_app_removes_stale_temp_files_when_it_starts(app):
    """(The ``app`` fixture made an App: it ran the clean-up at its start;
    here a second start meets what a crash left.)"""
    from game.app import App

    folder = saves.saves_dir()
    (folder / ".autosave.json.x1y2.tmp").write_text('{"format": 1, "ga')
    (saves.data_dir() / ".settings.json.abc.tmp").write_text("{")
    saves.save_named(chess(2), "mine")
    App(fullscreen=False)
    assert temps(folder) == [] and temps(saves.data_dir()) == []
    assert sorted(p.name for p in folder.iterdir()) == ["mine.json"]


# -- the crash drill ----------------------------------------------------------------------
# Slow: the app in a child process, killed ten times; the tests above are the fast check.
@pytest.mark.slow
@pytest.mark.skipif(not hasattr(os, "killpg"), reason="no SIGKILL or process groups here")
def test_the_crash_drill_loses_nothing_in_10_kills():
    """The real app in a child process, killed 10 times (some in the middle
    of an autosave write); each restart's Continue is checked."""
    started = time.perf_counter()
    f = crash_drill.Drill(10, seed=7, pause=0.03, exe=None, quiet=True, max_delay=3.0).run()
    assert f.failures == []
    assert f.kills == 10 and f.resumes >= 1
    assert f.lost == f.invented == f.corrupt == f.temps_left == 0
    assert f.steps_played > 0
    print(f"10 kills in {time.perf_counter() - started:.0f} s")  # shown with -s


def test_the_drill_report_is_read_line_by_line(tmp_path):
    """A line being written when the app was killed is not read half."""
    report = crash_drill.Report(tmp_path / "r.jsonl")
    report.path.write_text(json.dumps({"ev": "new"}) + "\n" + '{"ev": "pla')
    assert report.read() == [{"ev": "new"}]
    with open(report.path, "a") as fh:
        fh.write('yed", "n": 1}\n')
    assert report.read() == [{"ev": "played", "n": 1}]


def test_a_position_text_with_the_wrong_count_of_fields_is_refused_in_a_message_kept_whole():
    """Zombie given a Chess FEN listed its 14 fields' names and was cut
    ("... White's graves as seen, Blac…"): every chess-core game's refusal
    of a wrong count of fields fits a short message whole."""
    from game.engine.protocol import MESSAGE_MAX
    from game.games import load_all
    from game.match import Match

    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    for game_id in sorted(load_all()):
        try:
            Match(game_id, seed=1, start=fen + " x" * 9)
        except ValueError as e:
            assert len(str(e)) < MESSAGE_MAX and not str(e).endswith("…"), (game_id, str(e))
