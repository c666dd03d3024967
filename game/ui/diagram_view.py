"""Rule sheet diagrams drawn with the game's own art.

A position block of a sheet (game/learn/diagrams.py) becomes a picture the
way the play scene draws a state: a ``BoardView`` with the game's adapter
(its piece art, markers and board style) and the adapter's side-panel
widgets (cards, hands, piles) beside the board, or under it when the column
is narrow. The reader is not a seat: the whole state is shown, every secret
face up. The sheet's arrows and rings go over the pieces.

The rules viewer's text box takes pictures as files (``<img src=...>``), so
each picture is written once as a PNG into a folder of this run's own,
removed at exit.
"""

from __future__ import annotations

import atexit
import hashlib
import html
import logging
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pygame

from game.games import REGISTRY
from game.learn.diagrams import Diagram, DiagramError, geometry_of
from game.ui.adapters import adapter_for
from game.ui.board_view import THEMES, BoardView
from game.ui.play.viewpoint import Seen

log = logging.getLogger(__name__)

ARROW = (40, 150, 60, 190)  # a diagram's arrows and rings: green, apart from the hint's blue
RING = (40, 150, 60, 235)
GAP = 14  # between the board and the widgets
LINE_SPACING = 1.25  # pygame_gui's text box: a row's height to the next row's top
CAPTION_GAP = 8  # pixels between a picture and its caption
WIDGET_W = (260, 360)  # the widgets' column: narrowest beside the board, widest


class _NoPaths:
    """The click-path input a widget draws its selection from: nothing
    picked in a picture."""

    path: tuple[int, ...] = ()
    targets: frozenset[int] = frozenset()
    dragged_place = None

    def can_pick(self, place: int) -> bool:
        return False


def render(
    diagram: Diagram,
    width: int,
    board_max: int,
    settings: Mapping[str, Any] | None = None,
    placed: list | None = None,
    cuts: list[int] | None = None,
) -> pygame.Surface:
    """The picture of ``diagram`` at most ``width`` pixels wide, its board
    at most ``board_max`` tall (the widgets beside it when they fit,
    else under it); DiagramError when the block cannot be read. ``placed``,
    if given, gets each widget drawn (its rect set), for tests; ``cuts``
    the heights where the picture may be cut in two (under the board and
    under each widget)."""
    state = diagram.state()
    arrows, rings = diagram.squares(state)
    game = REGISTRY[diagram.game_id]
    adapter = adapter_for(game)
    settings = settings if settings is not None else {}
    geo = geometry_of(state)
    board = BoardView(geo.width, geo.height, settings)
    board.style = adapter.board_style
    board.use_adapter(adapter)

    widgets = adapter.make_widgets()
    # The reader is no seat: in a game with secrets nobody acts, and the
    # widgets show every side's (as after the game); in one without, the
    # widgets may show the seat to act its hand, hiding nothing.
    acting = state.to_act()
    actor = acting[0] if acting and not game.private_views else None
    seen = Seen(game, state, None, actor)
    squares = THEMES[board.theme][:2]
    for widget in widgets:
        widget.squares = squares
        widget.refresh(seen)
    heights = [max(0, int(widget.height)) for widget in widgets]
    stack = sum(heights) + GAP * max(0, len(heights) - 1)

    side = min(board_max, width)
    beside = bool(widgets) and side + GAP + WIDGET_W[0] <= width
    if beside:
        side = min(side, width - GAP - WIDGET_W[0])
    area = pygame.Rect(0, 0, side, side)
    board.set_rect(area)
    outer = board.outer
    if beside:
        column = min(WIDGET_W[1], width - outer.w - GAP)
        left = (width - outer.w - GAP - column) // 2
    else:
        column = min(WIDGET_W[1], width)
        left = (width - outer.w) // 2
    # The same area moved: the board (frame and coordinates) starts at the
    # top of the picture, at ``left``.
    board.set_rect(area.move(left - outer.left, -outer.top))
    if beside:
        x, y = board.outer.right + GAP, 0
        height = max(board.outer.h, stack)
    else:
        x, y = (width - column) // 2, board.outer.bottom + (GAP if widgets else 0)
        height = y + stack
    surface = pygame.Surface((width, max(1, height)), pygame.SRCALPHA)

    board.set_position(
        state.pieces(),
        adapter.last_move_squares(state),
        _check_square(state),
    )
    board.markers = dict(adapter.markers(state))
    if (
        game.kings_left_attacked
        and adapter.marks_kings_in_danger
        and settings.get("mark_attacked_kings", True)
    ):
        board.danger = tuple(state.kings_in_danger())
    board.draw(surface)
    for frm, to in arrows:
        board.draw_arrow(surface, (frm, to), ARROW)
    for sq in rings:
        rect = board.square_rect(sq)
        pygame.draw.circle(surface, RING, rect.center, int(rect.w * 0.47), max(3, rect.w // 12))

    paths = _NoPaths()
    for widget, h in zip(widgets, heights, strict=True):
        widget.rect = pygame.Rect(x, y, column, h)
        surface.set_clip(widget.rect)  # a long line stays in its column
        widget.draw(surface, paths)
        if placed is not None:
            placed.append(widget)
        y += h + GAP
        if cuts is not None:
            cuts.append(y - GAP)
    if cuts is not None and not beside:
        cuts.insert(0, board.outer.bottom)
    surface.set_clip(None)
    return surface


def _check_square(state: Any) -> int | None:
    try:
        return state.check_square()
    except Exception:  # as the play scene: a check square is a nicety
        return None


def words_under(diagram: Diagram) -> str:
    """The caption, then who is to act (a finished position: how it ended)."""
    caption = diagram.marks().caption
    state = diagram.state()
    result = state.result()
    if result is not None:
        turn = result.headline(state.game)
    else:
        acting = state.to_act()
        turn = state.prompt(acting[0]) if acting else ""
        name = state.game.seats[acting[0]] if acting else ""
        if turn and not turn.startswith(name):  # "Choose in secret..." says who
            turn = f"{name}: {turn}"
    if turn and turn.lower() in caption.lower():  # "White to move: ..." says it already
        turn = ""
    return " · ".join(w for w in (caption, turn) if w)


class DiagramImages:
    """The pictures of one sheet view: ``html`` gives the text box's markup
    for a block (its picture, then its caption), the picture written to a
    file once per block, size and theme."""

    def __init__(
        self,
        width: int,
        board_max: int,
        settings: Mapping[str, Any] | None = None,
        max_height: int | None = None,
    ):
        self.width = max(120, width)
        self.board_max = max(80, board_max)
        # The text box draws no more of a picture than its own height (it
        # crops an image to its view): a taller one goes in as slices.
        self.max_height = max(self.board_max, max_height or 0) if max_height else None
        self.settings = settings if settings is not None else {}
        self.drawn = 0  # pictures rendered (tests)

    def html(self, diagram: Diagram, caption_colour: str, error_colour: str) -> str | None:
        """The markup for ``diagram``, or a short note where it cannot be drawn."""
        try:
            paths = self._files(diagram)
            words = words_under(diagram)
        except DiagramError as e:
            return _note(str(e), error_colour)
        except Exception:  # a fault in a game's drawing: the sheet is still shown
            log.exception("diagram at %s", diagram.where)
            return _note(f"{diagram.where}: the diagram could not be drawn", error_colour)
        caption = (
            f"<font color='{caption_colour}'><i>{html.escape(words, quote=False)}</i></font><br>"
            if words
            else ""
        )
        # The text box spaces a row by LINE_SPACING times its height: a
        # picture's row is made that much shorter (a negative padding under
        # it), so the caption follows the board closely rather than a fifth
        # of a board lower.
        rows = []
        for n, path in enumerate(paths):
            height = _HEIGHTS[path]
            gap = CAPTION_GAP if n == len(paths) - 1 else 0
            under = int((height + gap) / LINE_SPACING) - height
            src = html.escape(path.as_posix())  # a user folder may hold a quote
            rows.append(f'<img src="{src}" padding="0 0 {under} 0"><br>')
        return f"{''.join(rows)}{caption}<br>"

    def _files(self, diagram: Diagram) -> list[Path]:
        """The picture's files: one, or its slices top to bottom."""
        theme = self.settings.get("board_theme", "")
        key = repr(
            (
                diagram.game_id,
                diagram.info,
                diagram.body,
                self.width,
                self.board_max,
                self.max_height,
                theme,
            )
        )
        stem = hashlib.sha1(key.encode()).hexdigest()[:20]
        cached = _SLICES.get(stem, [])
        if cached and all(p.parent == _folder() and p.exists() for p in cached):
            return cached
        cuts: list[int] = []
        surface = render(diagram, self.width, self.board_max, self.settings, cuts=cuts)
        self.drawn += 1
        paths = []
        for n, (top, bottom) in enumerate(slices(surface.get_height(), cuts, self.max_height)):
            path = _folder() / f"{stem}-{n}.png"
            part = surface.subsurface((0, top, surface.get_width(), bottom - top))
            pygame.image.save(part, str(path))
            _HEIGHTS[path] = bottom - top
            paths.append(path)
        _SLICES[stem] = paths
        return paths


def slices(height: int, cuts: list[int], most: int | None) -> list[tuple[int, int]]:
    """(top, bottom) of the parts of a picture ``height`` tall, each at most
    ``most`` tall, cut at the last allowed ``cuts`` that fits (else where
    the limit falls)."""
    if most is None or height <= most:
        return [(0, height)]
    out = []
    top = 0
    while height - top > most:
        fits = [c for c in cuts if top < c <= top + most]
        bottom = max(fits) if fits else top + most
        out.append((top, bottom))
        top = bottom
    out.append((top, height))
    return out


def _note(words: str, colour: str) -> str:
    return f"<font color='{colour}'><i>{html.escape(words, quote=False)}</i></font><br><br>"


_FOLDER: Path | None = None
_HEIGHTS: dict[Path, int] = {}  # each picture's height, written with it
_SLICES: dict[str, list[Path]] = {}  # a picture's files, by its key


def _folder() -> Path:
    """This run's folder of pictures (removed at exit)."""
    global _FOLDER
    if _FOLDER is None or not _FOLDER.is_dir():
        _FOLDER = Path(tempfile.mkdtemp(prefix="chess-variants-diagrams-"))
        atexit.register(shutil.rmtree, _FOLDER, True)
    return _FOLDER
