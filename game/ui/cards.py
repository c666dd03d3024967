"""Chess cards on screen: the card pictures, where n cards go in a rectangle,
which card is under a point, and drawing a hand, a face-up line and a pile.

Stateless helpers for the card widgets of the card games; they know nothing
of scenes or rules. Cards are ``game.engine.cards.Card`` values, None for a
card seen from the back. Pictures are the SVGs in assets/cards/ (written by
scripts/make_card_art.py), rasterised at the width asked for and cached;
treat them as read-only. Layouts return one ``pygame.Rect`` per card in
drawing order (later cards on top) and always stay inside the rectangle given.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from pathlib import Path

import pygame

from game.engine.cards import Card
from game.resources import asset
from game.ui.art import SurfaceCache, ui_font

RATIO = 7 / 5  # height / width, as playing cards
LIFT = 0.18  # how far a selected card in a hand rises, as a share of its height
GAP = 1 / 12  # space between cards that fit side by side, as a share of the width
STRIP = 1 / 8  # the least of an overlapped card a long row shows, as a share of the width
PILE_DEPTH = 4  # layers a pile shows at most
PILE_STEP = 0.035  # offset between a pile's layers, as a share of the width

HIGHLIGHT = (236, 196, 52)  # cards that may be played
SELECTED = (40, 150, 70)  # the card picked up
SLOT = (255, 255, 255, 70)  # an empty pile's outline
BADGE = (24, 24, 28, 215)  # behind a pile's count
BADGE_TEXT = (250, 248, 240)

_SIDE_NAMES = ("white", "black")
_cache = SurfaceCache(256)


# ------------------------------------------------------------------ pictures
def card_height(width: int) -> int:
    return max(1, round(width * RATIO))


def card_path(card: Card | None) -> Path:
    """The drawing of ``card`` (None: the back)."""
    if card is None:
        return asset("cards", "back.svg")
    return asset("cards", f"{_SIDE_NAMES[card.side]}_{card.kind}.svg")


def card_surface(card: Card | None, width: int) -> pygame.Surface:
    """``card`` (None: the back) drawn ``width`` px wide and ``card_height``
    high, with per-pixel alpha (the rounded corners are clear). Cached per
    card and width; a drawing that fails to load gives a plain placeholder."""
    key = (card, max(1, int(width)))
    return _cache.fetch(key, lambda: _load(*key))


def clear_cache() -> None:
    _cache.clear()


def _load(card: Card | None, width: int) -> pygame.Surface:
    size = (width, card_height(width))
    try:
        surface = pygame.image.load_sized_svg(str(card_path(card)), size)
    except (pygame.error, OSError, ValueError):
        return _placeholder(card, size)
    if surface.get_size() != size:
        surface = pygame.transform.smoothscale(surface, size)
    if pygame.display.get_init() and pygame.display.get_surface() is not None:
        return surface.convert_alpha()
    return surface


def _placeholder(card: Card | None, size: tuple[int, int]) -> pygame.Surface:
    """A rounded card with the card's letter, should a drawing be missing."""
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    radius = max(1, size[0] // 14)
    fill = (31, 59, 90) if card is None else (251, 247, 238)
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, (107, 98, 89), rect, max(1, size[0] // 60), border_radius=radius)
    if card is not None and size[0] >= 8:
        ink = (179, 38, 30) if card.side == 0 else (37, 40, 46)
        text = ui_font(max(6, size[0] // 2), "bold").render(card.letter.upper(), True, ink)
        surface.blit(text, text.get_rect(center=rect.center))
    return surface


# ------------------------------------------------------------------- layouts
def _fit_width(area: pygame.Rect, height_share: float, max_width: int | None) -> int:
    """The widest card whose height times ``height_share`` fits ``area``."""
    width = min(area.width, int(area.height / (RATIO * height_share)))
    if max_width is not None:
        width = min(width, max_width)
    while width > 1 and card_height(width) * height_share > area.height:
        width -= 1  # rounding of the height
    return max(1, width)


def _row_width(n: int, fitted: int, span: int) -> int:
    """Narrower cards for a long row, so each overlapped card still shows a
    strip of ``STRIP`` of its width; never below half the ``fitted`` width
    (past that the cards overlap more)."""
    showing = int(span / (1 + (n - 1) * STRIP))
    return max(1, min(fitted, max(fitted // 2, showing)))


def _row_xs(n: int, width: int, left: int, span: int, centred: bool) -> list[int]:
    """Left edges of ``n`` cards in a row ``span`` wide: apart by a small gap
    when they fit, else overlapping evenly so the last ends at the right edge."""
    gap = max(1, round(width * GAP))
    full = n * width + (n - 1) * gap
    if full <= span:
        start = left + (span - full) // 2 if centred else left
        return [start + i * (width + gap) for i in range(n)]
    if n == 1:
        return [left]
    step = (span - width) / (n - 1)
    return [left + int(i * step) for i in range(n)]


def hand_rects(
    n: int,
    area: pygame.Rect,
    lifted: Collection[int] = (),
    max_width: int | None = None,
) -> list[pygame.Rect]:
    """A hand of ``n`` cards: a centred row along the bottom of ``area``,
    overlapping when long, with room above for the ``lifted`` (selected)
    cards, which are raised."""
    if n <= 0:
        return []
    area = pygame.Rect(area)
    width = _row_width(n, _fit_width(area, 1 + LIFT, max_width), area.width)
    height = card_height(width)
    lift = min(round(height * LIFT), area.height - height)
    top = area.bottom - height
    return [
        pygame.Rect(x, top - lift if i in lifted else top, width, height)
        for i, x in enumerate(_row_xs(n, width, area.x, area.width, centred=True))
    ]


def line_rects(
    n: int,
    area: pygame.Rect,
    centred: bool = False,
    max_width: int | None = None,
) -> list[pygame.Rect]:
    """A face-up line of ``n`` cards, left to right (or centred), in the
    middle of ``area``'s height, overlapping when long."""
    if n <= 0:
        return []
    area = pygame.Rect(area)
    width = _row_width(n, _fit_width(area, 1.0, max_width), area.width)
    height = card_height(width)
    top = area.y + (area.height - height) // 2
    return [
        pygame.Rect(x, top, width, height)
        for x in _row_xs(n, width, area.x, area.width, centred=centred)
    ]


def pile_step(width: int) -> int:
    return max(1, round(width * PILE_STEP))


def pile_slot(area: pygame.Rect, max_width: int | None = None) -> pygame.Rect:
    """Where a pile's bottom card lies in ``area`` (the target of a drop,
    and the outline of an empty pile)."""
    area = pygame.Rect(area)
    width = _fit_width(area, 1.0, max_width)
    step = pile_step(width)
    while width > 1 and (
        width + step * (PILE_DEPTH - 1) > area.width
        or card_height(width) + step * (PILE_DEPTH - 1) > area.height
    ):
        width -= 1
        step = pile_step(width)
    height = card_height(width)
    spread = step * (PILE_DEPTH - 1)
    left = area.x + (area.width - width - spread) // 2
    top = area.y + (area.height - height - spread) // 2 + spread
    return pygame.Rect(left, top, width, height)


def pile_rects(n: int, area: pygame.Rect, max_width: int | None = None) -> list[pygame.Rect]:
    """A pile of ``n`` cards (the last on top) as a small stack rising up and
    to the right; the cards below the top ``PILE_DEPTH`` share the bottom
    layer."""
    if n <= 0:
        return []
    slot = pile_slot(area, max_width)
    step = pile_step(slot.width)
    shown = min(n, PILE_DEPTH)
    return [slot.move(layer * step, -layer * step) for layer in _pile_layers(n, shown)]


def _pile_layers(n: int, shown: int) -> list[int]:
    return [max(0, i - (n - shown)) for i in range(n)]


def card_at(rects: Sequence[pygame.Rect], pos: tuple[int, int]) -> int | None:
    """The index of the topmost card (the last drawn) under ``pos``, or None."""
    for i in range(len(rects) - 1, -1, -1):
        if rects[i].collidepoint(pos):
            return i
    return None


# ------------------------------------------------------------------- drawing
def _ring(surface: pygame.Surface, rect: pygame.Rect, colour, thick: bool) -> None:
    width = max(2, rect.width // (14 if thick else 22))
    radius = max(2, rect.width // 14)
    pygame.draw.rect(surface, colour, rect, width, border_radius=radius)


def draw_cards(
    surface: pygame.Surface,
    cards: Sequence[Card | None],
    rects: Sequence[pygame.Rect],
    selected: Collection[int] = (),
    highlighted: Collection[int] = (),
) -> None:
    """Each card at its rect (None: its back), in order; a ring round the
    highlighted ones and a stronger one round the selected ones."""
    for i, (card, rect) in enumerate(zip(cards, rects, strict=True)):
        surface.blit(card_surface(card, rect.width), rect)
        if i in selected:
            _ring(surface, rect, SELECTED, thick=True)
        elif i in highlighted:
            _ring(surface, rect, HIGHLIGHT, thick=False)


def draw_hand(
    surface: pygame.Surface,
    cards: Sequence[Card | None],
    area: pygame.Rect,
    selected: Collection[int] = (),
    highlighted: Collection[int] = (),
    max_width: int | None = None,
) -> list[pygame.Rect]:
    """A hand (``hand_rects``) with the selected cards lifted; returns the
    rects, for ``card_at``."""
    rects = hand_rects(len(cards), area, selected, max_width)
    draw_cards(surface, cards, rects, selected, highlighted)
    return rects


def draw_line(
    surface: pygame.Surface,
    cards: Sequence[Card | None],
    area: pygame.Rect,
    selected: Collection[int] = (),
    highlighted: Collection[int] = (),
    centred: bool = False,
    max_width: int | None = None,
) -> list[pygame.Rect]:
    """A face-up line (``line_rects``); returns the rects."""
    rects = line_rects(len(cards), area, centred, max_width)
    draw_cards(surface, cards, rects, selected, highlighted)
    return rects


def draw_pile(
    surface: pygame.Surface,
    area: pygame.Rect,
    count: int,
    top: Card | None = None,
    show_count: bool = True,
    highlighted: bool = False,
    max_width: int | None = None,
) -> list[pygame.Rect]:
    """A pile of ``count`` cards: backs, with ``top`` face up on top if given
    (a discard pile), and the count on a badge. An empty pile is an outline.
    Returns ``pile_rects`` (empty for an empty pile; ``pile_slot`` is where
    a card dropped on it would go)."""
    if count <= 0:
        slot = pile_slot(area, max_width)
        _outline(surface, slot)
        return []
    rects = pile_rects(count, area, max_width)
    for i in range(count - min(count, PILE_DEPTH), count):  # the cards below share a layer
        face = top if i == count - 1 else None
        surface.blit(card_surface(face, rects[i].width), rects[i])
    if highlighted:
        _ring(surface, rects[-1], HIGHLIGHT, thick=False)
    if show_count:
        _badge(surface, rects[-1], str(count))
    return rects


def _outline(surface: pygame.Surface, rect: pygame.Rect) -> None:
    overlay = pygame.Surface(rect.size, pygame.SRCALPHA)
    radius = max(2, rect.width // 14)
    pygame.draw.rect(overlay, SLOT, overlay.get_rect(), max(1, rect.width // 40), radius)
    surface.blit(overlay, rect)


def _badge(surface: pygame.Surface, card: pygame.Rect, text: str) -> None:
    """``text`` on a dark pill at the bottom middle of ``card`` (over the
    bottom pips, which repeat the top ones)."""
    size = max(10, min(28, round(card.width * 0.2)))
    label = ui_font(size, "bold").render(text, True, BADGE_TEXT)
    while label.get_width() > card.width - 4 and size > 6:  # a narrow card: a smaller font
        size -= 1
        label = ui_font(size, "bold").render(text, True, BADGE_TEXT)
    pad_x, pad_y = max(3, size // 3), max(1, size // 8)
    pill = pygame.Rect(0, 0, label.get_width() + 2 * pad_x, label.get_height() + 2 * pad_y)
    pill.width = min(pill.width, card.width)
    pill.height = min(pill.height, card.height)
    pill.midbottom = (card.centerx, card.bottom - max(2, card.height // 16))
    pill.clamp_ip(card)
    back = pygame.Surface(pill.size, pygame.SRCALPHA)
    pygame.draw.rect(back, BADGE, back.get_rect(), border_radius=pill.height // 2)
    surface.blit(back, pill)
    surface.blit(label, label.get_rect(center=pill.center))
