"""The computer's levels as people choose them: Easy, Normal and Hard.

A level is a bot spec (``make_bot``'s text); a match keeps it in a seat's
player string ("computer:search:2"). A game where the generic spec plays
badly maps a level to its own spec with ``Game.bot_levels``
(``spec_for``). The setup form offers these levels, the play scene names
computer seats by them, and the Hint button asks the strongest.
"""

from __future__ import annotations

from typing import Any

# Weakest first: (the name people read, the spec).
LEVELS: tuple[tuple[str, str], ...] = (
    ("Easy", "easy"),
    ("Normal", "search:2"),
    ("Hard", "search:3"),
)
DEFAULT = "search:2"  # the level a new opponent gets
STRONGEST = LEVELS[-1][1]


def level_words(spec: str) -> str:
    """A computer seat as people read it: "Computer (Normal)" for a level,
    "Computer" for a spec that is no level people choose."""
    label = next((label for label, value in LEVELS if value == spec), None)
    return f"Computer ({label})" if label else "Computer"


def spec_for(game: Any, level: str) -> str:
    """The spec the computer plays a level with in ``game``: the game's own
    (``bot_levels``) where it sets one, else the level itself."""
    return game.bot_levels.get(level, level)
