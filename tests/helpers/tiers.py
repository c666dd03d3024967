"""The two test tiers: the README's command runs the fast one (pyproject.toml
deselects ``@pytest.mark.slow``); .ci/run runs both.

Sweeps over every game keep a sample of games in the fast tier and run the
others in the slow tier only: the sample's cases are the fast check of the
same property for the rest (a change to one game's rules is checked by its
own test folder in the fast tier, and by every sweep before it lands)."""

from __future__ import annotations

from collections.abc import Iterable

import pytest

# Games whose screens differ most, between them: start options with long
# labels (Chess960), four seats and three options (Golf), card widgets
# (Cooperative). Telepathic's four seats behind a privacy screen and the
# Tulpas duel panel have screen tests of their own in the fast tier
# (tests/ui/test_reveals.py, tests/games/<id>/).
UI_SAMPLE = ("chess960", "golf", "cooperative")


# Games whose rules differ most, between them: the chess core (Chess), the
# 10 x 10 board with throws and swings (Maces), hands and Mages (Mulligan
# Stew), stones and no pieces moving (Tulaga), turns of several parts and
# graves (Zombie), moves made together (Synchronous), a solitaire scored by
# strokes (Golf), four seats with secret cards (Telepathic), cards and two
# colours played by one person (Cooperative).
RULES_SAMPLE = (
    "chess",
    "maces",
    "mulligan_stew",
    "tulaga",
    "zombie",
    "synchronous",
    "golf",
    "telepathic",
    "cooperative",
)


def in_fast_tier(game_id: str, sample: Iterable[str] = RULES_SAMPLE) -> bool:
    """Whether a sweep's case for ``game_id`` runs in the fast tier: the
    sample's games and every made-up test game (toys and chess variants,
    whose ids start with ``test_`` or ``toy_``: cheap, and each checks a
    promise no real game makes)."""
    return game_id in tuple(sample) or game_id.startswith(("test_", "toy_"))


def tier(game_id: str, sample: Iterable[str] = RULES_SAMPLE) -> list:
    """The marks of a sweep's case for ``game_id``: none in the fast tier
    (see ``in_fast_tier``), else slow."""
    return [] if in_fast_tier(game_id, sample) else [pytest.mark.slow]


def sweep(game_ids: Iterable[str], sample: Iterable[str] = RULES_SAMPLE) -> list:
    """``game_ids`` as parameters: the sample in both tiers, the others only
    in the slow tier."""
    sample = tuple(sample)
    return [pytest.param(g, marks=tier(g, sample), id=g) for g in game_ids]


def ui_sweep(game_ids: Iterable[str]) -> list:
    """``game_ids`` as parameters: the UI_SAMPLE games in both tiers, the
    others only in the slow tier (the sample's cases are their fast check)."""
    return [
        pytest.param(g, marks=[] if g in UI_SAMPLE else [pytest.mark.slow], id=g) for g in game_ids
    ]
