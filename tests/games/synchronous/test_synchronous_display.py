"""Synchronous Chess in the play scene: both moves entered on the board in
secret (with the privacy screen between two people), the two moves
animated together (a swap passing side by side, two pieces sliding onto
one square and falling), the squares open for blows ringed, a pass as a
button."""

from __future__ import annotations

from helpers.chess_diagrams import fen_of
from helpers.ui_driver import click_at, open_play, pump, settle, square_at

from game.games import load_all
from game.match import Match
from game.ui.adapters import adapter_for
from game.ui.animation import steps_from_events

GAME = load_all()["synchronous"]
AD = adapter_for(GAME)


def position(diagram: str, tail: str = "move - -"):
    return GAME.from_text(f"{fen_of(diagram)} {tail}")


def both(state, white: str, black: str):
    return state.apply({0: state.parse_action(white, 0), 1: state.parse_action(black, 1)})


def test_two_pieces_on_one_square_slide_in_together_and_fall():
    state = position(
        """
        k.......
        ........
        ..n.....
        ........
        ........
        .....N..
        ........
        K.......
        """
    )
    events = both(state, "Ne5", "Ne5")
    steps = steps_from_events(events, builders=AD.animations)
    slides = [t for t in steps[0].tracks if t.kind == "slide"]
    assert sorted(t.frm for t in slides) == sorted([state.geometry.square(n) for n in ("f3", "c6")])
    assert [t.kind for t in steps[-1].tracks] == ["fall"]


def test_pieces_that_take_each_other_pass_side_by_side():
    state = position(
        """
        k.......
        ........
        ....n...
        ........
        ...N....
        ........
        ........
        K.......
        """
    )
    events = both(state, "Nxe6", "Nxd4")
    assert [e.kind for e in events if e.kind in ("swap", "move", "capture")] == ["swap"]
    (step,) = steps_from_events(events, builders=AD.animations)
    assert [t.kind for t in step.tracks] == ["slide", "slide"]
    assert all(t.bend for t in step.tracks)


def test_open_squares_are_ringed_and_a_pass_is_a_button():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ...q....
        ....P...
        ........
        ....K...
        """,
        "blows d4:w:e3 -",
    )
    assert AD.markers(state) == {state.geometry.square("d4"): ["blow"]}
    assert [c.label for c in AD.panel_choices(state, 0)] == ["Pass (X)"]
    assert (state.geometry.square("e3"), state.geometry.square("d4")) in AD.paths(state, 0)


def test_two_people_enter_their_moves_in_secret(app):
    match = Match("synchronous", seed=1, players=["human", "human"])
    scene = open_play(app, match)
    if scene.viewpoint.covering:
        click_at(app, (20, 20))
    pump(app, 3)
    click_at(app, square_at(scene, "e2"))
    click_at(app, square_at(scene, "e4"))
    assert list(match.pending) == [0] and match.history == []
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1
    # The pending move is drawn nowhere: the board still shows e2.
    click_at(app, (20, 20))
    pump(app, 3)
    assert scene.board.shown.get(state_sq(match, "e2")) is not None
    click_at(app, square_at(scene, "e7"))
    click_at(app, square_at(scene, "e5"))
    settle(app, scene)
    assert match.history == [{0: "e4", 1: "e5"}]
    panel = scene.widgets[0]
    assert panel.seen.state.last_words == ("e4", "e5")  # the panel's "Played together"


def state_sq(match, name):
    return match.state.geometry.square(name)
