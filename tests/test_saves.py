"""Save files and settings in the user data folder (CHESS_VARIANTS_HOME)."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from helpers.toy_games import install

from game import __version__, saves
from game.match import Match
from game.saves import SaveError


@pytest.fixture(autouse=True)
def _toys(monkeypatch):
    install(monkeypatch)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("CHESS_VARIANTS_HOME", str(tmp_path))
    return tmp_path


def nim_match(steps=((0, 1), (1, 2), (0, 3))) -> Match:
    m = Match("toy_nim", seed=4, players=["human", "computer:search:2"])
    for seat, n in steps:
        m.play({seat: n})
    return m


def guess_match() -> Match:
    m = Match("toy_guess", options={"rounds": 5, "cards": 4}, seed=77)
    for a, b in [(1, 2), (4, 4), (2, 3)]:
        m.play({0: a, 1: b})
    m.undo()
    return m


def same(a: Match, b: Match) -> None:
    assert a.state.to_text() == b.state.to_text()
    for s in range(len(a.players)):
        assert sorted(map(str, a.state.legal_actions(s))) == sorted(
            map(str, b.state.legal_actions(s))
        )
    assert a.history == b.history
    assert a.move_list() == b.move_list()
    assert (a.game_id, a.options, a.seed, a.players) == (b.game_id, b.options, b.seed, b.players)
    assert a.can_redo == b.can_redo


# -- folders -------------------------------------------------------------------------
def test_data_dir_follows_the_environment(home):
    assert saves.data_dir() == home
    assert saves.saves_dir() == home / "saves" and (home / "saves").is_dir()
    assert saves.log_path().parent == home / "logs" and (home / "logs").is_dir()


def test_data_dir_default_is_platformdirs(monkeypatch, tmp_path):
    import platformdirs

    monkeypatch.delenv("CHESS_VARIANTS_HOME")
    seen = {}

    def fake(appname, appauthor=None, **kw):
        seen["args"] = (appname, appauthor)
        return str(tmp_path / "pd")

    monkeypatch.setattr(platformdirs, "user_data_dir", fake)
    assert saves.data_dir() == tmp_path / "pd"
    assert seen["args"] == ("ChessVariants", False)


def test_conftest_keeps_tests_out_of_the_real_folder():
    home = Path(os.environ["CHESS_VARIANTS_HOME"])
    assert saves.data_dir() == home
    import platformdirs

    assert home != Path(platformdirs.user_data_dir("ChessVariants", appauthor=False))


# -- round trips -----------------------------------------------------------------------
@pytest.mark.parametrize("make", [nim_match, guess_match])
def test_named_round_trip(home, make):
    m = make()
    path = saves.save_named(m, "My game")
    assert path == home / "saves" / "My game.json"
    same(saves.load(path), m)


def test_autosave_round_trip(home):
    assert saves.load_autosave() is None
    m = guess_match()
    path = saves.autosave(m)
    assert path == home / "saves" / "autosave.json"
    same(saves.load_autosave(), m)
    m.redo()
    saves.autosave(m)
    same(saves.load_autosave(), m)
    saves.clear_autosave()
    assert saves.load_autosave() is None


def test_names_round_trip_and_a_save_from_before_names_loads(home):
    m = Match("toy_nim", seed=4, players=["human", "human"], names=["Ann", "Bob"])
    m.play({0: 1})
    path = saves.save_named(m, "named")
    d = json.loads(path.read_text(encoding="utf-8"))
    assert d["names"] == ["Ann", "Bob"]
    assert saves.load(path).names == ["Ann", "Bob"]
    del d["names"]  # as a save from before names were kept
    old = saves.load(write(home, "old.json", d))
    assert old.names == ["", ""] and old.history == m.history


def test_a_hostile_name_in_a_save_is_cleaned_not_a_crash(home):
    d = good(home)
    d["players"] = ["human", "human"]
    d["names"] = ["\x1b]0;pwned\x07" + "A" * 500, "Bob\n\tthe\x00 builder"]
    loaded = saves.load(write(home, "hostile.json", d))
    assert loaded.names == ["]0;pwned" + "A" * 8, "Bob the builder"]
    assert {i.name: i for i in saves.list_saves()}["hostile"].ok


def test_file_is_readable_json(home):
    m = nim_match()
    d = json.loads(saves.save_named(m, "x").read_text(encoding="utf-8"))
    assert d["format"] == 1 and d["game"] == "toy_nim" and d["seed"] == 4
    assert d["actions"] == [{"0": "take 1"}, {"1": "take 2"}, {"0": "take 3"}]
    assert d["final"] == m.state.to_text()


def test_chance_replays_from_the_file(home):
    m = Match("toy_guess", options={"rounds": 5, "cards": 4}, seed=2024)
    texts = []
    for a, b in [(1, 1), (2, 2), (3, 3), (4, 4)]:
        m.play({0: a, 1: b})
        texts.append(m.state.to_text())
    n = saves.load(saves.save_named(m, "chance"))
    assert n.state.to_text() == texts[-1]
    n.undo(4)
    for i in range(4):
        n.redo()
        assert n.state.to_text() == texts[i]


def test_atomic_write_leaves_no_temp_files(home):
    m = nim_match()
    for i in range(5):
        saves.autosave(m)
        saves.save_named(m, f"game {i}")
    saves.save_settings({"sound": False})
    assert saves.flush()
    files = sorted(p.name for p in home.rglob("*") if p.is_file())
    assert files == sorted(
        ["autosave.json", "settings.json"] + [f"game {i}.json" for i in range(5)]
    )


def test_failed_write_keeps_the_old_file(home, monkeypatch):
    m = nim_match()
    path = saves.autosave(m)
    assert saves.flush()
    before = path.read_text(encoding="utf-8")

    def boom(*a, **k):
        raise OSError("disk full")

    fsync = os.fsync
    monkeypatch.setattr(os, "fsync", boom)
    m.undo()
    saves.autosave(m)  # fails on the autosave thread, and is logged
    assert saves.flush() is False
    assert path.read_text(encoding="utf-8") == before
    assert [p.name for p in path.parent.iterdir()] == ["autosave.json"]
    monkeypatch.setattr(os, "fsync", fsync)
    saves.autosave(m)  # the next one goes through
    assert saves.flush() and saves.load_autosave().history == m.history
    # Saved after all: the window has nothing to tell (the failure was a
    # leftover that showed a dialog in whichever game came next).
    assert saves.autosave_trouble() is None


# -- the autosave thread -------------------------------------------------------------------
@pytest.fixture
def slow_disk(monkeypatch):
    """Every atomic write waits until the test opens the gate; the texts written, in order."""
    import threading

    written = []
    gate = threading.Event()
    real = saves._atomic_write

    def slow(path, text):
        gate.wait(30)
        real(path, text)
        written.append(text)

    monkeypatch.setattr(saves, "_atomic_write", slow)
    yield written, gate
    gate.set()


def test_an_autosave_is_written_off_the_caller_and_lands_after_flush(home, slow_disk):
    written, gate = slow_disk
    path = saves.autosave(nim_match())  # returns while the disk is still shut
    assert written == []  # the caller did not wait for the disk
    assert saves.has_autosave()  # on its way: Continue is offered already
    gate.set()
    assert saves.flush()
    assert json.loads(path.read_text(encoding="utf-8"))["actions"] == [
        {"0": "take 1"},
        {"1": "take 2"},
        {"0": "take 3"},
    ]


def test_the_newest_of_several_quick_autosaves_wins(home, slow_disk):
    written, gate = slow_disk
    m = Match("toy_nim", options={"heap": 21}, seed=4)
    for _ in range(12):
        m.play({m.to_act()[0]: 1})
        saves.autosave(m)
    gate.set()
    assert saves.flush()
    assert saves.load_autosave().history == m.history
    assert json.loads(written[-1])["actions"] == json.loads(saves._dump(m))["actions"]
    assert len(written) < 12  # stale snapshots were skipped, not queued


def test_clearing_the_autosave_drops_one_on_its_way(home, slow_disk):
    import threading

    saves.autosave(nim_match())
    saves.autosave(nim_match(((0, 1),)))
    # Clearing waits for a write already under way (the writer thread may
    # have taken the first one): let the disk go once the clearing has begun.
    clearing = threading.Thread(target=saves.clear_autosave)
    clearing.start()
    slow_disk[1].set()
    clearing.join()
    assert saves.flush()
    assert not saves.autosave_path().exists() and saves.load_autosave() is None


CRASH_MID_WRITE = """
import os, sys
from game import saves
from game.match import Match

m = Match("chess", seed=1)
m.play({0: m.state.parse_action("e4", 0)})
saves.autosave(m)
assert saves.flush()
m.play({1: m.state.parse_action("e5", 1)})
os.fsync = lambda fd: os._exit(3)  # the power goes while the new file is half done
saves.autosave(m)
saves.flush()
sys.exit(0)
"""


def test_a_crash_mid_write_leaves_the_previous_autosave(home):
    import subprocess
    import sys

    env = {**os.environ, "CHESS_VARIANTS_HOME": str(home)}
    root = Path(__file__).resolve().parent.parent
    done = subprocess.run([sys.executable, "-c", CRASH_MID_WRITE], env=env, cwd=root, timeout=60)
    assert done.returncode == 3  # it did die in the middle
    match = saves.load_autosave()
    assert match is not None and match.history == [{0: "e4"}]
    leftovers = [p.name for p in (home / "saves").iterdir() if p.name != "autosave.json"]
    assert all(name.startswith(".") for name in leftovers)  # a temp file, never listed
    assert [i.name for i in saves.list_saves(include_autosave=True)] == ["autosave"]


# -- names ---------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "name, stem",
    [
        ("Game 1", "Game 1"),
        ("../../etc/passwd", "etc_passwd"),
        ("a/b\\c:d*e?f", "a_b_c_d_e_f"),
        ("   ", "save"),
        ("...", "save"),
        ("CON", "CON (saved)"),
        ("autosave", "autosave (saved)"),
        ("Échecs  à  deux", "Échecs à deux"),
        ("x" * 200, "x" * 80),
        ("Chess, move 4", "Chess, move 4"),
        ("Wins for O'Brien! v1.2 [draft]", "Wins for O'Brien! v1.2 [draft]"),
        ("a.json.", "a.json"),
        ("nul.old", "nul (saved).old"),
    ],
)
def test_sanitize_name(name, stem):
    assert saves.sanitize_name(name) == stem


def test_every_games_default_save_name_is_kept_as_offered(home):
    """The save dialog offers "<title>, move <n>"; it was saved as "Chess_ move 4"."""
    from game.games import CATALOGUE

    for entry in CATALOGUE:
        offered = f"{entry.title}, move 4"  # as Controls.open_save words it
        assert saves.save_named(nim_match(), offered).stem == offered


def test_save_named_stays_in_the_saves_folder(home):
    path = saves.save_named(nim_match(), "../../outside")
    assert path.parent == home / "saves"


def test_save_named_never_overwrites_the_autosave(home):
    saves.autosave(nim_match())
    saves.save_named(nim_match(((0, 1),)), "autosave")
    assert len(saves.load_autosave().history) == 3


# -- damaged and foreign files -----------------------------------------------------------
def write(home: Path, name: str, data) -> Path:
    folder = home / "saves"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def good(home) -> dict:
    return json.loads(saves.save_named(nim_match(), "good").read_text(encoding="utf-8"))


def test_truncated_file(home):
    text = saves.save_named(nim_match(), "good").read_text(encoding="utf-8")
    path = write(home, "cut.json", text[: len(text) // 2])
    with pytest.raises(SaveError, match="damaged or cut short") as info:
        saves.load(path)
    assert info.value.path == path


@pytest.mark.parametrize(
    "data, words",
    [
        (b"", "This save is empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00garbage", "not a saved game"),
        ("hello, world", "not a saved game"),
        ("[1, 2, 3]", "not a saved game"),
        ('{"some": "other app"}', "not a saved game"),
    ],
)
def test_garbage(home, data, words):
    with pytest.raises(SaveError, match=words):
        saves.load(write(home, "junk.json", data))


# Each damage, and the words that tell the player about it.
DAMAGE = [
    ({"actions": "take 1"}, "its list of moves is unreadable"),
    ({"actions": [{"0": "take 1"}, "take 2"]}, "its list of moves has an unreadable entry"),
    ({"actions": [{"7": "take 1"}]}, "its list of moves has an unreadable entry"),
    ({"actions": [{"0": 1}]}, "its list of moves has an unreadable entry"),
    ({"redo": {"0": "take 1"}}, "its list of taken-back moves is unreadable"),
    ({"seed": "4"}, "the number that sets up its game is missing"),
    ({"players": {"0": "human"}}, "who plays each side"),
    ({"players": ["human"]}, "who plays each side"),
    ({"players": ["human", "robot"]}, "who plays each side"),
    ({"options": "heap=10"}, "its settings are not ones Toy Nim has"),
    ({"options": {"colour": "red"}}, "its settings are not ones Toy Nim has"),
    ({"game": 7}, "it does not say which game it is"),
    ({"game": "martian_chess"}, r"a game this version does not have \(martian_chess\)"),
    ({"format": "one"}, "its version number is unreadable"),
    ({"format": 3, "app_version": "9.1"}, "made by a newer version of Chess Variants"),
    # Written by this very version, which writes format 1: not a newer one's.
    (
        {"format": 3},
        rf"damaged: its version number \(3\) is not one version {re.escape(__version__)} writes",
    ),
    ({"actions": [{"0": "take 1"}, {"1": "take 9"}]}, r"move 1 \(take 9\) is not allowed"),
    ({"actions": [{"0": "take 1"}, {"0": "take 2"}]}, r"move 1 \(take 2\) is not allowed"),
    ({"redo": [{"1": "take 9"}]}, r"a taken-back move \(take 9\) is not allowed"),
    ({"final": "0 0"}, "its moves lead to another position than the one it recorded"),
    ({"final": 12}, "its final position is unreadable"),
    ({"names": "Ann"}, "the names of its players are unreadable"),
    ({"names": ["Ann"]}, "the names of its players are unreadable"),
    ({"names": ["Ann", 7]}, "the names of its players are unreadable"),
]


@pytest.mark.parametrize("changes, words", DAMAGE)
def test_bad_contents(home, changes, words):
    d = good(home)
    d.update(changes)
    path = write(home, "bad.json", d)
    with pytest.raises(SaveError, match=words):
        saves.load(path)
    assert path.exists()  # never deleted or rewritten by a failed load


def test_a_save_without_its_final_position_is_incomplete(home):
    d = good(home)
    del d["final"]
    with pytest.raises(SaveError) as info:
        saves.load(write(home, "cut.json", d))
    assert str(info.value) == (
        "This save is incomplete: it has no final position. It may have been cut short."
    )


def test_moves_after_the_end_are_named(home):
    m = Match("toy_nim", options={"heap": 5}, seed=1)
    m.play({0: 3})
    m.play({1: 2})  # the last one: the game is over
    d = json.loads(saves.save_named(m, "over").read_text(encoding="utf-8"))
    d["actions"].append({"0": "take 1"})
    with pytest.raises(SaveError, match=r"move 2 \(take 1\) comes after the end of the game"):
        saves.load(write(home, "after.json", d))


MISSING = object()  # a field left out of the file

# Words a player should never meet in a message: file-format names, Python
# reprs, programmers' field names.
NOT_FOR_PLAYERS = ("'", "JSON", "{", "}", "[", "None", "format", "redo", "actions", "expected")


@pytest.mark.parametrize("changes", [c for c, _ in DAMAGE] + [{"final": MISSING}])
def test_messages_are_for_players(home, changes):
    d = good(home)
    d.update(changes)
    d = {k: v for k, v in d.items() if v is not MISSING}
    with pytest.raises(SaveError) as raised:
        saves.load(write(home, "bad.json", d))
    info = {i.name: i for i in saves.list_saves()}["bad"]
    for message in (raised.value.message, info.error or ""):
        if not message:
            continue  # the list checks only the header; the moves are checked on loading
        assert message[0].isupper() and message.endswith("."), message
        assert not any(bit in message for bit in NOT_FOR_PLAYERS), message


@pytest.mark.parametrize("data", [b"", b"\x00\x01", "hello", "[1]", '{"format": 1, "game": '])
def test_unreadable_files_are_told_in_plain_words(home, data):
    with pytest.raises(SaveError) as raised:
        saves.load(write(home, "junk.json", data))
    message = raised.value.message
    assert message[0].isupper() and message.endswith("."), message
    assert not any(bit in message for bit in NOT_FOR_PLAYERS), message
    assert "line" not in message and "column" not in message


def test_newer_format_message(home):
    d = good(home)
    d["format"] = 3
    d["app_version"] = "2.0"
    with pytest.raises(SaveError) as info:
        saves.load(write(home, "new.json", d))
    assert str(info.value) == (
        "This save was made by a newer version of Chess Variants (2.0). Update the game to open it."
    )


def test_damaged_autosave_raises_and_stays(home):
    path = write(home, "autosave.json", '{"format": 1, "game": ')
    with pytest.raises(SaveError):
        saves.load_autosave()
    assert path.read_text(encoding="utf-8") == '{"format": 1, "game": '


def test_missing_file(home):
    with pytest.raises(SaveError, match="“nothing” is not there any more"):
        saves.load(home / "saves" / "nothing.json")


# -- listing -------------------------------------------------------------------------------
def test_list_saves(home):
    a = saves.save_named(nim_match(), "alpha")
    b = saves.save_named(guess_match(), "beta")
    os.utime(a, (1_000_000, 1_000_000))
    os.utime(b, (2_000_000, 2_000_000))
    saves.autosave(nim_match())
    infos = saves.list_saves()
    assert [i.name for i in infos] == ["beta", "alpha"]  # newest first, no autosave
    beta, alpha = infos
    assert beta.ok and beta.game_title == "Toy Guess the Card"
    assert alpha.game_id == "toy_nim" and alpha.moves == 2 and alpha.modified == 1_000_000
    assert alpha.path == a
    assert [i.name for i in saves.list_saves(include_autosave=True)].count("autosave") == 1


def test_the_list_counts_moves_as_the_rules_do_even_in_saves_without_the_count(home):
    d = good(home)
    assert d["moves"] == 2  # White's 1, Black's 2: move 1; White's 3: move 2
    write(home, "old.json", {k: v for k, v in d.items() if k != "moves"})  # before the count
    write(home, "lying.json", {**d, "moves": 99})  # more moves than steps: counted again
    infos = {i.name: i for i in saves.list_saves()}
    assert infos["old"].moves == infos["lying"].moves == infos["good"].moves == 2


def test_damaged_save_does_not_affect_the_others(home):
    saves.save_named(nim_match(), "fine")
    write(home, "garbage.json", b"\x00\x01\x02")
    write(home, "cut.json", '{"format": 1, "game": "toy_n')
    write(home, "martian.json", {**good(home), "game": "martian_chess"})
    write(home, "future.json", {**good(home), "format": 9})
    write(home, "list.json", "[]")
    infos = {i.name: i for i in saves.list_saves()}
    assert infos["fine"].ok and infos["good"].ok
    for name in ("garbage", "cut", "martian", "future", "list"):
        assert not infos[name].ok and infos[name].error
    assert "martian_chess" in infos["martian"].error
    same(saves.load(infos["fine"].path), nim_match())


def test_list_ignores_temp_files(home):
    saves.save_named(nim_match(), "one")
    write(home, ".one.json.abc.tmp", "{")
    assert [i.name for i in saves.list_saves()] == ["one"]


def test_delete(home):
    path = saves.save_named(nim_match(), "gone")
    saves.delete(path)
    assert not path.exists()
    saves.delete(path)  # already gone: fine
    assert saves.list_saves() == []


# -- settings ----------------------------------------------------------------------------
DEFAULTS = {
    "sound": True,
    "animation_speed": 1.0,
    "board_theme": "wood",
    "show_legal_moves": True,
    "mark_attacked_kings": True,
    "fullscreen": False,
}


def test_settings_defaults(home):
    assert saves.load_settings() == DEFAULTS
    assert not (home / "settings.json").exists()


def test_settings_round_trip_and_merge(home):
    saves.save_settings({"sound": False, "board_theme": "marble"})
    got = saves.load_settings()
    assert got == {**DEFAULTS, "sound": False, "board_theme": "marble"}
    # an older file without newer keys gets their defaults
    (home / "settings.json").write_text('{"fullscreen": true}', encoding="utf-8")
    assert saves.load_settings() == {**DEFAULTS, "fullscreen": True}


def test_settings_keeps_unknown_keys(home):
    saves.save_settings({"volume": 0.3})
    assert saves.load_settings()["volume"] == 0.3


def test_settings_bad_values_fall_back(home):
    (home / "settings.json").write_text(
        json.dumps({"sound": "yes", "animation_speed": -2, "board_theme": 5, "fullscreen": True}),
        encoding="utf-8",
    )
    assert saves.load_settings() == {**DEFAULTS, "fullscreen": True}


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "", "\udcff"])
def test_damaged_settings(home, text):
    path = home / "settings.json"
    path.write_bytes(text.encode("utf-8", "surrogateescape"))
    assert saves.load_settings() == DEFAULTS
    bad = home / "settings.json.bad"
    assert bad.read_bytes() == text.encode("utf-8", "surrogateescape")
    assert not path.exists()  # set aside: renamed
    saves.save_settings({"sound": False})
    assert saves.load_settings()["sound"] is False
    assert bad.exists()


def test_animation_speed_off_is_kept():
    from game.saves import load_settings, save_settings

    settings = load_settings()
    settings["animation_speed"] = 0
    save_settings(settings)
    assert load_settings()["animation_speed"] == 0
