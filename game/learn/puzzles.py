"""Puzzles: positions where one first move wins and no other does.

A puzzle file is ``puzzles/<game_id>.txt`` (mined by scripts/mine_puzzles.py
from the computer's own games), in the lesson files' block shape::

    # comment lines start with #
    == Mate in two turns
    options: {"mode": "solitaire"}      (optional: the game's options)
    position:
        <the position text, each line indented four spaces>
    task: White to move: mate in two turns.
    explain: Why it wins, one sentence  (optional: shown once solved or shown)
    answer: Qh5+ ; g6 ; Qxe5#
    answer: <an alternative line: the same first step, another ending>
    depth: 3
    goal: only                          (optional; "only" is the default)
    source: mine_puzzles.py seed 1, game 4, ply 37; search depth 5, 40000 nodes

- ``answer:`` lines are the solution in the game's notation (what
  ``parse_action`` reads), every step of every seat: the learner plays the
  steps of the seat that acts first in the position, the other seats' steps
  are the replies played for them. Alternatives share the first step (only
  one first move wins) and differ later, where two moves finish alike.
- ``depth:`` is how many steps (plies, or decisions of a turn) the first
  move needs to reach the win, as the search counts them: 1 is a win at
  once, 3 a win in two of the learner's moves. The difficulty is read from
  it (``difficulty``).
- ``source:`` says how the puzzle was mined (seed, game, ply, bounds).
- ``goal:`` is ``only`` (the default: one first move wins, no other does)
  or ``par``: reach the win in at most ``depth`` of the learner's steps,
  any way at all (Chess Golf's holes, a round of one hole: finished at par
  is its win); the answer is then one shortest line, the solver's;
  or ``gain N``: one first move scores at least N more (in the game's
  evaluation units, searched ``depth`` steps on and confirmed a step
  deeper) than any other (Tulaga, where the last stones are placed in
  many ways: the one placement that completes a Tulaga and its reap);
  or ``score N`` (Cooperative solitaire): a deal, given by ``seed:`` (the
  game's seed) and ``options:`` instead of a position, played whole in the
  play scene; ``N`` is the best score the game's own planner reached on it
  and the answer is the planner's line, every step of the deal; reaching
  ``N`` (or beating it) solves it. ``depth:`` is not given; the difficulty
  is read from ``N`` (``score_difficulty``).

Headless (the ai floor): the loader, the checker (every line replayed by the
rules; no other first move wins at a small bound), the winning-move search
the miner shares, the puzzle of the day, the solved marks.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import logging
import random
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import saves
from game.ai.evaluate import WIN
from game.ai.search import Limits, OutOfNodes, Search
from game.resources import puzzles_file

log = logging.getLogger(__name__)

GAMES = (
    "chess",
    "chess960",
    "maces",
    "mulligan_stew",
    "tulaga",
    "adrenaline",
    "half_alice",
    "golf",  # holes graded by par (goal: par)
    "cooperative",  # solitaire deals with the planner's best score (goal: score N)
)
MAX_FILE = 2_000_000  # characters of a puzzle file read at most
MAX_STEPS = 40  # steps in one answer line at most
MAX_DEPTH = 15
MATE_ZONE = WIN - 1000  # a search score beyond this is a forced win, WIN - plies
CHECK_DEPTH = 3  # the test's re-check of uniqueness: no other first move wins this deep
CHECK_NODES = 4000  # ... within this many nodes per move (past them: not confirmed)
DIFFICULTIES = ("Easy", "Medium", "Hard")
MAX_DEAL_STEPS = 1000  # steps in the answer of a whole deal (goal: score) at most
MAX_SEED = 2**63
MAX_SCORE = 1000
# The planner's level a deal is mined and re-played with (partner.py LEVELS:
# counts of plans and replies, never the clock).
PLANNER_LEVEL = 2
# goal: score: the planner's best graded against the rule text's marks.
SCORE_GRADES = ((32, "Easy"), (40, "Medium"))  # below 32 (a loss) Easy, below 40 Medium


class PuzzleError(ValueError):
    """A puzzle file that cannot be read, in words for people."""


@dataclass
class Puzzle:
    game_id: str
    title: str
    position: str
    answers: list[list[str]]
    depth: int
    source: str = ""
    task: str = ""
    explain: str = ""  # why the solution works, one sentence, shown once it is played
    options: dict[str, Any] | None = None
    goal: str = "only"  # or "par": any line of at most ``depth`` own steps that wins
    margin: float = 0.0  # goal "gain": what the first move scores above any other
    seed: int | None = None  # goal "score": the deal's seed (no position)
    target: int = 0  # goal "score": the planner's best, to reach or beat
    line: int = 0  # where its block starts in the file (for messages)
    number: int = 0  # its place in the file, from 1

    @property
    def key(self) -> str:
        """A stable name for the solved marks: the game and the position (a
        deal: its seed and options)."""
        if self.seed is not None:
            what = f"seed {self.seed} {json.dumps(self.options or {}, sort_keys=True)}"
        else:
            what = self.position
        digest = hashlib.sha256(what.encode()).hexdigest()[:12]
        return f"{self.game_id}:{digest}"

    @property
    def difficulty(self) -> str:
        if self.goal == "score":
            return score_difficulty(self.target)
        return difficulty(self.depth)

    @property
    def is_deal(self) -> bool:
        """A whole deal played in the play scene (goal: score), not a position."""
        return self.goal == "score"


def difficulty(depth: int) -> str:
    """Easy: a win at once; Medium: in two moves; Hard: further."""
    return "Easy" if depth <= 1 else "Medium" if depth <= 3 else "Hard"


def score_difficulty(target: int) -> str:
    """A deal's difficulty: the higher the planner's best, the harder to beat."""
    return next((name for below, name in SCORE_GRADES if target < below), "Hard")


# -- reading -----------------------------------------------------------------------
@dataclass
class _Block:
    title: str
    line: int
    fields: dict[str, list[str]] = field(default_factory=dict)
    position: list[str] = field(default_factory=list)


KNOWN = ("options", "task", "answer", "depth", "source", "goal", "seed", "explain")
GOALS = ("only", "par", "gain", "score")


def parse(text: str, game_id: str) -> tuple[list[Puzzle], list[str]]:
    """The puzzles in a file's text, and a short message per block that
    cannot be read (that block is left out; the others are kept)."""
    if not isinstance(text, str):
        return [], ["a puzzle file is text"]
    if len(text) > MAX_FILE:
        return [], [f"the file is longer than {MAX_FILE} characters"]
    blocks: list[_Block] = []
    problems: list[str] = []
    in_position = False
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.rstrip()
        if line.startswith("#") or (not line and not in_position):
            continue
        if line.startswith("=="):
            blocks.append(_Block(line[2:].strip() or "Puzzle", n))
            in_position = False
            continue
        if not blocks:
            problems.append(f"line {n}: text before the first '==' title")
            continue
        block = blocks[-1]
        if in_position and (raw.startswith("    ") or not line):
            block.position.append(raw[4:])
            continue
        in_position = False
        key, colon, value = line.partition(":")
        key = key.strip().lower()
        if key == "position" and colon and not value.strip():
            in_position = True
            continue
        if not colon or key not in KNOWN:
            problems.append(f"line {n}: not a puzzle line: {line[:40]!r}")
            continue
        block.fields.setdefault(key, []).append(value.strip())
    puzzles = []
    for block in blocks:
        try:
            puzzle = _puzzle(block, game_id)
        except PuzzleError as e:
            problems.append(f"line {block.line} ({block.title[:30]}): {e}")
            continue
        puzzle.number = len(puzzles) + 1
        puzzles.append(puzzle)
    return puzzles, problems


def _one(block: _Block, key: str, default: str | None = None) -> str:
    values = block.fields.get(key, [])
    if len(values) > 1:
        raise PuzzleError(f"more than one {key}: line")
    if not values:
        if default is None:
            raise PuzzleError(f"no {key}: line")
        return default
    return values[0]


def _puzzle(block: _Block, game_id: str) -> Puzzle:
    goal, _, margin_text = _one(block, "goal", "only").partition(" ")
    deal = goal == "score"
    position = "\n".join(block.position).strip("\n")
    seed = _seed(block, deal)
    if deal and position.strip():
        raise PuzzleError("a deal (goal: score) has a seed:, not a position")
    if not deal and not position.strip():
        raise PuzzleError("no position")
    answers = [[s.strip() for s in a.split(";")] for a in block.fields.get("answer", [])]
    if not answers:
        raise PuzzleError("no answer: line")
    longest = MAX_DEAL_STEPS if deal else MAX_STEPS
    for steps in answers:
        if not all(steps):
            raise PuzzleError("an answer has an empty step")
        if len(steps) > longest:
            raise PuzzleError(f"an answer longer than {longest} steps")
    if len({steps[0] for steps in answers}) > 1:
        raise PuzzleError("the answers begin with different steps")
    depth_text = _one(block, "depth", "0" if deal else None)
    if deal and depth_text != "0":
        raise PuzzleError("a deal (goal: score) has no depth: line")
    if not deal and (not depth_text.isdigit() or not 1 <= int(depth_text) <= MAX_DEPTH):
        raise PuzzleError(f"depth must be a number from 1 to {MAX_DEPTH}")
    margin = 0.0
    target = 0
    if deal:
        if not margin_text.isdigit() or not 1 <= int(margin_text) <= MAX_SCORE:
            raise PuzzleError(f"goal: score needs the score, a number from 1 to {MAX_SCORE}")
        target = int(margin_text)
    elif goal == "gain":
        try:
            margin = float(margin_text)
        except ValueError:
            margin = -1.0
        if not 0 < margin < 1000:
            raise PuzzleError("goal: gain needs a margin, a number from 0 to 1000")
    elif goal not in GOALS or margin_text:
        raise PuzzleError("goal: is 'only', 'par', 'gain N' or 'score N'")
    options = None
    options_text = _one(block, "options", "")
    if options_text:
        try:
            options = json.loads(options_text)
        except (ValueError, RecursionError):
            raise PuzzleError("options: is not JSON") from None
        if not isinstance(options, dict):
            raise PuzzleError("options: is not a JSON object")
    return Puzzle(
        game_id=game_id,
        title=block.title[:80],
        position=position,
        answers=answers,
        depth=int(depth_text),
        source=_one(block, "source", ""),
        task=_one(block, "task", ""),
        explain=_one(block, "explain", ""),
        options=options,
        goal=goal,
        margin=margin,
        seed=seed,
        target=target,
        line=block.line,
    )


def _seed(block: _Block, deal: bool) -> int | None:
    """The deal's seed: required for goal: score, refused elsewhere."""
    text = _one(block, "seed", "")
    if not deal:
        if text:
            raise PuzzleError("seed: is for a deal (goal: score N)")
        return None
    if not text:
        raise PuzzleError("a deal (goal: score) needs a seed: line")
    if not text.isdigit() or int(text) >= MAX_SEED:
        raise PuzzleError(f"seed: must be a whole number from 0 below 2**63, not {text[:20]!r}")
    return int(text)


def puzzle_file(game_id: str) -> Path:
    return puzzles_file(game_id)


_cache: dict[str, list[Puzzle]] = {}


def load(game_id: str) -> list[Puzzle]:
    """The shipped puzzles of a game (none if it has no file); blocks that
    cannot be read are left out and logged."""
    if game_id not in _cache:
        path = puzzle_file(game_id)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            text = ""
        puzzles, problems = parse(text, game_id)
        for problem in problems:
            log.warning("%s: %s", path.name, problem)
        _cache[game_id] = puzzles
    return _cache[game_id]


def games_with_puzzles() -> list[str]:
    return [g for g in GAMES if load(g)]


def difficulties(game_id: str) -> tuple[str, ...]:
    """The difficulties a game has puzzles of, easiest first."""
    present = {p.difficulty for p in load(game_id)}
    return tuple(d for d in DIFFICULTIES if d in present)


# -- positions and lines -----------------------------------------------------------
def start_state(game: Any, puzzle: Puzzle) -> Any:
    """The puzzle's position (PositionError if the rules refuse it); a
    deal's start, dealt from its seed."""
    if puzzle.options is not None:
        game.normalize_options(puzzle.options)  # ValueError on options the game lacks
    if puzzle.is_deal:
        return game.new(puzzle.options, puzzle.seed)
    return game.from_text(puzzle.position)


def planner_line(game: Any, options: Any, seed: int, level: int = PLANNER_LEVEL) -> tuple:
    """The game's own planner (the bot's ``decide``) playing a deal through
    from ``seed``, seeing only its seat's view: its steps in the game's
    notation and the final state. Bounded by the planner's counts, never
    the clock; the same on every run (its random choices seeded by ``seed``)."""
    from game.ai.evaluate import own_decision

    state = game.new(options, seed)
    decide = own_decision(state)
    if decide is None:
        raise ValueError(f"{game.title} has no planner of its own")
    rng = random.Random(seed)
    steps: list[str] = []
    while state.result() is None and len(steps) < MAX_DEAL_STEPS:
        seat = state.to_act()[0]
        action = decide(state.view(seat), seat, rng, level)
        steps.append(state.notation(action))
        state.apply({seat: action})
    return steps, state


def solver(state: Any) -> int:
    """The seat the learner plays: the one acting first in the position."""
    acting = state.to_act()
    if len(acting) != 1:
        raise ValueError("a puzzle starts where one seat acts")
    return acting[0]


def turns(state: Any, line: list[str]) -> list[tuple[int, list[str]]]:
    """A line played from ``state`` (a copy) as turns: (seat, its steps), the
    steps of one seat in a row together (an Adrenaline capture and the move
    it gives are one turn)."""
    state = state.copy()
    out: list[tuple[int, list[str]]] = []
    for text in line:
        seat = state.to_act()[0]
        if not out or out[-1][0] != seat:
            out.append((seat, []))
        out[-1][1].append(text)
        state.apply({seat: state.parse_action(text, seat)})
    return out


def turn_words(steps: list[str]) -> str:
    """One turn's steps in words: "Nxg5+ then give g6#"."""
    return " then ".join(steps)


NUMBERS = ("no", "one", "two", "three", "four", "five", "six", "seven")


def title_and_task(game: Any, state: Any, line: list[str]) -> tuple[str, str]:
    """What the learner does, in plain words, by how the line ends and the
    turns it takes them: ("Mate in one turn", "White to play: mate in one
    turn."); a line that stops before the win names its first move only."""
    seat = solver(state)
    side = game.seats[seat]
    parts = turns(state, line)
    end = state.copy()
    for actor, steps in parts:
        for text in steps:
            end.apply({actor: end.parse_action(text, actor)})
    result = end.result()
    if result is None:
        return "Find the winning move", f"{side} to play: find the move that wins by force."
    reason = result.reason.lower()
    what = "Mate" if "mate" in reason else "Take the king" if "king" in reason else "Win"
    n = sum(actor == seat for actor, _ in parts)
    count = f"{NUMBERS[n] if n < len(NUMBERS) else n} turn{'s' if n != 1 else ''}"
    return f"{what} in {count}", f"{side} to play: {what.lower()} in {count}."


def gain_title_and_task(game: Any, seat: int, depth: int) -> tuple[str, str]:
    """A Tulaga gain puzzle (goal: gain): what the one move gains."""
    title = "Gain the most in one move" if depth <= 1 else "Gain the most, looking ahead"
    task = f"{game.seats[seat]} to play: find the move that gains the most toward rank stones."
    return title, task


def wins_for(state: Any, seat: int) -> bool:
    result = state.result()
    return result is not None and result.points[seat] == 1 and list(result.points).count(1) == 1


def plain_search(state: Any, seat: int, depth: int, nodes: int, seed: int = 0) -> Search:
    """The game's own search for ``seat``, bounded by depth and nodes (never
    the clock), as plain alpha-beta: null moves, futility and late move
    pruning could hide a defence (a false win) or a second good move (a
    false puzzle)."""
    limits = Limits(max_depth=depth, time_limit=600.0, time_cap=600.0, node_limit=nodes)
    search = Search(seat, limits, random.Random(seed))
    search._prepare(state, float("inf"))
    search._null = False
    return search


def gaining_move(
    state: Any, seat: int, depth: int, margin: float, nodes: int, seed: int = 0
) -> tuple[Any, str] | None:
    """The one first move that scores at least ``margin`` more than every
    other, searched ``depth`` steps on and confirmed ``depth + 1`` steps on
    (None: there is none, or the nodes ran out), with what is wrong when
    the deeper search disagrees ("" when it confirms)."""
    search = plain_search(state, seat, depth + 1, nodes, seed)
    try:
        values = {a: search.action_value(state, a, depth - 1) for a in state.legal_actions(seat)}
        if len(values) < 2:
            return None
        ranked = sorted(values, key=values.get, reverse=True)
        best = ranked[0]
        if values[best] - values[ranked[1]] < margin:
            return None
        return best, confirm_gain(search, state, seat, best, depth + 1, margin)
    except OutOfNodes:
        return None


def confirm_gain(
    search: Search, state: Any, seat: int, best: Any, depth: int, margin: float
) -> str:
    """ "" when no other first move comes within ``margin`` of ``best``
    searched ``depth`` steps on (each other move searched against that
    bound only); else the first that does."""
    low = search.action_value(state, best, depth - 1) - margin
    for a in state.legal_actions(seat):
        if a != best and search.action_value(state, a, depth - 1, low=low) > low:
            return f"{state.notation(a)} gains nearly as much"
    return ""


def winning_moves(
    state: Any, seat: int, depth: int, nodes: int, seed: int = 0, stop_after: int = 0
) -> dict[Any, int] | None:
    """The first moves of ``seat`` that force a win within ``depth`` steps
    (each with the steps it needs), found by the game's search bounded by
    ``depth`` and ``nodes`` (never the clock); None when the nodes ran out
    first. ``stop_after`` > 0 stops once that many are found."""
    search = plain_search(state, seat, depth, nodes, seed)
    found: dict[Any, int] = {}
    try:
        for action in state.legal_actions(seat):
            value = search.action_value(state, action, depth - 1, low=MATE_ZONE)
            if value > MATE_ZONE:
                found[action] = int(round(WIN - value))
                if stop_after and len(found) >= stop_after:
                    break
    except OutOfNodes:
        return None
    return found


# -- checking ----------------------------------------------------------------------
def check(
    game: Any, puzzle: Puzzle, depth: int = CHECK_DEPTH, nodes: int = CHECK_NODES
) -> list[str]:
    """What is wrong with a puzzle: a position the rules refuse, a step
    they do not read or allow, a line that ends in no win where it could
    (a line may stop after the learner's last step), another first move
    that wins within ``min(depth, puzzle.depth)`` steps (for a gain: comes
    within its margin at the puzzle's depth), a depth the search cannot
    confirm. Empty when it checks; ``depth`` 0 replays the lines only."""
    try:
        state = start_state(game, puzzle)
        seat = solver(state)
    except ValueError as e:
        return [f"the position: {e}"]
    if puzzle.is_deal:
        return check_deal(state, puzzle)
    problems = []
    first = None
    for steps in puzzle.answers:
        s = state.copy()
        own = 0  # the learner's steps in the line
        for i, text in enumerate(steps):
            try:
                actor = s.to_act()[0] if s.to_act() else seat
                action = s.parse_action(text, actor)
                s.apply({actor: action})
            except ValueError as e:
                problems.append(f"step {i + 1} {text!r}: {e}")
                break
            if i == 0:
                first = action
            own += actor == seat
        else:
            if puzzle.goal == "par":
                if not wins_for(s, seat):
                    problems.append(f"the line {' ; '.join(steps)} does not finish at par")
                if own != puzzle.depth:
                    problems.append(
                        f"the line has {own} of the learner's steps, par {puzzle.depth}"
                    )
                continue
            if s.result() is not None and not wins_for(s, seat):
                problems.append(f"the line {' ; '.join(steps)} ends without the learner's win")
            if actor != seat:
                problems.append("a line ends on a reply, not on the learner's step")
    if problems or first is None or puzzle.goal == "par" or depth < 1:
        return problems  # depth 0: the lines replayed, no search
    if puzzle.goal == "gain":
        bound = puzzle.depth  # a shallower search does not see the gain
        if bound > depth:
            nodes = max(nodes, CHECK_NODES)
        search = plain_search(state, seat, bound, nodes * len(state.legal_actions(seat)))
        try:
            wrong = confirm_gain(search, state, seat, first, bound, puzzle.margin)
        except OutOfNodes:
            wrong = f"the gain not confirmed within {nodes} nodes a move"
        return [wrong] if wrong else []
    bound = min(depth, puzzle.depth)
    found = winning_moves(state, seat, bound, nodes * len(state.legal_actions(seat)))
    if found is None:
        problems.append(f"uniqueness not confirmed within {nodes} nodes a move")
    elif set(found) - {first}:
        other = next(iter(set(found) - {first}))
        problems.append(f"{state.notation(other)} wins too, within {bound} steps")
    elif puzzle.depth <= depth and first not in found:
        problems.append(f"the first step does not win within {puzzle.depth} steps")
    return problems


def check_deal(state: Any, puzzle: Puzzle) -> list[str]:
    """A deal's answer replayed through the rules from its seed: every
    step read and allowed, the deal over at the end, with the puzzle's score."""
    for i, text in enumerate(puzzle.answers[0]):
        if state.result() is not None:
            return [f"the deal is over before step {i + 1} {text!r}"]
        try:
            actor = state.to_act()[0]
            state.apply({actor: state.parse_action(text, actor)})
        except ValueError as e:
            return [f"step {i + 1} {text!r}: {e}"]
    result = state.result()
    if result is None:
        return ["the answer stops before the deal is over"]
    if state.score() != puzzle.target:
        return [f"the answer scores {state.score()}, not {puzzle.target}"]
    return []


def reached(puzzle: Puzzle, state: Any) -> bool | None:
    """A deal played to its end: whether its score reached the target (None:
    not over yet)."""
    if state.result() is None:
        return None
    return state.score() >= puzzle.target


def verify(depth: int = CHECK_DEPTH, nodes: int = CHECK_NODES) -> dict[str, tuple[int, list[str]]]:
    """Per game with a puzzle file: how many puzzles, and what is wrong."""
    from game.games import REGISTRY, load_all

    load_all()
    out: dict[str, tuple[int, list[str]]] = {}
    for game_id in GAMES:
        path = puzzle_file(game_id)
        if not path.exists():
            out[game_id] = (0, ["no puzzle file"])
            continue
        puzzles, problems = parse(path.read_text(encoding="utf-8"), game_id)
        for p in puzzles:
            problems += [
                f"{p.title} (line {p.line}): {w}" for w in check(REGISTRY[game_id], p, depth, nodes)
            ]
        out[game_id] = (len(puzzles), problems)
    return out


# -- the puzzle of the day ---------------------------------------------------------
def of_the_day(game_id: str, day: datetime.date | None = None) -> Puzzle | None:
    """The day's puzzle of a game: chosen by a hash of the game and the date,
    so every computer offers the same one on the same day."""
    puzzles = load(game_id)
    if not puzzles:
        return None
    day = day or datetime.date.today()
    digest = hashlib.sha256(f"{game_id} {day.isoformat()}".encode()).digest()
    return puzzles[int.from_bytes(digest[:8], "big") % len(puzzles)]


# -- solved marks ------------------------------------------------------------------
MARKS_FORMAT = 1  # puzzles.json: {"format": 1, "solved": [key, ...]}


def solved_path() -> Path:
    return saves.data_dir() / "puzzles.json"


_set_aside: list[str] = []  # what the Puzzles scene has still to say about a damaged file


def set_aside_notes() -> list[str]:
    """The messages about damaged marks files set aside since last asked."""
    notes = list(_set_aside)
    _set_aside.clear()
    return notes


def _read_marks() -> tuple[set[str], bool]:
    """The solved keys, and whether the file comes from a newer version
    (then never written over, as records.json and lessons.json)."""
    try:
        path = solved_path()
    except OSError:
        return set(), False
    try:
        data = saves.read_small_json(path)
        if data is None:
            return set(), False
        if saves.newer_format(data, MARKS_FORMAT):  # what it holds is read where it still can be
            marks = data.get("solved")
            return {k for k in marks if _mark(k)} if isinstance(marks, list) else set(), True
        if not isinstance(data, dict) or not isinstance(data.get("solved"), list):
            raise ValueError("the solved marks are not a list")
    except ValueError as e:
        saves.set_aside(path, "puzzle marks", str(e))
        _set_aside.append(
            "Your puzzle marks file was damaged: it was set aside, marks start afresh."
        )
        return set(), False
    return {k for k in data["solved"] if _mark(k)}, False


def _mark(key: Any) -> bool:
    return isinstance(key, str) and len(key) < 100


def solved() -> set[str]:
    """The keys of the puzzles solved on this computer. A damaged file is set
    aside (puzzles.json.bad) with a message, and the marks start afresh."""
    return _read_marks()[0]


def mark_solved(puzzle: Puzzle) -> None:
    done, newer = _read_marks()
    data = {"format": MARKS_FORMAT, "solved": sorted(done | {puzzle.key})}
    try:
        saves.write_small_json(solved_path(), data, newer=newer)
    except OSError:
        log.exception("could not keep the puzzle marks")
