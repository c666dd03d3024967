"""The analysis strip's words, without a window: the progress bar says it
is starting until the first position is judged (an outside reviewer saw
"0/N" for seconds), and a marked step's status names the loss and the
game's amounts for each mark."""

from __future__ import annotations

import pytest

from game.ui.play.analysis_view import progress_label

pytestmark = pytest.mark.fast  # cheap drawing logic (tests/conftest.py)


def test_the_progress_says_starting_until_the_first_position_is_judged():
    assert progress_label(0, 40).startswith("Starting…")
    assert "0/" not in progress_label(0, 40)
    assert progress_label(1, 40) == "Analysing… 1/40 positions"
    assert progress_label(40, 40) == "Analysing… 40/40 positions"
