"""Cooperative Chess in the play scene: the adapter's click paths (a card
from the hand to the line, a move on the board, a gap for a promoted piece's
card, End turn as a button), the markers of the captures the line allows,
the widgets (score, line, hand with the piles) and the cards flying when a
run is recycled or a promotion brings a card back, driven by posted clicks
under SDL's dummy drivers."""

from __future__ import annotations

import random

import pygame
from coop_positions import cards, position, start_of_game
from helpers.ui_driver import click, click_at, drag, open_play, press_button, pump, settle

from game.games import load_all
from game.games.cooperative.actions import END, PlaceCard, PlayCard
from game.games.cooperative.display import places as P
from game.match import Match
from game.ui import widgets
from game.ui.adapters import adapter_for
from game.ui.panel_widgets import PanelWidget
from game.ui.play.move_list import DIM, move_list_html

AD = adapter_for(load_all()["cooperative"])

CAPTURES = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . p . . . .
    . . . . P . . .
    . . N . . . . .
    . . . . . . . .
    . . . . K . . .
    """


def sq(state, name: str) -> int:
    return state.geometry.square(name)


def test_the_adapter_brings_the_score_the_line_and_the_hand_with_the_piles():
    assert type(AD).__name__ == "CoopAdapter"
    assert [type(w).__name__ for w in AD.make_widgets()] == [
        "ScoreBoard",
        "CoopLine",
        "HandAndPiles",
    ]
    assert not AD.show_captured


def test_a_card_is_played_from_the_hand_onto_the_line_end():
    state = position(start_of_game(), step="card", line="q", hand0="NP", hand1="nb")
    paths = AD.paths(state, 0)
    assert paths[(P.hand(0), P.LINE_END)] == [PlayCard(state.cards.cards("hand0")[0])]
    assert (P.hand(1),) in paths  # a click on the card, again, plays it too
    assert (P.hand(1), P.line(0)) in paths  # dropped on any card of the line
    assert AD.panel_choices(state, 0) == []
    slots = AD.cards(state, 0, "line")
    assert [s.gap for s in slots] == [False, True] and slots[-1].place == P.LINE_END
    assert [s.card.letter for s in AD.cards(state, 0, "hand")] == ["N", "P"]
    assert [(p.label, p.count) for p in AD.piles(state, 0)] == [
        ("Draw pile", 27),
        ("Discarded", 0),
        ("Out of game", 0),
    ]


def test_moves_are_dragged_on_the_board_and_end_turn_is_a_button():
    state = position(CAPTURES, line="Pp", hand0="B", hand1="n")
    paths = AD.paths(state, 0)
    assert (sq(state, "e4"), sq(state, "d5")) in paths
    assert (sq(state, "c3"), sq(state, "b5")) in paths
    assert [c.label for c in AD.panel_choices(state, 0)] == ["End turn"]
    assert AD.path_of(state, 0, END) is None


def test_the_captures_the_line_allows_are_marked_on_the_board():
    state = position(CAPTURES, line="Pp", hand0="B", hand1="n")
    marks = AD.markers(state)
    assert marks[sq(state, "d5")] == ["coop-target"]
    assert marks[sq(state, "e4")] == ["coop-attacker"]
    assert sq(state, "c3") not in marks  # the knight's card is not in the line
    none = position(CAPTURES, line="Bp", hand0="N", hand1="n")
    assert AD.markers(none) == {}
    king = position(
        CAPTURES.replace(". . . p", ". . . k").replace(". . . . k", ". . . . ."), line="Nk"
    )
    assert AD.markers(king)[sq(king, "d5")] == ["coop-king"]


def test_markers_are_painted_as_rings():
    surface = pygame.Surface((60, 60))
    for name in ("coop-target", "coop-king", "coop-attacker"):
        surface.fill((0, 0, 0))
        assert AD.draw_marker(surface, surface.get_rect(), name)
        assert surface.get_at((3, 30))[:3] != (0, 0, 0)
    assert not AD.draw_marker(surface, surface.get_rect(), "something else")


def test_a_promoted_pieces_card_is_placed_by_a_click_on_a_gap():
    state = position(start_of_game(), line="NnP", hand0="B", hand1="n", step="place=N")
    slots = AD.cards(state, 0, "line")
    assert [s.place for s in slots if s.gap] == [P.gap(0), P.gap(2), P.gap(3)]
    assert AD.paths(state, 0)[(P.gap(2),)] == [PlaceCard(2)]


def test_the_scene_plays_a_card_by_clicks_and_a_move_by_a_drag(app):
    start = position(start_of_game(), step="card", line="q", hand0="NP", hand1="nb")
    players = ["human", "computer:random"]
    match = Match("cooperative", {"mode": "two players"}, 1, players, start.to_text())
    scene = open_play(app, match)
    click_at(app, app.window.get_rect().center)  # the privacy screen: White takes it
    score, line, hand = scene.widgets
    assert [s.card.letter for s in hand.slots] == ["N", "P"]
    click_at(app, hand._rects[1].center)
    assert scene.input.targets >= {P.LINE_END, P.hand(1)}
    click_at(app, line._rects[-1].center)  # the gap at the open end
    assert match.history == [{0: "[P]"}]
    settle(app, scene)
    pump(app, 40)
    state = match.state
    drag(
        app, scene.board.square_center(sq(state, "e2")), scene.board.square_center(sq(state, "e4"))
    )
    settle(app, scene)
    # The move after the card (the computer may have answered already).
    assert match.history[1] == {0: "e4"}


def test_a_card_dragged_onto_the_line(app):
    start = position(start_of_game(), step="card", line="q", hand0="NP", hand1="nb")
    match = Match(
        "cooperative", {"mode": "two players"}, 1, ["human", "computer:random"], start.to_text()
    )
    scene = open_play(app, match)
    _, line, hand = scene.widgets
    drag(app, hand._rects[0].center, line._rects[0].center)
    pump(app, 2)
    assert match.history == [{0: "[N]"}]
    assert cards(match.state, "line") == "qN"


def test_recycling_sends_the_run_flying_to_the_piles(app):
    start = position(start_of_game(), step="card", line="pPNB", hand0="RN", hand1="nb")
    match = Match(
        "cooperative", {"mode": "two players"}, 1, ["human", "computer:random"], start.to_text()
    )
    scene = open_play(app, match)
    score, line, hand = scene.widgets
    click_at(app, hand._rects[0].center)
    click_at(app, hand._rects[0].center)  # the card clicked again: played
    assert match.history == [{0: "[R]"}]
    pump(app, 2)
    flights = line.motions.flights
    assert len(flights) >= 5  # the card played, then the four of the run
    assert sum(f.fade for f in flights) == 1  # one goes out of the game, unseen
    assert cards(match.state, "line") == "p"
    pump(app, 120)
    assert not line.motions.busy


def test_a_promotion_brings_its_card_flying_back_from_the_discard_pile(app):
    diagram = """
        . . . . k . . .
        . P . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """
    start = position(diagram, line="nPr", discard="Q", hand0="N", hand1="n")
    match = Match(
        "cooperative", {"mode": "two players"}, 1, ["human", "computer:random"], start.to_text()
    )
    scene = open_play(app, match)
    board = scene.board
    drag(
        app, board.square_center(sq(match.state, "b7")), board.square_center(sq(match.state, "b8"))
    )
    settle(app, scene)
    assert match.state.phase == "place"
    _, line, _ = scene.widgets
    gaps = [r for s, r in zip(line.slots, line._rects, strict=True) if s.gap]
    click_at(app, gaps[-1].center)
    assert match.history[-1] == {0: "Q@3"}
    pump(app, 2)
    assert any(f.card.letter == "Q" for f in line.motions.flights)
    assert cards(match.state, "line") == "nrQ"


def test_each_widget_draws_inside_its_rectangle_and_the_score_counts(app):
    start = position(CAPTURES, line="Pp", hand0="B", hand1="n", captured="qQ")
    match = Match(
        "cooperative", {"mode": "two players"}, 1, ["human", "computer:random"], start.to_text()
    )
    scene = open_play(app, match)
    for widget in scene.widgets:
        surface = pygame.Surface(app.size)
        surface.fill((1, 2, 3))
        widget.draw(surface, scene.input)
        marked = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
        marked.invert()
        assert all(widget.rect.contains(r) for r in marked.get_bounding_rects())
    assert [p.label for p in scene.widgets[2].piles] == ["Draw pile", "Discarded", "Out of game"]
    assert len(match.state.captured) == 2


def test_solitaire_shows_no_hand(app):
    match = Match("cooperative", {"mode": "solitaire"}, 3, ["human", "computer:random"])
    scene = open_play(app, match)
    _, line, hand = scene.widgets
    assert hand.slots == [] and len(line.slots) >= 1
    assert hand._split() == hand.rect.x  # the piles take the whole row
    click(app, next(b for b in scene.panel.choice_buttons))  # End turn
    assert match.history[0][0].endswith("end")


def test_no_draw_to_offer_and_ending_early_scores_the_captures_without_bonus(app):
    start = position(CAPTURES, line="Pp", hand0="B", hand1="n", captured="qQrR")
    players = ["human", "computer:random"]
    match = Match("cooperative", {"mode": "two players"}, 1, players, start.to_text())
    scene = open_play(app, match)
    assert "draw" not in scene.panel.buttons
    button = scene.panel.buttons["resign"]
    assert button.text == "End game"
    press_button(app, button)
    assert not match.is_over()  # it asks first
    press_button(app, widgets.dialogs(scene.ui)[-1].confirm_button)
    result = match.state.result()
    assert result.scores == (4, 4)  # four captures; no king fell, so no bonus
    assert "no bonus" in result.reason and "lost" in result.verdict
    pump(app, 3)
    text = scene.dialogs.game_over_text
    assert "Score: 4" in text and "White: 4" not in text  # one shared score, said once


class Recorder(PanelWidget):
    """A panel widget that keeps the events it is handed."""

    def __init__(self) -> None:
        super().__init__()
        self.got: list = []

    def on_events(self, events) -> None:
        self.got.append(list(events))


def test_panel_widgets_get_the_events_the_viewer_may_see_and_no_others(app):
    """White ends the turn and draws the rook back to two cards: White's own
    widgets see which card came; Black's copy of the draw (no card) is not
    White's to see. The line's flights come from these events: the rules
    keep nothing for the display."""
    start = position(CAPTURES, line="Pp", hand0="B", hand1="n", top="R")
    match = Match(
        "cooperative", {"mode": "two players"}, 1, ["human", "computer:random"], start.to_text()
    )
    scene = open_play(app, match)
    recorder = Recorder()
    scene.widgets.append(recorder)
    scene.submit(0, END)
    assert len(recorder.got) == 1
    draws = [e for e in recorder.got[0] if e.kind == "card_draw"]
    assert [(e.get("card").letter, e.audience) for e in draws] == [("R", frozenset({0}))]
    assert all(e.visible_to(0) for e in recorder.got[0])
    for field in ("news", "step_no"):
        assert field not in type(match.state).FIELDS and not hasattr(match.state, field)


def test_under_the_privacy_screen_widgets_get_only_what_everyone_may_see(app):
    start = position(CAPTURES, line="Pp", hand0="B", hand1="n", top="R")
    match = Match("cooperative", {"mode": "two players"}, 1, ["human", "human"], start.to_text())
    scene = open_play(app, match)
    click_at(app, app.window.get_rect().center)  # the privacy screen: White takes it
    recorder = Recorder()
    scene.widgets.append(recorder)
    scene.submit(0, END)
    assert scene.viewpoint.covering  # Black's turn: the screen waits for Black
    assert recorder.got == [[]]  # the step was White's draw, which Black must not see


DECLINE = """
    . n . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . p . . . .
    . . . . P . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    """


def test_alone_a_click_on_the_next_colours_piece_declines_the_captures_and_picks_it(app):
    """After the quiet move, with only captures left: no End turn click. A
    black piece that no capture takes ends White's turn and stays picked for
    Black's; one a capture takes does not end it."""
    start = position(DECLINE, mode="solo", step="capture", line="Pp")
    match = Match("cooperative", {"mode": "solitaire"}, 1, None, start.to_text())
    scene = open_play(app, match)
    d5, b8 = sq(start, "d5"), sq(start, "b8")
    table = AD.paths(start, 0)
    assert table[(b8,)] == [END] and (d5,) not in table  # the pawn a capture takes: no
    assert (sq(start, "e8"),) in table and (sq(start, "e4"), d5) in table
    click_at(app, scene.board.square_center(d5))
    assert match.history == []  # a capture's victim: nothing ends
    click_at(app, scene.board.square_center(b8))
    assert match.history[-1][0].endswith("end") and match.state.turn == 1
    settle(app, scene)
    pump(app, 5)
    assert scene.input.path == [b8] and scene.input.targets  # Black's knight, picked
    assert AD.paths(position(DECLINE, mode="duo", step="capture", line="Pp"), 0).get((b8,)) is None


def test_two_players_decline_with_one_end_turn_click_and_the_list_dims_it(app):
    """Two people: after the quiet move, with only captures left, End turn
    is the one click that declines them (a click on the partner's piece
    does not give the turn away) and the screen passes to Black. The move
    list keeps the "end" for the record, dimmed as agreements are."""
    start = position(DECLINE, mode="duo", step="capture", line="Pp", hand0="B", hand1="n", top="R")
    match = Match("cooperative", {"mode": "two players"}, 1, ["human", "human"], start.to_text())
    scene = open_play(app, match)
    click_at(app, app.window.get_rect().center)  # the privacy screen: White takes it
    click_at(app, scene.board.square_center(sq(start, "b8")))  # Black's knight: nothing ends
    assert match.history == [] and not scene.viewpoint.covering
    assert [c.label for c in scene.panel.choice_buttons.values()] == ["End turn"]
    click(app, next(iter(scene.panel.choice_buttons)))
    assert match.history[-1] == {0: "end"}
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1
    html = move_list_html(match, None).html
    assert f"1.</font> <font color='{DIM}'>end</font>" in html, html  # dim, not a link


def test_every_end_in_the_list_is_dimmed_and_every_move_is_not():
    """Random games in both modes: a step reads dim exactly when it is the
    turn passed ("end"); it is plain text, since pygame_gui draws a link in
    the link colour whatever colour surrounds it."""
    for mode, seed in (("solitaire", 2), ("two players", 3)):
        match = Match("cooperative", {"mode": mode}, seed, None)
        rng = random.Random(seed)
        while not match.is_over() and len(match.records) < 120:
            seat = match.waiting_for()[0]
            match.submit(seat, rng.choice(match.state.legal_actions(seat)))
        texts = match.move_list()
        assert "end" in texts and len(set(texts)) > 10
        html = move_list_html(match, None, shown=1000).html
        ends = html.count(f"<font color='{DIM}'>end</font>")
        assert ends == texts.count("end") and ">end<" not in html.replace(f"'{DIM}'>end<", "")
        for i, text in enumerate(texts, start=1):  # a link drawn in the link colour
            assert (f"<a href='{i}'>" in html) == (text != "end"), (mode, i, text)
