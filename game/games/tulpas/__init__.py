"""Maces, Horse-apults and Tulpas."""

from game.games.tulpas import rules  # noqa: F401  (registers the game)
