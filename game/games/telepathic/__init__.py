"""Telepathic Chess."""

from game.games.telepathic import rules  # noqa: F401  (registers the game)
