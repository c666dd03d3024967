"""Which of the actions a search scored equal the computer plays.

A search picks at random among its best actions, so its play varies; but
a pawn promoting to a rook, bishop or knight where the queen scores as
well looks like a blunder to a person (and the hint would teach it). So
where a queen promotion ties with an underpromotion of the same move, the
queen's stays and its siblings go: an underpromotion is played only where
it scores strictly better (a knight's mating check, avoiding stalemate).

Every game's promotions declare the kind as ``promotion`` (the chess core's
``Move``, Maces' moves and throws, Mulligan Stew's ``Promote`` and Zombie's
``RisePromote``); tests/ai/test_promotion_ties.py checks each game's.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable, Sequence
from typing import Any

QUEEN = "queen"


def promotion_of(action: Any) -> str | None:
    """The kind ``action`` promotes a piece to; None for no promotion."""
    kind = getattr(action, "promotion", None)
    return kind if isinstance(kind, str) else None


def _same_move(action: Any, kind: str) -> Hashable:
    """The action but for the kind it promotes to: its type and its other
    fields (a NamedTuple's or a dataclass's)."""
    if hasattr(action, "_fields"):
        names = action._fields
    elif dataclasses.is_dataclass(action):
        names = [f.name for f in dataclasses.fields(action)]
    else:
        return (type(action), str(action))  # no fields to compare: no siblings
    values = tuple(getattr(action, n) for n in names)
    return (type(action), tuple(v for v in values if v != kind))


def preferred(tied: Sequence[Any]) -> list[Any]:
    """``tied`` (actions scored equal) without the underpromotions whose
    queen promotion is among them."""
    queens = {_same_move(a, QUEEN) for a in tied if promotion_of(a) == QUEEN}
    if not queens:
        return list(tied)
    kept = []
    for action in tied:
        kind = promotion_of(action)
        if kind is None or kind == QUEEN or _same_move(action, kind) not in queens:
            kept.append(action)
    return kept
