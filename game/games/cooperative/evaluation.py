"""What the computer knows of Cooperative Chess: a position is worth the
final score it can expect, in points (the search reads a score as that many
pawns), the same for every seat, since the score is shared.

    expected = captured so far
             + the captures in reach (an attack whose cards lie side by side,
               or will once the next card is played)
             + the captures still to come as the cards last
             + the chance that a king falls in the end
               x ten for each kind gone by then (those gone now, and the
               chance of clearing each kind that is nearly gone).

So the search captures when it can, sets up captures for the partner,
clears whole kinds, keeps a king capture for the end, and takes it when the
cards run short or the chance would go. Judged on full states: the search
samples the partner's hand and the draw pile, and averages.

Normal and Hard do not search with it: ``decide`` hands their decisions
to the turn planner (partner.py), which looks at whole turns (card, quiet
move, capture chain) and the cards to come. Easy (and the one-ply greedy
yardstick) judge by ``evaluate`` alone.
"""

from __future__ import annotations

from typing import Any

from game.ai.evaluate import terminal_value
from game.engine.cards import Card
from game.engine.chess.tables import KIND_NAMES
from game.games.cooperative.attacks import attacks_from
from game.games.cooperative.partner import decide as plan

RATE = 0.45  # captures a card still to come is worth, on average
NOW = 0.9  # a capture the side to move may make at once
NEXT = 0.55  # one the other side may make on its turn, if nothing changes
FORMED = 0.35  # one the card played or turned up next would allow
KING_LATER = 0.75  # a king capture left for a later turn, against one taken now
POTENTIAL = 0.1  # an attack whose cards are still in play, if they ever meet
BONUS = 10.0
KINDS = ("pawn", "knight", "bishop", "rook", "queen")  # the kinds a bonus can clear


def decide(state: Any, seat: int, rng: Any, level: int = 1) -> Any:
    """The planner's decision at Normal (level 2) and Hard (3 and up);
    None at level 1, where the one-ply bots use ``evaluate``."""
    return plan(state, seat, rng, level)


def attacks(state: Any, side: int) -> list[tuple[Card, Card]]:
    """(card like the attacker, card like the victim) for every attack of a
    piece of ``side`` on an enemy piece, as the pieces stand."""
    return [(mine, theirs) for _, mine, _, theirs in attacks_from(state, side)]


def cards_to_come(state: Any) -> int:
    """Cards still to be played or turned up: how long the game may last."""
    count = state.cards.count("draw")
    if not state.solo:
        count += state.cards.count("hand0") + state.cards.count("hand1")
    return count


def coming(state: Any, side: int) -> tuple[Card, ...]:
    """The cards that will be added to the line before ``side`` next takes:
    its hand (two players: the mover's at the card step, else the
    partner's), or in solitaire the top of the draw pile when the other
    side's turn is next. (A sample knows them; the search averages.)"""
    us = state.turn
    if state.solo:
        if side == us or not state.cards.count("draw"):
            return ()
        return (state.cards.top("draw"),)
    if side == us and state.phase != "card":
        return ()
    seat = state.seat_to_act() if side == us else 1 - state.seat_to_act()
    return tuple(c for c in state.cards.cards(state.hand_of(seat)) if c is not None)


def has_next_turn(state: Any) -> bool:
    """Will the other side move again? Alone, not once the draw pile is
    empty; with two players, while either holds a card or the pile has one."""
    if state.cards.count("draw"):
        return True
    return not state.solo and (state.cards.count("hand0") + state.cards.count("hand1")) > 0


def captures_in_reach(state: Any) -> tuple[float, float]:
    """The captures the line allows or will soon allow, weighted by how sure
    they are; and the best such weight for a king capture. Each pair of
    neighbouring cards serves one capture (its victim's card then goes), so
    two attacks through the same pair, or a piece and its victim attacking
    each other, count once."""
    line = state.line()
    edges: dict[frozenset, int] = {}
    for a, b in zip(line, line[1:], strict=False):
        if a.side != b.side:
            key = frozenset((a, b))
            edges[key] = edges.get(key, 0) + 1
    last = line[-1] if line else None
    us = state.turn
    live = set(line) | set(state.cards.cards("draw"))
    live |= set(state.cards.cards("hand0")) | set(state.cards.cards("hand1"))
    through: dict[frozenset, tuple[float, set[tuple[Card, Card]]]] = {}
    formed = 0.0
    potential: set[tuple[Card, Card]] = set()
    king_reach = 0.0
    for side in (0, 1):
        weight = NOW if side == us else NEXT if has_next_turn(state) else 0.0
        held = coming(state, side)
        for pair in attacks(state, side):
            attacker, victim = pair
            key = frozenset(pair)
            if key in edges:
                value = weight
                if victim.kind != "king":
                    best, uses = through.get(key, (0.0, set()))
                    uses.add(pair)
                    through[key] = (max(best, value), uses)
            elif (
                last is not None
                and held
                and ((last == attacker and victim in held) or (last == victim and attacker in held))
            ):
                value = FORMED
                if victim.kind != "king":
                    formed = FORMED
            elif attacker in live and victim in live:
                value = POTENTIAL
                if victim.kind != "king":
                    potential.add(pair)
            else:
                continue
            if victim.kind == "king":
                if side != us:
                    value *= KING_LATER  # it must last a turn: a risk with the bonus at stake
                king_reach = max(king_reach, value)
    reach = formed + POTENTIAL * len(potential)
    for key, (best, uses) in through.items():
        reach += best * min(edges[key], len(uses))
    return reach, king_reach


def evaluate(state: Any, seat: int) -> float:
    result = state.result()
    if result is not None:
        return terminal_value(result, seat, (0, 1))
    reach, king_reach = captures_in_reach(state)
    to_come = cards_to_come(state)
    left = {k: 0 for k in KINDS}
    for i, kind in enumerate(KIND_NAMES[:5]):
        left[kind] = bin(state.bb[i]).count("1")
    pieces = sum(left.values())
    future = min(RATE * to_come, max(0.0, pieces - reach))
    gone = sum(1 for k in KINDS if not left[k])
    clearing = 0.0
    horizon = 1.0 + 0.15 * to_come
    for kind in KINDS:
        n = left[kind]
        if n:
            share = max(0.0, 1.0 - n / horizon)
            clearing += share * share
    chance = king_chance(state, to_come, king_reach)
    return len(state.captured) + reach + future + chance * BONUS * (gone + clearing)


def king_chance(state: Any, to_come: int, king_reach: float) -> float:
    """How likely a king is still captured before the cards run out."""
    aside = state.cards.cards("aside")
    alive = [Card(side, "king") not in aside for side in (0, 1)]
    if not any(alive):
        return 0.0
    base = min(0.8, 0.06 * to_come) * (1.0 if all(alive) else 0.7)
    return max(base, king_reach)
