"""The Masquerade Chess display: the assignment as five clicks on the
table in the panel (or Random), every capture one of the patterns could make
offered as a target, a failed attempt's squares marked, and the play scene
with two people at one screen."""

from __future__ import annotations

from helpers.ui_driver import click, click_at, open_play, pump
from test_masquerade_rules import GAME, OPENING, play, position, sq

from game.games.masquerade.actions import Assign
from game.games.masquerade.display import cell_place
from game.match import Match
from game.ui.adapters import adapter_for

ADAPTER = adapter_for(GAME)


def test_an_assignment_is_a_path_of_one_cell_per_row():
    state = GAME.new()
    paths = ADAPTER.paths(state, 0)
    assert len(paths) == 120
    path = tuple(cell_place(row, col) for row, col in enumerate((2, 0, 1, 4, 3)))
    assert paths[path] == [Assign("RKQNB")]
    assert [c.label for c in ADAPTER.panel_choices(state, 0)] == ["Random"]


def test_every_capture_a_pattern_could_make_is_a_target():
    state = position(OPENING, castling="KQkq")
    targets = ADAPTER.targets(state, 0, sq("f3"))
    assert sq("e5") in targets  # it will fail, but it may be tried
    assert sq("g5") in targets and sq("d4") in targets


def test_a_failed_attempt_marks_both_squares():
    state = position(OPENING, castling="KQkq")
    play(state, "Nxe5")
    assert ADAPTER.markers(state.view(1)) == {sq("f3"): ["failed"], sq("e5"): ["failed"]}
    assert "capture on e5 failed" in state.prompt(1)
    play(state, "a6")
    assert ADAPTER.markers(state) == {}


def test_two_players_choose_their_assignments_behind_privacy_screens(app):
    match = Match("masquerade", seed=1, players=["human", "human"])
    scene = open_play(app, match)
    assert scene.viewpoint.covering
    click_at(app, (10, 10))
    tables = next(w for w in scene.widgets if type(w).__name__ == "MaskTables")
    pump(app, 2)
    for row, col in enumerate((2, 0, 1, 4, 3)):
        rect = tables.place_rect(cell_place(row, col))
        click_at(app, rect.center)
    pump(app, 5)
    assert match.pending and scene.viewpoint.covering  # White's choice waits, hidden
    click_at(app, (10, 10))
    button = next(b for b, c in scene.panel.choice_buttons.items() if c.label == "Random")
    click(app, button)
    pump(app, 10)
    assert match.state.assign[0] == "RKQNB" and match.state.assign[1]


def test_a_players_own_marks_in_the_deduction_table_are_theirs_alone(app):
    match = Match("masquerade", seed=1, players=["human", "human"])
    match.play({0: Assign("KQRBN"), 1: Assign("BNKQR")})
    scene = open_play(app, match)
    click_at(app, (10, 10))  # White takes the screen
    tables = next(w for w in scene.widgets if type(w).__name__ == "MaskTables")
    pump(app, 2)
    click_at(app, tables._cells["own", 0, 1].center)
    click_at(app, tables._cells["own", 0, 1].center)
    assert tables.own_marks == {0: {(0, 1): "X"}}
    assert match.history[-1] == {0: "assign KQRBN", 1: "assign BNKQR"}  # nothing played
