"""The move list as the viewer may read it, numbered by side.

Only complete steps are listed (a seat's secret choice in a simultaneous step
waits in the match and is never shown), each in the viewer's reading: its
own decisions in full, everyone else's in public form (``Match.move_list``).
A number starts each round, begun by the side that opened the game (Black in
Tulaga); steps of several seats at once (a card duel) get a dimmed line of
their own.
"""

from __future__ import annotations

from typing import Any

from game.ui.widgets import escape

DIM = "#8c96a2"


def move_list_html(match: Any, viewer: int | None, result_line: str = "") -> str:
    texts = match.move_list(viewer)
    if not texts:
        return f"<font color='{DIM}'>No moves yet</font>"
    game = match.game
    steps = match.history
    lines: list[str] = []
    opener = next((game.side_of(_seat(s)) for s in steps if _seat(s) is not None), 0)
    number = 0
    current: list[str] = []
    last_side = None
    for step, text in zip(steps, texts, strict=True):
        seat = _seat(step)
        side = game.side_of(seat) if seat is not None else None
        if side is None or not current or side == opener and last_side != opener:
            if current:
                lines.append(" ".join(current))
                current = []
            if side is None:
                several = sum(isinstance(k, int) for k in step) > 1
                line = escape(text)
                lines.append(f"<font color='{DIM}'>{line}</font>" if several else line)
                last_side = None
                continue
            number += 1
            prefix = f"{number}." if side == opener else f"{number}…"
            current = [f"<font color='{DIM}'>{prefix}</font>"]
        current.append(escape(text))
        last_side = side
    if current:
        lines.append(" ".join(current))
    if result_line:
        lines.append(f"<b>{escape(result_line)}</b>")
    return "<br>".join(lines)


def _seat(step: dict) -> int | None:
    """The one seat of a sequential step; None for a simultaneous step or an
    agreement."""
    seats = [k for k in step if isinstance(k, int)]
    return seats[0] if len(seats) == 1 else None
