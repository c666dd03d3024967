"""A square-grid (or points) board: drawing, highlights and animation.

``BoardView`` knows nothing of the rules and takes no input: the scene tells
it what to show (``set_position``), hands it the engine's events to animate
(``animate``), and the click-path input (game/ui/play/input.py) sets what is
selected (``path``, ``target_squares``, ``capture_squares``, ``hover``) and
which square's piece is lifted by a drag (``lifted``); the scene's Hint sets
``hint``, a suggested action's squares joined by an arrow, and ``premove``.

Drawing is layered: the squares and coordinates come from one cached surface
per (square size, theme, flip); on top go the highlights (last move,
selection, check glow), the per-game markers (per marker the adapter's
``draw_marker`` first, else a lettered badge), the legal targets, the pieces
(the adapter's ``piece_image`` first, see ``use_adapter``), and pieces in
flight.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import pygame

from game.ui.animation import (
    HOME_SECONDS,
    Animator,
    HomeFlight,
    Step,
    bounce,
    ease,
    ease_back,
    ease_in_out,
    steps_from_events,
)

# (light, dark, frame, coordinate text on frame)
THEMES: dict[str, tuple[tuple[int, int, int], ...]] = {
    "wood": ((240, 217, 181), (181, 136, 99), (96, 66, 44), (238, 222, 196)),
    "green": ((238, 238, 210), (118, 150, 86), (58, 74, 46), (226, 232, 214)),
    "blue": ((222, 227, 230), (140, 162, 173), (52, 64, 76), (222, 230, 236)),
    "grey": ((224, 224, 224), (150, 150, 150), (60, 60, 64), (230, 230, 230)),
}
DEFAULT_THEME = "wood"

LAST_MOVE = (205, 210, 60, 110)
SELECTED = (20, 85, 30, 120)
TARGET = (20, 30, 40, 70)
TARGET_PICK = (20, 30, 40, 110)  # corners round an own piece to pick up or swap with
LANDING_ALPHA = 110  # the faint image of a thrown piece where it may land
HOVER = (255, 255, 255, 60)
CHECK = (230, 30, 20)
HINT, PREMOVE = (88, 176, 255), (150, 60, 200)  # game/ui/play/hint.py, premove.py


def _light(file: int, rank: int) -> bool:
    return (file + rank) % 2 == 1  # a1 is dark on every board


def _font(size: int) -> pygame.font.Font:
    from game.ui import art

    return art.ui_font(max(8, size), "bold")


class PieceArt:
    """Piece images from game.ui.art (which rasterises the SVGs at the size
    asked for), with a drawn token when the art cannot be had.

    ``source``: a game's own art, ``source(piece, size) -> Surface | None``
    (the adapter's ``piece_image``), asked first; None falls back to the SVGs.
    """

    def __init__(self, source: Callable[[Any, int], Any] | None = None) -> None:
        self.size = 0
        self.source = source
        self._cache: dict[tuple[int, str, int], pygame.Surface] = {}

    def resize(self, size: int) -> None:
        if size != self.size:
            self.size = size
            self._cache.clear()

    def set_source(self, source: Callable[[Any, int], Any] | None) -> None:
        self.source = source
        self._cache.clear()

    def get(self, piece: Any, size: int | None = None) -> pygame.Surface:
        key = (piece.side, piece.kind, size or self.size)
        surf = self._cache.get(key)
        if surf is None:
            surf = self._cache[key] = self._make(piece, key[2])
        return surf

    def _make(self, piece: Any, size: int) -> pygame.Surface:
        if self.source is not None:
            try:
                surf = self.source(piece, size)
            except Exception:
                surf = None
            if surf is not None:
                if surf.get_size() != (size, size):
                    surf = pygame.transform.smoothscale(surf, (size, size))
                return surf
        return piece_image(piece, size)


def piece_image(piece: Any, size: int) -> pygame.Surface:
    """The art for ``piece`` at ``size`` pixels square."""
    try:
        from game.ui import art

        surf = art.piece_surface(piece.side, piece.kind, size)
        if surf.get_size() != (size, size):
            surf = pygame.transform.smoothscale(surf, (size, size))
        return surf
    except Exception:  # no art module or no drawing: draw a token
        return _token(piece, size)


def _token(piece: Any, size: int) -> pygame.Surface:
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    fill = (250, 250, 250) if piece.side == 0 else (30, 30, 30)
    edge = (30, 30, 30) if piece.side == 0 else (230, 230, 230)
    r = int(size * 0.38)
    pygame.draw.circle(surf, fill, (size // 2, size // 2), r)
    pygame.draw.circle(surf, edge, (size // 2, size // 2), r, max(1, size // 24))
    letter = "N" if piece.kind == "knight" else piece.kind[:1].upper()
    text = _font(int(size * 0.42)).render(letter, True, edge)
    surf.blit(text, text.get_rect(center=(size // 2, size // 2)))
    return surf


class BoardView:
    def __init__(
        self,
        width: int,
        height: int,
        settings: Mapping[str, Any] | None = None,
        file_names: str = "abcdefghijklmnopqrstuvwxyz",
    ) -> None:
        self.width = width
        self.height = height
        self.settings = settings if settings is not None else {}
        self.file_names = file_names
        self.flipped = False
        self.style = "squares"  # or "points": places are the corners of the squares
        self.enabled = True  # False: no picking (computer to move, dialogs)

        # What is shown.
        self.shown: dict[int, Any] = {}
        self._target_position: dict[int, Any] = {}
        self.last_move: tuple[int, ...] = ()
        self.check_square: int | None = None
        # Kings the other side could take next, in games without a check
        # rule (the "Mark kings that can be taken" setting): marked as check is.
        self.danger: tuple[int, ...] = ()
        self.markers: dict[int, list[str]] = {}  # from the adapter; see draw_markers
        # The adapter's drawing hooks (game/ui/adapters.py MoveAdapter; a
        # marker not painted by a hook gets a lettered badge: "stack:3" "3").
        self.marker_drawer: Callable[[pygame.Surface, pygame.Rect, str], bool] | None = None
        self.over_drawer: Callable[[pygame.Surface, pygame.Rect, str], bool] | None = None
        self._painted: set[tuple[int, str]] = set()
        self.selection_source: Callable[[tuple[int, ...]], dict[int, list[str]]] | None = None
        self.selection_marks: dict[int, list[str]] = {}
        self.pending: tuple[int, int] | None = None  # a move waiting for a choice
        self.hint: tuple[int, ...] = ()  # the squares of a hinted action, in order
        self.premove: tuple[int, ...] = ()  # the squares of a move entered ahead of its turn

        # What the click-path input selects (game/ui/play/input.py sets it).
        self.path: list[int] = []
        self.target_squares: set[int] = set()
        self.capture_squares: set[int] = set()
        self.pick_squares: set[int] = set()  # own pieces to pick up or swap with
        self.hover: int | None = None
        self.lifted: int | None = None  # the square whose piece is being dragged

        self.builders: dict[str, Any] = {}  # a game's own event animations
        self.animator = Animator()
        self.flights: list[HomeFlight] = []

        # Geometry in pixels.
        self.rect = pygame.Rect(0, 0, 0, 0)  # the squares
        self.outer = pygame.Rect(0, 0, 0, 0)  # squares plus the coordinate frame
        self.square = 0
        self.margin = 0
        self.art = PieceArt()
        self._board_cache: dict[tuple, pygame.Surface] = {}
        self._overlay_cache: dict[tuple, pygame.Surface] = {}
        self.board_renders = 0  # how often the squares were drawn (tests)

    # -- layout ----------------------------------------------------------------
    def set_rect(self, area: pygame.Rect) -> None:
        """Fit the largest board (with its coordinate frame) into ``area``."""
        area = pygame.Rect(area)
        frame = 0.5  # both margins together, in squares
        sq = int(min(area.w / (self.width + frame), area.h / (self.height + frame)))
        sq = max(8, sq)
        margin = max(10, int(sq * frame / 2))
        bw, bh = sq * self.width, sq * self.height
        outer = pygame.Rect(0, 0, bw + 2 * margin, bh + 2 * margin)
        outer.center = area.center
        self.square = sq
        self.margin = margin
        self.outer = outer
        self.rect = pygame.Rect(outer.x + margin, outer.y + margin, bw, bh)
        self.art.resize(sq)
        self._overlay_cache.clear()

    def use_adapter(self, adapter: Any) -> None:
        """Take a game UI adapter's drawing hooks and its own animations."""
        self.art.set_source(adapter.piece_image)
        self.marker_drawer = adapter.draw_marker
        self.over_drawer = adapter.draw_marker_over
        self.selection_source = adapter.selection_markers
        self.builders = dict(adapter.animations)

    @property
    def theme(self) -> str:
        t = self.settings.get("board_theme", DEFAULT_THEME)
        return t if t in THEMES else DEFAULT_THEME

    # -- squares and pixels ----------------------------------------------------
    def cell(self, sq: int) -> tuple[int, int]:
        """(column, row) on screen, row 0 at the top."""
        f, r = sq % self.width, sq // self.width
        if self.flipped:
            return self.width - 1 - f, r
        return f, self.height - 1 - r

    def square_rect(self, sq: int) -> pygame.Rect:
        c, r = self.cell(sq)
        return pygame.Rect(
            self.rect.x + c * self.square, self.rect.y + r * self.square, self.square, self.square
        )

    def square_center(self, sq: int) -> tuple[int, int]:
        return self.square_rect(sq).center

    def square_at(self, pos: tuple[int, int]) -> int | None:
        """The square under a pixel, or None off the board."""
        x, y = pos
        if not self.rect.collidepoint(x, y) or self.square <= 0:
            return None
        c = (x - self.rect.x) // self.square
        r = (y - self.rect.y) // self.square
        if self.flipped:
            f, rank = self.width - 1 - c, r
        else:
            f, rank = c, self.height - 1 - r
        return rank * self.width + f

    # -- what is shown ---------------------------------------------------------
    def set_position(
        self,
        pieces: Mapping[int, Any],
        last_move: Iterable[int] = (),
        check_square: int | None = None,
    ) -> None:
        """Show a position at once (no animation); drops any animation."""
        self.animator.clear()
        self._target_position = dict(pieces)
        self.shown = dict(pieces)
        self.last_move = tuple(last_move)
        self.check_square = check_square
        self.pending = None

    def animate(
        self,
        events: Iterable[Any],
        pieces: Mapping[int, Any],
        last_move: Iterable[int] = (),
        check_square: int | None = None,
        instant_from: int | None = None,
    ) -> None:
        """Play the events' animations, then show ``pieces`` (the true
        position after them). ``instant_from``: a dragged piece's square."""
        self.pending = None
        speed = float(self.settings.get("animation_speed", 1.0) or 0.0)
        steps = steps_from_events(list(events), speed, instant_from, self.builders)
        self._target_position = dict(pieces)
        self.last_move = tuple(last_move)
        self.check_square = check_square
        self.animator.add(steps, self.shown, self._target_position)
        if not self.animator.busy:
            self.shown = dict(self._target_position)

    @property
    def animating(self) -> bool:
        return self.animator.busy or bool(self.flights)

    def update(self, dt: float) -> None:
        if self.animator.busy and self.animator.update(dt, self.shown):
            self.shown = dict(self._target_position)
        for f in self.flights:
            f.elapsed += dt
        self.flights = [f for f in self.flights if not f.done]

    # -- selection ------------------------------------------------------------------
    @property
    def selected(self) -> int | None:
        """The last place of the path (the piece picked up, for a move)."""
        return self.path[-1] if self.path else None

    def show_selection(self, path: list[int], targets: set[int]) -> None:
        """Mark the places clicked so far and those that continue them:
        targets holding an enemy of the first piece clicked are captures,
        those holding a piece of its own side are picked up or swapped with
        (a Horse-apult's throw, a Mage's swap, castling onto the rook), and
        the rest are squares to go to."""
        self.path = list(path)
        self.selection_marks = {}
        if path and self.selection_source is not None:
            try:
                self.selection_marks = dict(self.selection_source(tuple(path)))
            except Exception:
                pass
        self.target_squares = set(targets)
        # Occupied in the position the decision is about, not in the one an
        # animation still shows: a Mace that is still sliding to its square
        # when its swing is offered gets a ring, not a dot under it.
        position = self._target_position
        occupied = {t for t in targets if t in position and (not path or t != path[0])}
        first = position.get(path[0]) if path else None
        side = getattr(first, "side", None)
        self.pick_squares = {t for t in occupied if side is not None and position[t].side == side}
        self.capture_squares = occupied - self.pick_squares

    def fly_home(self, sq: int, pos: tuple[int, int]) -> None:
        """A piece dropped where it may not go flies back to ``sq`` from ``pos``."""
        piece = self.shown.get(sq)
        speed = float(self.settings.get("animation_speed", 1.0) or 0.0)
        duration = HOME_SECONDS / speed if speed > 0 else 0.0
        if piece is not None and duration > 0:
            self.flights.append(HomeFlight(piece, sq, (float(pos[0]), float(pos[1])), duration))

    # -- drawing ---------------------------------------------------------------
    def _board_surface(self) -> pygame.Surface:
        key = (
            self.square,
            self.margin,
            self.theme,
            self.flipped,
            self.width,
            self.height,
            self.style,
        )
        surf = self._board_cache.get(key)
        if surf is not None:
            return surf
        if len(self._board_cache) > 8:
            self._board_cache.clear()
        self.board_renders += 1
        light, dark, frame, label = THEMES[self.theme]
        surf = (
            pygame.Surface(self.outer.size).convert()
            if pygame.display.get_surface()
            else pygame.Surface(self.outer.size)
        )
        surf.fill(frame)
        m, s = self.margin, self.square
        if self.style == "points":
            # Pieces stand on the corners: (W-1)x(H-1) squares between the
            # point centres, half a square of light border round them.
            surf.fill(light, (m, m, s * self.width, s * self.height))
            h = s // 2
            for rank in range(self.height - 1):
                for f in range(self.width - 1):
                    c = (self.width - 2 - f) if self.flipped else f
                    r = rank if self.flipped else (self.height - 2 - rank)
                    color = light if _light(f, rank) else dark
                    surf.fill(color, (m + h + c * s, m + h + r * s, s, s))
            line = _mix(dark, (0, 0, 0), 0.35)
            for i in range(self.width):
                x = m + h + i * s
                pygame.draw.line(surf, line, (x, m + h), (x, m + h + (self.height - 1) * s))
            for i in range(self.height):
                y = m + h + i * s
                pygame.draw.line(surf, line, (m + h, y), (m + h + (self.width - 1) * s, y))
        else:
            for rank in range(self.height):
                for f in range(self.width):
                    c = (self.width - 1 - f) if self.flipped else f
                    r = rank if self.flipped else (self.height - 1 - rank)
                    color = light if _light(f, rank) else dark
                    surf.fill(color, (m + c * s, m + r * s, s, s))
        # A thin line round the squares.
        pygame.draw.rect(
            surf,
            _mix(frame, (0, 0, 0), 0.35),
            (m - 2, m - 2, s * self.width + 4, s * self.height + 4),
            2,
        )
        font = _font(max(10, int(m * 0.62)))
        for f in range(self.width):
            c = (self.width - 1 - f) if self.flipped else f
            text = font.render(self.file_names[f], True, label)
            x = m + c * s + s // 2
            surf.blit(text, text.get_rect(center=(x, m + self.height * s + m // 2)))
            surf.blit(text, text.get_rect(center=(x, m // 2)))
        for rank in range(self.height):
            r = rank if self.flipped else (self.height - 1 - rank)
            text = font.render(str(rank + 1), True, label)
            y = m + r * s + s // 2
            surf.blit(text, text.get_rect(center=(m // 2, y)))
            surf.blit(text, text.get_rect(center=(m + self.width * s + m // 2, y)))
        self._board_cache[key] = surf
        return surf

    def _overlay(self, name: str) -> pygame.Surface:
        """Small per-square overlays, made once per square size."""
        key = (name, self.square, self.style)
        surf = self._overlay_cache.get(key)
        if surf is not None:
            return surf
        s = self.square
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        points = self.style == "points"  # a place is a point: round tints
        if name == "last":
            if points:
                pygame.draw.circle(surf, LAST_MOVE, (s // 2, s // 2), int(s * 0.47))
            else:
                surf.fill(LAST_MOVE)
        elif name == "selected":
            if points:
                pygame.draw.circle(surf, SELECTED, (s // 2, s // 2), int(s * 0.47))
            else:
                surf.fill(SELECTED)
        elif name == "hover":
            pygame.draw.rect(surf, HOVER, (0, 0, s, s), max(2, s // 16))
        elif name == "dot":
            pygame.draw.circle(surf, TARGET, (s // 2, s // 2), max(3, int(s * 0.16)))
        elif name == "ring":
            pygame.draw.circle(surf, TARGET, (s // 2, s // 2), int(s * 0.49), max(3, s // 11))
        elif name == "pick":  # an own piece to pick up or swap with: its corners
            _corners(surf, TARGET_PICK, s, max(3, s // 11))
        elif name == "check":
            surf = _glow(s, CHECK)
        elif name in ("hint", "premove"):  # tinted and framed
            colour, alpha = (HINT, 40) if name == "hint" else (PREMOVE, 120)
            surf.fill((*colour, alpha))
            pygame.draw.rect(surf, (*colour, 235), (0, 0, s, s), max(3, s // 14))
        self._overlay_cache[key] = surf
        return surf

    def _draw_targets(self, surface: pygame.Surface) -> None:
        """The places that continue the path: a ring round a capture,
        corners round an own piece to pick up or swap with, the faint
        image of a thrown piece where it may land, else a dot."""
        ghost = self._ghost()
        for t in self.target_squares:
            if t < 0:
                continue  # a widget's place: the widget marks it
            name = "ring" if t in self.capture_squares else "dot"
            name = "pick" if t in self.pick_squares else name
            if ghost is not None and name == "dot":
                surface.blit(ghost, self.square_rect(t))
            else:
                surface.blit(self._overlay(name), self.square_rect(t))

    def _ghost(self) -> pygame.Surface | None:
        """A piece picked up by another (a Horse-apult's throw): its faint
        image marks the squares where it may land. None otherwise."""
        path = self.path
        piece = self.shown.get(path[-1]) if len(path) >= 2 and path[-1] != path[0] else None
        if piece is None:
            return None
        ghost = self.art.get(piece).copy()
        ghost.set_alpha(LANDING_ALPHA)
        return ghost

    def hidden_squares(self) -> set[int]:
        """Squares whose shown piece is drawn elsewhere (in flight, dragged)."""
        hide: set[int] = set()
        step = self.animator.current
        if step is not None:
            hide |= step.hides()
        for f in self.flights:
            hide.add(f.square)
        if self.lifted is not None:
            hide.add(self.lifted)
        if self.pending is not None and self.pending[0] >= 0:
            hide.add(self.pending[0])
        return hide

    def _glowing(self) -> set[int]:
        """The kings glowing red: in check, or open to capture (not while
        pieces move: the glow belongs to where they land)."""
        if self.animator.busy:
            return set()
        return {sq for sq in (self.check_square, *self.danger) if sq is not None}

    def draw(self, surface: pygame.Surface) -> None:
        if self.square <= 0:
            return
        surface.blit(self._board_surface(), self.outer.topleft)
        for sq in self.last_move:
            surface.blit(self._overlay("last"), self.square_rect(sq))
        for sq in self.path:
            if sq >= 0:
                surface.blit(self._overlay("selected"), self.square_rect(sq))
        for sq in self._glowing():
            surface.blit(self._overlay("check"), self.square_rect(sq))
        for sq in (*self.hint, *self.premove):  # a premove's tint wins
            name = "premove" if sq in self.premove else "hint"
            surface.blit(self._overlay(name), self.square_rect(sq))
        if self.markers or self.selection_marks:
            self.draw_markers(surface, under=True)

        hide = self.hidden_squares()
        for sq, piece in self.shown.items():
            if sq in hide:
                continue
            surface.blit(self.art.get(piece), self.square_rect(sq))
        if self.markers or self.selection_marks:
            self.draw_markers(surface, under=False)
        if self.pending is not None and min(self.pending) >= 0:
            frm, to = self.pending
            piece = self.shown.get(frm)
            if piece is not None:
                surface.blit(self.art.get(piece), self.square_rect(to))

        if self.settings.get("show_legal_moves", True) and self.target_squares:
            self._draw_targets(surface)
            if self.lifted is not None and self.hover in self.target_squares:
                surface.blit(self._overlay("hover"), self.square_rect(self.hover))

        if len(self.hint) > 1 and not self.animator.busy:
            self.draw_arrow(surface, self.hint, (*HINT, 165))
        step = self.animator.current
        if step is not None:
            self._draw_step(surface, step)
        for f in self.flights:
            t = ease(f.elapsed / f.duration if f.duration else 1.0)
            hx, hy = self.square_center(f.square)
            x = f.start[0] + (hx - f.start[0]) * t
            y = f.start[1] + (hy - f.start[1]) * t
            img = self.art.get(f.piece)
            surface.blit(img, img.get_rect(center=(int(x), int(y))))

    def draw_markers(self, surface: pygame.Surface, under: bool) -> None:
        """The adapter's markers: under the pieces whatever the game's own
        ``marker_drawer`` paints; over them a lettered badge for the rest
        ("stack:3" shows its number)."""
        s = self.square
        if under:
            self._painted = set()
        marks = self.markers
        if self.selection_marks:
            marks = {sq: list(names) for sq, names in marks.items()}
            for sq, names in self.selection_marks.items():
                marks.setdefault(sq, []).extend(names)
        for sq, names in marks.items():
            if sq < 0 or sq >= self.width * self.height:
                continue
            rect = self.square_rect(sq)
            for i, name in enumerate(names):
                if under:
                    if self.marker_drawer is not None:
                        try:
                            if self.marker_drawer(surface, rect, name):
                                self._painted.add((sq, name))
                        except Exception:
                            pass
                    continue
                if self.over_drawer is not None and self.over_drawer(surface, rect, name):
                    continue
                if (sq, name) in self._painted:
                    continue
                kind, _, arg = name.partition(":")
                r = max(7, s // 7)
                cx = rect.right - r - 2 - i * (2 * r + 2)
                cy = rect.bottom - r - 2
                pygame.draw.circle(surface, (30, 33, 38), (cx, cy), r)
                pygame.draw.circle(surface, (217, 164, 90), (cx, cy), r, max(1, r // 5))
                text = arg if arg else kind[:1].upper()
                img = _font(int(r * 1.3)).render(text, True, (240, 232, 216))
                surface.blit(img, img.get_rect(center=(cx, cy)))

    def _draw_step(self, surface: pygame.Surface, step: Step) -> None:
        p = step.progress
        # Things on the board first (fades, falls, swaps, arrivals), then
        # what moves over it (slides, lunges, teleports, arrows).
        for tr in step.tracks:
            u = tr.local(p)
            if tr.kind == "fade" and tr.piece is not None:
                self._blit(surface, tr.piece, self.square_center(tr.to), alpha=1.0 - u)
            elif tr.kind == "fall" and tr.piece is not None:
                self._draw_fall(surface, tr, u)
            elif tr.kind == "swap":
                center = self.square_center(tr.to)
                if tr.piece is not None:
                    self._blit(surface, tr.piece, center, alpha=1.0 - u)
                if tr.new_piece is not None:
                    self._blit(surface, tr.new_piece, center, alpha=u)
            elif tr.kind == "appear" and tr.piece is not None:
                scale = max(0.05, ease_back(u))
                self._blit(surface, tr.piece, self.square_center(tr.to), scale, min(1.0, 3 * u))
            elif tr.kind == "drop" and tr.piece is not None:
                cx, cy = self.square_center(tr.to)
                y = cy - self.square * 0.7 * (1.0 - bounce(u))
                self._blit(surface, tr.piece, (cx, y), alpha=min(1.0, 4 * u))
        for tr in step.tracks:
            u = tr.local(p)
            if tr.kind == "slide" and tr.piece is not None:
                self._draw_slide(surface, tr, u)
            elif tr.kind == "lunge" and tr.piece is not None:
                ax, ay = self.square_center(tr.frm)
                bx, by = self.square_center(tr.to)
                k = 0.45 * math.sin(math.pi * u)
                self._blit(surface, tr.piece, (ax + (bx - ax) * k, ay + (by - ay) * k))
            elif tr.kind == "teleport" and tr.piece is not None:
                self._draw_teleport(surface, tr, u)
            elif tr.kind == "arrow":
                self._draw_arrow(surface, tr, u)

    def _blit(
        self,
        surface: pygame.Surface,
        piece: Any,
        center: tuple[float, float],
        scale: float = 1.0,
        alpha: float = 1.0,
    ) -> None:
        """A piece centred on a pixel, scaled and faded."""
        img = self.art.get(piece)
        if abs(scale - 1.0) > 0.01:
            size = max(1, int(self.square * scale))
            img = pygame.transform.smoothscale(img, (size, size))
        if alpha < 0.999:
            img = img.copy()
            img.set_alpha(max(0, min(255, int(255 * alpha))))
        surface.blit(img, img.get_rect(center=(int(center[0]), int(center[1]))))

    def _draw_slide(self, surface: pygame.Surface, tr: Any, u: float) -> None:
        if tr.instant or tr.frm is None:
            self._blit(surface, tr.piece, self.square_center(tr.to))
            return
        ax, ay = self.square_center(tr.frm)
        bx, by = self.square_center(tr.to)
        arc = tr.lift or tr.bend
        t = ease_in_out(u) if arc else ease(u)
        x, y = ax + (bx - ax) * t, ay + (by - ay) * t
        hump = 4.0 * t * (1.0 - t)  # 0 at both ends, 1 half way
        if tr.lift:
            # A parabola above the straight line, higher for a longer throw.
            dist = math.hypot(bx - ax, by - ay) / max(1, self.square)
            y -= hump * self.square * tr.lift * (0.6 + 0.25 * dist)
        if tr.bend:
            # Sideways off the line (to the left of its direction), so two
            # pieces changing places pass each other.
            length = math.hypot(bx - ax, by - ay) or 1.0
            nx, ny = -(by - ay) / length, (bx - ax) / length
            x += nx * hump * self.square * tr.bend
            y += ny * hump * self.square * tr.bend
        scale = 1.0 + tr.grow * hump
        if tr.lift:  # its shadow on the board, where it will come down
            shadow = pygame.Surface((self.square, self.square // 3), pygame.SRCALPHA)
            pygame.draw.ellipse(shadow, (0, 0, 0, int(70 * (1 - 0.5 * hump))), shadow.get_rect())
            gx, gy = ax + (bx - ax) * t, ay + (by - ay) * t + self.square * 0.32
            surface.blit(shadow, shadow.get_rect(center=(int(gx), int(gy))))
        self._blit(surface, tr.piece, (x, y), scale)

    def _draw_fall(self, surface: pygame.Surface, tr: Any, u: float) -> None:
        """A struck piece: a flash as the blow lands, then it shrinks and fades."""
        cx, cy = self.square_center(tr.to)
        if u <= 0:
            self._blit(surface, tr.piece, (cx, cy))
            return
        self._blit(surface, tr.piece, (cx, cy + self.square * 0.15 * u), 1.0 - 0.45 * u, 1.0 - u)
        if u < 0.6:
            k = u / 0.6
            r = int(self.square * (0.2 + 0.35 * k))
            flash = pygame.Surface((2 * r + 2, 2 * r + 2), pygame.SRCALPHA)
            pygame.draw.circle(flash, (255, 244, 200, int(200 * (1 - k))), (r + 1, r + 1), r)
            pygame.draw.circle(
                flash, (255, 190, 80, int(255 * (1 - k))), (r + 1, r + 1), r, max(2, r // 6)
            )
            surface.blit(flash, flash.get_rect(center=(cx, cy)))

    def _draw_teleport(self, surface: pygame.Surface, tr: Any, u: float) -> None:
        """Out at ``frm`` (fading, shrinking), in at ``to`` inside a sparkle ring."""
        if u < 0.5:
            k = u / 0.5
            center = self.square_center(tr.frm)
            self._blit(surface, tr.piece, center, 1.0 - 0.5 * k, 1.0 - k)
            self._sparkle(surface, center, k, fading=True)
        else:
            k = (u - 0.5) / 0.5
            center = self.square_center(tr.to)
            self._blit(surface, tr.piece, center, 0.5 + 0.5 * ease(k), k)
            self._sparkle(surface, center, k, fading=False)

    def _sparkle(
        self, surface: pygame.Surface, center: tuple[int, int], k: float, fading: bool
    ) -> None:
        s = self.square
        r = s * (0.25 + 0.3 * k) if not fading else s * (0.5 - 0.2 * k)
        alpha = int(230 * (1 - k)) if not fading else int(230 * (1 - 0.6 * k))
        layer = pygame.Surface((s * 2, s * 2), pygame.SRCALPHA)
        c = (s, s)
        pygame.draw.circle(layer, (170, 140, 255, alpha // 2), c, int(r), max(2, s // 20))
        for i in range(8):
            a = i * math.pi / 4 + k * math.pi
            px, py = c[0] + r * math.cos(a), c[1] + r * math.sin(a)
            pygame.draw.circle(layer, (235, 225, 255, alpha), (int(px), int(py)), max(2, s // 22))
        surface.blit(layer, layer.get_rect(center=center))

    def _draw_arrow(self, surface: pygame.Surface, tr: Any, u: float) -> None:
        """An arrow from ``frm`` to ``to``: the shaft trails the head."""
        if u <= 0 or tr.frm is None or tr.to is None:
            return
        ax, ay = self.square_center(tr.frm)
        bx, by = self.square_center(tr.to)
        head = min(1.0, u / 0.6)  # the arrow arrives at 60 %, then stays a moment
        tail = max(0.0, head - 0.45)
        hx, hy = ax + (bx - ax) * head, ay + (by - ay) * head
        tx, ty = ax + (bx - ax) * tail, ay + (by - ay) * tail
        length = math.hypot(bx - ax, by - ay) or 1.0
        dx, dy = (bx - ax) / length, (by - ay) / length
        w = max(2, self.square // 18)
        pygame.draw.line(surface, (70, 45, 25), (tx, ty), (hx, hy), w)
        size = self.square * 0.18
        left = (hx - dx * size - dy * size * 0.55, hy - dy * size + dx * size * 0.55)
        right = (hx - dx * size + dy * size * 0.55, hy - dy * size - dx * size * 0.55)
        pygame.draw.polygon(surface, (40, 40, 44), [(hx, hy), left, right])
        # Fletching at the tail.
        pygame.draw.line(
            surface,
            (220, 60, 50),
            (tx - dy * size * 0.4, ty + dx * size * 0.4),
            (tx + dy * size * 0.4, ty - dx * size * 0.4),
            w,
        )

    def draw_arrow(self, surface: pygame.Surface, squares: Iterable[int], colour: tuple) -> None:
        """A broad translucent arrow through ``squares`` in order, over the
        pieces (a hint's, a rule sheet diagram's)."""
        layer = pygame.Surface(self.rect.size, pygame.SRCALPHA)
        points = [(x - self.rect.x, y - self.rect.y) for x, y in map(self.square_center, squares)]
        w = max(4, self.square // 5)
        for a, b in zip(points, points[1:], strict=False):
            ax, ay = a
            bx, by = b
            length = math.hypot(bx - ax, by - ay)
            if length < 1:
                continue
            dx, dy = (bx - ax) / length, (by - ay) / length
            head = min(self.square * 0.45, length * 0.6)
            # The shaft stops where the head begins, so the two never overlap.
            cx, cy = bx - dx * head, by - dy * head
            pygame.draw.line(layer, colour, (ax, ay), (cx, cy), w)
            pygame.draw.circle(layer, colour, (int(ax), int(ay)), w // 2)
            half = head * 0.75
            tip = (bx - dx * self.square * 0.12, by - dy * self.square * 0.12)
            pygame.draw.polygon(
                layer,
                colour,
                [tip, (cx - dy * half, cy + dx * half), (cx + dy * half, cy - dx * half)],
            )
        surface.blit(layer, self.rect.topleft)


def tint(surface: pygame.Surface, rect: pygame.Rect, rgba, edge=None) -> None:
    """Wash a square with a translucent colour (and an edge of another), for
    the games' own markers."""
    layer = pygame.Surface(rect.size, pygame.SRCALPHA)
    layer.fill(rgba)
    if edge is not None:
        pygame.draw.rect(layer, edge, layer.get_rect(), max(2, rect.w // 18))
    surface.blit(layer, rect)


def _mix(a: tuple[int, ...], b: tuple[int, ...], t: float) -> tuple[int, int, int]:
    return tuple(int(a[i] + (b[i] - a[i]) * t) for i in range(3))  # type: ignore[return-value]


def _corners(surf: pygame.Surface, color: tuple[int, ...], size: int, width: int) -> None:
    """Four corner brackets round the square (not the capture ring: the
    piece inside is the mover's own)."""
    arm = size * 3 // 10
    inset = width // 2 + 1
    far = size - 1 - inset
    for x, dx in ((inset, 1), (far, -1)):
        for y, dy in ((inset, 1), (far, -1)):
            pygame.draw.line(surf, color, (x, y), (x + dx * arm, y), width)
            pygame.draw.line(surf, color, (x, y), (x, y + dy * arm), width)


def _glow(size: int, color: tuple[int, int, int]) -> pygame.Surface:
    """A radial red glow for a king in check."""
    surf = pygame.Surface((size, size), pygame.SRCALPHA)
    c = size / 2
    steps = max(8, size // 4)
    for i in range(steps, 0, -1):
        r = c * 0.95 * i / steps
        a = int(230 * (1 - i / steps) ** 0.7)
        pygame.draw.circle(surf, (*color, a), (int(c), int(c)), max(1, int(r)))
    return surf
