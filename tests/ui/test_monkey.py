"""The GUI monkey (helpers/gui_monkey.py; scripts/drill_monkey.py runs it
long), short: a few thousand random clicks, drags, keys and resizes with a
fixed seed through the real app, in games of every kind, and not one
exception escapes a frame."""

from __future__ import annotations

import pytest
from helpers import gui_monkey

# One game of each kind: orthodox, a fairy board with a piece tray, cards,
# privacy screens, a choice made together, four seats.
GAMES = ["chess", "tulaga", "cooperative", "zombie", "two_move", "golf"]


@pytest.mark.slow  # the drill; every scene has its own tests in the fast tier
def test_a_short_monkey_run_meets_no_exception(tmp_path):
    report = gui_monkey.drill(GAMES, seed=16, events=3000, home=str(tmp_path))
    assert not report.faults, "\n\n".join(str(f) for f in report.faults)
    assert sum(t.events for t in report.tallies.values()) == 3000
    reached = {name.split("+")[0] for t in report.tallies.values() for name in t.scenes}
    assert {"MainMenu", "SetupScene", "PlayScene"} <= reached
    assert sum(t.moves for t in report.tallies.values()) > 0
