"""The deal of the day (game/learn/daily.py): one seed per game and date,
the same everywhere; the daily results kept apart from free play, once per
day, with the best and the streak of days in a row; "replay this deal" as
free play; the statistics file kept through damage and newer versions."""

from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import records
from game.ai import think_now
from game.learn import daily, stats
from game.match import Match, SaveError

ROOT = Path(__file__).resolve().parents[2]
DAY = datetime.date(2026, 11, 27)


def day(n: int) -> datetime.date:
    return DAY + datetime.timedelta(days=n)


def played_through(match: Match) -> Match:
    """``match`` played to its end by the computer's weakest level (a
    golf round alone: 25 steps)."""
    while not match.is_over():
        match.play({s: think_now("easy", match.state, s) for s in match.to_act()})
    return match


def golf_daily(n: int) -> Match:
    return played_through(daily.new_match("golf", day(n)))


# -- the seed --------------------------------------------------------------------------------
def test_the_seed_of_a_day_is_fixed_by_the_date_alone():
    # Pinned: every computer and every later version deals these.
    assert daily.seed_for("golf", DAY) == 171934739
    assert daily.seed_for("cooperative", DAY) == 1765442372


def test_the_deal_is_the_same_in_other_processes_whatever_the_hash_seed():
    here = {g: daily.new_match(g, DAY).state.to_text() for g in daily.DAILY}
    code = (
        "import datetime, json; from game.learn import daily; "
        "d = datetime.date(2026, 11, 27); "
        "print(json.dumps({g: daily.new_match(g, d).state.to_text() for g in daily.DAILY}))"
    )
    for hash_seed in ("1", "977"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed, "SDL_VIDEODRIVER": "dummy"}
        out = subprocess.run(
            [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
        )
        assert out.returncode == 0, out.stderr
        assert json.loads(out.stdout) == here


def test_each_day_of_a_year_has_its_own_deal():
    for game_id in daily.DAILY:
        seeds = {daily.seed_for(game_id, day(n)) for n in range(366)}
        assert len(seeds) == 366
    texts = {daily.new_match("golf", day(n)).state.to_text() for n in range(3)}
    assert len(texts) == 3
    assert daily.seed_for("golf", DAY) != daily.seed_for("cooperative", DAY)


def test_only_the_solitaire_games_deal_a_daily_with_their_solo_options():
    assert set(daily.DAILY) == {"cooperative", "golf"}
    assert daily.new_match("cooperative", DAY).options["mode"] == "solitaire"
    assert daily.new_match("golf", DAY).options["players"] == 1
    with pytest.raises(ValueError, match="no deal of the day"):
        daily.new_match("chess", DAY)


# -- results and streaks -----------------------------------------------------------------------
def test_a_daily_result_counts_apart_from_free_play():
    match = golf_daily(0)
    outcome = daily.record_match(match, on=day(0))
    assert outcome.counted and outcome.day == "2026-11-27"
    # The first daily result beats nothing: not called a new best.
    assert records.NEW_BEST not in outcome.words()
    assert "Your first daily result" in outcome.words()
    assert "Days played in a row: 1 day" in outcome.words()
    # Nothing of it in free play: no best per mode, no games played.
    assert records.record_match(match) is None
    assert stats.record_match(match) is None
    assert stats.figures("golf") == stats.Figures()
    assert daily.figures("golf", day(0)).played == 1


def test_days_in_a_row_make_a_streak_and_a_missed_day_breaks_it():
    for n in (0, 1, 2):
        daily.record_match(golf_daily(n), on=day(n))
    assert daily.figures("golf", day(2)).streak == 3
    assert daily.figures("golf", day(3)).streak == 3  # today's not played yet: still alive
    assert daily.figures("golf", day(4)).streak == 0  # a whole day missed
    outcome = daily.record_match(golf_daily(5), on=day(5))
    assert (outcome.now.streak, outcome.now.best_streak) == (1, 3)
    assert "Days played in a row: 1 day (best 3 days)." in outcome.words()


def test_the_same_days_deal_twice_counts_once():
    first = daily.record_match(golf_daily(0), on=day(0))
    again = daily.record_match(golf_daily(0), on=day(0))
    assert first.counted and not again.counted
    assert again.words().startswith("You played the deal of 2026-11-27 before")
    figures = daily.figures("golf", day(0))
    assert (figures.played, figures.streak) == (1, 1)


def test_a_replayed_deal_is_free_play_on_the_same_seed():
    match = golf_daily(0)
    daily.record_match(match, on=day(0))
    replay = daily.replay_of(match)
    assert replay.daily is None
    assert (replay.seed, replay.options) == (match.seed, match.options)
    assert replay.state.to_text() == match.initial_state().to_text()
    played_through(replay)
    assert daily.record_match(replay, on=day(0)) is None
    assert stats.record_match(replay).played == 1
    assert daily.figures("golf", day(0)).played == 1


def test_a_deal_finished_with_undo_takes_its_day_uncounted():
    daily.record_match(golf_daily(0), on=day(0))
    match = daily.new_match("golf", day(1))
    seat = match.to_act()[0]
    match.play({seat: think_now("easy", match.state, seat)})
    match.undo()
    outcome = daily.record_match(played_through(match), on=day(1))
    assert not outcome.counted and "with undo: not counted" in outcome.words()
    assert daily.figures("golf", day(1)).streak == 0  # the run of counted days ended
    # The day is taken: its deal played again fresh does not count either.
    assert not daily.record_match(golf_daily(1), on=day(1)).counted


def test_the_best_daily_score_keeps_its_day():
    kept = stats.load()
    kept["daily"]["golf"] = {
        "days": {
            "2026-11-20": {"score": 2, "points": 0.0, "lower_is_better": True},
            "2026-11-21": {"score": -1, "points": 1.0, "lower_is_better": True},
            "2026-11-22": {"score": -1, "points": 1.0, "lower_is_better": True},
        },
        "best_streak": 3,
    }
    stats.store(kept)
    figures = daily.figures("golf", datetime.date(2026, 11, 30))
    assert figures.best == records.Best(-1, "2026-11-21")  # lower is better; the first made
    assert (figures.streak, figures.best_streak, figures.won) == (0, 3, 2)


# -- saves --------------------------------------------------------------------------------------
def test_a_saved_daily_game_comes_back_as_the_daily():
    match = daily.new_match("cooperative", DAY)
    back = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert back.daily == "2026-11-27" and back.seed == match.seed
    assert "daily" not in daily.replay_of(match).to_dict()
    bad = {**match.to_dict(), "daily": "2026-02-30"}
    with pytest.raises(SaveError, match="day of its deal of the day"):
        Match.from_dict(bad)


# -- the file ----------------------------------------------------------------------------------
def test_a_damaged_statistics_file_is_set_aside_and_the_result_kept():
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    outcome = daily.record_match(golf_daily(0), on=day(0))
    assert outcome.counted
    assert path.with_name("stats.json.bad").read_text(encoding="utf-8") == "{not json"
    assert "2026-11-27" in json.loads(path.read_text(encoding="utf-8"))["daily"]["golf"]["days"]


def test_nonsense_entries_are_dropped_one_by_one():
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    days = {
        "2026-11-20": {"score": 1, "points": 1.0},
        "2026-13-01": {"score": 1, "points": 1.0},
        "2026-11-21": {"score": "many", "points": 1.0},
    }
    games = {"chess": {"played": 3, "won": -2, "lost": True}}
    path.write_text(json.dumps({"format": 1, "games": games, "daily": {"golf": {"days": days}}}))
    assert list(daily.figures("golf", DAY).days) == ["2026-11-20"]
    assert stats.figures("chess") == stats.Figures(played=3)


def test_a_newer_versions_file_is_read_and_never_written_over():
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    newer = {
        "format": 99,
        "daily": {"golf": {"days": {"2026-11-26": {"score": 0, "points": 1.0}}}},
        "what": "the newer version keeps this",
    }
    path.write_text(json.dumps(newer), encoding="utf-8")
    outcome = daily.record_match(golf_daily(0), on=day(0))
    assert outcome.now.streak == 2  # yesterday's from the newer file, and today's
    assert json.loads(path.read_text(encoding="utf-8")) == newer


# -- the free-play statistics ------------------------------------------------------------------
def chess(players: list[str], end: str) -> Match:
    """A game of chess ended at once (each its own seed: a game is told
    from another by its seed and steps, records.end_digest)."""
    match = Match("chess", None, None, players)
    if end == "draw":
        match.agree_draw()
    else:
        match.resign(1 if end == "white" else 0)
    return match


def test_won_drawn_lost_and_the_streak_of_wins():
    person = ["human", "computer:easy"]
    for end in ("white", "white", "draw", "white", "black"):
        stats.record_match(chess(person, end))
    figures = stats.figures("chess")
    assert figures == stats.Figures(
        played=5, won=3, drawn=1, lost=1, between=0, streak=0, best_streak=2
    )


def test_a_game_counts_once_and_between_people_neither_wins_nor_loses():
    match = chess(["human", "computer:easy"], "white")
    stats.record_match(match)
    stats.record_match(match)  # the same end reached again
    stats.record_match(chess(["human", "human"], "white"))
    figures = stats.figures("chess")
    assert (figures.played, figures.won, figures.between) == (2, 1, 1)


def test_assisted_and_computer_games_stay_out():
    helped = Match("chess", None, 1, ["human", "computer:easy"])
    helped.play({0: helped.state.parse_action("e4", 0)})
    helped.undo()
    helped.resign(1)
    assert stats.record_match(helped) is None
    assert stats.record_match(chess(["computer:easy", "computer:easy"], "white")) is None
    assert stats.figures("chess") == stats.Figures()


# -- verify ----------------------------------------------------------------------------------------
@pytest.mark.slow  # fast cover: the seed and deal tests above
def test_verify_plays_days_of_deals_through():
    report = daily.verify(days=2, start=DAY)
    assert report == {"cooperative": (2, []), "golf": (2, [])}


def test_verify_names_a_deal_that_does_not_end(monkeypatch):
    monkeypatch.setattr(daily, "VERIFY_STEPS", 3)
    monkeypatch.setattr(daily, "DAILY", {"golf": daily.DAILY["golf"]})
    played, problems = daily.verify(days=1, start=DAY)["golf"]
    assert played == 0 and problems == ["2026-11-27: not over after 3 steps"]


def test_the_pages_rows_give_each_modes_best_with_its_date_and_the_daily_apart():
    options = daily.options_for("golf")
    records.record("golf", options, 2, lower_is_better=True, today=DAY)
    rows = stats.rows("golf")
    at = rows.index(("Best score", "2 (2026-11-27)"))
    assert rows[at + 1] == ("", "Players: 1, Holes: 9, Cards per hole: two cards")
    daily.record_match(golf_daily(0), on=day(0))
    shown = dict(daily.rows("golf", day(0)))
    assert shown["Days played"] == "1" and shown["Days in a row"] == "1 day"
    assert dict(daily.rows("golf", day(2)))["Today"] == "not played yet"
    assert dict(daily.rows("golf", day(2)))["Days in a row"] == "0 days"


def test_a_finished_deal_of_the_day_cannot_be_taken_back():
    over = golf_daily(0)
    assert over.can_undo and not daily.may_undo(over)
    free = played_through(Match("golf", over.options, over.seed, players=over.players))
    assert daily.may_undo(free)  # free play may look back after the end


def test_a_game_without_scores_has_no_best_score_row_and_streaks_say_what_they_count():
    names = [name for name, _ in stats.rows("maces")]
    assert "Best score" not in names  # won or lost, never scored
    assert "Wins in a row" in names and "Current streak" not in names
    assert "Days in a row" in dict(daily.rows("golf", day(0)))


def test_the_page_shows_a_dash_for_no_best_and_counts_the_deals_not_counted():
    assert ("Best score", stats.NONE_YET) in stats.rows("golf")  # free play, none yet
    assert dict(daily.rows("golf", day(0)))["Best score"] == stats.NONE_YET
    assert dict(daily.rows("golf", day(0)))["Not counted"] == "0 deals"
    helped = daily.new_match("golf", day(0))
    helped.assists.add("hint")
    daily.record_match(played_through(helped), on=day(0))
    quit = daily.new_match("golf", day(1))
    quit.resign(0)
    daily.record_match(quit, on=day(1))
    rows = daily.rows("golf", day(1))
    at = rows.index(("Not counted", "2 deals"))
    assert rows[at + 1] == ("", "1 with help or dealt again, 1 quit")
    daily.record_match(golf_daily(2), on=day(2))
    assert dict(daily.rows("golf", day(2)))["Not counted"] == "2 deals"


def test_a_first_daily_result_of_nothing_is_not_a_new_best():
    """Ended at once (Cooperative: the captures so far, none): a result,
    but nothing was beaten."""
    match = daily.new_match("cooperative", day(0))
    match.resign(0)
    words = daily.record_match(match, on=day(0)).words()
    assert records.NEW_BEST not in words and "first daily result" in words


def test_a_daily_result_better_than_an_earlier_one_is_a_new_best():
    from game.engine.pieces import Piece

    first = daily.new_match("cooperative", day(0))
    first.resign(0)  # 0 captures
    daily.record_match(first, on=day(0))
    better = daily.new_match("cooperative", day(1))
    better.state.captured.append(Piece(1, "pawn"))
    better.resign(0)  # 1 capture
    words = daily.record_match(better, on=day(1)).words()
    assert words.startswith(records.NEW_BEST) and "Your best was 0 (2026-11-27)" in words


def test_a_round_quit_takes_its_day_with_no_result():
    daily.record_match(golf_daily(0), on=day(0))
    match = daily.new_match("golf", day(1))
    match.resign(0)  # "Quit round": no score
    outcome = daily.record_match(match, on=day(1))
    assert not outcome.counted and outcome.words().startswith(
        "Deal of the day 2026-11-28: no result."
    )
    figures = daily.figures("golf", day(1))
    assert (figures.played, figures.streak, figures.best) == (
        2,
        0,
        daily.figures("golf", day(0)).best,
    )
    assert dict(daily.rows("golf", day(1)))["Today"] == "quit"


def test_undo_and_redo_to_the_end_of_a_counted_deal_tell_what_stands():
    match = golf_daily(0)
    first = daily.record_match(match, on=day(0))
    match.undo()
    match.redo()
    again = daily.record_match(match, on=day(0))
    assert again.assisted == ("undo",) and not again.counted
    assert again.words().startswith(
        f"You played the deal of 2026-11-27 before: your result {records.plain(first.score)} stands"
    )
    assert daily.figures("golf", day(0)).streak == 1


# -- a started deal is resumed, or marked (hostile review 29, finding 1) -----------------------
def steps(match: Match, n: int) -> Match:
    """``n`` steps of the weakest computer's, each noted as the window does."""
    for _ in range(n):
        seat = match.to_act()[0]
        match.play({seat: think_now("easy", match.state, seat)})
        daily.note_progress(match)
    return match


@pytest.fixture
def on_day(monkeypatch):
    monkeypatch.setattr(daily, "today", lambda: DAY)


def test_todays_deal_goes_on_from_the_autosave_and_a_fresh_deal_is_a_restart(on_day):
    match, note = daily.deal_today("golf")
    assert note is None and daily.on_open(match) is None
    steps(match, 4)
    autosaved = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    resumed, note = daily.deal_today("golf", autosaved)
    assert resumed is autosaved and note is None and daily.on_open(resumed) is None
    assert not resumed.assists and len(resumed.records) == 4
    # The autosave is gone (another game took its place): dealt again, marked.
    again, note = daily.deal_today("golf", None)
    assert again.assists == {"restart"} and "will not count" in note
    outcome = daily.record_match(played_through(again), on=DAY)
    assert not outcome.counted and "with a fresh deal: not counted" in outcome.words()
    assert daily.figures("golf", DAY).streak == 0
    assert dict(daily.rows("golf", DAY))["Today"] == "finished with help"


def test_an_earlier_save_of_a_started_deal_does_not_count(on_day):
    match, _ = daily.deal_today("golf")
    daily.on_open(match)
    steps(match, 2)
    saved = json.loads(json.dumps(match.to_dict()))
    steps(match, 3)
    latest = json.loads(json.dumps(match.to_dict()))
    assert dict(daily.rows("golf", DAY))["Today"] == "started, not finished"
    assert daily.figures("golf", DAY).played == 0
    back = Match.from_dict(latest)  # the autosave: as far as it went
    assert daily.on_open(back) is None and not back.assists
    earlier = Match.from_dict(saved)
    assert "played further than this save" in daily.on_open(earlier)
    assert earlier.assists == {"rewind"}
    again = Match.from_dict(json.loads(json.dumps(earlier.to_dict())))
    assert again.assists == {"rewind"}  # the mark is saved with it
    outcome = daily.record_match(played_through(earlier), on=DAY)
    assert not outcome.counted and "with an earlier save: not counted" in outcome.words()


def test_a_started_deal_finished_counts(on_day):
    match, _ = daily.deal_today("golf")
    daily.on_open(match)
    outcome = daily.record_match(played_through(steps(match, 3)), on=DAY)
    assert outcome.counted and outcome.now.played == 1 and outcome.now.streak == 1


# -- a save's claim to be a day's deal is checked (finding 2) ----------------------------------
def false_claims() -> dict[str, Match]:
    """Matches that say they are a day's deal, each the genuine one but for
    one thing (read back from their saves, as an edited save would be)."""
    golf = daily.options_for("golf")
    real = daily.seed_for("golf", DAY)
    out = {}
    for name, (game_id, options, seed, day_text) in {
        "another seed": ("golf", golf, 12345, DAY.isoformat()),
        "other settings": ("golf", {"players": 2}, real, DAY.isoformat()),
        "a game with no deal": ("chess", {}, 1, DAY.isoformat()),
        "a day to come": ("golf", golf, daily.seed_for("golf", day(1)), day(1).isoformat()),
        "another day's deal": ("golf", golf, real, day(-1).isoformat()),
        "the first day there is": ("golf", golf, real, "0001-01-01"),
        "the last day there is": ("golf", golf, real, "9999-12-31"),
    }.items():
        match = Match(game_id, options, seed, None)
        match.daily = day_text
        out[name] = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    return out


@pytest.mark.parametrize("name", list(false_claims()))
def test_a_false_claim_to_be_a_days_deal_is_refused(name):
    daily.record_match(golf_daily(-1), on=DAY)
    path = stats.stats_path()
    kept = path.read_text(encoding="utf-8")
    match = false_claims()[name]
    outcome = daily.record_match(played_through(match), on=DAY)
    assert outcome is not None and not outcome.counted
    assert outcome.words().startswith(f"Not counted as the deal of {match.daily}: ")
    assert records.NEW_BEST not in outcome.words()
    assert path.read_text(encoding="utf-8") == kept  # nothing written
    claimed = false_claims()[name]
    note = daily.on_open(claimed, on=DAY)
    assert "it is played as free play" in note and claimed.daily is None
    assert path.read_text(encoding="utf-8") == kept


def test_the_genuine_deal_is_no_false_claim():
    for game_id in daily.DAILY:
        for n in (-400, -1, 0):
            match = Match.from_dict(
                json.loads(json.dumps(daily.new_match(game_id, day(n)).to_dict()))
            )
            assert daily.claim_problem(match, DAY) is None


# -- one odd date does not break the statistics (finding 3) -------------------------------------
EDGE_DAYS = ("0001-01-01", "0001-01-02", "9999-12-30", "9999-12-31")
ENTRIES = (
    {"score": 3, "points": 1.0, "lower_is_better": True},
    {"assisted": True},
    {"quit": True},
    {"started": True, "steps": 4},
)


@pytest.mark.parametrize("edge", EDGE_DAYS)
@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: "/".join(e))
def test_any_date_the_file_may_hold_leaves_the_figures_standing(edge, entry):
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    days = {edge: entry, "2026-11-26": ENTRIES[0]}
    games = {"golf": {"played": 2, "won": 1, "lost": 1}}
    path.write_text(json.dumps({"format": 1, "games": games, "daily": {"golf": {"days": days}}}))
    kept = edge not in ("0001-01-01", "9999-12-31")  # a day either side of it exists
    assert (edge in daily.figures("golf", DAY).days) == kept
    assert dict(daily.rows("golf", DAY))["Days in a row"] == "1 day"
    assert dict(stats.rows("golf"))["Played"] == "2"
    outcome = daily.record_match(golf_daily(0), on=DAY)
    assert outcome.counted and "Days played in a row: 2 days" in outcome.words()
    assert (edge in json.loads(path.read_text())["daily"]["golf"]["days"]) == kept


# -- a newer version's file (finding 4) ---------------------------------------------------------
def test_a_result_a_newer_file_keeps_out_claims_no_best_and_no_streak():
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 2, "games": {}, "daily": {}}), encoding="utf-8")
    outcome = daily.record_match(golf_daily(0), on=day(0))
    words = outcome.words()
    assert not outcome.counted and "not kept" in words and "newer version" in words
    assert records.NEW_BEST not in words and "streak" not in words


# -- streaks longer than the days kept, and counts that do not add up (finding 6) -------------
def test_a_streak_goes_on_past_the_days_the_file_keeps(monkeypatch):
    monkeypatch.setattr(stats, "KEEP_DAYS", 3)
    for n in range(7):
        outcome = daily.record_match(golf_daily(n), on=day(n))
    assert len(outcome.now.days) == 3
    assert (outcome.now.streak, outcome.now.best_streak) == (7, 7)
    assert daily.figures("golf", day(7)).streak == 7  # read back from the file
    daily.record_match(golf_daily(9), on=day(9))  # a day missed: a new run
    daily.record_match(golf_daily(10), on=day(10))
    daily.record_match(golf_daily(11), on=day(11))
    figures = daily.figures("golf", day(11))
    assert (figures.streak, figures.best_streak) == (3, 7)


@pytest.mark.parametrize(
    "counts",
    [
        {"played": 1, "won": 3, "between": 2},
        {"played": 2, "won": 3},
        {"played": 0, "lost": 4},
        {"played": 3, "between": 3, "drawn": 1},
    ],
)
def test_shares_never_go_below_nothing_or_beyond_all(counts):
    path = stats.stats_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"format": 1, "games": {"chess": counts}}))
    for name, value in stats.rows("chess")[1:4]:
        share = value.partition("(")[2].rstrip("%)")
        assert "-" not in value and (share == "" or 0 <= int(share) <= 100), (name, value)
