"""The setup form: seats and generic options, validated before a match."""

from __future__ import annotations

import json
import re

import pygame
import pytest
from helpers import tiers
from helpers.ui_driver import all_elements, choose, click, key, make_app, pump
from pygame_gui.elements import UIDropDownMenu, UILabel

from game.ai import ratings
from game.ai.levels import LEVELS
from game.games import REGISTRY, load_all
from game.games.cooperative.rules import HELP_DUO
from game.match import NAME_MAX
from game.ui import widgets
from game.ui.menu import MainMenu
from game.ui.setup import LAST_NAMES, LAST_OPTIONS, SetupScene

load_all()


def _setup(game_id):
    app = make_app(MainMenu, lambda a: SetupScene(a, game_id))
    pump(app)
    return app, app.scene


def test_chess960_number_1000_is_refused_with_a_message(started):
    app, scene = _setup("chess960")
    choose(app, scene.option_widgets["start"], "Number")
    scene.option_widgets["number"].set_text("1000")
    click(app, scene.start_button)
    assert app.scene is scene  # still on the form
    assert scene.error and ("1000" in scene.error or "959" in scene.error)
    assert scene.error_label.text == scene.error
    assert started == []


def test_not_a_number_is_refused_with_a_message(started):
    app, scene = _setup("chess960")
    scene.option_widgets["number"].set_text("five")
    click(app, scene.start_button)
    assert app.scene is scene
    assert "whole number" in scene.error
    assert started == []


def test_chess960_number_518_starts_the_match(started):
    app, scene = _setup("chess960")
    choose(app, scene.option_widgets["start"], "Number")
    choose(app, scene.seat_menus[1], "Computer: Hard")
    scene.option_widgets["number"].set_text("518")
    click(app, scene.start_button)
    assert len(started) == 1
    match = started[0]
    assert match.game_id == "chess960"
    assert match.options["start"] == "number" and match.options["number"] == 518
    assert match.players == ["human", "computer:search:3"]
    assert app.scene is not scene


def test_seat_levels_map_to_bot_specs(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[0], "Computer: Easy")
    choose(app, scene.seat_menus[1], "Human")
    click(app, scene.start_button)
    assert started[0].players == ["computer:easy", "human"]


def test_one_row_per_seat_and_option():
    app, scene = _setup("chess960")
    game = REGISTRY["chess960"]
    assert len(scene.seat_menus) == len(game.seats)
    assert set(scene.option_widgets) == {o.key for o in game.options}


def test_form_survives_a_resize(started):
    app, scene = _setup("chess960")
    scene.option_widgets["number"].set_text("77")
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    pump(app, 2)
    assert scene.option_widgets["number"].get_text() == "77"


def test_back_returns_to_the_menu():
    app, scene = _setup("chess")
    click(app, scene.back_button)
    assert isinstance(app.scene, MainMenu)


# -- a game from a position, and the seats remembered -------------------------------------
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def test_a_game_can_start_from_a_pasted_position(started):
    app, scene = _setup("chess")
    scene.position_entry.set_text(MATE_IN_ONE)
    click(app, scene.start_button)
    (match,) = started
    assert match.start == MATE_IN_ONE and match.state.to_text() == MATE_IN_ONE


def test_a_pasted_position_that_is_none_is_refused_with_a_message(started):
    app, scene = _setup("chess")
    scene.position_entry.set_text("8/8/8 w")
    click(app, scene.start_button)
    assert app.scene is scene and started == []
    assert scene.error.startswith("That is not a Chess position")


def test_the_seats_chosen_last_time_come_back(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    click(app, scene.start_button)
    assert started[-1].players == ["human", "human"]
    again = SetupScene(app, "chess")
    assert again.players == ["human", "human"]
    other = SetupScene(app, "maces")  # each game keeps its own
    assert other.players[1].startswith("computer")


@pytest.mark.slow  # fast cover: the retired options test of every game fast
def test_seats_remembered_with_a_retired_level_fall_back_to_the_defaults(started):
    # Easy was once "computer:random"; a form remembering it must still open.
    app = make_app(MainMenu)
    app.settings["last_players"] = {"chess": ["computer:random", "human"]}
    app.push(SetupScene(app, "chess"))
    pump(app)
    scene = app.scene
    click(app, scene.start_button)
    assert started[0].players == ["human", "computer:search:2"]


@pytest.mark.slow  # fast cover: test_the_seats_chosen_last_time_come_back fast
def test_seats_remembered_from_last_time_come_back(started):
    app = make_app(MainMenu)
    app.settings["last_players"] = {"chess": ["computer:easy", "human"]}
    app.push(SetupScene(app, "chess"))
    pump(app)
    click(app, app.scene.start_button)
    assert started[0].players == ["computer:easy", "human"]


# -- the players' names ----------------------------------------------------------------------
def type_into(app, entry, text: str) -> None:
    """Click a text field and type ``text`` as a person would, key by key."""
    click(app, entry)
    for ch in text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 2)


def test_an_untouched_form_gives_no_names_and_shows_the_seat_labels(started):
    app, scene = _setup("chess")
    you, computer = scene.name_entries
    assert you.get_text() == "" and you.placeholder_text == "White" and you.is_enabled
    assert computer.placeholder_text == "Computer (Normal)" and not computer.is_enabled
    click(app, scene.start_button)
    assert started[0].names == ["", ""]
    assert [started[0].seat_name(s) for s in (0, 1)] == ["White", "Black"]


@pytest.mark.slow  # fast cover: test_names_typed_in_setup_reach_the_play_scene_and_the_save fast
def test_names_typed_in_the_form_reach_the_match(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    type_into(app, scene.name_entries[0], "Ann")
    type_into(app, scene.name_entries[1], "Bob")
    click(app, scene.start_button)
    assert started[0].names == ["Ann", "Bob"]
    assert started[0].seat_name(1) == "Bob (Black)"


@pytest.mark.slow  # fast cover: the damaged-settings names cases cut names fast
def test_a_name_is_cut_at_sixteen_characters_as_it_is_typed(started):
    app, scene = _setup("chess")
    type_into(app, scene.name_entries[0], "Bartholomew Fitzwilliam")
    assert scene.name_entries[0].get_text() == "Bartholomew Fitz"
    click(app, scene.start_button)
    assert started[0].names[0] == "Bartholomew Fitz"


@pytest.mark.slow  # fast cover: the damaged-settings names cases clean names fast
def test_a_pasted_name_with_control_characters_is_cleaned(started):
    app, scene = _setup("chess")
    scene.name_entries[0].set_text("Ann\tLee\x07")
    click(app, scene.start_button)
    assert started[0].names[0] == "Ann Lee"


def test_a_computer_seat_is_named_by_its_level_and_keeps_the_name_typed_before(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    type_into(app, scene.name_entries[1], "Bob")
    choose(app, scene.seat_menus[1], "Computer: Hard")
    entry = scene.name_entries[1]
    assert not entry.is_enabled and entry.get_text() == ""
    assert entry.placeholder_text == "Computer (Hard)"
    click(app, scene.start_button)
    assert started[-1].names == ["", ""]  # a computer seat has no name
    again = SetupScene(app, "chess")
    app.push(again)
    pump(app)
    choose(app, again.seat_menus[1], "Human")
    assert again.name_entries[1].get_text() == "Bob" and again.name_entries[1].is_enabled


@pytest.mark.slow  # fast cover: the Start button tests fast
def test_enter_in_a_name_goes_on_to_the_next_name_then_starts(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    type_into(app, scene.name_entries[0], "Ann")
    key(app, pygame.K_RETURN)
    assert started == [] and scene.name_entries[1].is_focused
    for ch in "Bob":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 2)
    key(app, pygame.K_RETURN)
    assert [m.names for m in started] == [["Ann", "Bob"]]


@pytest.mark.slow  # fast cover: test_names_typed_in_setup_reach_the_play_scene_and_the_save fast
def test_the_names_typed_last_time_come_back_for_that_game_only(started):
    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    type_into(app, scene.name_entries[0], "Ann")
    click(app, scene.start_button)
    assert SetupScene(app, "chess").names == ["Ann", ""]
    assert SetupScene(app, "maces").names == ["", ""]


@pytest.mark.parametrize(
    "kept", [["x" * 300, "\x1b[2J"], "Ann", ["Ann"], [1, 2], {"0": "Ann"}, None]
)
def test_names_kept_in_damaged_settings_are_cleaned_or_forgotten(kept):
    app = make_app(MainMenu)
    app.settings[LAST_NAMES] = {"chess": kept}
    names = SetupScene(app, "chess").names
    assert names in (["x" * NAME_MAX, "[2J"], ["", ""])


# -- fitting the smallest window ---------------------------------------------------------------
def _most_seats(game) -> dict:
    """The options with the most seats in play (Chess Golf: four players)."""
    best = game.default_options()
    for option in game.options:
        for choice in option.choices or ():
            trial = game.normalize_options({**best, option.key: choice})
            if len(game.seats_in_play(trial)) > len(game.seats_in_play(best)):
                best = trial
    return best


@pytest.mark.parametrize("game_id", tiers.ui_sweep(sorted(load_all())))
def test_the_form_fits_the_smallest_window_with_every_seat(game_id):
    import warnings

    from game.app import MIN_SIZE, App

    game = REGISTRY[game_id]
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    app.push(MainMenu(app))
    scene = SetupScene(app, game_id)
    scene.values = _most_seats(game)
    # Every seat the computer, at levels taken in turn: a line of strength for each
    # (two levels' words on one line were cut).
    for i, seat in enumerate(game.seats_in_play(scene.values)):
        scene.players[seat] = "computer:" + LEVELS[i % len(LEVELS)][1]
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        scene.rebuild()
        app.push(scene)
        pump(app, 2)
    cut = [str(w.message) for w in caught if "too small for text" in str(w.message)]
    assert cut == [], cut
    assert len(scene.seat_menus) == len(game.seats_in_play(scene.values))
    window = pygame.Rect((0, 0), MIN_SIZE)
    for element in all_elements(scene.ui.get_root_container()):
        if element.visible:
            assert window.contains(element.rect), (element, element.rect)
    fields = [
        *scene.seat_menus,
        *scene.name_entries,
        *scene.option_widgets.values(),
        scene.position_entry,
        *([scene.clock_row.menu, scene.clock_row.entry] if scene._clocked() else []),
        scene.error_label,
        *scene.levels_labels,
        scene.back_button,
        scene.rules_button,
        scene.start_button,
    ]
    rects = [f.rect for f in fields]
    for i, rect in enumerate(rects):
        assert rect.collidelist(rects[i + 1 :]) == -1, fields[i]
    for label in scene.levels_labels:
        assert not label.text.endswith("…"), label.text
    _every_list_opens_whole(app, [f for f in fields if isinstance(f, UIDropDownMenu)])


def _every_list_opens_whole(app, menus) -> None:
    """Each drop-down's list, opened, shows every choice inside the window
    (the chess clock's reached the window's edge at 800 x 560 and "Custom"
    needed scrolling): it opens upward where there is no room below."""
    window = pygame.Rect((0, 0), app.size)
    for menu in menus:
        click(app, menu)
        listed = menu.current_state.options_selection_list
        assert listed is not None and window.contains(listed.rect), (menu, listed.rect)
        assert listed.scroll_bar is None, f"{menu.most_specific_combined_id}: the list scrolls"
        menu.current_state.should_transition = True  # closed again, nothing chosen
        pump(app, 2)


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_names_typed_in_setup_reach_the_play_scene_and_the_save():
    from game import saves
    from game.ui.play import PlayScene

    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Human")
    type_into(app, scene.name_entries[0], "Ann")
    type_into(app, scene.name_entries[1], "Bob")
    click(app, scene.start_button)
    play = app.scene
    try:
        assert isinstance(play, PlayScene) and play.match.names == ["Ann", "Bob"]
        assert play.panel.status_text.startswith("Ann (White) to move")
        play.controls.to_menu()  # leaves the game in the autosave
        assert saves.load_autosave().names == ["Ann", "Bob"]
    finally:
        play.close_runners()


def test_a_message_too_long_for_its_line_is_shown_whole_in_a_box(started):
    app, scene = _setup("chess")
    scene.position_entry.set_text("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w")
    click(app, scene.start_button)
    assert app.scene is scene and started == []
    assert "position text has" in scene.error
    line = scene.error_label.text
    assert line.endswith("…") and scene.error.startswith(line[:-1].rstrip())
    font = scene.error_label.font
    assert font.size(line)[0] <= scene.error_label.rect.width  # nothing cut by the label
    boxes = [w for w in widgets.dialogs(scene.ui) if scene.error in w.text_block.html_text]
    assert len(boxes) == 1


# -- the options chosen last time, and each choice's own note --------------------------------
def _labels(scene) -> list[str]:
    return [e.text for e in scene.ui.get_sprite_group().sprites() if isinstance(e, UILabel)]


def test_the_cooperative_mode_chosen_last_time_comes_back_with_its_own_note(started):
    app, scene = _setup("cooperative")
    assert "Solitaire: you move both colours, with no hand" in _labels(scene)
    choose(app, scene.option_widgets["mode"], "Two players")
    scene = app.scene
    assert HELP_DUO in _labels(scene) and not any("Solitaire" in t for t in _labels(scene))
    click(app, scene.start_button)
    assert started[-1].options["mode"] == "two players"
    again = SetupScene(app, "cooperative")
    assert again.values["mode"] == "two players"
    assert again.option_widgets["mode"].selected_option[0] == "Two players"
    assert HELP_DUO in _labels(again)


@pytest.mark.parametrize("game_id", sorted(g for g in REGISTRY if REGISTRY[g].options))
def test_every_games_listed_options_come_back_and_retired_ones_fall_back(game_id):
    """Each option chosen from a list, set to its last choice and kept in the
    settings as JSON, comes back; a value no longer among the choices gives
    the default."""
    game = REGISTRY[game_id]
    listed = [o for o in game.options if o.choices or isinstance(o.default, bool)]
    chosen = {o.key: (o.choices or (True, False))[-1] for o in listed}
    kept = json.loads(json.dumps({LAST_OPTIONS: {game_id: chosen}}))
    app = make_app(MainMenu)
    app.settings.update(kept)
    scene = SetupScene(app, game_id)
    assert {k: scene.values[k] for k in chosen} == chosen
    app.settings[LAST_OPTIONS] = {game_id: {o.key: "retired choice" for o in listed}}
    assert SetupScene(app, game_id).values == game.default_options()


def test_a_game_the_play_scene_cannot_show_leaves_the_form_as_it_was(monkeypatch):
    """A typed position the rules read but the play scene fails on (a
    reviewer's Golf solution shown past its par) keeps the form and says so,
    instead of the fault window and a lost form."""
    app, scene = _setup("chess")

    def broken(*args, **kwargs):
        raise IndexError("a fault in the play scene")

    monkeypatch.setattr("game.ui.play.PlayScene", broken)
    scene.position_entry.set_text(MATE_IN_ONE)
    click(app, scene.start_button)
    assert app.scene is scene and app.running
    assert scene.error.startswith("This game could not be shown")
    assert scene.position_entry.get_text() == MATE_IN_ONE


@pytest.mark.parametrize("size", [(1280, 800), (800, 560)])
def test_the_newcomers_offer_and_every_confirm_dialog_give_their_buttons_room(monkeypatch, size):
    """pygame_gui sizes a dialog's buttons to their words, edge to edge
    ("Lessons" / "Not now"): each keeps room both sides, apart, inside."""
    from game.app import App
    from game.learn import progress

    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    app = App(fullscreen=False, size=size)
    app.running = True
    try:
        app.navigate.setup("maces")
        pump(app)
        ui = app.scene.ui
        offer = widgets.dialogs(ui)[-1]
        assert offer.window_display_title == "New to this game?"
        other = widgets.confirm(
            ui, "Delete?", "Delete this save?", lambda: None, "Delete", "Cancel"
        )
        for dialog in (offer, other):
            yes, no = dialog.confirm_button, dialog.cancel_button
            for button in (yes, no):
                assert button.rect.width >= button.font.size(button.text)[0] + 32, button.text
                assert dialog.rect.contains(button.rect), button.text
            assert yes.rect.right < no.rect.left
            assert dialog.confirmation_text.rect.bottom <= yes.rect.top
    finally:
        app.close()


@pytest.mark.fast  # the smoke test of the levels' lines (game/ai/ratings.py's figures)
def test_the_form_says_how_strong_the_computer_plays_at_each_level_chosen(monkeypatch):
    from game.ai.levels import level_label, level_strength

    def lines(scene):
        return [label.text for label in scene.levels_labels]

    app, scene = _setup("chess")
    choose(app, scene.seat_menus[1], "Computer: Easy")
    assert lines(scene) == ["Computer: " + level_label("chess", "easy")]
    assert re.fullmatch(r"Computer: Easy \(rated (about|below) \d+\)", lines(scene)[0])
    choose(app, scene.seat_menus[0], "Computer: Normal")  # two levels: both, whole
    said = " · ".join(lines(scene))
    assert "Normal (" + level_strength("chess", "search:2") + ")" in said
    assert "Easy (" + level_strength("chess", "easy") + ")" in said
    assert not any(line.endswith("…") for line in lines(scene))
    choose(app, scene.seat_menus[0], "Human")
    choose(app, scene.seat_menus[1], "Human")
    assert lines(scene) == []  # no computer seat: nothing to say
    app, scene = _setup("maces")  # a new opponent is Normal
    words = r"(beats Easy \d+ games in 10|even with Easy|loses to Easy \d+ games in 10)"
    assert re.fullmatch(rf"Computer: Normal \({words}\)", lines(scene)[0])
    # A level with no sound figure yet: no claim it cannot stand behind, and it says so.
    unmeasured = {"normal": ratings.SCORES["maces"]["normal"]}
    monkeypatch.setitem(ratings.SCORES, "maces", unmeasured)
    choose(app, scene.seat_menus[1], "Computer: Hard")
    assert lines(scene) == ["Computer: Hard (not measured yet)"]


def _shown_text(entry) -> str:
    """What a text field draws, as its layout holds it."""
    layout = entry.drawable_shape.text_box_layout
    return "".join(getattr(chunk, "text", "") for row in layout.layout_rows for chunk in row.items)


@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_every_field_of_the_form_shows_what_is_typed_and_nothing_else(game_id):
    """Typing "Ann" into a name field showed "AnnWhite": the dimmed
    placeholder stayed drawn after the typed letters. Every text field of
    every game's form (names, the position, free options) is typed into."""
    from game.ui.widgets import HintedEntry

    app, scene = _setup(game_id)
    fields = [w for w in scene.ui.get_root_container().elements if isinstance(w, HintedEntry)]
    fields = [f for f in fields if f.visible and f.is_enabled]
    assert fields, game_id
    for field in fields:
        scene.ui.set_focus_set(field)
        pump(app, 2)
        for ch in "Ab":
            pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
            pump(app, 1)
        pump(app, 2)
        assert field.get_text().endswith("Ab"), (game_id, field.get_text())
        assert _shown_text(field) == field.get_text(), (game_id, field.placeholder_text)


@pytest.mark.parametrize("game_id", ["chess", "telepathic"])
def test_tab_moves_to_the_next_field_and_shift_tab_back(game_id):
    """ "Bob", Tab, "Zed" gave "BobZed": Tab did nothing."""
    app, scene = _setup(game_id)
    fields = scene._fields()
    assert len(fields) >= 2
    scene.ui.set_focus_set(fields[0])
    pump(app, 2)
    for ch in "Bob":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(app, pygame.K_TAB)
    for ch in "Zed":
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    pump(app, 2)
    assert fields[0].get_text() == "Bob" and fields[1].get_text() == "Zed"
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert fields[0].is_focused
    key(app, pygame.K_TAB, mod=pygame.KMOD_SHIFT)  # round to the last
    assert fields[-1].is_focused
