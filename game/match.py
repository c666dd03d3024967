"""One game being played: the single source of truth for the UI and saves.

A ``Match`` holds the game, its options, the seed, who plays each seat, the
current state and the history of steps. A step is one decision of the rules
(``{seat: notation}``, several seats for a simultaneous choice) or an ending
by agreement (``{"resign": seat}``, ``{"draw": "agreed"}``).

Undo rebuilds the state by replaying the history from the start
(``game.new(options, seed)``, or the position the match was begun from), so
it is right for chance and hidden information. A save is the
same data as JSON (see ``to_dict``); loading replays every action through the
rules, so a save can never hold an illegal position.

Headless: never imports pygame.
"""

from __future__ import annotations

import copy
import logging
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game import __version__
from game.clock import Clock, flag_result
from game.engine import Action, Event, Game, IllegalAction, Result, Rounds, Seat, State
from game.save_check import (
    COMPUTER_PREFIX,
    FORMAT,
    HINT,
    HUMAN,
    ILLEGAL,
    LATE,
    MISMATCH,
    MISMATCH_WORDS,
    UNDO,
    SaveError,
    SaveFields,
    read_fields,
    replay_error,
    short,
    valid_player,
)

__all__ = [
    "COMPUTER_PREFIX",
    "FORMAT",
    "HINT",
    "HUMAN",
    "UNDO",
    "Match",
    "SaveError",
    "valid_player",
]

NAME_MAX = 16  # a player's name: at most this many characters

log = logging.getLogger(__name__)

# A step as kept in ``Match.history``: {seat: notation}, {"resign": seat} or
# {"draw": "agreed"}.
Step = dict[Any, Any]


@dataclass
class Record:
    """One step of the history: its notation (what saves keep), the action
    objects (so undo replays without parsing; None for agreements), each
    seat's public notation (what the other seats may read), and the move
    count once it is counted (``State.count_round``; saves derive it by
    replaying). ``number``: the step's move number, None for a step outside
    the rounds (a card duel between turns, an agreement)."""

    step: Step
    actions: dict[Seat, Action] | None = None
    public: dict[Seat, str] | None = None
    rounds: Rounds = Rounds()
    number: int | None = None
    # Each seat's time on the clock just before the step (None: no clock,
    # or a step replayed from a save): undo and redo put the times back.
    times: tuple[float, ...] | None = None


def find_game(game_id: str) -> Game:
    """The registered game with this id (importing every game module if it
    is not registered yet); ``KeyError`` if there is none."""
    from game import games

    if game_id not in games.REGISTRY:
        games.load_all()
    try:
        return games.REGISTRY[game_id]
    except KeyError:
        raise KeyError(game_id) from None


def clean_name(text: Any) -> str:
    """A player's name as the match keeps it: printable characters only
    (line breaks and tabs made spaces, other control and format characters
    dropped), runs of spaces made one, at most ``NAME_MAX`` characters; ""
    is no name. ValueError if it is not text at all."""
    if not isinstance(text, str):
        raise ValueError(f"A player's name is text, not {text!r}")
    text = text[: NAME_MAX * 8]  # a name pasted a million times over is cut first
    kept = "".join(c if c.isprintable() else " " if c.isspace() else "" for c in text)
    return " ".join(kept.split())[:NAME_MAX].strip()


class Match:
    """One game being played, headless."""

    def __init__(
        self,
        game_id: str,
        options: Mapping[str, Any] | None = None,
        seed: int | None = None,
        players: list[str] | None = None,
        start: str | None = None,
        names: list[str] | None = None,
    ) -> None:
        """``start``: a position in the game's text to begin from instead of
        the usual start (ValueError with the game's message if it is not one).
        ``names``: what each seat's person is called ("" or None: no name;
        a computer seat has none), cleaned by ``clean_name``."""
        try:
            self.game: Game = find_game(game_id)
        except KeyError:
            raise ValueError(f"There is no game called {game_id!r}") from None
        self.game_id = game_id
        self.options: dict[str, Any] = self.game.normalize_options(options)
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"The seed must be a whole number, not {seed!r}")
        self.seed: int = seed
        n = len(self.game.seats)
        if players is None:
            players = [HUMAN] * n
        players = list(players)
        if len(players) != n:
            raise ValueError(f"{self.game.title} has {n} seats; {len(players)} players given")
        for p in players:
            if not valid_player(p):
                raise ValueError(f"A player is 'human' or 'computer:<level>', not {p!r}")
        self.players: list[str] = players
        if names is None:
            names = [""] * n
        if not isinstance(names, list) or len(names) != n:
            raise ValueError(f"{self.game.title} has {n} seats; the names should be {n} too")
        # A computer seat is named by its level, so only people keep a name.
        self.names: list[str] = [
            clean_name(name) if p == HUMAN else "" for name, p in zip(names, players, strict=True)
        ]
        self.start = start
        self.state: State = self.initial_state()
        self.records: list[Record] = []
        self._redo: list[Record] = []  # undone steps, the next one to redo last
        self._end_times: tuple[float, ...] | None = None  # the clock when the undoing began
        # The help a person had ("undo", "hint"): a game with any is kept
        # apart from the best scores (game/records.py). Saves carry it.
        self.assists: set[str] = set()
        # The deal of the day this match plays (its ISO date; game/learn/daily.py),
        # None for free play: its result is kept apart from free play's. Saves carry it.
        self.daily: str | None = None
        # A replay of a day's deal: that day (free play all the same; for the
        # panel's words only, not kept in a save).
        self.replay_of: str | None = None
        # A Cooperative deal played as a puzzle (game/learn/puzzles.py: its
        # target score); not kept in a save, so a deal continued later is free play.
        self.puzzle: Any = None
        # Choices already made for the current simultaneous decision.
        self._pending: dict[Seat, Action] = {}
        # The game clock (game/clock.py), None for a game without one. Saves
        # carry each seat's time left; undo and redo leave the times alone.
        self.clock: Clock | None = None

    def initial_state(self) -> State:
        """The position the match began from: the game's start, or ``start``
        with the match's seed for whatever chance comes later."""
        if self.start is None:
            return self.game.new(self.options, self.seed)
        state = self.game.start_from(self.start)
        state.rng = random.Random(self.seed)
        return state

    def state_at(self, steps: int) -> State:
        """The position after the first ``steps`` steps (for looking back)."""
        state = self.initial_state()
        for record in self.records[:steps]:
            self._apply_step(state, record)
        return state

    @property
    def history(self) -> list[Step]:
        """The steps played so far, in notation."""
        return [r.step for r in self.records]

    # -- seats -----------------------------------------------------------------
    def is_human(self, seat: Seat) -> bool:
        return self.players[seat] == HUMAN

    def computer_level(self, seat: Seat) -> str | None:
        """The level of a computer seat ("computer:3" -> "3"); None for a human."""
        p = self.players[seat]
        return p[len(COMPUTER_PREFIX) :] if p.startswith(COMPUTER_PREFIX) else None

    def name(self, seat: Seat) -> str:
        """The name typed for the seat's person; "" when none was."""
        return self.names[seat] if isinstance(seat, int) and 0 <= seat < len(self.names) else ""

    def seat_name(self, seat: Seat) -> str:
        """The seat as people are told about it: "Ann (White)" when its
        person has a name, else the seat's label ("White") as always."""
        label = self._seat_name(seat)
        name = self.name(seat)
        return f"{name} ({label})" if name else label

    def to_act(self) -> tuple[Seat, ...]:
        return self.state.to_act()

    def is_over(self) -> bool:
        return self.state.is_over()

    # -- playing ---------------------------------------------------------------
    def play(self, actions: Mapping[Seat, Action]) -> list[Event]:
        """Apply one step: one action per seat in ``state.to_act()``.

        Raises IllegalAction (state, history and redo unchanged) when the
        state's ``apply`` refuses it (the game is over, a seat is missing or
        not to act, an action is not legal). Clears the redo stack and any
        pending choices."""
        actions = dict(actions)
        try:
            record = _record(self.state, actions, self._rounds())
        except Exception:
            self.state.check(actions)  # an illegal step may have no notation: refuse it
            raise  # a legal step whose notation fails: a fault in the rules
        events = self.state.apply(actions)
        record.times = self._times()
        self.records.append(record)
        self._redo.clear()
        self._pending.clear()
        if self.clock is not None:
            self.clock.stepped(actions)
        return events

    def _times(self) -> tuple[float, ...] | None:
        return None if self.clock is None else tuple(self.clock.left)

    def _set_times(self, times: tuple[float, ...] | None) -> None:
        if self.clock is not None and times is not None and len(times) == len(self.clock.left):
            self.clock.left = list(times)

    def submit(self, seat: Seat, action: Action) -> list[Event] | None:
        """Make one seat's choice. In a sequential step this plays at once;
        in a simultaneous step the choice waits (not in the state, not in a
        save) until every acting seat has chosen, and the step is then played
        and its events returned. None while choices are still missing.
        IllegalAction (nothing kept) if the state refuses the choice."""
        choices = {**self._pending, seat: action}
        if set(self.state.to_act()) - set(choices):
            self.state.check({seat: action}, complete=False)  # refused now, not when all chose
            self._pending = choices
            return None
        return self.play(choices)

    @property
    def pending(self) -> dict[Seat, Action]:
        """Choices submitted for the current simultaneous step (a copy)."""
        return dict(self._pending)

    def waiting_for(self) -> tuple[Seat, ...]:
        """Seats to act that have not submitted a choice yet."""
        return tuple(s for s in self.state.to_act() if s not in self._pending)

    def resign(self, seat: Seat) -> list[Event]:
        if self.state.is_over():
            raise IllegalAction("The game is already over")
        if not 0 <= seat < len(self.game.seats):
            raise IllegalAction(f"There is no seat {seat}")
        events = self.state.resign(seat)
        self._record_agreement({"resign": seat})
        return events

    def agree_draw(self) -> list[Event]:
        if self.state.is_over():
            raise IllegalAction("The game is already over")
        events = self.state.agree_draw()
        self._record_agreement({"draw": "agreed"})
        return events

    def flag(self, seat: Seat) -> list[Event]:
        """``seat``'s time ran out (game/clock.py ``flag_result`` says what
        that scores); kept in the history as ``{"flag": seat}``."""
        if self.state.is_over():
            raise IllegalAction("The game is already over")
        if not 0 <= seat < len(self.game.seats):
            raise IllegalAction(f"There is no seat {seat}")
        if self.clock is None:
            raise IllegalAction("No time runs out in a game without a clock")
        events = self.state.end_by(flag_result(self.state, seat), seat)
        self.clock.left[seat] = min(self.clock.left[seat], 0.0)  # the flag fell: none left
        self._record_agreement({"flag": seat})
        return events

    def record_result(self, said: str) -> list[Event]:
        """End the game with a result a record gives and no reason for it
        (a PGN from elsewhere: "1-0" and nothing more); kept in the history
        as ``{"result": said}``. Only between two teams."""
        if self.state.is_over():
            raise IllegalAction("The game is already over")
        events = self.state.end_by(given_result(self.state, said))
        self._record_agreement({"result": said})
        return events

    def _record_agreement(self, step: Step) -> None:
        self.records.append(Record(step, rounds=self._rounds(), times=self._times()))
        self._redo.clear()
        self._pending.clear()

    def _rounds(self) -> Rounds:
        """The move count before the next step."""
        return self.records[-1].rounds if self.records else self.first_rounds()

    def first_rounds(self) -> Rounds:
        """The move count before the first step, as the start position says."""
        return self.initial_state().first_rounds()

    def _seat_name(self, seat: Seat) -> str:
        seats = self.game.seats
        return seats[seat] if isinstance(seat, int) and 0 <= seat < len(seats) else str(seat)

    # -- undo and redo ---------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """Is there a step to take back? Not a flag: the time is gone, and
        taken back the flag would fall again at once."""
        return bool(self.records) and "flag" not in self.records[-1].step

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self, steps: int = 1) -> int:
        """Take back up to ``steps`` steps (onto the redo stack); returns how
        many were taken back. The state is rebuilt from the start."""
        n = 0
        if not self._redo and self.can_undo:
            self._end_times = self._times()  # where redoing everything comes back to
        while n < steps and self.can_undo:
            self._redo.append(self.records.pop())
            n += 1
        if n:
            self.assists.add(UNDO)  # what came next is known now: an assisted game
            self._rebuild()
            # The times as they were before that step: an increment earned
            # is not earned twice by playing the step again.
            self._set_times(self._redo[-1].times)
        return n

    def redo(self) -> list[Event]:
        """Play the most recently undone step again; its events, or [] if
        there is nothing to redo."""
        if not self._redo:
            return []
        record = self._redo.pop()
        events = self._apply_step(self.state, record)
        self.records.append(record)
        self._pending.clear()
        self._set_times(self._redo[-1].times if self._redo else self._end_times)
        return events

    def undo_to_human(self) -> int:
        """Undo until a human seat is to act again, so that against the
        computer the computer's reply and the human's move are both taken
        back. With no human seat, undoes one step. Returns steps undone."""
        if not any(self.is_human(s) for s in range(len(self.players))):
            return self.undo(1)
        n = 0
        while self.can_undo:
            n += self.undo(1)
            if any(self.is_human(s) for s in self.state.to_act()):
                break
        return n

    def redo_to_human(self) -> list[Event]:
        """Redo until a human seat is to act again (or nothing is left)."""
        events: list[Event] = []
        while self.can_redo:
            events += self.redo()
            if any(self.is_human(s) for s in self.state.to_act()):
                break
        return events

    def replayed(self) -> Match:
        """A copy rebuilt from the start by replaying the recorded steps:
        whole even if a step failed halfway and left the live state half
        changed (a step is recorded only once it has been applied in full)."""
        twin = copy.copy(self)
        twin.records = list(self.records)
        twin._redo = list(self._redo)
        twin._pending = {}
        twin.assists = set(self.assists)
        twin._rebuild()
        return twin

    def _rebuild(self) -> None:
        state = self.initial_state()
        for record in self.records:
            self._apply_step(state, record)
        self.state = state
        self._pending.clear()

    @staticmethod
    def _apply_step(state: State, record: Record) -> list[Event]:
        step = record.step
        if "resign" in step:
            return state.resign(step["resign"])
        if "draw" in step:
            return state.agree_draw()
        if "flag" in step:
            return state.end_by(flag_result(state, step["flag"]), step["flag"])
        if "result" in step:
            return state.end_by(given_result(state, step["result"]))
        assert record.actions is not None
        return state.apply(record.actions)

    # -- display ---------------------------------------------------------------
    def round_numbers(self) -> list[int | None]:
        """Each step's move number as players count moves (None: a step
        outside the rounds, an agreement), as the rules said when it was
        played (``State.count_round``)."""
        return [r.number for r in self.records]

    def move_count(self) -> int:
        """How many moves the game has lasted, as players count them."""
        return self._rounds().number

    def step_text(self, step: Step) -> str:
        """One step in words for the move list, as its notation has it."""
        if "resign" in step:
            return self.game.resign_words.format(seat=self._seat_name(step["resign"]))
        if "draw" in step:
            return "Draw agreed"
        if "flag" in step:
            return f"{self._seat_name(step['flag'])} ran out of time"
        if "result" in step:
            return f"{step['result']} (as the PGN gives it)"
        if len(step) == 1:
            return next(iter(step.values()))
        return " / ".join(f"{self._seat_name(s)}: {t}" for s, t in sorted(step.items()))

    def seen_step(self, record: Record, viewer: Seat | None) -> Step:
        """The step as ``viewer`` may read it: its own choices in full, the
        other seats' in their public form (None: everything), unless the
        game has turned it face up since (``secrets_shown_by_next_step``)."""
        if record.public is None or viewer is None:
            return record.step
        if self.game.secrets_shown_by_next_step and record is not self.records[-1]:
            return record.step
        return {s: (t if s == viewer else record.public[s]) for s, t in record.step.items()}

    def move_list(self, viewer: Seat | None = None) -> list[str]:
        """Each step's text in order, as ``viewer`` may read it (None: all).
        Once the game is over everything is shown."""
        if self.is_over():
            viewer = None
        return [self.step_text(self.seen_step(r, viewer)) for r in self.records]

    # -- saves -------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The save format (JSON-ready). ``redo`` lists undone steps in
        playing order, the next one to redo first."""
        out = {
            "format": FORMAT,
            "app_version": __version__,
            "game": self.game_id,
            "options": dict(self.options),
            "seed": self.seed,
            "players": list(self.players),
            "actions": [_step_to_json(r.step) for r in self.records],
            "redo": [_step_to_json(r.step) for r in reversed(self._redo)],
            "final": self.state.to_text(),
            "moves": self.move_count(),  # for the list of saves; loading counts them again
        }
        if self.start is not None:
            out["start"] = self.start
        if any(self.names):  # a save with no names reads as it always did
            out["names"] = list(self.names)
        if self.assists:  # likewise a game nobody helped
            out["assisted"] = sorted(self.assists)
        if self.daily is not None:  # and a game of free play
            out["daily"] = self.daily
        if self.clock is not None:  # and a game without a clock
            out["clock"] = self.clock.to_dict()
        return out

    @classmethod
    def from_dict(cls, d: Any) -> Match:
        """Rebuild a match from ``to_dict`` output: its fields checked by
        ``save_check.read_fields``, then its steps replayed through the
        rules. Any problem raises SaveError (with its kind and step) in words
        for people."""
        fields: SaveFields = read_fields(d)
        game = fields.game
        try:
            match = cls(
                game.id, fields.options, fields.seed, fields.players, fields.start, fields.names
            )
        except (ValueError, TypeError, OverflowError) as e:
            log.warning("a save's settings could not start its game: %s", short(e, 200))
            raise SaveError(
                f"This save's settings cannot start a game of {game.title}.", kind="settings"
            ) from None
        if fields.names is not None and match.names != [
            n if p == HUMAN else "" for n, p in zip(fields.names, fields.players, strict=False)
        ]:
            log.warning(
                "names in the save were cleaned: %.200r became %r", fields.names, match.names
            )

        match.clock = fields.clock  # first: only a game with a clock has a flag
        for i, step in enumerate(fields.steps, 1):
            rounds = match._rounds()
            number = _move_number(match, step, rounds)
            which = f"move {number}" if number is not None else "a move"
            match.records.append(_replay(match, match.state, step, i, which, rounds))
        if match.state.to_text() != fields.final:
            raise SaveError(MISMATCH_WORDS, kind=MISMATCH)

        probe = match.state.copy()
        redo_steps: list[Record] = []
        for i, step in enumerate(fields.redo, len(fields.steps) + 1):
            rounds = redo_steps[-1].rounds if redo_steps else match._rounds()
            redo_steps.append(_replay(match, probe, step, i, "a taken-back move", rounds))
        match._redo = list(reversed(redo_steps))
        match.assists = set(fields.assisted)
        match.daily = fields.daily
        return match

    # -- another game ------------------------------------------------------------------
    def again(self, swap: bool = False) -> Match:
        """A new game of the same game and options with a fresh deal (a new
        seed), the same people, computer levels and names, and the clock's
        control with full time. ``swap``: a rematch, each seat's player moved
        to ``swapped_seats``, from the same start (a typed position too);
        else a new game from the game's own start."""
        players, names = list(self.players), list(self.names)
        if swap:
            for seat, to in swapped_seats(self.game, self.options).items():
                players[to], names[to] = self.players[seat], self.names[seat]
        start = self.start if swap else None
        match = Match(self.game_id, self.options, None, players, start, names)
        if self.clock is not None:
            match.clock = Clock.new(self.clock.base, self.clock.increment, len(players))
        return match

    def __repr__(self) -> str:
        return f"<Match {self.game_id} seed={self.seed} steps={len(self.history)}>"


def swapped_seats(game: Game, options: Mapping[str, Any]) -> dict[Seat, Seat]:
    """Where each seat in play goes for a rematch: to the seat in the same
    place among the next side's seats (White's and Black's swap, partners
    stay partners); with one side only (Golf's players), one seat on."""
    in_play = game.seats_in_play(options)
    sides = sorted({game.side_of(s) for s in in_play})
    by_side = {side: [s for s in in_play if game.side_of(s) == side] for side in sides}
    if len(sides) == 1:
        order = by_side[sides[0]]
        return {s: order[(i + 1) % len(order)] for i, s in enumerate(order)}
    out = {}
    for k, side in enumerate(sides):
        nxt = by_side[sides[(k + 1) % len(sides)]]
        for i, s in enumerate(by_side[side]):
            out[s] = nxt[i % len(nxt)]
    return out


#: The results a record may give without a reason (``Match.record_result``).
GIVEN_RESULTS = ("1-0", "0-1", "1/2-1/2")


def given_result(state: State, said: str) -> Result:
    """The result ``said`` ("1-0": the first seat's team won) as a game
    record gives it, with no reason; IllegalAction where it cannot be one."""
    game = state.game
    first = game.team_of(0)
    others = [s for s in range(len(game.seats)) if s not in first]
    if (
        said not in GIVEN_RESULTS
        or not others
        or any(s not in game.team_of(others[0]) for s in others)
    ):
        raise IllegalAction(f"{said!r} is not a result of two sides in {game.title}")
    if said == "1/2-1/2":
        return Result.draw(game, GIVEN_REASON)
    return Result.team_win(game, 0 if said == "1-0" else others[0], GIVEN_REASON)


GIVEN_REASON = "The result as the PGN gives it (no reason stated)"


def step_seat(step: Step) -> Seat | None:
    """The one seat of a sequential step; None for a simultaneous step or an
    agreement."""
    seats = [k for k in step if isinstance(k, int)]
    return seats[0] if len(seats) == 1 else None


def _move_number(match: Match, raw: Any, rounds: Rounds) -> int | None:
    """The move number of a saved step about to be replayed, for messages:
    as the rules count it, or, after the end of the game, as seats count."""
    state = match.state
    if not state.is_over():
        counted = state.count_round(rounds)
        return counted.number if counted else None
    keys = list(raw) if isinstance(raw, dict) else []
    if len(keys) == 1 and str(keys[0]).isdigit() and int(keys[0]) < len(match.game.seats):
        return rounds.after(match.game.side_of(int(keys[0]))).number
    return None


def _step_to_json(step: Step) -> dict[str, Any]:
    return {str(k): v for k, v in step.items()}


def _record(state: State, actions: Mapping[Seat, Action], rounds: Rounds) -> Record:
    """The record of a step about to be applied to ``state``; ``rounds``:
    the move count before it."""
    counted = state.count_round(rounds)
    return Record(
        state.step_notation(actions),
        dict(actions),
        state.step_notation(actions, public=True),
        counted or rounds,
        counted.number if counted else None,
    )


def _replay(
    match: Match, state: State, step: Step, index: int, which: str, rounds: Rounds
) -> Record:
    """Parse and apply one checked step (``read_steps``) on ``state``;
    SaveError with its kind and ``index`` on any problem. ``which`` names the
    step for people ("move 3"); ``rounds``: the move count before it."""
    agreement = step == {"draw": "agreed"} or any(k in step for k in ("resign", "flag", "result"))
    shown = "" if agreement else short(match.step_text(step))
    if shown:
        which += f" ({shown})"
    if state.is_over():
        raise replay_error(LATE, index, which)
    if step == {"draw": "agreed"}:
        state.agree_draw()
        return Record({"draw": "agreed"}, rounds=rounds)
    if "resign" in step:
        state.resign(step["resign"])
        return Record({"resign": step["resign"]}, rounds=rounds)
    if "flag" in step:
        seat = step["flag"]
        # A time-out edited in: a game with no clock, or time left on the
        # seat's clock (the save's clock is as the flag left it).
        if match.clock is None or match.clock.left[seat] > 0:
            why = "the game has no clock" if match.clock is None else "its clock has time left"
            raise SaveError(
                f"This save is damaged: it says {match._seat_name(seat)} ran out of time, "
                f"but {why}. The file may have been edited.",
                kind=ILLEGAL,
                step=index,
            )
        state.end_by(flag_result(state, step["flag"]), step["flag"])
        return Record({"flag": step["flag"]}, rounds=rounds)
    if "result" in step:
        try:
            state.end_by(given_result(state, step["result"]))
        except IllegalAction:
            raise replay_error(ILLEGAL, index, which) from None
        return Record({"result": step["result"]}, rounds=rounds)
    if set(step) != set(state.to_act()):
        raise replay_error(ILLEGAL, index, which)
    actions: dict[Seat, Action] = {}
    try:
        for seat, text in sorted(step.items()):
            actions[seat] = state.parse_action(text, seat)
        record = _record(state, actions, rounds)
        state.apply(actions)
    except IllegalAction:
        raise replay_error(ILLEGAL, index, which) from None
    except Exception as e:  # a rules bug must not crash the loader
        log.exception("step %d (%s) could not be replayed", index, shown)
        raise replay_error("fault", index, which) from e
    return record
