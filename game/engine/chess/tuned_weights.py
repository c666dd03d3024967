"""Placeholder until texel_fit.py writes the fitted weights."""

from game.engine.chess.hand_weights import WEIGHTS  # noqa: F401
