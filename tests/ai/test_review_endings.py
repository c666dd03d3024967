"""Every way a game can end is analysed, in the app (``review``) and by
``python -m game --review``: a resignation, a draw agreed, a flag fallen
(a loss, and a draw where the other side cannot win), a result an imported
PGN gave with no reason, and the rules' own end. An ending step is not
judged: its line names the ending and the result, never an evaluation
(an outside reviewer found a game lost on time could not be analysed)."""

from __future__ import annotations

import json
import random

import pytest

from game.__main__ import main
from game.ai.analysis import ENDINGS, review, review_lines
from game.clock import Clock, offers_clock
from game.match import Match
from tests.helpers.chess_diagrams import QUIET_MATE_IN_TWO, fen_of

NODES = 60
#: Games whose rules differ most (tests/helpers/tiers.py RULES_SAMPLE) that
#: have a clock, and Masquerade's secret deal.
SAMPLE = ("chess", "maces", "mulligan_stew", "tulaga", "zombie", "synchronous", "masquerade")

#: White's queen against the bare king: Black's flag is a loss, White's a
#: draw (Black cannot possibly win).
QUEEN_AGAINST_KING = """
    k . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . Q . . . K
"""


def played(game_id: str, steps: int = 3, start: str | None = None, seed: int = 4) -> Match:
    match = Match(game_id, seed=seed, start=start)
    if offers_clock(match.game, match.options):
        match.clock = Clock.new(60.0, 0.0, len(match.game.seats))
    rng = random.Random(seed)
    while not match.is_over() and len(match.records) < steps:
        state = match.state
        match.play({s: rng.choice(list(state.legal_actions(s))) for s in state.to_act()})
    return match


def time_out(match: Match) -> Match:
    seat = match.to_act()[0]
    match.clock.left[seat] = 0.0
    match.flag(seat)
    return match


def endings(game_id: str) -> list[tuple[str, Match]]:
    out = []
    resigned = played(game_id)
    resigned.resign(resigned.to_act()[0])
    agreed = played(game_id)
    agreed.agree_draw()
    given = played(game_id)
    given.record_result("1-0")  # an imported PGN's result with no reason
    out += [("resign", resigned), ("draw", agreed), ("flag", time_out(played(game_id)))]
    return out + [("result", given)]


def check(match: Match, kind: str | None, tmp_path, capsys, monkeypatch) -> list[str]:
    result = review(match, nodes=NODES)
    assert len(result.steps) == len(match.records)
    if kind is not None:
        last = result.steps[-1]
        assert last.note == ENDINGS[kind] and last.choices == ()
    lines = review_lines(result, match.game)
    path = tmp_path / f"{match.game_id}-{kind}.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    monkeypatch.setattr("game.ai.analysis.budget_for", lambda game_id: _Budget(NODES))
    assert main(["--review", str(path)]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and captured.out.splitlines() == lines
    return lines


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.nodes = nodes


# Chess in the fast tier (and the endings' own tests below); the other games
# of the sample, a second or two each, in the slow tier.
@pytest.mark.parametrize(
    "game_id",
    [pytest.param(g, marks=() if g == "chess" else pytest.mark.slow) for g in SAMPLE],
)
def test_every_ending_is_analysed_and_reviewed(game_id, tmp_path, capsys, monkeypatch):
    for kind, match in endings(game_id):
        assert match.is_over()
        lines = check(match, kind, tmp_path, capsys, monkeypatch)
        assert lines[-1].rstrip().endswith(f"({ENDINGS[kind]})")


def test_a_flag_where_the_other_side_cannot_win_is_a_draw_and_reviewed(
    tmp_path, capsys, monkeypatch
):
    match = played("chess", 0, start=fen_of(QUEEN_AGAINST_KING, to_move="w"))
    time_out(match)  # White's flag, Black has a bare king
    assert match.state.result().points[0] == match.state.result().points[1]
    lines = check(match, "flag", tmp_path, capsys, monkeypatch)
    assert "1/2-1/2" in lines[-1] and "-#" not in lines[-1]


def test_a_resignation_shows_the_result_not_a_mate_or_an_agreement(tmp_path, capsys, monkeypatch):
    match = played("chess", 2)
    match.resign(0)
    last = check(match, "resign", tmp_path, capsys, monkeypatch)[-1]
    assert "0-1" in last and "#" not in last and "agreement" not in last
    assert last.endswith("(resignation)")


def test_a_game_the_rules_end_is_analysed_up_to_the_mate(tmp_path, capsys, monkeypatch):
    match = played("chess", 0, start=fen_of(QUIET_MATE_IN_TWO, to_move="w"))
    for text in ("Ra6", "bxa6", "b7#"):
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    assert match.is_over()
    lines = check(match, None, tmp_path, capsys, monkeypatch)
    assert "+#" in lines[-1]


@pytest.mark.parametrize(
    "edit, words",
    [
        (lambda d: d["clock"].update(left=[100.0, 100.0]), "its clock has time left"),
        (lambda d: d.pop("clock"), "the game has no clock"),
    ],
)
def test_a_save_whose_time_out_is_edited_in_is_refused_in_words(tmp_path, capsys, edit, words):
    saved = time_out(played("chess", 2)).to_dict()
    edit(saved)
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    assert main(["--review", str(path)]) == 1
    assert main(["--pgn", str(path)]) == 1  # the same failure, the same exit status
    err = capsys.readouterr().err
    assert "ran out of time" in err and words in err and "Traceback" not in err
