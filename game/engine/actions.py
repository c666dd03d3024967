"""Small helpers for the games' action types."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


def distinct(cls: type[T]) -> type[T]:
    """Make a NamedTuple action type equal only to values of its own type:
    a Place on e5 is not a RankStone on e5, a Teleport from b1 to f7 is not
    a Swap of the same squares (plain tuples of equal fields would be)."""

    def __eq__(self: Any, other: object) -> bool:
        return type(self) is type(other) and tuple.__eq__(self, other)  # type: ignore[operator]

    def __ne__(self: Any, other: object) -> bool:
        return not __eq__(self, other)

    def __hash__(self: Any) -> int:
        return hash((type(self).__name__, tuple.__hash__(self)))

    cls.__eq__ = __eq__  # type: ignore[method-assign,assignment]
    cls.__ne__ = __ne__  # type: ignore[method-assign,assignment]
    cls.__hash__ = __hash__  # type: ignore[method-assign,assignment]
    return cls


def off_board(to: str | None = None) -> Any:
    """A decorator for an action that moves no piece (a card played, a
    button): its ``frm`` is -1, and its ``to`` is -1 or, with ``to``, the
    square in that field (the piece it marks, for the board's highlight)."""

    def decorate(cls: type[T]) -> type[T]:
        cls.frm = property(lambda self: -1)  # type: ignore[attr-defined]
        target = (lambda self: getattr(self, to)) if to else (lambda self: -1)
        cls.to = property(target)  # type: ignore[attr-defined]
        return cls

    return decorate
