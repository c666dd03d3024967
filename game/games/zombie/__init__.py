"""Zombie Chess."""

from game.games.zombie import rules  # noqa: F401  (registers the game)
