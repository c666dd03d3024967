"""Half Alice Chess."""

from game.games.half_alice import rules  # noqa: F401  (registers the game)
