"""Information-set Monte Carlo tree search, for games with secrets.

A determinised search (pick a world the view allows, search it as if all
were known, add up) plays as if it will know everything next move, so it
never pays to find anything out and happily relies on a guess. Here one
tree is grown over the *searching seat's* knowledge instead: every
iteration samples a fresh world from ``view.sample(seat, rng)`` and walks
the tree with the actions legal in that world, so an action's statistics
mix every world the seat cannot tell apart, and a move that works only in
some of them is valued for how often it works (single-observer ISMCTS,
Cowling, Powley and Whitehouse 2012).

- Actions are known by their text across worlds (each sample has its own
  action objects). An action's upper confidence bound counts how often it
  was *available*, not how often its parent was visited, so actions that
  exist in few worlds are not starved.
- Every seat acting at a node keeps its own statistics and picks its own
  action (decoupled UCT), so simultaneous steps are searched with no seat
  seeing the other's choice, and chance (a card drawn by ``apply``) is just
  part of the world.
- No random playouts: a new leaf is judged as the alpha-beta search judges
  its leaves (the game's evaluation once the captures in reach have played
  out), its pawns turned into a winning chance by a logistic; far better
  than random continuations in chess-like games, and a leaf reached just
  after a capture is not mistaken for a piece won.
- Values are the searching team's chance in [0, 1]; other teams pick by
  its complement.
- A step seen to win the game at once (a king capture, a mate) is taken
  every time its node is passed again, whoever's step it is, where every
  world is the same (the view hides nothing): averaged with the other tries
  it stayed hidden (Two Move's rook card promoting and then taking the king
  looked no better than promoting to a bishop).

``Ismcts(seat, iterations, rng).run(view)`` answers with the action played
most often at the root. Bounded by ``iterations`` (tests) and, in the app,
by a deadline on the wall clock and ``should_stop``, looked at after every
iteration and, inside one, by the leaf's search at every node (a leaf's
captures may take 2,000 nodes: seconds on a busy machine).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import Any

from game.ai.evaluate import WIN, team_of, terminal_value
from game.ai.search import Limits, Result, Search
from game.engine.deadline import WALL, Clock, Deadline, bounded

__all__ = ["Ismcts", "winning_chance"]

EXPLORATION = 0.7  # UCB constant for values in [0, 1]
PAWN_SCALE = 2.5  # pawns for which the logistic gives about a 73% chance
LEAF = Limits(max_depth=1, time_limit=1e9, time_cap=1e9, node_limit=2_000)  # per leaf


def winning_chance(pawns: float) -> float:
    """A score in pawns as a chance in [0, 1] (a win or loss is certain)."""
    if pawns >= WIN - 1000:
        return 1.0
    if pawns <= -WIN + 1000:
        return 0.0
    return 1.0 / (1.0 + math.exp(-max(-40.0, min(40.0, pawns / PAWN_SCALE))))


class _Stats:
    __slots__ = ("visits", "total", "available")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.available = 0


class _Node:
    __slots__ = ("stats", "children", "wins")

    def __init__(self) -> None:
        self.stats: dict[int, dict[str, _Stats]] = {}  # seat -> action text -> stats
        self.children: dict[tuple, _Node] = {}  # the joint action's texts -> node
        self.wins: dict[int, str] = {}  # seat -> a step of its that won the game at once


class Ismcts:
    """One search for ``seat``; make a new one per decision."""

    def __init__(
        self,
        seat: int,
        iterations: int = 1000,
        rng: random.Random | None = None,
        should_stop: Callable[[], bool] | None = None,
        max_plies: int = 40,
        clock: Clock = WALL,
    ):
        self.seat = seat
        self.clock = clock  # the wall clock; tests hand a fake one
        self.iterations = max(1, int(iterations))
        self.rng = rng or random.Random()
        self.should_stop = should_stop
        self.max_plies = max_plies
        self.root = _Node()

    def run(self, view: Any, deadline: float | None = None) -> Result:
        start = self.clock()
        actions = list(view.legal_actions(self.seat))
        if not actions:
            raise ValueError(f"seat {self.seat} has no legal action")
        by_text = {str(a): a for a in actions}
        self.team = team_of(view, self.seat)
        self.open = not view.is_partial  # every world the same: a win found stays a win
        self.leaf = Search(
            self.seat, LEAF, self.rng, should_stop=self.should_stop, clock=self.clock
        )
        if deadline is not None:
            self.leaf.deadline = deadline  # a leaf cut short is judged as it stands
        done = 0
        while done < self.iterations:
            world = view.sample(self.seat, self.rng)
            self._iterate(world)
            done += 1
            # Every iteration: in a game whose moves are dear (Masquerade's
            # attempts) one iteration can take a tenth of a second, and a check
            # every few iterations let a decision run seconds past its time.
            if deadline is not None and self.clock() >= deadline:
                break
            if self.should_stop is not None and self.should_stop():
                break
        mine = self.root.stats.get(self.seat, {})
        scores = {
            by_text[t]: s.total / s.visits for t, s in mine.items() if t in by_text and s.visits
        }
        if not scores:
            choice = self.rng.choice(actions)
            return Result(choice, 0.5, 0, done, self.clock() - start, {})
        most = max(mine[str(a)].visits for a in scores)
        best = [a for a in scores if mine[str(a)].visits == most]
        choice = max(best, key=lambda a: scores[a])
        return Result(choice, scores[choice], 0, done, self.clock() - start, scores)

    # -- one iteration ----------------------------------------------------------
    def _iterate(self, world: Any) -> None:
        node = self.root
        path: list[tuple[_Node, dict[int, str]]] = []
        value = None
        for _ in range(self.max_plies):
            result = world.result()
            if result is not None:
                value = winning_chance(terminal_value(result, self.seat, self.team))
                break
            acting = world.to_act()
            if not acting:
                break
            joint, texts, fresh = {}, {}, False
            for seat in acting:
                legal = world.legal_actions(seat)
                if not legal:
                    continue
                action, is_new = self._pick(node, seat, legal)
                joint[seat], texts[seat] = action, str(action)
                fresh = fresh or is_new
            if not joint:
                break
            path.append((node, texts))
            world.apply(joint)
            if self.open and len(joint) == 1:
                (actor,) = joint
                ended = world.result()
                if ended is not None and ended.points[actor] >= 1.0 > min(ended.points):
                    node.wins[actor] = texts[actor]
            key = tuple(sorted(texts.items()))
            child = node.children.get(key)
            if child is None:
                child = node.children[key] = _Node()
                fresh = True
            node = child
            if fresh:  # a step never taken before: judge where it leads
                break
        if value is None:
            result = world.result()
            if result is not None:
                value = winning_chance(terminal_value(result, self.seat, self.team))
            else:
                value = winning_chance(self.leaf.leaf_value(world))
        for node, texts in path:
            for seat, text in texts.items():
                stats = node.stats[seat][text]
                stats.visits += 1
                stats.total += value

    def _pick(self, node: _Node, seat: int, legal) -> tuple[Any, bool]:
        """The action ``seat`` tries here: a step already seen to win the
        game at once (whoever's it is: nobody passes up a king capture or a
        mate, and averaging it with the other tries would hide it), else an
        untried one at random if any, else the best upper confidence bound
        over the actions available."""
        table = node.stats.setdefault(seat, {})
        win = node.wins.get(seat)
        if win is not None:
            for action in legal:
                if str(action) == win:
                    table[win].available += 1
                    return action, False
        ours = seat in self.team
        untried = []
        best, best_bound = None, -math.inf
        for action in legal:
            text = str(action)
            stats = table.get(text)
            if stats is None:
                stats = table[text] = _Stats()
            stats.available += 1
            if stats.visits == 0:
                untried.append(action)
                continue
            mean = stats.total / stats.visits
            if not ours:
                mean = 1.0 - mean
            bound = mean + EXPLORATION * math.sqrt(math.log(stats.available) / stats.visits)
            if bound > best_bound:
                best, best_bound = action, bound
        if untried:
            return self.rng.choice(untried), True
        return best, False


class IsmctsBot:
    """The bot of spec ``ismcts[:iterations=N][:time=S]``."""

    def __init__(
        self,
        iterations: int = 1000,
        time_limit: float = 1.5,
        time_cap: float = 10.0,
        spec: str | None = None,
        clock: Clock = WALL,
    ):
        self.clock = clock
        self.iterations = max(1, int(iterations))
        self.time_limit = min(float(time_limit), float(time_cap))
        self.spec = spec or f"ismcts:iterations={self.iterations}"
        self.last: Result | None = None

    @property
    def budget(self) -> float:
        """The seconds a decision may take on the wall clock."""
        return self.time_limit

    def choose(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        should_stop: Callable[[], bool] | None = None,
    ) -> Any:
        from game.ai.shallow import settled

        # The budget runs from here, a game's own decision (planner, solver) within it.
        deadline = Deadline(self.clock() + self.time_limit, self.clock, should_stop)
        with bounded(deadline):
            actions, chosen = settled(state, seat, rng, level=2)
        if chosen is not None:
            return chosen
        search = Ismcts(seat, self.iterations, rng, should_stop=should_stop, clock=self.clock)
        self.last = search.run(state, deadline=deadline.at)
        return self.last.action
