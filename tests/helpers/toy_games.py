"""Tiny games over the engine protocol, for testing the layers above it
(Match, saves, bots, UI) without depending on any real game's rules.

- ``toy_nim``: take 1, 2 or 3 from a heap; whoever takes the last one wins.
  Two seats, sequential, no chance, nothing hidden.
- ``toy_guess``: each round the RNG deals each seat a secret card; both
  seats guess the other's card at the same time; a right guess scores.
  Simultaneous choices, hidden information (``view`` blanks the opponent's
  card) and seeded chance.
- ``toy_line``: chess cards (game/engine/cards.py): a secret hand of two
  each and a face-down draw pile; a turn plays a card from the hand to
  either end of a face-up line and draws one. Each card of your colour in
  the line is a point: a score game.
- ``toy_climb``: one seat alone climbs a track of numbered steps (dealt by
  the seed), one or two steps at a time; the numbers it lands on add up to
  its score, to be made as high as it can (or, with the "low" goal, as
  low): a solitaire score game with modes.

They are not registered globally: ``install(monkeypatch)`` puts them into
``game.games.REGISTRY`` for one test only.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, NamedTuple

from game.engine import Event, Game, Option, Result, Seat, State
from game.engine.cards import Card, Place, Table, deck


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

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        take = actions[self.turn]
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

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
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


class LinePlay(NamedTuple):
    """Play ``card`` from the hand to the ``end`` ("left" or "right") of the line."""

    card: Card
    end: str

    def __str__(self) -> str:
        return f"{self.card.letter}>{self.end}"


LINE_DECK = deck({"pawn": 2, "knight": 1, "rook": 1})  # four cards a side


class LineGame(Game):
    id = "toy_line"
    title = "Toy Line of Cards"
    private_views = True

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> LineState:
        self.normalize_options(options)
        state = LineState(self, Table(LineState.PLACES), random.Random(seed))
        state.cards.extend("draw", LINE_DECK)
        state.cards.shuffle("draw", state.rng)
        for seat in (0, 1):
            state.cards.draw("draw", f"hand{seat}", 2)
        return state

    def from_text(self, text: str) -> LineState:
        turn, _, cards = text.partition(" ")
        state = LineState(self, Table.from_text(cards, LineState.PLACES), random.Random(0))
        state.turn = int(turn)
        return state


class LineState(State):
    PLACES = (
        Place.face_down("draw"),
        Place.hand("hand0", 0),
        Place.hand("hand1", 1),
        Place.face_up("line"),
    )

    def __init__(self, game: LineGame, cards: Table, rng: random.Random | None) -> None:
        self.game, self.cards, self.rng, self.turn = game, cards, rng, 0

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: Seat) -> list[LinePlay]:
        if seat not in self.to_act():
            return []
        hand = self.cards.cards(f"hand{seat}")
        return [LinePlay(c, end) for c in dict.fromkeys(hand) for end in ("left", "right")]

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        seat = self.turn
        play = actions[seat]
        self.cards.take_card(f"hand{seat}", play.card)
        self.cards.put("line", play.card, at=0 if play.end == "left" else None)
        events = [Event("card", seat, {"card": play.card, "end": play.end})]
        if self.cards.count("draw"):
            self.cards.draw("draw", f"hand{seat}")
            events.append(
                Event("draw", seat, {"card": self.cards.top(f"hand{seat}")}, frozenset({seat}))
            )
        self.turn = 1 - seat
        return events

    def rules_result(self) -> Result | None:
        if self.cards.count("hand0") or self.cards.count("hand1"):
            return None
        line = self.cards.cards("line")
        scores = [sum(1 for c in line if c.side == s) for s in (0, 1)]
        return Result.score(
            self.game, scores, "Every card is in the line", f"{scores[0]} to {scores[1]}"
        )

    def prompt(self, seat: Seat) -> str:
        return f"{self.game.seats[seat]}: play a card to an end of the line"

    def public_notation(self, action: Any) -> str:
        return str(action)  # the card is shown as it is played

    def hide(self, seat: Seat) -> bool:
        return self.cards.hide(seat)

    def fill(self, seat: Seat, rng: random.Random) -> None:
        self.cards.fill(seat, rng, LINE_DECK)

    def to_text(self) -> str:
        return f"{self.turn} {self.cards.to_text()}"

    def copy(self) -> LineState:
        other = LineState(self.game, self.cards.copy(), self.copy_rng())
        other.turn, other.is_partial = self.turn, self.is_partial
        other._agreed_result = self._agreed_result
        return other


class ClimbGame(Game):
    id = "toy_climb"
    title = "Toy Climb"
    seats = ("Climber",)
    sides = ("Climber",)
    options = (
        Option("length", "Steps", 6, choices=(4, 6, 9)),
        Option("goal", "Goal", "high", choices=("high", "low")),
    )
    # A test may deal every game the same track (a score counts only from
    # the game's own deal, never from a typed start).
    track: list[int] | None = None

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> ClimbState:
        opts = self.normalize_options(options)
        rng = random.Random(seed)
        steps = [rng.randint(0, 9) for _ in range(opts["length"])]
        if self.track is not None:
            steps = list(self.track[: opts["length"]])
        return ClimbState(self, opts["goal"], steps, 0, 0, rng)

    def from_text(self, text: str) -> ClimbState:
        """The text: goal, steps climbed, score, the steps' numbers (5,0,0,7)."""
        goal, where, score, steps = text.split()
        numbers = [int(v) for v in steps.split(",")]
        return ClimbState(self, goal, numbers, int(where), int(score), random.Random(0))


class ClimbState(State):
    def __init__(
        self, game: ClimbGame, goal: str, steps: list[int], where: int, score: int, rng: Any
    ) -> None:
        self.game, self.goal, self.steps, self.rng = game, goal, steps, rng
        self.where, self.score = where, score  # where: steps climbed (0: at the bottom)

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (0,)

    def legal_actions(self, seat: Seat) -> list[int]:
        if seat not in self.to_act():
            return []
        return [n for n in (1, 2) if self.where + n <= len(self.steps)]

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        climb = actions[0]
        self.where += climb
        self.score += self.steps[self.where - 1]
        events = [Event("climb", 0, {"to": self.where, "score": self.score})]
        if self.is_over():
            events.append(Event("game_over", None, {"reason": "The top is reached"}))
        return events

    def rules_result(self) -> Result | None:
        if self.where < len(self.steps):
            return None
        low = self.goal == "low"
        return Result.score(
            self.game, [self.score], "The top is reached", f"{self.score} points", low
        )

    def prompt(self, seat: Seat) -> str:
        return f"Climb one or two steps (score {self.score})"

    def notation(self, action: Any) -> str:
        return f"climb {action}"

    def to_text(self) -> str:
        return f"{self.goal} {self.where} {self.score} {','.join(map(str, self.steps))}"

    def copy(self) -> ClimbState:
        other = ClimbState(
            self.game, self.goal, list(self.steps), self.where, self.score, self.copy_rng()
        )
        other._agreed_result = self._agreed_result
        return other


TOY_GAMES: tuple[type[Game], ...] = (NimGame, GuessGame, LineGame, ClimbGame)


def install(monkeypatch: Any) -> None:
    """Register the toy games for the current test only."""
    from game import games

    for cls in TOY_GAMES:
        monkeypatch.setitem(games.REGISTRY, cls.id, cls())
