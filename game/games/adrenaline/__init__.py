"""Adrenaline Chess."""

from game.games.adrenaline import rules  # noqa: F401  (registers the game)
