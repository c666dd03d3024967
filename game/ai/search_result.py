"""What a search is given and what it returns: ``Limits`` and ``Result``
(game/ai/search.py), and the exception that cuts a search short."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class Abort(Exception):
    """Raised inside a search when its time, nodes or stop request run out."""


OutOfNodes = Abort  # what ``Search.action_value`` raises when the node budget is spent


@dataclass
class Limits:
    """How long a search may run. ``time_limit`` is clamped to ``time_cap``."""

    max_depth: int = 3
    time_limit: float = 1.5
    time_cap: float = 10.0
    node_limit: int = 500_000
    quiescence: bool = True
    # Above 1, the time is managed (game/ai/pacing.py): a clear move takes
    # less than ``time_limit``, an unclear one up to this many times it
    # (within ``time_cap``), the mean staying near it. 1 is the fixed budget
    # (a new depth while time is left), as node- and depth-bounded levels want.
    stretch: float = 1.0


@dataclass
class Result:
    action: Any
    score: float
    depth: int  # last completed depth (0 if none)
    nodes: int
    seconds: float
    scores: dict  # action -> score at the last completed depth (ties exact)
