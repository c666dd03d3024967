"""Telepathic Chess in the play scene: the predictor clicks a card in the
team panel, the privacy screen hands the screen to the mover, who sees only
a card back, the move turns the card over with the trophy sliding, a removal
is a click on one of the team's pieces (the king refused with a message),
and a computer's prediction stays hidden from the person playing."""

from __future__ import annotations

from helpers.ui_driver import click_at, open_play, press_continue, pump, square_at
from telepathic_positions import GAME, position

from game.games.telepathic.actions import Predict, Remove
from game.games.telepathic.display import FLIP_SECONDS, place_of, reveal_words
from game.match import Match
from game.ui.adapters import adapter_for

AD = adapter_for(GAME)
W_A, W_B, B_A, B_B = range(4)


def card_centre(scene, kind: str):
    return scene.widgets[0].place_rect(place_of(kind)).center


def take_screen(app, scene):
    if scene.viewpoint.covering:
        click_at(app, (20, 20))
        pump(app, 2)


def test_cards_and_removals_are_one_click_paths():
    state = GAME.new()
    paths = AD.paths(state, W_A)
    assert paths[(place_of("checker"),)] == [Predict("checker")]
    assert (place_of("pawn"),) not in paths  # the face-up card is not in hand
    assert AD.panel_choices(state, W_A) == []
    state = position(trophy="white")
    state.apply({W_A: Predict("knight")})
    state.apply({W_B: state.parse_action("Nf3")})
    assert AD.paths(state, B_B)[(state.geometry.square("b8"),)] == [Remove(57)]


def test_four_people_predict_in_private_then_move_and_the_card_turns_over(app):
    match = Match("telepathic", seed=2, players=["human"] * 4)
    scene = open_play(app, match)
    take_screen(app, scene)
    assert scene.viewpoint.viewer == W_A
    click_at(app, card_centre(scene, "knight"))
    assert match.state.phase == "move"
    assert scene.viewpoint.covering  # "Pass to White B"
    take_screen(app, scene)
    panel = scene.widgets[0]
    assert scene.viewpoint.viewer == W_B and panel.seen.state.down[0] == "?"
    assert panel.place_rect(place_of("knight")) is None  # nothing to pick for the mover
    click_at(app, square_at(scene, "g1"))
    click_at(app, square_at(scene, "f3"))
    assert match.state.last[4] == "pull" and match.state.trophy == -1
    # A public reveal: the card turns over in sight of all, unscreened,
    # until someone presses Continue; then the screen is covered for Black A.
    assert not scene.viewpoint.covering and panel.anim is not None
    assert scene.status_line().startswith("White bet knight")
    pump(app, int(FLIP_SECONDS * 60) + 5)
    assert panel.anim is not None and panel.anim["t"] > FLIP_SECONDS
    # The turning card alone keeps the app drawing frames, with no input.
    assert panel.animating and not scene.board.animating and scene.active()
    pump(app, 60)
    assert panel.anim is None and not panel.animating
    assert reveal_words(panel.seen.state).startswith("White bet knight")
    press_continue(app, scene)
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == B_A


def test_a_removal_is_a_click_on_a_piece_and_the_king_is_refused(app):
    start = position(trophy="white").to_text()
    match = Match("telepathic", seed=1, players=["human"] * 4, start=start)
    match.play({W_A: Predict("knight")})
    match.play({W_B: match.state.parse_action("Nf3")})
    scene = open_play(app, match)
    take_screen(app, scene)
    assert scene.viewpoint.viewer == B_B
    click_at(app, square_at(scene, "e8"))
    assert match.state.phase == "remove"
    assert "king cannot be removed" in scene.status_line()
    click_at(app, square_at(scene, "b8"))
    assert match.state.phase == "predict" and match.state.piece_at(57) is None


def test_the_computers_prediction_stays_hidden_from_the_person(app):
    players = ["computer:random", "human", "computer:random", "computer:random"]
    match = Match("telepathic", seed=3, players=players)
    match.play({W_A: Predict("queen")})
    scene = open_play(app, match)
    assert scene.viewpoint.viewer == W_B
    assert scene.widgets[0].seen.state.down[0] == "?"
    assert "predict Q" not in " ".join(match.move_list(W_B))


def test_the_panel_fits_between_the_move_list_and_the_buttons():
    from game.app import MIN_SIZE, App

    for size in (MIN_SIZE, (1280, 800)):
        app = App(fullscreen=False, size=size)
        app.running = True
        try:
            scene = open_play(app, Match("telepathic", seed=1, players=["human"] * 4))
            panel = scene.widgets[0].rect
            buttons = [b.rect for b in scene.panel.buttons.values()]
            assert scene.panel.moves.rect.bottom <= panel.top
            assert panel.bottom <= min(r.top for r in buttons)
            assert scene.panel.moves.rect.h >= 60  # a few moves still show
        finally:
            scene.close_runners()
            app.close()


def test_the_move_list_shows_six_lines_or_more_in_the_default_window(app):
    """It was three lines tall: the captured row (which the team rows' "lost"
    counts already tell) took the room. A line of the list is 28 px."""
    scene = open_play(app, Match("telepathic", players=["human"] * 4))
    assert app.size == (1280, 800)
    assert not scene.adapter.show_captured
    assert scene.panel.moves.rect.height >= 6 * 28
