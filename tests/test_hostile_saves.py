"""Damaged and hostile save files: each kind gives a clear message (or
loads, when the damage left a valid save), never raises anything else, never
hangs, and leaves the file and every other save as they were.

The kinds are those of helpers/hostile_saves.py (its makers are used here);
each kind has its own test below for the fix it needed, and a bounded sample
of the drill runs the real Load screen."""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from pathlib import Path

import pytest
from helpers import hostile_saves as drill

from game import games, saves
from game.ai import make_bot
from game.ai.levels import LEVELS, level_from_file, level_name, level_words, spec_for
from game.match import Match


def chess_save(*sans: str, players=("human", "human")) -> dict:
    match = Match("chess", seed=3, players=list(players))
    for san in sans:
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(san, seat)})
    return match.to_dict()


def write(name: str, data: bytes | str) -> Path:
    path = saves.saves_dir() / f"{name}.json"
    path.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
    return path


def refused(path: Path, in_list: bool = True) -> str:
    """The message loading ``path`` gives; it must be a clear one, and the
    Load list must show the file as damaged with a clear message too (the
    list reads only the header: ``in_list`` False for damage to the moves,
    which only loading finds)."""
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    message = caught.value.message
    assert drill.clear(message), message
    (info,) = [i for i in saves.list_saves() if i.path == path]
    if in_list:
        assert info.error is not None and drill.clear(info.error)
    return message


# -- each kind of damage, its fix -----------------------------------------------------
def test_a_pipe_where_a_save_should_be_is_refused_without_opening_it():
    if not hasattr(os, "mkfifo"):
        pytest.skip("no named pipes here")
    path = saves.saves_dir() / "pipe.json"
    os.mkfifo(path)  # reading it would wait for a writer for ever
    assert refused(path) == saves.NOT_A_SAVE


def test_a_link_to_an_endless_device_is_refused():
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    path = saves.saves_dir() / "endless.json"
    os.symlink("/dev/zero", path)
    assert refused(path) == saves.NOT_A_SAVE


def test_a_folder_named_like_a_save_says_it_is_a_folder():
    path = saves.saves_dir() / "folder.json"
    path.mkdir()
    assert "is a folder, not a saved game" in refused(path)


def test_a_file_too_big_to_be_a_save_is_refused_before_reading_it():
    path = write("big", b'{"format": 1, "final": "' + b"x" * (saves.MAX_SAVE_BYTES + 10) + b'"}')
    start = time.perf_counter()
    assert "too large to be a saved game" in refused(path)
    assert time.perf_counter() - start < 5  # generous: it reads nothing


@pytest.mark.parametrize("depth", [1000, 200_000])
def test_deep_nesting_is_damage_not_a_crash(depth):
    path = write("deep", "[" * depth + "]" * depth)
    assert refused(path) == saves.NOT_A_SAVE
    d = json.dumps(chess_save("e4")).replace(
        '"options": {}', '"options": ' + "[" * depth + "]" * depth
    )
    assert refused(write("deep options", d)) == saves.CUT_SHORT


def test_a_number_too_long_to_read_is_damage():
    text = json.dumps(chess_save("e4")).replace('"format": 1', '"format": ' + "9" * 5000)
    assert refused(write("digits", text)) == saves.CUT_SHORT


def test_a_byte_order_mark_as_some_editors_write_loads():
    path = write("bom", b"\xef\xbb\xbf" + json.dumps(chess_save("e4", "e5")).encode())
    assert saves.load(path).history == [{0: "e4"}, {1: "e5"}]


def test_a_huge_move_text_is_refused_with_a_short_message():
    d = chess_save("e4", "e5")
    d["actions"][1] = {"1": "Z" * 100_000}
    assert "list of moves has an unreadable entry" in refused(write("long move", json.dumps(d)))


def test_a_long_move_text_that_is_not_a_move_is_quoted_short():
    d = chess_save("e4", "e5")
    d["actions"][1] = {"1": "Q" * 150}
    message = refused(write("odd move", json.dumps(d)), in_list=False)
    assert "move 1 (QQQ" in message and "…" in message


@pytest.mark.parametrize("key", ["99999999999999999999", "²", "-1", "01x"])
def test_a_seat_number_that_is_no_seat_is_damage(key):
    d = chess_save("e4")
    d["actions"][0] = {key: "e4"}
    assert "unreadable entry" in refused(write("seat", json.dumps(d)))


@pytest.mark.parametrize("level", ["computer:minimax", "computer:search:x", "computer:nope"])
def test_a_computer_level_this_version_does_not_have_is_refused(level):
    d = chess_save("e4", players=("human", level))
    assert "computer player this version does not have" in refused(write("bot", json.dumps(d)))


def test_a_game_id_of_any_length_is_quoted_short():
    d = chess_save("e4")
    d["game"] = "x" * 100_000
    message = refused(write("game", json.dumps(d)))
    assert "does not have (xxx" in message


def test_a_newer_version_with_a_long_name_is_quoted_short():
    d = chess_save("e4")
    d["format"], d["app_version"] = 2, "9" * 10_000
    assert "made by a newer version" in refused(write("newer", json.dumps(d)))


def test_an_unreadable_file_says_so():
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("root reads every file")
    path = write("locked", json.dumps(chess_save("e4")))
    path.chmod(0)
    try:
        assert "could not be read" in refused(path)
    finally:
        path.chmod(0o644)


@pytest.mark.slow  # fast cover: the odd-file-name damage case fast
def test_a_file_name_that_is_not_utf8_is_shown_and_opened(app):
    """Such a name made the Load screen's font fail (surrogates): it is shown
    with ? for what cannot be drawn, and the save opens."""
    from helpers.ui_driver import pump

    from game.ui.load_scene import LoadScene
    from game.ui.menu import MainMenu
    from game.ui.play import PlayScene

    path = saves.save_named(Match("chess", seed=1), "x")
    folder = os.fsencode(path.parent)
    odd = Path(os.fsdecode(os.path.join(folder, b"bad \xff\xfe name \x1b.json")))
    path.rename(odd)
    (info,) = saves.list_saves()
    assert info.name == "bad ?? name ?" and info.ok
    app.push(MainMenu(app))
    app.push(LoadScene(app))
    pump(app, 2)
    app.scene.select(0)
    app.scene.load_selected()
    pump(app, 2)
    assert isinstance(app.scene, PlayScene)


# -- every kind of the drill, through the loader and the list ---------------------------------
@pytest.fixture(scope="module")
def bases():
    return drill.real_saves(random.Random(5))


@pytest.mark.parametrize("kind", sorted(k for k in drill.MAKERS if k != "big file"))
def test_every_kind_of_damage_gives_a_clear_message_and_touches_nothing_else(kind, bases):
    if kind == "unreadable" and os.name == "posix" and os.geteuid() == 0:
        pytest.skip("root reads every file")
    folder = saves.saves_dir()
    others = {}
    for game_id, d in bases.items():
        path = folder / f"real {game_id}.json"
        path.write_bytes(drill._text(d))
        others[path] = hashlib.sha256(path.read_bytes()).hexdigest()
    rng = random.Random(kind)
    for i in range(4):
        path = folder / f"hostile {i}.json"
        path = drill.MAKERS[kind](rng, bases[rng.choice(sorted(bases))], path) or path
        own = drill.digest(path)
        try:
            saves.load(path)
        except saves.SaveError as e:
            assert drill.clear(e.message), e.message
        infos = {info.path: info for info in saves.list_saves()}
        if path in infos and infos[path].error is not None:
            assert drill.clear(infos[path].error)
        assert all(p in infos and infos[p].ok for p in others), "a bad file hid the others"
        assert drill.digest(path) == own
        drill._remove(path)
    for path, digest in others.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == digest


@pytest.mark.slow  # every kind goes through saves.load in the fast tier (above)
def test_a_sample_of_the_drill_through_the_load_screen():
    """A file of each kind and a big one (3 MB), through the loader,
    the list and the real Load screen: no failure (timings aside: this
    machine may be busy, the script prints them)."""
    count = len(drill.MAKERS)
    outcomes = drill.drill(count, seed=11, big_mb=3, quiet=True)
    assert len(outcomes) == count and {o.kind for o in outcomes} == set(drill.MAKERS) - (
        {"unreadable"} if os.name == "posix" and os.geteuid() == 0 else set()
    )
    failures = [(o.kind, f) for o in outcomes for f in o.failures if not f.startswith("took")]
    assert failures == []
    assert sum(o.message is not None for o in outcomes) >= count - 6  # nearly all refused


# -- one validator: fields checked once, refusals with their kind -----------------------------
def test_an_infinite_option_neither_raises_nor_hides_the_other_saves():
    d = Match("chess960", seed=4).to_dict()
    good = write("good", json.dumps(d))
    d["options"]["number"] = float("inf")
    bad = write("infinite", json.dumps(d))  # "number": Infinity, as Python writes it
    message = refused(bad)
    assert "settings" in message
    infos = {info.path: info for info in saves.list_saves()}
    assert infos[good].ok and not infos[bad].ok


@pytest.mark.parametrize(
    "level",
    [
        "search:60:time=nan",
        "search:2:time=inf",
        "search:1000000",
        "search:2:nodes=-5",
        "search:40:time=600:cap=600",  # in range, but minutes a move
        "ismcts:time=120:cap=120",
    ],
)
def test_a_computer_level_read_from_a_file_is_checked(level):
    d = chess_save("e4") | {"players": ["human", f"computer:{level}"]}
    with pytest.raises(saves.SaveError) as caught:
        saves.load(write("level", json.dumps(d)))
    assert caught.value.kind == "settings" and "computer player" in caught.value.message
    assert "thinks longer than the game's Hard" in caught.value.message  # the reason, either way


@pytest.mark.parametrize("game_id", ["chess", "maces", "cooperative"])
def test_no_file_level_thinks_longer_than_the_games_slowest_level(game_id):
    game = games.load_all()[game_id]
    slowest = max(make_bot(spec_for(game, spec)).budget for _, spec in LEVELS if spec != "easy")
    assert level_from_file(game, f"search:3:time={slowest}") is not None
    assert level_from_file(game, f"search:3:time={slowest * 1.01}") is None
    assert level_from_file(game, "random") == "random"  # older drills' seats, instant


@pytest.mark.parametrize("written", ["computer:EASY", "computer: Search:3 ", "computer:easy"])
def test_a_level_in_any_case_loads_as_that_level_and_keeps_its_name(written):
    d = chess_save("e4") | {"players": ["human", written]}
    match = saves.load(write("case", json.dumps(d)))
    level = match.computer_level(1)
    assert level in {spec for _, spec in LEVELS}
    assert (
        level_words(level) == f"Computer ({level_name(written.partition(':')[2].strip().lower())})"
    )


def test_a_damaged_start_position_is_reported_as_such():
    d = chess_save() | {"start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1"}
    with pytest.raises(saves.SaveError) as caught:
        saves.load(write("start", json.dumps(d)))
    error = caught.value
    assert error.kind == "start" and "start position cannot be played" in error.message
    assert "h1" in error.message and "settings" not in error.message


def test_a_long_start_position_is_not_echoed():
    d = chess_save() | {"start": "Q" * 10_137}
    with pytest.raises(saves.SaveError) as caught:
        saves.load(write("long start", json.dumps(d)))
    assert len(caught.value.message) < 200


def test_a_step_the_rules_refuse_carries_its_kind_and_step():
    d = chess_save("e4", "e5")
    d["actions"][1] = {"1": "Ke6"}  # no king steps two squares
    d["final"] = "x"
    with pytest.raises(saves.SaveError) as caught:
        saves.load(write("illegal", json.dumps(d)))
    assert (caught.value.kind, caught.value.step) == ("illegal", 2)
    assert "move 1 (Ke6)" in caught.value.message
