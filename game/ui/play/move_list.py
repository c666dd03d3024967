"""The move list as the viewer may read it, one line per move as players
count them (``round_numbers``: White's move and Black's reply, a turn of
several parts, a move and its swings).

Only complete steps are listed (a seat's secret choice in a simultaneous step
waits in the match and is never shown), each in the viewer's reading: its
own decisions in full, everyone else's in public form (``Match.move_list``).
Steps of several seats at once (a card duel) and agreements are dimmed in
the line of the move they come before or end. Each step is a link whose
target is the number of steps played once it is done, so a click looks back
at the position after it.
"""

from __future__ import annotations

from typing import Any

from game.match import round_numbers
from game.ui.widgets import escape

DIM = "#8c96a2"


def _text(match: Any, step: dict) -> str:
    """A step in a few words; the choices of a simultaneous step side by
    side in brackets (a card duel: "(pick A / guess A)")."""
    seats = [k for k in step if isinstance(k, int)]
    if len(seats) > 1:
        return "(" + " / ".join(step[s] for s in sorted(seats)) + ")"
    return match.step_text(step)


def move_list_html(
    match: Any, viewer: int | None, result_line: str = "", looking_at: int | None = None
) -> str:
    if match.is_over():
        viewer = None  # the game is over: everything may be read
    texts = [_text(match, match.seen_step(r, viewer)) for r in match.records]
    if not texts:
        return f"<font color='{DIM}'>No moves yet</font>"
    numbers = round_numbers(match.game, match.history)
    lines: list[str] = []
    line: list[str] = []
    waiting: list[str] = []  # dimmed steps before the next numbered one
    last = None
    for i, (text, number) in enumerate(zip(texts, numbers, strict=True)):
        link = f"<a href='{i + 1}'>{escape(text)}</a>"
        if i + 1 == looking_at:
            link = f"<b>{link}</b>"
        if number is None:
            waiting.append(f"<font color='{DIM}'>{link}</font>")
            continue
        if number != last:
            if line:
                lines.append(" ".join(line))
            line = [f"<font color='{DIM}'>{number}.</font>"]
            last = number
        line += waiting + [link]
        waiting = []
    line += waiting
    if line:
        lines.append(" ".join(line))
    if result_line:
        lines.append(f"<b>{escape(result_line)}</b>")
    return "<br>".join(lines)
