"""Board animations driven by engine events.

The board view keeps the pieces it *shows* (``shown``: square -> piece). When
a move is played the scene hands the engine's events to an ``Animator``; it
turns them into steps that play one after another, each step a few tracks
that run together (a king and its rook while castling, a slide and the fade of
the piece it takes, a lunge and its victim's fall). This module animates the
chess core's events (moves, captures, castles, promotions) and offers the
motions a game's own events are made of: an arc (a throw), a strike (a lunge
and a fall), an arrow, a teleport, two pieces passing each other, a drop from
the hand, a piece appearing, pieces fading or falling together. A game maps
its event kinds onto them in its display (``adapter.animations``), so this
file names no game. Every duration is divided by the animation speed; speed 0
shows the result at once. A step changes ``shown`` only when it ends, so while it
runs the board still draws the pre-move position, minus the moving pieces,
which the tracks draw in flight. When the queue is empty the view takes the
true position from the state again: events tell what happened, the board is
never diffed to guess it.

A builder is ``build(builder, event)``; see ``arc``, ``strike``, ``arrow``,
``teleport``, ``exchange``, ``drop``, ``appear``, ``fade_all`` and
``fall_all`` for the ready-made ones.
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

# Base seconds (at animation_speed 1) per track kind.
SECONDS = {
    "slide": SLIDE_SECONDS,
    "fade": FADE_SECONDS,
    "swap": SWAP_SECONDS,
    "fall": 0.3,  # a struck piece falls: shrinks and fades, with a flash
    "appear": 0.25,  # a piece created in place scales in
    "drop": 0.32,  # a piece dropped from the hand falls in with a bounce
    "lunge": 0.32,  # a piece strikes from where it stands: towards the victim and back
    "arrow": 0.26,  # an arrow flies from the archer to the target
    "teleport": 0.45,  # fade out, fade in with a sparkle ring
}
THROW_SECONDS = 0.5  # a thrown piece's arc


def ease(t: float) -> float:
    """Ease-out cubic: quick start, soft landing."""
    t = min(1.0, max(0.0, t))
    return 1.0 - (1.0 - t) ** 3


def ease_in_out(t: float) -> float:
    """Smoothstep: a throw rises and falls at an even pace."""
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def ease_back(t: float, overshoot: float = 1.7) -> float:
    """Ease-out with a little overshoot: a piece popping into place."""
    t = min(1.0, max(0.0, t)) - 1.0
    return 1.0 + t * t * ((overshoot + 1) * t + overshoot)


def bounce(t: float) -> float:
    """Ease-out bounce: 0 -> 1 with two small bounces at the end."""
    t = min(1.0, max(0.0, t))
    if t < 0.6:
        return (t / 0.6) ** 2
    if t < 0.85:
        u = (t - 0.725) / 0.125
        return 1.0 - 0.12 * (1 - u * u)
    u = (t - 0.925) / 0.075
    return 1.0 - 0.03 * (1 - u * u)


@dataclass
class Track:
    """One thing that moves or changes during a step.

    Kinds: "slide" (``frm`` to ``to``; ``lift`` squares of arc above the
    straight line, ``bend`` squares to its side, ``grow`` extra scale at the
    apex), "fade" (the piece on ``to`` goes), "fall" (the same, struck:
    shrinks, fades, flashes), "swap" (the piece on ``to`` becomes
    ``new_piece``: a promotion), "appear" (``piece`` scales in on ``to``),
    "drop" (``piece`` falls in on ``to`` with a bounce), "lunge" (the piece on
    ``frm`` strikes towards ``to`` and comes back), "arrow" (a line flies from
    ``frm`` to ``to``), "teleport" (out at ``frm``, in at ``to``).
    ``delay``: the part of the step (0..1) before this track starts.
    """

    kind: str
    piece: Any
    frm: int | None = None
    to: int | None = None
    new_piece: Any = None  # swap: the piece after
    instant: bool = False  # the piece is already there (dragged); no slide
    lift: float = 0.0
    bend: float = 0.0
    grow: float = 0.0
    delay: float = 0.0
    seconds: float | None = None  # base duration; None: SECONDS[kind]

    def hides(self) -> set[int]:
        """Squares whose shown piece this track draws itself."""
        if self.kind in ("slide", "lunge", "teleport"):
            return {self.frm} if self.frm is not None else set()
        if self.kind in ("fade", "fall", "swap", "appear", "drop"):
            return {self.to}
        return set()

    def local(self, progress: float) -> float:
        """This track's own progress (0..1) at the step's ``progress``."""
        if self.delay <= 0:
            return progress
        if self.delay >= 1:
            return 1.0 if progress >= 1 else 0.0
        return min(1.0, max(0.0, (progress - self.delay) / (1.0 - self.delay)))


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
        whose king lands where its rook stood (or a swap) ends right."""
        for t in self.tracks:
            if t.kind in ("fade", "fall"):
                if t.piece is None or shown.get(t.to) == t.piece:
                    shown.pop(t.to, None)
        moved = {}
        for t in self.tracks:
            if t.kind in ("slide", "teleport") and t.frm is not None:
                moved[t.frm] = shown.pop(t.frm, None)
        for t in self.tracks:
            if t.kind in ("slide", "teleport") and t.to is not None:
                piece = t.piece if t.piece is not None else moved.get(t.frm)
                if piece is not None:
                    shown[t.to] = piece
            elif t.kind == "swap":
                shown[t.to] = t.new_piece
            elif t.kind in ("appear", "drop") and t.piece is not None:
                shown[t.to] = t.piece


# -- from events to steps ------------------------------------------------------


@dataclass
class _Builder:
    """Groups events into steps while walking them in order."""

    speed: float
    instant_from: int | None
    steps: list[Step] = field(default_factory=list)
    current: list[Track] = field(default_factory=list)
    struck: set[int] = field(default_factory=set)  # falls shown before their "capture"

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

    def add(self, track: Track) -> None:
        self.current.append(track)

    def step(self, *tracks: Track) -> None:
        """``tracks`` as a step of their own, after what came before."""
        self.flush()
        self.current.extend(tracks)
        self.flush()


def _duration(track: Track, speed: float) -> float:
    if speed <= 0:
        return 0.0
    base = track.seconds if track.seconds is not None else SECONDS[track.kind]
    if track.kind == "slide" and track.instant:
        base = FADE_SECONDS  # nothing slides, but a capture under it still fades
    return base / speed


def _move(b: _Builder, e: Any) -> None:
    b.add_slide(e["piece"], e["frm"], e["to"])


def _capture(b: _Builder, e: Any) -> None:
    square = e.get("square")
    if square in b.struck:  # a swing, shot or strike already shows it falling
        b.struck.discard(square)
        return
    if square is not None and e.get("piece") is not None:
        b.add_fade(e["piece"], square)


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


# -- motions for the games' own events (see the module docstring) ---------------
def arc(b: _Builder, e: Any) -> None:
    """A piece flies in an arc from ``frm`` to ``to``, highest mid-way and a
    little larger at the apex (nearer the eye): a throw."""
    frm, to = e["frm"], e["to"]
    instant = b.instant_from is not None and frm == b.instant_from
    b.step(
        Track(
            "slide",
            e.get("piece"),
            frm,
            to,
            instant=instant,
            lift=0.9,
            grow=0.25,
            seconds=THROW_SECONDS,
        )
    )


def strike(attacker_key: str, square_key: str) -> StepBuilder:
    """The piece on ``event[attacker_key]`` lunges at ``event[square_key]``
    and back; the victim falls as the blow lands."""

    def build(b: _Builder, e: Any) -> None:
        victim = e[square_key]
        b.step(
            Track("lunge", None, e[attacker_key], victim),
            Track("fall", e.get("piece"), to=victim, delay=0.4),
        )
        b.struck.add(victim)

    return build


def arrow(shooter_key: str, square_key: str) -> StepBuilder:
    """An arrow flies from ``event[shooter_key]`` to ``event[square_key]``,
    whose piece falls."""

    def build(b: _Builder, e: Any) -> None:
        target = e[square_key]
        b.step(
            Track("arrow", None, e[shooter_key], target),
            Track("fall", e.get("piece"), to=target, delay=0.6, seconds=0.45),
        )
        b.struck.add(target)

    return build


def teleport(b: _Builder, e: Any) -> None:
    """Out at ``frm``, in at ``to`` inside a sparkle ring."""
    b.flush()
    b.add(Track("teleport", e.get("piece"), e["frm"], e["to"]))


def exchange(b: _Builder, e: Any) -> None:
    """Two pieces change places (``a`` and ``b``), passing side by side."""
    a, c = e["a"], e["b"]
    b.step(
        Track("slide", e.get("piece_a"), a, c, bend=0.3, seconds=0.3),
        Track("slide", e.get("piece_b"), c, a, bend=0.3, seconds=0.3),
    )


def drop(b: _Builder, e: Any) -> None:
    """A piece from the hand falls in on ``to`` and bounces (a dragged one is
    already there and only settles)."""
    dragged = b.instant_from is not None and b.instant_from < 0
    kind = "appear" if dragged else "drop"
    b.flush()
    b.add(Track(kind, e.get("piece"), to=e["to"], seconds=0.15 if dragged else None))


def appear(square_key: str) -> StepBuilder:
    """A piece created on ``event[square_key]`` scales in (with no piece in
    the event, the one the position ends with)."""

    def build(b: _Builder, e: Any) -> None:
        b.flush()
        b.add(Track("appear", e.get("piece"), to=e[square_key]))

    return build


def fade_all(squares_key: str) -> StepBuilder:
    """The pieces on ``event[squares_key]`` fade away together."""

    def build(b: _Builder, e: Any) -> None:
        b.step(*(Track("fade", None, to=p) for p in e[squares_key]))

    return build


def fall_all(squares_key: str, replaced_key: str | None = None) -> StepBuilder:
    """The pieces on ``event[squares_key]`` fall together; then new ones
    appear on ``event[replaced_key]``, if any."""

    def build(b: _Builder, e: Any) -> None:
        b.step(*(Track("fall", None, to=p) for p in e[squares_key]))
        if replaced_key and e.get(replaced_key):
            b.step(*(Track("appear", None, to=p) for p in e[replaced_key]))

    return build


StepBuilder = Callable[[_Builder, Any], None]

#: The chess core's events; a game's display adds its own (``animations``).
STEP_BUILDERS: dict[str, StepBuilder] = {
    "move": _move,
    "capture": _capture,
    "en_passant": _capture,
    "castle": _castle,
    "promote": _promote,
}


def steps_from_events(
    events: Iterable[Any],
    speed: float = 1.0,
    instant_from: int | None = None,
    builders: dict[str, StepBuilder] | None = None,
) -> list[Step]:
    """Steps for ``events`` in order. ``instant_from``: the square a piece was
    dragged from; it is already where it was dropped, so it does not slide.
    ``builders``: the game's own, over the chess core's."""
    table = {**STEP_BUILDERS, **builders} if builders else STEP_BUILDERS
    b = _Builder(speed, instant_from)
    for e in events:
        build = table.get(e.kind)
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
        self.target: dict[int, Any] = {}

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    def clear(self) -> None:
        self.queue.clear()

    def add(
        self, steps: Sequence[Step], shown: dict[int, Any], target: dict[int, Any] | None = None
    ) -> None:
        """Queue ``steps``; ``target``: the position after them, where a piece
        that appears and was not named in its event is found."""
        if target is not None:
            self.target = target
        for s in steps:
            self.queue.append(s)
        self._settle(shown)

    def _settle(self, shown: dict[int, Any]) -> None:
        """Fill in pieces the events did not name and finish zero-time steps."""
        while self.queue:
            step = self.queue[0]
            for t in step.tracks:
                if t.piece is not None:
                    continue
                if t.kind in ("slide", "lunge", "teleport") and t.frm is not None:
                    t.piece = shown.get(t.frm)
                elif t.kind in ("swap", "fade", "fall"):
                    t.piece = shown.get(t.to)
                elif t.kind in ("appear", "drop"):
                    t.piece = self.target.get(t.to)
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
