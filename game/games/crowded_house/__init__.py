"""Crowded House: four players, two teams, each player on half the board."""

from game.games.crowded_house import rules  # noqa: F401  (registers the game)
