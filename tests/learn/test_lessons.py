"""Lessons (game/learn/lessons.py): every shipped lesson played through the
rules, the loader on hostile texts, and the tutor's judgement."""

from __future__ import annotations

import re

import pytest
from helpers import tiers

from game.engine import IllegalAction
from game.engine.chess.tables import Move
from game.learn import lessons as L

FILES = L.lesson_files()

# A lesson's position text: Black's king alone, White's rook to mate along
# the back rank (the king's own pawns block it in).
#   8 . . . . . . k .
#   7 . . . . . p p p
#   1 R . . . . . K .
BACK_RANK = "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1"

GOOD = f"""\
# a comment
== Mate in one
position:
    {BACK_RANK}
task: Checkmate in one move.
answer: Ra8#
explain: Back rank.
wrong: Ra7 | Not check.
otherwise: Something else.
"""


def chess_text(*lines: str) -> str:
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_lesson_plays_through_the_rules(path):
    lessons = L.load(path.stem)
    assert L.FEWEST <= len(lessons) <= L.MOST, f"{path.name}: {len(lessons)} lessons"
    problems = [p for lesson in lessons for p in L.check_lesson(lesson)]
    assert problems == []


def test_the_games_built_on_the_rule_texts_examples_have_lessons():
    have = {p.stem for p in FILES}
    assert {"chess", "chess960", "maces", "tulpas", "mulligan_stew", "tulaga"} <= have


def test_verify_counts_and_finds_nothing_wrong_in_shipped_files():
    report = L.verify()
    for path in FILES:
        count, problems = report[path.stem]
        assert (count, problems) == (len(L.load(path.stem)), [])


def test_a_good_lesson_reads_whole():
    (lesson,) = L.read_lessons(GOOD, "chess", "t.txt")
    assert lesson.title == "Mate in one"
    assert lesson.position == BACK_RANK
    assert lesson.answers == (("Ra8#",),)
    assert lesson.wrongs[0].step == "Ra7" and lesson.wrongs[0].words == "Not check."
    assert lesson.otherwise == "Something else."
    assert lesson.source == "t.txt:2"
    assert L.check_lesson(lesson) == []


@pytest.mark.parametrize(
    "text, message",
    [
        (GOOD.replace("== Mate in one", "task: x"), "t.txt:2: a lesson begins with '== <title>'"),
        (
            GOOD.replace("position:\n    " + BACK_RANK + "\n", ""),
            "t.txt:2: lesson 'Mate in one' has no 'position:'",
        ),
        (
            GOOD.replace("position:\n    ", "position: "),
            "t.txt:3: the position goes on the lines below",
        ),
        (GOOD.replace("    " + BACK_RANK, "  " + BACK_RANK), "t.txt:3: 'position:' has no lines"),
        (GOOD.replace("task:", "options: {mode: 1}\ntask:"), "t.txt:5: the options are not JSON"),
        (GOOD.replace("task:", "options: [1]\ntask:"), "t.txt:5: the options are a JSON object"),
        (
            GOOD.replace("task:", 'options: {"speed": 3}\ntask:'),
            "t.txt:5: Chess has no option 'speed'",
        ),
        (
            GOOD.replace("answer: Ra8#", "answer: Ra8# ;; Kh1"),
            "t.txt:6: an answer has an empty step",
        ),
        (GOOD.replace("answer: Ra8#\n", ""), "t.txt:2: lesson 'Mate in one' has no 'answer:'"),
        (GOOD.replace("wrong: Ra7 | Not check.", "wrong: Ra7"), "t.txt:8: a wrong line is"),
        (GOOD.replace("task:", "hint:"), "t.txt:5: a line is '<key>: <value>'"),
        (
            GOOD.replace("explain: Back rank.", "explain: A\nexplain: B"),
            "t.txt:8: 'explain:' is given twice",
        ),
        (GOOD + GOOD, "t.txt: two lessons are called 'Mate in one'"),
        ("==\n", "t.txt:1: a lesson's '==' line gives its title"),
    ],
)
def test_the_loader_names_the_file_and_line_of_a_broken_lesson(text, message):
    with pytest.raises(L.LessonError) as caught:
        L.read_lessons(text, "chess", "t.txt")
    assert str(caught.value).startswith(message)


def test_a_missing_file_is_no_lessons_and_a_bad_game_is_named():
    assert L.load("no_such_game") == []
    with pytest.raises(L.LessonError, match="no game called 'nope'"):
        L.read_lessons(GOOD, "nope", "t.txt")


@pytest.mark.parametrize(
    "change, problem",
    [
        (
            ("answer: Ra8#", "answer: Ra9"),
            "t.txt:6: answer step 1 (Ra9): 'Ra9' is not a legal action",
        ),
        (("answer: Ra8#", "answer: Ra8# ; Kh8"), "t.txt:6: answer step 2 (Kh8): the game is over"),
        (("wrong: Ra7", "wrong: Rb8"), "t.txt:8: wrong step 'Rb8' is not legal"),
        (("wrong: Ra7", "wrong: Ra8"), "t.txt:8: wrong step 'Ra8' is an answer's first step"),
        ((BACK_RANK, "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0"), "t.txt:2: the position:"),
        ((BACK_RANK, "R5k1/5ppp/8/8/8/8/8/6K1 b - - 0 1"), "t.txt:2: the position:"),
    ],
)
def test_the_checker_refuses_what_the_rules_refuse(change, problem):
    (lesson,) = L.read_lessons(GOOD.replace(*change), "chess", "t.txt")
    problems = L.check_lesson(lesson)
    assert len(problems) == 1 and problems[0].startswith(problem), problems


# -- the tutor -------------------------------------------------------------------------------------
# White to move: Ra8 is answered by Black's Rxa8 (the line plays the reply);
# Kf2 is accepted too.
#   8 . . . r . . . k
#   7 . . . . . . p p
#   1 R . . . . . K .
LINE = """\
== Trade and mate
position:
    3r3k/6pp/8/8/8/8/8/R5K1 w - - 0 1
task: Win the back rank.
answer: Ra8 ; Rxa8
answer: Kf2
explain: Done.
wrong: Ra2 | Too timid.
"""


def test_the_tutor_plays_the_reply_and_judges_the_line_right():
    (lesson,) = L.read_lessons(LINE, "chess", "t.txt")
    assert L.check_lesson(lesson) == []
    tutor = L.Tutor(lesson)
    assert tutor.learner_to_act()
    played = tutor.play(tutor.state.parse_action("Ra8"))
    assert [p.before.notation(p.step[s]) for p in played for s in p.step] == ["Ra8", "Rxa8"]
    assert (tutor.verdict, tutor.words) == (L.RIGHT, "Done.")


def test_an_alternative_answer_is_right_too():
    (lesson,) = L.read_lessons(LINE, "chess", "t.txt")
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Kf2"))
    assert tutor.verdict == L.RIGHT


def test_a_wrong_step_gets_its_own_words_or_the_otherwise_words():
    (lesson,) = L.read_lessons(LINE, "chess", "t.txt")
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Ra2"))
    assert (tutor.verdict, tutor.words) == (L.WRONG, "Too timid.")
    with pytest.raises(IllegalAction):
        tutor.play(tutor.state.legal_actions(1)[0])
    tutor.reset()
    tutor.play(tutor.state.parse_action("Ra3"))
    assert (tutor.verdict, tutor.words) == (L.WRONG, L.OTHERWISE)


# White to move: Ra8+ Kh7 (the reply), then the learner's second step Rh8#.
#   8 . . . . . . . k
#   7 . . . . . . p .
#   1 R . . . . . K .
TWO_STEPS = """\
== Two steps
position:
    7k/6p1/8/8/8/8/8/R5K1 w - - 0 1
task: Mate in two.
answer: Ra8+ ; Kh7 ; Rh8#
explain: Done.
otherwise: Check on a8 first.
"""


def test_a_wrong_later_step_is_not_told_the_first_steps_words():
    (lesson,) = L.read_lessons(TWO_STEPS, "chess", "t.txt")
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Ra8+"))
    tutor.play(tutor.state.parse_action("Rb8"))
    assert (tutor.verdict, tutor.words) == (L.WRONG, L.LATER)
    (lesson,) = L.read_lessons(TWO_STEPS + "later: Now the h-file.\n", "chess", "t.txt")
    assert L.check_lesson(lesson) == []
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Ra8+"))
    tutor.play(tutor.state.parse_action("Rb8"))
    assert (tutor.verdict, tutor.words) == (L.WRONG, "Now the h-file.")


def test_later_words_in_a_lesson_of_one_step_are_named_as_never_shown():
    (lesson,) = L.read_lessons(GOOD + "later: Never.\n", "chess", "t.txt")
    assert L.check_lesson(lesson) == [
        "t.txt:10: 'later:' is never shown: no answer line has a second step of the learner"
    ]


def _later_steps(lesson: L.Lesson):
    """Each place in an answer line where the learner acts again after a
    right step: the steps before it and a legal action that leaves every line."""
    start = lesson.start()
    learner = lesson.learner(start)
    lines = [list(L.play_line(start, a)) for a in lesson.answers]
    for line in lines:
        for n, (before, _) in enumerate(line[1:], 1):
            if learner not in before.to_act() or before.is_over():
                continue
            prefix = [step for _, step in line[:n]]
            rights = {o[n][1].get(learner) for o in lines if [s for _, s in o[:n]] == prefix}
            off = [a for a in before.legal_actions(learner) if a not in rights]
            if off:
                yield prefix, off[0]


# Games whose lessons have turns of several steps (a throw then a swing, a
# burial, a reap): the other games' cases run in the slow tier.
LATER_SAMPLE = ("maces", "zombie", "tulaga")


@pytest.mark.parametrize(
    "path",
    [pytest.param(p, marks=tiers.tier(p.stem, LATER_SAMPLE), id=p.stem) for p in FILES],
)
def test_every_wrong_later_step_gets_later_words_never_the_first_steps(path):
    """The ``otherwise:`` words are written for a wrong first step; after a
    right one they may name the step just played as the answer (Maces: the
    throw to g9, then the wrong victim, was told to throw to g9)."""
    for lesson in L.load(path.stem):
        for prefix, action in _later_steps(lesson):
            tutor = L.Tutor(lesson)
            for step in prefix:
                if tutor.learner_to_act():
                    tutor.play(step[tutor.learner])
            tutor.play(action)
            assert tutor.verdict == L.WRONG
            assert tutor.words == (lesson.later or L.LATER), (lesson.title, tutor.words)


def test_the_maces_throw_then_a_wrong_victim_is_told_to_swing_at_the_king():
    (lesson,) = [x for x in L.load("maces") if x.title == "Throw your Mace next to the king"]
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Hh7:h6>g9"))
    tutor.play(tutor.state.parse_action("Mg9xh9"))
    assert tutor.verdict == L.WRONG
    assert "g9" not in tutor.words.split(":")[-1] and "swing it at the king" in tutor.words


def test_a_telepathic_task_after_the_trophy_went_past_an_end_says_it_is_back_in_the_middle():
    """The trophy that goes past an end returns to the middle, and the
    marker shows "middle": a task must not leave the learner looking for it
    at the end."""
    for lesson in L.load("telepathic"):
        if "past" in lesson.task and " middle " in lesson.position:
            assert "middle" in lesson.task, lesson.task


def test_an_illegal_step_is_refused_by_the_rules_and_the_lesson_goes_on():
    (lesson,) = L.read_lessons(LINE, "chess", "t.txt")
    tutor = L.Tutor(lesson)
    with pytest.raises(IllegalAction):
        tutor.play(Move(6, 30, None))  # the king from g1 to g4
    assert tutor.verdict == L.GOING and tutor.played == []


def test_show_me_plays_the_first_line_step_by_step_to_the_end():
    (lesson,) = L.read_lessons(LINE, "chess", "t.txt")
    tutor = L.Tutor(lesson)
    tutor.play(tutor.state.parse_action("Ra2"))  # wrong first; show me starts over
    shown = []
    while (played := tutor.show_step()) is not None:
        shown += [played.before.notation(a) for a in played.step.values()]
    assert shown == ["Ra8", "Rxa8"]
    assert tutor.verdict == L.RIGHT


# -- several seats at once: the Tulpas card duel -------------------------------------------------
DUEL = (
    "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M"
    " w duel - 0 1 AWYST/awyst"
)


def duel_lesson(answer: str = "White: pick A / Black: guess A") -> L.Lesson:
    text = (
        f"== Duel\nposition:\n    {DUEL}\ntask: t\nanswer: {answer}\nexplain: Matched.\n"
        "wrong: pick W | Black guessed the Amazon.\n"
    )
    (lesson,) = L.read_lessons(text, "tulpas", "t.txt")
    return lesson


def test_a_step_of_several_seats_names_each_seat():
    assert L.check_lesson(duel_lesson()) == []
    (problem,) = L.check_lesson(duel_lesson("pick A"))
    assert "several seats act here; write White: ... / Black: ..." in problem
    (problem,) = L.check_lesson(duel_lesson("White: pick A"))
    assert "does not give every seat to act a choice" in problem


def test_the_learners_choice_in_a_duel_is_judged_and_the_lesson_supplies_the_guess():
    tutor = L.Tutor(duel_lesson())
    (played,) = tutor.play(tutor.state.parse_action("pick W", 0))
    assert played.before.notation(played.step[1]) == "guess A"  # the line's guess
    assert (tutor.verdict, tutor.words) == (L.WRONG, "Black guessed the Amazon.")
    tutor.reset()
    tutor.play(tutor.state.parse_action("pick A", 0))
    assert (tutor.verdict, tutor.words) == (L.RIGHT, "Matched.")


def test_a_file_is_read_with_or_without_a_byte_order_mark_and_bad_bytes_are_named(
    tmp_path, monkeypatch
):
    path = tmp_path / "chess.txt"
    monkeypatch.setattr(L, "lessons_file", lambda game_id: path)
    path.write_bytes(b"\xef\xbb\xbf" + GOOD.encode("utf-8"))
    assert [lesson.title for lesson in L.load("chess")] == ["Mate in one"]
    path.write_bytes(b"== \xff\xfe\n")
    with pytest.raises(L.LessonError, match=r"lessons/chess.txt: cannot be read"):
        L.load("chess")


def test_the_first_zombie_lesson_with_a_zombie_says_what_its_coin_is():
    """The board marks a zombie with a gold coin in its square's corner
    (game/games/zombie/display.py): the first lesson showing one says so."""
    first = next(x for x in L.load("zombie") if "=z" in x.position)
    assert "coin" in first.task and "grey" in first.explain


def test_no_tulaga_answer_stops_with_a_rank_stone_owed():
    """A Tulaga answer plays the whole Tulaga: the line does not stop
    between the fifth stone and its rank stone (lesson 1 said "Right!" at
    the fifth stone while its text told of the rank stone taking a point)."""
    for lesson in L.load("tulaga"):
        for line in lesson.answers:
            played = list(L.play_line(lesson.start(), line))
            before, step = played[-1]
            after = before.copy()
            after.apply(step)
            assert " rank " not in after.to_text(), (lesson.title, line)


def test_the_words_after_a_wrong_first_step_do_not_name_the_answers_squares():
    """After a wrong first try the learner tries again, so the ``wrong:``
    and ``otherwise:`` words explain, they do not hand over the answer's
    destination (Maces lesson 3 said "land it on g9")."""
    for lesson in L.load("maces"):
        firsts = {line[0] for line in lesson.answers}
        for first in firsts:
            target = re.findall(r"[a-z]\d+", first)[-1]  # where the first step ends
            told = [w.words for w in lesson.wrongs] + [lesson.otherwise]
            assert not any(f"on {target}" in t or f"to {target}" in t for t in told), (
                lesson.title,
                target,
            )
