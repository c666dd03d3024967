"""Small games that speak the engine protocol, for testing the bots without
chess: Nim, tic-tac-toe, a Nim whose turns are two decisions by the same seat,
a simultaneous card game (a tiny Goofspiel), and a hidden-card game.

Not registered in game.games.REGISTRY: the tests build them directly.
"""

from __future__ import annotations

import random
from typing import NamedTuple

from game.engine import Event, Game, IllegalAction, Result, State


class _Base(State):
    def copy(self):
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        for key, value in self.__dict__.items():
            if isinstance(value, list):
                other.__dict__[key] = list(value)
        other.rng = self.copy_rng()
        return other


# -- Nim: take 1-3 from one heap; taking the last object wins ---------------------
class Take(NamedTuple):
    heap: int
    n: int

    def __str__(self):
        return f"{self.heap}:{self.n}"


class NimGame(Game):
    id = "toy_nim"
    title = "Nim"

    def new(self, options=None, seed=0, heaps=(3, 4, 5)):
        return NimState(self, list(heaps), seed)

    def from_text(self, text):
        heaps, turn = text.split()
        s = NimState(self, [int(h) for h in heaps.split(",")], 0)
        s.turn = int(turn)
        return s


class NimState(_Base):
    def __init__(self, game, heaps, seed=0):
        self.game = game
        self.heaps = heaps
        self.turn = 0
        self.rng = random.Random(seed)
        self.winner = None

    def to_act(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return [Take(i, n) for i, h in enumerate(self.heaps) for n in range(1, min(3, h) + 1)]

    def _apply(self, actions):
        ((seat, a),) = actions.items()
        self.heaps[a.heap] -= a.n
        if not any(self.heaps):
            self.winner = seat
        self.turn = 1 - seat
        return [Event("take", seat, {"heap": a.heap, "n": a.n})]

    def rules_result(self):
        if self.winner is None:
            return None
        return Result.win(self.game, self.winner, "took the last one")

    def to_text(self):
        return ",".join(map(str, self.heaps)) + f" {self.turn}"


# -- Nim in two decisions a turn: first choose the heap, then how many ------------
class TwoStepNimGame(NimGame):
    id = "toy_nim2"
    title = "Two-step Nim"

    def new(self, options=None, seed=0, heaps=(3, 4, 5)):
        return TwoStepNimState(self, list(heaps), seed)


class TwoStepNimState(NimState):
    def __init__(self, game, heaps, seed=0):
        super().__init__(game, heaps, seed)
        self.chosen = None  # the heap picked in this turn's first decision

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        if self.chosen is None:
            return [("heap", i) for i, h in enumerate(self.heaps) if h]
        return [("take", n) for n in range(1, min(3, self.heaps[self.chosen]) + 1)]

    def _apply(self, actions):
        ((seat, a),) = actions.items()
        if a[0] == "heap":
            self.chosen = a[1]
            return [Event("choose", seat, {"heap": a[1]})]
        self.heaps[self.chosen] -= a[1]
        self.chosen = None
        if not any(self.heaps):
            self.winner = seat
        self.turn = 1 - seat
        return [Event("take", seat, {"n": a[1]})]


# -- Tic-tac-toe ------------------------------------------------------------------
LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class TicTacToeGame(Game):
    id = "toy_ttt"
    title = "Tic-tac-toe"
    seats = ("X", "O")

    def new(self, options=None, seed=0):
        return TicTacToeState(self, seed)

    def from_text(self, text):
        """Nine characters, top row first: 'x', 'o' or '.'; X moves first."""
        s = TicTacToeState(self, 0)
        cells = [c for c in text if c in "xo."]
        rows = [cells[i : i + 3] for i in (0, 3, 6)][::-1]  # bottom row = squares 0-2
        s.cells = [None if c == "." else "xo".index(c) for row in rows for c in row]
        s.turn = 0 if s.cells.count(0) == s.cells.count(1) else 1
        return s


class TicTacToeState(_Base):
    def __init__(self, game, seed=0):
        self.game = game
        self.cells = [None] * 9
        self.turn = 0
        self.rng = random.Random(seed)

    def winner(self):
        for a, b, c in LINES:
            if self.cells[a] is not None and self.cells[a] == self.cells[b] == self.cells[c]:
                return self.cells[a]
        return None

    def rules_result(self):
        w = self.winner()
        if w is not None:
            return Result.win(self.game, w, "three in a row")
        if all(c is not None for c in self.cells):
            return Result.draw(self.game, "the board is full")
        return None

    def to_act(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return [i for i, c in enumerate(self.cells) if c is None]

    def _apply(self, actions):
        ((seat, a),) = actions.items()
        self.cells[a] = seat
        self.turn = 1 - seat
        return [Event("place", seat, {"square": a})]

    def to_text(self):
        chars = ["." if c is None else "xo"[c] for c in self.cells]
        return "/".join("".join(chars[r * 3 : r * 3 + 3]) for r in (2, 1, 0))


# -- Goofspiel with cards 1..n: both bid a card at once; higher bid takes the prize
class GoofGame(Game):
    id = "toy_goof"
    title = "Goofspiel"

    def new(self, options=None, seed=0, n=4):
        return GoofState(self, n, seed)


class GoofState(_Base):
    def __init__(self, game, n, seed=0):
        self.game = game
        self.rng = random.Random(seed)
        self.hands = [list(range(1, n + 1)), list(range(1, n + 1))]
        self.prizes = list(range(1, n + 1))
        self.rng.shuffle(self.prizes)
        self.points = [0, 0]

    def to_act(self):
        return () if self.is_over() else (0, 1)

    def legal_actions(self, seat):
        return list(self.hands[seat]) if not self.is_over() else []

    def _apply(self, actions):
        self.hands = [list(h) for h in self.hands]
        self.points = list(self.points)
        prize = self.prizes.pop()
        a, b = actions[0], actions[1]
        self.hands[0].remove(a)
        self.hands[1].remove(b)
        if a > b:
            self.points[0] += prize
        elif b > a:
            self.points[1] += prize
        return [Event("bid", None, {"bids": (a, b), "prize": prize})]

    def rules_result(self):
        if self.prizes:
            return None
        a, b = self.points
        if a == b:
            return Result.draw(self.game, "equal points")
        return Result.win(self.game, 0 if a > b else 1, "more points")

    def to_text(self):
        return f"{self.hands} {self.prizes} {self.points}"


# -- Hidden card: each seat holds a secret card 1-9; on your turn "raise" or
# "call"; at a call the higher card wins. A seat's view blanks the other card.
class HiddenGame(Game):
    id = "toy_hidden"
    title = "Hidden card"
    private_views = True

    def new(self, options=None, seed=0):
        return HiddenState(self, seed)


class HiddenState(_Base):
    def __init__(self, game, seed=0):
        self.game = game
        self.rng = random.Random(seed)
        deck = list(range(1, 10))
        self.rng.shuffle(deck)
        self.cards = [deck[0], deck[1]]
        self.turn = 0
        self.raises = 0
        self.ended = None

    def to_act(self):
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat):
        if seat not in self.to_act():
            return []
        return ["call", "raise"] if self.raises < 3 else ["call"]

    def _apply(self, actions):
        ((seat, a),) = actions.items()
        if a == "raise":
            self.raises += 1
            self.turn = 1 - seat
        else:
            if None in self.cards:
                raise IllegalAction("a view cannot be played out")
            c0, c1 = self.cards
            self.ended = Result.win(self.game, 0 if c0 > c1 else 1, "the higher card")
        return [Event(a, seat)]

    def rules_result(self):
        return self.ended

    def hide(self, seat):
        self.cards = [c if i == seat else None for i, c in enumerate(self.cards)]
        return True

    def fill(self, seat, rng):
        known = self.cards[seat]
        self.cards = [
            c if i == seat else rng.choice([k for k in range(1, 10) if k != known])
            for i, c in enumerate(self.cards)
        ]

    def to_text(self):
        return f"{self.cards} {self.turn} {self.raises}"


NIM = NimGame()
NIM2 = TwoStepNimGame()
TTT = TicTacToeGame()
GOOF = GoofGame()
HIDDEN = HiddenGame()
