"""The protocol every game speaks: a Game describes a kind of game, a State is
one position of it.

Modelled on OpenSpiel's game/state split. Seats are small ints (0, 1, ...)
naming the people at the table (``Game.seats``); sides are the colours on the
board (``Game.sides``); ``Game.side_of(seat)`` links them, and ``Game.teams``
says who wins together. A turn made of several decisions is several steps by
the same seat; several seats in ``to_act()`` choose at once and their choices
are applied together. All chance goes through ``State.rng``, seeded by
``Game.new``, so replaying the same actions from the same seed gives the same
game.

Secrets: ``view(seat)`` is a copy holding only what that seat may know (no
random generator, no deck order, nothing of the opponents' secrets);
``sample(seat, rng)`` turns a view back into a full state by drawing every
hidden part. Each action has a full notation (``notation``, for the actor
and for saves) and a public one (``public_notation``, for everyone else);
each event says who may see it (``Event.audience``).
"""

from __future__ import annotations

import copy as _copy
import random
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Protocol

from game.engine.board import Geometry
from game.engine.pieces import Piece

Seat = int
Action = Hashable  # each game defines its own small, hashable action type


class IllegalAction(ValueError):
    """An action that the rules do not allow here, or text that names none."""


MESSAGE_MAX = 160  # characters: a refusal is a short message, whatever it was given
TEXT_MAX = 4000  # characters: longer than any game's position text


def shorten(message: str, limit: int = MESSAGE_MAX) -> str:
    """``message`` cut to ``limit`` characters (an ellipsis where cut)."""
    return message if len(message) <= limit else message[: limit - 1] + "\u2026"


class PositionError(ValueError):
    """A position text the rules cannot play; its message is short, and
    echoes at most a little of the text."""

    def __init__(self, message: str) -> None:
        super().__init__(shorten(message))


@dataclass(frozen=True)
class Event:
    """Something that happened, for the UI to animate and the log to tell.

    ``kind`` is a short word: "move", "capture", "castle", "promote",
    "en_passant", "check", "game_over", and whatever a game adds ("throw",
    "swing", "teleport", "swap", "drop", "reveal", "stone", "reap"...).
    Squares are indices into the game's geometry. ``audience``: the seats
    that may see this event (None: everyone).
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)
    audience: frozenset[Seat] | None = None

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def visible_to(self, viewer: Seat | None) -> bool:
        """May ``viewer`` see it? (None: the all-seeing viewer of a game
        that is over or watched with every seat a computer.)"""
        return viewer is None or self.audience is None or viewer in self.audience


@dataclass(frozen=True)
class Rounds:
    """Where the move count stands (``State.count_round``): ``number``, the
    round of the latest numbered step (0: none yet); ``opener`` and
    ``last``, the game's marks for who opened the count and who played the
    latest numbered step (by default their sides)."""

    number: int = 0
    opener: Any = None
    last: Any = None

    def after(self, side: Any) -> Rounds:
        """The count once ``side`` has played a step: a round begins when
        the side that opened the count acts after another side."""
        opener = side if self.number == 0 else self.opener
        starts = self.number == 0 or (side == opener and self.last != opener)
        return Rounds(self.number + starts, opener, side)

    @staticmethod
    def at(number: int, white_to_move: bool) -> Rounds:
        """The count before the first step of a position at move ``number``
        (FEN's move number, White opening each round; sides 0 and 1): begun
        already when Black is to move ("... b - - 0 12": Black's 12th move
        comes first)."""
        if not white_to_move:
            return Rounds(number, 0, 0)
        return Rounds(number - 1, 0, 1) if number > 1 else Rounds()


@dataclass(frozen=True)
class Option:
    """A setting chosen before the game starts."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: free value checked by ``validate``
    help: str = ""
    # A help line per choice, where the choices need words of their own
    # (the setup shows the chosen one's); empty: ``help`` for all.
    choice_help: tuple[str, ...] = ()

    def help_for(self, value: Any) -> str:
        """The help line to show with ``value`` chosen."""
        if self.choice_help and value in self.choices:
            return self.choice_help[self.choices.index(value)]
        return self.help


@dataclass(frozen=True)
class Result:
    """How a game ended.

    ``points`` per seat: 1 win, 0.5 draw, 0 loss. Score games also give
    ``scores`` per seat, whether lower is better (golf), and ``verdict``, the
    score in words ("43 points: a good game"); their ``points`` rank the
    scores (or, alone at the table, say whether the score counts as a win).
    ``reason`` says why it ended."""

    points: tuple[float, ...]
    reason: str = ""
    scores: tuple[float, ...] | None = None
    lower_is_better: bool = False
    verdict: str = ""

    @classmethod
    def win(cls, game: Game, side: int, reason: str) -> Result:
        """Every seat playing ``side`` wins, every other seat loses."""
        n = len(game.seats)
        return cls(tuple(1.0 if game.side_of(s) == side else 0.0 for s in range(n)), reason)

    @classmethod
    def team_win(cls, game: Game, seat: Seat, reason: str) -> Result:
        """``seat``'s team wins, everyone else loses."""
        team = game.team_of(seat)
        n = len(game.seats)
        return cls(tuple(1.0 if s in team else 0.0 for s in range(n)), reason)

    @classmethod
    def draw(cls, game: Game, reason: str) -> Result:
        return cls((0.5,) * len(game.seats), reason)

    @classmethod
    def score(
        cls,
        game: Game,
        scores: Sequence[float],
        reason: str,
        verdict: str = "",
        lower_is_better: bool = False,
        points: Sequence[float] | None = None,
    ) -> Result:
        """A score result; ``points`` default to ranking the scores (the best
        score wins, ties share)."""
        scores = tuple(float(s) for s in scores)
        if points is None:
            best = min(scores) if lower_is_better else max(scores)
            tops = [s for s in range(len(scores)) if scores[s] == best]
            if len(tops) == len(scores):
                points = (0.5,) * len(scores) if len(scores) > 1 else (1.0,)
            else:
                points = tuple(1.0 if s in tops else 0.0 for s in range(len(scores)))
        return cls(tuple(points), reason, scores, lower_is_better, verdict)

    def headline(self, game: Game) -> str:
        """The result in a few words: "White wins", "Draw", "43 points: ..."."""
        if self.verdict:
            return self.verdict
        if len(set(self.points)) == 1 and len(self.points) > 1:
            return "Draw"
        best = max(self.points)
        winners = [s for s, v in enumerate(self.points) if v == best]
        sides = {game.side_of(s) for s in winners}
        names = (
            [game.sides[next(iter(sides))]]
            if len(sides) == 1 and len(winners) > 1 and len(game.sides) > 1
            else [game.seats[s] for s in winners]
        )
        if len(names) == 1:
            return f"{names[0]} wins"
        return " and ".join(names) + " win"


class Game:
    """A kind of game. Subclasses set the class attributes and ``new``."""

    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[str, ...]] = ("White", "Black")
    # The seats' names for tight places (a narrow panel's clock lines), where
    # they are long; None: ``seats``.
    short_seats: ClassVar[tuple[str, ...] | None] = None
    sides: ClassVar[tuple[str, ...]] = ("White", "Black")
    seat_sides: ClassVar[tuple[int, ...] | None] = None  # side per seat; None: seat i plays side i
    teams: ClassVar[tuple[tuple[Seat, ...], ...] | None] = None  # None: every seat alone
    options: ClassVar[tuple[Option, ...]] = ()
    blurb: ClassVar[str] = ""
    # People sharing one screen must not see each other's view (hidden
    # parts, or secret choices waiting in the match): privacy screens.
    private_views: ClassVar[bool] = False
    # A game scored in points has no draw to agree, and its players do not
    # resign but stop where they are (``State.resign`` says what that scores).
    draw_offers: ClassVar[bool] = True
    resign_label: ClassVar[str] = "Resign"
    resign_note: ClassVar[str] = ""  # what stopping means, asked before it is done
    resign_words: ClassVar[str] = "{seat} resigns"  # the move list's line for it
    # Steps the move list dims, as it dims agreements: the turn passed with
    # nothing done on the board (Cooperative's "end"), kept for the record.
    quiet_steps: ClassVar[frozenset[str]] = frozenset()
    # The computer: what a setup level ("search:2") means in this game where
    # the generic depth plays badly, and the spec the Hint button asks.
    bot_levels: ClassVar[Mapping[str, str]] = {}
    hint_bot: ClassVar[str | None] = None
    # False: no hint for a person playing against other people (a race to
    # solve a puzzle, where the hint would be the answer and the secret bid).
    hints_against_people: ClassVar[bool] = True
    # A secret choice is turned face up by the next step (Telepathic's
    # predicted card, turned over by the move): once a step follows it, the
    # move list shows it in full to everyone.
    secrets_shown_by_next_step: ClassVar[bool] = False
    # A person playing the computer may enter their next move while it thinks
    # (a premove, game/ui/play/premove.py): two seats taking ordinary turns,
    # nothing hidden, a turn opened by a move from one square to another.
    premoves: ClassVar[bool] = False
    # What the search may assume (declared, never probed). ``null_move_safe``:
    # passing is never better than moving, so null-move pruning and check
    # extensions are sound; the states are then ``NullMoves``.
    null_move_safe: ClassVar[bool] = False
    # A turn of several decisions by one seat counts one ply of depth.
    depth_by_turns: ClassVar[bool] = False
    # No check rule: a king may be left where the other side can take it
    # (the board then marks it, from ``State.kings_in_danger``, if asked).
    kings_left_attacked: ClassVar[bool] = False

    # -- seats, sides, teams ---------------------------------------------------------
    def side_of(self, seat: Seat) -> int:
        """The side (colour) ``seat`` plays."""
        return self.seat_sides[seat] if self.seat_sides is not None else seat

    def team_of(self, seat: Seat) -> tuple[Seat, ...]:
        """The seats that win or lose together with ``seat`` (itself included)."""
        for team in self.teams or ():
            if seat in team:
                return tuple(team)
        return (seat,)

    def seats_in_play(self, options: Mapping[str, Any]) -> tuple[Seat, ...]:
        """The seats that take part with these options: all of them, unless
        a mode leaves some out (Cooperative Chess alone: one seat moves both
        colours). The setup screen asks only about these, and the play scene
        counts only their people."""
        return tuple(range(len(self.seats)))

    # -- options -----------------------------------------------------------------------
    def default_options(self) -> dict[str, Any]:
        return {o.key: o.default for o in self.options}

    def normalize_options(self, options: Mapping[str, Any] | None) -> dict[str, Any]:
        """Defaults filled in; unknown keys or bad values raise ValueError."""
        merged = self.default_options()
        for key, value in (options or {}).items():
            if key not in merged:
                raise ValueError(f"{self.title} has no option {key!r}")
            merged[key] = value
        for o in self.options:
            if o.choices and merged[o.key] not in o.choices:
                raise ValueError(f"{o.label}: {merged[o.key]!r} is not one of {o.choices}")
        return merged

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> State:
        raise NotImplementedError

    def start_from(self, text: str) -> State:
        """A typed position to begin a game from (the setup screen, a save's
        start): ``from_text``, and a game still to play."""
        state = self.from_text(text)
        if state.is_over():
            raise PositionError("the game is already over in that position")
        state.check_start()
        return state

    def from_text(self, text: str) -> State:
        """The one door for typed positions (the setup screen, a save's
        start, ``--load``): the game's ``read_text``, then the state's own
        ``check_position``. Anything the rules could not play is refused
        with PositionError."""
        if not isinstance(text, str):
            raise PositionError("a position is a text")
        if len(text) > TEXT_MAX:
            raise PositionError(f"the position text is too long (over {TEXT_MAX} characters)")
        try:
            state = self.read_text(text)
            state.check_position()
        except PositionError:
            raise
        except (ValueError, IndexError, KeyError, OverflowError) as error:
            raise PositionError(str(error) or "the position text cannot be read") from None
        return state

    def read_text(self, text: str) -> State:
        """The state a position text (``State.to_text``) describes;
        ValueError on anything malformed."""
        raise NotImplementedError

    def warm_up(self) -> None:
        """Build now what the rules would build on first use (move tables):
        a bot's worker calls this when it starts, so that its first decision
        spends its time budget searching. A game whose rules build such
        tables lazily says so here; by default there are none."""


class State:
    """One position. Subclasses implement the rules; the base class holds
    what every game shares: the end by agreement, views and samples, and the
    defaults for games without secrets."""

    game: Game
    rng: random.Random | None  # None in a view: a view never predicts chance
    is_partial: bool = False  # a view with hidden parts blanked out

    # Set by resign/agree_draw.
    _agreed_result: Result | None = None

    # -- what a state may offer besides the rules (declared, never probed) --------
    # A board of pieces (``Board``): ``pieces()`` and ``geometry`` say what
    # stands where, for the board view and the chess-like evaluation.
    has_pieces: ClassVar[bool] = False
    geometry: Geometry | None = None  # the board's squares
    # ``Searchable``: searched in place (``make``/``unmake``) with a
    # transposition table (``key``).
    searchable: ClassVar[bool] = False

    def pieces(self) -> Mapping[int, Piece]:
        """What stands on each occupied square (``has_pieces`` states)."""
        return {}

    def check_square(self) -> int | None:
        """The square of a king in check, for the board view to mark."""
        return None

    def kings_in_danger(self) -> tuple[int, ...]:
        """In a game with ``kings_left_attacked``: the squares of the kings
        the other side could take in its next turn, judged only from what
        this state holds (a seat's view judges what that seat knows)."""
        return ()

    def noisy_actions(self, seat: Seat) -> list[Action] | None:
        """For a search's quiescence: the actions of ``seat`` that change the
        material (captures, promotions), listed cheaper than filtering
        ``legal_actions``; None: filter them instead."""
        return None

    # -- whose decision and which choices ------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def apply(self, actions: Mapping[Seat, Action]) -> list[Event]:
        """Apply one decision per acting seat; IllegalAction (the state
        unchanged) unless the seats are exactly ``to_act()`` and each action
        is legal for its seat. The one public door: it checks, then plays
        the game's own ``_apply``."""
        self.check(actions)
        return self._apply(actions)

    def check(self, actions: Mapping[Seat, Action], complete: bool = True) -> None:
        """IllegalAction, in the one wording every refusal has, unless each
        seat given is to act and its action legal for it, and (``complete``)
        every seat to act is given: a choice waiting for the rest of its
        step is checked with ``complete=False``."""
        acting = set(self.to_act())
        given = set(actions)
        if (given != acting if complete else not given <= acting) or any(
            a not in self.legal_actions(s) for s, a in actions.items()
        ):
            seats = self.game.seats

            def name(s: Any) -> str:
                return seats[s] if isinstance(s, int) and 0 <= s < len(seats) else repr(s)

            tried = ", ".join(f"{name(s)} {a}" for s, a in actions.items()) or "nothing"
            who = " and ".join(name(s) for s in sorted(acting)) or "nobody"
            raise IllegalAction(f"Not legal here: {tried} ({who} to act)")

    def _apply(self, actions: Mapping[Seat, Action]) -> list[Event]:
        """The game's rules for a step ``apply`` has checked: exactly the
        seats to act, each action legal."""
        raise NotImplementedError

    def prompt(self, seat: Seat) -> str:
        return f"{self.game.seats[seat]} to move"

    def first_rounds(self) -> Rounds:
        """The move count before the first step from this position: none
        yet, by default (a position that says its move number counts on
        from it)."""
        return Rounds()

    def count_round(self, rounds: Rounds) -> Rounds | None:
        """The move count once the step about to be played is counted (ask
        before applying it): its ``number`` is the step's move number as
        players count moves. None: a step outside the rounds (a card duel
        between turns), which neither starts nor breaks one. By default a
        round begins when the side that opened acts after another side (one
        number for White's move and Black's reply, for a turn of several
        parts); games whose seats do not tell the rounds apart say it from
        their own state."""
        acting = self.to_act()
        return rounds.after(self.game.side_of(acting[0])) if len(acting) == 1 else None

    def ply(self) -> int | None:
        """A number that grows with every turn of one game (twice the move
        number plus the side to move, in chess), or None where the state
        does not count turns: a computer player keeps its transposition
        table from one decision to a later one of the same game by it."""
        return None

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        """Why ``seat``'s piece on ``square``, clicked, has no move now (the
        app says it instead of doing nothing); None: nothing to say."""
        return None

    def side_acting(self, seat: Seat) -> int:
        """The side (colour) ``seat`` moves in the decision at hand: its own,
        unless it moves more than one (Cooperative Chess alone moves both)."""
        return self.game.side_of(seat)

    def acts_after_choice(self) -> Seat | None:
        """Of the seats choosing at once now, the one who acts next, alone,
        once all have chosen (the mover after the Tulpa duel); None when that
        depends on the choices or nobody does. Public: people at one screen
        hand it to that person last, so the choice costs one handover."""
        return None

    def uniform_decision(self, seat: Seat) -> bool:
        """True for a secret choice that an opponent could exploit if it were
        predictable (the Tulpa card duel): computer players pick uniformly."""
        return False

    def headline(self) -> str:
        """A short note shown under the game's title (the Chess960 start)."""
        return ""

    # -- the end ---------------------------------------------------------------
    def is_over(self) -> bool:
        return self.result() is not None

    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""
        if self._agreed_result is not None:
            return self._agreed_result
        return self.rules_result()

    def rules_result(self) -> Result | None:
        raise NotImplementedError

    def resign(self, seat: Seat) -> list[Event]:
        """``seat`` gives up: its team loses, every other seat wins."""
        game = self.game
        team = game.team_of(seat)
        points = tuple(0.0 if s in team else 1.0 for s in range(len(game.seats)))
        who = game.seats[seat]
        self._agreed_result = Result(points, f"{who} resigned")
        return [Event("game_over", seat, {"reason": self._agreed_result.reason})]

    def agree_draw(self) -> list[Event]:
        self._agreed_result = Result.draw(self.game, "Draw agreed")
        return [Event("game_over", None, {"reason": self._agreed_result.reason})]

    def end_by(self, result: Result, seat: Seat | None = None) -> list[Event]:
        """The game ends with ``result`` from outside the rules (a seat's
        clock ran out: game/clock.py), ``seat`` the one it happened to."""
        self._agreed_result = result
        return [Event("game_over", seat, {"reason": result.reason})]

    # -- knowledge ---------------------------------------------------------------
    def view(self, seat: Seat) -> State:
        """What ``seat`` may know: a copy with no random generator and the
        hidden parts blanked out by ``hide``."""
        v = self.copy()
        v.rng = None
        v.is_partial = bool(v.hide(seat))
        return v

    def hide(self, seat: Seat) -> bool:
        """Blank out, in this copy, what ``seat`` may not see; True if
        anything was hidden. Games with secrets override it."""
        return False

    def sample(self, seat: Seat, rng: random.Random) -> State:
        """A full state consistent with this view of ``seat``: hidden parts
        drawn at random (``fill``), and a fresh random generator, so a search
        never meets the real game's future chance."""
        s = self.copy()
        s.rng = random.Random(rng.getrandbits(64))
        if s.is_partial:
            s.fill(seat, rng)
            s.is_partial = False
        return s

    def fill(self, seat: Seat, rng: random.Random) -> None:
        """Draw every part ``hide`` blanked, consistently with what ``seat``
        knows. Games that override ``hide`` override this too."""
        raise NotImplementedError(f"{type(self).__name__} hides nothing, so it fills nothing")

    # -- copies and text -------------------------------------------------------------
    def copy(self) -> State:
        raise NotImplementedError

    def copy_rng(self) -> random.Random | None:
        """A generator in the same state as this one, not shared with it."""
        return _copy.copy(self.rng) if self.rng is not None else None

    def to_text(self) -> str:
        raise NotImplementedError

    def check_position(self) -> None:
        """Raise PositionError if the rules cannot play this position (read
        from a text). Games extend it (calling ``super()``) with what their
        equipment and rules exclude."""

    def check_start(self) -> None:
        """Raise PositionError if a game cannot begin here, though the rules
        may reach it later (a typed start; ``check_position`` has passed)."""

    def notation(self, action: Action) -> str:
        """The action in the game's notation, as its actor and saves know it.
        Must be called before the action is applied."""
        return str(action)

    def public_notation(self, action: Action) -> str:
        """The action as the other seats may read it in the move list
        ("Black buried a piece"); the full notation unless something of it
        is secret. Called before the action is applied."""
        return self.notation(action)

    def step_notation(
        self, actions: Mapping[Seat, Action], public: bool = False
    ) -> dict[Seat, str]:
        """The texts of one step (every acting seat's action) as its record
        keeps them: each action's notation (``public``: its public notation).
        A game whose seats act together may judge part of a text (a check
        mark) on the whole step. Called before the step is applied."""
        write = self.public_notation if public else self.notation
        return {seat: write(action) for seat, action in sorted(actions.items())}

    def parse_action(self, text: str, seat: Seat | None = None) -> Action:
        """The legal action of ``seat`` (None: of whoever is to act) that
        ``text`` names. The one door for every game: the refusals (over, not
        the seat's decision, no such action) read the same everywhere, and
        the game reads its own text in ``_parse_action``."""
        if self.is_over():
            raise IllegalAction("the game is over")
        acting = self.to_act()
        if seat is not None and seat not in acting:
            raise IllegalAction(f"it is not {self.game.seats[seat]}'s decision")
        for s in (seat,) if seat is not None else acting:
            action = self._parse_action(text.strip(), s) if isinstance(text, str) else None
            if action is not None:
                return action
        raise IllegalAction(f"{text!r} is not a legal action here")

    def _parse_action(self, text: str, seat: Seat) -> Action | None:
        """The game's reading: the legal action of ``seat`` (who is to act)
        that ``text`` (stripped) names, or None. By default the one whose
        notation or ``str`` is the text."""
        for a in self.legal_actions(seat):
            if text in (self.notation(a), str(a)):
                return a
        return None


# -- the optional parts, as types ------------------------------------------------------
class Board(Protocol):
    """A state with ``has_pieces``: what the board view draws."""

    geometry: Geometry

    def pieces(self) -> Mapping[int, Piece]: ...
    def check_square(self) -> int | None: ...


class Searchable(Protocol):
    """A state with ``searchable``: the search plays actions in place and
    takes them back, and keys positions for its transposition table."""

    def make(self, actions: Mapping[Seat, Action]) -> None:
        """Apply legal actions (as ``apply``, unchecked, without events)."""

    def unmake(self) -> None:
        """Take back the last ``make`` exactly."""

    def key(self) -> Hashable:
        """Equal for positions the search may treat as one."""


class NullMoves(Searchable, Protocol):
    """A state of a game with ``null_move_safe``: the side to move may pass
    in the search (``make_null``, taken back by ``unmake``)."""

    def make_null(self) -> None: ...
    def null_move_allowed(self) -> bool: ...
    def in_check(self) -> bool: ...
