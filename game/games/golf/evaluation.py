"""The computer's Chess Golf: the solver decides (``decide``), no search.

- dealing (dealer's choice): two cards;
- bidding: the solver's true length, or 0 ("impossible") when there is no
  solution, when it is longer than the largest bid, or when the solver's
  budget runs out first (a player who found nothing shows a fist);
- demonstrating, or playing alone: the first move of a shortest line from
  where the pieces stand; giving up when no line fits the moves left;
- putting a captured piece back: the empty square nearest to where it was
  taken (ties: the lowest square), as players at a table tend to do.

The budget grows with the level of the computer (its search depth): a
stronger computer settles harder holes; the solve stops at the decision's
deadline too (the bot's time on the wall clock, game/engine/deadline.py),
and a hole not settled in time counts as not settled. The search runs in
the app's bot worker, never in the window's thread. Never imports pygame.
"""

from __future__ import annotations

import random
from typing import Any

from game.engine.board import bits
from game.engine.deadline import current
from game.games.golf import hole as H
from game.games.golf.actions import Bid, Deal, GiveUp, Go, Put
from game.games.golf.solver import SearchLimit, Solution, cached_solve

MAX_BID = 15
#: Solver nodes per computer level (search depth); deeper levels get the last.
NODES = (20_000, 60_000, 300_000, 1_500_000)


def budget(level: int) -> int:
    return NODES[max(0, min(level, len(NODES)) - 1)]


def evaluate(state: Any, seat: int) -> float:
    """Only for a search that would look at Golf anyway: fewer strokes are
    better (in pawns)."""
    if seat >= state.n or not state.scores:
        return 0.0
    totals = state.totals()
    return float(min(totals) - totals[seat])


def shortest(state: Any, nodes: int) -> Solution | None:
    """The shortest line from where the pieces stand; None if the budget
    (its nodes, or the decision's time) ran out first."""
    try:
        return cached_solve(state.board, state.goal, nodes, current())
    except SearchLimit:
        return None


def put_back(state: Any, seat: int) -> Put:
    """The empty square nearest the last square played (lowest on ties)."""
    code = state.captured[0]
    near = state.last[-1] if state.last else 0
    empty = H.ALL & ~H.occupancy(state.board)

    def distance(sq: int) -> tuple[int, int]:
        files, ranks = abs(sq % 8 - near % 8), abs(sq // 8 - near // 8)
        return max(files, ranks), sq

    return Put(code, min(bits(empty), key=distance))


def decide(state: Any, seat: int, rng: random.Random, level: int = 3) -> Any:
    """The computer's action for ``seat`` (``state`` is its view)."""
    phase = state.phase
    if phase == "deal":
        return Deal(2)
    if phase == "place":
        return put_back(state, seat)
    if state.showing:  # the solution being shown: its next move is the only one
        return state.legal_actions(seat)[0]
    found = shortest(state, budget(level))
    if phase == "bid":
        length = found.length if found is not None else None
        return Bid(length if length is not None and length <= MAX_BID else 0)
    if phase == "play":
        if found is None or not found.moves:
            return GiveUp()
        if not state.solo and state.strokes + len(found.moves) > state.bids[seat]:
            return GiveUp()
        move = found.moves[0]
        return Go(move.frm, move.to)
    return None
