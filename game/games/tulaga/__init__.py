"""Tulaga."""

from game.games.tulaga import rules  # noqa: F401  (registers the game)
