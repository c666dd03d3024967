"""Premoves against the computer (game/ui/play/premove.py): a move entered
while the computer thinks waits, drawn in its own colour, and is played
when the turn comes if the rules allow it then; otherwise it is dropped.

The computer here is a stub that answers only when the test gives it a move,
so nothing depends on how long a search takes. Positions are diagrams, top
rank first; White (the computer) is to move and Black is the person.
"""

from __future__ import annotations

import pygame
import pytest
from helpers.chess_diagrams import fen_of
from helpers.tiers import sweep
from helpers.ui_driver import click_at, drag, key, open_play, pump, settle, square_at

from game.games import REGISTRY, load_all
from game.match import Match
from game.ui.play.bots import BotDriver
from game.ui.play.premove import DROPPED

load_all()

PREMOVE_GAMES = {"adrenaline", "chess", "chess960", "half_alice", "maces", "mulligan_stew"}

# The rook on d5 may go down the file unless White's pawn takes it first.
ROOK_ON_D5 = """
    k . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . r . . . .
    . . . . P . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
"""


class StubBot:
    """A computer seat that thinks until the test says what it plays."""

    busy = False

    def __init__(self) -> None:
        self.answer = None
        self.starts = 0

    def ready(self) -> bool:
        return True

    def start(self, match, seat, seed=None, limit=None) -> None:
        self.starts += 1
        self.match = match

    def play(self, text: str) -> None:
        """Answer the think under way with the move ``text``."""
        state = self.match.state
        self.answer = state.parse_action(text, state.to_act()[0])

    def poll(self):
        answer, self.answer = self.answer, None
        return answer

    def cancel(self) -> None:
        self.answer = None

    def close(self) -> None:
        pass


@pytest.fixture
def bot(monkeypatch) -> StubBot:
    stub = StubBot()
    monkeypatch.setattr(BotDriver, "_runner", lambda self, seat: stub)
    return stub


def versus_computer(app, game="chess", start=ROOK_ON_D5):
    text = fen_of(start) if start is not None else None
    return open_play(app, Match(game, seed=1, players=["computer:search:1", "human"], start=text))


def moves(scene) -> list[str]:
    return [next(iter(r.step.values())) for r in scene.match.records]


def square(scene, name: str) -> int:
    return scene.match.state.geometry.square(name)


def premove(app, scene, frm: str, to: str) -> None:
    click_at(app, square_at(scene, frm))
    click_at(app, square_at(scene, to))


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_premove_is_played_when_the_turn_comes(app, bot):
    scene = versus_computer(app)
    assert scene.thinking
    drag(app, square_at(scene, "d5"), square_at(scene, "d1"))
    pump(app)
    assert scene.board.premove == (square(scene, "d5"), square(scene, "d1"))
    assert "Your premove: d5-d1" in scene.status_line()
    assert moves(scene) == []  # nothing played yet
    bot.play("Ke2")
    pump(app)
    assert moves(scene) == ["Ke2", "Rd1"]
    assert scene.board.premove == ()
    assert scene.thinking  # the computer's turn again


def test_a_premove_no_longer_legal_is_dropped(app, bot):
    scene = versus_computer(app)
    premove(app, scene, "d5", "d1")
    bot.play("exd5")  # the rook is gone
    pump(app)
    assert moves(scene) == ["exd5"]
    assert scene.seen.actor == 1  # still Black's turn, to play by hand
    assert scene.board.premove == ()
    assert DROPPED in scene.status_line()


def test_a_new_premove_replaces_the_last(app, bot):
    scene = versus_computer(app)
    premove(app, scene, "d5", "d1")
    premove(app, scene, "a8", "b8")
    assert scene.board.premove == (square(scene, "a8"), square(scene, "b8"))
    bot.play("Ke2")
    pump(app)
    assert moves(scene) == ["Ke2", "Kb8"]


# Black's pawn on b2 promotes on b1 whatever White does first.
PAWN_ON_B2 = """
    k . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . p . . . . . .
    . . . . . . . K
"""


def test_a_premoved_promotion_asks_for_the_piece_when_its_turn_comes(app, bot):
    scene = versus_computer(app, start=PAWN_ON_B2)
    premove(app, scene, "b2", "b1")
    assert scene.chooser is None
    bot.play("Kg2")
    pump(app)
    assert moves(scene) == ["Kg2"]
    assert scene.chooser is not None  # the chooser waits for the person's pick


@pytest.mark.parametrize("how", ["right-click", "Esc"])
def test_a_right_click_or_esc_cancels_the_premove(app, bot, how):
    scene = versus_computer(app)
    premove(app, scene, "d5", "d1")
    if how == "right-click":
        pos = square_at(scene, "h4")
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=3))
        pump(app)
    else:
        key(app, pygame.K_ESCAPE)
        assert not scene.dialogs.modal()  # Esc cancelled the premove, no pause
    assert scene.board.premove == ()
    bot.play("Ke2")
    pump(app)
    assert moves(scene) == ["Ke2"]  # Black decides by hand


def test_undo_cancels_the_premove(app, bot):
    scene = versus_computer(app)
    bot.play("Ke2")
    pump(app)
    settle(app, scene)
    premove(app, scene, "a8", "b8")  # an ordinary move: Black's turn
    assert moves(scene) == ["Ke2", "Kb8"] and scene.thinking
    settle(app, scene)
    premove(app, scene, "d5", "d1")
    assert scene.board.premove
    scene.controls.undo()  # back to Black's turn after Ke2
    pump(app)
    assert moves(scene) == ["Ke2"]
    assert scene.board.premove == ()
    assert scene.seen.actor == 1


def test_a_game_without_premoves_ignores_moves_out_of_turn(app, bot):
    """Zombie Chess keeps secrets (the buried pieces): no premoves."""
    scene = versus_computer(app, game="zombie", start=None)
    assert not scene.game.premoves and scene.thinking
    drag(app, square_at(scene, "e7"), square_at(scene, "e5"))
    premove(app, scene, "d7", "d5")
    assert scene.board.premove == ()
    bot.play("e4")
    pump(app)
    assert moves(scene) == ["e4"]
    assert "premove" not in scene.status_line().lower()


def test_looking_back_and_the_end_cancel_the_premove(app, bot):
    scene = versus_computer(app)
    bot.play("Ke2")
    pump(app)
    settle(app, scene)
    premove(app, scene, "a8", "b8")
    settle(app, scene)
    premove(app, scene, "d5", "d1")
    scene.looking.go(0)  # the start
    assert scene.board.premove == ()
    scene.looking.go(None)
    premove(app, scene, "d5", "d1")
    scene.match.resign(1)
    scene.refresh()
    assert scene.board.premove == ()


def test_only_open_two_sided_games_declare_premoves():
    """A premove is judged when its turn comes: in a game with secrets its
    fate could tell what the person may not see, and with more than two
    seats the turn order is not simply the computer's and the person's."""
    declared = [g for g in REGISTRY.values() if g.premoves]
    assert {g.id for g in declared} == PREMOVE_GAMES
    for game in declared:
        assert len(game.seats) == 2 and not game.private_views, game.id


@pytest.mark.parametrize("game_id", sweep(sorted(PREMOVE_GAMES)))  # slow: three of them
def test_each_game_with_premoves_plays_one_through_its_adapter(app, bot, game_id):
    """Black premoves a move it will have once the computer's first turn is
    played (the stub plays White's first legal action, as often as asked)."""
    scene = versus_computer(app, game=game_id, start=None)
    now = scene.match.state
    future, replies = now.copy(), []
    while 0 in future.to_act():
        replies.append(future.legal_actions(0)[0])
        future.apply({0: replies[-1]})
    own = {sq for sq, piece in now.pieces().items() if piece.side == 1}
    path, actions = next(
        (p, a)
        for p, a in sorted(scene.adapter.paths(future, 1).items())
        if len(p) == 2 and len(a) == 1 and p[0] in own and p[1] >= 0 and p[1] not in own
    )
    click_at(app, scene.board.square_center(path[0]))
    click_at(app, scene.board.square_center(path[1]))
    assert scene.board.premove == path
    for action in replies:  # each once the last has landed
        bot.answer = action
        for _ in range(300):
            pump(app, 1)
            if bot.answer is None:
                break
    pump(app)
    assert scene.match.records[-1].actions == {1: actions[0]}


# -- clicks while a move lands ---------------------------------------------------------
def test_a_move_clicked_while_the_computers_reply_slides_is_played(app, bot):
    """The computer answered at once and the person clicked their next move
    while its reply still slid: both clicks were dropped (an outside
    reviewer found it). A click ends the animation and counts."""
    scene = versus_computer(app)
    bot.play("Ke2")
    pump(app, 1)
    assert moves(scene) == ["Ke2"] and scene.board.animating
    premove(app, scene, "d5", "d1")  # two clicks, three frames each: less than a slide
    assert moves(scene) == ["Ke2", "Rd1"]


def test_a_premove_clicked_while_the_persons_own_move_slides_is_kept(app, bot):
    scene = versus_computer(app)
    bot.play("Ke2")
    pump(app)
    settle(app, scene)
    premove(app, scene, "a8", "b8")  # Black's own move, sliding
    assert moves(scene) == ["Ke2", "Kb8"] and scene.board.animating
    premove(app, scene, "d5", "d1")
    assert scene.board.premove == (square(scene, "d5"), square(scene, "d1"))
    bot.play("Kf3")
    pump(app)
    assert moves(scene) == ["Ke2", "Kb8", "Kf3", "Rd1"]
