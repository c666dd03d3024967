"""The two test tiers: the README's command runs the fast one (pyproject.toml
deselects ``@pytest.mark.slow``); .ci/run runs both.

Sweeps over every game's screens keep a sample of games in the fast tier
and run the others in the slow tier only."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

# Games whose screens differ most, between them: start options with long
# labels (Chess960), four seats and three options (Golf), four seats behind a
# privacy screen (Telepathic), card widgets (Cooperative), a duel panel (Tulpas).
UI_SAMPLE = ("chess960", "golf", "telepathic", "cooperative", "tulpas")


def ui_sweep(game_ids: Iterable[str]) -> list:
    """``game_ids`` as parameters: the UI_SAMPLE games in both tiers, the
    others only in the slow tier (the sample's cases are their fast check)."""
    return [
        pytest.param(g, marks=[] if g in UI_SAMPLE else [pytest.mark.slow], id=g) for g in game_ids
    ]
