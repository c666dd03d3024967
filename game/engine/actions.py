"""Small helpers for the games' action types."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def distinct(cls: type[T]) -> type[T]:
    """Make a NamedTuple action type equal only to values of its own type:
    a Place on e5 is not a RankStone on e5, a Teleport from b1 to f7 is not
    a Swap of the same squares (plain tuples of equal fields would be)."""

    def __eq__(self: Any, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self: Any, other: object) -> bool:
        return not __eq__(self, other)

    def __hash__(self: Any) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))

    cls.__eq__ = __eq__  # type: ignore[method-assign,assignment]
    cls.__ne__ = __ne__  # type: ignore[method-assign,assignment]
    cls.__hash__ = __hash__  # type: ignore[method-assign,assignment]
    return cls
