"""``python -m game --review`` as people read it: each step numbered by the
side that took it ("1." White's, White's card steps too; "1..." the
others'), an unknown evaluation a dash, never a "?" that reads as a mark,
and a game with no analysis says so before it asks for a seat."""

from __future__ import annotations

import json

from game import saves
from game.__main__ import main
from game.ai.analysis import Review, StepReview, review_lines
from game.games import REGISTRY, load_all
from game.match import Match

load_all()


def test_each_step_is_numbered_by_the_side_that_took_it_and_no_evaluation_is_a_dash():
    steps = [
        StepReview(0, "h4", 0.3, (), "", 1, 0),
        StepReview(1, "P@e2", -0.3, (), "", 1, 0),  # White's card step
        StepReview(2, "f6", -1.0, (), "", 1, 1),
        StepReview(3, "return@front", None, (), "only move", 2, 1),
    ]
    result = Review("tar_pit", "White", "pawns", 10, False, 0, steps=steps)
    rows = [r.split() for r in review_lines(result, REGISTRY["tar_pit"])[3:]]
    assert [r[:2] for r in rows] == [
        ["1.", "h4"],
        ["1.", "P@e2"],
        ["1...", "f6"],
        ["2...", "return@front"],
    ]
    assert rows[3][2] == "–" and "?" not in rows[3]


def test_a_game_with_no_analysis_says_so_before_asking_for_a_seat(tmp_path, capsys):
    match = Match("golf", {"players": 2}, 1)
    match.play({s: match.state.legal_actions(s)[0] for s in match.to_act()})
    assert not match.is_over() and saves.has_secrets(match.game)
    path = tmp_path / "golf.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    assert main(["--review", str(path)]) == 0
    out = capsys.readouterr()
    assert out.out.startswith("No analysis of Chess Golf") and out.err == ""
