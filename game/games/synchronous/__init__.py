"""Synchronous Chess."""

from game.games.synchronous import rules  # noqa: F401  (registers the game)
