"""Move numbers as a match keeps them, for tests that read like the move
list: play steps in notation from a position and get each step's number."""

from __future__ import annotations

from typing import Any

from game.engine import State
from game.match import Match


def numbered(start: State | Match, *steps: Any) -> list[int | None]:
    """Play ``steps`` on a match (or one begun at the position ``start``)
    and return every step's move number as the rules counted it. A step is
    the acting seat's notation, ``{seat: text}`` for several seats at once,
    or ``{"resign": seat}``."""
    match = start if isinstance(start, Match) else Match(start.game.id, start=start.to_text())
    for step in steps:
        if isinstance(step, str):
            step = {match.to_act()[0]: step}
        if "resign" in step:
            match.resign(step["resign"])
            continue
        match.play({seat: match.state.parse_action(text, seat) for seat, text in step.items()})
    return match.round_numbers()
