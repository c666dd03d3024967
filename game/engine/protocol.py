"""The protocol every game speaks: a Game describes a kind of game, a State is
one position of it.

Modelled on OpenSpiel's game/state split. Seats are small ints (0, 1, ...);
``Game.seats`` names them. A turn made of several decisions is several steps
by the same seat; several seats in ``to_act()`` choose at once and their
choices are applied together. All chance goes through ``State.rng``, seeded
by ``Game.new``, so replaying the same actions from the same seed gives the
same game.
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

Seat = int
Action = Hashable  # each game defines its own small, hashable action type


class IllegalAction(ValueError):
    """An action that the rules do not allow here, or text that names none."""


@dataclass(frozen=True)
class Event:
    """Something that happened, for the UI to animate and the log to tell.

    ``kind`` is a short word: "move", "capture", "castle", "promote",
    "en_passant", "check", "game_over", and whatever a game adds ("throw",
    "swing", "teleport", "swap", "drop", "reveal", "stone", "reap"...).
    Squares are indices into the game's geometry.
    """

    kind: str
    seat: Seat | None = None
    data: Mapping[str, Any] = field(default_factory=dict)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)


@dataclass(frozen=True)
class Option:
    """A setting chosen before the game starts."""

    key: str
    label: str
    default: Any
    choices: tuple[Any, ...] = ()  # empty: free value checked by ``validate``
    help: str = ""


class Game:
    """A kind of game. Subclasses set the class attributes and ``new``."""

    id: ClassVar[str]
    title: ClassVar[str]
    seats: ClassVar[tuple[str, ...]] = ("White", "Black")
    options: ClassVar[tuple[Option, ...]] = ()
    blurb: ClassVar[str] = ""
    hidden_information: ClassVar[bool] = False  # needs privacy screens
    playable: ClassVar[bool] = True  # False: shown as "coming" in menus

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

    def from_text(self, text: str) -> State:
        raise NotImplementedError


class State:
    """One position. Subclasses implement the rules; the base class holds
    what every game shares: the RNG, the end by agreement, and the defaults
    for games without hidden information."""

    game: Game
    rng: random.Random

    # Set by resign/agree_draw: (outcome per seat, reason).
    _agreed_result: tuple[tuple[float, ...], str] | None = None

    # -- whose decision and which choices ------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        raise NotImplementedError

    def legal_actions(self, seat: Seat) -> list[Action]:
        raise NotImplementedError

    def apply(self, actions: Mapping[Seat, Action]) -> list[Event]:
        """Apply one decision per acting seat; raise IllegalAction if any is
        not legal (the state is then unchanged)."""
        raise NotImplementedError

    def prompt(self, seat: Seat) -> str:
        return f"{self.game.seats[seat]} to move"

    def uniform_decision(self, seat: Seat) -> bool:
        """True for a secret choice that an opponent could exploit if it were
        predictable (the Tulpa card duel): computer players pick uniformly."""
        return False

    def headline(self) -> str:
        """A short note shown under the game's title (the Chess960 start)."""
        return ""

    # -- the end ---------------------------------------------------------------
    def is_over(self) -> bool:
        return self.outcome() is not None

    def outcome(self) -> tuple[float, ...] | None:
        """One number per seat (1 win, 0 loss, 0.5 draw), or None while on."""
        if self._agreed_result:
            return self._agreed_result[0]
        return self.rules_outcome()

    def end_reason(self) -> str:
        """Why the game ended, in words for the game-over dialog."""
        if self._agreed_result:
            return self._agreed_result[1]
        return self.rules_end_reason()

    def rules_outcome(self) -> tuple[float, ...] | None:
        raise NotImplementedError

    def rules_end_reason(self) -> str:
        return ""

    def resign(self, seat: Seat) -> list[Event]:
        n = len(self.game.seats)
        result = tuple(0.0 if s == seat else 1.0 for s in range(n))
        self._agreed_result = (result, f"{self.game.seats[seat]} resigned")
        return [Event("game_over", seat, {"reason": self.end_reason()})]

    def agree_draw(self) -> list[Event]:
        n = len(self.game.seats)
        self._agreed_result = ((0.5,) * n, "Draw agreed")
        return [Event("game_over", None, {"reason": self.end_reason()})]

    # -- knowledge ---------------------------------------------------------------
    def view(self, seat: Seat) -> State:
        """What ``seat`` may know; games with secrets blank them out."""
        return self

    def sample(self, seat: Seat, rng: random.Random) -> State:
        """A full state consistent with ``view(seat)``, for search."""
        return self.copy()

    # -- text ------------------------------------------------------------------
    def to_text(self) -> str:
        raise NotImplementedError

    def copy(self) -> State:
        raise NotImplementedError

    def notation(self, action: Action) -> str:
        """The action in the game's notation, as the move list shows it.
        Must be called before the action is applied."""
        return str(action)

    def parse_action(self, text: str, seat: Seat | None = None) -> Action:
        """The legal action that ``text`` names; IllegalAction if none."""
        seats = (seat,) if seat is not None else self.to_act()
        for s in seats:
            for a in self.legal_actions(s):
                if self.notation(a) == text or str(a) == text:
                    return a
        raise IllegalAction(f"{text!r} is not a legal action here")
