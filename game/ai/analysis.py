"""Analysis after a game: every position judged by the game's strongest
computer level, each step marked by how much it lost. Never imports pygame.

``review(match, viewer=None)`` searches each position of the match's
history with the search the Hint button asks (``hint_level``: its depth and
samples), but bounded by a fixed node budget per position (``BUDGETS``) and
a random generator seeded by the position's number, never by the clock: the
same game always gets the same marks, on any machine, under any load.

- A decision's value is the search's score of the action played, from the
  deciding seat's side; the best alternative is the search's best action.
  When the played action is not the best, it is searched again on its own
  (``Search.action_value``, same depth and budget), so its value is exact
  and not the bound a zero-window search leaves. The loss (best less played,
  each first clamped to ``CLAMP`` pawns, so that a win kept stays a win)
  gives the mark by the game's thresholds (``THRESHOLDS``, in pawns, or in
  points where the game is scored in points).
- The evaluation after a step is the played action's value, from the first
  seat's team's side (White's in chess); a step nobody could choose
  otherwise (one legal action, an agreement) takes the next position's.
- Hidden information: once the game is over the rules have shown
  everything, and the analysis searches the full states (``Review.full``
  says so). While it is going on, each position is searched on a sample of
  ``viewer``'s view (as the hint is), and only the steps the viewer may read
  are judged: other seats' secret choices get no mark, and neither does
  another seat's step whose options hang on what the viewer cannot see
  (``options_known``: a card from a hand the viewer never saw), lest it be
  told "better R@h1" of a card that seat never held.
- Simultaneous steps: each seat's choice is judged against its own best
  option in the matrix game the search plays there (its expected value
  against the rival's mixed equilibrium; the played action is always one of
  the matrix's rows).
- Games whose strongest level is not a search (``SKIPPED``) are declared,
  not guessed: their review says why and judges nothing.
- Endings that are not moves (a resignation, a draw agreed, a flag fallen
  on the clock) are not judged: their line says which ending it was
  (``ENDINGS``) and the result, never an evaluation.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from game.ai.evaluate import WIN, terminal_value
from game.ai.levels import STRONGEST, spec_for
from game.ai.search import INF, TIE, Limits, OutOfNodes, Search

MATE_ZONE = WIN - 1000  # a value past this is a forced result
CLAMP = 10.0  # pawns: values are clamped to this before losses are taken
NO_TIME = 600.0  # seconds: the clock never stops an analysis, the nodes do


@dataclass(frozen=True)
class Budget:
    """What one position gets: search nodes (the first search and, for a
    step that lost something, the played action's own search each)."""

    nodes: int


#: Nodes per position, chosen so a 60-step game takes under 30 CPU seconds
#: on the reference 2-core machine (scripts/bench_review.py prints it).
BUDGETS: dict[str, Budget] = {
    "adrenaline": Budget(200),  # a node costs ~5 ms: every move asks whether a king is attacked
    "chess": Budget(4000),
    "chess960": Budget(4000),
    "crowded_house": Budget(1500),
    "half_alice": Budget(500),
    "maces": Budget(3000),
    "masquerade": Budget(900),
    "mulligan_stew": Budget(3500),
    "synchronous": Budget(700),
    "tar_pit": Budget(800),
    "tulaga": Budget(4000),
    "tulpas": Budget(2000),
    "two_move": Budget(1000),
    "zombie": Budget(2000),
}
DEFAULT_BUDGET = Budget(1000)

#: Losses (pawns) from which a step is marked "?!", "?" and "??".
CHESS_LIKE = (0.6, 1.2, 2.5)
THRESHOLDS: dict[str, tuple[float, float, float]] = {
    # Moves made together and double moves swing more per step: wider bands.
    "synchronous": (1.0, 2.0, 3.5),
    "two_move": (1.0, 2.0, 3.5),
    "tulpas": (1.0, 2.0, 3.5),
    # Tulaga's evaluation is in stones and rows, not material: coarser. Random
    # play blunders nearly every step (17 of 24 marked); two search:2 players
    # (1500 nodes a move, seeds 1 and 2) got 2 and 3 marks in 30 steps, with
    # evaluations from -34 to +12 (the graph's scale is wider, GRAPH_SCALES).
    "tulaga": (1.0, 2.0, 4.0),
}

#: How far from the middle line the evaluation graph reaches (pawns): most
#: games' evaluations stay within 5 pawns until one side is winning.
GRAPH_SCALE = 5.0
GRAPH_SCALES: dict[str, float] = {
    # Tulaga's counts stones and rows: -34 to +12 between computer players in 30 steps.
    "tulaga": 15.0,
}

#: Games whose strongest computer level decides without a search: a search's
#: score there says nothing about how good a step was.
SKIPPED: dict[str, str] = {
    "golf": "Chess Golf's computer is a solver of shortest lines, not a search: "
    "there is no evaluation to judge its steps by",
    "cooperative": "Cooperative Chess's computer plans whole turns with the cards to come, "
    "not by a search: there is no evaluation to judge its steps by",
    "telepathic": "Telepathic Chess's computer decides by predicting its partner, "
    "not by a search: there is no evaluation to judge its steps by",
}

MARKS = ("?!", "?", "??")

#: The words of the evaluations where they are not pawns: golf and the
#: cooperative game are scored in points, Tulaga's search counts stones and
#: rows (a rank stone is 0.20), not material.
UNITS: dict[str, str] = {"golf": "points", "cooperative": "points", "tulaga": "score"}

#: What an ending step's line says instead of a judgement (its record's key).
ENDINGS = {
    "resign": "resignation",
    "draw": "draw agreed",
    "flag": "lost on time",
    "result": "result as given",  # an imported PGN's result with no reason
}


@dataclass(frozen=True)
class Choice:
    """One seat's decision in a step, judged."""

    seat: int
    played: str  # its notation
    value: float  # the played action's value for the seat
    best: str | None  # the best alternative (None: the played action is best)
    best_value: float
    loss: float
    mark: str  # "", "?!", "?" or "??"


@dataclass(frozen=True)
class StepReview:
    index: int  # 0 for the first step
    text: str  # the step as the move list writes it (for the viewer)
    eval: float | None  # after the step, from the first seat's team's side
    choices: tuple[Choice, ...] = ()
    note: str = ""  # why nothing is judged ("only move", "hidden", an ENDINGS word)
    number: int | None = None  # the move number, as the move list counts
    seat: int | None = None  # who stepped (None: several at once, or an ending)

    @property
    def mark(self) -> str:
        """The worst mark of the step's choices."""
        marks = [c.mark for c in self.choices if c.mark]
        return max(marks, key=MARKS.index) if marks else ""


@dataclass
class Review:
    game_id: str
    side: str  # whose point of view the evaluations take
    unit: str  # "pawns", "points" or "score" (UNITS)
    nodes: int  # the budget per position
    full: bool  # searched with the full states (the game is over)
    viewer: int | None  # whose view was searched while the game goes on
    first_team: tuple[int, ...] = (0,)  # the evaluations are from this team's side
    skipped: str | None = None  # why nothing is judged
    steps: list[StepReview] = field(default_factory=list)
    hidden: bool = False  # the game hides something from some seat while it goes on
    result: str = ""  # the game's result as PGN writes it ("1-0"), once it is over

    def how(self) -> str:
        """What the searches saw, in a few words: "everything revealed" only
        where something was hidden during the game."""
        if not self.hidden:
            return "full board" if self.full else "the game goes on"
        return "everything revealed" if self.full else "your view only"


def budget_for(game_id: str) -> Budget:
    return BUDGETS.get(game_id, DEFAULT_BUDGET)


def thresholds_for(game_id: str) -> tuple[float, float, float]:
    return THRESHOLDS.get(game_id, CHESS_LIKE)


def graph_scale(game_id: str) -> float:
    return GRAPH_SCALES.get(game_id, GRAPH_SCALE)


def level_of(game: Any) -> int:
    """The search depth of the game's strongest level: its ``hint_bot`` or
    its own Hard, as the Hint button asks (game/ui/play/hint.py). Its time
    and nodes give way to the analysis's budget; a view is searched on one
    sample, the same every time."""
    spec = game.hint_bot if isinstance(game.hint_bot, str) and game.hint_bot else None
    spec = spec or spec_for(game, STRONGEST)
    depth = 3
    for part in spec.split(":")[1:]:
        if part.strip().isdigit():
            depth = int(part)
    return depth


def legend(game_id: str) -> str:
    """What the marks mean in this game, in a few words (the F1 help and
    the status of a marked step show it): "?! 0.6, ? 1.2, ?? 2.5 pawns lost"."""
    low, mid, high = thresholds_for(game_id)
    unit = UNITS.get(game_id, "pawns")
    return f"?! {low:g}, ? {mid:g}, ?? {high:g} {unit} or more lost against the best step"


def mark_for(loss: float, thresholds: tuple[float, float, float]) -> str:
    mark = ""
    for word, limit in zip(MARKS, thresholds, strict=True):
        if loss >= limit:
            mark = word
    return mark


def clamp(v: float) -> float:
    return max(-CLAMP, min(CLAMP, v))


def eval_text(v: float | None) -> str:
    """An evaluation as people read it: "+0.35", "+#" for a forced win, a
    dash for none (a step with no choice to judge; "?" read as a mark)."""
    if v is None:
        return "–"
    if v >= MATE_ZONE:
        return "+#"
    if v <= -MATE_ZONE:
        return "-#"
    return f"{v:+.2f}"


class _Judge(Search):
    """The search, with the played action always among a simultaneous
    step's matrix rows (so its expected value is known)."""

    played: Any = None

    def _screen(self, state, mine, rival, theirs, ours):
        rows = super()._screen(state, mine, rival, theirs, ours)
        if ours and self.played is not None and self.played not in rows:
            rows = [*rows, self.played]
        return rows


def _find(state: Any, seat: int, text: str) -> Any:
    """The legal action of ``seat`` written ``text`` (None: none is)."""
    for a in state.legal_actions(seat):
        if state.notation(a) == text:
            return a
    return None


def judge(state: Any, seat: int, played: str, nodes: int, depth: int, seed: int) -> Choice | None:
    """``seat``'s decision ``played`` (notation) in the full state ``state``
    against its best option. None when there was no choice (one action)."""
    actions = state.legal_actions(seat)
    if len(actions) <= 1:
        return None
    limits = Limits(max_depth=depth, time_limit=NO_TIME, time_cap=NO_TIME, node_limit=nodes)
    search = _Judge(seat, limits, random.Random(seed), table={})
    search.played = _find(state, seat, played)
    result = search.run(state.copy())
    by_text = {state.notation(a): (a, v) for a, v in result.scores.items()}
    if not by_text:
        return None  # the budget ran out before any action was scored
    best_text = state.notation(result.action)
    best = max(v for _, v in by_text.values())
    if played in by_text and by_text[played][1] >= best - TIE:
        return Choice(seat, played, best, None, best, 0.0, "")
    value = by_text[played][1] if played in by_text else -INF
    if len(state.to_act()) == 1 and search.played is not None:
        # A zero-window search leaves a bound: search the played action alone.
        again = Search(seat, limits, random.Random(seed), table={})
        try:
            value = again.action_value(state.copy(), search.played, max(0, result.depth - 1))
        except OutOfNodes:
            pass  # keep the bound: the loss is then an underestimate
    if value == -INF:
        return None
    if value >= best - TIE:  # searched alone, it holds its own against the best
        return Choice(seat, played, value, None, value, 0.0, "")
    loss = max(0.0, clamp(best) - clamp(value))
    return Choice(seat, played, value, best_text, best, loss, "")


def review(
    match: Any,
    viewer: int | None = None,
    progress: Callable[[int, int], bool | None] | None = None,
    nodes: int | None = None,
) -> Review:
    """The match's steps judged (see the module docstring). ``progress(done,
    total)`` is called after each position; returning True stops the review
    there (the steps judged so far are kept). ``nodes``: another budget
    (tests)."""
    game = match.game
    over = match.is_over()
    first_team = game.team_of(0)
    unit = UNITS.get(game.id, "pawns")
    budget = nodes if nodes is not None else budget_for(game.id).nodes
    if viewer is None and not over:
        viewer = 0
    out = Review(game.id, str(game.seats[0]), unit, budget, over, None if over else viewer)
    out.first_team = tuple(first_team)
    out.hidden = _hides_something(game)
    out.result = _result_text(match)
    if game.id in SKIPPED:
        out.skipped = SKIPPED[game.id]
        return out
    depth = level_of(game)
    marks = thresholds_for(game.id)

    def side(seat: int, v: float) -> float:
        return v if seat in first_team else -v

    records = match.records
    state = match.initial_state()
    total = len(records)
    judged: list[tuple[str, tuple[Choice, ...], str, float | None]] = []
    position_values: list[float | None] = []
    for i, record in enumerate(records):
        seen = match.seen_step(record, None if over else viewer)
        text = match.step_text(seen)
        if record.actions is None:  # an ending: judged by no search
            ending = next((w for k, w in ENDINGS.items() if k in record.step), "agreement")
            judged.append((text, (), ending, None))
            position_values.append(None)
        else:
            full = state if over or viewer is None else _sample(state, viewer, i)
            choices = []
            note = ""
            for seat, action in sorted(record.actions.items()):
                if not over and seen.get(seat) != record.step.get(seat):
                    note = "hidden"
                    continue
                if not over and not options_known(state, viewer, seat, i):
                    note = "hidden"
                    continue
                choice = judge(full, seat, state.notation(action), budget, depth, i)
                if choice is not None:
                    choices.append(choice)
            if not choices and not note:
                forced = all(len(full.legal_actions(s)) <= 1 for s in record.actions)
                note = "only move" if forced else "not judged"  # (the budget ran out first)
            after = None
            if choices and len(record.actions) == 1:
                c = choices[0]
                after = side(c.seat, c.value)
            elif choices:
                after = sum(side(c.seat, c.value) for c in choices) / len(choices)
            judged.append((text, tuple(choices), note, after))
            best = [side(c.seat, c.best_value) for c in choices]
            position_values.append(sum(best) / len(best) if best else None)
        match._apply_step(state, record)  # as the match replays it
        if progress is not None and progress(i + 1, total):
            break
    else:
        final = _final_value(state, viewer, over, budget, depth, len(records))
        if final is not None and not state.is_over():
            final = side(state.to_act()[0], final)
        position_values.append(final)
    for i, (text, picked, note, after) in enumerate(judged):
        if after is None and i + 1 < len(position_values) and note not in ENDINGS.values():
            after = position_values[i + 1]
        number = records[i].number
        actors = [k for k in (records[i].actions or {}) if isinstance(k, int)]
        seat = actors[0] if len(actors) == 1 else None
        out.steps.append(StepReview(i, text, after, _marked(picked, marks), note, number, seat))
    return out


def _marked(choices: tuple[Choice, ...], marks: tuple[float, float, float]) -> tuple[Choice, ...]:
    return tuple(
        Choice(c.seat, c.played, c.value, c.best, c.best_value, c.loss, mark_for(c.loss, marks))
        for c in choices
    )


#: How many samples of a view must agree on a seat's options for the viewer
#: to know them (samples of a hidden hand differ at once; an empty pool of
#: unknowns makes every sample the same, and then the options are known).
AGREEING_SAMPLES = 4


def options_known(state: Any, viewer: int | None, seat: int, i: int) -> bool:
    """Whether ``viewer`` knows ``seat``'s legal options in ``state`` from its
    view alone: its own always; another seat's when every sample of the view
    gives the same options (never looking at the true state, so the answer
    tells the viewer nothing it could not know)."""
    if viewer is None or seat == viewer:
        return True
    view = state.view(viewer)
    if not view.is_partial:
        return True
    seen = None
    for k in range(AGREEING_SAMPLES):
        full = view.sample(viewer, random.Random(i * 1000 + k))
        options = sorted(full.notation(a) for a in full.legal_actions(seat))
        if seen is not None and options != seen:
            return False
        seen = options
    return True


def _sample(state: Any, viewer: int, i: int) -> Any:
    """A full state consistent with what ``viewer`` knows (the state itself
    when the view hides nothing), the same one every time."""
    view = state.view(viewer)
    if not view.is_partial:
        return state
    return view.sample(viewer, random.Random(i))


def _final_value(state, viewer, over, nodes: int, depth: int, i: int) -> float | None:
    """The last position's value: the result from the first seat's team's
    side when the game is over, else a search's for the seat to act (None:
    nothing to search)."""
    if state.is_over():
        return terminal_value(state.result(), 0, state.game.team_of(0))
    acting = state.to_act()
    if not acting:
        return None
    seat = acting[0]
    full = state if over else _sample(state, viewer, i)
    if len(full.legal_actions(seat)) <= 1 or len(acting) > 1:
        return None
    limits = Limits(max_depth=depth, time_limit=NO_TIME, time_cap=NO_TIME, node_limit=nodes)
    return Search(seat, limits, random.Random(i), table={}).run(full.copy()).score


def _hides_something(game: Any) -> bool:
    from game.saves import has_secrets

    return has_secrets(game)


def _result_text(match: Any) -> str:
    if not match.is_over():
        return ""
    from game.pgn import result_tag

    return result_tag(match)


def review_lines(result: Review, game: Any) -> list[str]:
    """The review as text: three lines (the budget and unit, what was
    searched, the marks' legend), then one line per step: its number and
    notation, the evaluation after it (or, for an ending, the result), its
    mark, and the best alternative where the step was not it (``python -m
    game --review``)."""
    title = game.title
    if result.skipped is not None:
        return [f"No analysis of {title}: {result.skipped}."]
    head = (
        f"Analysis of {title}: {result.nodes} search nodes per position; "
        f"evaluations in {result.unit} from {result.side}'s side."
    )
    if result.full and result.hidden:
        how = "The game is over: every position was searched with everything revealed."
    elif result.full:
        how = "The game is over: every position was searched as it stood."
    else:
        who = game.seats[result.viewer] if result.viewer is not None else "?"
        how = f"The game is still going: positions were searched from {who}'s view only."
    lines = [head, how, f"Marks: {legend(result.game_id)}."]
    for step in result.steps:
        # "3." a step of the first seat's team (White's card steps too), "3..." the others'.
        other = step.seat is not None and step.seat not in result.first_team
        number = f"{step.number}{'...' if other else '.'}" if step.number is not None else ""
        ending = step.note in ENDINGS.values()
        shown = (result.result or "") if ending else eval_text(step.eval)
        row = f"{number:>5} {step.text:<28} {shown:>7} {step.mark:<2}"
        best = []
        for c in step.choices:
            if c.best is None:
                continue
            who = f"{game.seats[c.seat]} " if len(step.choices) > 1 else ""
            value = c.best_value if c.seat in result.first_team else -c.best_value
            best.append(f"{who}{c.best} ({eval_text(value)})")
        if best:
            row += "  best: " + "; ".join(best)
        elif step.note:
            row += f"  ({step.note})"
        lines.append(row.rstrip())
    return lines
