"""Lessons: short tasks on a real position, judged by the real rules.

A game's lessons are data, ``lessons/<game_id>.txt`` (docs/LEARN.md):

    # comment lines start with #
    == Throw your Mace next to the king
    options: {"mode": "solitaire"}
    position:
        <the position text (what the game's from_text reads), each line
        indented four spaces>
    task: Throw your Mace next to the king.
    answer: <step> ; <step> ; ...
    answer: <an alternative accepted line>
    explain: Shown after the right answer.
    wrong: <step> | Shown when the learner plays this step instead.
    otherwise: Shown after any other legal first step than an answer's.
    later: Shown after a wrong step that follows right ones (optional).

A step is what ``state.parse_action`` reads in that position; a step of
several seats choosing at once is written as the move list shows it,
``White: <text> / Black: <text>``. The learner plays the seat that acts
first in the position; the other seats' steps of an answer line are the
rules' replies, played by the lesson.

Here: ``read_lessons`` (the format; ``LessonError`` names the file and
line), ``check_lesson`` (every answer line played through the rules, every
``wrong:`` step legal and not an answer's first step), ``Tutor`` (one
lesson being tried: judges the learner's steps, plays the replies and
"show me"), and ``verify`` (every game's count and problems). Headless.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.engine import Action, Event, Game, IllegalAction, PositionError, Seat, State
from game.resources import lessons_file

LESSONS_DIR = lessons_file("chess").parent
INDENT = "    "  # a position line's indent, taken off before from_text reads it
FEWEST, MOST = 3, 6  # lessons per game
SEED = 0  # the lessons' chance (a card drawn later) is the same every time
OTHERWISE = "That is legal, but it does not do what the task asks. Try again."
# After a right first step, ``otherwise:`` (written for a wrong first step)
# may describe the very step just played as the answer: a later step gets these.
LATER = "Your steps so far were right, but this one leaves the answer's line. Try again."
KEYS = ("options", "position", "task", "answer", "explain", "wrong", "otherwise", "later")
ONCE = ("options", "position", "task", "explain", "otherwise", "later")  # at most one each

Step = dict[Seat, Action]


class LessonError(ValueError):
    """A lesson file the loader cannot read: the message names the file and line."""


@dataclass(frozen=True)
class Wrong:
    step: str
    words: str
    line: int


@dataclass(frozen=True)
class Lesson:
    game_id: str
    title: str
    position: str
    task: str
    answers: tuple[tuple[str, ...], ...]
    explain: str
    wrongs: tuple[Wrong, ...] = ()
    otherwise: str = ""
    later: str = ""  # a wrong step after right ones (LATER when not given)
    options: Mapping[str, Any] = field(default_factory=dict)
    source: str = ""  # "lessons/chess.txt:12", where the lesson begins
    answer_lines: tuple[int, ...] = ()  # the file's line of each answer
    later_line: int = 0  # the file's line of ``later:``

    def at(self, line: int) -> str:
        """Where a line of the lesson is: "lessons/chess.txt:14" (the
        lesson's own place for 0)."""
        return f"{self.source.rpartition(':')[0]}:{line}" if line else self.source

    @property
    def key(self) -> str:
        """What progress remembers a lesson by: its title."""
        return self.title

    def game(self) -> Game:
        from game.match import find_game

        return find_game(self.game_id)

    def start(self) -> State:
        """The lesson's position, with the lessons' chance (PositionError)."""
        state = self.game().start_from(self.position)
        state.rng = random.Random(SEED)
        return state

    def learner(self, state: State) -> Seat:
        """The seat the learner plays: the first to act in the position."""
        return state.to_act()[0]


# -- reading --------------------------------------------------------------------------------------
def lesson_files() -> list[Path]:
    """Every lesson file shipped."""
    return sorted(LESSONS_DIR.glob("*.txt")) if LESSONS_DIR.is_dir() else []


def load(game_id: str) -> list[Lesson]:
    """The lessons of a game ([] when it has no file); LessonError if the
    file is unreadable or breaks the format."""
    path = lessons_file(game_id)
    if not path.is_file():
        return []
    try:
        text = path.read_text(encoding="utf-8-sig")  # an editor's byte-order mark is no text
    except (OSError, UnicodeDecodeError) as error:
        raise LessonError(f"lessons/{path.name}: cannot be read ({error})") from None
    return read_lessons(text, game_id, f"lessons/{path.name}")


def read_lessons(text: str, game_id: str, source: str = "lessons") -> list[Lesson]:
    """The lessons in ``text`` (a lesson file of ``game_id``)."""
    from game.match import find_game

    try:
        game = find_game(game_id)
    except KeyError:
        raise LessonError(f"{source}: there is no game called {game_id!r}") from None
    lessons: list[Lesson] = []
    block: _Block | None = None
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        number, raw = i + 1, lines[i]
        i += 1
        where = f"{source}:{number}"
        if raw.startswith("#") or not raw.strip():
            continue
        if raw.startswith("=="):
            if block is not None:
                lessons.append(block.finish(game, source))
            title = raw[2:].strip()
            if not title:
                raise LessonError(f"{where}: a lesson's '==' line gives its title")
            block = _Block(title, number)
            continue
        if block is None:
            raise LessonError(f"{where}: a lesson begins with '== <title>' before anything else")
        if raw[:1].isspace():
            raise LessonError(f"{where}: only the position's lines are indented")
        key, colon, value = raw.partition(":")
        key, value = key.strip(), value.strip()
        if not colon or key not in KEYS:
            raise LessonError(f"{where}: a line is '<key>: <value>', the keys {', '.join(KEYS)}")
        if key in ONCE and key in block.fields:
            raise LessonError(f"{where}: '{key}:' is given twice in this lesson")
        if key == "position":
            if value:
                raise LessonError(
                    f"{where}: the position goes on the lines below 'position:', "
                    "each indented four spaces"
                )
            body: list[str] = []
            while i < len(lines) and (lines[i].startswith(INDENT) or not lines[i].strip()):
                body.append(lines[i][len(INDENT) :])
                i += 1
            while body and not body[-1].strip():
                body.pop()
            if not body:
                raise LessonError(f"{where}: 'position:' has no lines indented four spaces below")
            value = "\n".join(body)
        elif not value:
            raise LessonError(f"{where}: '{key}:' is empty")
        block.add(key, value, number)
    if block is not None:
        lessons.append(block.finish(game, source))
    titles = [lesson.title for lesson in lessons]
    for title in titles:
        if titles.count(title) > 1:
            raise LessonError(f"{source}: two lessons are called {title!r}")
    return lessons


class _Block:
    """One lesson's lines as they are read."""

    def __init__(self, title: str, line: int) -> None:
        self.title, self.line = title, line
        self.fields: dict[str, tuple[str, int]] = {}
        self.answers: list[tuple[str, int]] = []
        self.wrongs: list[tuple[str, int]] = []

    def add(self, key: str, value: str, line: int) -> None:
        if key == "answer":
            self.answers.append((value, line))
        elif key == "wrong":
            self.wrongs.append((value, line))
        else:
            self.fields[key] = (value, line)

    def finish(self, game: Game, source: str) -> Lesson:
        here = f"{source}:{self.line}"
        for key in ("position", "task", "explain"):
            if key not in self.fields:
                raise LessonError(f"{here}: lesson {self.title!r} has no '{key}:'")
        if not self.answers:
            raise LessonError(f"{here}: lesson {self.title!r} has no 'answer:'")
        options: dict[str, Any] = {}
        if "options" in self.fields:
            text, line = self.fields["options"]
            try:
                options = json.loads(text)
            except ValueError:
                raise LessonError(f"{source}:{line}: the options are not JSON") from None
            if not isinstance(options, dict):
                raise LessonError(f"{source}:{line}: the options are a JSON object {{...}}")
            try:
                game.normalize_options(options)
            except (ValueError, TypeError) as error:
                raise LessonError(f"{source}:{line}: {error}") from None
        answers = []
        for text, line in self.answers:
            steps = tuple(s.strip() for s in text.split(";"))
            if not all(steps):
                raise LessonError(f"{source}:{line}: an answer has an empty step (';' twice?)")
            answers.append(steps)
        wrongs = []
        for text, line in self.wrongs:
            step, bar, words = (part.strip() for part in text.partition("|"))
            if not bar or not step or not words:
                raise LessonError(f"{source}:{line}: a wrong line is 'wrong: <step> | <words>'")
            wrongs.append(Wrong(step, words, line))
        return Lesson(
            game_id=game.id,
            title=self.title,
            position=self.fields["position"][0],
            task=self.fields["task"][0],
            answers=tuple(answers),
            explain=self.fields["explain"][0],
            wrongs=tuple(wrongs),
            otherwise=self.fields.get("otherwise", ("", 0))[0],
            later=self.fields.get("later", ("", 0))[0],
            later_line=self.fields.get("later", ("", 0))[1],
            options=options,
            source=here,
            answer_lines=tuple(line for _, line in self.answers),
        )


# -- steps ----------------------------------------------------------------------------------------
def parse_step(state: State, text: str) -> Step:
    """The step ``text`` names in ``state``, by the rules' own reading
    (IllegalAction if it names none): one seat's action, or, with several
    seats to act, ``Seat: text / Seat: text`` for each of them."""
    acting = state.to_act()
    if state.is_over() or not acting:
        raise IllegalAction("the game is over")
    if len(acting) == 1:
        return {acting[0]: state.parse_action(text, acting[0])}
    seats = state.game.seats
    step: Step = {}
    for part in text.split(" / "):
        name, colon, action = part.partition(":")
        seat = seats.index(name.strip()) if colon and name.strip() in seats else None
        if seat is None or seat in step:
            names = " / ".join(f"{seats[s]}: ..." for s in acting)
            raise IllegalAction(f"{text!r}: several seats act here; write {names}")
        step[seat] = state.parse_action(action, seat)
    if set(step) != set(acting):
        raise IllegalAction(f"{text!r} does not give every seat to act a choice")
    return step


def play_line(start: State, line: tuple[str, ...]) -> Iterator[tuple[State, Step]]:
    """Each step of an answer line, parsed and played on a copy of
    ``start``: the position before it and the step (IllegalAction, with the
    step named, where the rules refuse one)."""
    state = start.copy()
    for n, text in enumerate(line, 1):
        try:
            step = parse_step(state, text)
        except IllegalAction as error:
            raise IllegalAction(f"step {n} ({text}): {error}") from None
        before = state.copy()
        state.apply(step)
        yield before, step


# -- checking -------------------------------------------------------------------------------------
def check_lesson(lesson: Lesson) -> list[str]:
    """What is wrong with a lesson the rules judge (empty: nothing): the
    position, every answer line, every wrong step."""
    where = lesson.source
    try:
        start = lesson.start()
    except PositionError as error:
        return [f"{where}: the position: {error}"]
    problems: list[str] = []
    learner = lesson.learner(start)
    firsts: list[Action] = []
    later_steps = False  # does any answer line give the learner a second step?
    numbers = lesson.answer_lines or (0,) * len(lesson.answers)  # (a lesson made in code)
    for number, line in zip(numbers, lesson.answers, strict=True):
        at = lesson.at(number)
        try:
            played = list(play_line(start, line))
        except IllegalAction as error:
            problems.append(f"{at}: answer {error}")
            continue
        firsts.append(played[0][1][learner])  # the learner acts first: ``learner``
        later_steps |= any(learner in before.to_act() for before, _ in played[1:])
    if lesson.later and not later_steps and len(firsts) == len(lesson.answers):
        problems.append(
            f"{lesson.at(lesson.later_line)}: 'later:' is never shown: "
            "no answer line has a second step of the learner"
        )
    for wrong in lesson.wrongs:
        at = lesson.at(wrong.line)
        try:
            action = start.parse_action(wrong.step, learner)
        except IllegalAction as error:
            problems.append(f"{at}: wrong step {wrong.step!r} is not legal: {error}")
            continue
        if action in firsts:
            problems.append(f"{at}: wrong step {wrong.step!r} is an answer's first step")
    return problems


def verify() -> dict[str, tuple[int, list[str]]]:
    """Per game id: how many lessons it has, and every problem with them
    (a game without 3 to 6 lessons is one)."""
    from game.games import CATALOGUE

    out: dict[str, tuple[int, list[str]]] = {}
    for entry in CATALOGUE:
        try:
            lessons = load(entry.id)
        except LessonError as error:
            out[entry.id] = (0, [str(error)])
            continue
        problems = [p for lesson in lessons for p in check_lesson(lesson)]
        if not lessons_file(entry.id).is_file():
            problems.insert(
                0, f"lessons/{entry.id}.txt: no lesson file ({FEWEST} to {MOST} wanted)"
            )
        elif not FEWEST <= len(lessons) <= MOST:
            problems.insert(
                0, f"lessons/{entry.id}.txt: {len(lessons)} lessons, not {FEWEST} to {MOST}"
            )
        out[entry.id] = (len(lessons), problems)
    return out


# -- trying a lesson ------------------------------------------------------------------------------
RIGHT, WRONG, GOING = "right", "wrong", "going"


@dataclass
class Played:
    """A step the tutor played: the step, the position before it (for its
    notation) and its events."""

    step: Step
    before: State
    events: list[Event]


class Tutor:
    """One lesson being tried. The learner's steps come through ``play``;
    each is judged against the answer lines still open (a step of theirs
    that leaves every line is wrong), and the replies of the line follow.
    ``show_step`` plays the first answer line one step at a time."""

    def __init__(self, lesson: Lesson) -> None:
        self.lesson = lesson
        start = lesson.start()
        self.learner = lesson.learner(start)
        # Every answer line as steps of actions (a broken lesson raises here).
        self.lines: list[list[Step]] = [[s for _, s in play_line(start, a)] for a in lesson.answers]
        self.reset()

    def reset(self) -> None:
        """Back to the lesson's position ("Try again")."""
        self.state = self.lesson.start()
        self.played: list[Step] = []
        self.verdict = GOING
        self.words = ""
        self.showing = False

    # -- what is open -----------------------------------------------------------------------
    def open_lines(self) -> list[list[Step]]:
        n = len(self.played)
        return [line for line in self.lines if line[:n] == self.played and len(line) > n]

    def learner_to_act(self) -> bool:
        return self.verdict == GOING and self.learner in self.state.to_act()

    def _solved(self) -> bool:
        return any(line == self.played for line in self.lines)

    # -- the learner ------------------------------------------------------------------------
    def play(self, action: Action) -> list[Played]:
        """The learner's action (IllegalAction if the rules refuse it: the
        lesson goes on as it was). Returns what was played: their step and
        the replies that follow an answer's step."""
        if self.verdict != GOING:
            raise IllegalAction("this lesson is over: try again")
        step = self._step_with(action)
        fitting = [line for line in self.open_lines() if line[len(self.played)] == step]
        done = [self._play(step)]
        if not fitting:
            self.verdict, self.words = WRONG, self._wrong_words(step)
            return done
        done += self.replies()
        return done

    def _step_with(self, action: Action) -> Step:
        """The whole step the learner's action makes: with the others'
        choices of the first open line, where several seats act at once."""
        acting = self.state.to_act()
        if len(acting) == 1:
            return {self.learner: action}
        n = len(self.played)
        lines = self.open_lines()
        others = next((line[n] for line in lines if line[n].get(self.learner) == action), None)
        if others is None and lines:
            others = lines[0][n]
        step = {s: a for s, a in (others or {}).items() if s != self.learner}
        for seat in acting:
            if seat != self.learner and seat not in step:
                step[seat] = self.state.legal_actions(seat)[0]
        step[self.learner] = action
        return step

    def _wrong_words(self, step: Step) -> str:
        if self.played[:-1]:  # right steps came before: ``otherwise`` is about the first
            return self.lesson.later or LATER
        action = step.get(self.learner)  # the first step: the lesson may say why it is wrong
        start = self.lesson.start()
        for wrong in self.lesson.wrongs:
            try:
                if start.parse_action(wrong.step, self.learner) == action:
                    return wrong.words
            except IllegalAction:
                continue
        return self.lesson.otherwise or OTHERWISE

    def replies(self) -> list[Played]:
        """The other seats' steps of the open line, up to the learner's next
        decision or the line's end (then the lesson is solved)."""
        done: list[Played] = []
        while self.verdict == GOING:
            if self._solved():
                self.verdict, self.words = RIGHT, self.lesson.explain
                break
            lines = self.open_lines()
            if not lines or self.learner in self.state.to_act():
                break
            done.append(self._play(lines[0][len(self.played)]))
        return done

    # -- show me ----------------------------------------------------------------------------
    def show_step(self) -> Played | None:
        """The first answer line's next step, played (from the lesson's
        position: the first call starts over). None once it is all played."""
        if not self.showing:
            self.reset()
            self.showing = True
        line = self.lines[0]
        if len(self.played) >= len(line):
            return None
        done = self._play(line[len(self.played)])
        if self.played == line:
            self.verdict, self.words = RIGHT, self.lesson.explain
        return done

    def _play(self, step: Step) -> Played:
        before = self.state.copy()
        events = self.state.apply(step)
        self.played.append(step)
        return Played(step, before, events)
