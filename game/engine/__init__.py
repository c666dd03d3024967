"""The rules machinery. Pure Python; never imports pygame."""

from game.engine.protocol import (
    Action,
    Event,
    Game,
    IllegalAction,
    Option,
    PositionError,
    Result,
    Rounds,
    Seat,
    State,
)

__all__ = [
    "Action",
    "Event",
    "Game",
    "IllegalAction",
    "Option",
    "PositionError",
    "Result",
    "Rounds",
    "Seat",
    "State",
]
