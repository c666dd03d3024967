"""Chess960."""

from game.games.chess960 import rules  # noqa: F401  (registers the game)
