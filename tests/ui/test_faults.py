"""An unexpected exception never closes the window silently: the real main
loop (App.run) catches it, writes its traceback to the log file, keeps the
game in the autosave at the last completed move, and shows a window with the
log file's path over a fresh menu, where Continue resumes the game.

Each test injects a fault by patching one method to raise."""

from __future__ import annotations

import logging
import pickle

import pygame
import pytest
from helpers.ui_driver import make_app, open_play, press_button, pump, settle

from game import app as app_module
from game import saves
from game.ai.runner import BotRunner
from game.match import Match
from game.ui.fault import TITLE, FaultDialog
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.widgets import dialogs


class Boom(RuntimeError):
    pass


@pytest.fixture(autouse=True)
def _own_log_handlers():
    """The fault handler adds the log file to the root logger; take it away
    again so the next test's log goes to its own folder."""
    root = logging.getLogger()
    before = list(root.handlers)
    level = root.level
    yield
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


@pytest.fixture
def fapp():
    a = make_app(MainMenu)
    yield a
    for scene in list(a.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    a.close()


def play_moves(app, scene, *sans: str) -> None:
    """Play moves as the person to move would (the scene's own submit)."""
    for san in sans:
        seat = scene.seen.actor
        assert scene.submit(seat, scene.match.state.parse_action(san, seat))
        settle(app, scene)


def run_frames(app, n: int = 6) -> int:
    """Frames of the real main loop; then the app is ready to pump again
    (the loop leaves ``running`` off when it returns)."""
    code = app.run(max_frames=n)
    app.running = code == 0
    return code


def fault_windows(app) -> list[FaultDialog]:
    return [w for w in dialogs(app.scene.ui) if isinstance(w, FaultDialog)]


def saved_history() -> list[dict]:
    saves.flush()
    return saves.read_save_dict(saves.autosave_path())["actions"]


def check_recovered(app, kind: str, history: list[dict]) -> None:
    """Back on a fresh menu, one fault window naming the log file, whose
    text has the traceback; the autosave holds ``history``."""
    assert app.exit_code == 0 and app.faults == 1
    assert [type(s) for s in app.scenes] == [MainMenu]
    (window,) = fault_windows(app)
    assert window.window_display_title == TITLE
    log_file = saves.log_path().resolve()
    assert window.path_line.get_text() == str(log_file)
    assert "Continue resumes it" in window.text
    logged = log_file.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in logged
    assert f"Boom: injected in {kind}" in logged
    assert saved_history() == history
    assert app.scene.buttons["continue"].is_enabled


def ok_then_continue(app) -> PlayScene:
    (window,) = fault_windows(app)
    press_button(app, window.ok_button)
    assert [type(s) for s in app.scenes] == [MainMenu]
    assert fault_windows(app) == []
    press_button(app, app.scene.buttons["continue"])
    pump(app, 2)
    assert isinstance(app.scene, PlayScene)
    return app.scene


def chess(*players: str) -> Match:
    return Match("chess", seed=7, players=list(players or ("human", "human")))


# -- each part of a frame ---------------------------------------------------------
# A fault in update is the fast check; in handle and draw the slow tier's.
@pytest.mark.parametrize(
    "part",
    [pytest.param(p, marks=pytest.mark.slow) for p in ("handle", "draw")] + ["update"],
)
def test_a_fault_in_a_scene_goes_back_to_the_menu_and_continue_resumes(fapp, monkeypatch, part):
    scene = open_play(fapp, chess())
    play_moves(fapp, scene, "e4", "e5", "Nf3")

    def boom(self, *args):
        raise Boom(f"injected in {part}")

    real = getattr(PlayScene, part)
    monkeypatch.setattr(PlayScene, part, boom)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
    assert run_frames(fapp) == 0
    check_recovered(fapp, part, [{"0": "e4"}, {"1": "e5"}, {"0": "Nf3"}])
    assert scene.closed
    monkeypatch.setattr(PlayScene, part, real)
    resumed = ok_then_continue(fapp)
    assert resumed.match.history == [{0: "e4"}, {1: "e5"}, {0: "Nf3"}]
    assert resumed.seen.actor == 1  # Black to move, as it was


@pytest.mark.slow  # fast cover: the scene-fault cases above take the same path fast
def test_a_fault_polling_the_computer_seat_stops_its_worker(fapp, monkeypatch):
    scene = open_play(fapp, chess("human", "computer:random"))
    play_moves(fapp, scene, "d4")
    runners = dict(scene.bots.runners)
    assert runners  # the computer's worker was started for its reply

    def boom(self):
        raise Boom("injected in the bot")

    real = BotRunner.poll
    monkeypatch.setattr(BotRunner, "poll", boom)
    run_frames(fapp)
    check_recovered(fapp, "the bot", [{"0": "d4"}])
    assert scene.bots.runners == {}
    assert all(r._proc is None for r in runners.values())  # the worker was stopped
    monkeypatch.setattr(BotRunner, "poll", real)
    resumed = ok_then_continue(fapp)
    assert resumed.match.history[0] == {0: "d4"}


# -- the autosave keeps the last completed move, nothing half written -------------
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_move_played_before_the_fault_is_kept_though_not_yet_autosaved(fapp, monkeypatch):
    """The step is in the match; the fault came while animating it, before
    the scene's own autosave: the fault handler saves it."""
    scene = open_play(fapp, chess())
    play_moves(fapp, scene, "e4")

    def boom(*args, **kwargs):
        raise Boom("injected in animate")

    monkeypatch.setattr(scene.board, "animate", boom)
    pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # a frame to run
    with pytest.raises(Boom):  # the move itself, outside the main loop
        scene.submit(1, scene.match.state.parse_action("c5", 1))
    assert saved_history() == [{"0": "e4"}]
    scene.update = lambda dt: (_ for _ in ()).throw(Boom("injected in update"))
    run_frames(fapp)
    check_recovered(fapp, "update", [{"0": "e4"}, {"1": "c5"}])


def test_a_step_that_fails_halfway_is_not_saved_half_done(fapp, monkeypatch):
    """The rules changed the position, then raised: the match never recorded
    the step, and the autosave replays the recorded steps, so its final
    position is the one before that step and the save loads."""
    scene = open_play(fapp, chess())
    play_moves(fapp, scene, "e4", "e5")
    state = scene.match.state
    real_apply = type(state).apply

    def half(self, actions):
        real_apply(self, actions)  # the position changes...
        raise Boom("injected in apply")  # ...and the step fails

    monkeypatch.setattr(type(state), "apply", half)

    def move(self, dt):
        self.submit(0, self.match.state.parse_action("Nf3", 0))

    monkeypatch.setattr(PlayScene, "update", move)
    run_frames(fapp)
    monkeypatch.setattr(type(state), "apply", real_apply)
    check_recovered(fapp, "apply", [{"0": "e4"}, {"1": "e5"}])
    loaded = saves.load_autosave()
    assert loaded.history == [{0: "e4"}, {1: "e5"}]
    before = chess()
    for seat, san in ((0, "e4"), (1, "e5")):
        before.play({seat: before.state.parse_action(san, seat)})
    assert loaded.state.to_text() == before.state.to_text()  # not the half-made move


# -- a second fault ----------------------------------------------------------------
@pytest.mark.slow  # fast cover: the scene-fault cases above show the window fast
def test_a_second_fault_while_the_window_is_up_shows_no_second_window(fapp, monkeypatch):
    scene = open_play(fapp, chess())
    play_moves(fapp, scene, "e4")

    def boom(self, *args):
        raise Boom("injected in update")

    def menu_boom(self, surface):
        raise Boom("injected in the menu's draw")

    monkeypatch.setattr(PlayScene, "update", boom)
    monkeypatch.setattr(MainMenu, "draw", menu_boom)
    assert run_frames(fapp, 20) == 0
    assert fapp.running and fapp.faults > 2  # the menu failed on every frame since
    assert len(fault_windows(fapp)) == 1
    logged = saves.log_path().read_text(encoding="utf-8")
    assert "another unexpected exception while its window is up" in logged
    assert logged.count("Boom: injected in the menu's draw") == 3  # not once a frame
    monkeypatch.setattr(MainMenu, "draw", MainMenu.__bases__[0].draw)
    run_frames(fapp, 3)  # it draws again: the window is still there, once
    assert len(fault_windows(fapp)) == 1 and fapp.running


def test_when_every_frame_fails_the_app_stops_with_exit_code_1(fapp, monkeypatch, capsys):
    monkeypatch.setattr(app_module, "FAULT_GIVE_UP", 5)

    def boom(self, *args):
        raise Boom("injected in the menu's update")

    monkeypatch.setattr(MainMenu, "update", boom)
    assert run_frames(fapp, 50) == 1
    assert not fapp.running and fapp.faults == 5
    assert "keeps failing and stops" in saves.log_path().read_text(encoding="utf-8")
    assert str(saves.log_path().resolve()) in capsys.readouterr().err


def test_when_the_menu_cannot_be_made_the_app_stops_and_says_why(fapp, monkeypatch):
    scene = open_play(fapp, chess())
    play_moves(fapp, scene, "e4")

    def boom(self, *args):
        raise Boom("injected in update")

    def no_menu(self, app):
        raise Boom("injected in the menu")

    monkeypatch.setattr(PlayScene, "update", boom)
    monkeypatch.setattr(MainMenu, "__init__", no_menu)
    assert run_frames(fapp) == 1
    logged = saves.log_path().read_text(encoding="utf-8")
    assert "could not go back to the menu" in logged and "injected in the menu" in logged
    assert saved_history() == [{"0": "e4"}]  # the game is kept all the same


def test_a_fault_outside_the_main_loop_is_logged_before_the_app_stops(monkeypatch):
    from game.__main__ import main

    def no_window(self, *args, **kwargs):
        raise Boom("injected in the window")

    monkeypatch.setattr(app_module.App, "__init__", no_window)
    with pytest.raises(Boom):
        main(["--smoke-frames", "2"])
    logged = saves.log_path().read_text(encoding="utf-8")
    assert "stopped on an unexpected error" in logged and "Boom: injected in the window" in logged


# -- a fault inside the computer's worker process ------------------------------------------
class Exploder:
    """What the computer's worker finds instead of the view it was handed."""

    def to_act(self, *args):
        raise Boom("injected in the computer's worker")

    legal_actions = to_act


def _exploder() -> Exploder:
    return Exploder()


class ExplodingView:
    def __reduce__(self):
        return (_exploder, ())


class FaultyPickle:
    """The runner's pickle module, handing the worker an ExplodingView."""

    HIGHEST_PROTOCOL = pickle.HIGHEST_PROTOCOL
    loads = staticmethod(pickle.loads)

    @staticmethod
    def dumps(obj, protocol=None):
        return pickle.dumps(ExplodingView(), protocol=protocol)


@pytest.mark.slow  # fast cover: the scene-fault cases above take the same path to the log fast
def test_a_fault_in_the_computers_worker_is_logged_and_the_game_goes_on(fapp, monkeypatch):
    """The worker sends its traceback back; it goes to the log file and the
    computer plays a random legal move instead: no window closes, no game
    stops."""
    from game import logfile
    from game.ai import runner

    logfile.ensure()  # as the app's start does
    scene = open_play(fapp, chess("human", "computer:random"))
    monkeypatch.setattr(runner, "pickle", FaultyPickle)
    play_moves(fapp, scene, "e4")
    for _ in range(3000):  # the worker starts, fails, answers: a few seconds at most
        pump(fapp, 1)
        if len(scene.match.records) == 2:
            break
    assert len(scene.match.records) == 2 and scene.match.history[0] == {0: "e4"}
    assert fapp.scene is scene and fault_windows(fapp) == []
    logged = saves.log_path().read_text(encoding="utf-8")
    assert "bot random failed" in logged and "Boom: injected in the computer's worker" in logged
