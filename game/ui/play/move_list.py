"""The move list as the viewer may read it, one line per move as players
count them (``Match.round_numbers``, as the rules counted each step:
White's move and Black's reply, a turn of several parts, a move and its
swings).

Only complete steps are listed (a seat's secret choice in a simultaneous step
waits in the match and is never shown), each in the viewer's reading: its
own decisions in full, everyone else's in public form (``Match.move_list``).
Steps of several seats at once (a card duel) and agreements are dimmed in
the line of the move they come before or end. Each step is a link whose
target is the number of steps played once it is done, so a click looks back
at the position after it; but a game's ``quiet_steps`` (Cooperative's "end":
the turn passed) are dim plain text in their own place, since pygame_gui
draws a link in its own colour whatever surrounds it (and the board after
one is the board of the move before). A long game shows a block of lines at a time (the
newest, or those around the step looked at), with links to the moves before
and after it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from game.match import step_seat
from game.ui.widgets import escape

DIM = "#8c96a2"
# Lines in the box at once: laying out the text costs time in proportion to
# its length, and every move lays it out again (scripts/drill_soak.py).
SHOWN_LINES = 24


def _text(match: Any, step: dict) -> str:
    """A step in a few words; the choices of a simultaneous step side by
    side in brackets (a card duel: "(pick A / guess A)")."""
    seats = [k for k in step if isinstance(k, int)]
    if len(seats) > 1:
        return "(" + " / ".join(step[s] for s in sorted(seats)) + ")"
    return match.step_text(step)


def step_words(match: Any, viewer: int | None, steps: int) -> str:
    """The step that made ``steps`` steps, as the list reads it, with its
    move number: "1. e4" for the move that opens a round, "1... e5" for a
    reply; a step outside the rounds (a card duel) by its words alone."""
    if match.is_over():
        viewer = None  # as the list: everything may be read
    text = _text(match, match.seen_step(match.records[steps - 1], viewer))
    numbers = match.round_numbers()
    number = numbers[steps - 1]
    if number is None:
        return text
    first = numbers.index(number)  # the step that opened this round
    game, history = match.game, match.history
    opener = step_seat(history[first])
    mover = step_seat(history[steps - 1])
    same = opener is not None and mover is not None
    reply = same and game.side_of(mover) != game.side_of(opener)
    if first == 0 and number == match.first_rounds().number:  # begun before the start
        reply = True
    return f"{number}{'...' if reply else '.'} {text}"


class MoveListText(NamedTuple):
    html: str
    marked: float | None  # the looked-at line's middle: 0 the text's top, 1 its bottom


def _lines(
    match: Any, viewer: int | None, looking_at: int | None, marks: dict[int, str] | None = None
) -> list[tuple[str, list[int]]]:
    """The numbered lines and the steps (counted from 1) each one holds;
    ``marks``: an analysis's marks by step ("??"), written after the step."""
    texts = [_text(match, match.seen_step(r, viewer)) for r in match.records]
    if marks:
        texts = [t + marks.get(i + 1, "") for i, t in enumerate(texts)]
    quiet = match.game.quiet_steps
    numbers = match.round_numbers()
    begun = match.first_rounds().number  # a round the start position is in ("12...")
    lines: list[tuple[str, list[int]]] = []
    parts: list[str] = []
    steps: list[int] = []
    waiting: list[tuple[str, int]] = []  # dimmed steps before the next numbered one
    last = None
    for i, (text, number) in enumerate(zip(texts, numbers, strict=True)):
        if text in quiet:  # plain text: a link's own colour would hide the dimming
            link = f"<font color='{DIM}'>{escape(text)}</font>"
        else:
            link = f"<a href='{i + 1}'>{escape(text)}</a>"
        if i + 1 == looking_at:
            link = f"<b>{link}</b>"
        if number is None:
            waiting.append((f"<font color='{DIM}'>{link}</font>", i + 1))
            continue
        if number != last:
            if parts:
                lines.append((" ".join(parts), steps))
            dots = "..." if number == begun and not lines and not parts else "."
            parts, steps = [f"<font color='{DIM}'>{number}{dots}</font>"], []
            last = number
        parts += [w for w, _ in waiting] + [link]
        steps += [s for _, s in waiting] + [i + 1]
        waiting = []
    parts += [w for w, _ in waiting]
    steps += [s for _, s in waiting]
    if parts:
        lines.append((" ".join(parts), steps))
    return lines


def move_list_html(
    match: Any,
    viewer: int | None,
    result_line: str = "",
    looking_at: int | None = None,
    shown: int = SHOWN_LINES,
    marks: dict[int, str] | None = None,
) -> MoveListText:
    """The list as text for the panel's box: at most ``shown`` lines, the
    newest ones, or while looking back the block of lines around the step
    looked at, with links to the moves before and after it."""
    if match.is_over():
        viewer = None  # the game is over: everything may be read
    lines = _lines(match, viewer, looking_at, marks)
    if not lines:
        return MoveListText(f"<font color='{DIM}'>No moves yet</font>", None)
    at = len(lines) - 1
    if looking_at is not None:
        at = next((i for i, (_, steps) in enumerate(lines) if looking_at in steps), 0)
    # Blocks of ``shown`` lines counted back from the newest, so the list
    # does not shift under the reader while new moves come in.
    end = len(lines) - (len(lines) - 1 - at) // shown * shown
    begin = max(0, end - shown)
    end = min(len(lines), begin + shown)
    out = [html for html, _ in lines[begin:end]]
    if begin > 0:
        before = lines[begin][1][0] - 1
        out.insert(0, f"<a href='{before}'><font color='{DIM}'>\u2026 earlier moves</font></a>")
    if end < len(lines):
        after = lines[end - 1][1][-1] + 1
        out.append(f"<a href='{after}'><font color='{DIM}'>later moves \u2026</font></a>")
    elif result_line:
        out.append(f"<b>{escape(result_line)}</b>")
    marked = None
    if looking_at is not None:
        row = at - begin + (begin > 0)
        marked = (row + 0.5) / len(out)
    return MoveListText("<br>".join(out), marked)
