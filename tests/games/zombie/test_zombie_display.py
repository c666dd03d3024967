"""The Zombie Chess display: burying with one click on your own piece, End
turn and a risen pawn's promotion as panel buttons, coins under zombies,
headstones only on the viewer's own graves, and the play scene driven by
posted clicks between two people at one screen."""

from __future__ import annotations

from helpers.ui_driver import click_at, open_play, pump, square_at
from test_zombie_rules import GAME, act, position, sq

from game.games.zombie.actions import END, Bury, RisePromote
from game.match import Match
from game.ui.adapters import adapter_for

ADAPTER = adapter_for(GAME)


def test_burying_is_one_click_on_a_piece_of_yours():
    state = GAME.new()
    act(state, "e4", "d5", "exd5")
    paths = ADAPTER.paths(state, 0)
    assert paths[(sq("e1"),)] == [Bury(sq("e1"))]
    assert (sq("d5"),) in paths and (sq("e8"),) not in paths
    assert ADAPTER.panel_choices(state, 0) == []


def test_end_turn_and_the_risen_pawns_promotion_are_panel_buttons():
    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    act(state, "Kd1")
    assert [c.label for c in ADAPTER.panel_choices(state, 0)] == ["End turn"]
    assert ADAPTER.panel_choices(state, 0)[0].action == END
    state = position(
        """
        r.......
        ........
        ........
        .......k
        ........
        ........
        ........
        ....K...
        """,
        "b",
        graves=("-", "a8=P0"),
        seen=("-", "P0:a8"),
    )
    act(state, "Ra5")
    labels = [c.label for c in ADAPTER.panel_choices(state, 0)]
    assert labels == ["Queen", "Rook", "Bishop", "Knight"]
    assert ADAPTER.panel_choices(state, 0)[3].action == RisePromote(sq("a8"), "knight")


def test_coins_under_zombies_and_headstones_only_on_the_viewers_graves():
    state = position(
        """
        ....k...
        ...p....
        ..P.....
        ........
        ........
        ........
        ....N...
        ....K...
        """,
        zombies="c6=z",
        graves=("e2=P0", "d7=N1"),
        seen=("P0:e1.e2", "N1:d7.e8"),
    )
    view = state.view(0)
    marks = ADAPTER.markers(view)
    assert marks[sq("c6")] == ["zombie"]
    assert marks[sq("e2")] == ["grave0"]
    assert sq("d7") not in marks  # Black's grave: not in White's view


def test_two_players_bury_by_clicking_behind_privacy_screens(app):
    match = Match("zombie", seed=1, players=["human", "human"])
    for text in ("e4", "d5", "exd5"):
        state = match.state
        seat = state.to_act()[0]
        match.play({seat: state.parse_action(text, seat)})
    scene = open_play(app, match)
    assert scene.viewpoint.covering  # handed over to White for the burial
    click_at(app, (10, 10))
    assert not scene.viewpoint.covering and scene.viewpoint.viewer == 0
    click_at(app, square_at(scene, "e1"))
    pump(app, 30)
    assert match.state.graves[0] == {sq("e1"): ("P", 0)}
    assert match.state.turn == 1 and scene.viewpoint.covering  # now Black's turn
    chart = next(w for w in scene.widgets if type(w).__name__ == "BurialChart")
    click_at(app, (10, 10))
    assert chart.seen.viewer == 1 and chart.seen.state.graves[0] is None
