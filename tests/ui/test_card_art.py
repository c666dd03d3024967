"""The chess-card drawings (assets/cards/, scripts/make_card_art.py) and the
helpers that lay out and draw them (game.ui.cards)."""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys

import pygame
import pytest

from game.engine.cards import KINDS, Card
from game.resources import ROOT, asset
from game.ui import cards as ui_cards
from game.ui.cards import card_at, card_height, card_surface

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

CARDS = [Card(side, kind) for side in (0, 1) for kind in KINDS]
EVERY = [*CARDS, None]  # None: the back


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    ui_cards.clear_cache()
    yield
    ui_cards.clear_cache()


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


# ------------------------------------------------------------------- the art
@pytest.mark.parametrize("card", EVERY, ids=str)
def test_every_drawing_is_plain_svg(card):
    path = ui_cards.card_path(card)
    assert path.is_file(), path
    text = path.read_text(encoding="utf-8")
    assert 'viewBox="0 0 250 350"' in text
    assert "<text" not in text and "href" not in text  # nanosvg draws neither
    assert set(re.findall(r"<(\w+)", text)) <= {"svg", "g", "path", "rect", "circle", "ellipse"}


@pytest.mark.parametrize("card", EVERY, ids=str)
@pytest.mark.parametrize("width", [24, 60, 140, 250])
def test_every_card_loads_at_the_size_asked(card, width):
    surface = card_surface(card, width)
    height = card_height(width)
    assert surface.get_size() == (width, height)
    assert height == round(width * 7 / 5)
    assert surface.get_flags() & pygame.SRCALPHA
    assert surface.get_at((0, 0)).a < 128, "rounded corners are clear"
    assert surface.get_at((width // 2, height // 2)).a == 255
    opaque = pygame.mask.from_surface(surface, 254).count()
    assert opaque > 0.8 * width * height  # all but the soft edge


def test_the_cards_all_differ():
    drawn = {str(card): pixels(card_surface(card, 60)) for card in EVERY}
    for (a, pa), (b, pb) in itertools.combinations(drawn.items(), 2):
        assert pa != pb, (a, b)


@pytest.mark.parametrize("kind", KINDS)
def test_white_cards_are_red_and_black_cards_dark(kind):
    width = 140
    y = round(11 * width / 250)  # the accent frame
    white = card_surface(Card(0, kind), width).get_at((width // 2, y))
    black = card_surface(Card(1, kind), width).get_at((width // 2, y))
    assert white.r > 150 and white.g < 80 and white.b < 80, white
    assert max(black.r, black.g, black.b) < 70, black


def test_the_drawings_are_what_the_script_writes(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT / "scripts"))
    spec = importlib.util.spec_from_file_location(
        "make_card_art", ROOT / "scripts" / "make_card_art.py"
    )
    script = importlib.util.module_from_spec(spec)
    monkeypatch.setitem(sys.modules, "make_card_art", script)
    spec.loader.exec_module(script)
    drawings = script.drawings()
    assert len(drawings) == 15
    for name, text in drawings.items():
        assert asset("cards", name).read_text(encoding="utf-8") == text, (
            f"{name} is stale: run scripts/make_card_art.py"
        )


def test_the_cache_returns_the_same_surface():
    a = card_surface(Card(0, "queen"), 80)
    assert card_surface(Card(0, "queen"), 80) is a
    assert card_surface(Card(1, "queen"), 80) is not a
    assert card_surface(Card(0, "queen"), 81) is not a
    ui_cards.clear_cache()
    assert card_surface(Card(0, "queen"), 80) is not a


def test_a_missing_drawing_gives_a_placeholder(monkeypatch, tmp_path):
    monkeypatch.setattr(ui_cards, "card_path", lambda card: tmp_path / "missing.svg")
    for card in (Card(0, "rook"), None):
        surface = card_surface(card, 50)
        assert surface.get_size() == (50, 70)
        assert surface.get_at((25, 35)).a == 255


# ------------------------------------------------------------------- layouts
AREAS = [
    pygame.Rect(0, 0, 800, 160),
    pygame.Rect(13, 27, 300, 120),
    pygame.Rect(5, 5, 90, 200),
    pygame.Rect(100, 50, 1200, 90),
    pygame.Rect(0, 0, 60, 60),
]


@pytest.mark.parametrize("area", AREAS, ids=str)
def test_layouts_stay_inside_their_rectangle(area):
    for n in range(1, 41):
        every_other = set(range(0, n, 2))
        layouts = {
            "hand": ui_cards.hand_rects(n, area),
            "hand lifted": ui_cards.hand_rects(n, area, lifted=every_other),
            "hand small": ui_cards.hand_rects(n, area, max_width=40),
            "line": ui_cards.line_rects(n, area),
            "line centred": ui_cards.line_rects(n, area, centred=True),
            "pile": ui_cards.pile_rects(n, area),
        }
        for name, rects in layouts.items():
            assert len(rects) == n, name
            for rect in rects:
                assert area.contains(rect), (name, n, rect)
                assert rect.height == card_height(rect.width), (name, n)
                assert rect.width >= 1
            if name != "pile":
                xs = [r.x for r in rects]
                assert xs == sorted(xs) and len(set(xs)) == n, (name, n)
    assert ui_cards.hand_rects(0, area) == [] and ui_cards.pile_rects(0, area) == []
    assert area.contains(ui_cards.pile_slot(area))


def test_cards_that_fit_sit_apart_and_long_rows_overlap():
    area = pygame.Rect(0, 0, 800, 140)
    few = ui_cards.line_rects(3, area)
    assert few[0].left == area.left  # a line starts at the left
    assert all(a.right < b.left for a, b in itertools.pairwise(few))
    many = ui_cards.line_rects(30, area)
    assert many[0].width == few[0].width  # long rows overlap rather than shrink
    assert many[-1].right == area.right
    hand = ui_cards.hand_rects(3, area)
    assert hand[0].left - area.left == area.right - hand[-1].right  # a hand is centred


def test_a_selected_card_is_lifted():
    area = pygame.Rect(0, 0, 600, 150)
    rests = ui_cards.hand_rects(5, area)
    lifted = ui_cards.hand_rects(5, area, lifted={2})
    assert lifted[2].y < rests[2].y and lifted[2].x == rests[2].x
    assert [r for i, r in enumerate(lifted) if i != 2] == [r for i, r in enumerate(rests) if i != 2]
    assert all(r.bottom == area.bottom for r in rests)


def test_a_pile_is_a_small_offset_stack():
    area = pygame.Rect(0, 0, 120, 160)
    rects = ui_cards.pile_rects(12, area)
    assert len({tuple(r) for r in rects}) == ui_cards.PILE_DEPTH
    assert rects[0] == rects[7] == ui_cards.pile_slot(area)  # the cards below share a layer
    assert rects[-1].x > rects[0].x and rects[-1].y < rects[0].y
    assert ui_cards.pile_rects(2, area) == rects[-4:-2]  # the bottom layers stay put


def test_card_at_picks_the_topmost():
    rects = ui_cards.hand_rects(10, pygame.Rect(0, 0, 200, 100))
    overlap = (rects[4].left, rects[4].centery)
    assert rects[3].collidepoint(overlap) and rects[4].collidepoint(overlap)
    assert card_at(rects, overlap) == 4
    assert card_at(rects, (rects[0].left, rects[0].centery)) == 0
    assert card_at(rects, (rects[-1].right - 1, rects[-1].centery)) == 9
    assert card_at(rects, (rects[-1].right + 5, rects[-1].centery)) is None
    assert card_at([], (0, 0)) is None
    pile = ui_cards.pile_rects(12, pygame.Rect(0, 0, 100, 150))
    assert card_at(pile, pile[-1].center) == 11


# ------------------------------------------------------------------- drawing
BACKGROUND = (46, 90, 62)


def canvas() -> pygame.Surface:
    surface = pygame.Surface((800, 300))
    surface.fill(BACKGROUND)
    return surface


def painted(surface: pygame.Surface, rect: pygame.Rect) -> bool:
    return surface.get_at(rect.center)[:3] != BACKGROUND


def test_draw_hand_draws_where_the_rects_are():
    surface = canvas()
    cards = [Card(0, "knight"), None, Card(1, "queen"), Card(0, "checker")]
    area = pygame.Rect(20, 20, 500, 180)
    rects = ui_cards.draw_hand(surface, cards, area, selected={2}, highlighted={0, 3})
    assert rects == ui_cards.hand_rects(4, area, lifted={2})
    assert all(painted(surface, r) for r in rects)
    assert rects[2].y < rects[0].y
    ring = rects[2].width // 14 // 2
    assert surface.get_at((rects[2].centerx, rects[2].top + ring))[:3] == ui_cards.SELECTED
    ring = rects[0].width // 22 // 2
    assert surface.get_at((rects[0].centerx, rects[0].top + ring))[:3] == ui_cards.HIGHLIGHT
    outside = pygame.Rect(area).inflate(2, 2)
    assert surface.get_at((outside.left, outside.top))[:3] == BACKGROUND


def test_draw_line_draws_where_the_rects_are():
    surface = canvas()
    cards = [Card(side, kind) for side in (0, 1) for kind in KINDS]
    area = pygame.Rect(10, 150, 780, 120)
    rects = ui_cards.draw_line(surface, cards, area)
    assert len(rects) == 14 and all(painted(surface, r) for r in rects)
    assert surface.get_at((area.right - 1, area.top))[:3] == BACKGROUND  # a corner stays clear


def test_draw_pile_shows_its_count_legibly():
    surface = canvas()
    area = pygame.Rect(600, 20, 150, 220)
    rects = ui_cards.draw_pile(surface, area, 12)
    assert len(rects) == 12 and painted(surface, rects[-1])
    # The badge: light digits on a dark pill, low on the top card.
    bare = canvas()
    ui_cards.draw_pile(bare, area, 12, show_count=False)
    diff = [
        (x, y)
        for x in range(area.left, area.right)
        for y in range(area.top, area.bottom)
        if surface.get_at((x, y)) != bare.get_at((x, y))
    ]
    xs, ys = [x for x, _ in diff], [y for _, y in diff]
    badge = pygame.Rect(min(xs), min(ys), max(xs) - min(xs) + 1, max(ys) - min(ys) + 1)
    assert rects[-1].contains(badge) and badge.centery > rects[-1].centery
    assert badge.height >= 12 and badge.width >= 18
    colours = [surface.get_at(p)[:3] for p in diff]
    assert any(min(c) > 220 for c in colours), "the digits"
    assert any(max(c) < 50 for c in colours), "the pill"
    # The same pile face up shows its top card, and without the badge.
    other = canvas()
    ui_cards.draw_pile(other, area, 12, top=Card(1, "rook"), show_count=False)
    assert pixels(other) != pixels(surface)


def test_an_empty_pile_draws_its_outline_only():
    surface = canvas()
    area = pygame.Rect(100, 20, 150, 220)
    assert ui_cards.draw_pile(surface, area, 0) == []
    slot = ui_cards.pile_slot(area)
    assert surface.get_at(slot.center)[:3] == BACKGROUND
    assert surface.get_at((slot.centerx, slot.top + 1))[:3] != BACKGROUND


def test_a_tiny_pile_badge_stays_on_its_card():
    surface = canvas()
    area = pygame.Rect(0, 0, 30, 44)
    rects = ui_cards.draw_pile(surface, area, 40)
    assert area.contains(rects[-1])
    assert surface.get_at((area.right + 1, area.bottom + 1))[:3] == BACKGROUND
