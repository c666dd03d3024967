"""The analysis strip's words, without a window: the progress bar says it
is starting until the first position is judged (an outside reviewer saw
"0/N" for seconds), and a marked step's status names the loss and the
game's amounts for each mark."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from game.ai.analysis import MATE_ZONE, Review, StepReview, eval_text
from game.ui.play.analysis_view import AnalysisView, progress_label

pytestmark = pytest.mark.fast  # cheap drawing logic (tests/conftest.py)


def test_the_progress_says_starting_until_the_first_position_is_judged():
    assert progress_label(0, 40).startswith("Starting…")
    assert "0/" not in progress_label(0, 40)
    assert progress_label(1, 40) == "Analysing… 1/40 positions"
    assert progress_label(40, 40) == "Analysing… 40/40 positions"


@pytest.mark.parametrize("value", [None, 0.0, 0.35, -1.5, MATE_ZONE + 1, -MATE_ZONE - 1])
def test_an_evaluation_never_reads_as_a_mark(value):
    """Before a forced step the status read "Eval ?": "?" is the mistake's
    mark. No evaluation shown, none at all included, holds a mark's sign;
    an unjudged step's status reads "Eval –", with no mark."""
    shown = eval_text(value)
    assert not any(sign in shown for sign in ("?", "!"))
    view = AnalysisView(SimpleNamespace(looking_at=1))
    view.review = Review("chess", "White", "pawns", 1, True, None)
    view.review.steps = [StepReview(0, "e4", value, (), "only move")]
    assert view.words() == f"Eval {shown}"
    assert value is not None or view.words() == "Eval –"
