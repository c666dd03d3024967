"""The app shell: the command line and the main loop."""

from __future__ import annotations

import json
import os

import pygame
import pytest
from helpers.ui_driver import make_app, pump

from game import __version__, saves
from game.__main__ import main
from game.app import theme_dict
from game.ui.menu import MainMenu


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_smoke_frames_runs_the_real_loop_and_exits_0():
    assert main(["--smoke-frames", "30"]) == 0


@pytest.mark.fast
@pytest.mark.parametrize("start", [["--fullscreen"], ["--windowed"], []])
def test_the_app_starts_after_f11_was_pressed_last_time(start):
    """F11 keeps "fullscreen" in the settings; every later start failed
    (going fullscreen resized scenes the App did not have yet)."""
    settings = saves.load_settings()
    settings["fullscreen"] = True
    saves.save_settings(settings)
    assert main(["--smoke-frames", "10", *start]) == 0


def test_version(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert __version__ in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv", [["--bogus"], ["--smoke-frames", "many"], ["--windowed", "--fullscreen"]]
)
def test_bad_arguments_exit_2_with_a_message(argv, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "error:" in err and "usage:" in err


def test_unknown_game_exits_2_with_a_message(capsys):
    with pytest.raises(SystemExit) as exc:
        main(["--game", "no_such_game"])
    assert exc.value.code == 2
    assert "no_such_game" in capsys.readouterr().err


def test_game_argument_opens_its_setup(monkeypatch):
    from game.ui import setup

    seen = []
    monkeypatch.setattr(setup.SetupScene, "enter", lambda self: seen.append(self.game_id))
    assert main(["--game", "chess", "--smoke-frames", "2"]) == 0
    assert seen == ["chess"]


def test_quit_event_asks_every_scene_then_leaves_the_loop():
    app = make_app(MainMenu)
    asked = []
    app.scene.on_quit = lambda: asked.append(True)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 50)
    assert asked == [True]
    assert not app.running


def test_resize_reaches_the_scene():
    app = make_app(MainMenu)
    pump(app, 2)
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    pump(app, 2)
    assert app.scene.ui.window_resolution == app.size


def test_f11_toggles_fullscreen_and_remembers_it():
    app = make_app(MainMenu)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    pump(app, 2)
    assert app.fullscreen
    assert saves.load_settings()["fullscreen"] is True
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_F11, mod=0, unicode=""))
    pump(app, 2)
    assert not app.fullscreen
    assert saves.load_settings()["fullscreen"] is False


def test_frame_times_are_recorded():
    app = make_app(MainMenu)
    app.run(max_frames=10)  # the real loop records each frame's work time
    assert len(app.frame_times) >= 10
    assert all(t >= 0 for t in app.frame_times)


def test_theme_uses_only_the_shipped_fonts():
    theme = theme_dict()
    for block in theme.values():
        font = block.get("font") if isinstance(block, dict) else None
        if font:
            assert font["name"] in ("app_sans", "app_mono")
            for key, path in font.items():
                if key.endswith("_path"):
                    assert "assets" in path and path.endswith(".ttf")


def test_every_font_the_scenes_use_is_ours():
    """Build each scene and check pygame_gui looked up no other font (the two
    defaults it always loads itself excepted)."""
    from game.ui.load_scene import LoadScene
    from game.ui.rules_view import RulesScene
    from game.ui.settings_scene import SettingsScene
    from game.ui.setup import SetupScene

    app = make_app()
    for factory in (
        MainMenu,
        SettingsScene,
        LoadScene,
        lambda a: RulesScene(a, "chess"),
        lambda a: SetupScene(a, "chess960"),
    ):
        scene = factory(app)
        app.push(scene)
        pump(app, 2)
        fonts = scene.ui.get_theme().get_font_dictionary()
        defaults = {fonts.default_font.idx, fonts._default_symbols_font.idx}
        used = [f for f in fonts.used_font_ids if f not in defaults]
        assert used and all(f.startswith(("app_sans", "app_mono")) for f in used), used


def test_theme_file_is_valid_json():
    from game.resources import asset

    json.loads(asset("theme.json").read_text(encoding="utf-8"))


def test_a_run_writes_the_log_in_the_user_data_folder():
    import logging

    from game.__main__ import main
    from game.saves import log_path

    root = logging.getLogger()
    before = list(root.handlers)
    try:
        assert main(["--smoke-frames", "2"]) == 0
        for handler in root.handlers:
            handler.flush()
        assert "Chess Variants" in log_path().read_text()
    finally:
        for handler in root.handlers[len(before) :]:
            root.removeHandler(handler)
            handler.close()


def test_the_window_class_is_set_before_the_display_starts(monkeypatch):
    """SDL names the X11 window class from SDL_VIDEO_X11_WMCLASS when its display
    starts; without it the class would be the script's name ("__main__.py")."""
    from game.__main__ import WM_CLASS, WM_CLASS_ENV

    monkeypatch.delenv(WM_CLASS_ENV, raising=False)
    seen = []
    real_init = pygame.init

    def init():
        seen.append(os.environ.get(WM_CLASS_ENV))
        return real_init()

    monkeypatch.setattr(pygame, "init", init)
    assert main(["--smoke-frames", "1"]) == 0
    assert WM_CLASS == "chess-variants"
    assert seen and seen[0] == WM_CLASS


def test_a_window_class_the_user_set_is_kept(monkeypatch):
    from game.__main__ import WM_CLASS_ENV

    monkeypatch.setenv(WM_CLASS_ENV, "my-class")
    assert main(["--smoke-frames", "1"]) == 0
    assert os.environ[WM_CLASS_ENV] == "my-class"


def test_quitting_waits_for_the_last_autosave(monkeypatch):
    """The autosave is written off the frame; quitting must not lose it."""
    import time

    from game.match import Match

    real = saves._atomic_write

    def slow(path, text):
        time.sleep(0.2)
        real(path, text)

    monkeypatch.setattr(saves, "_atomic_write", slow)
    app = make_app(MainMenu)
    match = Match("chess", seed=3)
    match.play({0: match.state.parse_action("d4", 0)})
    app.scene.on_quit = lambda: saves.autosave(match)  # as the play scene does
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    pump(app, 5)
    assert not app.running
    # Read the file itself: load_autosave would wait for the writer.
    written = json.loads(saves.autosave_path().read_text(encoding="utf-8"))
    assert written["actions"] == [{"0": "d4"}]


def test_a_dialog_open_during_a_resize_stays_whole_in_the_window():
    """A message, a question and a tall message, opened at 1280 x 800, are
    still whole and centred after the window shrinks to its minimum (the
    takeback request's Decline button was left off the screen)."""
    from helpers.ui_driver import open_play

    from game.app import MIN_SIZE
    from game.match import Match
    from game.ui import widgets

    app = make_app(MainMenu)
    open_play(app, Match("chess", seed=1, players=["human", "human"]))
    ui = app.scene.ui
    widgets.message(ui, "Note", "A short note.")
    widgets.confirm(ui, "Takeback asked", "White asks to take back 1. e4. Black?", lambda: None)
    widgets.message(ui, "Tall", "\n".join(f"line {n}" for n in range(40)))
    pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)  # what the player's drag does
    pygame.event.post(
        pygame.event.Event(pygame.VIDEORESIZE, size=MIN_SIZE, w=MIN_SIZE[0], h=MIN_SIZE[1])
    )
    pump(app, 2)
    view = pygame.Rect((0, 0), app.size)
    windows = widgets.dialogs(app.scene.ui)
    assert len(windows) == 3 and app.size == MIN_SIZE
    for window in windows:
        assert view.contains(window.rect), window.rect
        assert abs(window.rect.centerx - view.centerx) <= 1
