"""The check mark of every step tells the position after it (reviewer's
report: Synchronous wrote "a6+" for a move whose check the other side's
move, played with it, took away; Tar Pit wrote a mate by a tarred rook
freed on the far rank without "#"; Telepathic wrote "#" for a mate that a
removal, due in the same step, may still undo).

The whole class: over random games of every game with check (the chess
core's check legality: the games without check write no mark), each
move's written mark is "+" exactly when, after the whole step (every
seat's part of a simultaneous step, the automatic parts of the turn), the
mover's opponent's king is attacked, and "#" exactly when the step won
with that king attacked (mate; "+" only in games without check). The
position is the real one but in Zombie, which judges as the mover knows
it (its view: the other side's graves are not told). Steps that are not moves (cards, gifts,
removals) carry no mark and are not judged here.

Why the suite missed it: the round trip (tests/test_notation_roundtrip.py)
reads texts without their marks, and only Adrenaline and Zombie had tests
of their own marks."""

from __future__ import annotations

import random

import pytest
from helpers import tiers

from game.engine.chess import ChessState, Move
from game.engine.chess.san import check_mark
from game.games import load_all
from game.learn.lessons import lesson_files, play_line
from game.learn.lessons import load as load_lessons
from game.match import Match


def has_check(game) -> bool:
    state = game.new()
    return isinstance(state, ChessState) and state.legality == "check"


WITH_CHECK = sorted(g for g, game in load_all().items() if has_check(game))
# Adrenaline marks the step that ends the piece's movement ("stop+"): a
# move while the movement goes on (phase "s", king steps to come) has none.
MOVEMENT_GOES_ON = {"adrenaline": "s"}
# Zombie judges a move as its mover knows the position (the other side's
# graves are secret: a zombie of theirs rising in the way is not told).
AS_THE_MOVER_KNOWS = ("zombie",)
STEPS = 160
SEEDS = (1, 2, 3)
EVERY = 4  # every fourth position: all its moves


def expected_mark(game_id: str, before, actions, seat) -> str:
    """The mark ``seat``'s move in the step ``actions`` should carry."""
    side = before.game.side_of(seat)
    after = before.view(seat) if game_id in AS_THE_MOVER_KNOWS else before.copy()
    after._apply(actions)
    if game_id in MOVEMENT_GOES_ON and after.phase == MOVEMENT_GOES_ON[game_id]:
        return ""
    return check_mark(after, side)


def mark_of(text: str) -> str:
    return text[len(text.rstrip("+#")) :]


# Chess and moves made together (Synchronous) fast; the other games slow.
@pytest.mark.parametrize("game_id", tiers.sweep(WITH_CHECK, ("chess", "synchronous")))
def test_every_move_is_marked_as_the_position_after_its_step(game_id):
    """Every EVERY-th position: each legal move of a seat acting alone,
    as the record of that step would write it; every step played, as its record keeps it
    (a simultaneous step's marks are the record's)."""
    marked = set()
    for seed in SEEDS:
        rng = random.Random(seed)
        match = Match(game_id, seed=seed)
        while not match.is_over() and len(match.records) < STEPS:
            before = match.state
            acting = before.to_act()
            if len(acting) == 1 and len(match.records) % EVERY == 0:
                (seat,) = acting
                for action in before.legal_actions(seat):
                    if isinstance(action, Move):
                        text = before.step_notation({seat: action})[seat]
                        marked.add(judge(game_id, before, {seat: action}, seat, text))
            actions = {s: rng.choice(before.legal_actions(s)) for s in acting}
            judged = before.copy()
            match.play(actions)
            written = match.records[-1].step
            for seat, action in actions.items():
                if isinstance(action, Move):
                    marked.add(judge(game_id, judged, actions, seat, written[seat]))
    assert marked - {""}, "no mark was put to the test"


def judge(game_id: str, before, actions, seat, text: str) -> str:
    """``text``'s mark, asserted to be the one the position after asks."""
    got, want = mark_of(text), expected_mark(game_id, before, actions, seat)
    assert got == want, (
        f"{game_id}: {text!r} (step {actions}) is marked {got!r}, the position after "
        f"asks {want!r}: {before.to_text()!r}"
    )
    return got


def wrong_marks(text: str) -> str:
    """``text`` with its mark turned into a wrong one (as older saves may
    hold them): a mark dropped, "+" where there was none."""
    return text.rstrip("+#") if mark_of(text) else text + "+"


@pytest.mark.parametrize("game_id", ["synchronous", "tar_pit"])
def test_saves_with_the_old_wrong_marks_still_load_and_are_written_right(game_id):
    """Texts are read without their marks: a save whose marks are wrong
    loads, replays to the same position, and its steps are written again
    with the marks of the rule."""
    for seed in SEEDS:
        rng = random.Random(seed)
        match = Match(game_id, seed=seed)
        while not match.is_over() and len(match.records) < 60:
            acting = match.state.to_act()
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in acting})
        saved = match.to_dict()
        right = [dict(step) for step in saved["actions"]]
        saved["actions"] = [
            {
                key: wrong_marks(text) if isinstance(record.actions[int(key)], Move) else text
                for key, text in step.items()
            }
            for step, record in zip(right, match.records, strict=True)
        ]
        assert saved["actions"] != right
        loaded = Match.from_dict(saved)
        assert loaded.state.to_text() == match.state.to_text()
        assert [dict(step) for step in loaded.to_dict()["actions"]] == right


def test_lesson_answers_carry_the_marks_the_rules_write():
    """A lesson's answer line shows the learner the marks of the rule: each
    step written with the marks its record would have (the texts are read
    without marks, so a lying mark would pass every other check)."""
    for path in lesson_files():
        for lesson in load_lessons(path.stem):
            for line in lesson.answers:
                for (before, step), text in zip(play_line(lesson.start(), line), line, strict=True):
                    written = before.step_notation(step)
                    marks = [mark_of(t) for _, t in sorted(written.items())]
                    shown = [mark_of(part) for part in text.split(" / ")]
                    assert shown == marks, f"{lesson.source}: {text!r} is written {written}"
