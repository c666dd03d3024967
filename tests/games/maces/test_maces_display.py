"""The Maces and Tulpas adapters: click paths, panel choices, markers, and
the play scene driven by posted clicks under SDL's dummy drivers."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


from helpers.ui_driver import click_at, pump  # noqa: E402

from game.engine.board import board_field  # noqa: E402
from game.games import load_all  # noqa: E402
from game.games.maces.rules import GEO, ChooseMace, Guess, Move, Pick, Shot, Swing, Throw  # noqa: E402
from game.match import Match  # noqa: E402
from game.ui.adapters import adapter_for  # noqa: E402

GAMES = load_all()
sq = GEO.square


def position(diagram: str, game="maces", side="w", phase="act"):
    text = f"{board_field(diagram, 10)} {side} {phase} - 0 1" + (" -/-" if game == "tulpas" else "")
    return GAMES[game].from_text(text)


def test_adapters_are_registered_for_both_games():
    assert type(adapter_for(load_all()["maces"])).__name__ == "MacesAdapter"
    widgets = adapter_for(load_all()["tulpas"]).make_widgets()
    assert [type(w).__name__ for w in widgets] == ["TulpaCards"]


def test_start_paths_moves_and_three_click_throws():
    state = GAMES["maces"].new()
    ad = adapter_for(load_all()["maces"])
    paths = ad.paths(state, 0)
    assert paths[(sq("b2"), sq("c3"), sq("d1"))] == [Throw(sq("b2"), sq("c3"), sq("d1"))]
    assert paths[(sq("b2"), sq("a2"))] == [Move(sq("b2"), sq("a2"))]
    assert (sq("b2"), sq("c3")) not in paths  # a throw needs its landing square
    # Every legal action has exactly one path, and no path is a prefix of a
    # longer one while being complete itself.
    assert sum(len(v) for v in paths.values()) == len(state.legal_actions(0))
    for p in paths:
        assert not any(len(q) > len(p) and q[: len(p)] == p for q in paths), p
    assert ad.panel_choices(state, 0) == []


def test_apult_capture_of_a_throwable_piece_is_a_prefix_of_its_throws():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .Hn.......
        .........K
        """
    )
    paths = adapter_for(load_all()["maces"]).paths(state, 0)
    capture = Move(sq("b2"), sq("c2"))
    # The play scene's prefix rule: a drag or a second click on c2 captures.
    assert paths[(sq("b2"), sq("c2"))] == [capture]
    assert (sq("b2"), sq("c2"), sq("a4")) in paths  # or throw it


def test_swings_are_one_click_and_the_order_choice_clicks_the_mace():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .M.M......
        ..pp......
        .........K
        """
    )
    state.apply({0: state.parse_action("Kj1-i1")})
    ad = adapter_for(load_all()["maces"])
    assert ad.paths(state, 0) == {
        (sq("b3"),): [ChooseMace(sq("b3"))],
        (sq("d3"),): [ChooseMace(sq("d3"))],
    }
    state.apply({0: ChooseMace(sq("d3"))})
    assert ad.paths(state, 0) == {
        (sq("c2"),): [Swing(sq("d3"), sq("c2"))],
        (sq("d2"),): [Swing(sq("d3"), sq("d2"))],
    }


def test_archer_shot_or_capture_opens_the_chooser():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ....Yn....
        ..........
        .........K
        """,
        game="tulpas",
    )
    ad = adapter_for(load_all()["tulpas"])
    actions = ad.paths(state, 0)[(sq("e3"), sq("f3"))]
    assert set(actions) == {Shot(sq("e3"), sq("f3")), Move(sq("e3"), sq("f3"))}
    labels = {c.label for c in ad.choices(state, 0, actions)}
    assert labels == {"Shoot", "Move onto it"}


def test_card_duel_and_ox_decline_are_panel_buttons():
    state = GAMES["tulpas"].new()
    ad = adapter_for(load_all()["tulpas"])
    picks = ad.panel_choices(state, 0)
    assert [c.label for c in picks] == ["Amazon", "Wild Ox", "Archer", "Spider", "Tulpa Mace"]
    assert picks[0].action == Pick("amazon") and picks[0].piece == (0, "amazon")
    guesses = ad.panel_choices(state, 1)
    assert guesses[1].action == Guess("wild_ox") and guesses[1].piece == (0, "wild_ox")
    assert ad.paths(state, 0) == {}

    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ...pn.....
        ..........
        ..W.......
        ..........
        .........K
        """,
        game="tulpas",
    )
    state.apply({0: state.parse_action("Wc3xd5")})
    assert [c.label for c in ad.panel_choices(state, 0)] == ["Don't strike"]
    assert list(ad.paths(state, 0)) == [(sq("e5"),)]


def test_placement_is_one_click_on_the_home_ranks():
    state = GAMES["tulpas"].new()
    state.apply({0: Pick("spider"), 1: Guess("spider")})
    paths = adapter_for(load_all()["tulpas"]).paths(state, 0)
    assert set(paths) == {(s,) for s in range(20) if state.piece_at(s) is None}


def test_frozen_markers_and_last_move():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .pM.......
        .sH.......
        .P.......K
        """,
        game="tulpas",
    )
    ad = adapter_for(load_all()["tulpas"])
    assert ad.markers(state) == {s: ["frozen"] for s in (sq("c3"), sq("c2"), sq("b1"))}
    state.apply({0: state.parse_action("Kj1-i1")})
    assert ad.last_move_squares(state) == (sq("j1"), sq("i1"))


# -- the play scene ------------------------------------------------------------------


def test_throw_by_three_clicks_in_the_play_scene(app):
    from game.ui.play import PlayScene

    match = Match("maces", seed=1)
    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 2)
    for name in ("b2", "c3", "d1"):
        click_at(app, scene.board.square_center(sq(name)))
    pump(app, 30)
    assert match.history == [{0: "Hb2:c3>d1"}]
    assert match.state.piece_at(sq("d1")) == (0, "pawn")


def test_tulpas_scene_shows_the_cards_and_the_widget(app):
    from game.ui.play import PlayScene

    match = Match("tulpas", seed=1, players=["human", "computer:random"])
    scene = PlayScene(app, match)
    app.push(scene)
    pump(app, 3)
    assert [type(w).__name__ for w in scene.widgets] == ["TulpaCards"]
    assert len(scene.panel.choices) == 5
    app.window.fill((0, 0, 0))
    scene.draw(app.window)  # the widget draws without error


def test_the_squares_a_new_tulpa_may_take_are_marked_before_any_click(app):
    from helpers.ui_driver import open_play

    match = Match("tulpas", seed=1)
    match.submit(0, next(a for a in match.state.legal_actions(0) if str(a) == "pick A"))
    match.submit(1, next(a for a in match.state.legal_actions(1) if str(a) == "guess A"))
    scene = open_play(app, match)
    scene.viewpoint.reveal()
    scene.refresh()
    homes = {a.sq for a in match.state.legal_actions(0)}
    assert homes and scene.board.target_squares == homes


def test_the_mace_that_just_moved_is_ringed_when_it_may_swing_next(app):
    """Me5-e6: both Maces reach f7, so White clicks the Mace to swing first;
    the one that has just moved is ringed like the other (issue 27: its
    marker was a dot under the piece)."""
    from helpers.ui_driver import open_play, settle

    match = Match("maces", seed=1, start="5k4/10/10/3p1p4/6M3/4M5/10/10/10/5K4 w act - 0 1")
    scene = open_play(app, match)
    click_at(app, scene.board.square_center(sq("e5")))
    click_at(app, scene.board.square_center(sq("e6")))
    settle(app, scene)
    assert match.state.prompt(0) == "Choose which Mace swings next"
    assert scene.board.target_squares == {sq("e6"), sq("g6")}
    assert scene.board.capture_squares == {sq("e6"), sq("g6")}


def test_the_maces_keep_their_own_outline_at_the_size_of_the_captured_row():
    """At 20 px (the captured-pieces row) a Mace looked like a pawn: the
    outlines of the Mace and the Tulpa Mace differ from every other piece
    of the Tulpas game (which has all of Maces' kinds) in at least 30
    pixels. (The old drawings: 18 for the Mace and the pawn.)"""
    import pygame

    from game.games.tulpas.rules import TulpasState
    from game.ui import art

    pygame.init()

    def outline(kind: str) -> pygame.mask.Mask:
        return pygame.mask.from_surface(art.piece_surface(0, kind, 20), 128)

    kinds = sorted(TulpasState.piece_letters.letter_of)
    for mace in ("mace", "tulpa_mace"):
        a = outline(mace)
        for kind in kinds:
            if kind != mace:
                b = outline(kind)
                differ = a.count() + b.count() - 2 * a.overlap_area(b, (0, 0))
                assert differ >= 30, (mace, kind, differ)


def test_a_click_on_a_piece_held_in_a_web_says_why(app):
    from helpers.ui_driver import open_play

    start = "9k/10/10/10/10/10/10/2Y7/2s7/9K w act - 0 1 -/-"  # the c2 Spider holds c3
    match = Match("tulpas", seed=1, start=start, players=["human", "computer:random"])
    scene = open_play(app, match)
    click_at(app, scene.board.square_center(sq("c3")))
    assert "That archer is held in a Spider's web" in scene.panel.status_text
