"""The play scene, driven like a player drives it: posted mouse and key
events through the real App loop, under SDL's dummy drivers.

Posted mouse events carry ``pos`` and ``button``; a pygame_gui button's
press arrives one frame after the mouse-up, and hovering needs
``pygame.mouse.set_pos``. Positions are written as diagrams, top rank first.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402
from helpers.chess_diagrams import fen_of  # noqa: E402
from helpers.ui_driver import (  # noqa: E402
    PLAY_ADAPTER,
    click_at,
    drag,
    key,
    open_play,
    press_button,
    pump,
    settle,
    square_at,
    wait_for,
)

from game import saves  # noqa: E402
from game.games import REGISTRY, load_all  # noqa: E402
from game.games.chess.rules import ChessGame  # noqa: E402
from game.match import Match  # noqa: E402
from game.ui import widgets  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402

load_all()


# -- driving the app ---------------------------------------------------------------


def post(kind: int, **fields) -> None:
    pygame.event.post(pygame.event.Event(kind, **fields))


def mouse_down(pos, button: int = 1) -> None:
    post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)


def mouse_up(pos, button: int = 1) -> None:
    post(pygame.MOUSEBUTTONUP, pos=pos, button=button)


def mouse_move(pos, rel=(0, 0), buttons=(1, 0, 0)) -> None:
    post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=buttons)


def piece_on(scene: PlayScene, name: str):
    return scene.board.shown.get(scene.match.state.geometry.square(name))


def chess960(players=("human", "human")) -> Match:
    # Start number 0: bbqnnrkr.
    return Match("chess960", {"start": "number", "number": 0}, 7, list(players))


# -- moves -------------------------------------------------------------------------
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_drag_and_drop_then_click_click_in_chess960(app):
    match = chess960()
    scene = open_play(app, match)
    assert match.state.to_text().startswith("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w")

    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    settle(app, scene)
    assert match.history == [{0: "e4"}]
    assert piece_on(scene, "e4").kind == "pawn"
    assert piece_on(scene, "e2") is None

    click_at(app, square_at(scene, "d8"))  # Black's knight on d8
    assert scene.board.selected == match.state.geometry.square("d8")
    assert match.state.geometry.square("e6") in scene.board.target_squares
    click_at(app, square_at(scene, "e6"))
    settle(app, scene)
    assert match.history == [{0: "e4"}, {1: "Ne6"}]
    assert piece_on(scene, "e6").kind == "knight"
    assert "1." in scene.panel.moves_text and "Ne6" in scene.panel.moves_text


def test_click_on_another_own_piece_reselects_and_empty_deselects(app):
    scene = open_play(app, chess960())
    geo = scene.match.state.geometry
    click_at(app, square_at(scene, "e2"))
    assert scene.board.selected == geo.square("e2")
    click_at(app, square_at(scene, "d2"))
    assert scene.board.selected == geo.square("d2")
    click_at(app, square_at(scene, "a5"))  # empty, not a target
    assert scene.board.selected is None
    assert scene.match.history == []


def test_illegal_drop_returns_the_piece_home(app):
    match = chess960()
    scene = open_play(app, match)
    before = match.state.to_text()
    drag(app, square_at(scene, "e2"), square_at(scene, "e5"))
    assert scene.board.flights, "the piece flies back"
    settle(app, scene)
    assert match.state.to_text() == before
    assert match.history == []
    assert piece_on(scene, "e2").kind == "pawn"
    assert piece_on(scene, "e5") is None
    # Dropped off the board: also home.
    drag(app, square_at(scene, "e2"), (scene.board.outer.right + 40, 300))
    settle(app, scene)
    assert match.state.to_text() == before


def test_castle_by_dropping_the_king_on_its_rook_or_landing_square(app):
    diagram = """
        r...k..r
        pppppppp
        ........
        ........
        ........
        ........
        PPPPPPPP
        R...K..R
    """
    match = Match("chess", None, 1)
    match.state = match.game.from_text(fen_of(diagram, castling="KQkq"))
    scene = open_play(app, match)
    drag(app, square_at(scene, "e1"), square_at(scene, "h1"))  # onto the rook
    settle(app, scene)
    assert match.history[-1] == {0: "O-O"}
    assert piece_on(scene, "g1").kind == "king" and piece_on(scene, "f1").kind == "rook"
    drag(app, square_at(scene, "e8"), square_at(scene, "c8"))  # onto the landing square
    settle(app, scene)
    assert match.history[-1] == {1: "O-O-O"}
    assert piece_on(scene, "c8").kind == "king" and piece_on(scene, "d8").kind == "rook"


def test_a_click_on_a_piece_that_cannot_move_says_why(app):
    """The knight on e2 is pinned to its king; a click on it is answered,
    and the note goes once a move is made."""
    diagram = """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....N...
        ....K...
    """
    match = Match("chess", None, 1)
    match.state = match.game.from_text(fen_of(diagram))
    scene = open_play(app, match)
    played: list[str] = []
    app.sounds.play = played.append
    click_at(app, square_at(scene, "e2"))
    assert "That knight has no legal move now" in scene.panel.status_text
    assert played == ["illegal"]
    click_at(app, square_at(scene, "e8"))  # the other side's piece: nothing to say
    assert played == ["illegal"]
    drag(app, square_at(scene, "e1"), square_at(scene, "d1"))
    settle(app, scene)
    assert "no legal move" not in scene.panel.status_text


def test_promotion_through_the_chooser(app):
    diagram = """
        ........
        P......k
        ........
        ........
        ........
        ........
        ........
        K.......
    """
    match = Match("chess", None, 1)
    match.state = match.game.from_text(fen_of(diagram))
    scene = open_play(app, match)
    drag(app, square_at(scene, "a7"), square_at(scene, "a8"))
    assert scene.chooser is not None
    assert match.history == []
    kinds = [c.piece.kind for c in scene.chooser.choices]
    assert set(kinds) == {"queen", "rook", "bishop", "knight"}
    pump(app, 2)
    rect = scene.chooser.rects()[kinds.index("knight")]
    click_at(app, rect.center)
    settle(app, scene)
    assert scene.chooser is None
    assert match.history == [{0: "a8=N"}]
    assert piece_on(scene, "a8").kind == "knight"
    assert piece_on(scene, "a7") is None


def test_promotion_chooser_cancel_keeps_the_pawn(app):
    match = Match("chess", None, 1)
    match.state = match.game.from_text("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    scene = open_play(app, match)
    click_at(app, square_at(scene, "a7"))
    click_at(app, square_at(scene, "a8"))
    assert scene.chooser is not None
    post(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
    pump(app, 2)
    assert scene.chooser is None
    assert match.history == []
    assert piece_on(scene, "a7").kind == "pawn"


# -- the panel ----------------------------------------------------------------------
def test_undo_button_takes_the_move_back(app):
    match = chess960()
    scene = open_play(app, match)
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    settle(app, scene)
    assert len(match.history) == 1
    press_button(app, scene.panel.buttons["undo"])
    press_button(app, widgets.dialogs(scene.ui)[-1].confirm_button)  # Black accepts
    assert match.history == []
    assert piece_on(scene, "e2").kind == "pawn" and piece_on(scene, "e4") is None
    press_button(app, scene.panel.buttons["redo"])
    settle(app, scene)
    assert match.history == [{0: "e4"}]


def test_save_to_a_named_save_and_load_it(app):
    match = chess960()
    scene = open_play(app, match)
    drag(app, square_at(scene, "g2"), square_at(scene, "g3"))
    settle(app, scene)
    press_button(app, scene.panel.buttons["save"])
    assert scene.dialogs.save_entry is not None
    scene.dialogs.save_entry.set_text("my game")
    press_button(app, scene.dialogs.save_ok)
    names = [info.name for info in saves.list_saves()]
    assert "my game" in names
    loaded = saves.load(saves.saves_dir() / "my game.json")
    assert loaded.state.to_text() == match.state.to_text()


def test_quit_autosaves_and_resume_gives_the_same_position(app):
    match = chess960()
    scene = open_play(app, match)
    drag(app, square_at(scene, "f2"), square_at(scene, "f4"))
    settle(app, scene)
    click_at(app, square_at(scene, "h7"))
    click_at(app, square_at(scene, "h5"))
    settle(app, scene)
    text = match.state.to_text()
    post(pygame.QUIT)
    pump(app, 1)
    assert not app.running
    resumed = saves.load_autosave()
    assert resumed is not None
    assert resumed.state.to_text() == text
    assert resumed.history == match.history

    scene2 = PlayScene(app, resumed)
    assert piece_on(scene2, "h5").kind == "pawn"
    scene2.close_runners()


def test_menu_button_autosaves_and_leaves(app):
    from game.ui.scene import Scene

    app.push(Scene(app))  # something under the play scene
    match = chess960()
    scene = open_play(app, match)
    drag(app, square_at(scene, "e2"), square_at(scene, "e3"))
    settle(app, scene)
    press_button(app, scene.panel.buttons["menu"])
    assert scene not in app.scenes
    assert saves.load_autosave().history == [{0: "e3"}]


def test_flip_maps_clicks_to_the_right_squares(app):
    match = chess960()
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["flip"])
    board = scene.board
    assert board.flipped
    s = board.square
    # Flipped: h1 is the top-left corner and a8 the bottom-right.
    e2 = (board.rect.x + (7 - 4) * s + s // 2, board.rect.y + 1 * s + s // 2)
    e4 = (board.rect.x + (7 - 4) * s + s // 2, board.rect.y + 3 * s + s // 2)
    assert board.square_at(e2) == match.state.geometry.square("e2")
    h1 = match.state.geometry.square("h1")
    assert board.square_at((board.rect.x + 1, board.rect.y + 1)) == h1
    drag(app, e2, e4)
    settle(app, scene)
    assert match.history == [{0: "e4"}]


def test_game_over_dialog_says_why(app):
    match = Match("chess", None, 1)
    scene = open_play(app, match)
    for frm, to in (("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")):
        drag(app, square_at(scene, frm), square_at(scene, to))
        settle(app, scene)
    pump(app, 3)
    assert match.is_over()
    assert scene.dialogs.game_over is not None and scene.dialogs.game_over.alive()
    assert "Black wins" in scene.panel.status_text and "Checkmate" in scene.panel.status_text
    assert scene.board.check_square == match.state.geometry.square("e1")
    press_button(app, scene.dialogs.buttons["Review"])
    assert scene.dialogs.game_over is None


def test_resign_asks_first(app):
    match = chess960()
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["resign"])
    assert not match.is_over()
    from game.ui import widgets

    dialog = widgets.dialogs(scene.ui)[-1]
    press_button(app, dialog.confirm_button)
    assert match.is_over()
    assert "White resigned" in match.state.result().reason


def test_draw_offer_between_humans_asks_the_other_player(app):
    match = chess960()
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["draw"])
    from game.ui import widgets

    dialog = widgets.dialogs(scene.ui)[-1]
    assert (dialog.confirm_button.text, dialog.cancel_button.text) == ("Accept", "Decline")
    press_button(app, dialog.confirm_button)
    assert match.is_over() and match.state.result().points == (0.5, 0.5)


def _takeback(app, scene):
    """Press Undo; the takeback request it opens (None: it took back at once)."""
    dialogs = len(widgets.dialogs(scene.ui))
    press_button(app, scene.panel.buttons["undo"])
    opened = widgets.dialogs(scene.ui)
    return opened[-1] if len(opened) > dialogs else None


def test_undo_between_people_asks_the_other_for_a_takeback(app):
    """Undo took back the other person's move without asking."""
    match = Match("chess", players=["human", "human"])
    for move in ("e4", "e5"):
        match.play({match.state.to_act()[0]: match.state.parse_action(move)})
    scene = open_play(app, match)
    dialog = _takeback(app, scene)
    assert dialog is not None and len(match.history) == 2  # nothing taken back yet
    assert dialog.window_display_title == "Takeback asked"
    assert (
        "Black asks to take back 1... e5. White, do you accept?"
        in dialog.confirmation_text.html_text
    )
    assert (dialog.confirm_button.text, dialog.cancel_button.text) == ("Accept", "Decline")
    press_button(app, dialog.cancel_button)  # declined: the game goes on as it was
    assert len(match.history) == 2 and not widgets.dialogs(scene.ui)
    press_button(app, _takeback(app, scene).confirm_button)
    assert match.history == [{0: "e4"}]


def test_a_takeback_asks_only_the_other_team_and_nobody_when_alone(app):
    """Crowded House: the last mover's partner is not asked. Golf alone:
    nobody else is at the table, so undo takes back at once."""
    match = Match("crowded_house", players=["human"] * 4)
    seat = match.state.to_act()[0]
    match.play({seat: match.state.legal_actions(seat)[0]})
    scene = open_play(app, match)
    text = _takeback(app, scene).confirmation_text.html_text
    asked = [s for s in range(4) if s not in match.game.team_of(seat)]
    assert f"{' and '.join(match.seat_name(s) for s in asked)}, do you accept?" in text
    app.pop()
    golf = Match("golf", players=["human"] * 4)
    seat = golf.state.to_act()[0]
    golf.play({seat: golf.state.legal_actions(seat)[0]})
    scene = open_play(app, golf)
    assert _takeback(app, scene) is None and golf.history == []


def test_a_takeback_accepted_after_the_game_moved_on_takes_nothing_back(app):
    match = Match("chess", players=["human", "human"])
    match.play({0: match.state.parse_action("e4")})
    scene = open_play(app, match)
    dialog = _takeback(app, scene)
    match.play({1: match.state.parse_action("e5")})  # the history is not what was asked about
    press_button(app, dialog.confirm_button)
    assert len(match.history) == 2


# -- the computer -------------------------------------------------------------------
def test_the_computer_replies_without_blocking(app):
    match = chess960(players=("human", "computer:random"))
    scene = open_play(app, match)
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    pump(app, 1)
    assert scene.thinking
    assert "Computer is thinking" in scene.panel.status_text
    wait_for(app, lambda: len(match.history) == 2)
    settle(app, scene)
    assert match.state.turn == 0
    # Undo against the computer takes back both moves.
    press_button(app, scene.panel.buttons["undo"])
    assert match.history == []
    assert not scene.thinking


def test_the_computer_moves_first_when_it_is_white(app):
    match = chess960(players=("computer:random", "human"))
    scene = open_play(app, match)
    assert scene.board.flipped  # the human's side is below
    wait_for(app, lambda: len(match.history) == 1)
    settle(app, scene)
    assert match.state.turn == 1


def test_the_computer_declines_a_draw_in_a_level_position(app):
    match = chess960(players=("human", "computer:random"))
    scene = open_play(app, match)
    press_button(app, scene.panel.buttons["draw"])
    assert not match.is_over()
    assert [w.window_display_title for w in widgets.dialogs(scene.ui)] == ["Draw declined"]


def test_the_computer_takes_a_draw_when_worse_and_says_it_once(app):
    # White (the computer) has a bare king against a queen: it is worse.
    match = Match(
        "chess", seed=1, players=["computer:random", "human"], start="7k/8/8/8/8/8/q7/K7 w - - 0 1"
    )
    scene = open_play(app, match)
    scene.bots.cancel()
    scene.controls.offer_draw()
    pump(app, 3)
    assert match.is_over() and match.state.result().points == (0.5, 0.5)
    titles = [w.window_display_title for w in widgets.dialogs(scene.ui)]
    assert titles == ["Game over"]  # no second window saying the same thing


# -- privacy screens ----------------------------------------------------------------
class HiddenChess(ChessGame):
    """Chess flagged as hiding something, to exercise the privacy screen."""

    id = "test_hidden_chess"
    title = "Hidden Chess (test)"
    private_views = True


@pytest.fixture
def hidden_game(monkeypatch):
    monkeypatch.setitem(REGISTRY, HiddenChess.id, HiddenChess())
    return HiddenChess.id


def test_privacy_screen_between_two_humans(app, hidden_game):
    match = Match(hidden_game, None, 1)
    scene = open_play(app, match)
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 0
    # The board takes no moves while covered.
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    assert match.history == []
    click_at(app, scene.board.outer.center)
    assert not scene.viewpoint.covering
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    settle(app, scene)
    assert match.history == [{0: "e4"}]
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1
    assert "Pass to Black" in scene.panel.status_text
    click_at(app, scene.board.outer.center)
    assert not scene.viewpoint.covering
    click_at(app, square_at(scene, "e7"))
    click_at(app, square_at(scene, "e5"))
    settle(app, scene)
    assert len(match.history) == 2
    # The move was made on the press of the click; its release must not
    # hand the screen over to White behind Black's back.
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 0


def test_no_privacy_screen_against_the_computer_or_in_plain_chess(app, hidden_game):
    scene = open_play(app, Match(hidden_game, None, 1, ["human", "computer:random"]))
    assert not scene.viewpoint.covering
    scene.close_runners()
    scene = open_play(app, chess960())
    assert not scene.viewpoint.covering


def test_resize_keeps_the_board_square_and_crisp(app):
    scene = open_play(app, chess960())
    big = scene.board.square
    scene.resize((900, 600))  # the dummy driver cannot change the window itself
    assert scene.board.square < big
    assert scene.board.art.size == scene.board.square
    img = scene.board.art.get(piece_on(scene, "e2"))
    assert img.get_size() == (scene.board.square, scene.board.square)
    assert scene.board.outer.right <= scene.panel_rect.x + 8


# -- other kinds of decisions: panel choices, simultaneous secrets, long paths ------
def test_panel_choices_for_actions_without_a_path(app, monkeypatch):
    from helpers import toy_games

    toy_games.install(monkeypatch)
    match = Match("toy_nim", None, 1)
    scene = open_play(app, match)
    labels = sorted(c.label for c in scene.panel.choice_buttons.values())
    assert labels == ["take 1", "take 2", "take 3"]
    button = next(b for b, c in scene.panel.choice_buttons.items() if c.label == "take 2")
    press_button(app, button)
    assert match.history == [{0: "take 2"}]


def test_simultaneous_secret_choices_pass_the_screen(app, monkeypatch):
    from helpers import toy_games

    toy_games.install(monkeypatch)
    match = Match("toy_guess", None, 1)
    assert match.game.private_views and len(match.to_act()) == 2
    scene = open_play(app, match)
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 0
    click_at(app, scene.board.outer.center)
    first = next(iter(scene.panel.choice_buttons))
    press_button(app, first)
    assert match.history == [] and list(match.pending) == [0]
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 1
    click_at(app, scene.board.outer.center)
    press_button(app, next(iter(scene.panel.choice_buttons)))
    assert len(match.history) == 1


def test_three_click_paths_through_the_scene(app, monkeypatch):
    from game.ui.adapters import MoveAdapter

    class Confirming(MoveAdapter):
        """A made-up three-click decision: the piece, its square, that square again."""

        def path_of(self, state, seat, action):
            return (action.frm, action.to, action.to)

    match = chess960()
    monkeypatch.setattr(PLAY_ADAPTER, lambda game: Confirming())
    scene = open_play(app, match)
    click_at(app, square_at(scene, "e2"))
    click_at(app, square_at(scene, "e4"))
    geo = match.state.geometry
    assert match.history == []
    assert scene.board.path == [geo.square("e2"), geo.square("e4")]
    assert scene.board.target_squares == {geo.square("e4")}
    click_at(app, square_at(scene, "e4"))
    settle(app, scene)
    assert match.history == [{0: "e4"}]


# -- the move list: one line a move, clickable to look back -----------------------------
def test_a_click_on_a_move_looks_back_and_end_returns(app):
    import pygame_gui

    match = Match("chess", seed=1)
    scene = open_play(app, match)
    for san in ("e4", "e5", "Nf3", "Nc6", "Bb5"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene.after_jump()
    lines = scene.panel.moves_text.split("<br>")
    assert len(lines) == 3 and lines[1].count("<a href=") == 2  # 2. Nf3 Nc6
    # Click the link of 1... e5: the board shows the position after it.
    link = pygame.event.Event(
        pygame_gui.UI_TEXT_BOX_LINK_CLICKED, link_target="2", ui_element=scene.panel.moves
    )
    scene.handle(link)
    geo = match.state.geometry
    assert scene.looking_at == 2
    assert geo.square("f3") not in scene.board.shown  # no knight there yet
    assert scene.board.shown[geo.square("e5")].kind == "pawn"
    assert "Looking back: after 1... e5" in scene.panel.status_text
    assert scene.input.table == {}  # nothing to play meanwhile
    key(app, pygame.K_RIGHT)  # a step forward: after 2. Nf3
    assert scene.looking_at == 3 and geo.square("f3") in scene.board.shown
    key(app, pygame.K_END)
    assert scene.looking_at is None and scene.board.shown[geo.square("b5")].kind == "bishop"
    assert match.history[-1] == {0: "Bb5"}  # looking back undid nothing


def test_looking_back_names_the_move_as_the_list_writes_it(app):
    match = Match("chess", seed=1)
    scene = open_play(app, match)
    for san in ("e4", "e5", "Nf3"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene.after_jump()
    said = []
    for steps in (0, 1, 2, 3):
        scene.looking.go(steps)
        said.append(scene.panel.status_text.partition("\n")[0])
    assert said[:3] == [
        "Looking back: the start",
        "Looking back: after 1. e4",
        "Looking back: after 1... e5",
    ]
    assert scene.looking_at is None  # the last move is the game now


def test_keys_still_look_back_after_a_click_in_the_move_list(app, monkeypatch):
    from game.ui import clipboard

    board: list[str] = []
    monkeypatch.setattr(clipboard, "put", lambda text: board.append(text) or True)
    match = Match("chess", seed=1)
    scene = open_play(app, match)
    for san in ("e4", "e5", "Nf3", "Nc6"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    scene.after_jump()
    pump(app, 2)
    moves = scene.panel.moves
    click_at(app, (moves.rect.right - 20, moves.rect.bottom - 8))  # the box, not a link
    assert moves in scene.ui.get_focus_set()  # as after a real click
    key(app, pygame.K_LEFT)
    assert scene.looking_at == 3
    key(app, pygame.K_HOME)
    assert scene.looking_at == 0
    key(app, pygame.K_RIGHT)
    assert scene.looking_at == 1
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert board == [match.state_at(1).to_text()]  # the position looked at
    widgets.close_top_dialog(scene.ui)
    pump(app, 2)
    key(app, pygame.K_END)
    assert scene.looking_at is None


def test_arrow_keys_look_back_and_ctrl_z_undoes(app):
    match = chess960()
    scene = open_play(app, match)
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    settle(app, scene)
    key(app, pygame.K_LEFT)
    assert scene.looking_at == 0 and len(match.history) == 1
    key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
    press_button(app, widgets.dialogs(scene.ui)[-1].confirm_button)  # Black accepts
    assert match.history == [] and scene.looking_at is None


# The fast tier plays the first 80 plies on the match and submits the last
# ten through the open scene; the slow tier submits all 90 (same game).
@pytest.mark.parametrize("in_scene", [10, pytest.param(90, marks=pytest.mark.slow, id="all")])
def test_the_move_list_keeps_the_newest_move_in_sight(app, in_scene):
    import random

    match = Match("chess", seed=1)
    rng = random.Random(2)
    for _ in range(90 - in_scene):
        seat = match.to_act()[0]
        match.play({seat: rng.choice(match.state.legal_actions(seat))})
    scene = open_play(app, match)
    for _ in range(in_scene):
        if match.is_over():
            break
        seat = match.to_act()[0]
        scene.submit(seat, rng.choice(match.state.legal_actions(seat)))
        pump(app, 1)
    pump(app, 3)
    bar = scene.panel.moves.scroll_bar
    assert bar is not None  # a long game: the list scrolls
    assert bar.start_percentage + bar.visible_percentage >= 0.99
    # Every line keeps its number at the left (no line loses its layout);
    # the earliest moves are a link away.
    first, *lines = scene.panel.moves_text.split("<br>")
    assert "earlier moves" in first
    assert all(line.startswith("<font color='#8c96a2'>") for line in lines)


def test_ctrl_c_copies_the_position_unless_it_holds_secrets(app, monkeypatch):
    from game.ui import clipboard

    board: list[str] = []
    monkeypatch.setattr(clipboard, "put", lambda text: board.append(text) or True)
    match = chess960()
    open_play(app, match)
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert board == [match.state.to_text()]
    assert Match("chess960", match.options, match.seed, start=board[0]).state.to_text() == board[0]
    # A viewer who sees only part of the position cannot copy it.
    from helpers import toy_games

    toy_games.install(monkeypatch)
    secret = open_play(app, Match("toy_line", seed=1, players=["human", "computer:random"]))
    key(app, pygame.K_c, mod=pygame.KMOD_CTRL)
    assert len(board) == 1
    assert [w.window_display_title for w in widgets.dialogs(secret.ui)][-1] == "Not copied"


def test_the_play_scene_asks_for_frames_only_while_something_moves_or_waits(app):
    match = chess960(players=("human", "computer:random"))
    scene = open_play(app, match)
    assert not scene.active()  # the person to move: nothing happens until they act
    drag(app, square_at(scene, "e2"), square_at(scene, "e4"))
    assert scene.active()  # the move lands, then the computer thinks
    wait_for(app, lambda: len(match.history) == 2)
    settle(app, scene)
    assert not scene.active()
