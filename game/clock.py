"""The game clock: time per seat plus an increment per turn, headless.

A ``Clock`` knows nothing of the wall clock: the play scene tells it how
much time passed (``run(seconds, seats)``) and for which seats, so tests
step it by hand and never sleep. Which seats run is the scene's business
(``running``): the seats still to choose, none while the game waits on a
privacy screen, a held reveal or a dialog that is not the mover's own
(looking back does not stop it: the mover would think on stopped time).

A seat whose time is used up has flagged: ``flag_result`` says how the game
ends then (the chess rule: the flag loses, unless the others cannot
possibly win; see docs/CONTRACT.md "Clocks").

Headless: never imports pygame.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

# Games whose play a clock makes no sense of: score games against the
# course (Golf) and one team against the puzzle (Cooperative Chess). Every
# other game offers a clock when two or more seats are in play.
NO_CLOCK = frozenset({"golf", "cooperative"})

# The setup form's choices: (label, minutes per side, increment in seconds).
PRESETS: tuple[tuple[str, float, float], ...] = (
    ("3+2", 3, 2),
    ("5+3", 5, 3),
    ("10+5", 10, 5),
    ("15+10", 15, 10),
)
EXAMPLE = "7+2"  # a custom control, as the setup form's hint and its refusal show it
MAX_MINUTES = 600  # ten hours a side is plenty
MIN_SECONDS = 10  # less is over before a move can be made
MAX_INCREMENT = 600  # seconds
GAMES_WITH_BARE_KING_DRAW = frozenset({"chess", "chess960"})
# A computer seat on the clock thinks at most its time left over this many
# moves, plus most of its increment: it keeps the same share for every move
# to come, so it never loses on time by thinking as if there were no clock.
MOVES_TO_GO = 30
# Seconds a computer's move costs its clock beyond the think: handing the
# position to its worker and the answer back, a frame or two of the window.
HANDOVER = 0.1
MIN_THINK = 0.02  # seconds: a move from the shallowest search rather than none


def offers_clock(game: Any, options: Any) -> bool:
    """Does this game, with these options, offer a clock?"""
    return game.id not in NO_CLOCK and len(game.seats_in_play(options)) >= 2


@dataclass
class Clock:
    """``base``: seconds each seat starts with; ``increment``: seconds
    added to a seat after each step it took part in; ``left``: each seat's
    seconds now (negative: it ran out)."""

    base: float
    increment: float
    left: list[float] = field(default_factory=list)

    @classmethod
    def new(cls, base: float, increment: float, seats: int) -> Clock:
        return cls(float(base), float(increment), [float(base)] * seats)

    def run(self, seconds: float, seats: Iterable[int]) -> None:
        """``seconds`` passed while ``seats`` were to decide."""
        if seconds <= 0:
            return
        for seat in set(seats):
            self.left[seat] -= seconds

    def stepped(self, seats: Iterable[int]) -> None:
        """``seats`` have just played a step: each gets the increment."""
        for seat in set(seats):
            self.left[seat] += self.increment

    def think_limit(self, seat: int) -> float:
        """Seconds a computer may think for ``seat`` now: a share of its time
        left and most of its increment (``MOVES_TO_GO``), less the move's
        ``HANDOVER``, never more than half of what is left. At the setup
        form's presets it is more than any level's budget, so the clock only
        shortens thinks in fast games."""
        left = max(0.0, self.left[seat])
        share = left / MOVES_TO_GO + 0.8 * self.increment
        return max(MIN_THINK, min(share, left / 2) - HANDOVER)

    def flagged(self, seats: Iterable[int]) -> int | None:
        """The first of ``seats`` whose time is up, or None."""
        return next((s for s in sorted(set(seats)) if self.left[s] <= 0), None)

    def label(self) -> str:
        """ "5+3": minutes and increment, as people write them."""
        return f"{_number(self.base / 60)}+{_number(self.increment)}"

    def to_dict(self) -> dict[str, Any]:
        return {"base": self.base, "increment": self.increment, "left": list(self.left)}

    @classmethod
    def from_dict(cls, d: Any, seats: int) -> Clock:
        """The inverse of ``to_dict``; ValueError when it is not one."""
        if not isinstance(d, dict) or set(d) != {"base", "increment", "left"}:
            raise ValueError("not a clock")
        base, increment, left = d["base"], d["increment"], d["left"]
        if not _seconds(base, MAX_MINUTES * 60) or base <= 0:
            raise ValueError("bad base")
        if not _seconds(increment, MAX_INCREMENT):
            raise ValueError("bad increment")
        if not isinstance(left, list) or len(left) != seats:
            raise ValueError("bad times")
        if not all(_seconds(t, 2 * MAX_MINUTES * 60, signed=True) for t in left):
            raise ValueError("bad times")
        return cls(float(base), float(increment), [float(t) for t in left])


def _seconds(value: Any, limit: float, signed: bool = False) -> bool:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value) and (signed or value >= 0) and abs(value) <= limit


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def parse_control(text: str) -> tuple[float, float]:
    """ "5+3" (minutes + seconds of increment; "5" alone: no increment) as
    (seconds per side, increment); ValueError with words for people."""
    # Minutes to two decimals and the increment to tenths: the times are
    # then whole tenths of a second, which the PGN TimeControl tag (seconds)
    # writes exactly and reads back the same.
    # Any count of digits has the shape: too many minutes get the range's words.
    m = re.fullmatch(r"\s*(\d+(?:\.\d{1,2})?)\s*(?:\+\s*(\d+(?:\.\d)?)\s*)?", text)
    if not m:
        raise ValueError(f"Write the clock as minutes + seconds of increment, like {EXAMPLE}")
    base, increment = round(float(m.group(1)) * 60, 1), float(m.group(2) or 0)
    if not MIN_SECONDS <= base <= MAX_MINUTES * 60:
        raise ValueError(
            f"Give each side at least {MIN_SECONDS} seconds and at most {MAX_MINUTES} minutes"
        )
    if increment > MAX_INCREMENT:
        raise ValueError(f"The increment is at most {MAX_INCREMENT} seconds")
    return base, increment


def shown(seconds: float) -> str:
    """The time left as a clock shows it: "4:05", "1:02:03", "0:08.4" in the
    last ten seconds, "0:00" once it ran out."""
    seconds = max(0.0, seconds)
    if seconds < 10:
        return f"0:{math.floor(seconds * 10) / 10:04.1f}"
    whole = int(seconds)
    h, rest = divmod(whole, 3600)
    m, s = divmod(rest, 60)
    return f"{h}:{m:02d}:{s:02d}" if h else f"{m}:{s:02d}"


def running(match: Any, paused: bool) -> tuple[int, ...]:
    """The seats whose clocks run now: those still to choose in a game going
    on, none while ``paused`` (a privacy screen, a held reveal, a dialog
    that is not the mover's own)."""
    if paused or match.clock is None or match.is_over():
        return ()
    return tuple(match.waiting_for())


def cannot_win(state: Any, seats: Iterable[int]) -> bool:
    """Can none of ``seats`` possibly win? In every game with a dead position
    rule (the state's ``insufficient_material``: no series of legal moves
    mates anyone), nobody can; in Chess and Chess960 also a side left with
    its bare king. Elsewhere nothing is known: the flag loses."""
    dead = getattr(state, "insufficient_material", None)
    if callable(dead) and dead():
        return True
    if state.game.id not in GAMES_WITH_BARE_KING_DRAW:
        return False
    pieces = dict(state.pieces())
    sides = {state.game.side_of(s) for s in seats}
    return all(all(p.kind == "king" for p in pieces.values() if p.side == side) for side in sides)


def flag_result(state: Any, seat: int) -> Any:
    """How the game ends when ``seat``'s time runs out: its team loses, or
    it is a draw when the others ``cannot_win``."""
    from game.engine.protocol import Result

    game = state.game
    team = game.team_of(seat)
    in_play = range(len(game.seats))
    winners = [s for s in in_play if s not in team]
    who = game.seats[seat]
    if cannot_win(state, winners):
        return Result.draw(game, f"{who} ran out of time, but the other side cannot win")
    points = tuple(0.0 if s in team else 1.0 for s in in_play)
    return Result(points, f"{who} ran out of time")
