"""The Cooperative Chess partner: a planner over whole turns.

A turn is a card (two players), an optional quiet move and a chain of
captures. The planner lists every such plan for the side to move, from the
decision it is at, on a sample of its own view (the hidden cards are filled
at random, but nothing here reads them: what it weighs is the board, the
line, the discard pile, its own hand and how many cards the others hold):

1. every plan's end-of-turn position is scored by ``judge`` (below), a
   static guess at the final score; a king capture ends the game and is
   scored exactly;
2. the best few plans (``Level.refine``) are looked at one turn further:
   for every kind of card that can come next (the partner's hand, unseen:
   the best of two cards drawn from those unaccounted for; alone: the top
   of the draw pile), the other side's best reply plan (card, quiet move,
   captures) is found and judged, and the values are averaged by how
   likely each card is.

``judge`` values, besides the captures made: the captures the next side
can make with the card it may play (a chain on the line's cards, as the
pieces stand), those the side after it has waiting, a rate for the cards
still to come, and the bonus kinds (those gone, and those nearly gone)
times the chance that a king still falls. That chance is high while a king
capture is set up for the next side, and fades as the cards run out; so a
king capture on hand is kept while the captures to come are worth more
than taking it, and taken when the cards run low.

Every search is bounded by counts (plans, replies), and by the wall clock:
the decision's deadline (game/engine/deadline.py, the bot's budget) is
looked at before every plan is followed. Past it, no more plans of this
turn are listed (a capture chain is ended where it stands), and a look
one turn further stops and is dropped: the plan is chosen among those
looked at in full (the best by the static guess if none was). On a quiet
machine the counts end it first: the same plan.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from game.engine.cards import Card
from game.engine.chess.tables import (
    KIND_NAMES,
)
from game.engine.deadline import Deadline, current
from game.games.cooperative import line as L
from game.games.cooperative.actions import END, PlaceCard, PlayCard
from game.games.cooperative.attacks import attacks_from
from game.games.cooperative.rules import PLANNED
from game.games.cooperative.text import UNIVERSE

BONUS = 10.0
KINDS = ("pawn", "knight", "bishop", "rook", "queen")  # the kinds a bonus can clear
RATE = 0.42  # captures each card still to come brings, on average, beyond the next two
NEXT = 0.8  # weight of the next side's captures with the card it may play
AFTER = 0.4  # weight of captures waiting for the side after it
RECYCLE = 0.7  # a run recycled throws a card away (and may lose a king card)
CONTACT = 0.12  # each kind of capture the pieces offer (attacker's card, victim's card)
SHARE = 0.6  # of the pieces left, at most this share is ever taken
CLEAR = 0.5  # credit for a kind nearly gone, against one gone


@dataclass(frozen=True)
class Level:
    refine: int  # plans looked at one turn further
    replies: int  # quiet moves tried for the other side's reply (best by a quick look)
    chain: int  # capture plans followed per decision before cutting off


LEVELS = {2: Level(refine=6, replies=10, chain=80), 3: Level(refine=8, replies=16, chain=200)}


def decide(state: Any, seat: int, rng: random.Random, level: int = 2) -> Any:
    """The planner's action for ``seat`` (``state`` is its view), or None
    at the lowest level (Easy stays the one-ply player); by the deadline
    of the bot's decision."""
    if level < 2:
        return None
    return Planner(state, seat, rng, LEVELS.get(level, LEVELS[3]), current()).choose()


# -- simulating a turn ---------------------------------------------------------------------------
def child(state: Any, action: Any) -> Any:
    """The state after ``action`` (``state`` is a planning state: the turn
    stops where it would end, phase ``PLANNED``)."""
    sim = state.copy()
    sim.act(sim.seat_to_act(), action)
    return sim


def captures_now(sim: Any) -> list:
    return sim.moves_now()[1]


def over(sim: Any) -> bool:
    return sim.king_fell()


# -- what the seat knows ----------------------------------------------------------------------
class Knowledge:
    """The cards the deciding seat cannot place: the draw pile, the
    partner's hand and the cards set aside (alone: the draw pile and the
    cards set aside)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat

    def unseen(self, sim: Any) -> Counter:
        pool = Counter(UNIVERSE)
        pool.subtract(sim.line())
        pool.subtract(sim.cards.cards("discard"))
        if not sim.solo:
            pool.subtract(c for c in sim.cards.cards(sim.hand_of(self.seat)) if c is not None)
        if sim.placing is not None:
            pool[sim.placing] -= 1
        return +pool

    def hand(self, sim: Any, side: int) -> tuple[list[Card], int]:
        """The cards ``side`` may play next turn that the seat knows, and
        how many more it will hold unseen."""
        if sim.solo:
            return [], 1 if sim.cards.count("draw") else 0
        seat = side  # seat 0 plays White, seat 1 Black
        count = sim.cards.count(sim.hand_of(seat))
        if seat == self.seat:
            known = [c for c in sim.cards.cards(sim.hand_of(seat)) if c is not None]
            return known, (1 if sim.cards.count("draw") and count < 2 else 0)
        unseen = count + (1 if sim.cards.count("draw") and count < 2 else 0)
        return [], min(2, unseen)


def cards_to_come(sim: Any) -> int:
    count = sim.cards.count("draw")
    if not sim.solo:
        count += sim.cards.count("hand0") + sim.cards.count("hand1")
    return count


# -- the pieces' attacks ------------------------------------------------------------------------


def chain(line: list[Card], found: list[tuple[int, Card, int, Card]]) -> tuple[int, bool, int]:
    """How many captures (no king) the line's cards allow one after another
    with these attacks, as the pieces stand (a piece that captured is not
    followed to its new square); whether a king capture is allowed then;
    and how many runs were recycled (``line`` is changed)."""
    recycled = _recycle(line)
    count = 0
    left = [a for a in found if a[3].kind != "king"]
    while True:
        for frm, mine, to, victim in left:
            index = L.victim_index(line, mine, victim)
            if index is None:
                continue
            del line[index]
            count += 1
            left = [a for a in left if a[2] != to and a[0] != frm]
            recycled += _recycle(line)
            break
        else:
            break
    king = any(a[3].kind == "king" and L.allows(line, a[1], a[3]) for a in found)
    return count, king, recycled


def _recycle(line: list[Card]) -> int:
    n = 0
    while (found := L.run(line)) is not None:
        del line[found[0] : found[1]]
        n += 1
    return n


# -- judging an end of turn ----------------------------------------------------------------------
class _Late(Exception):
    """The deadline passed during a look one turn further."""


class Planner:
    def __init__(
        self,
        state: Any,
        seat: int,
        rng: random.Random,
        level: Level,
        deadline: Deadline | None = None,
    ) -> None:
        self.deadline = deadline or Deadline()
        self.further = False  # looking one turn further: being late drops the look
        self.view = state
        self.seat = seat
        self.rng = rng
        self.level = level
        self.know = Knowledge(seat)
        self.budget = 0
        self.runs = len(state.runs)  # runs recycled before this decision

    def choose(self) -> Any:
        sim = self.view.sample(self.seat, self.rng)
        sim.planning = True
        plans = self.plans(sim, self.level.chain)
        if not plans:
            return None
        ties = {id(p): self.rng.random() for p in plans}  # equal plans: any of them
        plans.sort(key=lambda p: (-p[0], ties[id(p)]))
        best_value, best_action = plans[0][0], plans[0][1]
        if self.level.refine > 1 and len(plans) > 1:
            best_value = None
            self.further = True
            try:
                for value, action, end in _distinct(plans, self.level.refine):
                    if end is not None and not over(end) and end.phase == PLANNED:
                        value = self.look_further(end)
                    if best_value is None or value > best_value + 1e-9:
                        best_value, best_action = value, action
            except _Late:
                pass  # the best of the plans looked at in full (the first if none)
        return _match(self.view, self.seat, best_action)

    def on_time(self) -> bool:
        """Before the next plan is followed: is there time left? Past the
        deadline a look one turn further is dropped (``_Late``)."""
        if not self.deadline.passed():
            return True
        if self.further:
            raise _Late
        return False

    # plans: (value, first action, end-of-turn state)
    def plans(self, sim: Any, chain_budget: int, quiet_limit: int | None = None) -> list:
        """Every plan for the rest of this turn from ``sim``, best value
        first per first action."""
        self.budget = chain_budget
        phase = sim.phase
        out = []
        if phase == "card":
            hand = sim.cards.cards(sim.hand_of(sim.seat_to_act()))
            for card in dict.fromkeys(c for c in hand if c is not None):
                if out and not self.on_time():
                    break
                action = PlayCard(card)
                after = child(sim, action)
                self.budget = chain_budget
                best = self.best_move_phase(after, quiet_limit)
                out.append((best[0], action, best[1]))
            return out
        if phase == "move":
            return self.move_phase(sim, quiet_limit)
        return [(v, a, e) for v, a, e in self.capture_phase(sim)]

    def best_move_phase(self, sim: Any, quiet_limit: int | None) -> tuple[float, Any]:
        if sim.phase != "move":
            return self.judge(sim), sim
        found = self.move_phase(sim, quiet_limit)
        value, _, end = max(found, key=lambda p: p[0])
        return value, end

    def move_phase(self, sim: Any, quiet_limit: int | None) -> list:
        quiet, captures = sim.moves_now()
        stop = child(sim, END)
        out = [(self.judge(stop), END, stop)]
        for move in captures:
            if not self.on_time():
                return out
            value, end = self.best_capture(child(sim, move))
            out.append((value, move, end))
        if quiet_limit is not None:
            quiet = self.promising(sim, quiet, quiet_limit)
        for move in quiet:
            if not self.on_time():
                break
            value, end = self.best_capture(child(sim, move))
            out.append((value, move, end))
        return out

    def promising(self, sim: Any, quiet: list, limit: int) -> list:
        """The quiet moves after which the side has the most captures in
        reach (a quick look for the other side's reply)."""
        scored = []
        for move in quiet:
            if not self.on_time():
                break
            after = child(sim, move)
            if after.phase != PLANNED or over(after):
                scored.append((100.0, move))
                continue
            scored.append((self.judge(after), move))
        scored.sort(key=lambda p: -p[0])
        return [m for _, m in scored[:limit]]

    def capture_phase(self, sim: Any) -> list:
        if sim.phase == "place":
            out = []
            actions = [PlaceCard(i) for i in L.placements(sim.line(), sim.placing)]
        else:
            stop = child(sim, END)
            out = [(self.judge(stop), END, stop)]
            actions = captures_now(sim)
        for action in actions:
            if out and not self.on_time():
                break
            value, end = self.best_capture(child(sim, action))
            out.append((value, action, end))
        return out

    def best_capture(self, sim: Any) -> tuple[float, Any]:
        """The best end of the capture chain from ``sim``."""
        if over(sim) or sim.phase == PLANNED:
            return self.judge(sim), sim
        if self.budget <= 0 or not self.on_time():  # enough: stop here (a card at the open end)
            while not over(sim) and sim.phase != PLANNED:
                last = PlaceCard(len(sim.line())) if sim.phase == "place" else END
                sim = child(sim, last)
            return self.judge(sim), sim
        self.budget -= 1
        found = self.capture_phase(sim)
        value, _, end = max(found, key=lambda p: p[0])
        return value, end

    # -- one turn further -------------------------------------------------------------------
    def look_further(self, end: Any) -> float:
        """The end of this turn judged by the other side's best reply for
        each card it may play: the best of the cards it will hold (those
        the seat knows, and the unseen ones drawn from the cards not
        accounted for), in expectation."""
        side = 1 - end.turn
        if cards_to_come(end) == 0:
            return float(len(end.captured))
        known, unknown = self.know.hand(end, side)
        pool = Counter({c: n for c, n in self.know.unseen(end).items() if c.kind != "king"})
        size = sum(pool.values())
        if not size:
            unknown = 0
        if not known and not unknown:
            return self.judge(end)
        values = [(self.reply(end, card), False) for card in dict.fromkeys(known)]
        spread = (
            [(n / size, self.reply(end, card), False) for card, n in pool.items()]
            if unknown
            else []
        )
        return _best_of(values, spread, unknown)[0]

    def reply(self, end: Any, card: Card) -> float:
        """The value of the other side's best plan with ``card`` played."""
        self.on_time()
        start = begin_turn(end, card)
        if start is None:
            return self.judge(end)
        plans = self.plans(start, self.level.chain // 3, self.level.replies)
        return max(p[0] for p in plans) if plans else self.judge(start)

    # -- the static judgement ---------------------------------------------------------------
    def judge(self, sim: Any) -> float:
        """The final score to expect from the end of a turn (phase PLANNED)."""
        if over(sim):
            return float(sim.score())
        captured = len(sim.captured)
        to_come = cards_to_come(sim)
        if to_come == 0:
            return float(captured)
        side = 1 - sim.turn  # the side that moves next
        pool = self.know.unseen(sim)
        line = list(sim.line())
        mine = attacks_from(sim, side)
        theirs = attacks_from(sim, 1 - side)
        # The next side's turn, with the card it may play.
        known, unknown = self.know.hand(sim, side)
        values: list[tuple[float, bool]] = []
        for card in known:
            values.append(self._turn_value(line, card, mine))
        playable = Counter({c: n for c, n in pool.items() if c.kind != "king"})
        spread: list[tuple[float, float, bool]] = []
        size = sum(playable.values())
        if unknown and size:
            for card, n in playable.items():
                v, k = self._turn_value(line, card, mine)
                spread.append((n / size, v, k))
        now, king_next = _best_of(values, spread, unknown)
        # The side after it: what waits for it now (no new card).
        later, _, _ = chain(list(line), theirs)
        # Contact: the kinds of capture the armies offer, whatever cards come.
        contact = len({(a[1], a[3]) for a in (*mine, *theirs) if a[3].kind != "king"})
        pieces = sum(bin(sim.bb[i]).count("1") for i in range(5))
        future = min(RATE * max(0, to_come - 2), SHARE * max(0.0, pieces - now - later))
        left = {k: bin(sim.bb[i]).count("1") for i, k in enumerate(KIND_NAMES[:5])}
        gone = sum(1 for k in KINDS if not left[k])
        horizon = 1.0 + 0.1 * to_come
        clearing = 0.0
        for kind in KINDS:
            n = left[kind]
            if n:
                share = max(0.0, 1.0 - n / horizon)
                clearing += CLEAR * share * share
        chance = self.king_chance(sim, to_come, king_next, mine, theirs)
        aside = len(sim.runs) - self.runs  # a card thrown away for each run recycled now
        return (
            captured
            + NEXT * now
            + AFTER * later
            + CONTACT * contact
            + future
            + chance * BONUS * (gone + clearing)
            - RECYCLE * aside
        )

    def _turn_value(self, line: list[Card], card: Card, found: list) -> tuple[float, bool]:
        played = [*line, card]
        count, king, recycled = chain(played, found)
        return count - RECYCLE * recycled, king

    def king_chance(self, sim, to_come, king_next, mine, theirs) -> float:
        """How likely a king is captured before the cards run out."""
        line = sim.line()
        alive = [king_alive(sim, Card(s, "king")) for s in (0, 1)]
        both = alive[0] * alive[1]
        either = 1.0 - (1.0 - alive[0]) * (1.0 - alive[1])
        if either <= 0.0:
            return 0.0
        base = min(0.8, 0.05 * to_come) * (both + 0.7 * (either - both))
        if to_come >= 2 and any(a[3].kind == "king" and L.allows(line, a[1], a[3]) for a in theirs):
            base = max(base, 0.75)  # a king capture waits for the side after the next
        if not any(c.kind == "king" for c in line):
            base *= 0.8  # no king card out yet
        return max(base, 0.92 * king_next)


def king_alive(sim: Any, king: Card) -> float:
    """The chance ``king``'s card is still in the game, from what all may
    see: in the line it is; else each run it was recycled with set it
    aside with one chance in the run's length."""
    if king in sim.line():
        return 1.0
    chance = 1.0
    for group in sim.runs:
        if king in group:
            chance *= 1.0 - 1.0 / len(group)
    return chance


def _best_of(values, spread, unknown) -> tuple[float, float]:
    """The expected best turn value for a hand of the known cards
    (``values``) and ``unknown`` more drawn from ``spread`` (weight,
    value, king): its expected captures, and the chance a king capture is
    among its choices."""
    known_best = max((v for v, _ in values), default=None)
    known_king = any(k for _, k in values)
    if not unknown or not spread:
        return (known_best or 0.0), (1.0 if known_king else 0.0)
    order = sorted(spread, key=lambda p: p[1])
    expected = 0.0
    below = 0.0
    for weight, value, _ in order:
        cum = below + weight
        p = cum**unknown - below**unknown  # this value is the best of the unknown cards
        best = value if known_best is None else max(value, known_best)
        expected += p * best
        below = cum
    king_weight = sum(w for w, _, k in spread if k)
    king = 1.0 if known_king else 1.0 - (1.0 - king_weight) ** unknown
    return expected, king


def begin_turn(end: Any, card: Card | None) -> Any:
    """The next side's turn from the end of this one, ``card`` played
    (taken from wherever the sample holds it), at its move step; None if
    the sample holds no such card."""
    sim = end.copy()
    return sim if sim.begin_planned_turn(card) else None


def _distinct(plans: list, count: int) -> list:
    """The first ``count`` plans of different values (plans that tie are
    mostly the same plan: a pawn move elsewhere)."""
    out, seen = [], set()
    for plan in plans:
        key = round(plan[0], 6)
        if key not in seen:
            seen.add(key)
            out.append(plan)
            if len(out) == count:
                break
    return out


def _match(view: Any, seat: int, action: Any) -> Any:
    """The view's own action equal to the sample's (by its text)."""
    text = str(action)
    for a in view.legal_actions(seat):
        if str(a) == text:
            return a
    return None
