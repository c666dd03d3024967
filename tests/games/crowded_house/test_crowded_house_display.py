"""The Crowded House display: the mover's half outlined (a marker on each of
its squares, the outline drawn round them all), the pieces the mover may
move ringed, a pass as a panel button, the turn card naming the seat, team
and half, and the text's example played with the mouse: the queen-side
player's f1 bishop goes to c4 but not to e2."""

from __future__ import annotations

import pygame
from helpers.ui_driver import click_at, open_play, pump, square_at
from test_crowded_house_rules import GAME, OPEN_E_FILES, WQ, play, position

from game.engine.chess import GEO
from game.games.crowded_house.display import HALF, HALF_LAST, MOVABLE, OUTLINE, TurnCard
from game.games.crowded_house.rules import PASS, QUEEN_SIDE
from game.match import Match
from game.ui.adapters import adapter_for
from game.ui.play.viewpoint import Seen

ADAPTER = adapter_for(GAME)


def sq(name: str) -> int:
    return GEO.square(name)


def test_the_movers_half_is_marked_and_the_pieces_it_may_move_ringed():
    state = position(OPEN_E_FILES, WQ)
    marks = ADAPTER.markers(state)
    half = {s for s, names in marks.items() if HALF in names or HALF_LAST in names}
    assert half == {s for s in range(64) if QUEEN_SIDE >> s & 1}
    assert sum(HALF_LAST in names for names in marks.values()) == 1
    ringed = {GEO.name(s) for s, names in marks.items() if MOVABLE in names}
    # The f1 bishop and the d1 queen (to e2, f3...) start on or reach the
    # queen side; the e1 king and the g1 knight cannot.
    assert {"f1", "d1", "b1", "a2", "d2"} <= ringed
    assert not ringed & {"e1", "g1", "h2", "f2"}
    assert all(name[0] in "abcdf" for name in ringed)


def test_a_pass_is_a_panel_button():
    state = position(
        """
        .......k
        .......p
        ........
        ........
        ........
        ........
        .......P
        .......K
        """,
        WQ,
    )
    (choice,) = ADAPTER.panel_choices(state, WQ)
    assert choice.action == PASS and choice.label.startswith("Pass")
    assert ADAPTER.path_of(state, WQ, PASS) is None
    assert ADAPTER.paths(state, WQ) == {}


def test_the_outline_is_drawn_round_the_half_on_screen(app):
    match = Match("crowded_house", seed=1, players=["human"] * 4)
    for text in ("e4", "e5"):
        (seat,) = match.to_act()
        match.play({seat: match.state.parse_action(text, seat)})
    scene = open_play(app, match)
    pump(app, 5)
    window = app.window
    # The outline's yellow runs down the middle of the board, on the d-file
    # side of the line between d and e, and not on the far side of the e-file.
    d4, e4 = scene.board.square_rect(sq("d4")), scene.board.square_rect(sq("e4"))
    near = [window.get_at((x, d4.centery))[:3] for x in range(d4.right - 12, d4.right + 1)]
    assert OUTLINE in near
    far = [window.get_at((x, e4.centery))[:3] for x in range(e4.right - 12, e4.right + 1)]
    assert OUTLINE not in far


def test_the_texts_example_with_the_mouse(app):
    match = Match("crowded_house", seed=1, players=["human"] * 4)
    for text in ("e4", "e5"):
        (seat,) = match.to_act()
        match.play({seat: match.state.parse_action(text, seat)})
    scene = open_play(app, match)
    click_at(app, square_at(scene, "f1"))
    click_at(app, square_at(scene, "e2"))  # not the queen side's: nothing happens
    pump(app, 20)
    assert match.state.piece_at(sq("e2")) is None and match.to_act() == (WQ,)
    click_at(app, square_at(scene, "f1"))
    click_at(app, square_at(scene, "c4"))
    pump(app, 40)
    assert match.state.piece_at(sq("c4")).kind == "bishop"
    assert match.to_act() == (3,)


def test_the_turn_card_names_the_seat_its_team_and_half(app):
    state = GAME.new()
    play(state, "e4", "e5")
    assert TurnCard.lines(state) == (
        "White queen side to move",
        "Team White · queen side (files a-d)",
    )
    play(state, "d4")
    assert TurnCard.lines(state) == (
        "Black queen side to move",
        "Team Black · queen side (files a-d)",
    )
    card = TurnCard()
    card.rect = pygame.Rect(0, 0, 300, card.height)
    card.refresh(Seen(GAME, state, None, 3))
    surface = pygame.Surface((300, card.height))
    card.draw(surface, None)  # draws without a click-path input
    resigned = state.copy()
    resigned.resign(3)
    assert TurnCard.lines(resigned) == ("Team White wins", "White king side and White queen side")
    assert TurnCard.colour(resigned) == 0
    drawn = state.copy()
    drawn.agree_draw()
    assert TurnCard.lines(drawn) == ("Draw", "Both teams share the game")
    assert TurnCard.colour(drawn) is None
