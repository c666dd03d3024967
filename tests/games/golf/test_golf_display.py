"""Chess Golf in the play scene (game/games/golf/display/): the click paths
(a move, a bid on the pad, a piece put back, the panel buttons), the
markers (chosen pieces, a picked piece's lenders, the king's step), the
widgets, and a solo hole and a three-player hole played with posted clicks
under SDL's dummy drivers."""

from __future__ import annotations

import pytest
from helpers.ui_driver import click, click_at, open_play, press_continue, pump, settle
from test_golf_ai import WORKED
from test_golf_rules import GAME, ONE_MOVE, go, position, sq

from game.games.golf import hole as H
from game.games.golf.display import ADAPTER
from game.games.golf.display.widgets import (
    BidPad,
    HoleBar,
    ScoreCard,
    bid_place,
    hole_column,
    shows_bids,
)
from game.games.golf.rules import Bid, Deal, GiveUp, Go, Put, Reset
from game.match import Match
from game.ui import widgets
from game.ui.adapters import adapter_for

HUMANS = ["human"] * 4


def test_the_game_brings_its_adapter_and_widgets():
    assert adapter_for(GAME) is ADAPTER
    kinds = [type(w) for w in ADAPTER.make_widgets()]
    assert kinds == [HoleBar, BidPad, ScoreCard]


def test_paths_and_buttons():
    state = position(1, diagram=WORKED, chosen="Kb")
    assert ADAPTER.path_of(state, 0, go("e5g6")) == (sq("e5"), sq("g6"))
    assert ADAPTER.path_of(state, 0, Put(0, sq("d4"))) == (sq("d4"),)
    assert ADAPTER.path_of(state, 0, Bid(0)) == (bid_place(0),)
    assert ADAPTER.path_of(state, 0, Bid(7)) == (bid_place(7),)
    assert len({bid_place(n) for n in range(16)}) == 16
    labels = [c.label for c in ADAPTER.panel_choices(state, 0)]
    assert labels == ["Show solution"]
    state.apply({0: go("e5g6")})
    labels = [c.label for c in ADAPTER.panel_choices(state, 0)]
    assert labels == ["Reset the hole", "Show solution"]
    table = position(2)
    table.apply({0: Bid(1), 1: Bid(2)})
    assert [c.label for c in ADAPTER.panel_choices(table, table.demo)] == ["Give up"]
    assert ADAPTER.path_of(table, 0, Deal(3)) is None and ADAPTER.path_of(table, 0, Reset()) is None
    assert ADAPTER.path_of(table, 0, GiveUp()) is None
    choice = GAME.new({"players": 2, "cards": "dealer's choice"}, seed=1)
    assert choice.phase == "deal"
    labels = [c.label for c in ADAPTER.panel_choices(choice, choice.dealer)]
    assert labels == ["Deal 2 cards", "Deal 3 cards"]


def test_the_chosen_pieces_are_ringed_and_a_picked_piece_shows_its_lenders():
    """The e5 bishop borrows from the d6 knight; the white king on h2 has
    no white neighbour; the f1 queen's only white neighbour is nobody."""
    state = position(1, diagram=WORKED, chosen="Kb")
    marks = ADAPTER.markers(state)
    chosen = {sq(n) for n in ("h2", "e5", "a2")}
    assert {s for s, names in marks.items() if "golf-chosen" in names} == chosen
    assert ADAPTER.selection_markers((sq("e5"),)) == {sq("d6"): ["golf-lender"]}
    lenders = ADAPTER.selection_markers((sq("a4"),))  # the white rook: the b3 bishop
    assert lenders == {sq("b3"): ["golf-lender"]}
    assert ADAPTER.selection_markers((sq("h2"),)) == {}  # no neighbour: no move, no lender


def test_a_colour_without_pairs_shows_the_kings_step():
    alone = position(1, diagram=ONE_MOVE.replace("Q . . .", ". . . ."), chosen="Rn")
    assert H.borrowed(alone.board, sq("a1")) == {H.KING: ()}
    ADAPTER.markers(alone)
    assert ADAPTER.selection_markers((sq("a1"),)) == {sq("a1"): ["golf-kingstep"]}


def test_markers_are_painted():
    import pygame

    surface = pygame.Surface((80, 80))
    for name in ("golf-chosen", "golf-capturer", "golf-lender", "golf-kingstep"):
        surface.fill((0, 0, 0))
        assert ADAPTER.draw_marker(surface, pygame.Rect(0, 0, 80, 80), name)
        assert surface.get_at((3, 40)) != (0, 0, 0, 255)
    assert not ADAPTER.draw_marker(surface, pygame.Rect(0, 0, 80, 80), "other")


def click_square(app, scene, name: str) -> None:
    click_at(app, scene.board.square_center(sq(name)))


def test_a_click_on_a_piece_with_nothing_to_borrow_says_so(app):
    """In the worked example the white king on h2 has no white neighbour,
    and White has a pair (a4, b3), so it has no king's step either."""
    start = position(1, diagram=WORKED, chosen="Kb")
    scene = open_play(app, Match("golf", {"players": 1}, 1, HUMANS, start.to_text()))
    click_square(app, scene, "h2")
    text = scene.panel.status_text
    assert "The white king has no neighbour of its colour" in text


def test_a_solo_hole_played_with_the_mouse(app):
    """The worked example alone: pick the e5 bishop (its lender ringed),
    one move, Reset, then the three moves of the text's line by clicks;
    the captured king goes back with a click on an empty square."""
    start = position(1, diagram=WORKED, chosen="Kb")
    match = Match("golf", {"players": 1}, 1, HUMANS, start.to_text())
    scene = open_play(app, match)
    hole, _pad, card = scene.widgets
    click_square(app, scene, "e5")
    assert scene.board.selection_marks == {sq("d6"): ["golf-lender"]}
    assert sq("g6") in scene.board.target_squares
    click_square(app, scene, "g6")
    settle(app, scene)
    assert match.history == [{0: "e5g6"}]
    assert hole.lines(match.state)[1][0].startswith("Moves 1")
    (reset,) = [b for b, c in scene.panel.choice_buttons.items() if c.label == "Reset the hole"]
    click(app, reset)
    pump(app, 3)
    settle(app, scene)
    assert match.state.strokes == 0 and match.state.board == start.board
    for frm, to in (("e5", "g6"), ("g6", "h5"), ("h5", "h2")):
        click_square(app, scene, frm)
        click_square(app, scene, to)
        settle(app, scene)
    assert match.state.scores == [(3,)] and match.state.phase == "place"
    assert sq("d4") in scene.board.target_squares  # every empty square is offered
    click_square(app, scene, "d4")
    settle(app, scene)
    assert H.code_at(match.state.board, sq("d4")) == H.code_of_letter("K")
    assert match.state.hole == 2 and match.state.phase == "play"
    assert card.rows() == 3  # the header, par and you


@pytest.mark.slow  # fast cover: test_reveals' golf bids fast
def test_three_players_bid_in_private_then_the_lowest_shows_it(app):
    start = position(3, dealer=0, diagram=WORKED, chosen="Kb")
    match = Match("golf", {"players": 3}, 1, HUMANS, start.to_text())
    scene = open_play(app, match)
    _hole, pad, _card = scene.widgets
    for seat, bid in ((0, 4), (1, 3), (2, 0)):
        assert scene.viewpoint.covering and scene.viewpoint.waiting_for == seat
        click_at(app, app.window.get_rect().center)  # the person takes the screen
        pump(app, 2)
        assert pad.bidding()
        click_at(app, pad.place_rect(bid_place(bid)).center)
        pump(app, 2)
    assert match.state.bids == (4, 3, 0) and match.state.demo == 1
    # The bids stay in sight for everyone, unscreened, until Continue.
    assert not scene.viewpoint.covering
    assert scene.status_line().startswith("Bids: Player 1 4 · Player 2 3 · Player 3 impossible")
    press_continue(app, scene)
    if scene.viewpoint.covering:
        click_at(app, app.window.get_rect().center)
        pump(app, 2)
    for frm, to in (("e5", "g6"), ("g6", "h5"), ("h5", "h2")):
        click_square(app, scene, frm)
        click_square(app, scene, to)
        settle(app, scene)
    assert match.state.scores == [(4, 3, 5)]  # the zero: the largest bid plus one
    assert match.state.dealer == 1 and match.state.phase == "place"
    # Putting back still belongs to hole 1: its column, its scores, no bids left over.
    assert hole_column(match.state) == 0 and not shows_bids(match.state)


def test_show_solution_puts_the_pieces_back_then_plays_the_line_move_by_move():
    from game.ui.animation import steps_from_events

    state = position(1, diagram=WORKED, chosen="Kb")
    state.apply({0: go("e5g6")})
    events = state.apply({0: GiveUp()})
    assert [e.kind for e in events] == ["golf_reset"]
    steps = steps_from_events(events, 1.0, builders=ADAPTER.animations)
    assert [len(s.tracks) for s in steps] == [len(events[0]["left"]), 16]  # out and back in
    # Then the line, a step each, from the panel's "Next move" (the last with the capture's fade).
    tracks = []
    while state.showing:
        (choice,) = ADAPTER.panel_choices(state, 0)
        assert choice.label == f"Next move: {choice.action}"
        events = state.apply({0: choice.action})
        steps = steps_from_events(events, 1.0, builders=ADAPTER.animations)
        tracks.append(len(steps[0].tracks))
    assert tracks == [1, 1, 2]
    assert state.scores == [(6,)]  # twice par


def test_no_draw_to_offer_and_quitting_the_round_asks_first(app):
    from helpers.ui_driver import press_button

    from game.ui import widgets

    scene = open_play(app, Match("golf", seed=1, players=["human"] + ["computer:random"] * 3))
    assert "draw" not in scene.panel.buttons
    button = scene.panel.buttons["resign"]
    assert button.text == "Quit round"
    press_button(app, button)
    dialog = widgets.dialogs(scene.ui)[-1]
    assert "with no score" in dialog.confirmation_text.html_text
    assert not scene.match.is_over()
    press_button(app, dialog.confirm_button)
    assert scene.match.is_over() and scene.match.state.result().scores is None


def test_the_panel_calls_players_by_the_names_they_typed():
    from game.ui.play.viewpoint import Seen

    start = position(3, dealer=0, diagram=WORKED, chosen="Kb")
    match = Match("golf", {"players": 3}, 1, HUMANS, start.to_text(), names=["Ann", "", "Cy", ""])
    for seat, bid in ((0, 4), (1, 3), (2, 0)):
        match.submit(seat, Bid(bid))
    bar = HoleBar()
    assert bar.names == ()  # before the first refresh: the seats' labels
    bar.refresh(Seen(match.game, match.state, None, None, tuple(match.names)))
    assert ("Player 2 shows it in 3 \u00b7 moves 0", "plain") in bar.lines(match.state)
    match.names[1] = "Bob"
    bar.refresh(Seen(match.game, match.state, None, None, tuple(match.names)))
    assert ("Bob shows it in 3 \u00b7 moves 0", "plain") in bar.lines(match.state)


def test_with_several_players_the_hole_bar_names_the_dealer_in_every_phase():
    """The dealer decides ties for the lowest bid: shown from the deal to the
    putting back, by the name typed; alone there is no dealer to show."""
    from game.ui.play.viewpoint import Seen

    start = position(3, dealer=2, diagram=WORKED, chosen="Kb")
    match = Match("golf", {"players": 3}, 1, HUMANS, start.to_text(), names=["", "", "Cy", ""])
    bar = HoleBar()
    seen_phases = set()
    for bids in ((4, 3, 0), None):
        bar.refresh(Seen(match.game, match.state, None, None, tuple(match.names)))
        seen_phases.add(match.state.phase)
        assert bar.lines(match.state)[0] == ("Hole 1 of 9 \u00b7 Cy deals", "bold")
        if bids:
            for seat, bid in enumerate(bids):
                match.submit(seat, Bid(bid))
    assert seen_phases == {"bid", "play"}
    demo = match.state.demo
    for move in match.state.solution():
        match.submit(demo, Go(move.frm, move.to))
    assert match.state.phase == "place" and match.state.dealer == demo
    name = match.seat_name(demo)
    assert bar.lines(match.state)[0] == (f"Hole 1 of 9 \u00b7 {name} deals next", "bold")
    alone = position(1)
    assert bar.lines(alone)[0] == ("Hole 1 of 9", "bold")


def test_show_solution_is_played_as_steps_in_the_move_list_to_look_back_at(app):
    from helpers.ui_driver import press_button

    match = Match("golf", {"players": 1}, 3)
    scene = open_play(app, match)
    (show,) = [b for b, c in scene.panel.choice_buttons.items() if c.label == "Show solution"]
    press_button(app, show)
    # Asked first: the hole scores twice par (a reviewer gave one up by a click).
    (dialog,) = widgets.dialogs(scene.ui)
    assert "scores" in dialog.confirmation_text.html_text and match.history == []
    assert "still counts, a deal of the day too" in dialog.confirmation_text.html_text
    press_button(app, dialog.confirm_button)
    settle(app, scene)
    line = [str(a) for a in match.state.legal_actions(0)]
    assert match.history == [{0: "give up"}] and match.state.showing
    shown = []
    while match.state.showing:
        (button,) = scene.panel.choice_buttons
        assert button.text.startswith("Next move: ")
        shown.append(button.text.removeprefix("Next move: "))
        press_button(app, button)
        settle(app, scene)
    assert shown[0] == line[0] and len(shown) == match.state.pars[0]
    assert match.move_list()[1 : 1 + len(shown)] == shown  # each move its own step
    assert match.state.scores == [(2 * match.state.pars[0],)]
    # Looking back: after "give up" the pieces stand where the hole began, the
    # line to show; after its first move, that move is on the board.
    assert match.state_at(1).showing and match.state_at(1).board == match.state_at(1).start
    first = match.state_at(2)
    assert "".join(H.GEO.name(s) for s in first.last) == shown[0]


def test_the_hole_bar_wraps_a_line_a_narrow_panel_would_cut():
    """At 800 x 560 "Hole 1 of 9 · Player 3 deals" was cut before the
    dealer: the bar breaks its lines between words to fit."""
    from game.ui import art
    from game.ui.widgets import wrap_words

    font = art.ui_font(15, "bold")
    text = "Hole 1 of 9 \u00b7 Player 3 deals"
    width = font.size("Hole 1 of 9 \u00b7 Player")[0]
    parts = wrap_words(text, font, width)
    assert len(parts) == 2 and " ".join(parts) == text
    assert all(font.size(p)[0] <= width for p in parts)


def test_a_round_quit_after_one_hole_says_one_hole_not_one_holes():
    from game.ai import think_now

    match = Match("golf", {"players": 1, "holes": 3}, 7, ["human"] * 4)
    while not match.state.scores:
        match.play({0: think_now("easy", match.state, 0)})
    match.resign(0)
    lines = [text for text, _ in HoleBar().lines(match.state)]
    assert lines == ["1 hole played", "Round given up"]


def test_the_round_s_verdict_counts_strokes_and_holes_in_words():
    from game.engine import Result

    state = Match("golf", {"players": 1, "holes": 3}, 7, ["human"] * 4).state
    state.phase, state.scores, state.pars = "over", [(1,)], [1]
    result = state.result()
    assert isinstance(result, Result)
    assert result.verdict == "1 stroke over 1 hole: level par"
