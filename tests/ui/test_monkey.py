"""The GUI monkey (scripts/drill_monkey.py), short: a few thousand random
clicks, drags, keys and resizes with a fixed seed through the real app, in
games of every kind, and not one exception escapes a frame."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# One game of each kind: orthodox, a fairy board with a piece tray, cards,
# privacy screens, a choice made together, four seats.
GAMES = ["chess", "tulaga", "cooperative", "zombie", "two_move", "golf"]


def load_monkey():
    spec = importlib.util.spec_from_file_location(
        "drill_monkey", ROOT / "scripts" / "drill_monkey.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_a_short_monkey_run_meets_no_exception(tmp_path):
    monkey = load_monkey()
    report = monkey.drill(GAMES, seed=16, events=3000, home=str(tmp_path))
    assert not report.faults, "\n\n".join(str(f) for f in report.faults)
    assert sum(t.events for t in report.tallies.values()) == 3000
    reached = {name.split("+")[0] for t in report.tallies.values() for name in t.scenes}
    assert {"MainMenu", "SetupScene", "PlayScene"} <= reached
    assert sum(t.moves for t in report.tallies.values()) > 0
