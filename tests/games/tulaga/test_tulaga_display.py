"""The Tulaga adapter (click paths, panel buttons, markers), the stone art
and the piles widget, and the play scene driven by posted clicks under SDL's
dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers.ui_driver import click_at, pump  # noqa: E402

from game.engine.board import parse_diagram  # noqa: E402
from game.engine.pieces import Piece  # noqa: E402
from game.games import load_all  # noqa: E402
from game.games.tulaga.rules import (  # noqa: E402
    GEO,
    ChooseStones,
    ChooseTulaga,
    NoRankStone,
    NoReap,
    Place,
    RankStone,
    Reap,
)
from game.match import Match  # noqa: E402
from game.ui.adapters import adapter_for  # noqa: E402

GAME = load_all()["tulaga"]
sq = GEO.square
WHITE, BLACK = 0, 1


def position(diagram: str, side="b"):
    """A Tulaga position from a diagram; the piles hold every stone not on
    the board (12 simple stones and 6 rank stones a side)."""
    rows = parse_diagram(diagram, width=9)
    board = "/".join("".join(r) for r in rows)
    cells = "".join(board.split("/"))
    piles = " ".join(f"{c}={12 - cells.count(c)},{6 - cells.count(c.upper())}" for c in "wb")
    return GAME.from_text(f"{board} {side} place - {piles}")


def play(state, *moves):
    for text in moves:
        (seat,) = state.to_act()
        state.apply({seat: state.parse_action(text)})


DOUBLE = """
    ....b....
    ....b....
    ....b....
    ....b....
    .........
    ..b......
    ..bb.....
    .........
    .........
    """

WALK = """
    ....b....
    ....b....
    ....b....
    ....b....
    w........
    ..b.b....
    ..bb.....
    .........
    .........
    """


def labels(choices):
    return [c.label for c in choices]


# -- the adapter ---------------------------------------------------------------------


def test_the_adapter_is_registered_with_points_and_the_piles_widget():
    ad = adapter_for(load_all()["tulaga"])
    assert type(ad).__name__ == "TulagaAdapter"
    assert ad.board_style == "points"
    assert [type(w).__name__ for w in ad.make_widgets()] == ["TulagaPiles"]


def test_placing_is_one_click_on_any_empty_point():
    state = GAME.new()
    ad = adapter_for(load_all()["tulaga"])
    paths = ad.paths(state, BLACK)
    assert len(paths) == 81
    assert paths[(sq("e5"),)] == [Place(sq("e5"))]
    assert ad.panel_choices(state, BLACK) == []
    assert ad.markers(state) == {}
    play(state, "e5")
    assert (sq("e5"),) not in ad.paths(state, WHITE)
    assert ad.last_move_squares(state) == (sq("e5"),)


def test_a_double_tulaga_is_chosen_by_a_click_or_a_button():
    state = position(DOUBLE)
    play(state, "e5")
    ad = adapter_for(load_all()["tulaga"])
    paths = ad.paths(state, BLACK)
    ring = ChooseTulaga(sq("d4"), tuple(sorted(sq(n) for n in ("c3", "d3", "c4", "e5"))))
    assert paths[(sq("d4"),)] == [ring]
    rows = [
        p for p, acts in paths.items() if isinstance(acts[0], ChooseTulaga) and p != (sq("d4"),)
    ]
    assert rows == [(sq("e6"),)]  # the first stone of the row no ring shares
    assert labels(ad.panel_choices(state, BLACK)) == ["Row e5-e9", "Ring round d4", "No rank stone"]
    marks = ad.markers(state)
    assert marks[sq("d4")] == ["tulaga-centre"]
    assert all(marks[sq(n)] == ["tulaga"] for n in ("c3", "d3", "c4", "e5", "e6", "e9"))


def test_stones_rank_and_reap_phases():
    state = position(WALK)
    ad = adapter_for(load_all()["tulaga"])
    play(state, "e5", "row e4-e9")
    # Which five go back: panel buttons named by the stone that stays.
    choices = ad.panel_choices(state, BLACK)
    assert labels(choices) == ["Keep e9", "Keep e4", "No rank stone"]
    assert isinstance(choices[0].action, ChooseStones)
    assert ad.paths(state, BLACK) == {}
    assert set(ad.markers(state)) == {sq(f"e{r}") for r in range(4, 10)}
    play(state, "return e5,e6,e7,e8,e9")
    # The rank stone: a click on one of the five points.
    paths = ad.paths(state, BLACK)
    assert set(paths) == {(sq(f"e{r}"),) for r in range(5, 10)}
    assert paths[(sq("e7"),)] == [RankStone(sq("e7"))]
    assert labels(ad.panel_choices(state, BLACK)) == ["No rank stone"]
    assert ad.panel_choices(state, BLACK)[0].action == NoRankStone()
    play(state, "rank e5")
    # The reap: a click towards the direction, or a button.
    assert ad.paths(state, BLACK) == {(sq("d5"),): [Reap("W")]}
    choices = ad.panel_choices(state, BLACK)
    assert labels(choices) == ["Reap west (1)", "No reap"]
    assert choices[1].action == NoReap()
    assert ad.markers(state) == {sq("e5"): ["reap-from"], sq("a5"): ["reap:W"]}
    assert ad.last_move_squares(state) == (sq("e5"),)
    play(state, "reap W")
    assert ad.markers(state) == {}
    assert ad.last_move_squares(state) == (sq("e5"), sq("a5"))


def test_a_ring_with_spare_stones_names_the_stone_that_stays():
    state = position(
        """
        .........
        .........
        .........
        ...bb....
        .........
        ...b.b...
        .........
        .........
        .........
        """
    )
    play(state, "f6")
    ad = adapter_for(load_all()["tulaga"])
    assert sorted(labels(ad.panel_choices(state, BLACK))[:-1]) == [
        "Keep d4",
        "Keep d6",
        "Keep e6",
        "Keep f4",
    ]
    assert ad.markers(state)[sq("e5")] == ["tulaga-centre"]


# -- the art and the widget ----------------------------------------------------------------


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 240))
    yield
    pygame.display.quit()


def test_stones_are_drawn_at_any_size(display):
    from game.games.tulaga.display.widgets import stone_surface

    for size in (12, 48, 97):
        for seat in (WHITE, BLACK):
            for kind in ("stone", "rank_stone"):
                surf = stone_surface(seat, kind, size)
                assert surf.get_size() == (size, size)
                assert surf.get_at((0, 0)).a == 0  # transparent corners
                assert surf.get_at((size // 2, size // 2)).a == 255
    white = stone_surface(WHITE, "stone", 48).get_at((30, 30))
    black = stone_surface(BLACK, "stone", 48).get_at((30, 30))
    assert sum(white[:3]) > sum(black[:3]) + 200
    assert stone_surface(BLACK, "rank_stone", 48).get_at((24, 24)) != black  # the star

    # The board view asks the adapter's piece_image first, at its size.
    from game.ui.board_view import PieceArt

    pieces = PieceArt(adapter_for(load_all()["tulaga"]).piece_image)
    pieces.resize(40)
    img = pieces.get(Piece(0, "stone"))
    assert img.get_size() == (40, 40)
    assert img.get_at((20, 20)) == stone_surface(WHITE, "stone", 40).get_at((20, 20))
    assert pieces.get(Piece(1, "rank_stone"), 30).get_size() == (30, 30)


def test_the_piles_widget_counts_and_draws(display):
    from game.games.tulaga.display.widgets import TulagaPiles
    from game.ui.play.viewpoint import Viewpoint

    match = Match("tulaga", {"rank_stones": 5}, seed=1)
    widget = TulagaPiles()
    widget.rect = pygame.Rect(10, 150, 280, widget.height)
    widget.refresh(Viewpoint(match).seen())
    assert widget.rows() == [("Black", 12, 5, 0, True), ("White", 12, 5, 0, False)]
    match.play({BLACK: Place(sq("e5"))})
    widget.refresh(Viewpoint(match).seen())
    assert widget.rows()[0][1] == 11 and widget.rows()[1][4] is True
    surface = pygame.display.get_surface()
    surface.fill((0, 0, 0))
    widget.draw(surface, None)
    assert surface.get_at(widget.rect.move(3, 3).topleft) != (0, 0, 0)
    assert widget.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(20, 100))) is False


# -- the play scene ---------------------------------------------------------------------


def test_the_scene_places_stones_on_points_by_clicks(app):
    from game.games.tulaga.display.widgets import TulagaPiles, stone_surface
    from game.ui.play import PlayScene

    match = Match("tulaga", seed=1)
    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 2)
    assert scene.board.style == "points"
    assert [type(w) for w in scene.widgets] == [TulagaPiles]
    # The board draws the adapter's stones and glows, with no lettered badges.
    assert scene.board.art.get(Piece(0, "stone")).get_at((scene.board.square // 2,) * 2) == (
        stone_surface(WHITE, "stone", scene.board.square).get_at((scene.board.square // 2,) * 2)
    )
    assert scene.board.marker_drawer is not None
    assert scene.widgets[0].rect.h == TulagaPiles.height
    assert not scene.adapter.show_captured and scene.panel.captured == []
    click_at(app, scene.board.square_center(sq("e5")))
    pump(app, 20)
    assert match.history == [{BLACK: "e5"}]
    click_at(app, scene.board.square_center(sq("a1")))
    pump(app, 20)
    assert match.state.piece_at(sq("a1")) == (WHITE, "stone")
    app.window.fill((0, 0, 0))
    scene.draw(app.window)  # stones, piles and glows draw without error


def test_the_scene_takes_a_tulaga_and_reaps_by_click_and_button(app):
    from game.ui.play import PlayScene

    match = Match("tulaga", seed=1)
    for text in ("a1", "c9", "b1", "i7", "c1", "i5", "d1", "i3"):
        (seat,) = match.to_act()
        match.play({seat: match.state.parse_action(text)})
    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 2)
    click_at(app, scene.board.square_center(sq("e1")))  # the row a1-e1
    pump(app, 20)
    assert match.state.phase == "rank"
    assert scene.board.markers[sq("a1")] == ["tulaga"]
    app.window.fill((0, 0, 0))
    scene.draw(app.window)  # the glows of the pending Tulaga
    click_at(app, scene.board.square_center(sq("c1")))  # the rank stone
    pump(app, 20)
    assert match.state.phase == "reap"
    buttons = {choice.label: button for button, choice in scene.panel.choice_buttons.items()}
    assert set(buttons) == {"Reap north (1)", "No reap"}
    click_at(app, buttons["Reap north (1)"].rect.center)
    pump(app, 30)
    assert [next(iter(s.values())) for s in match.history[-3:]] == ["e1", "rank c1", "reap N"]
    assert match.state.piece_at(sq("c9")) is None
    assert match.state.pile == [12 - 4 + 1, 12 - 5 + 5]
    assert match.state.to_act() == (WHITE,)
