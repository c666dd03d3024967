"""Tar Pit Chess (rules/tar_pit.md): chess where checkers under the pieces
are buckets of tar, and cards say where you may add them.

Built on the chess core (check-based legality). ``extras`` maps a square to
the colour of the checker under its piece (0 White's, 1 Black's): a piece on
its own colour's checker is *carrying*, on the other colour's it is *tarred*
and moves as a pawn of its colour (no double step, en passant allowed; a
tarred pawn cannot move). A turn is up to four parts, each a decision of
the side to move (``phase``):

- "move": a chess move; a capture keeps the captured piece's checker, which
  combines with the capturer's (opposite colours cancel, both go back to
  their owners; the same colour repel, one goes back);
- "throw": if the moved piece carries, throw its checker under a piece on a
  neighbouring square (``Throw``) or keep it (``KEEP``);
- "card": play a card (``PlayCard``) or not (``NO_CARD``): a piece card
  adds one of the mover's checkers from in front of them under a matching
  piece; the mover's colour checker card brings an extra checker in front of
  the mover; the other colour's makes the opponent send one of their
  checkers to the extra pile ("return", the opponent's decision) and then
  discard down to one card per checker ("discard", the opponent's too);
- the draw: automatic, up to one card per checker in front of the mover.

A checker of the opponent's colour never stays under a piece on that
piece's last rank: it goes back to its owner (with the piece's own checker,
if it had one). Castling is not allowed with a checker under king or rook.

Secrets: the hands (each seen by its owner) and the draw pile (by nobody),
kept in a ``Table``; ``sample`` deals the unseen cards at random. After the
discard pile is shuffled into a new draw pile everyone saw its cards:
``reshuffled`` keeps them, and ``drawn`` what each player drew from it since
(the other player's hidden), so a sample keeps the draw pile to the
reshuffled cards the seat did not draw itself.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, Option, Seat
from game.engine.cards import PIECES, Card, Place, Table, cards_text, deck, parse_cards
from game.engine.chess import GEO, STANDARD_FEN, ChessState, Move, extras_text, read_extras
from game.engine.chess.san import check_mark, move_text
from game.engine.chess.tables import (
    BACK_RANK,
    KIND_INDEX,
    KING,
    KING_ATT,
    PAWN,
    PAWN_ATTACKS,
    WHITE,
    W,
)
from game.games import register
from game.games.tar_pit.actions import KEEP, NO_CARD, Discard, PlayCard, Return, Skip, Throw

MOVE, THROW, CARD, RETURN, DISCARD = "move", "throw", "card", "return", "discard"
COLOURS = "wb"  # a checker's colour in the position text
TOTAL_CHECKERS = 12  # of each colour: in front of the player, on the board or extra
PLACES = (
    Place.face_down("draw"),
    Place.hand("hand0", 0),
    Place.hand("hand1", 1),
    Place.face_up("discard"),
)


def hand(side: int) -> str:
    return f"hand{side}"


def universe(checker_cards: int) -> list[Card]:
    """Every card of a game with ``checker_cards`` checker cards per colour."""
    return deck({**PIECES, "checker": checker_cards})


class TarPitState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    extra_field_names = ("checkers", "in front", "extra", "cards", "step", "since the reshuffle")
    FIELDS = ChessState.FIELDS | {
        "front": list,
        "spare": list,
        "table": Table.copy,
        "phase": None,
        "throw_from": None,
        "_pending": None,
        "reshuffled": None,  # a tuple
        "drawn": lambda d: [list(x) for x in d],
    }
    _pending: tuple | None = None  # the checkers of a move being made, and where it lands

    # -- checkers --------------------------------------------------------------------------
    def tarred(self, sq: int) -> bool:
        """Is the piece on ``sq`` on a checker of the other colour?"""
        colour = self.extras.get(sq)
        return colour is not None and not self.occ[colour] >> sq & 1

    def carrying(self, sq: int) -> bool:
        colour = self.extras.get(sq)
        return colour is not None and bool(self.occ[colour] >> sq & 1)

    def side_at(self, sq: int) -> int | None:
        for side in (0, 1):
            if self.occ[side] >> sq & 1:
                return side
        return None

    def on_last_rank(self, sq: int, side: int) -> bool:
        return bool(BACK_RANK[1 - side] >> sq & 1)

    def place_checker(self, sq: int, colour: int, events: list[Event]) -> None:
        """A checker of ``colour`` arrives under the piece on ``sq`` (added
        or thrown): it combines with what is there."""
        side = self.side_at(sq)
        there = self.extras.get(sq)
        seat = self.turn
        if colour != side and self.on_last_rank(sq, side):
            # The piece has reached its last rank: no tar sticks to it.
            self.front[colour] += 1
            if there is not None:
                self.front[there] += 1
                del self.extras[sq]
            events.append(Event("checker_off", seat, {"square": sq, "colour": colour}))
        elif there is None:
            self.extras[sq] = colour
            events.append(Event("checker_on", seat, {"square": sq, "colour": colour}))
        elif there == colour:
            self.front[colour] += 1
            events.append(Event("repel", seat, {"square": sq, "colour": colour}))
        else:
            self.front[colour] += 1
            self.front[there] += 1
            del self.extras[sq]
            events.append(Event("cancel", seat, {"square": sq, "colour": colour}))
        self._legal = None
        self._result = False

    def merge_extras(self, mover: Any, captured: Any) -> Any:
        if mover is None:
            return captured
        return mover if mover == captured else None

    # -- moves -------------------------------------------------------------------------------
    def piece_moves(self, sq: int) -> list[Move]:
        if not self.tarred(sq):
            return super().piece_moves(sq)
        if self.bb[PAWN] >> sq & 1:
            return []  # a tarred pawn cannot move at all
        # As a pawn: no double step, and it stays what it is on the last rank.
        steps = {(m.frm, m.to) for m in self.moves_as(PAWN, sq) if abs(m.to - m.frm) != 2 * W}
        return [Move(frm, to) for frm, to in sorted(steps)]

    def allows(self, move: Move) -> bool:
        if self.is_castle(move):
            return move.frm not in self.extras and move.to not in self.extras
        return True

    def is_attacked(self, sq: int, by: int) -> bool:
        tarred = 0
        for s, colour in self.extras.items():
            if colour != by and self.occ[by] >> s & 1:
                tarred |= 1 << s
        if self.attackers(by, sq) & ~tarred:
            return True
        return bool(PAWN_ATTACKS[1 - by][sq] & tarred & ~self.bb[PAWN])

    def _ep_victim(self, move: Move) -> int | None:
        """The pawn a tarred piece (not a pawn) takes en passant, if it does."""
        if self.ep is None or move.to != self.ep or not self.en_passant:
            return None
        if self.bb[PAWN] >> move.frm & 1 or not self.tarred(move.frm):
            return None
        return move.to - W if self.turn == WHITE else move.to + W

    def takes_en_passant(self, move: Move) -> bool:
        return super().takes_en_passant(move) or self._ep_victim(move) is not None

    def push(self, move: Move, pass_turn: bool = True) -> None:
        victim = self._ep_victim(move)
        us = self.turn
        super().push(move, pass_turn)
        if victim is not None:  # the core takes en passant with pawns only
            self.bb[PAWN] &= ~(1 << victim)
            self.occ[1 - us] &= ~(1 << victim)
            self.halfmove = 0
            taken = self.extras.pop(victim, None)
            if taken is not None:
                merged = self.merge_extras(self.extras.pop(move.to, None), taken)
                if merged is not None:
                    self.extras[move.to] = merged

    def _ep_capturable(self) -> bool:
        if self.phase != MOVE:
            return self.ep is not None  # the other side's move comes later
        if not self.en_passant:
            return False
        return any(
            m.to == self.ep and (self.bb[PAWN] >> m.frm & 1 or self.tarred(m.frm))
            for m in self.legal_moves()
        )

    def move_events(self, move: Move) -> list[Event]:
        events = super().move_events(move)
        victim = self._ep_victim(move)
        if victim is not None:
            seat = self.seat_to_act()
            data = {"square": victim, "piece": self.piece_at(victim)}
            events.insert(0, Event("capture", seat, data))
            events.append(Event("en_passant", seat, {"square": victim}))
        return events

    # -- the turn ----------------------------------------------------------------------------
    def seat_to_act(self) -> Seat:
        return 1 - self.turn if self.phase in (RETURN, DISCARD) else self.turn

    def actions_for(self, seat: Seat) -> list[Any]:
        if self.phase == MOVE:
            return list(self.legal_moves())
        if self.phase == THROW:
            return [*self.throws(), KEEP]
        if self.phase == CARD:
            return [*self.card_plays(), NO_CARD]
        victim = 1 - self.turn
        if self.phase == RETURN:
            out = [Return(-1)] if self.front[victim] else []
            return out + [Return(sq) for sq, c in sorted(self.extras.items()) if c == victim]
        letters = sorted({c.letter for c in self.table.cards(hand(victim)) if c is not None})
        return [Discard(letter) for letter in letters]

    def throws(self) -> list[Throw]:
        frm = self.throw_from
        near = KING_ATT[frm] & (self.occ[0] | self.occ[1])
        return [Throw(frm, to) for to in range(64) if near >> to & 1 and self.king_safe_after(to)]

    def king_safe_after(self, sq: int) -> bool:
        """Is the mover's king still unattacked once one of the mover's
        checkers arrives under the piece on ``sq`` (thrown or added)? Tar
        on an enemy piece makes it attack as a pawn: a throw or a card may
        no more leave the king attacked than the move may. (Checkers under
        the mover's own pieces change no enemy attack.)"""
        us = self.turn
        if not self.occ[1 - us] >> sq & 1:
            return True
        saved = self.extras, self.front, self._legal, self._result
        self.extras, self.front = dict(self.extras), list(self.front)
        try:
            self.place_checker(sq, us, [])
            return not self.king_attacked(us)
        finally:
            self.extras, self.front, self._legal, self._result = saved

    def matching(self, card: Card) -> list[int]:
        """The squares of the pieces ``card`` matches: pieces of its kind and
        colour, or any of the mover's pieces when none of them is left."""
        found = self.bb[KIND_INDEX[card.kind]] & self.occ[card.side]
        if not found:
            found = self.occ[self.turn]
        return [sq for sq in range(64) if found >> sq & 1]

    def card_plays(self) -> list[PlayCard]:
        out: list[PlayCard] = []
        for card in sorted(set(self.table.cards(hand(self.turn))), key=lambda c: c.letter):
            if not card.is_piece:
                out.append(PlayCard(card.letter))
            elif self.front[self.turn]:
                squares = (sq for sq in self.matching(card) if self.king_safe_after(sq))
                out.extend(PlayCard(card.letter, sq) for sq in squares)
        return out

    def act(self, seat: Seat, action: Any) -> list[Event]:
        if isinstance(action, Move):
            return self._move(action)
        events: list[Event] = []
        if isinstance(action, Throw):
            colour = self.extras.pop(action.frm)
            events.append(Event("throw", seat, {"frm": action.frm, "to": action.to}))
            self.place_checker(action.to, colour, events)
            self._after_throw(events)
        elif isinstance(action, Skip):
            if action.part == "throw":
                self._after_throw(events)
            else:
                self.end_turn(events)
        elif isinstance(action, PlayCard):
            self._play_card(seat, action, events)
        elif isinstance(action, Return):
            self._return(seat, action, events)
        elif isinstance(action, Discard):
            card = Card.from_letter(action.letter)
            self.table.take_card(hand(seat), card)
            self.table.put("discard", card)
            events.append(Event("discard", seat, {"card": action.letter}))
            self._after_answer(events)
        return events

    def _move(self, move: Move) -> list[Event]:
        them = 1 - self.turn
        victim = self._ep_victim(move)
        if victim is None and self.occ[them] >> move.to & 1:
            victim = move.to
        if victim is None and self.bb[PAWN] >> move.frm & 1 and move.to == self.ep:
            victim = move.to - W if self.turn == WHITE else move.to + W
        taken = self.extras.get(victim) if victim is not None else None
        self._pending = (self.extras.get(move.frm), taken, self.landing_square(move))
        return self.play_move(move)

    def after_move(self, move: Move, events: list[Event]) -> None:
        us, seat = self.turn, self.turn
        mover, taken, land = self._pending
        self._legal = None
        self._result = False
        if mover is not None and taken is not None:
            if mover == taken:  # repel: one goes back
                self.front[mover] += 1
                events.append(Event("repel", seat, {"square": land, "colour": mover}))
            else:  # cancel: both go back
                self.front[0] += 1
                self.front[1] += 1
                events.append(Event("cancel", seat, {"square": land, "colour": taken}))
        colour = self.extras.get(land)
        if colour is not None and colour != us and self.on_last_rank(land, us):
            del self.extras[land]
            self.front[colour] += 1
            events.append(Event("freed", seat, {"square": land, "colour": colour}))
        occupied = self.occ[0] | self.occ[1]
        if self.extras.get(land) == us and KING_ATT[land] & occupied:
            self.phase, self.throw_from = THROW, land
        elif self.table.count(hand(us)) and self.card_plays():
            self.phase = CARD
        else:
            self.phase = MOVE

    def rules_result(self):
        if self.phase != MOVE:
            return None  # the turn goes on
        return super().rules_result()

    def turn_open(self) -> bool:
        return self.phase != MOVE

    def _after_throw(self, events: list[Event]) -> None:
        self.throw_from = None
        if self.table.count(hand(self.turn)) and self.card_plays():
            self.phase = CARD
        else:
            self.end_turn(events)

    def _play_card(self, seat: Seat, action: PlayCard, events: list[Event]) -> None:
        card = Card.from_letter(action.letter)
        self.table.take_card(hand(seat), card)
        self.table.put("discard", card)
        us = self.turn
        events.append(Event("card_played", seat, {"card": action.letter, "square": action.square}))
        if card.is_piece:
            self.front[us] -= 1
            self.place_checker(action.square, us, events)
        elif card.side == us:
            if self.spare[us]:
                self.spare[us] -= 1
                self.front[us] += 1
        else:
            victim = 1 - us
            if self.front[victim] or victim in self.extras.values():
                self.phase = RETURN
                return
            self._after_answer(events)
            return
        self.end_turn(events)

    def _return(self, seat: Seat, action: Return, events: list[Event]) -> None:
        if action.square < 0:
            self.front[seat] -= 1
        else:
            del self.extras[action.square]
            self._legal = None
        self.spare[seat] += 1
        events.append(Event("return", seat, {"square": action.square}))
        self._after_answer(events)

    def _after_answer(self, events: list[Event]) -> None:
        victim = 1 - self.turn
        if self.table.count(hand(victim)) > self.front[victim]:
            self.phase = DISCARD
        else:
            self.end_turn(events)

    def end_turn(self, events: list[Event]) -> None:
        self._draw(events)
        self.phase = MOVE
        self.throw_from = None
        super().end_turn(events)

    def _draw(self, events: list[Event]) -> None:
        """The mover draws up to one card per checker in front of them,
        shuffling the discard pile into a new draw pile when it runs out."""
        us = self.turn
        drawn: list[Card | None] = []
        while self.table.count(hand(us)) < self.front[us]:
            if not self.table.count("draw"):
                if not self.table.count("discard"):
                    break
                self.reshuffled = tuple(sorted(self.table.cards("discard")))
                self.drawn = [[], []]
                self.table.extend("draw", self.table.clear("discard"))
                self.table.shuffle("draw", self.rng)
                events.append(Event("reshuffle", us, {"count": self.table.count("draw")}))
            card = self.table.draw("draw", hand(us))
            drawn.extend(card)
            if self.reshuffled:
                self.drawn[us].extend(card)
        if drawn:
            events.append(Event("draw", us, {"count": len(drawn)}))
            cards = [c.letter for c in drawn if c is not None]
            events.append(Event("drew", us, {"cards": cards}, frozenset({us})))

    # -- secrets -------------------------------------------------------------------------------
    def hide(self, seat: Seat) -> bool:
        theirs = self.drawn[1 - seat]
        self.drawn[1 - seat] = [None] * len(theirs)
        return self.table.hide(seat) or bool(theirs)

    def fill(self, seat: Seat, rng: random.Random) -> None:
        """Deal the unseen cards (the other hand and the draw pile) at random;
        after a reshuffle the draw pile holds only cards of the reshuffled
        pile that this seat did not draw since, and the rest of them are what
        the other player drew."""
        total = sum(self.table.counts().values())
        cards = universe((total - 32) // 2)
        if not self.reshuffled:
            self.table.fill(seat, rng, cards)
            return
        unseen = Counter(cards)
        unseen.subtract(c for c in self.table.all_cards() if c is not None)
        may_lie = (Counter(self.reshuffled) - Counter(self.drawn[seat])) & +unseen
        pile = sorted(may_lie.elements())
        rng.shuffle(pile)
        pile = pile[: self.table.count("draw")]
        rest = +unseen - Counter(pile)
        other = sorted(rest.elements())
        rng.shuffle(other)
        self.table.clear("draw")
        self.table.extend("draw", pile)
        self.table.clear(hand(1 - seat))
        self.table.extend(hand(1 - seat), other)
        theirs = Counter(self.reshuffled) - Counter(self.drawn[seat]) - Counter(pile)
        self.drawn[1 - seat] = sorted(theirs.elements())

    # -- notation and prompts ------------------------------------------------------------------
    def notation(self, action: Any) -> str:
        if isinstance(action, Move):
            # Judged on the move as the rules play it: ``push`` alone leaves
            # a tarred piece on the far rank tarred, not freed.
            after = self.copy()
            after._apply({self.seat_to_act(): action})
            return move_text(self, action) + check_mark(after, self.turn)
        return str(action)

    def public_notation(self, action: Any) -> str:
        if isinstance(action, Move):
            return move_text(self, action)  # a card may still change the check
        return str(action)

    def prompt(self, seat: Seat) -> str:
        name = self.game.seats[seat]
        if self.phase == THROW:
            return f"{name}: throw the tar to a neighbouring piece, or keep it"
        if self.phase == CARD:
            return f"{name}: play a card to add a checker, or no card"
        if self.phase == RETURN:
            other = self.game.seats[self.turn]
            return f"{name}: {other} played your checker card; send a checker back to the pile"
        if self.phase == DISCARD:
            return f"{name}: discard a card (one card per checker in front of you)"
        return super().prompt(seat)

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        piece = self.piece_at(square)
        if self.phase == MOVE and piece is not None and piece.side == self.turn:
            if self.tarred(square) and piece.kind == "pawn":
                return "A tarred pawn cannot move"
            if self.tarred(square):
                return f"That tarred {piece.kind} moves only as a pawn, and cannot now"
        return super().stuck_reason(seat, square)

    # -- the end -----------------------------------------------------------------------------
    def insufficient_material(self) -> bool:
        # Tar can let a lone minor piece mate: only two bare kings are a dead draw.
        return self.occ[0] | self.occ[1] == self.bb[KING]

    def extra_key(self) -> tuple:
        counts = self.table.counts()
        return (*self.front, *self.spare, counts["hand0"], counts["hand1"], self.phase)

    # -- the position text ---------------------------------------------------------------------
    def extra_fields(self) -> list[str]:
        step = self.phase
        if self.phase == THROW:
            step = f"throw@{GEO.name(self.throw_from)}"
        return [
            extras_text(self.extras, lambda c: COLOURS[c]),
            "{}+{}".format(*self.front),
            "{}+{}".format(*self.spare),
            self.table.to_text().replace(" ", "/"),
            step,
            "/".join(cards_text(x) for x in (self.reshuffled, *self.drawn)),
        ]

    def read_extra_fields(self, fields: list[str]) -> None:
        def colour(text: str) -> int:
            if text not in ("w", "b"):
                raise ValueError(f"a checker is w or b, not {text!r}")
            return COLOURS.index(text)

        self.extras = read_extras(fields[0], colour)
        occupied = self.occ[0] | self.occ[1]
        if any(not occupied >> sq & 1 for sq in self.extras):
            raise ValueError("a checker lies under a piece, never alone")
        self.front = self._pair(fields[1], "checkers in front")
        self.spare = self._pair(fields[2], "extra checkers")
        for c in (0, 1):
            on_board = sum(v == c for v in self.extras.values())
            if self.front[c] + self.spare[c] + on_board != TOTAL_CHECKERS:
                raise ValueError(f"{TOTAL_CHECKERS} checkers of each colour, no more or fewer")
        self.table = Table.from_text(fields[3].replace("/", " "), PLACES)
        total = sum(self.table.counts().values())
        if total < 32 or total % 2:
            raise ValueError("the deck is a card per piece plus checker cards of each colour")
        parts = fields[5].split("/")
        if len(parts) != 3:
            raise ValueError("since the reshuffle: reshuffled/drawn by White/drawn by Black")
        self.reshuffled = tuple(parse_cards(parts[0]))
        self.drawn = [parse_cards(parts[1]), parse_cards(parts[2])]
        if None in self.reshuffled:
            raise ValueError("the reshuffled cards were seen by everyone")
        step = fields[4]
        self.throw_from = self._pending = None
        if step.startswith("throw@"):
            self.phase, self.throw_from = THROW, GEO.square(step[6:])
        elif step in (MOVE, CARD, RETURN, DISCARD):
            self.phase = step
        else:
            raise ValueError(
                f"the step is move, throw@<square>, card, return or discard, not {step!r}"
            )

    @staticmethod
    def _pair(field: str, what: str) -> list[int]:
        white, plus, black = field.partition("+")
        if not plus or not white.isdigit() or not black.isdigit():
            raise ValueError(f"{what} are written white+black, like 6+6")
        return [int(white), int(black)]


@register
class TarPitGame(Game):
    id = "tar_pit"
    title = "Tar Pit Chess"
    blurb = "Throw tar at your opponent's pieces: a tarred piece moves like a pawn."
    private_views = True  # the hands
    # A turn is up to three decisions (move, throw, card): depth 3 still ends
    # inside the mover's own turn, depth 4 sees the reply
    # (it beat search:2 in every game tried: scripts/bench_ai.py). One
    # sampled world of the hidden hands, not four sharing the time: with four
    # it reached less deep and scored 1-3 against Normal, with one 3-1
    # (scripts/bench_ai.py --n 4 --time 0.5).
    # Easy blind to the answers and with a looser hand: looking at them on
    # 40% of decisions it scored 42.5% against Normal (issue 31;
    # scripts/bench_ai.py --time 0.5 --random-plies 2, load about 30).
    bot_levels = {"easy": "easy:look=0:wander=250", "search:3": "search:4:nodes=6000:samples=1"}
    hint_bot = "search:4:nodes=6000:samples=1"
    options = (
        Option(
            "checkers",
            "Checkers each",
            6,
            (3, 4, 5, 6, 7, 8, 9, 10),
            "Checkers each player starts with (and cards)",
        ),
        Option(
            "checker_cards",
            "Checker cards",
            2,
            (0, 1, 2, 3, 4),
            "Of each colour in the deck (fewer: steadier)",
        ),
    )

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> TarPitState:
        opts = self.normalize_options(options)
        n = opts["checkers"]
        rng = random.Random(seed)
        cards = universe(opts["checker_cards"])
        rng.shuffle(cards)
        table = Table(PLACES)
        table.extend("draw", cards)
        for side in (0, 1):
            table.draw("draw", hand(side), n)
        spare = TOTAL_CHECKERS - n
        fields = f"- {n}+{n} {spare}+{spare} {table.to_text().replace(' ', '/')} move -/-/-"
        state = TarPitState(self, f"{STANDARD_FEN} {fields}", seed)
        state.rng = rng
        return state

    def read_text(self, text: str) -> TarPitState:
        return TarPitState(self, text)
