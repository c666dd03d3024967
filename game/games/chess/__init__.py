"""Orthodox chess."""

from game.games.chess import rules  # noqa: F401  (registers the game)
