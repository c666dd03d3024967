"""The Learn screens, driven headless: lessons solved and missed by real
clicks on the real board, Show me, progress in the user data folder, the
newcomer's offer on the setup form, and the scene in the smallest window."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pygame
import pytest
from helpers import tiers
from helpers.ui_driver import click, click_at, key, make_app, press_button, pump

from game.app import App
from game.games import load_all
from game.games.golf.actions import GiveUp
from game.learn import lessons as L
from game.learn import progress
from game.ui.learn_menu import LearnMenu
from game.ui.learn_scene import LessonScene
from game.ui.menu import MainMenu
from game.ui.setup import LAST_PLAYERS, SetupScene

load_all()
# Pictures to look at, kept only where LEARN_SHOTS names a folder.
SHOTS = Path(os.environ["LEARN_SHOTS"]) if os.environ.get("LEARN_SHOTS") else None


def open_lesson(app: App, game_id: str, title: str) -> LessonScene:
    lessons = L.load(game_id)
    index = next(i for i, lesson in enumerate(lessons) if lesson.title == title)
    assert app.navigate.lesson(lessons, index)
    pump(app, 2)
    assert isinstance(app.scene, LessonScene)
    return app.scene


def click_square(app: App, scene: LessonScene, name: str) -> None:
    click_at(app, scene.board.square_center(scene.match.state.geometry.square(name)))


def settle(app: App, scene: LessonScene, limit: int = 900) -> None:
    """Frames until the board is still and the lesson plays nothing more."""
    for _ in range(limit):
        pump(app, 1)
        if not scene.board.animating and not scene.busy:
            return
    raise AssertionError("the lesson never settled")


def shot(app: App, name: str) -> None:
    """Keep a picture to look at (only where LEARN_SHOTS asks for them)."""
    if SHOTS is not None and SHOTS.is_dir():
        pygame.image.save(pygame.display.get_surface(), str(SHOTS / f"{name}.png"))


@pytest.fixture
def app():
    a = make_app(MainMenu)
    yield a
    a.close()


# -- solving and missing ---------------------------------------------------------------------
# Mate in one (lessons/chess.txt):
#   8 . . . . . . k .
#   7 . . . . . p p p
#   1 R . . . . . K .
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_lesson_solved_by_clicks_shows_its_explanation_and_is_kept_done(app):
    scene = open_lesson(app, "chess", "Mate in one")
    click_square(app, scene, "a1")
    click_square(app, scene, "a8")
    settle(app, scene)
    assert scene.tutor.verdict == L.RIGHT
    assert scene.match.history == [{0: "Ra8#"}]
    assert scene.lesson.explain in scene.text.html_text.replace("&#x27;", "'")
    assert scene.status_line() == "Right!"
    assert "Mate in one" in progress.load().done_in("chess")
    shot(app, "chess_solved_1280x800")
    click(app, scene.buttons["list"])  # back to what opened it (here the main menu)
    assert isinstance(app.scene, MainMenu)


def test_a_wrong_legal_click_shows_its_own_explanation_and_marks_nothing(app):
    scene = open_lesson(app, "chess", "Mate in one")
    click_square(app, scene, "a1")
    click_square(app, scene, "a7")
    settle(app, scene)
    assert scene.tutor.verdict == L.WRONG
    assert scene.match.history == [{0: "Ra7"}]  # the board shows the step played
    wrong = next(w for w in scene.lesson.wrongs if w.step == "Ra7")
    assert wrong.words in scene.text.html_text
    assert scene.status_line() == "Not this time"
    assert scene.seen.actor is None  # no more moves in this try
    assert progress.load().done_in("chess") == set()
    shot(app, "chess_wrong_1280x800")
    press_button(app, scene.buttons["again"])
    again = app.scene
    assert isinstance(again, LessonScene) and again is not scene
    assert again.match.history == [] and again.tutor.verdict == L.GOING


def test_an_illegal_click_is_refused_by_the_rules_and_the_lesson_goes_on(app):
    scene = open_lesson(app, "chess", "Mate in one")
    click_square(app, scene, "a1")
    click_square(app, scene, "b8")  # no rook move: the rules offer no such path
    settle(app, scene)
    assert scene.match.history == [] and scene.tutor.verdict == L.GOING


def test_a_turn_of_several_clicks_throw_then_swing(app):
    # Throw your Mace next to the king (lessons/maces.txt): the throw is three
    # clicks (apult, Mace, landing), then the swing's victim is chosen.
    scene = open_lesson(app, "maces", "Throw your Mace next to the king")
    for name in ("h7", "h6", "g9"):
        click_square(app, scene, name)
    settle(app, scene)
    assert scene.tutor.verdict == L.GOING and scene.seen.actor == 0
    click_square(app, scene, "g10")  # the king, the g9 Mace's victim
    settle(app, scene)
    assert scene.tutor.verdict == L.RIGHT
    assert scene.match.is_over()


def test_a_choice_in_the_panel_the_card_duel(app):
    scene = open_lesson(app, "tulpas", "The card duel creates a Tulpa")
    state = scene.seen.state
    button = next(
        b for b, c in scene.choice_buttons.items() if state.notation(c.action) == "pick A"
    )
    press_button(app, button)
    settle(app, scene)
    assert scene.tutor.verdict == L.RIGHT
    assert scene.match.history == [{0: "pick A", 1: "guess A"}]


def test_show_me_plays_the_whole_answer_to_its_end(app):
    scene = open_lesson(app, "mulligan_stew", "The Mage swaps the king into the line")
    press_button(app, scene.buttons["show"])
    shown = app.scene
    assert isinstance(shown, LessonScene) and shown.showing
    settle(app, shown)
    assert [s[1] for s in shown.match.history] == ["Mc2@Ka4", "R:a4++"]
    assert shown.tutor.verdict == L.RIGHT and shown.match.is_over()
    assert "The answer." in shown.text.html_text
    assert progress.load().done_in("mulligan_stew") == set()  # shown is not solved


def test_a_judged_lessons_still_board_keeps_no_hints_of_a_next_turn(app):
    """Cooperative frames the captures open to the mover; once the lesson
    is judged nobody moves, so the frames go (facts of the position stay)."""
    scene = open_lesson(app, "cooperative", "The line decides the captures")
    hints = scene.adapter.hint_markers
    assert any(set(names) & hints for names in scene.board.markers.values())
    press_button(app, scene.buttons["show"])
    shown = app.scene
    settle(app, shown)
    assert shown.tutor.verdict == L.RIGHT
    assert any(set(n) & hints for n in shown.adapter.markers(shown.seen.state).values())
    assert not any(set(names) & hints for names in shown.board.markers.values())


# -- the menus ---------------------------------------------------------------------------------
def test_a_golf_lesson_offers_no_button_that_gives_the_hole_up(app):
    """Golf's "Show solution" gives the hole up (a wrong step in a lesson):
    the lesson's own Show me does that. Reset, a step of the game, stays."""
    scene = open_lesson(app, "golf", "A hole in one")
    legal = scene.match.state.legal_actions(scene.learner)
    assert any(isinstance(a, GiveUp) for a in legal)
    labels = [b.text for b in scene.choice_buttons]
    assert "Show solution" not in labels and "Give up" not in labels
    assert all(not isinstance(c.action, GiveUp) for c in scene.choice_buttons.values())
    assert "Show me" in [b.text for b in scene.buttons.values()]


def test_learn_on_the_main_menu_picks_a_game_then_a_lesson(app):
    click(app, app.scene.buttons["learn"])
    menu = app.scene
    assert isinstance(menu, LearnMenu) and menu.game_id is None
    chess = next(b for b, g in menu.game_buttons.items() if g == "chess")
    count = len(L.load("chess"))
    assert f"0/{count} done" in chess.text
    counts = [b.text.rpartition("  ·  ")[2] for b in menu.game_buttons if b.is_enabled]
    assert all(re.fullmatch(r"\d+/\d+ done", c) for c in counts), counts  # one form for all
    click(app, chess)
    assert menu.game_id == "chess" and len(menu.lesson_buttons) == count
    first = next(b for b, i in menu.lesson_buttons.items() if i == 0)
    click(app, first)
    assert isinstance(app.scene, LessonScene) and app.scene.index == 0
    key(app, pygame.K_ESCAPE)  # back to the list, then to the games, then the menu
    assert app.scene is menu and menu.game_id == "chess"
    key(app, pygame.K_ESCAPE)
    assert menu.game_id is None
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, MainMenu)


def test_the_lessons_of_a_game_say_which_are_done(app):
    progress.mark_done("chess", "Take en passant")
    app.navigate.learn("chess")
    pump(app)
    texts = sorted(b.text for b in app.scene.lesson_buttons)
    assert [t.endswith("done") and "en passant" in t for t in texts].count(True) == 1
    assert sum(t.endswith("to do") for t in texts) == len(L.load("chess")) - 1


def test_a_damaged_progress_file_is_set_aside_with_a_message(app):
    path = progress.progress_path()
    path.write_text("{not json", encoding="utf-8")
    click(app, app.scene.buttons["learn"])
    assert isinstance(app.scene, LearnMenu)
    windows = app.scene.ui.get_window_stack().get_full_stack()
    assert windows and "damaged" in windows[-1].text_block.html_text
    assert not path.exists() and path.with_name("lessons.json.bad").exists()
    assert progress.mark_done("chess", "Mate in one")  # progress starts again
    assert progress.load().done_in("chess") == {"Mate in one"}


@pytest.mark.parametrize(
    "text", ['{"done": {"chess": "Mate"}, "offered": 3}', "[1, 2]", '{"done": {"chess": [1, ""]}}']
)
def test_odd_progress_never_raises(text):
    progress.progress_path().write_text(text, encoding="utf-8")
    kept = progress.load()
    assert kept.done_in("chess") == set()


def test_a_broken_lesson_is_said_not_raised(app, monkeypatch):
    (lesson,) = L.read_lessons(
        "== Bad\nposition:\n    8/8/8/8/8/8/8/8 w - - 0 1\ntask: t\nanswer: e4\nexplain: e\n",
        "chess",
    )
    assert not app.navigate.lesson([lesson], 0)
    windows = app.scene.ui.get_window_stack().get_full_stack()
    assert windows and "Cannot show this lesson" in windows[-1].window_display_title


def solve(app: App, scene: LessonScene) -> None:
    """The learner's steps of the first answer line, then the lesson's replies."""
    while scene.tutor.learner_to_act():
        n = len(scene.tutor.played)
        assert scene.submit(scene.tutor.lines[0][n][scene.learner])
        settle(app, scene)
    assert scene.tutor.verdict == L.RIGHT


def test_after_the_last_lesson_the_lesson_says_how_many_are_done_and_where_to_play(app):
    lessons = L.load("chess")
    last = lessons[-1]
    scene = open_lesson(app, "chess", last.title)
    solve(app, scene)
    assert f"The last lesson of Chess: 1 of {len(lessons)} done" in scene.text.html_text
    for lesson in lessons[:-1]:
        progress.mark_done("chess", lesson.key)
    press_button(app, scene.buttons["again"])
    solve(app, app.scene)
    text = app.scene.text.html_text
    assert "All lessons of Chess done: Play game starts a real one" in text
    play = app.scene.buttons["next"]
    assert play.text == "Play game" and play.is_enabled
    click(app, play)
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "chess"


def test_a_games_lesson_list_plays_the_game_from_its_setup_form(app):
    app.navigate.learn()
    pump(app)
    menu = app.scene
    assert menu.play_button is None  # no game picked yet
    click(app, next(b for b, g in menu.game_buttons.items() if g == "tulaga"))
    assert menu.play_button.text == "Play Tulaga"
    click(app, menu.play_button)
    assert isinstance(app.scene, SetupScene) and app.scene.game_id == "tulaga"
    key(app, pygame.K_ESCAPE)
    assert app.scene is menu
    # Opened from a setup form, Play goes back to that form.
    app.navigate.setup("maces")
    pump(app)
    form = app.scene
    click(app, form.learn_button)
    click(app, app.scene.play_button)
    assert app.scene is form


def test_the_game_list_keeps_room_round_every_title_at_800x560():
    """A long title ("Maces, Horse-apults and Tulpas") and its count keep
    16 px inside the item on both sides, unshortened."""
    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    try:
        app.navigate.learn()
        pump(app)
        menu = app.scene
        font = menu.ui.get_theme().get_font(["#list_item", "button"])
        for button in menu.game_buttons:
            assert "…" not in button.text and "done" in button.text, button.text
            assert font.size(button.text)[0] <= button.rect.width - 32, button.text
    finally:
        app.close()


# -- the newcomer's offer ---------------------------------------------------------------------
def _offer(scene) -> object:
    stack = scene.ui.get_window_stack().get_full_stack()
    return next(
        (w for w in stack if w.alive() and w.window_display_title == "New to this game?"), None
    )


def test_a_newcomer_is_offered_the_lessons_once_and_no_is_remembered(app, monkeypatch):
    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    app.navigate.setup("maces")
    pump(app)
    dialog = _offer(app.scene)
    assert dialog is not None
    click(app, dialog.cancel_button)  # "Not now"
    assert isinstance(app.scene, SetupScene) and _offer(app.scene) is None
    key(app, pygame.K_ESCAPE)
    app.navigate.setup("maces")
    pump(app)
    assert _offer(app.scene) is None  # asked once only


def test_yes_opens_the_games_lessons(app, monkeypatch):
    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    app.navigate.setup("tulaga")
    pump(app)
    click(app, _offer(app.scene).confirm_button)
    assert isinstance(app.scene, LearnMenu) and app.scene.game_id == "tulaga"


def test_no_offer_to_someone_who_played_the_game_or_did_a_lesson(app, monkeypatch):
    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    app.settings.setdefault(LAST_PLAYERS, {})["chess"] = ["human", "computer:random"]
    progress.mark_done("tulpas", "The Spider's web")
    for game_id in ("chess", "tulpas"):  # every game has lessons now: none lacks them to offer
        app.navigate.setup(game_id)
        pump(app)
        assert _offer(app.scene) is None, game_id
        key(app, pygame.K_ESCAPE)


def test_the_setup_forms_learn_button_opens_that_games_lessons(app):
    app.navigate.setup("chess960")
    pump(app)
    click(app, app.scene.learn_button)
    assert isinstance(app.scene, LearnMenu) and app.scene.game_id == "chess960"
    key(app, pygame.K_ESCAPE)
    assert isinstance(app.scene, SetupScene)


# -- the smallest window ---------------------------------------------------------------------
@pytest.mark.parametrize(
    "game_id", ["chess", "chess960", "maces", "tulpas", "mulligan_stew", "tulaga"]
)
def test_every_lesson_fits_the_smallest_window(game_id):
    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    try:
        for i, lesson in enumerate(L.load(game_id)):
            assert app.navigate.lesson(L.load(game_id), i, replace=bool(app.scenes))
            pump(app, 2)
            scene = app.scene
            window = pygame.Rect(0, 0, 800, 560)
            assert window.contains(scene.board.outer)
            parts = [scene.text, *scene.buttons.values(), *scene.choice_buttons]
            for part in parts:
                assert window.contains(part.rect), (lesson.title, part)
                assert not part.rect.colliderect(scene.board.outer)
            rects = [p.rect for p in parts] + [w.rect for w in scene.widgets if w.rect.h]
            for j, a in enumerate(rects):
                assert window.contains(a) and a.collidelist(rects[j + 1 :]) == -1, lesson.title
            assert scene.text.rect.height >= 120
            shot(app, f"{game_id}_{i + 1}_800x560")
    finally:
        app.close()


def _in_sight(scene: LessonScene) -> str:
    """The words the lesson's text box shows without scrolling."""
    box = scene.text
    assert box.scroll_bar is None or box.scroll_bar.start_percentage == 0
    rows = box.text_box_layout.layout_rows
    seen = [r for r in rows if r.bottom <= box.text_wrap_rect[3]]
    return "".join(getattr(i, "text", "") for r in seen for i in r.items)


def _squeezed(text: str) -> str:
    return "".join(text.split())


@pytest.mark.parametrize("game_id", tiers.ui_sweep([p.stem for p in L.lesson_files()]))
def test_the_verdict_and_its_words_are_in_sight_without_scrolling_at_800x560(game_id):
    """After Show me and after every wrong step the lesson explains, the
    verdict and its whole explanation are in the text box's view."""
    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    try:
        lessons = L.load(game_id)
        for i, lesson in enumerate(lessons):
            assert app.navigate.lesson(lessons, i, show=True, replace=bool(app.scenes))
            scene = app.scene
            while scene.busy:  # Show me, without waiting for the animations
                scene._next_own_step()
            seen = _squeezed(_in_sight(scene))
            assert seen.startswith("Theanswer.") and _squeezed(lesson.explain) in seen, lesson.title
            for wrong in lesson.wrongs:
                assert app.navigate.lesson(lessons, i, replace=True)
                scene = app.scene
                assert scene.submit(lesson.start().parse_action(wrong.step, scene.learner))
                seen = _squeezed(_in_sight(scene))
                assert seen.startswith("Nottheanswer."), (lesson.title, wrong.step)
                assert _squeezed(wrong.words) in seen, (lesson.title, wrong.step)
            if SHOTS is not None:
                pump(app, 30)  # drawn, the board still
                shot(app, f"{game_id}_{i + 1}_judged_800x560")
    finally:
        app.close()


def test_the_verdict_stays_in_sight_when_the_window_shrinks_after_show_me(app):
    scene = open_lesson(app, "golf", "The book's three-stroke hole")
    click(app, scene.buttons["show"])
    scene = app.scene
    settle(app, scene)
    assert scene.widget_view.h  # 1280 x 800: room for the text and the game's widgets
    pygame.display.set_mode((800, 560), pygame.RESIZABLE)  # what the player's drag does
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(800, 560), w=800, h=560))
    assert scene.text.rect.right <= 800
    seen = _squeezed(_in_sight(scene))
    assert seen.startswith("Theanswer.") and _squeezed(scene.lesson.explain) in seen


# -- every answer can be clicked ---------------------------------------------------------------
@pytest.mark.parametrize("path", L.lesson_files(), ids=[p.stem for p in L.lesson_files()])
def test_every_learner_step_of_every_answer_has_a_click_path_or_a_button(path):
    """A lesson whose answer no click can make could never be solved: each
    of the learner's steps is on the board (a click path of the game's
    adapter) or a panel button, in the learner's own view."""
    from game.ui.adapters import adapter_for

    for lesson in L.load(path.stem):
        tutor = L.Tutor(lesson)
        adapter = adapter_for(lesson.game())
        for line in tutor.lines:
            state = lesson.start()
            for step in line:
                if tutor.learner in step:
                    view = state.view(tutor.learner)
                    clickable = {
                        a for acts in adapter.paths(view, tutor.learner).values() for a in acts
                    }
                    clickable |= {c.action for c in adapter.panel_choices(view, tutor.learner)}
                    assert step[tutor.learner] in clickable, (lesson.title, step)
                state.apply(step)


def test_a_long_prompt_wraps_whole_in_the_smallest_window():
    """Maces' Horse-apult prompt was cut ("...or a square to mov...") at 800x560."""

    prompt = "Horse-apult: click a piece next to it to throw, or a square to move to"
    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    try:
        lessons = L.load("maces")
        assert app.navigate.lesson(lessons, 2)
        pump(app, 2)
        scene = app.scene
        scene.status_line = lambda: prompt
        scene.refresh()
        shown = [scene.status.text, *(label.text for label in scene.status_more)]
        assert " ".join(t for t in shown if t) == prompt, shown
    finally:
        app.close()
