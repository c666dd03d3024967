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
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1  # White moves next: last
    click_at(app, (10, 10))
    tables = next(w for w in scene.widgets if type(w).__name__ == "MaskTables")
    pump(app, 2)
    for row, col in enumerate((2, 0, 1, 4, 3)):
        rect = tables.place_rect(cell_place(row, col))
        click_at(app, rect.center)
    pump(app, 5)
    assert match.pending and scene.viewpoint.covering  # Black's choice waits, hidden
    click_at(app, (10, 10))
    button = next(b for b, c in scene.panel.choice_buttons.items() if c.label == "Random")
    click(app, button)
    pump(app, 10)
    assert match.state.assign[1] == "RKQNB" and match.state.assign[0]
    assert scene.seen.actor == 0 and not scene.viewpoint.covering  # White moves at once


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


def test_at_the_end_both_tables_are_revealed_with_each_sides_deduction(app):
    """Against the computer: White's knight attempt failed (White's knights
    capture as rooks), its bishop's worked (as queens). When the game is
    over both sides' tables show, each with its deduction from its attempts
    and the true patterns (the other side's secret choice) ringed."""
    import pygame

    from game.ui.widgets import ACCENT

    start = position(OPENING, castling="KQkq").to_text()
    match = Match("masquerade", None, 1, ["human", "computer:random"], start)
    for text in ("Nxe5", "a6", "Bxf7"):
        seat = match.state.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    match.resign(1)
    scene = open_play(app, match)
    tables = next(w for w in scene.widgets if type(w).__name__ == "MaskTables")
    surface = pygame.Surface(app.size)
    scene.draw(surface)

    def colours(table: str, row: str, col: str) -> set:
        rect = tables._cells[table, "KQRBN".index(row), "KQRBN".index(col)]
        xs, ys = range(rect.left, rect.right), range(rect.top, rect.bottom)
        return {tuple(surface.get_at((x, y))[:3]) for x in xs for y in ys}

    def red(table: str, row: str, col: str) -> bool:  # an X, anti-aliased
        return any(r > 150 and g < 100 for r, g, _b in colours(table, row, col))

    # White's deduction: the knight's attempt as a knight failed; the
    # bishop's worked as a queen or a bishop, so it is neither K, R nor N.
    assert red("reveal0", "N", "N") and red("reveal0", "B", "K") and red("reveal0", "B", "N")
    assert not red("reveal0", "B", "Q") and not red("reveal1", "N", "N")  # Black tried nothing
    for table, truth in (("reveal0", "BNKQR"), ("reveal1", "KQRBN")):
        for row, col in zip("KQRBN", truth, strict=True):
            assert ACCENT in colours(table, row, col), (table, row, col)  # the truth, ringed
        assert ACCENT not in colours(table, "K", truth[1])


def test_the_revealed_tables_titles_stand_apart_in_every_window(app):
    """ "White's pieces captured as" ran into "Black's pieces captured"."""
    import pygame

    start = position(OPENING, castling="KQkq").to_text()
    match = Match("masquerade", None, 1, ["human", "computer:random"], start)
    match.resign(0)
    scene = open_play(app, match)
    tables = next(w for w in scene.widgets if type(w).__name__ == "MaskTables")
    for size in ((800, 560), (1280, 800)):
        pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1]))
        pump(app, 2)
        app.scene.draw(pygame.Surface(app.size))
        white, black = tables.title_rects["reveal0"], tables.title_rects["reveal1"]
        assert white.right < black.left, (size, white, black)


def test_the_attempt_line_drops_an_older_attempt_rather_than_cut_a_word():
    import pygame

    from game.games.masquerade.display import attempt_line
    from game.ui import art

    pygame.font.init()
    font = art.ui_font(13)
    tried = [("B", ("Q", "B"), True), ("N", ("R",), False), ("B", ("Q", "B"), True)]
    width = font.size("White: Bishop as Q/B worked (3 in all)")[0] + 4
    line = attempt_line("White", tried, font, width)
    assert line == "White: Bishop as Q/B worked (3 in all)"
    wide = attempt_line("White", tried, font, 2000)
    assert wide == "White: Knight as R failed; Bishop as Q/B worked (3 in all)"
