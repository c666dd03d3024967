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
- threats (an empty point where one stone makes a Tulaga), each worth
  what taking it would bring: a rank stone and the best reap from where the
  rank stone may go (an opponent's rank stone on the line is worth two: it
  goes back and one of ours takes its place). The side to place takes its
  best threat (a share of that worth: it has not happened yet); then the
  other side takes one of its own. The side not to place whose threats no
  single stone can block (two rings' centres, a row open at both ends)
  takes one anyway; one that a stone blocks costs the side to place a tempo.
  A threat with the last rank stone in the pile wins;
- a Tulaga under way (choosing, returning, placing the rank stone) is judged
  as if taken: its stones back in the pile, the rank stone on the board;
- the simple-stone race: a side that starts its turn with an empty pile
  loses, so stones in the pile count, and an almost empty pile is a danger;
  once a pile runs low, the side that would run out first (the side to
  place runs out first when its pile is no larger) is behind in the race.

``loud_actions`` hands the search's quiescence the Tulagas within one
stone (and, in a Tulaga under way, its rank stone and reap), so a search
does not stop with a Tulaga one placement from being taken or answered.

Works on bitboards (``state.simple``, ``state.rank``); never imports pygame.
"""

from __future__ import annotations

from typing import Any

from game.ai.evaluate import declare, team_of, terminal_value
from game.games.tulaga.rules import (
    CENTRES,
    DIRECTIONS,
    PATHS,
    RING,
    WINDOWS,
    ChooseTulaga,
    NoRankStone,
    Place,
    RankStone,
    Reap,
)

RANK_ON_BOARD = 20.0
ROW = (0.0, 0.05, 0.25, 0.8, 2.0, 0.0)  # by own stones in an unblocked five (a full one is spent)
RING3 = 1.0  # three around an empty point, a free point left
RING2 = 0.2  # two around an empty point, two free points left
# A threat's worth: a base (kept small beside a rank stone, so that taking
# a Tulaga now always beats keeping its threat, potential and all) and a
# share of the best reap it opens.
TO_PLACE_WITH_THREAT = (8.0, 0.8)  # the side to place has a threat: it takes it
ANSWER = (2.0, 0.4)  # the other side's threats, when it answers that Tulaga with its own
UNSTOPPABLE = (5.0, 0.6)  # threats of the side not to place that no single stone stops
SINGLE_THREAT = 1.0  # a threat the side to place must spend its stone blocking
REAP_SIMPLE = 0.6  # an opponent's simple stone reaped
REAP_RANK = 2 * RANK_ON_BOARD  # an opponent's rank stone reaped and replaced by ours
LAST_RANK_THREAT = 150.0  # the side to place can put its last rank stone down: all but won
PILE_STONE = 0.5
LOW_PILE = (6.0, 3.0, 1.0)  # penalty for 0, 1, 2 stones left in the pile
RACE = (12.0, 8.0, 5.0, 3.0, 1.5)  # to the side ahead in the race, by the smaller pile
POTENTIAL_CAP = 10.0  # rows and rings together: never worth a rank stone
ALL = (1 << 81) - 1
#: Per point, the four reap lines from it to the edge, as bitboards.
LINES = tuple(tuple(sum(1 << q for q in path) for path in p.values()) for p in PATHS)


def _side(own: int, occ: int, empty: int) -> tuple[float, list]:
    """The row and ring potential of the side with simple stones ``own``, and
    its threats: (the points where one opposing stone stops it, the points
    its rank stone may go, a point where one stone completes it)."""
    block = occ & ~own
    value = 0.0
    threats = []
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
            gap = w & empty
            threats.append((gap, w, gap))
    near = 0
    stones = own
    while stones:
        low = stones & -stones
        stones ^= low
        near |= RING[low.bit_length() - 1]
    centres = empty & CENTRES & near  # an edge point has no full perimeter
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
            # Stopped by a stone on the centre, or on the last free point.
            stop = low if free & (free - 1) else low | free
            threats.append((stop, low, free & -free))
        elif free & (free - 1):
            value += RING2
    return value, threats


def _reap(threats: list, their_simple: int, their_rank: int, ranks_left: int) -> float:
    """The best reap that taking one of ``threats`` opens: from a point where
    its rank stone may go, along a line, the rival's stones it sends back
    (its rank stones replaced by ours while ours last)."""
    best = 0.0
    seen = 0
    replace = REAP_RANK if ranks_left > 1 else RANK_ON_BOARD
    for _, spots, _ in threats:
        spots &= ~seen
        seen |= spots
        while spots:
            low = spots & -spots
            spots ^= low
            for line in LINES[low.bit_length() - 1]:
                gain = (line & their_simple).bit_count() * REAP_SIMPLE
                gain += (line & their_rank).bit_count() * replace
                if gain > best:
                    best = gain
    return best


def _unstoppable(threats: list) -> bool:
    """No single stone stops every one of ``threats``."""
    common = ALL
    for stop, _, _ in threats:
        common &= stop
        if not common:
            return True
    return False


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
    rank = state.rank
    occ = simple[0] | simple[1] | rank[0] | rank[1]
    empty = ALL & ~occ
    # Who places next: the side to act, or after a Tulaga under way its rival.
    placer = turn if state.phase == "place" else 1 - turn
    scores = [0.0, 0.0]
    threats = [[], []]
    for side in (0, 1):
        value, threats[side] = _side(simple[side], occ, empty)
        value = min(value, POTENTIAL_CAP) + RANK_ON_BOARD * ranks[side]
        pile = piles[side]
        value += PILE_STONE * pile
        if pile < len(LOW_PILE):
            value -= LOW_PILE[pile]
        scores[side] = value
    other = 1 - placer
    low = min(piles)
    if low < len(RACE):
        # Stone for stone, the side to place empties its pile first unless
        # it has more: a Tulaga (stones back) is the way out.
        scores[placer if piles[placer] > piles[other] else other] += RACE[low]
    left = [state.rank_pile[0], state.rank_pile[1]]
    if state.phase != "place":
        left[turn] -= 1  # the Tulaga under way spends one
    mine, theirs = threats[placer], threats[other]
    if mine:
        if left[placer] <= 1:
            scores[placer] += LAST_RANK_THREAT
            return scores[seat] - scores[1 - seat]
        base, share = TO_PLACE_WITH_THREAT
        reap = _reap(mine, simple[other], rank[other], left[placer])
        scores[placer] += base + share * reap
        if theirs:
            base, share = ANSWER
            scores[other] += base + share * _reap(theirs, simple[placer], rank[placer], left[other])
    elif theirs:
        if _unstoppable(theirs):
            base, share = UNSTOPPABLE
            reap = _reap(theirs, simple[placer], rank[placer], left[other])
            scores[other] += base + share * reap
        else:
            scores[other] += SINGLE_THREAT
    return scores[seat] - scores[1 - seat]


_DIRECTION_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


def _line_gain(line: int, state: Any, them: int, replace: float) -> float:
    return (line & state.simple[them]).bit_count() * REAP_SIMPLE + (
        line & state.rank[them]
    ).bit_count() * replace


def loud_actions(state: Any, seat: int) -> list:
    """For quiescence (game/ai/quiescence.py): the actions that change the
    score at once, best first, with an upper estimate of their gain. To
    place: one stone per Tulaga within reach (a ring's stones all go back,
    so one of its free points stands for the others). In a Tulaga under
    way: its choices, the rank stone by the best reap from its point, and
    the reaps (declining and not reaping are the stand-pat)."""
    phase = state.phase
    them = 1 - seat
    replace = REAP_RANK if state.rank_pile[seat] > 1 else RANK_ON_BOARD
    if phase == "place":
        if not state.rank_pile[seat]:
            return []
        simple, rank = state.simple, state.rank
        occ = simple[0] | simple[1] | rank[0] | rank[1]
        _, threats = _side(simple[seat], occ, ALL & ~occ)
        points = 0
        for _, _, point in threats:
            points |= point
        if not points:
            return []
        gain = RANK_ON_BOARD + _reap(threats, simple[them], rank[them], state.rank_pile[seat])
        found = []
        while points:
            low = points & -points
            points ^= low
            found.append((gain, Place(low.bit_length() - 1)))
        return found
    if phase == "reap":
        lines = LINES[state.rank_at]
        found = [
            (_line_gain(lines[_DIRECTION_INDEX[a.direction]], state, them, replace), a)
            for a in state.legal_actions(seat)
            if type(a) is Reap
        ]
    elif phase == "rank":
        found = [
            (max(_line_gain(line, state, them, replace) for line in LINES[a.point]), a)
            for a in state.legal_actions(seat)
            if type(a) is RankStone
        ]
    else:  # choosing the Tulaga or its stones: every choice leads on to the rank stone
        found = [(REAP_RANK, a) for a in state.legal_actions(seat) if type(a) is not NoRankStone]
    found.sort(key=_by_gain)
    return found


def _by_gain(item: tuple) -> float:
    return -item[0]


declare(evaluate, loud_actions=loud_actions)
