"""The position blocks of the rule sheets: boards drawn in the text.

A fenced block whose info string starts with the word ``position`` holds,
as its body, exactly the game's position text (what ``from_text`` reads).
The rest of the info string is an optional caption, then optional parts
after semicolons, each named by its first word::

    ```position The thrown Mace kills the king; arrows b2-d3 d3-d5; rings d5
    <the position text>
    ```

- ``arrows FROM-TO ...``: arrows from square to square;
- ``rings SQ ...``: squares ringed;

square names in the game's own coordinates, separated by spaces or commas.
A caption holds no semicolon. A sheet's diagrams are of that sheet's game
(rules/<id>.md -> ``REGISTRY[id]``). The rules viewer draws them
(game/ui/diagram_view.py); ``verify`` checks every sheet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from game.engine.board import Geometry, geometry
from game.engine.protocol import PositionError, State
from game.games import REGISTRY, load_all
from game.resources import rules_sheet

# Every sheet shows at least this many boards (issue 29).
MIN_PER_SHEET = 2

_FENCE = re.compile(r"^\s*(```+|~~~+)(.*)$")
_WORD = re.compile(r"^position(?:\s+(.*))?$|^position(;.*)$", re.DOTALL)
_SEPARATORS = re.compile(r"[\s,]+")


class DiagramError(ValueError):
    """A position block that cannot be drawn; its message names the sheet
    and the line."""


@dataclass(frozen=True)
class Marks:
    """What an info string says besides ``position``."""

    caption: str = ""
    arrows: tuple[tuple[str, str], ...] = ()
    rings: tuple[str, ...] = ()


@dataclass(frozen=True)
class Diagram:
    game_id: str
    info: str  # the info string after ``position``
    body: str  # the position text
    line: int  # the opening fence's line in the sheet, counted from 1
    sheet: str = ""  # the sheet's name for messages ("rules/maces.md")

    @property
    def where(self) -> str:
        return f"{self.sheet or self.game_id} line {self.line}"

    def marks(self) -> Marks:
        try:
            return parse_info(self.info)
        except ValueError as e:
            raise DiagramError(f"{self.where}: {e}") from None

    def state(self) -> State:
        """The position, built by the game's own ``from_text``."""
        game = _games().get(self.game_id)
        if game is None:
            raise DiagramError(f"{self.where}: no game {self.game_id!r}")
        try:
            return game.from_text(self.body)
        except PositionError as e:
            raise DiagramError(f"{self.where}: {e}") from None

    def squares(self, state: State) -> tuple[tuple[tuple[int, int], ...], tuple[int, ...]]:
        """The arrows (from, to) and the rings as squares of ``state``'s board."""
        marks = self.marks()
        geo = geometry_of(state)

        def square(name: str) -> int:
            try:
                return geo.square(name)
            except ValueError:
                raise DiagramError(
                    f"{self.where}: {name!r} is not a square of the {geo.width}x{geo.height} board"
                ) from None

        arrows = tuple((square(a), square(b)) for a, b in marks.arrows)
        return arrows, tuple(square(r) for r in marks.rings)


def geometry_of(state: State) -> Geometry:
    """The board's squares (a state without a geometry is on 8x8)."""
    geo = getattr(state, "geometry", None)
    return geo if isinstance(geo, Geometry) else geometry(8, 8)


def is_position(info: str) -> bool:
    """Whether a fence's info string opens a position block."""
    return _WORD.match(info.strip()) is not None


def parse_info(info: str) -> Marks:
    """Read an info string (with or without its leading ``position``):
    caption, then ``; arrows a1-b2 ...`` and ``; rings c3 ...`` parts.
    ValueError says what is wrong."""
    info = info.strip()
    m = _WORD.match(info)
    if m:
        info = m.group(1) or m.group(2) or ""
    caption, *parts = info.split(";")
    arrows: list[tuple[str, str]] = []
    rings: list[str] = []
    seen: set[str] = set()
    for part in parts:
        words = [w for w in _SEPARATORS.split(part.strip()) if w]
        if not words:
            continue
        name, items = words[0].lower(), words[1:]
        if name not in ("arrows", "rings"):
            raise ValueError(
                f"unknown part {part.strip()!r} after the caption "
                "(only '; arrows A-B ...' and '; rings A ...'; a caption holds no ';')"
            )
        if name in seen:
            raise ValueError(f"'{name}' is given twice")
        seen.add(name)
        if not items:
            raise ValueError(f"'{name}' names no square")
        for item in items:
            if name == "rings":
                rings.append(item.lower())
                continue
            ends = item.split("-")
            if len(ends) != 2 or not all(ends):
                raise ValueError(f"the arrow {item!r} is not written FROM-TO (as e2-e4)")
            arrows.append((ends[0].lower(), ends[1].lower()))
    return Marks(caption.strip(), tuple(arrows), tuple(rings))


def find_diagrams(text: str, game_id: str, sheet: str = "") -> list[Diagram]:
    """Every position block of a sheet's text, in order. Other fenced
    blocks are skipped whole; a position block never closed is an error."""
    out: list[Diagram] = []
    fence: str | None = None
    opened: tuple[str, int] | None = None  # a position block's info and line
    body: list[str] = []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        m = _FENCE.match(line)
        if fence is None:
            if m:
                fence = m.group(1)
                info = m.group(2).strip()
                opened = (info, number) if is_position(info) else None
                body = []
        elif m and m.group(1).startswith(fence[0] * len(fence)) and not m.group(2).strip():
            if opened is not None:
                out.append(Diagram(game_id, opened[0], "\n".join(body).strip(), opened[1], sheet))
            fence = None
            opened = None
        elif opened is not None:
            body.append(line.rstrip())
    if opened is not None:
        where = f"{sheet or game_id} line {opened[1]}"
        raise DiagramError(f"{where}: the position block is never closed")
    return out


def sheet_diagrams(game_id: str) -> list[Diagram]:
    """The diagrams of rules/<game_id>.md ([] without a sheet)."""
    path = rules_sheet(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return []
    return find_diagrams(text, game_id, _sheet_name(path))


def check(diagram: Diagram) -> list[str]:
    """What is wrong with one diagram ([]: it reads and its marks are on
    the board)."""
    try:
        diagram.squares(diagram.state())
    except DiagramError as e:
        return [str(e)]
    return []


def verify() -> dict[str, tuple[int, list[str]]]:
    """Per game: how many diagrams its sheet has and what is wrong
    (every diagram read by its game's ``from_text``, its marks on the
    board, and at least ``MIN_PER_SHEET`` per sheet)."""
    out: dict[str, tuple[int, list[str]]] = {}
    for game_id in sorted(_games()):
        try:
            diagrams = sheet_diagrams(game_id)
        except DiagramError as e:
            out[game_id] = (0, [str(e)])
            continue
        problems = [p for d in diagrams for p in check(d)]
        if len(diagrams) < MIN_PER_SHEET:
            problems.append(
                f"rules/{game_id}.md has {len(diagrams)} diagram(s), "
                f"at least {MIN_PER_SHEET} wanted"
            )
        out[game_id] = (len(diagrams), problems)
    return out


def _sheet_name(path: Path) -> str:
    return f"{path.parent.name}/{path.name}"


def _games() -> dict:
    if not REGISTRY:
        load_all()
    return REGISTRY
