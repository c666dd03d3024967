"""Cooperative Chess."""

from game.games.cooperative import rules  # noqa: F401  (registers the game)
