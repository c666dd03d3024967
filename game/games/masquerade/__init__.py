"""Masquerade Chess."""

from game.games.masquerade import rules  # noqa: F401  (registers the game)
