"""The chess core: orthodox chess on bitboards with hooks for variants (see
state.py for the hooks). Headless; never imports pygame."""

from game.engine.chess.state import ChessState, extras_text, read_extras
from game.engine.chess.tables import (
    BLACK,
    GEO,
    KIND_INDEX,
    KIND_NAMES,
    STANDARD_FEN,
    WHITE,
    Move,
)

__all__ = [
    "BLACK",
    "GEO",
    "KIND_INDEX",
    "KIND_NAMES",
    "STANDARD_FEN",
    "WHITE",
    "ChessState",
    "Move",
    "extras_text",
    "read_extras",
]
