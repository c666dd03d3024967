"""Capture patterns of Masquerade Chess, headless: assignments (one pattern
per masked type), the public record of attempts, and what that record still
allows.

An assignment is five letters, the patterns of the types K, Q, R, B, N in
that order ("RKNBQ": the king captures as a rook, the queen as a king...).
An attempt is recorded as (type, patterns that would have made it, worked).
"""

from __future__ import annotations

from itertools import permutations

TYPES = "KQRBN"  # the masked types, in the order of an assignment
ALL = tuple("".join(p) for p in permutations(TYPES))  # the 120 assignments
Attempt = tuple[str, str, bool]


def read_assignment(text: str) -> str:
    if sorted(text) != sorted(TYPES):
        raise ValueError(f"an assignment gives each of {TYPES} one of them, not {text!r}")
    return text


def pattern(assignment: str, letter: str) -> str:
    """The pattern ``assignment`` gives the type ``letter``."""
    return assignment[TYPES.index(letter)]


def agrees(assignment: str, attempts: list[Attempt]) -> bool:
    return all((pattern(assignment, t) in reach) == ok for t, reach, ok in attempts)


def consistent(attempts: list[Attempt]) -> list[str]:
    """Every assignment the attempts so far leave possible."""
    return [a for a in ALL if agrees(a, attempts)]


def table(attempts: list[Attempt]) -> dict[tuple[str, str], str]:
    """The deduction table: (type, pattern) -> "O" (certain), "X" (ruled
    out) or "" (open), from what the attempts allow."""
    left = consistent(attempts)
    out = {}
    for t in TYPES:
        seen = {pattern(a, t) for a in left}
        for p in TYPES:
            out[t, p] = ("O" if len(seen) == 1 else "") if p in seen else "X"
    return out


def attempts_text(attempts: list[Attempt]) -> str:
    return ",".join(f"{t}:{reach or '.'}:{int(ok)}" for t, reach, ok in attempts) or "-"


def read_attempts(field: str) -> list[Attempt]:
    if field == "-":
        return []
    out = []
    for item in field.split(","):
        parts = item.split(":")
        if len(parts) != 3 or parts[0] not in TYPES or parts[2] not in ("0", "1"):
            raise ValueError(f"an attempt is written type:patterns:0 or 1, not {item!r}")
        reach = "" if parts[1] == "." else parts[1]
        if any(c not in TYPES for c in reach):
            raise ValueError(f"bad patterns {reach!r} in {item!r}")
        out.append((parts[0], reach, parts[2] == "1"))
    return out
