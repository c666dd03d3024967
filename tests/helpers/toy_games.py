"""Two tiny games over the engine protocol, for testing the layers above it
(Match, saves, bots, UI) without depending on any real game's rules.

- ``toy_nim``: take 1, 2 or 3 from a heap; whoever takes the last one wins.
  Two seats, sequential, no chance, nothing hidden.
- ``toy_guess``: each round the RNG deals each seat a secret card; both
  seats guess the other's card at the same time; a right guess scores.
  Simultaneous choices, hidden information (``view`` blanks the opponent's
  card) and seeded chance.

They are not registered globally: ``install(monkeypatch)`` puts them into
``game.games.REGISTRY`` for one test only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, IllegalAction, Option, Result, Seat, State


class NimGame(Game):
    id = "toy_nim"
    title = "Toy Nim"
    seats = ("First", "Second")
    options = (Option("heap", "Heap size", 10, choices=(5, 10, 15, 21)),)

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> NimState:
        opts = self.normalize_options(options)
        return NimState(self, opts["heap"], 0, random.Random(seed))

    def from_text(self, text: str) -> NimState:
        heap, turn = text.split()
        return NimState(self, int(heap), int(turn), random.Random(0))


class NimState(State):
    def __init__(self, game: NimGame, heap: int, turn: int, rng: random.Random) -> None:
        self.game = game
        self.heap = heap
        self.turn = turn
        self.rng = rng

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: Seat) -> list[int]:
        if seat not in self.to_act():
            return []
        return [n for n in (1, 2, 3) if n <= self.heap]

    def apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        if set(actions) != set(self.to_act()):
            raise IllegalAction("wrong seats")
        take = actions[self.turn]
        if take not in self.legal_actions(self.turn):
            raise IllegalAction(f"cannot take {take!r}")
        seat = self.turn
        self.heap -= take
        events = [Event("take", seat, {"count": take, "left": self.heap})]
        if self.heap == 0:
            events.append(
                Event("game_over", None, {"reason": f"{self.game.seats[seat]} took the last one"})
            )
        self.turn = 1 - seat
        return events

    def rules_result(self) -> Result | None:
        if self.heap > 0:
            return None
        last = 1 - self.turn  # the seat that took the last one
        return Result.win(self.game, last, f"{self.game.seats[last]} took the last one")

    def prompt(self, seat: Seat) -> str:
        return f"{self.game.seats[seat]}: take 1, 2 or 3"

    def notation(self, action: Any) -> str:
        return f"take {action}"

    def to_text(self) -> str:
        return f"{self.heap} {self.turn}"

    def copy(self) -> NimState:
        other = NimState(self.game, self.heap, self.turn, self.copy_rng())
        other._agreed_result = self._agreed_result
        return other


class GuessGame(Game):
    id = "toy_guess"
    title = "Toy Guess the Card"
    seats = ("North", "South")
    private_views = True
    options = (
        Option("rounds", "Rounds", 3, choices=(1, 2, 3, 4, 5)),
        Option("cards", "Cards", 3, choices=(2, 3, 4)),
    )

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> GuessState:
        opts = self.normalize_options(options)
        state = GuessState(self, opts["rounds"], opts["cards"], random.Random(seed))
        state.deal()
        return state

    def from_text(self, text: str) -> GuessState:
        rounds, cards, rnd, s0, s1, c0, c1 = (int(x) for x in text.split())
        state = GuessState(self, rounds, cards, random.Random(0))
        state.round, state.scores, state.secrets = rnd, [s0, s1], [c0, c1]
        return state


class GuessState(State):
    HIDDEN = 0  # what view() shows instead of the opponent's card

    def __init__(self, game: GuessGame, rounds: int, cards: int, rng: random.Random) -> None:
        self.game = game
        self.rounds = rounds
        self.cards = cards
        self.rng = rng
        self.round = 0
        self.scores = [0, 0]
        self.secrets = [self.HIDDEN, self.HIDDEN]

    def deal(self) -> None:
        self.secrets = [self.rng.randint(1, self.cards) for _ in range(2)]

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (0, 1)

    def legal_actions(self, seat: Seat) -> list[int]:
        if seat not in self.to_act():
            return []
        return list(range(1, self.cards + 1))

    def apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        if set(actions) != set(self.to_act()):
            raise IllegalAction("both seats choose at once")
        for seat, guess in actions.items():
            if guess not in self.legal_actions(seat):
                raise IllegalAction(f"no card {guess!r}")
        events = [Event("reveal", None, {"cards": tuple(self.secrets)})]
        for seat, guess in sorted(actions.items()):
            if guess == self.secrets[1 - seat]:
                self.scores[seat] += 1
                events.append(Event("score", seat, {"guess": guess}))
        self.round += 1
        if self.round < self.rounds:
            self.deal()
        else:
            events.append(Event("game_over", None, {"reason": "All rounds played"}))
        return events

    def rules_result(self) -> Result | None:
        if self.round < self.rounds:
            return None
        a, b = self.scores
        if a == b:
            return Result.draw(self.game, "All rounds played")
        return Result.win(self.game, 0 if a > b else 1, "All rounds played")

    def prompt(self, seat: Seat) -> str:
        held = self.secrets[seat] or "?"
        return f"{self.game.seats[seat]} holds {held}: guess the other card"

    def hide(self, seat: Seat) -> bool:
        self.secrets[1 - seat] = self.HIDDEN
        return True

    def fill(self, seat: Seat, rng: random.Random) -> None:
        if self.secrets[1 - seat] == self.HIDDEN:
            self.secrets[1 - seat] = rng.randint(1, self.cards)

    def notation(self, action: Any) -> str:
        return f"guess {action}"

    def to_text(self) -> str:
        return " ".join(
            str(x) for x in (self.rounds, self.cards, self.round, *self.scores, *self.secrets)
        )

    def copy(self) -> GuessState:
        other = type(self)(self.game, self.rounds, self.cards, self.copy_rng())
        other.is_partial = self.is_partial
        other.round = self.round
        other.scores = list(self.scores)
        other.secrets = list(self.secrets)
        other._agreed_result = self._agreed_result
        return other


TOY_GAMES: tuple[type[Game], ...] = (NimGame, GuessGame)


def install(monkeypatch: Any) -> None:
    """Register the toy games for the current test only."""
    from game import games

    for cls in TOY_GAMES:
        monkeypatch.setitem(games.REGISTRY, cls.id, cls())
