"""Two Move Chess."""

from game.games.two_move import rules  # noqa: F401  (registers the game)
