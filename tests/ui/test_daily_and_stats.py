"""The deal of the day met in the window: the setup form's "Today's deal"
button, the game-over window's daily result and "Replay this deal", a
daily game's autosave continued as the daily; the statistics page from the
menu and from a setup form, headless and at the smallest window."""

from __future__ import annotations

import datetime
import json

import pygame
import pytest
from helpers.ui_driver import choose, click, press_button, pump, texts

from game import saves
from game.ai import think_now
from game.app import MIN_SIZE, App
from game.learn import daily, stats
from game.match import Match
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.setup import SetupScene
from game.ui.stats_scene import StatsScene


def small_app(*scenes) -> App:
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    for factory in scenes:
        app.push(factory(app))
    pump(app, 2)
    return app


def close(app: App) -> None:
    for scene in list(app.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    app.close()


def play_through(app: App, scene: PlayScene, steps: int | None = None) -> None:
    """The person's steps, each the computer's weakest choice, handed to the
    scene as a click hands them (``PlayScene.submit``)."""
    n = 0
    while not scene.match.is_over() and (steps is None or n < steps):
        seat = scene.match.to_act()[0]
        assert scene.submit(seat, think_now("easy", scene.match.state, seat))
        pump(app, 2)
        n += 1
    for _ in range(4000):  # the moves' animations play out first
        if scene.dialogs.game_over is not None or not scene.match.is_over():
            break
        pump(app, 1)


@pytest.mark.parametrize("game_id", ["golf", "cooperative"])
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_setup_button_opens_todays_deal(game_id):
    app = small_app(MainMenu, lambda a: SetupScene(a, game_id))
    try:
        form = app.scene
        assert (
            form.daily_button is not None
            and form.daily_button.rect.right < form.start_button.rect.left
        )
        click(app, form.daily_button)
        scene = app.scene
        assert isinstance(scene, PlayScene)
        today = daily.today()
        assert scene.match.daily == today.isoformat()
        assert scene.match.seed == daily.seed_for(game_id, today)
        assert scene.match.options == daily.options_for(game_id)
        assert any(t.startswith(f"Deal of the day {today.isoformat()}") for t in texts(app))
    finally:
        close(app)


def test_a_game_with_no_deal_has_no_button():
    app = small_app(lambda a: SetupScene(a, "chess"))
    try:
        assert app.scene.daily_button is None
        assert "Deal of the day" not in [
            b.text for b in app.scene.ui.get_sprite_group().sprites() if hasattr(b, "text")
        ]
    finally:
        close(app)


# Slow; fast cover: tests/learn/test_daily.py records daily results, and the
# setup-button test above opens the deal.
@pytest.mark.slow
def test_a_daily_deal_played_from_the_setup_to_the_game_over_window():
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.daily_button)
        scene = app.scene
        play_through(app, scene)
        window = scene.dialogs.game_over
        assert window is not None and window.alive()
        assert window.rect.bottom <= MIN_SIZE[1] and window.rect.top >= 0
        text = scene.dialogs.game_over_text
        day = daily.today().isoformat()
        assert f"Deal of the day {day}:" in text and "Days played in a row: 1 day" in text
        assert daily.figures("golf").played == 1
        assert stats.figures("golf") == stats.Figures()  # free play untouched

        # Replay this deal: the same seed as free play, counted there.
        press_button(app, scene.dialogs.buttons["Replay this deal"])
        replay = app.scene
        assert replay is not scene and replay.match.daily is None
        assert replay.match.seed == scene.match.seed
        play_through(app, replay)
        assert "Deal of the day" not in replay.dialogs.game_over_text
        assert daily.figures("golf").played == 1
        assert stats.figures("golf").played == 1
    finally:
        close(app)


# Slow; fast cover: tests/learn/test_daily.py reads a daily save back.
@pytest.mark.slow
def test_a_daily_game_continued_from_its_autosave_is_the_daily():
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.daily_button)
        play_through(app, app.scene, steps=3)
        saves.flush(5)
        app.pop()  # back to the menu, the game unfinished
        pump(app, 2)
        click(app, app.scene.buttons["continue"])
        scene = app.scene
        assert isinstance(scene, PlayScene) and scene.match.daily == daily.today().isoformat()
        play_through(app, scene)
        assert "Deal of the day" in scene.dialogs.game_over_text
    finally:
        close(app)


# -- the statistics page -------------------------------------------------------------------------
def inside(app: App) -> None:
    """Every element of the top scene lies inside the window."""
    window = pygame.Rect((0, 0), app.size)
    for element in app.scene.ui.get_sprite_group().sprites():
        if getattr(element, "visible", True) and hasattr(element, "rect"):
            assert window.contains(element.rect), (element, element.rect)


def test_the_statistics_page_from_the_menu_shows_a_games_figures():
    for end in ("white", "draw"):
        match = Match("chess", None, None, ["human", "computer:easy"])
        match.agree_draw() if end == "draw" else match.resign(1)
        stats.record_match(match)
    app = small_app(MainMenu)
    try:
        click(app, app.scene.buttons["stats"])
        page = app.scene
        assert isinstance(page, StatsScene)
        inside(app)
        shown = dict(page.texts())
        assert shown["Played"] == "2" and shown["Won"] == "1 (50%)" and shown["Drawn"] == "1 (50%)"
        assert "Today" not in shown  # no deal of the day for this game
        choose(app, page.picker, "Chess960")  # another game's figures: none yet
        assert page.game_id == "chess960" and dict(page.texts())["Played"] == "0"
        inside(app)
    finally:
        close(app)


def test_the_statistics_page_from_the_menu_opens_on_the_game_started_last():
    app = small_app(MainMenu)
    try:
        for game_id in ("maces", "golf", "maces"):  # maces again: last, though set up first
            app.navigate.setup(game_id)
            pump(app, 2)
            click(app, app.scene.start_button)
            assert isinstance(app.scene, PlayScene)
            app.scene.close_runners()
            while not isinstance(app.scene, MainMenu):
                app.pop()
            pump(app, 2)
        click(app, app.scene.buttons["stats"])
        page = app.scene
        assert isinstance(page, StatsScene) and page.game_id == "maces"
        assert "Best score" not in dict(page.texts())  # won or lost, never scored
    finally:
        close(app)


def test_the_statistics_page_of_a_dealt_game_from_its_setup_form():
    day = daily.today()
    for n in (1, 0):
        match = daily.new_match("golf", day - datetime.timedelta(days=n))
        while not match.is_over():
            seat = match.to_act()[0]
            match.play({seat: think_now("easy", match.state, seat)})
        daily.record_match(match)
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.stats_button)
        page = app.scene
        assert isinstance(page, StatsScene) and page.game_id == "golf"
        inside(app)
        labels = [getattr(e, "text", "") for e in page.ui.get_sprite_group().sprites()]
        assert "Deal of the day" in labels and "2 days" in labels
        press_button(app, page.back_button)
        assert isinstance(app.scene, SetupScene)
    finally:
        close(app)


# -- Today's deal twice, and a poisoned statistics file (hostile review 29) ----------------------
def notes(app: App) -> list[str]:
    """The titles and texts of the message windows over the top scene."""
    from pygame_gui.windows import UIMessageWindow

    return [
        f"{w.window_display_title}: {w.text_block.html_text}"
        for w in app.scene.ui.get_sprite_group().sprites()
        if isinstance(w, UIMessageWindow) and w.alive()
    ]


def test_todays_deal_pressed_again_goes_on_and_dealt_afresh_is_marked():
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.daily_button)
        first = app.scene
        play_through(app, first, steps=3)
        first.controls.to_menu()
        pump(app, 2)
        app.navigate.setup("golf")
        pump(app, 2)
        click(app, app.scene.daily_button)
        again = app.scene
        assert isinstance(again, PlayScene) and again is not first
        assert len(again.match.records) == 3 and not again.match.assists and not notes(app)
        again.controls.to_menu()
        pump(app, 2)
        saves.clear_autosave()  # another game's autosave took its place
        app.navigate.setup("golf")
        pump(app, 2)
        click(app, app.scene.daily_button)
        fresh = app.scene
        assert len(fresh.match.records) == 0 and fresh.match.assists == {"restart"}
        assert any("will not count" in n for n in notes(app))
    finally:
        close(app)


def test_the_statistics_page_drops_a_date_it_cannot_step_past():
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    yesterday = (daily.today() - datetime.timedelta(days=1)).isoformat()
    days = {
        "0001-01-01": {"assisted": True},
        "9999-12-31": {"score": 0, "points": 1.0, "lower_is_better": True},
        yesterday: {"score": 2, "points": 1.0, "lower_is_better": True},
    }
    games = {"golf": {"played": 4, "won": 1, "lost": 3}}
    path.write_text(json.dumps({"format": 1, "games": games, "daily": {"golf": {"days": days}}}))
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.stats_button)
        labels = texts(app)
        assert "The statistics could not be read." not in labels
        assert "Deal of the day" in labels and "1 day" in labels  # yesterday's streak
        assert "1 (25%)" in labels  # free play's figures too
    finally:
        close(app)


# -- asked before help or giving up, the played button, the replay's label (player review 29) ----
def asked(scene) -> tuple[object, str]:
    """The confirmation dialog on top and its text."""
    from game.ui import widgets

    dialog = widgets.dialogs(scene.ui)[-1]
    return dialog, dialog.confirmation_text.html_text


def test_on_todays_deal_the_first_hint_and_undo_ask_first_and_free_play_does_not():
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        click(app, app.scene.daily_button)
        scene = app.scene
        started = []
        scene.bots.start_hint = lambda *args: started.append(args)  # no worker process
        play_through(app, scene, steps=2)
        press_button(app, scene.panel.buttons["hint"])
        dialog, text = asked(scene)
        assert text == daily.HELP_ASKED["hint"]
        press_button(app, dialog.cancel_button)  # not now: nothing asked, still counted
        assert not started and not scene.match.assists and daily.still_counts(scene.match)
        press_button(app, scene.panel.buttons["undo"])
        dialog, text = asked(scene)
        assert text == daily.HELP_ASKED["undo"]
        press_button(app, dialog.confirm_button)
        assert len(scene.match.records) < 2 and "undo" in scene.match.assists
        assert not daily.still_counts(scene.match)
        press_button(app, scene.panel.buttons["hint"])  # already helped: no question
        assert started and not [d for d in asked_all(scene) if "hint" in d]
        scene.controls.to_menu()
        pump(app, 2)

        free = PlayScene(app, Match("golf", {"players": 1}, 3, ["human"] * 4))
        app.push(free)
        pump(app, 2)
        free.bots.start_hint = lambda *args: started.append(args)
        before = len(started)
        press_button(app, free.panel.buttons["hint"])
        assert len(started) == before + 1 and not asked_all(free)
    finally:
        close(app)


def asked_all(scene) -> list[str]:
    from pygame_gui.windows import UIConfirmationDialog

    return [
        w.confirmation_text.html_text
        for w in scene.ui.get_sprite_group().sprites()
        if isinstance(w, UIConfirmationDialog) and w.alive()
    ]


@pytest.mark.parametrize("game_id", ["golf", "cooperative"])
def test_giving_up_todays_deal_says_it_ends_the_counted_attempt(game_id):
    app = small_app(lambda a: SetupScene(a, game_id))
    try:
        click(app, app.scene.daily_button)
        scene = app.scene
        press_button(app, scene.panel.buttons["resign"])
        dialog, text = asked(scene)
        assert text.endswith(daily.ENDS_ATTEMPT)
        press_button(app, dialog.cancel_button)
        scene.controls.to_menu()
        pump(app, 2)
        free = PlayScene(app, Match(game_id, daily.options_for(game_id), 3, None))
        app.push(free)
        pump(app, 2)
        press_button(app, free.panel.buttons["resign"])
        assert daily.ENDS_ATTEMPT not in asked(free)[1]
    finally:
        close(app)


def test_todays_deal_button_says_when_it_was_played_and_a_replay_says_so():
    today = daily.today()
    match = daily.new_match("golf", today)
    match.resign(0)
    daily.record_match(match)
    app = small_app(MainMenu, lambda a: SetupScene(a, "golf"))
    try:
        form = app.scene
        button = form.daily_button
        assert button.text == daily.PLAYED_LABEL == "Today: played"
        assert "You played today's deal: quit." in button.tool_tip_text
        assert button.rect.right < form.start_button.rect.left  # the row still fits
        assert form.start_button.rect.right <= MIN_SIZE[0]

        played = PlayScene(app, match)
        app.push(played)
        pump(app, 2)
        played.controls.replay_deal()
        pump(app, 2)
        replay = app.scene
        assert replay.match.daily is None and replay.match.replay_of == today.isoformat()
        assert f"Replay of the deal of {today.isoformat()}" in texts(app)
        assert not any(t.startswith("Deal of the day") for t in texts(app))
    finally:
        close(app)


@pytest.mark.parametrize("game_id", ["golf", "cooperative"])
def test_the_deal_of_the_days_title_and_date_fit_the_smallest_window(game_id):
    app = small_app(lambda a: SetupScene(a, game_id))
    try:
        click(app, app.scene.daily_button)
        shown = texts(app)
        title = daily.new_match(game_id).game.title
        assert title in shown and f"Deal of the day {daily.today().isoformat()}" in shown
        assert not [t for t in shown if t.startswith(title[:8]) and t.endswith("…")]
    finally:
        close(app)
