"""Mulligan Stew Chess."""

from game.games.mulligan_stew import rules  # noqa: F401  (registers the game)
