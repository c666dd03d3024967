"""The players' names in the play scene: the privacy screen, draw offers and
resigning, the status line, the "whose turn" line, the game-over window and
the saves; and with no names, everything reads as it always did."""

from __future__ import annotations

import pygame
import pytest
from helpers.chess_variants import HalfBoardGame
from helpers.ui_driver import click_at, drag, open_play, press_button, pump, settle, square_at

from game import saves
from game.games import REGISTRY, load_all
from game.games.chess.rules import ChessGame
from game.match import Match
from game.ui import widgets
from game.ui.play import seats
from game.ui.play.move_list import move_list_html

load_all()

WHITE, BLACK = seats.SIDE_COLOURS["white"], seats.SIDE_COLOURS["black"]


class HiddenChess(ChessGame):
    """Chess flagged as hiding something, so two people get privacy screens."""

    id = "test_names_hidden_chess"
    title = "Hidden Chess (test)"
    private_views = True


@pytest.fixture
def hidden(monkeypatch):
    monkeypatch.setitem(REGISTRY, HiddenChess.id, HiddenChess())
    return HiddenChess.id


class HiddenHalfBoard(HalfBoardGame):
    id = "test_names_hidden_half_board"
    private_views = True


@pytest.fixture
def hidden_half_board(monkeypatch):
    monkeypatch.setitem(REGISTRY, HiddenHalfBoard.id, HiddenHalfBoard())
    return HiddenHalfBoard.id


@pytest.fixture
def half_board(monkeypatch):
    monkeypatch.setitem(REGISTRY, HalfBoardGame.id, HalfBoardGame())
    return HalfBoardGame.id


def play(app, scene, *moves: tuple[str, str]) -> None:
    for frm, to in moves:
        if scene.viewpoint.covering:
            click_at(app, scene.board.outer.center)  # hand the screen over
        drag(app, square_at(scene, frm), square_at(scene, to))
        settle(app, scene)


def dialog_text(scene) -> str:
    return widgets.dialogs(scene.ui)[-1].confirmation_text.html_text


# -- the privacy screen -------------------------------------------------------------
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_privacy_screen_passes_to_the_person_by_name(app, hidden):
    scene = open_play(app, Match(hidden, None, 1, names=["Ann", "Bob"]))
    assert scene.viewpoint.covering
    assert scene.viewpoint.cover_words() == ("Pass to Ann", "Ann (White)")
    click_at(app, scene.board.outer.center)
    play(app, scene, ("e2", "e4"))
    assert scene.viewpoint.cover_words() == ("Pass to Bob", "Bob (Black)")
    assert "Pass to Bob (Black)" in scene.panel.status_text


def test_without_names_the_privacy_screen_reads_as_always(app, hidden):
    scene = open_play(app, Match(hidden, None, 1))
    assert scene.viewpoint.cover_words() == ("Pass to White", "White")


def test_a_long_name_on_the_privacy_screen_stays_inside_its_card(app, hidden_half_board):
    match = Match(hidden_half_board, None, 1, names=["W" * 16, "", "", ""])
    scene = open_play(app, match)
    assert scene.viewpoint.cover_words() == ("Pass to " + "W" * 16, "W" * 16 + " (White king side)")
    surface = pygame.Surface((800, 560))
    scene.viewpoint.draw_cover(surface)
    card = pygame.Rect(0, 0, 560, 220)
    card.center = (400, 280)
    background = surface.get_at((2, 2))
    for x in (*range(0, card.left - 1), *range(card.right + 1, 800)):
        assert all(surface.get_at((x, y)) == background for y in range(0, 560, 4)), x


# -- the status line, the whose-turn line ---------------------------------------------
def test_the_status_line_names_the_person_to_move(app):
    scene = open_play(app, Match("chess", None, 1, names=["Ann", "Bob"]))
    assert scene.panel.status_text.startswith("Ann (White) to move")
    play(app, scene, ("e2", "e4"))
    assert scene.panel.status_text.startswith("Bob (Black) to move")


def test_without_names_the_status_line_reads_as_always(app):
    scene = open_play(app, Match("chess", None, 1))
    assert scene.panel.status_text.startswith("White to move")
    assert scene.panel.turn == [(WHITE, "", "White")]


def test_the_whose_turn_line_has_the_name_the_seat_and_its_colour(app):
    match = Match("chess", None, 1, ["human", "computer:search:2"], names=["Ann", ""])
    scene = open_play(app, match)
    assert scene.panel.turn == [(WHITE, "Ann", "White")]
    scene.bots.cancel()
    match.play({0: match.state.parse_action("e4")})
    scene.refresh()
    assert scene.panel.turn == [(BLACK, "Computer (Normal)", "Black")]


def test_the_whose_turn_line_names_the_partner_in_a_team_game(app, half_board):
    names = ["Ann", "Bob", "Cy", "Dee"]
    scene = open_play(app, Match(half_board, None, 1, names=names))
    assert scene.panel.turn == [(WHITE, "Ann", "White king side · with Cy (White queen side)")]
    play(app, scene, ("g1", "f3"))
    assert scene.panel.turn == [(BLACK, "Bob", "Black king side · with Dee (Black queen side)")]
    assert "Black king side: Bob" in seats.seats_text(scene.match)


def test_the_whose_turn_line_is_drawn_in_the_panel_and_cut_to_fit(app):
    match = Match("chess", None, 1, names=["Bartholomew Fitz", ""])
    scene = open_play(app, match)
    rect = scene.panel.turn_rect
    assert scene.panel.rect.contains(rect) and rect.bottom <= scene.panel.status_rect.top
    surface = pygame.Surface(app.size)
    scene.panel.draw(surface)
    swatch = (rect.x + max(5, rect.h // 3), rect.centery)
    assert surface.get_at(swatch)[:3] == WHITE
    narrow = pygame.Surface((120, 30))
    narrow.fill((0, 0, 0))
    seats.draw_turn(narrow, pygame.Rect(0, 0, 100, 24), scene.panel.turn)
    assert all(narrow.get_at((x, y))[:3] == (0, 0, 0) for x in range(101, 120) for y in range(30))


def test_nothing_is_said_to_be_anyones_turn_once_the_game_is_over(app):
    match = Match("chess", None, 1, names=["Ann", "Bob"])
    scene = open_play(app, match)
    match.resign(0)
    scene.refresh()
    assert scene.panel.turn == []


# -- draw offers, resigning, the end ----------------------------------------------------
def test_a_draw_offer_names_both_people(app):
    scene = open_play(app, Match("chess", None, 1, names=["Ann", "Bob"]))
    press_button(app, scene.panel.buttons["draw"])
    assert "Ann (White) offers a draw. Bob (Black), do you accept?" in dialog_text(scene)


def test_resigning_asks_by_name(app):
    scene = open_play(app, Match("chess", None, 1, names=["Ann", "Bob"]))
    press_button(app, scene.panel.buttons["resign"])
    assert "Resign the game as Ann (White)?" in dialog_text(scene)


def test_without_names_the_questions_read_as_always(app):
    scene = open_play(app, Match("chess", None, 1))
    press_button(app, scene.panel.buttons["resign"])
    assert "Resign the game as White?" in dialog_text(scene)


def test_the_game_over_window_names_the_winner(app):
    scene = open_play(app, Match("chess", None, 1, names=["Ann", "Bob"]))
    play(app, scene, ("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4"))
    pump(app, 3)
    assert scene.dialogs.game_over is not None
    assert "Bob (Black) wins" in scene.dialogs.game_over_text
    assert scene.panel.status_text.startswith("Bob (Black) wins")


def test_a_team_wins_by_its_side_with_its_people_named(half_board):
    match = Match(half_board, None, 1, names=["Ann", "", "Cy", ""])
    match.resign(1)
    assert seats.headline(match, match.state.result()) == "White wins (Ann and Cy)"
    plain = Match(half_board, None, 1)
    plain.resign(1)
    assert seats.headline(plain, plain.state.result()) == "White wins"


# -- saves, a new game, and what stays public --------------------------------------------
def test_names_go_into_the_autosave_and_come_back(app):
    match = Match("chess", None, 1, names=["Ann", "Bob"])
    scene = open_play(app, match)
    play(app, scene, ("e2", "e4"))
    saves.flush()
    resumed = saves.load_autosave()
    assert resumed.names == ["Ann", "Bob"] and resumed.history == match.history
    again = open_play(app, resumed)
    assert again.panel.status_text.startswith("Bob (Black) to move")


def test_a_new_game_keeps_the_names(app):
    scene = open_play(app, Match("chess", None, 1, names=["Ann", "Bob"]))
    scene.controls.new_game()
    pump(app, 2)
    assert app.scene.match.names == ["Ann", "Bob"]


def test_the_move_list_is_the_same_with_or_without_names():
    named = Match("chess", None, 1, names=["Ann", "Bob"])
    plain = Match("chess", None, 1)
    for m in (named, plain):
        for san in ("e4", "e5", "Nf3"):
            m.play({m.to_act()[0]: m.state.parse_action(san)})
        m.resign(1)
    assert move_list_html(named, 0, "", None).html == move_list_html(plain, 0, "", None).html
