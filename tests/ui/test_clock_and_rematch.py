"""The clock in the window (the setup row, the panel's times, pausing, the
flag) and Rematch on the game-over window. The scene's clock reads a time
source the tests step by hand: nothing sleeps."""

from __future__ import annotations

import pygame
import pytest
from helpers.ui_driver import (
    choose,
    click_at,
    drag,
    make_app,
    open_play,
    press_button,
    pump,
    square_at,
)

from game.app import MIN_SIZE, App
from game.clock import Clock
from game.games import REGISTRY, load_all
from game.games.chess.rules import ChessGame
from game.learn import progress
from game.match import Match
from game.ui.clock_row import CUSTOM
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.setup import SetupScene

load_all()


class HandClock:
    """A time source stepped by the test."""

    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def frames(app, scene, hand: HandClock, seconds: float, each: float = 1.0) -> None:
    """Frames ``each`` seconds apart on the hand clock, ``seconds`` in all."""
    for _ in range(round(seconds / each)):
        hand.now += each
        pump(app, 1)


class PrivateChess(ChessGame):
    """Chess flagged as hiding something, so two people get privacy screens."""

    id = "test_clock_private_chess"
    title = "Private Chess (test)"
    private_views = True


@pytest.fixture
def private(monkeypatch):
    monkeypatch.setitem(REGISTRY, PrivateChess.id, PrivateChess())
    return PrivateChess.id


def clocked_scene(app, base: float, increment: float = 0, players=None, game="chess"):
    match = Match(game, seed=1, players=players)
    match.clock = Clock.new(base, increment, 2)
    hand = HandClock()
    scene = PlayScene(app, match)
    scene.clock_now = hand  # before the first frame reads the time
    app.push(scene)
    pump(app, 2)
    return scene, hand


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_panel_shows_each_players_time_and_the_clock_runs_for_the_mover(app):
    scene, hand = clocked_scene(app, 300, 3)
    # A line a seat, the time before the player; the running clock dotted.
    assert scene.panel.who_text == "• White 5:00  Human\nBlack 5:00  Human"
    frames(app, scene, hand, 4)
    assert scene.panel.who_text == "• White 4:56  Human\nBlack 5:00  Human"
    assert scene.panel.who_styles == ("#clock_running", "#hint")
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))  # +3 s for the move
    assert scene.match.clock.left[0] == 299
    while scene.board.animating:  # the move lands on the clock's own time
        pump(app, 1)
    frames(app, scene, hand, 2)
    assert scene.panel.who_text == "White 4:59  Human\n• Black 4:58  Human"
    assert scene.panel.who_styles == ("#hint", "#clock_running")
    assert [label.text for label in scene.panel.who_labels] == scene.panel.who_text.split("\n")


def test_the_clock_stands_while_a_move_lands(app):
    """A move landing on the board is not the next seat's time: it cannot
    see it yet (a computer lost fast games on these fifths of a second)."""
    scene, hand = clocked_scene(app, 300)
    state = scene.match.state
    scene.submit(0, state.parse_action("e4", 0))
    assert scene.board.animating
    while scene.board.animating:
        frames(app, scene, hand, 1)
    assert scene.match.clock.left == [300, 300]
    frames(app, scene, hand, 2)
    assert scene.match.clock.left == [300, 298]


def test_a_clock_under_ten_seconds_is_shown_in_the_warning_colour(app):
    scene, hand = clocked_scene(app, 12)
    frames(app, scene, hand, 3)  # White 0:09
    assert scene.panel.who_text.startswith("• White 0:09")
    assert scene.panel.who_styles == ("#clock_low", "#hint")
    assert "#clock_low" in scene.panel.who_labels[0].object_ids


def test_the_clock_stops_under_a_dialog_but_not_while_looking_back(app):
    scene, hand = clocked_scene(app, 300)
    scene.dialogs.toggle_pause()
    frames(app, scene, hand, 5)
    scene.dialogs.toggle_pause()
    pump(app, 1)  # the board takes clicks again
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    assert scene.match.history == [{0: "e4"}]
    scene.looking.go(0)  # Black thinks over the start: on Black's time
    assert scene.looking_at == 0
    frames(app, scene, hand, 5)
    scene.looking.go(None)
    pump(app, 1)
    assert scene.match.clock.left == [300, 295]


def test_a_window_the_mover_opens_runs_their_clock_a_question_to_the_other_side_stops_it(
    app,
):
    scene, hand = clocked_scene(app, 300)
    press_button(app, scene.panel.buttons["save"])  # White's own Save window
    assert scene.dialogs.saving()
    frames(app, scene, hand, 5)
    scene.dialogs.cancel_save()
    press_button(app, scene.panel.buttons["resign"])  # White's own question
    frames(app, scene, hand, 5)
    assert scene.match.clock.left == [290, 300]
    close_dialogs(scene)
    press_button(app, scene.panel.buttons["draw"])  # Black is asked: nobody's time runs
    assert scene.dialogs.modal()
    frames(app, scene, hand, 5)
    assert scene.match.clock.left[0] == 290


def close_dialogs(scene) -> None:
    from game.ui import widgets

    while widgets.close_top_dialog(scene.ui):
        pass


def test_the_clock_stops_under_the_privacy_screen(app, private):
    scene, hand = clocked_scene(app, 300, game=private)
    if scene.viewpoint.covering:
        click_at(app, scene.board.outer.center)  # White takes the screen
    frames(app, scene, hand, 2)
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    assert scene.viewpoint.covering  # pass to Black
    frames(app, scene, hand, 5)
    assert scene.match.clock.left == [298, 300]
    click_at(app, scene.board.outer.center)  # Black takes the screen: its clock runs
    frames(app, scene, hand, 3)
    assert scene.match.clock.left == [298, 297]


def test_the_flag_ends_the_game_and_the_window_says_so(app):
    scene, hand = clocked_scene(app, 3)
    frames(app, scene, hand, 3)
    result = scene.match.state.result()
    assert result.points == (0.0, 1.0) and result.reason == "White ran out of time"
    pump(app, 3)
    assert scene.dialogs.game_over is not None
    assert "White ran out of time" in scene.dialogs.game_over_text
    frames(app, scene, hand, 3)  # the game is over: no clock runs
    assert scene.match.clock.left == [0, 3]


def test_rematch_swaps_the_colours_and_the_computer_level_follows(app):
    # The computer (Hard) has White and played f3, g4; Ann (Black) mates.
    match = Match("chess", seed=1, players=["computer:search:3", "human"], names=["", "Ann"])
    match.clock = Clock.new(180, 2, 2)
    for san in ("f3", "e5", "g4"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene = open_play(app, match)
    drag(app, square_at(scene, "d8"), square_at(scene, "h4"))
    pump(app, 60)
    assert scene.match.state.result().points == (0.0, 1.0)
    press_button(app, scene.dialogs.buttons["Rematch"])
    again = app.scene.match
    assert again is not match
    assert again.players == ["human", "computer:search:3"]
    assert again.names == ["Ann", ""]
    assert again.history == [] and again.seed != match.seed
    clock = again.clock  # the same control, full time (White's now running)
    assert (clock.base, clock.increment, clock.left[1]) == (180, 2, 180)


def test_a_game_alone_offers_no_rematch(app):
    match = Match("cooperative", {"mode": "solitaire"}, seed=1)
    scene = open_play(app, match)
    scene.after_events(match.resign(0))  # stopping where it is, as the Stop button does
    pump(app, 30)
    assert "New game" in scene.dialogs.buttons and "Rematch" not in scene.dialogs.buttons


def test_the_setup_clock_row_at_the_smallest_window():
    assert MIN_SIZE == (800, 560)
    progress.mark_offered("chess")  # no first-time lessons offer over the form
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    app.push(MainMenu(app))
    app.push(SetupScene(app, "chess"))
    pump(app, 2)
    scene = app.scene
    row = scene.clock_row
    assert not row.entry.visible  # "No clock": no custom entry
    window = pygame.Rect((0, 0), MIN_SIZE)
    assert window.contains(row.menu.rect) and window.contains(row.entry.rect)
    assert row.menu.rect.bottom <= scene.position_entry.rect.top
    choose(app, row.menu, CUSTOM)
    assert row.entry.visible
    # The example shows until the person clicks into it (a focused entry hides it).
    assert row.entry.get_text() == "" and not row.entry.is_focused
    assert "7+2" in row.entry.placeholder_text
    row.entry.set_text("7+2")
    scene.start()
    assert app.scene.match.clock == Clock.new(420, 2, 2)


def test_a_bad_custom_clock_is_refused_in_words():
    app = make_app(MainMenu, lambda a: SetupScene(a, "chess"))
    pump(app)
    scene = app.scene
    choose(app, scene.clock_row.menu, CUSTOM)
    scene.clock_row.entry.set_text("five")
    scene.start()
    assert app.scene is scene
    assert scene.error.startswith("Write the clock as minutes + seconds")


def test_golf_has_no_clock_row():
    app = make_app(MainMenu, lambda a: SetupScene(a, "golf"))
    pump(app)
    assert app.scene.clock_row.menu is None


def test_the_setup_form_keeps_the_clock_chosen_last_time_in_that_game():
    """Like the seats and names: the clock read back "No clock" each time."""
    app = make_app(MainMenu, lambda a: SetupScene(a, "chess"))
    pump(app)
    choose(app, app.scene.clock_row.menu, CUSTOM)
    app.scene.clock_row.entry.set_text("1+0")
    app.scene.start()
    for game_id, shown, typed in (("chess", CUSTOM, "1+0"), ("maces", "No clock", "")):
        setup = SetupScene(app, game_id)
        app.push(setup)
        pump(app, 2)
        assert setup.clock_row.menu.selected_option[0] == shown
        assert setup.clock_row.entry.get_text() == typed
        assert setup.clock_row.entry.visible == (shown == CUSTOM)
        app.pop()


@pytest.mark.parametrize(
    "kept", [["Sudden death", ""], ["5+3"], [CUSTOM, 7], "5+3", None], ids=repr
)
def test_a_clock_kept_in_damaged_settings_is_ignored(kept):
    app = make_app(MainMenu)
    app.settings["last_clocks"] = {"chess": kept}
    setup = SetupScene(app, "chess")
    app.push(setup)
    pump(app, 2)
    assert setup.clock_row.menu.selected_option[0] == "No clock"
    assert setup.clock_row.control() is None
