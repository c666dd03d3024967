"""The piece drawings, icon and fonts, and their loader game.ui.art."""

from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"

import struct  # noqa: E402

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.resources import asset  # noqa: E402
from game.ui import art  # noqa: E402

# Cheap drawing logic: the whole module stays in the fast tier (tests/conftest.py).
pytestmark = pytest.mark.fast

KINDS = (
    "king",
    "queen",
    "rook",
    "bishop",
    "knight",
    "pawn",
    "mace",
    "horse_apult",
    "amazon",
    "wild_ox",
    "archer",
    "spider",
    "assassin",
    "cardinal",
    "mage",
    "tulpa_mace",
)


@pytest.fixture(autouse=True)
def _pygame():
    pygame.init()
    art.clear_cache()
    yield
    art.clear_cache()


def opaque_and_clear(surface: pygame.Surface) -> tuple[int, int]:
    """(fully opaque pixels, fully transparent pixels)."""
    w, h = surface.get_size()
    opaque = pygame.mask.from_surface(surface, 254).count()
    clear = w * h - pygame.mask.from_surface(surface, 0).count()
    return opaque, clear


@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_has_both_drawings(kind):
    for colour in ("white", "black"):
        path = asset("pieces", f"{colour}_{kind}.svg")
        assert path.is_file(), path
        text = path.read_text(encoding="utf-8")
        assert 'viewBox="0 0 100 100"' in text


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("seat", [0, 1])
@pytest.mark.parametrize("size", [40, 100])
def test_pieces_load_at_the_size_asked(kind, seat, size):
    surface = art.piece_surface(seat, kind, size)
    assert surface.get_size() == (size, size)
    assert surface.get_flags() & pygame.SRCALPHA
    opaque, clear = opaque_and_clear(surface)
    assert opaque > size * size // 20, "the piece should cover part of the square"
    assert clear > size * size // 5, "the corners should show the square"


@pytest.mark.parametrize("kind", KINDS)
def test_the_two_colours_differ(kind):
    white = art.piece_surface(0, kind, 60)
    black = art.piece_surface(1, kind, 60)
    assert pygame.image.tobytes(white, "RGBA") != pygame.image.tobytes(black, "RGBA")


def test_the_cache_returns_the_same_surface():
    a = art.piece_surface(0, "knight", 64)
    assert art.piece_surface(0, "knight", 64) is a
    assert art.piece_surface(seat=0, kind="knight", size=64) is a
    assert art.piece_surface(1, "knight", 64) is not a
    assert art.piece_surface(0, "knight", 65) is not a
    art.clear_cache()
    assert art.piece_surface(0, "knight", 64) is not a


def test_a_surface_cache_drops_the_least_recently_used():
    cache = art.SurfaceCache(2)
    made = []

    def make(name):
        made.append(name)
        return pygame.Surface((1, 1))

    first = cache.fetch("a", lambda: make("a"))
    cache.fetch("b", lambda: make("b"))
    assert cache.fetch("a", lambda: make("a")) is first  # kept, and now the newest
    cache.fetch("c", lambda: make("c"))  # one too many: "b" goes
    assert list(cache) == ["a", "c"] and made == ["a", "b", "c"]


@pytest.mark.parametrize("kind", ["dragon", "", "../icons/icon", "King"])
def test_a_missing_kind_gives_a_placeholder(kind):
    surface = art.piece_surface(1, kind, 48)
    assert surface.get_size() == (48, 48)
    opaque, clear = opaque_and_clear(surface)
    assert opaque > 0 and clear > 0
    assert art.piece_surface(1, kind, 48) is surface


def test_a_tiny_placeholder_does_not_fail():
    assert art.piece_surface(0, "dragon", 4).get_size() == (4, 4)


def test_the_icon():
    icon = art.icon_surface()
    assert icon.get_size() == (256, 256)
    assert art.icon_surface() is icon
    assert art.icon_surface(32).get_size() == (32, 32)
    png = pygame.image.load(str(asset("icons", "icon.png")))
    assert png.get_size() == (256, 256)


def test_the_windows_icon_holds_png_images_of_several_sizes():
    data = asset("icons", "icon.ico").read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1) and count >= 4
    sizes = set()
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack_from("<BBBBHHII", data, 6 + 16 * i)
        assert w == h and planes == 1 and bits == 32
        assert data[offset : offset + 8] == b"\x89PNG\r\n\x1a\n"
        assert offset + length <= len(data)
        sizes.add(w or 256)
    assert {16, 32, 48, 256} <= sizes


@pytest.mark.parametrize("name", ["regular", "bold", "mono"])
def test_fonts(name):
    path = art.font_path(name)
    assert path.is_file()
    pygame.font.init()
    font = pygame.font.Font(str(path), 20)
    assert font.render("Qxe7+ ½", True, (0, 0, 0)).get_width() > 0


def test_an_unknown_font_is_an_error():
    with pytest.raises(ValueError):
        art.font_path("fancy")


def test_font_licences_are_shipped():
    for name in ("NotoSans-LICENSE.txt", "FiraCode-LICENSE.txt"):
        text = asset("fonts", "LICENSES", name).read_text(encoding="utf-8")
        assert "SIL Open Font License" in text
