"""Board animations driven by engine events.

The board view keeps the pieces it *shows* (``shown``: square -> piece). When
a move is played the scene hands the engine's events to an ``Animator``; it
turns them into steps that play one after another, each step a few tracks
that run together (a king and its rook while castling, a slide and the fade of
the piece it takes). A step changes ``shown`` only when it ends, so while it
runs the board still draws the pre-move position, minus the moving pieces,
which the tracks draw in flight. When the queue is empty the view takes the
true position from the state again: events tell what happened, the board is
never diffed to guess it.

Games with their own events add a builder to ``STEP_BUILDERS``.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

SLIDE_SECONDS = 0.2  # at animation_speed 1
FADE_SECONDS = 0.2
SWAP_SECONDS = 0.15
HOME_SECONDS = 0.14  # a piece returning home after an illegal drop


def ease(t: float) -> float:
    """Ease-out cubic: quick start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


@dataclass
class Track:
    """One thing that moves or changes during a step."""

    kind: str  # "slide", "fade", "swap"
    piece: Any
    frm: int | None = None  # slide start square
    to: int | None = None  # slide end square; fade/swap square
    new_piece: Any = None  # swap: the piece after
    instant: bool = False  # the piece is already there (a drop); no slide

    def hides(self) -> set[int]:
        """Squares whose shown piece this track draws itself."""
        if self.kind == "slide":
            return {self.frm} if self.frm is not None else set()
        if self.kind in ("fade", "swap"):
            return {self.to}
        return set()


@dataclass
class Step:
    tracks: list[Track]
    duration: float
    elapsed: float = 0.0

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return min(1.0, self.elapsed / self.duration)

    def hides(self) -> set[int]:
        out: set[int] = set()
        for t in self.tracks:
            out |= t.hides()
        return out

    def finish(self, shown: dict[int, Any]) -> None:
        """Apply the step to the shown position: removals first, so a castle
        whose king lands where its rook stood ends right."""
        for t in self.tracks:
            if t.kind == "fade":
                if shown.get(t.to) == t.piece:
                    shown.pop(t.to, None)
        for t in self.tracks:
            if t.kind == "slide" and t.frm is not None:
                shown.pop(t.frm, None)
        for t in self.tracks:
            if t.kind == "slide" and t.to is not None:
                shown[t.to] = t.piece
            elif t.kind == "swap":
                shown[t.to] = t.new_piece


# -- from events to steps ------------------------------------------------------


@dataclass
class _Builder:
    """Groups events into steps while walking them in order."""

    speed: float
    instant_from: int | None
    steps: list[Step] = field(default_factory=list)
    current: list[Track] = field(default_factory=list)

    def flush(self) -> None:
        if self.current:
            dur = max(_duration(t, self.speed) for t in self.current)
            self.steps.append(Step(self.current, dur))
            self.current = []

    def moving_from(self) -> set[int]:
        return {t.frm for t in self.current if t.kind == "slide"}

    def add_slide(self, piece: Any, frm: int, to: int) -> None:
        for t in self.current:  # already there (a castle event names it too)
            if t.kind == "slide" and t.frm == frm and t.to == to:
                if t.piece is None:
                    t.piece = piece
                return
        if frm in self.moving_from() or to in {t.to for t in self.current if t.kind == "slide"}:
            self.flush()
        instant = self.instant_from is not None and frm == self.instant_from
        self.current.append(Track("slide", piece, frm, to, instant=instant))

    def add_fade(self, piece: Any, square: int) -> None:
        self.current.append(Track("fade", piece, to=square))

    def add_swap(self, square: int, new_piece: Any) -> None:
        # The promotion shows after the pawn has arrived.
        self.flush()
        self.current.append(Track("swap", None, to=square, new_piece=new_piece))
        self.flush()


def _duration(track: Track, speed: float) -> float:
    if speed <= 0:
        return 0.0
    base = {"slide": SLIDE_SECONDS, "fade": FADE_SECONDS, "swap": SWAP_SECONDS}[track.kind]
    if track.kind == "slide" and track.instant:
        base = FADE_SECONDS  # nothing slides, but a capture under it still fades
    return base / speed


def _move(b: _Builder, e: Any) -> None:
    b.add_slide(e["piece"], e["frm"], e["to"])


def _capture(b: _Builder, e: Any) -> None:
    if e.get("square") is not None and e.get("piece") is not None:
        b.add_fade(e["piece"], e["square"])


def _castle(b: _Builder, e: Any) -> None:
    # Some engines also send the king's "move"; the castle event says it all,
    # so replace a slide that starts on the king's square.
    king_from, rook_from = e["king_from"], e["rook_from"]
    king = rook = None
    for t in list(b.current):
        if t.kind == "slide" and t.frm in (king_from, rook_from):
            b.current.remove(t)
            if t.frm == king_from:
                king = t.piece
            else:
                rook = t.piece
    king = e.get("king", king)
    rook = e.get("rook", rook)
    instant = b.instant_from is not None and king_from == b.instant_from
    # A piece left None is taken from the shown position when the step starts.
    b.current.append(Track("slide", king, king_from, e["king_to"], instant=instant))
    b.current.append(Track("slide", rook, rook_from, e["rook_to"]))


def _promote(b: _Builder, e: Any) -> None:
    b.add_swap(e["square"], e["piece"])


StepBuilder = Callable[[_Builder, Any], None]

STEP_BUILDERS: dict[str, StepBuilder] = {
    "move": _move,
    "capture": _capture,
    "en_passant": _capture,
    "castle": _castle,
    "promote": _promote,
}


def steps_from_events(
    events: Iterable[Any], speed: float = 1.0, instant_from: int | None = None
) -> list[Step]:
    """Steps for ``events`` in order. ``instant_from``: the square a piece was
    dragged from; it is already where it was dropped, so it does not slide."""
    b = _Builder(speed, instant_from)
    for e in events:
        build = STEP_BUILDERS.get(e.kind)
        if build is not None:
            try:
                build(b, e)
            except (KeyError, TypeError):
                continue  # an event without the fields we draw: nothing to show
    b.flush()
    return b.steps


class Animator:
    """A queue of steps over the board's shown position."""

    def __init__(self) -> None:
        self.queue: deque[Step] = deque()

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def clear(self) -> None:
        self.queue.clear()

    def add(self, steps: Sequence[Step], shown: dict[int, Any]) -> None:
        for s in steps:
            self.queue.append(s)
        self._settle(shown)

    def _settle(self, shown: dict[int, Any]) -> None:
        """Fill in pieces the events did not name and finish zero-time steps."""
        while self.queue:
            step = self.queue[0]
            for t in step.tracks:
                if t.kind == "slide" and t.piece is None and t.frm is not None:
                    t.piece = shown.get(t.frm)
                if t.kind == "swap" and t.piece is None:
                    t.piece = shown.get(t.to)
            if step.duration > 0 and step.elapsed < step.duration:
                return
            self.queue.popleft()
            step.finish(shown)

    def update(self, dt: float, shown: dict[int, Any]) -> bool:
        """Advance; returns True when the queue just ran empty."""
        if not self.queue:
            return False
        self.queue[0].elapsed += dt
        self._settle(shown)
        return not self.queue

    @property
    def current(self) -> Step | None:
        return self.queue[0] if self.queue else None


@dataclass
class HomeFlight:
    """A dropped piece flying back to its square after an illegal drop."""

    piece: Any
    square: int
    start: tuple[float, float]  # pixel centre where it was dropped
    duration: float
    elapsed: float = 0.0

    @property
    def done(self) -> bool:
        return self.elapsed >= self.duration
