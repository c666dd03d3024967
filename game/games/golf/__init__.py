"""Chess Golf."""

from game.games.golf import rules  # noqa: F401  (registers the game)
