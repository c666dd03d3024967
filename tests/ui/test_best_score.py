"""The game-over window of a score game: the score, its verdict, and how it
stands against the person's best (game/records.py), counted once per
finished game. Played on the solitaire toy ``toy_climb`` through the real
play scene: climbing one or two steps of the track "5, 0, 0, 7" with the
panel's buttons, the numbers landed on adding up to the score."""

from __future__ import annotations

import datetime

import pytest
from helpers import toy_games
from helpers.ui_driver import open_play, press_button, pump

from game import records, saves
from game.games.golf.display.widgets import over_par
from game.match import Match

OPTIONS = {"length": 4, "goal": "high"}


@pytest.fixture(autouse=True)
def toys(monkeypatch):
    toy_games.install(monkeypatch)
    monkeypatch.setattr(toy_games.ClimbGame, "track", [5, 0, 0, 7])


def climb(app, scene, *climbs: int) -> None:
    for n in climbs:
        (button,) = [b for b, c in scene.panel.choice_buttons.items() if c.action == n]
        press_button(app, button)
    pump(app, 3)


def game_over(scene) -> str:
    assert scene.dialogs.game_over is not None and scene.dialogs.game_over.alive()
    return scene.dialogs.game_over_text


def test_the_first_game_sets_the_best_and_the_next_one_is_told_the_best(app):
    today = datetime.date.today().isoformat()
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["human"]))
    climb(app, scene, 1, 1, 1, 1)
    text = game_over(scene)
    assert "<b>12 points</b>" in text  # the verdict
    assert "The top is reached" in text
    assert "Score: 12" in text
    assert "Your first score in this mode" in text and "new best" not in text
    assert records.best("toy_climb", scene.match.options) == records.Best(12, today)

    again = open_play(app, Match("toy_climb", OPTIONS, 2, ["human"]))
    climb(app, again, 2, 2)
    text = game_over(again)
    assert "Score: 7" in text and f"Your best: 12 ({today})" in text
    assert "new best" not in text


@pytest.mark.slow  # fast cover: the first-game best-score test fast
def test_undo_and_redo_to_the_same_end_do_not_count_it_again(app):
    records.record("toy_climb", OPTIONS, 9, today=datetime.date(2026, 11, 20))
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["human"]))
    climb(app, scene, 1, 1, 1, 1)
    first = game_over(scene)
    assert "A new best! Your best was 9 (2026-11-20)." in first
    kept = records.records_path().read_text(encoding="utf-8")
    press_button(app, scene.panel.buttons["undo"])
    assert scene.dialogs.game_over is None and not scene.match.is_over()
    press_button(app, scene.panel.buttons["redo"])
    pump(app, 3)
    assert game_over(scene) == first
    assert records.records_path().read_text(encoding="utf-8") == kept


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_game_between_computers_keeps_no_record(app):
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["computer:random"]))
    for _ in range(2000):
        pump(app, 1)
        if scene.dialogs.game_over is not None:
            break
    text = game_over(scene)
    assert "Score: " in text and "best" not in text
    assert not records.records_path().exists()


def test_the_score_is_shown_even_when_the_record_cannot_be_written(app, monkeypatch):
    def full_disk(*args, **kwargs):
        raise OSError("disk full")

    monkeypatch.setattr(saves, "_atomic_write", full_disk)
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["human"]))
    climb(app, scene, 2, 2)
    text = game_over(scene)
    assert "Score: 7" in text and "best" not in text


@pytest.mark.slow  # fast cover: the first-game best-score test fast
def test_several_seats_show_each_score_and_a_win_or_loss_game_none(app):
    match = Match("toy_line", seed=3, players=["human", "human"])
    while len(match.history) < 7:
        seat = match.state.to_act()[0]
        match.play({seat: match.state.legal_actions(seat)[0]})
    scene = open_play(app, match)
    scene.viewpoint.reveal()
    scene.refresh()
    scene.submit(match.state.to_act()[0], match.state.legal_actions(match.state.to_act()[0])[0])
    pump(app, 30)
    a, b = (int(v) for v in match.state.result().scores)
    text = game_over(scene)
    assert f"White: {a} · Black: {b}" in text
    assert "best" in text  # two people at one screen: the better of their scores counts

    nim = Match("toy_nim", {"heap": 5}, 1, ["human", "human"])
    nim.play({0: 3})
    scene = open_play(app, nim)
    scene.submit(1, 2)
    pump(app, 3)
    text = game_over(scene)
    assert "Score" not in text and "best" not in text


def test_a_score_that_cannot_be_written_is_told_in_words(app, monkeypatch):
    def full_disk(*args, **kwargs):
        raise PermissionError(13, "Permission denied", "records.json.tmp")

    monkeypatch.setattr(records, "record", full_disk)
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["human"]))
    climb(app, scene, 1, 1, 1, 1)
    text = game_over(scene)
    assert "<b>12 points</b>" in text
    assert "This score could not be kept" in text and "Errno" not in text


def test_a_game_with_a_move_taken_back_is_assisted_and_not_counted(app):
    records.record("toy_climb", OPTIONS, 9, today=datetime.date(2026, 11, 20))
    scene = open_play(app, Match("toy_climb", OPTIONS, 1, ["human"]))
    climb(app, scene, 2)
    press_button(app, scene.panel.buttons["undo"])
    climb(app, scene, 1, 1, 1, 1)
    text = game_over(scene)
    assert "Score: 12" in text
    assert "Assisted (undo): not counted for your best. Your best stays 9 (2026-11-20)." in text
    assert "new best" not in text
    assert records.best("toy_climb", OPTIONS) == records.Best(9, "2026-11-20")


@pytest.mark.parametrize(
    "game_id, options", [("cooperative", {"mode": "solitaire"}), ("golf", {"players": 1})]
)
def test_the_best_is_shown_beside_the_running_score_and_the_game_marked_once_helped(
    app, game_id, options
):
    match = Match(game_id, options, 1)
    records.record(game_id, match.options, 3, today=datetime.date(2026, 11, 20))
    seat = match.to_act()[0]
    match.play({seat: match.state.legal_actions(seat)[0]})
    scene = open_play(app, match)
    (board,) = [w for w in scene.widgets if type(w).__name__ in ("ScoreBoard", "ScoreCard")]
    best = "best +3" if game_id == "golf" else "best 3"
    assert board.best == records.Best(3, "2026-11-20")
    assert board.best_words(over_par if game_id == "golf" else None) == best
    press_button(app, scene.panel.buttons["undo"])
    assert board.assisted and board.best_words().endswith("· assisted")
    assert scene.panel.widget_heights == [int(w.height) for w in scene.widgets]


def test_a_typed_start_or_a_game_between_computers_shows_no_best(app):
    records.record("cooperative", {"mode": "solitaire"}, 3, today=datetime.date(2026, 11, 20))
    bots = open_play(app, Match("cooperative", {"mode": "solitaire"}, 1, ["computer:search:1"] * 2))
    assert all(w.best is None for w in bots.widgets)


def test_a_scorecard_that_grows_a_row_once_assisted_is_laid_out_again(app):
    match = Match("golf", {"players": 1}, 1)
    match.play({0: match.state.legal_actions(0)[0]})
    scene = open_play(app, match)
    (card,) = [w for w in scene.widgets if type(w).__name__ == "ScoreCard"]
    before = card.height
    assert card.best is None and not card.best_words()  # no best yet: no Best row
    match.assists.add("hint")  # as a hint shown does (the panel's buttons stay as they are)
    scene.refresh()
    assert card.best_words() == "assisted" and card.height > before
    assert scene.panel.widget_heights == [int(w.height) for w in scene.widgets]
    bottom = max(w.rect.bottom for w in scene.widgets)
    assert card.rect.height == card.height and card.rect.bottom <= bottom
