"""Settings, best scores and the data folder: a damaged or hostile file is
set aside (renamed, a log line, a notice for the window) and the defaults
used; each setting is checked against its range; a data folder that cannot
be written leaves the game playable with saving off, and every failed save
says so in words."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import records, saves
from game.match import Match

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(autouse=True)
def fresh_notices(monkeypatch):
    monkeypatch.setattr(saves, "_notices", [])
    monkeypatch.setattr(saves, "_saving_off", False)


def settings_file() -> Path:
    return saves.settings_path()


@pytest.mark.parametrize(
    "content",
    [
        b"[" * 100_000 + b"]" * 100_000,  # RecursionError in the JSON reader
        b"{" + b'"a": 1, ' * 100_000 + b'"b": 2}',  # bigger than any settings file
        b"\xff\xfe garbage",
        b"[1, 2]",
        b"",
    ],
    ids=["deep", "huge", "binary", "list", "empty"],
)
def test_a_damaged_settings_file_is_set_aside_with_a_notice(content):
    settings_file().write_bytes(content)
    assert saves.load_settings() == saves.DEFAULT_SETTINGS
    assert not settings_file().exists()
    assert settings_file().with_name("settings.json.bad").read_bytes() == content
    assert saves.notices() == [
        "Your settings file was damaged; it was set aside as settings.json.bad."
    ]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")
def test_a_pipe_or_a_device_in_place_of_settings_never_blocks():
    os.mkfifo(settings_file())
    assert saves.load_settings() == saves.DEFAULT_SETTINGS  # would block on open()
    os.symlink("/dev/zero", settings_file())
    assert saves.load_settings() == saves.DEFAULT_SETTINGS  # would read forever


@pytest.mark.parametrize(
    "key, value",
    [
        ("animation_speed", 1e-300),
        ("animation_speed", 1e300),
        ("animation_speed", -1),
        ("animation_speed", True),
        ("sound", "yes"),
        ("board_theme", "x" * 1000),
        ("last_players", []),
        ("last_players", {"chess": "human"}),
        ("last_names", {"chess": [7]}),
    ],
)
def test_each_setting_is_checked_against_its_range(key, value):
    settings_file().write_text(json.dumps({key: value, "show_legal_moves": False}))
    loaded = saves.load_settings()
    assert loaded.get(key) == saves.DEFAULT_SETTINGS.get(key)
    assert loaded["show_legal_moves"] is False  # the good values are kept


def test_good_remembered_players_and_speeds_are_kept():
    good = {"animation_speed": 0, "last_players": {"chess": ["human", "computer:random"]}}
    settings_file().write_text(json.dumps(good))
    loaded = saves.load_settings()
    assert loaded["animation_speed"] == 0 and loaded["last_players"] == good["last_players"]


@pytest.mark.parametrize(
    "content",
    [
        b"garbage{",
        b"[" * 50_000 + b"]" * 50_000,
        json.dumps({"best": {"golf": {"{}": {"score": 1e400, "date": "x" * 5000}}}}).encode(),
        json.dumps({"best": {"golf": {"{}": {"score": 3, "date": "2026-11-20" * 500}}}}).encode(),
    ],
)
def test_garbage_records_never_break_the_game_over_window(content):
    path = records.records_path()
    path.write_bytes(content)
    assert records.best("golf", {}) is None
    outcome = records.record("golf", {}, 40, lower_is_better=True, end="x")
    assert outcome.new_best and len(outcome.words()) < 80


def test_a_failed_save_says_so_in_words(monkeypatch):
    match = Match("chess", seed=1)

    def denied(path, text):
        raise PermissionError(13, "Permission denied", str(path) + ".tmp")

    monkeypatch.setattr(saves, "_atomic_write", denied)
    with pytest.raises(saves.SaveError) as caught:
        saves.save_named(match, "mine")
    message = caught.value.message
    assert message == ("The game could not be saved: the game's data folder may not be written to.")
    assert "Errno" not in message and ".tmp" not in message


def test_a_failed_autosave_is_told_once(monkeypatch):
    match = Match("chess", seed=1)

    def full(path, text):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(saves, "_atomic_write", full)
    saves.autosave(match)
    saves.flush(5)
    assert saves.autosave_trouble() == (
        "The game could not be saved automatically: the disk is full."
    )
    saves.autosave(match)
    saves.flush(5)
    assert saves.autosave_trouble() is None  # said once for a run of failures


def test_a_data_folder_that_is_a_file_turns_saving_off(tmp_path, monkeypatch):
    home = tmp_path / "a file"
    home.write_text("not a folder")
    monkeypatch.setenv(saves.ENV_HOME, str(home))
    assert not saves.check_data_folder()
    assert saves.saving_off()
    assert saves.notices() == ["Saving is off: the game's data folder cannot be written."]
    assert saves.load_settings() == saves.DEFAULT_SETTINGS
    assert saves.autosave(Match("chess", seed=1)) is None
    assert saves.list_saves() == [] and not saves.has_autosave()
    with pytest.raises(saves.SaveError, match="could not be saved"):
        saves.save_named(Match("chess", seed=1), "mine")


def smoke(home: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, CHESS_VARIANTS_HOME=str(home), SDL_VIDEODRIVER="dummy")
    env["SDL_AUDIODRIVER"] = "dummy"
    return subprocess.run(
        [sys.executable, "-m", "game", "--smoke-frames", "5", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )


def test_the_app_starts_with_bad_files_and_no_writable_folder(tmp_path):
    """Headless starts: a deep settings file, a garbage records file, and a
    data folder that is a file. No traceback; the app runs its frames."""
    home = tmp_path / "home"
    home.mkdir()
    (home / "settings.json").write_bytes(b"[" * 100_000 + b"]" * 100_000)
    (home / "records.json").write_text("garbage{")
    ran = smoke(home)
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]
    assert (home / "settings.json.bad").exists()
    not_a_folder = tmp_path / "file"
    not_a_folder.write_text("x")
    ran = smoke(not_a_folder)
    assert ran.returncode == 0 and "Traceback" not in ran.stderr, ran.stderr[-2000:]


def test_game_and_load_together_are_refused_clearly(tmp_path):
    ran = smoke(tmp_path, "--game", "chess", "--load", "x.json")
    assert ran.returncode == 2 and "Traceback" not in ran.stderr
    assert "give only one of them" in ran.stderr


def test_the_main_menu_says_the_notice_in_one_line():
    from helpers.ui_driver import make_app, pump, texts

    from game.ui.menu import MainMenu

    settings_file().write_text("{not json")
    app = make_app(MainMenu)  # reads the settings as the app starts
    pump(app)
    assert "Your settings file was damaged; it was set aside as settings.json.bad." in texts(app)


def test_two_notices_each_fit_their_own_line_in_the_smallest_window(recwarn):
    from helpers.ui_driver import pump, texts

    from game.app import MIN_SIZE, App
    from game.ui.menu import MainMenu

    first = "Your settings file was damaged; it was set aside as settings.json.bad."
    second = "Your best scores file was damaged; it was set aside as records.json.bad."
    saves.notice(first)
    saves.notice(second)
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    app.push(MainMenu(app))
    pump(app, 2)
    assert {first, second} <= set(texts(app))
    assert not [w for w in recwarn if "too small for text" in str(w.message)]
    lowest_card = max(card.rect.bottom for card in app.scene.cards.values())
    assert lowest_card <= 560 - 34 - 22  # the cards leave both lines free
