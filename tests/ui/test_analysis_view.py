"""The analysis in the real window: "Analyse" on the game-over window runs
it in a worker process while frames go on, a progress bar with Stop, then
the marks in the move list, the graph under it (a click looks back at that
step) and the better step drawn as an arrow. Tiny node budgets: the
worker's start-up costs more than the search."""

from __future__ import annotations

import random
import time

import pygame
import pytest
from helpers.ui_driver import click, click_at, key, make_app, open_play, press_button, pump

from game import saves
from game.match import HINT, Match
from game.ui.load_scene import LoadScene
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.play.analysis_view import AnalysisView

# 3... Nf6?? lets 4. Qxf7# through: the one blunder of the game.
SCHOLARS = ("e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#")
WAIT = 60.0  # seconds of wall clock at most for the worker on a loaded machine


@pytest.fixture
def tiny(monkeypatch):
    monkeypatch.setattr(AnalysisView, "nodes", 600)


def _match(moves) -> Match:
    match = Match("chess", seed=1)
    for text in moves:
        seat = match.state.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    return match


def _wait(app, scene) -> None:
    end = time.monotonic() + WAIT
    while scene.analysis.running and time.monotonic() < end:
        pump(app, 1)
        time.sleep(0.02)


def test_analyse_on_the_game_over_window_marks_the_blunder_and_shows_the_better_step(app, tiny):
    match = _match(SCHOLARS[:-1])
    scene = open_play(app, match)
    seat = match.state.to_act()[0]
    scene.submit(seat, match.state.parse_action(SCHOLARS[-1], seat))
    pump(app, 90)  # the mate lands, the game-over window opens
    button = scene.dialogs.buttons["Analyse"]
    click(app, button)
    assert scene.analysis.running and scene.dialogs.game_over is None
    assert scene.analysis.rect.h > 0  # the progress strip under the move list
    _wait(app, scene)
    review = scene.analysis.review
    assert review is not None and review.full
    assert [s.mark for s in review.steps][5] == "??"
    assert "Nf6??" in scene.panel.moves_text
    # A click on the graph at the sixth step looks back at the position after it.
    rect = scene.analysis.rect.inflate(-16, 0)
    x = rect.x + round(5 * rect.w / (len(review.steps) - 1))
    click_at(app, (x, scene.analysis.rect.centery))
    assert scene.looking_at == 6
    assert "better" in scene.status_line()
    assert "?! 0.6 ? 1.2 ?? 2.5" in scene.status_line()  # what the marks mean in chess
    assert len(scene.analysis.best_squares()) == 2  # the arrow: from and to
    # Undo takes the analysis away: it judged another game.
    match.undo()
    scene.after_jump()
    assert scene.analysis.review is None and scene.analysis.rect.h == 0


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_analysis_can_be_stopped_and_leaves_nothing(app, tiny):
    scene = open_play(app, _match(SCHOLARS[:3]))
    key(app, pygame.K_a)  # a game going on: the A key analyses only finished ones
    assert not scene.analysis.running
    scene = open_play(app, _match(SCHOLARS))  # a finished game resumed: no game-over window
    key(app, pygame.K_a)
    assert scene.analysis.running
    click_at(app, scene.analysis.rect.center)  # the strip, not Stop: nothing
    assert scene.analysis.running
    # Stop is drawn in the strip's top right corner.
    click_at(app, (scene.analysis.rect.right - 40, scene.analysis.rect.y + 18))
    assert not scene.analysis.running and scene.analysis.review is None
    assert scene.analysis.rect.h == 0


def test_the_load_screen_analyses_a_save_at_once_and_refuses_a_damaged_one(tiny):
    saves.save_named(_match(SCHOLARS), "mated")
    (saves.saves_dir() / "broken.json").write_text("not a save", encoding="utf-8")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    load = app.scene
    load.select(next(i for i, s in enumerate(load.saves) if s.error))
    assert not load.analyse_button.is_enabled and not load.load_button.is_enabled
    assert "not a saved game" in load.detail.html_text  # the details say why
    press_button(app, load.analyse_button)
    assert app.scene is load
    load.select(next(i for i, s in enumerate(load.saves) if s.name == "mated"))
    press_button(app, load.analyse_button)
    scene = app.scene
    assert isinstance(scene, PlayScene) and scene.analysis.running
    assert scene.match.history[-1] == {0: "Qxf7#"}
    scene.analysis.stop()


def test_a_game_going_on_is_analysed_while_looking_back_from_the_viewers_view_only(tiny):
    """Masquerade against the computer: the Hint button reads "Analyse"
    while looking back; the analysis is of White's view, says so, and makes
    the game assisted; the A key offers nothing while playing."""
    match = Match("masquerade", seed=1, players=["human", "computer:search:1"])
    rng = random.Random(1)
    while not match.is_over() and (len(match.records) < 5 or list(match.to_act()) != [0]):
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    assert not match.is_over()
    scene = open_play(app := make_app(), match)
    hint = scene.panel.buttons["hint"]
    assert hint.text == "Hint"
    key(app, pygame.K_a)
    assert not scene.analysis.running  # playing, not looking back
    key(app, pygame.K_LEFT)
    assert scene.looking_at is not None
    assert hint.text == "Analyse" and hint.is_enabled
    press_button(app, hint)
    assert scene.analysis.running and scene.analysis.viewer == 0
    _wait(app, scene)
    review = scene.analysis.review
    assert review is not None and not review.full and review.viewer == 0
    assert review.steps[0].note == "hidden"  # Black's secret assignment: not judged
    assert scene.analysis.heading() == "Eval (pawns, White) · White's view only"
    assert HINT in match.assists
    assert not scene.panel.buttons["hint"].is_enabled  # analysed already
    key(app, pygame.K_END)
    assert scene.panel.buttons["hint"].text == "Hint"
    # A step played outdates it: the strip goes, Analyse is offered again looking back.
    scene.submit(0, match.state.legal_actions(0)[0])
    pump(app, 3)
    assert scene.analysis.review is None and scene.analysis.rect.h == 0
    key(app, pygame.K_LEFT)
    assert scene.panel.buttons["hint"].is_enabled


def test_the_load_screen_says_why_it_cannot_analyse_a_game_between_people_still_hiding_things():
    """Masquerade, both seats people, still going: nobody is at the screen
    yet, so whose view would be searched? The Load screen says so in words
    and stays (it used to open the game with no analysis, silently)."""
    match = Match("masquerade", seed=1, players=["human", "human"])
    rng = random.Random(1)
    while len(match.records) < 3:
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    saves.save_named(match, "secret")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    load = app.scene
    load.select(next(i for i, s in enumerate(load.saves) if s.name == "secret"))
    press_button(app, load.analyse_button)
    assert app.scene is load
    windows = load.ui.get_window_stack().get_full_stack()
    assert windows and "still going and hides things" in windows[-1].text_block.html_text


def test_the_better_steps_squares_are_found_once_per_position_not_every_frame(app, monkeypatch):
    """Finding them replays the game to the position (Match.state_at): done
    every frame it cost a millisecond a frame (scripts/bench_bot_frames.py)."""
    from game.ai.analysis import review

    match = _match(SCHOLARS)
    scene = open_play(app, match)
    scene.analysis.review = review(match, nodes=600)
    scene.looking.go(6)
    replays = []
    real = match.state_at
    monkeypatch.setattr(match, "state_at", lambda n: replays.append(n) or real(n))
    pump(app, 5)
    first = scene.analysis.best_squares()
    assert len(first) == 2 and replays.count(5) == 1
    scene.looking.go(4)  # an unmarked step: no arrow
    pump(app, 3)
    assert scene.analysis.best_squares() == ()
    scene.looking.go(6)  # back: found again, once
    pump(app, 3)
    assert scene.analysis.best_squares() == first and replays.count(5) == 2


def test_a_better_card_play_rings_its_card_in_the_hand_and_its_square(app):
    """Tar Pit: the better step is a card played under a piece; its card is
    ringed in the hand widget (a widget place), its square on the board.
    The review is written by hand: only the drawing is tested here."""
    from game.ai.analysis import Choice, Review, StepReview
    from game.ui.play.analysis_view import BEST_COLOUR

    match = Match("tar_pit", seed=2, players=["human", "computer:search:1"])
    for text in ("Nc3", "P@a2", "b5", "p@a7"):
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    scene = open_play(app, match)
    card = Choice(0, "P@a2", -1.0, "B@c1", 0.5, 1.5, "?")
    steps = [StepReview(0, "Nc3", 0.1), StepReview(1, "P@a2", -1.0, (card,))]
    steps += [StepReview(2, "b5", -1.0), StepReview(3, "p@a7", -1.0)]
    scene.analysis.review = Review("tar_pit", "White", "pawns", 10, False, 0, steps=steps)
    scene._layout(app.size)
    scene.looking.go(2)
    pump(app, 3)
    assert scene.analysis.best_squares() == (match.state.geometry.square("c1"),)
    places = scene.analysis.best_places()
    rects = [w.place_rect(p) for w in scene.widgets for p in places]
    rects = [r for r in rects if r is not None]
    assert rects, "the card's place is in a widget"
    screen = pygame.display.get_surface()
    ring = rects[0]
    assert tuple(screen.get_at((ring.centerx, ring.y + 1)))[:3] == BEST_COLOUR[:3]


def test_a_game_going_on_draws_no_better_step_that_only_the_hidden_cards_allow(app):
    """Tar Pit, White's view: a review saying Black had better played Q@d1
    draws the same (nothing: White cannot see Black's hand) whether Black
    holds the Q card or not. Read in the full state, the arrow would show up
    only when Black holds it, telling White a card of Black's hand."""
    from game.ai.analysis import Choice, Review, StepReview
    from tests.ai.test_analysis_secrets import _swap_black_card

    text = Match("tar_pit", seed=1).state.to_text()  # Black holds Q; swapped, not
    drawn = []
    for start in (text, _swap_black_card(text)):
        match = Match("tar_pit", seed=1, players=["human", "computer:search:1"], start=start)
        for step in ("Nc3", "nocard", "Nc6", "nocard", "e3"):
            seat = match.to_act()[0]
            match.play({seat: match.state.parse_action(step, seat)})
        scene = open_play(app, match)
        worse = Choice(1, "nocard", -1.0, "Q@d1", 1.0, 2.0, "?")
        steps = [StepReview(i, s, 0.0) for i, s in enumerate(("Nc3", "nocard", "Nc6"))]
        steps.append(StepReview(3, "nocard", 1.0, (worse,)))
        scene.analysis.review = Review("tar_pit", "White", "pawns", 10, False, 0, steps=steps)
        scene.looking.go(4)  # after Black's card step
        assert "better Q@d1" in scene.status_line()
        drawn.append((scene.analysis.best_squares(), scene.analysis.best_places()))
    assert drawn[0] == drawn[1]


def test_the_load_screen_says_why_analyse_is_greyed():
    """Chess Golf's computer does not search: Analyse is greyed, and the
    details say why (a greyed button with no reason read as broken)."""
    match = Match("golf", {"players": 1}, 1, ["human"] * 4)
    match.play({s: match.state.legal_actions(s)[0] for s in match.to_act()})
    saves.save_named(match, "strokes")
    app = make_app(MainMenu, LoadScene)
    pump(app)
    load = app.scene
    load.select(next(i for i, s in enumerate(load.saves) if s.name == "strokes"))
    assert not load.analyse_button.is_enabled
    assert "No analysis: Chess Golf's computer is a solver" in load.detail.html_text


def test_the_strip_gives_way_to_the_hand_at_the_live_position_and_comes_back_looking_back():
    """Tar Pit at 800 x 560, White to act: the analysis's strip squeezed
    "Your cards" to a sliver. At the live position the widgets keep their
    room and the strip folds away; looking back, it shows again."""
    from game.ai.analysis import Review, StepReview
    from game.app import MIN_SIZE, App

    match = Match("tar_pit", seed=1, players=["human", "computer:search:1"])
    rng = random.Random(1)
    while len(match.records) < 6 or list(match.to_act()) != [0]:
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    scene = open_play(app, match)
    view = scene.panel.widget_view.size
    key(app, pygame.K_LEFT)
    steps = [StepReview(i, "e4", 0.5) for i in range(len(match.records))]
    scene.analysis.review = Review("tar_pit", "White", "pawns", 1, False, 0, steps=steps)
    scene.analysis.viewer, scene.analysis.going = 0, True
    scene.analysis.steps_at = len(match.records)
    scene.analysis._relayout()
    assert scene.analysis.rect.h > 0  # looking back: the graph
    key(app, pygame.K_END)
    assert scene.looking_at is None
    assert scene.analysis.review is not None and scene.analysis.rect.h == 0
    assert scene.panel.widget_view.size == view  # the hand as tall as without the analysis
    scene.close_runners()
    app.close()
