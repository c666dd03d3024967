"""A choice made at the same time as a rival's is a small matrix game: the
search plays its equilibrium, not its best guess against random replies."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from helpers.bots import UNTIMED

from game.ai import make_bot
from game.engine import Event, Game, Result, State

# The raider attacks one of two gates while the warden guards one. An
# unguarded gate yields its loot; a guarded one nothing. The rich gate is
# worth 4, the poor one 1, so a raider who always goes for the rich gate is
# always caught: at the equilibrium the raider tries it one time in five,
# and the warden guards it four times in five (the raid is worth 0.8).
LOOT = {"rich": 4, "poor": 1}


class RaidGame(Game):
    id = "toy_raid"
    title = "Toy Raid"
    seats = ("Raider", "Warden")

    def new(self, options=None, seed: int = 0) -> RaidState:
        return RaidState(self)

    def from_text(self, text: str) -> RaidState:
        return RaidState(self)


class RaidState(State):
    def __init__(self, game: RaidGame) -> None:
        self.game = game
        self.rng = random.Random(0)
        self.loot: int | None = None

    def to_act(self) -> tuple[int, ...]:
        return () if self.loot is not None else (0, 1)

    def legal_actions(self, seat: int) -> list[str]:
        return list(LOOT) if seat in self.to_act() else []

    def _apply(self, actions) -> list[Event]:
        raid, guard = actions[0], actions[1]
        self.loot = 0 if raid == guard else LOOT[raid]
        return [Event("raid", None, {"loot": self.loot})]

    def rules_result(self) -> Result | None:
        if self.loot is None:
            return None
        return Result.score(self.game, (self.loot, -self.loot), "The raid is over")

    def notation(self, action: Any) -> str:
        return str(action)

    def to_text(self) -> str:
        return "raid"

    def copy(self) -> RaidState:
        other = RaidState(self.game)
        other.loot = self.loot
        return other


def choices(seat: int, n: int = 300) -> Counter:
    state = RaidGame().new()
    bot = make_bot("search:1", **UNTIMED)
    return Counter(bot.choose(state, seat, random.Random(i)) for i in range(n))


# Slow: the warden's test below is the fast check of the same matrix search.
@pytest.mark.slow
def test_the_raider_mostly_raids_the_poor_gate():
    share = choices(0)["rich"] / 300
    assert 0.12 < share < 0.28  # one in five; a raider guessing at replies always goes rich


@pytest.mark.slow  # fast cover: the other simultaneous-bot test covers the matrix search fast
def test_the_warden_mostly_guards_the_rich_gate():
    share = choices(1)["rich"] / 300
    assert 0.72 < share < 0.88


def test_the_raid_is_worth_its_equilibrium_value():
    bot = make_bot("search:1", **UNTIMED)
    bot.choose(RaidGame().new(), 0, random.Random(1))
    # Scores count a score game's margin (loot less the warden's minus loot).
    assert abs(bot.last.score - 2 * 0.8) < 0.05
