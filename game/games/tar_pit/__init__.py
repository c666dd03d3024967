"""Tar Pit Chess."""

from game.games.tar_pit import rules  # noqa: F401  (registers the game)
