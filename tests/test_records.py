"""Best scores (game/records.py): per game and mode, with the date, counted
once per finished game that a person played, kept through a damaged file.

Played on the solitaire toy ``toy_climb`` (helpers/toy_games.py): a track of
numbered steps climbed one or two at a time, the numbers landed on adding up
to the score (the "low" goal: lower is better)."""

from __future__ import annotations

import datetime
import json
import logging

import pytest
from helpers import toy_games

from game import records
from game.match import Match, SaveError

DAY1 = datetime.date(2026, 11, 20)
DAY2 = datetime.date(2026, 11, 21)
TRACK = [5, 0, 0, 7]  # every climb ends on the 7; the highest takes the 5 too (12)


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    toy_games.install(monkeypatch)
    monkeypatch.setattr(toy_games.ClimbGame, "track", TRACK)


def climbed(climbs: list[int], goal: str = "high", players=("human",), seed: int = 1) -> Match:
    """A finished climb of the track above, climbing ``climbs``."""
    match = Match("toy_climb", {"length": 4, "goal": goal}, seed, list(players))
    for n in climbs:
        match.play({0: n})
    assert match.is_over()
    return match


def saved() -> dict:
    return json.loads(records.records_path().read_text(encoding="utf-8"))


# -- modes -----------------------------------------------------------------------------------
def test_the_mode_key_is_the_options_in_any_order():
    assert records.mode_key({"a": 1, "b": "x"}) == records.mode_key({"b": "x", "a": 1})
    assert records.mode_key({"a": 1}) != records.mode_key({"a": 2})
    assert records.mode_key({}) == "{}"


def test_each_mode_keeps_its_own_best():
    records.record("toy_climb", {"goal": "high"}, 12, today=DAY1)
    records.record("toy_climb", {"goal": "low"}, 7, lower_is_better=True, today=DAY1)
    assert records.best("toy_climb", {"goal": "high"}) == records.Best(12, "2026-11-20")
    assert records.best("toy_climb", {"goal": "low"}) == records.Best(7, "2026-11-20")
    assert records.best("toy_climb", {"goal": "other"}) is None
    assert records.best("toy_nim", {"goal": "high"}) is None


# -- better, worse, level --------------------------------------------------------------------
def test_the_first_score_is_kept_with_its_date_but_beats_nothing():
    outcome = records.record("toy_climb", {}, 43, today=DAY1)
    assert outcome.new_best and outcome.before is None
    # Nothing was beaten: not told as news (a first 0 would read as "a new best").
    assert records.NEW_BEST not in outcome.words()
    assert outcome.words() == "Your first score in this mode: the best to beat next time."
    entry = saved()["best"]["toy_climb"]["{}"]
    assert (entry["score"], entry["date"]) == (43, "2026-11-20")


def test_a_higher_score_beats_the_best_and_a_lower_one_does_not():
    records.record("toy_climb", {}, 43, today=DAY1)
    better = records.record("toy_climb", {}, 48, today=DAY2)
    assert better.new_best and better.before == records.Best(43, "2026-11-20")
    assert better.words() == "A new best! Your best was 43 (2026-11-20)."
    worse = records.record("toy_climb", {}, 30, today=DAY2)
    assert not worse.new_best
    assert worse.words() == "Your best: 48 (2026-11-21)"
    level = records.record("toy_climb", {}, 48, today=DAY2)
    assert not level.new_best and level.words() == "Level with your best: 48 (2026-11-21)"
    assert records.best("toy_climb", {}) == records.Best(48, "2026-11-21")


def test_in_golf_lower_is_better():
    records.record("golf", {}, 40, lower_is_better=True, today=DAY1)
    assert records.record("golf", {}, 35, lower_is_better=True, today=DAY2).new_best
    assert not records.record("golf", {}, 50, lower_is_better=True, today=DAY2).new_best
    assert records.best("golf", {}) == records.Best(35, "2026-11-21")


# -- from a finished match ---------------------------------------------------------------------
def test_a_finished_match_counts_its_score():
    match = climbed([1, 1, 1, 1])
    assert match.state.result().scores == (12.0,)
    outcome = records.record_match(match, today=DAY1)
    assert outcome.score == 12 and outcome.new_best
    low = climbed([2, 2], goal="low")  # 0 + 7
    assert records.record_match(low, today=DAY1).score == 7
    assert records.record_match(climbed([1, 1, 2], goal="low"), today=DAY2).words() == (
        "Your best: 7 (2026-11-20)"
    )


def test_a_finished_game_counts_once_even_after_undo_and_redo_to_the_same_end():
    records.record("toy_climb", {"length": 4, "goal": "high"}, 8, today=DAY1)
    match = climbed([1, 1, 1, 1])
    first = records.record_match(match, today=DAY2)
    assert first.new_best and first.words() == "A new best! Your best was 8 (2026-11-20)."
    file_before = records.records_path().read_text(encoding="utf-8")
    match.undo()
    match.redo()
    again = records.record_match(match, today=DAY2)
    assert again == first  # told as the first time
    assert records.records_path().read_text(encoding="utf-8") == file_before
    # Another end of the same game, reached by taking moves back, is an
    # assisted game: not counted.
    match.undo(4)
    match.play({0: 2})
    match.play({0: 2})
    other = records.record_match(match, today=DAY2)
    assert isinstance(other, records.Assisted) and other.score == 7
    assert len(saved()["ends"]) == 1


def test_a_game_played_again_from_its_start_to_a_worse_end_after_a_best():
    """The same end counted earlier, when a later game set a better best, says so."""
    match = climbed([2, 2])  # 7
    records.record_match(match, today=DAY1)
    records.record_match(climbed([1, 1, 1, 1], seed=2), today=DAY2)  # 12, a new best
    again = records.record_match(match, today=DAY2)
    assert not again.new_best and again.words() == "Your best: 12 (2026-11-21)"


def test_no_record_without_a_person_or_without_a_score():
    assert records.record_match(climbed([1, 1, 1, 1], players=["computer:random"])) is None
    nim = Match("toy_nim", {"heap": 5}, 1)
    for take in (3, 2):
        nim.play({nim.state.to_act()[0]: take})
    assert nim.is_over() and records.record_match(nim) is None
    resigned = Match("toy_climb", {"length": 4}, 1, ["human"])
    resigned.resign(0)
    assert records.record_match(resigned) is None
    unfinished = Match("toy_climb", {"length": 4}, 1, ["human"])
    assert records.record_match(unfinished) is None
    assert not records.records_path().exists()


def test_a_game_from_a_typed_position_keeps_no_record():
    # A typed start is no deal of the game: it could hand anyone any score.
    typed = Match("toy_climb", {"length": 4}, 1, ["human"], start="high 0 0 9,9,9,9")
    for n in (1, 1, 1, 1):
        typed.play({0: n})
    assert typed.is_over() and typed.state.result().scores == (36,)
    assert records.record_match(typed) is None
    assert not records.records_path().exists()


def test_only_the_peoples_seats_count():
    """toy_line: two seats with scores; only the person's is theirs."""
    match = Match("toy_line", seed=3, players=["computer:random", "human"])
    while not match.is_over():
        seat = match.state.to_act()[0]
        match.play({seat: match.state.legal_actions(seat)[0]})
    scores = match.state.result().scores
    assert records.record_match(match, today=DAY1).score == scores[1]
    assert records.best("toy_line", match.options).score == scores[1]


# -- the file ------------------------------------------------------------------------------------
def test_a_damaged_file_is_set_aside_and_the_new_record_kept(caplog):
    path = records.records_path()
    path.write_text('{"format": 1, "best": {"toy_cl', encoding="utf-8")
    with caplog.at_level(logging.WARNING, logger="game.records"):
        outcome = records.record("toy_climb", {}, 12, today=DAY1)
    assert outcome.new_best
    assert "damaged" in caplog.text
    assert path.with_name("records.json.bad").read_text(encoding="utf-8").startswith('{"format"')
    assert records.best("toy_climb", {}) == records.Best(12, "2026-11-20")


def test_entries_that_make_no_sense_are_dropped_one_by_one():
    records.records_path().write_text(
        json.dumps(
            {
                "format": 1,
                "best": {
                    "toy_climb": {
                        "{}": {"score": "lots", "date": "2026-11-20"},
                        "other": {"score": 5, "date": "2026-11-20"},
                    },
                    "broken": [1, 2],
                },
                "ends": "nope",
            }
        ),
        encoding="utf-8",
    )
    assert records.best("toy_climb", {}) is None
    assert records.best("toy_climb", {"x": 1}) is None
    assert records.record("toy_climb", {}, 3, today=DAY1).new_best
    data = saved()
    assert data["best"]["toy_climb"]["other"]["score"] == 5  # the good one is kept
    assert "broken" not in data["best"]


def test_the_file_is_written_atomically(monkeypatch):
    records.record("toy_climb", {}, 12, today=DAY1)
    before = records.records_path().read_text(encoding="utf-8")

    def fail(*args):
        raise OSError("disk full")

    monkeypatch.setattr("os.replace", fail)
    with pytest.raises(OSError):
        records.record("toy_climb", {}, 20, today=DAY2)
    assert records.records_path().read_text(encoding="utf-8") == before
    assert [p.name for p in records.records_path().parent.iterdir() if ".tmp" in p.name] == []


# -- assisted games: undo or hints keep a score apart from the best ----------------------------
def finished(game_id: str, help: str | None = None, seed: int = 1) -> Match:
    """A finished game a person played, of each game that keeps a best:
    undo (taking one move back and playing it again) or a hint (``help``)
    on the way."""
    options = {
        "toy_climb": {"length": 4, "goal": "high"},
        "cooperative": {"mode": "solitaire"},
        "golf": {"players": 1, "holes": 3},
    }[game_id]
    match = Match(game_id, options, seed, None)
    plays = 0
    while not match.is_over():
        (seat,) = match.to_act()
        if game_id == "cooperative" and plays == 6:
            match.resign(seat)  # "End game": the captures so far are the score
            break
        legal = match.state.legal_actions(seat)
        gives_up = [a for a in legal if str(a) == "give up"]  # golf: the solution is shown
        match.play({seat: (gives_up or legal)[0]})
        plays += 1
        if plays == 2 and help == "undo":
            match.undo()
            match.redo()
        assert plays < 200
    if help == "hint":
        match.assists.add(help)
    return match


def score_games() -> list[str]:
    """Every game whose result can be a score (so keeps a best): the
    registered games whose rules make ``Result.score``; a new one must be
    taught to ``finished`` above."""
    from pathlib import Path

    import game.games

    root = Path(game.games.__file__).parent
    return sorted(
        p.parent.name for p in root.glob("*/rules.py") if "Result.score(" in p.read_text()
    )


@pytest.mark.parametrize("game_id", ["toy_climb", *score_games()])
@pytest.mark.parametrize("help", ["undo", "hint"])
def test_an_assisted_game_is_not_counted_and_says_so(game_id, help):
    assisted = records.record_match(finished(game_id, help), today=DAY1)
    assert isinstance(assisted, records.Assisted) and assisted.help == (help,)
    assert assisted.words().startswith(f"Assisted ({'hints' if help == 'hint' else help}):")
    assert "No best is kept yet." in assisted.words()
    assert not records.records_path().exists()  # nothing written, nothing counted

    plain = finished(game_id, seed=2)  # another game: counted
    kept = records.record_match(plain, today=DAY1)
    assert kept.new_best and records.best(game_id, plain.options) == records.Best(
        kept.score, "2026-11-20"
    )
    again = records.record_match(finished(game_id, help), today=DAY2)
    assert f"Your best stays {kept.best.text}." in again.words()
    assert records.best(game_id, plain.options) == kept.best


def test_a_save_keeps_the_help_a_game_had_and_older_saves_had_none():
    match = finished("toy_climb", "undo")
    assert match.assists == {"undo"}
    saved_game = match.to_dict()
    assert saved_game["assisted"] == ["undo"]
    assert Match.from_dict(saved_game).assists == {"undo"}
    plain = finished("toy_climb").to_dict()
    assert "assisted" not in plain  # saves read as they always did
    assert Match.from_dict(plain).assists == set()
    for bad in ("undo", ["peeked"], [1]):
        with pytest.raises(SaveError):
            Match.from_dict({**saved_game, "assisted": bad})


def test_a_records_file_of_the_last_version_still_loads_and_an_assisted_game_leaves_it():
    text = json.dumps(
        {
            "format": 1,
            "best": {
                "toy_climb": {
                    '{"goal":"high","length":4}': {
                        "score": 9,
                        "date": "2026-11-19",
                        "lower_is_better": False,
                        "end": "abc",
                        "was": None,
                    }
                }
            },
            "ends": ["abc"],
        }
    )
    records.records_path().parent.mkdir(parents=True, exist_ok=True)
    records.records_path().write_text(text, encoding="utf-8")
    match = finished("toy_climb", "hint")
    assert records.best_of(match) == records.Best(9, "2026-11-19")
    assert records.record_match(match).words() == (
        "Assisted (hints): not counted for your best. Your best stays 9 (2026-11-19)."
    )
    assert records.records_path().read_text(encoding="utf-8") == text


def test_a_file_from_a_newer_version_is_read_and_never_written_over():
    path = records.records_path()
    newer = {
        "format": 99,
        "best": {"toy_climb": {"{}": {"score": 20, "date": "2026-11-01"}}},
        "ends": [],
        "future": "keep me",
    }
    path.write_text(json.dumps(newer), encoding="utf-8")
    assert records.best("toy_climb", {}) == records.Best(20, "2026-11-01")
    records.record("toy_climb", {}, 12, today=DAY1)
    assert json.loads(path.read_text(encoding="utf-8")) == newer


def test_a_second_damaged_file_does_not_replace_the_first_one_set_aside():
    path = records.records_path()
    for text in ('{"first', '{"second'):
        path.write_text(text, encoding="utf-8")
        records.record("toy_climb", {}, 12, today=DAY1)
    assert path.with_name("records.json.bad").read_text(encoding="utf-8") == '{"first'
    assert path.with_name("records.json.bad2").read_text(encoding="utf-8") == '{"second'
