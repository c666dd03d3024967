"""Maces and Horse-apults."""

from game.games.maces import rules  # noqa: F401  (registers the game)
