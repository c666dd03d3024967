"""The analysis after a game (game/ai/analysis.py) and ``--review``: on
small positions written as diagrams, a step that hangs the queen is "??"
with a better step named, a forced line gets no mark, the same game gets
the same marks twice, and the command line prints it or says why not.
Node budgets are tiny: the marks need only see a capture or a short mate."""

from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.ai.analysis import (
    SKIPPED,
    eval_text,
    legend,
    mark_for,
    review,
    review_lines,
    thresholds_for,
)
from game.games import REGISTRY
from game.match import Match
from tests.helpers import conformance
from tests.helpers.chess_diagrams import QUIET_MATE_IN_TWO, fen_of
from tests.helpers.tiers import sweep

NODES = 1500

#: White's queen is free to roam; d5 is guarded by the e6 pawn.
QUEEN_AND_PAWN = """
    k . . . . . . .
    . . . . . . . .
    . . . . p . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . Q . . . K
"""


def chess_match(diagram: str, *moves: str, to_move: str = "w") -> Match:
    match = Match("chess", seed=1, start=fen_of(diagram, to_move=to_move))
    for text in moves:
        state = match.state
        seat = state.to_act()[0]
        match.play({seat: state.parse_action(text, seat)})
    return match


def test_a_step_that_hangs_the_queen_is_a_blunder_with_the_better_step_named():
    match = chess_match(QUEEN_AND_PAWN, "Qd5", "exd5")
    result = review(match, nodes=NODES)
    queen, capture = result.steps
    assert queen.mark == "??"
    (choice,) = queen.choices
    assert choice.best is not None and choice.best != "Qd5"
    assert choice.loss >= thresholds_for("chess")[2]
    assert queen.eval is not None and queen.eval < 0  # White's side: only a Black pawn left
    assert capture.mark == ""  # taking the queen is the best Black has


def test_a_forced_mate_gets_no_mark_and_ends_on_the_win():
    # Ra6!! bxa6 b7#: every step is the best there was (Black's all lose).
    match = chess_match(QUIET_MATE_IN_TWO, "Ra6", "bxa6", "b7#")
    result = review(match, nodes=NODES)
    assert [s.mark for s in result.steps] == ["", "", ""]
    assert eval_text(result.steps[-1].eval) == "+#"
    assert result.full  # the game is over


def test_a_step_with_no_other_choice_is_not_judged():
    # Black's king on h8 behind its h7 pawn: after Ra8+ only Kg7 is legal.
    diagram = """
        . . . . . . . k
        . . . . . . . p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . . . K .
    """
    match = chess_match(diagram, "Ra8+", "Kg7")
    step = review(match, nodes=NODES).steps[1]
    assert step.choices == () and step.note == "only move" and step.mark == ""


def random_match(game_id: str, steps: int, seed: int = 3) -> Match:
    return conformance.random_match(game_id, seed, steps)


def test_the_same_game_gets_the_same_marks_twice():
    match = random_match("chess", 4)
    first, second = review(match, nodes=200), review(match.replayed(), nodes=200)
    assert first.steps == second.steps
    assert any(s.choices for s in first.steps)


def test_a_simultaneous_step_judges_each_side_against_its_own_best_the_same_twice():
    match = random_match("synchronous", 2)
    steps = review(match, nodes=200).steps
    assert steps == review(match.replayed(), nodes=200).steps
    together = [s for s in steps if len(s.choices) == 2]
    assert together, "Synchronous's moves are made together"
    for step in together:
        assert sorted(c.seat for c in step.choices) == [0, 1]
        for c in step.choices:
            assert c.best != c.played
            assert c.loss == 0.0 if c.best is None else c.best_value > c.value


def test_a_game_still_going_is_searched_from_the_viewers_view_only():
    match = random_match("tar_pit", 4)
    assert not match.is_over()
    going = review(match, viewer=0, nodes=200)
    assert not going.full and going.viewer == 0
    assert "view only" in review_lines(going, match.game)[1]


def test_a_finished_game_is_searched_with_everything_revealed_and_says_so():
    match = random_match("tar_pit", 3)
    match.resign(match.to_act()[0])
    done = review(match, nodes=100)
    assert done.full and done.viewer is None
    assert "everything revealed" in review_lines(done, match.game)[1]
    assert done.steps[-1].note == "resignation"


def test_everything_revealed_is_said_only_where_something_was_hidden():
    for game_id, hides in (("chess", False), ("maces", False), ("tar_pit", True)):
        match = random_match(game_id, 2)
        match.resign(match.to_act()[0])
        done = review(match, nodes=30)
        words = " ".join(review_lines(done, match.game)[:2]) + done.how()
        assert ("everything revealed" in words) == hides, game_id


def test_each_game_says_its_evaluations_in_its_own_unit():
    units = {g: review(random_match(g, 1), nodes=10).unit for g in ("chess", "tulaga", "golf")}
    assert units == {"chess": "pawns", "tulaga": "score", "golf": "points"}
    assert legend("tulaga").endswith("score or more lost against the best step")
    assert "pawns" not in legend("tulaga")


def test_games_whose_computer_does_not_search_are_declared_and_skipped():
    assert set(SKIPPED) <= set(REGISTRY)
    match = random_match("golf", 2)
    result = review(match)
    assert result.skipped and result.steps == []
    assert review_lines(result, match.game)[0].startswith("No analysis of Chess Golf")


def test_marks_follow_the_thresholds():
    low, mid, high = thresholds_for("chess")
    assert mark_for(low - 0.01, (low, mid, high)) == ""
    assert mark_for(low, (low, mid, high)) == "?!"
    assert mark_for(mid, (low, mid, high)) == "?"
    assert mark_for(high + 5, (low, mid, high)) == "??"


# -- python -m game --review ---------------------------------------------------------
def test_review_prints_one_line_per_step(tmp_path, capsys, monkeypatch):
    match = chess_match(QUEEN_AND_PAWN, "Qd5", "exd5")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    monkeypatch.setattr("game.ai.analysis.budget_for", lambda game_id: _Budget(NODES))
    assert main(["--review", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(f"Analysis of Chess: {NODES} search nodes")
    assert len(lines) == 3 + 2
    assert lines[2] == "Marks: ?! 0.6, ? 1.2, ?? 2.5 pawns or more lost against the best step."
    assert "Qd5" in lines[3] and "??" in lines[3] and "best:" in lines[3]
    assert lines[4].split()[:2] == ["1...", "exd5"]


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.nodes = nodes


@pytest.mark.parametrize(
    "content, words",
    [
        (None, "not there any more"),
        ('{"game": ', "damaged or cut short"),
        ('{"game": "chess", "actions": [{"0": "e5"}]}', "cannot review"),
    ],
)
def test_review_of_a_bad_save_says_why_in_a_line(tmp_path, capsys, content, words):
    path = tmp_path / "bad.json"
    if content is not None:
        path.write_text(content, encoding="utf-8")
    assert main(["--review", str(path)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert words in captured.err and "Traceback" not in captured.err
    assert len(captured.err.strip().splitlines()) == 1


# Every game, finished and still going: the review judges or declares, never
# fails, and writes a line per step. The RULES_SAMPLE games in the fast tier
# (chess, maces, mulligan_stew, tulaga, zombie, synchronous, golf, telepathic,
# cooperative) are the fast cover of the rest.
@pytest.mark.parametrize("game_id", sweep(sorted(REGISTRY)))
def test_every_game_is_reviewed_or_declared_with_a_line_per_step(game_id):
    going = random_match(game_id, 4, seed=5)
    finished = random_match(game_id, 4, seed=5)
    if not finished.is_over():
        finished.resign(finished.to_act()[0])
    for match in (going, finished):
        result = review(match, viewer=0, nodes=60)
        lines = review_lines(result, match.game)
        if game_id in SKIPPED:
            assert result.skipped and len(lines) == 1
        else:
            assert len(lines) == 3 + len(match.records)
            assert result.full == match.is_over()
