"""The Mulligan Stew adapter and widget: click paths (moves, teleports, swaps,
drops from the hand tray, promotion-only clicks), choosers, panel buttons,
markers for the part of the turn, and the play scene driven by posted clicks
under SDL's dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
from helpers.ui_driver import click_at, pump  # noqa: E402

from game.engine.grid import GridPosition  # noqa: E402
from game.games import load_all  # noqa: E402
from game.games.mulligan_stew.display import HAND  # noqa: E402
from game.games.mulligan_stew.rules import (  # noqa: E402
    GEO,
    LETTERS,
    Drop,
    Move,
    Promote,
    Swap,
    Teleport,
)
from game.match import Match  # noqa: E402
from game.ui.adapters import adapter_for  # noqa: E402

GAME = load_all()["mulligan_stew"]
sq = GEO.square


def position(diagram: str, side="w", part="l", hands="-", pools="Qq"):
    grid = GridPosition(GEO, LETTERS)
    grid.set_diagram(diagram)
    return GAME.from_text(f"{grid.board_text()} {side} {part} {hands} {pools} 0 0 1")


def names(squares) -> set[str]:
    return {GEO.name(s) for s in squares}


def test_adapter_is_registered_with_its_widget():
    ad = adapter_for(load_all()["mulligan_stew"])
    assert type(ad).__name__ == "MulliganStewAdapter"
    assert [type(w).__name__ for w in ad.make_widgets()] == ["PieceTray", "PoolAndPart"]
    tray = ad.make_widgets()[0]
    assert tray.empty_words() == "Mage in hand: none"  # one phrase, not "Mage in hand  nothing"


def test_start_paths_cover_every_action_once_and_drops_come_from_the_hand():
    state = GAME.new()
    ad = adapter_for(load_all()["mulligan_stew"])
    paths = ad.paths(state, 0)
    assert sum(len(v) for v in paths.values()) == len(state.legal_actions(0))
    for p in paths:  # no complete path is the start of a longer one
        assert not any(len(q) > len(p) and q[: len(p)] == p for q in paths), p
    assert paths[(HAND, sq("b3"))] == [Drop(sq("b3"))]
    assert paths[(sq("b1"), sq("a4"))] == [Teleport(sq("b1"), sq("a4"))]
    assert paths[(sq("d1"), sq("d3"))] == [Move(sq("d1"), sq("d3"))]
    assert (HAND, sq("a3")) not in paths  # a3 is dark: not in the light part
    assert ad.hand(state, 0) == [(HAND, (0, "mage"))]
    assert ad.hand(state, 1) == [(HAND, (1, "mage"))]
    assert ad.panel_choices(state, 0) == []  # nothing to pass or skip by choice


def test_markers_show_which_pieces_move_in_this_part():
    state = GAME.new()
    ad = adapter_for(load_all()["mulligan_stew"])
    marks = ad.markers(state)
    assert names(marks) == {"b1", "d1", "f1", "a2", "c2", "e2"}
    assert all(m == ["light"] for m in marks.values())
    state.apply({0: state.parse_action("a3")})
    marks = ad.markers(state)
    assert marks[sq("a3")] == ["frozen"]  # the light part's piece, now on dark
    dark = {GEO.name(s) for s, m in marks.items() if m == ["dark"]}
    assert dark == {"a1", "c1", "e1", "b2", "d2", "f2"}
    assert ad.last_move_squares(state) == (sq("a2"), sq("a3"))


def test_part_markers_are_painted_as_rings_not_letter_badges():
    ad = adapter_for(load_all()["mulligan_stew"])
    surface = pygame.Surface((60, 60))
    surface.fill((0, 0, 0))
    rect = surface.get_rect()
    assert ad.draw_marker(surface, rect, "light")
    assert surface.get_at((2, 30))[:3] != (0, 0, 0)  # the edge is painted
    assert surface.get_at((30, 30))[:3] == (0, 0, 0)  # the piece stays clear
    surface.fill((0, 0, 0))
    assert ad.draw_marker(surface, rect, "frozen")  # the game paints its own marks
    assert surface.get_at((30, 30))[2] > 0  # washed blue
    assert not ad.draw_marker(surface, rect, "odd")  # anything else: the board's badge


def test_capture_or_swap_with_the_same_clicks_opens_the_chooser():
    state = position(
        """
        .....k
        ......
        ......
        ......
        ...r..
        ..M...
        ...K..
        """
    )
    ad = adapter_for(load_all()["mulligan_stew"])
    acts = ad.paths(state, 0)[(sq("c2"), sq("d3"))]
    assert set(acts) == {Move(sq("c2"), sq("d3")), Swap(sq("c2"), sq("d3"))}
    labels = {c.label for c in ad.choices(state, 0, acts)}
    assert labels == {"Capture (M:d3)", "Swap (Md3@Rc2)"}


def test_promotion_choices_and_the_promotion_only_click():
    state = position(
        """
        .....k
        ..P...
        ......
        ......
        ......
        ......
        ....K.
        """,
        pools="QCq",
    )
    ad = adapter_for(load_all()["mulligan_stew"])
    acts = ad.paths(state, 0)[(sq("c6"), sq("c7"))]
    choices = ad.choices(state, 0, acts)
    assert [c.label for c in choices] == ["Stay a Pawn", "Queen", "Cardinal"]
    assert [c.piece.kind for c in choices] == ["pawn", "queen", "cardinal"]

    waiting = position(
        """
        ..P..k
        ......
        ......
        ......
        ......
        ......
        ....K.
        """,
        pools="QCq",
    )
    paths = ad.paths(waiting, 0)
    assert paths[(sq("c7"),)] == [Promote(sq("c7"), "queen"), Promote(sq("c7"), "cardinal")]
    buttons = ad.panel_choices(waiting, 0)
    assert [b.label for b in buttons] == ["c7 becomes a Queen", "c7 becomes a Cardinal"]
    waiting.apply({0: buttons[1].action})
    assert ad.last_move_squares(waiting) == (sq("c7"),)


def test_widget_texts():
    from game.games.mulligan_stew.display.widgets import part_text, pool_counts

    state = GAME.new()
    assert part_text(state) == "White: light part (then dark)"
    state.apply({0: state.parse_action("a3")})
    assert part_text(state) == "White: dark part"
    assert pool_counts(("queen", "assassin", "assassin")) == [("queen", 1), ("assassin", 2)]


# -- the play scene ---------------------------------------------------------------------


def test_drop_from_the_hand_tray_then_the_dark_part_by_clicks(app):
    from game.ui.play import PlayScene

    match = Match("mulligan_stew", seed=1)
    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 2)
    tray, _pools = scene.widgets
    assert [type(w).__name__ for w in scene.widgets] == ["PieceTray", "PoolAndPart"]
    assert HAND in tray.slot_rects()
    click_at(app, tray.slot_rects()[HAND].center)
    click_at(app, scene.board.square_center(sq("b3")))
    pump(app, 30)
    assert match.history == [{0: "Mb3"}]
    assert match.state.part == 1
    for name in ("c1", "c3"):  # the dark king's two-square jump
        click_at(app, scene.board.square_center(sq(name)))
    pump(app, 30)
    assert match.history == [{0: "Mb3"}, {0: "Kc3"}]
    assert match.state.turn == 1
    app.window.fill((0, 0, 0))
    scene.draw(app.window)  # the pool and part widget draws without error


def test_a_part_of_drops_only_can_be_skipped_with_a_panel_button():
    # White's light part: nothing on a light square can move, the Mage could be dropped.
    state = GAME.from_text("2k3/6/6/6/6/6/2K3 w l Mm Qq 0 0 1")
    ad = adapter_for(load_all()["mulligan_stew"])
    labels = [c.label for c in ad.panel_choices(state, 0)]
    assert labels == ["Skip the light part"]
    (skip,) = [c.action for c in ad.panel_choices(state, 0)]
    state.apply({0: skip})
    assert state.part == 1  # now the dark part


def test_the_part_legend_takes_the_board_themes_colours(app):
    from helpers.ui_driver import open_play

    from game.ui.board_view import THEMES

    app.settings["board_theme"] = "green"
    scene = open_play(app, Match("mulligan_stew", seed=1))
    scene.settings_changed()
    pools = scene.widgets[1]
    surface = pygame.Surface(app.size)
    pools.draw(surface, scene.input)
    row_h = (pools.rect.height - 6) // 3
    dark = (pools.rect.x + 8 + (row_h - 2) + (row_h - 6) // 2, pools.rect.y + 6 + (row_h - 6) // 2)
    assert surface.get_at(dark)[:3] == THEMES["green"][1]
