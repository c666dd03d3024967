"""How the computer judges a Tulaga position.

Score for a seat = its value minus the opponent's, in units where a rank stone
is 20:

- rank stones on the board (the goal): 20 each;
- threats of rows: every five points in a row holding no stone but the
  side's own simple stones, worth more the fuller it is (four of five is one
  stone from a Tulaga);
- threats of rings: every empty point off the edge with three of the side's
  simple stones around it and a free point left to complete the four;
- rows and rings together are capped below a rank stone, so a bot never
  declines a Tulaga to keep its stones' threats;
- the completion points (empty points where one stone makes a Tulaga): the
  side to place with one is about to earn a rank stone; the other side with
  two or more cannot be stopped by one blocking stone;
- a Tulaga under way (choosing, returning, placing the rank stone) is judged
  as if taken: its stones back in the pile, the rank stone on the board;
- the simple-stone race: a side that starts its turn with an empty pile
  loses, so stones in the pile count, and an almost empty pile is a danger.

Works on bitboards (``state.simple``, ``state.rank``); never imports pygame.
"""

from __future__ import annotations

from typing import Any

from game.ai.evaluate import team_of, terminal_value
from game.games.tulaga.rules import CENTRES, RING, WINDOWS, ChooseTulaga

RANK_ON_BOARD = 20.0
ROW = (0.0, 0.05, 0.25, 0.8, 2.0, 0.0)  # by own stones in an unblocked five (a full one is spent)
RING3 = 1.0  # three around an empty point, a free point left
RING2 = 0.2  # two around an empty point, two free points left
TO_PLACE_WITH_THREAT = 8.0  # the side to place has a completion point
DOUBLE_THREAT = 4.0  # the side not to place has two or more
SINGLE_THREAT = 1.0
PILE_STONE = 0.25
LOW_PILE = (6.0, 3.0, 1.0)  # penalty for 0, 1, 2 stones left in the pile
POTENTIAL_CAP = 10.0  # rows and rings together: never worth a rank stone
ALL = (1 << 81) - 1


def _side(own: int, occ: int, empty: int) -> tuple[float, int]:
    """Threat value and completion points of the side with simple stones ``own``."""
    block = occ & ~own
    value = 0.0
    complete = 0
    row = ROW
    for w in WINDOWS:
        if w & block:
            continue
        mine = w & own
        if not mine:
            continue
        k = mine.bit_count()
        value += row[k]
        if k == 4:
            complete |= w & empty
    centres = empty & CENTRES  # an edge point has no full perimeter
    while centres:
        low = centres & -centres
        centres ^= low
        ring = RING[low.bit_length() - 1]
        k = (ring & own).bit_count()
        if k < 2:
            continue
        free = ring & empty
        if not free:
            continue
        if k >= 3:
            value += RING3
            complete |= free
        elif free & (free - 1):
            value += RING2
    return value, complete


def _taken(state: Any) -> tuple[int, ...]:
    """The stones a Tulaga under way would send back (the first choice)."""
    if state.phase == "rank":
        return state.stones
    if state.phase == "stones":
        return state.stone_choices(ChooseTulaga(state.centre, state.stones))[0]
    found = state.tulagas(state.new, state.turn)
    return state.stone_choices(found[0])[0] if found else ()


def evaluate(state: Any, seat: int) -> float:
    result = state.result()
    if result is not None:
        return terminal_value(result, seat, team_of(state, seat))
    simple, ranks, piles = (
        list(state.simple),
        [
            state.rank[0].bit_count(),
            state.rank[1].bit_count(),
        ],
        list(state.pile),
    )
    turn = state.turn
    if state.phase in ("tulaga", "stones", "rank"):
        # Judge a Tulaga under way as taken: a leaf in the middle of a turn
        # must not look better than the turn's end (the stones still there).
        stones = _taken(state)
        simple[turn] &= ~sum(1 << p for p in stones)
        piles[turn] += len(stones)
        ranks[turn] += 1
    occ = simple[0] | simple[1] | state.rank[0] | state.rank[1]
    empty = ALL & ~occ
    placing = state.phase == "place"
    scores = [0.0, 0.0]
    for side in (0, 1):
        value, complete = _side(simple[side], occ, empty)
        value = min(value, POTENTIAL_CAP) + RANK_ON_BOARD * ranks[side]
        if complete:
            if side == turn and placing:
                value += TO_PLACE_WITH_THREAT
            elif complete & (complete - 1):
                value += DOUBLE_THREAT
            else:
                value += SINGLE_THREAT
        pile = piles[side]
        value += PILE_STONE * pile
        if pile < len(LOW_PILE):
            value -= LOW_PILE[pile]
        scores[side] = value
    return scores[seat] - scores[1 - seat]
