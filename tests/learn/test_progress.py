"""The lessons progress file (game/learn/progress.py): a file of a newer
format is never written over, and what the data folder cannot take is
remembered for the session."""

from __future__ import annotations

import json

import pytest

from game import saves
from game.learn import progress


def _file() -> dict:
    return json.loads(progress.progress_path().read_text(encoding="utf-8"))


# Every way the progress is marked: each must leave a newer file as it is.
MARKS = {
    "a lesson done": lambda: progress.mark_done("maces", "Some lesson"),
    "an offer made": lambda: progress.mark_offered("maces"),
    "a game played": lambda: progress.offer_due("maces", played=True, has_lessons=True),
}


@pytest.mark.parametrize("mark", MARKS.values(), ids=MARKS.keys())
@pytest.mark.parametrize(
    "newer",
    [
        {"format": 2, "done": {"chess": ["Mate in one"]}, "offered": ["chess"], "hints": 4},
        {"format": 7, "done": [["chess", "Mate in one"]], "offered": {"chess": 1}},
    ],
    ids=["same shape", "another shape"],
)
def test_a_newer_file_is_never_written_over_nor_set_aside(monkeypatch, mark, newer):
    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    path = progress.progress_path()
    path.write_text(json.dumps(newer), encoding="utf-8")
    assert not mark()
    assert _file() == newer and not path.with_name("lessons.json.bad").exists()
    kept = progress.load()
    assert kept.trouble == "" and "maces" in kept.offered  # remembered for the session
    if isinstance(newer["done"], dict):  # what this version understands is read
        assert kept.done_in("chess") == {"Mate in one"}


def test_an_older_or_equal_format_is_written_as_ever():
    progress.progress_path().write_text('{"format": 1, "done": {"chess": ["A"]}}', "utf-8")
    assert progress.mark_done("chess", "B")
    assert _file()["done"] == {"chess": ["A", "B"]} and _file()["format"] == progress.FORMAT


def test_a_folder_that_cannot_be_written_offers_once_a_session_and_keeps_lessons_done(
    monkeypatch,
):
    monkeypatch.setattr(progress, "OFFER_NEWCOMERS", True)
    monkeypatch.setattr(saves, "_saving_off", True)
    assert progress.offer_due("tulaga", played=False, has_lessons=True)
    assert not progress.mark_offered("tulaga")  # not written ...
    assert not progress.offer_due("tulaga", played=False, has_lessons=True)  # ... but kept
    assert not progress.mark_done("chess", "Mate in one")
    assert progress.load().done_in("chess") == {"Mate in one"}
    assert not progress.progress_path().exists()
    # Once the folder takes files again, the session's marks are written too.
    monkeypatch.setattr(saves, "_saving_off", False)
    assert progress.mark_done("chess", "Take en passant")
    assert _file()["done"] == {"chess": ["Mate in one", "Take en passant"]}
    assert "tulaga" in _file()["offered"]


def test_the_sessions_marks_belong_to_their_data_folder(monkeypatch, tmp_path):
    monkeypatch.setattr(saves, "_saving_off", True)
    progress.mark_done("chess", "Mate in one")
    monkeypatch.setenv("CHESS_VARIANTS_HOME", str(tmp_path))
    assert progress.load().done_in("chess") == set()
