"""Cooperative Chess: both armies captured together, as a line of cards allows.

Built on the chess core (legality "none": a king may move into or stay in
check; castling ignores attacks) and the card engine (game/engine/cards.py):
the 32 piece cards lie in the places of one ``Table``: the draw pile, a hand
per seat, the face-up line, the discard pile and the cards set aside unseen.

A turn is a few decisions by one seat (``phase``):

- "card" (two players only): play a card from the hand to the open end of
  the line (``PlayCard``);
- "move": a chess move that captures nothing, or a capture at once (which
  skips the quiet move), or ``EndTurn``;
- "capture": a capture the line allows, or ``EndTurn``; the turn ends by
  itself when the line allows none;
- "place": after a promotion, where the new piece's card goes (``PlaceCard``).

Card happenings are automatic: a king card drawn or dealt goes to the line
and another card is taken; four or more cards of one colour together are
recycled (one card set aside unseen, the rest shuffled into the draw pile).
Solitaire: one seat (White's) moves both colours and holds no hand; each turn
begins by turning the top card of the draw pile onto the line. Two players:
seat 0 moves White, seat 1 Black, each with a hand of two; a turn ends by
drawing back to two.

The game ends at once when a king is captured (score: a point per captured
piece plus ten for every kind gone from the board), or when the cards run
out (two players: both hands and the draw pile empty; solitaire: a turn
begins with the draw pile empty), with no bonus. The position text and the
secrets are in text.py.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, Option, Result, Seat
from game.engine.cards import Card, Table
from game.engine.chess import STANDARD_FEN, ChessState, Move
from game.engine.chess.san import read_move, san
from game.engine.chess.tables import KIND_NAMES, PAWN, WHITE, W
from game.engine.pieces import Piece
from game.engine.words import count
from game.games import register
from game.games.cooperative import line as L
from game.games.cooperative import text as T
from game.games.cooperative.actions import END, EndTurn, PlaceCard, PlayCard

SOLO, DUO = "solo", "duo"
MODES = {"solitaire": SOLO, "two players": DUO}
HAND = 2  # cards in each hand
PASS_MARK = 32  # below this a game is lost
GREAT_MARK = 50  # above this it is great
BONUS = 10  # per kind of piece gone from the board
PROMOTION_KINDS = ("queen", "rook", "bishop", "knight")
PLANNED = "planned"  # the phase a planner's turn stops in (no card drawn, no turn begun)

SIDE_NAMES = ("White", "Black")
HELP_DUO = "Two players: each moves a colour, with a hand of two cards"
_PREFIX = re.compile(r"^\[([A-Za-z]+)\] (.+)$")


def rating(score: int) -> str:
    """The score in words, by the text's marks."""
    if score < PASS_MARK:
        return f"{count(score, 'point')}: lost ({PASS_MARK} needed)"
    if score > GREAT_MARK:
        return f"{score} points: a great game!"
    return f"{score} points: a win"


class CoopState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    legality = "none"
    castle_through_attack = True  # check never matters
    extra_field_names = T.FIELD_NAMES
    FIELDS = ChessState.FIELDS | {
        "mode": None,
        "cards": Table.copy,
        "phase": None,
        "placing": None,
        "captured": list,
        "drawn": list,
        "pending_ep": None,
        "runs": list,
        "planning": None,
        "_acts": lambda acts: None,
    }

    def __init__(self, game: Game, text: str, seed: int = 0) -> None:
        self._acts: list | None = None
        # A planner's state: a turn stops where it would end (phase PLANNED)
        # instead of drawing cards it cannot know and starting the next.
        self.planning = False
        super().__init__(game, text, seed)

    # -- who and what ---------------------------------------------------------------------
    @property
    def solo(self) -> bool:
        return self.mode == SOLO

    def seat_to_act(self) -> Seat:
        return 0 if self.solo else self.turn

    def side_acting(self, seat: Seat) -> int:
        return self.turn  # alone, White's seat moves Black's pieces too

    def hand_of(self, seat: Seat) -> str:
        return f"hand{seat}"

    def line(self) -> tuple[Card, ...]:
        return self.cards.cards("line")  # type: ignore[return-value]

    def actions_for(self, seat: Seat) -> list[Any]:
        if self._acts is None:
            self._acts = self._actions()
        return list(self._acts)

    def _actions(self) -> list[Any]:
        phase = self.phase
        if phase == "card":
            hand = self.cards.cards(self.hand_of(self.seat_to_act()))
            return [PlayCard(c) for c in dict.fromkeys(hand) if c is not None]
        if phase == "place":
            return [PlaceCard(i) for i in L.placements(self.line(), self.placing)]
        quiet, captures = self.moves_now()
        if phase == "move":
            return [*quiet, *captures, END]
        if phase == "capture":
            return [*captures, END]
        return []

    def moves_now(self) -> tuple[list[Move], list[Move]]:
        """The quiet moves and the captures the line allows, for the side to
        move (pawns reach the last rank only with their card in the line,
        promoting to a kind whose card is in the discard pile)."""
        us = self.turn
        line = self.line()
        promos = self.promotion_kinds(us)
        quiet: list[Move] = []
        captures: list[Move] = []
        for m in self.legal_moves():
            if m.promotion and m.promotion not in promos:
                continue
            victim = self.victim(m)
            if victim is None:
                quiet.append(m)
            elif L.allows(line, Card(*self.piece_at(m.frm)), Card(*victim)):
                captures.append(m)
        return quiet, captures

    def victim(self, move: Move) -> Piece | None:
        """The enemy piece ``move`` would take (en passant included)."""
        us = self.turn
        if self.occ[1 - us] >> move.to & 1:
            return self.piece_at(move.to)
        if move.to == self.ep and self.bb[PAWN] >> move.frm & 1:
            return Piece(1 - us, "pawn")
        return None

    def promotion_kinds(self, side: int) -> tuple[str, ...]:
        """Kinds a pawn of ``side`` may promote to now: its card must be in
        the line and the new kind's card in the discard pile."""
        if Card(side, "pawn") not in self.line():
            return ()
        discard = self.cards.cards("discard")
        return tuple(k for k in PROMOTION_KINDS if Card(side, k) in discard)

    # -- doing ---------------------------------------------------------------------------
    def act(self, seat: Seat, action: Any) -> list[Event]:
        events: list[Event] = []
        self.drawn = []  # the turn's first step is being made
        self._acts = None
        if isinstance(action, PlayCard):
            self._play_card(seat, action.card, events)
        elif isinstance(action, EndTurn):
            self._end_turn(events)
        elif isinstance(action, PlaceCard):
            self._place(action.index, events)
        else:
            self._move(action, events)
        self._acts = None
        self._legal = None
        self._result = False
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))
        return events

    def _play_card(self, seat: Seat, card: Card, events: list[Event]) -> None:
        self.cards.take_card(self.hand_of(seat), card)
        self.cards.put("line", card)
        events.append(Event("card_play", seat, {"card": card}))
        self._recycle(events)
        self.phase = "move"

    def _move(self, move: Move, events: list[Event]) -> None:
        us = self.turn
        mover = self.piece_at(move.frm)
        victim = self.victim(move)
        events.extend(self.move_events(move))
        saved_ep = self.ep
        self.push(move, pass_turn=False)
        self._stack.clear()
        self.last_move = move
        if self.ep is not None:  # this turn's double step: for the next turn
            self.pending_ep = self.ep
        self.ep = saved_ep if self._ep_valid(saved_ep, 1 - us) else None
        if victim is not None:
            self.captured.append(victim)
            line = self.line()
            index = L.victim_index(line, Card(*mover), Card(*victim))
            card = self.cards.take("line", index)
            self.cards.put("discard", card)
            events.append(Event("card_discard", None, {"card": card, "index": index}))
            if victim.kind == "king":
                return  # the game ends at once
        self.phase = "capture"
        if move.promotion:
            self._promote(us, move, events)
        else:
            self._recycle(events)
        self._maybe_end(events)

    def _promote(self, us: int, move: Move, events: list[Event]) -> None:
        """The pawn's card goes to the discard pile (after the captured
        piece's, if it took one), the new piece's card comes out of it; the
        line is looked at for runs once both cards are gone."""
        pawn = Card(us, "pawn")
        index = L.last_index(self.line(), pawn)
        self.cards.take("line", index)
        self.cards.put("discard", pawn)
        events.append(Event("card_discard", None, {"card": pawn, "index": index}))
        new = Card(us, move.promotion)
        self.cards.take_card("discard", new)
        self._recycle(events)
        if self.line():
            self.placing = new
            self.phase = "place"
        else:
            self._put_back(new, 0, events)

    def _place(self, index: int, events: list[Event]) -> None:
        card, self.placing = self.placing, None
        self._put_back(card, index, events)
        self.phase = "capture"
        self._maybe_end(events)

    def _put_back(self, card: Card, index: int, events: list[Event]) -> None:
        self.cards.put("line", card, at=index)
        events.append(Event("card_place", None, {"card": card, "index": index}))
        self._recycle(events)

    def _maybe_end(self, events: list[Event]) -> None:
        """A capture phase with nothing the line allows ends the turn."""
        if self.phase == "capture" and not self.moves_now()[1]:
            self._end_turn(events)

    def _ep_valid(self, ep: int | None, owner: int) -> bool:
        """Is ``ep`` a square a pawn of ``owner`` just skipped, still empty,
        with that pawn still beyond it?"""
        if ep is None:
            return False
        pawn = ep + W if owner == WHITE else ep - W
        empty = not ((self.occ[0] | self.occ[1]) >> ep & 1)
        return empty and bool(self.bb[PAWN] & self.occ[owner] & 1 << pawn)

    def _end_turn(self, events: list[Event]) -> None:
        if self.planning:
            self.phase = PLANNED
            return
        if not self.solo:
            self._fill_hand(self.turn, events)
        self._hand_over()
        self._start_turn(events)

    def _hand_over(self) -> None:
        """The other side to move; a double step of this turn may be taken
        en passant in the next."""
        self.next_turn()
        ep, self.pending_ep = self.pending_ep, None
        self.ep = ep if self._ep_valid(ep, 1 - self.turn) else None

    def begin_planned_turn(self, card: Card | None) -> bool:
        """A planner's guess at the next turn, from a turn that stopped at
        its end (phase PLANNED): the other side at its move step, ``card``
        (taken from wherever this state holds it) just put on the line, or
        no card when ``card`` is None. False if this state holds no such card."""
        self._hand_over()
        if card is not None:
            for place in ("draw", "hand0", "hand1", "aside"):
                if card in self.cards.cards(place):
                    self.cards.take_card(place, card)
                    break
            else:
                return False
            self.cards.put("line", card)
            self._recycle([])
        self.phase = "move"
        self._acts = None
        self._legal = None
        return True

    def _start_turn(self, events: list[Event]) -> None:
        self._legal = None
        self._acts = None
        if self.solo:
            if not self.cards.count("draw"):
                self.phase = "end"
                return
            self._draw_to_line(events)
            self.phase = "move"
            return
        while True:
            seat = self.turn
            if self.cards.count(self.hand_of(seat)):
                self.phase = "card"
                return
            if not self.cards.count("draw") and not any(
                self.cards.count(self.hand_of(s)) for s in (0, 1)
            ):
                self.phase = "end"
                return
            events.append(Event("pass", seat, {}))
            self._fill_hand(seat, events)
            self.next_turn()

    # -- the cards' own happenings ---------------------------------------------------------
    def _draw_to_line(self, events: list[Event]) -> None:
        """Solitaire: the top card onto the line (a king is followed by another)."""
        while self.cards.count("draw"):
            card = self.cards.move("draw", "line")
            self.drawn.append(card)
            events.append(Event("card_draw", None, {"card": card, "to": "line"}))
            self._recycle(events)
            if card.kind != "king":
                return

    def _fill_hand(self, seat: Seat, events: list[Event]) -> None:
        """Draw back to two."""
        while self.cards.count(self.hand_of(seat)) < HAND and self.draw_one(seat, events):
            pass

    def draw_one(self, seat: Seat, events: list[Event]) -> bool:
        """One card into ``seat``'s hand: a king goes to the line and another
        card is taken. False if the draw pile ran out first."""
        while self.cards.count("draw"):
            card = self.cards.top("draw")
            if card is not None and card.kind == "king":
                self.cards.move("draw", "line")
                events.append(Event("card_draw", None, {"card": card, "to": "line"}))
                self._recycle(events)
                continue
            self.cards.move("draw", self.hand_of(seat))
            events.append(Event("card_draw", seat, {"card": card}, frozenset({seat})))
            others = frozenset(s for s in (0, 1) if s != seat)
            events.append(Event("card_draw", seat, {"card": None}, others))
            return True
        return False

    def _recycle(self, events: list[Event]) -> None:
        """Every run of four or more of one colour: shuffled face down, one
        card set aside unseen, the rest shuffled into the draw pile. (Taking
        a run out can join two runs of the other colour: look again.)"""
        while (found := L.run(self.line())) is not None:
            start, end = found
            group = tuple(self.cards.take("line", start) for _ in range(end - start))
            self.runs.append(group)
            mixed = list(group)
            self.rng.shuffle(mixed)
            self.cards.put("aside", mixed[0])
            self.cards.extend("draw", mixed[1:])
            self.cards.shuffle("draw", self.rng)
            events.append(Event("recycle", None, {"cards": group, "start": start}))

    # -- the end and the score ----------------------------------------------------------------
    def king_fell(self) -> bool:
        return any(p.kind == "king" for p in self.captured)

    def kinds_gone(self) -> list[str]:
        """Kinds of piece with none of either colour on the board."""
        return [k for i, k in enumerate(KIND_NAMES) if not self.bb[i]]

    def score(self, with_bonus: bool | None = None) -> int:
        """A point per captured piece, and ten per kind gone when a king fell
        (``with_bonus``: as if one had, or had not)."""
        bonus = self.king_fell() if with_bonus is None else with_bonus
        gone = len(self.kinds_gone()) if bonus else 0
        return len(self.captured) + BONUS * gone

    def rules_result(self) -> Result | None:
        if self.king_fell():
            king = next(p for p in self.captured if p.kind == "king")
            gone = self.kinds_gone()
            reason = f"The {SIDE_NAMES[king.side].lower()} king was captured: "
            reason += count(len(self.captured), "capture")
            if gone:
                reason += f" and {BONUS * len(gone)} bonus for " + ", ".join(
                    f"no {k}s" for k in gone
                )
        elif self.phase == "end":
            reason = f"The cards ran out: {count(len(self.captured), 'capture')} and no bonus"
        else:
            return None
        score = self.score()
        n = len(self.game.seats)
        points = (1.0 if score >= PASS_MARK else 0.0,) * n
        return Result.score(self.game, [score] * n, reason, rating(score), points=points)

    def orthodox_result(self) -> Result | None:
        return None  # no checkmate, stalemate or draws here

    def resign(self, seat: Seat) -> list[Event]:
        """Stopping early scores the captures so far, with no bonus: no king fell."""
        score = len(self.captured)
        n = len(self.game.seats)
        reason = f"Stopped after {count(score, 'capture')}: no king capture, no bonus"
        points = (1.0 if score >= PASS_MARK else 0.0,) * n
        self._agreed_result = Result.score(
            self.game, [score] * n, reason, rating(score), points=points
        )
        return [Event("game_over", seat, {"reason": reason})]

    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.seat_to_act(),)

    # -- words ---------------------------------------------------------------------------------
    def prompt(self, seat: Seat) -> str:
        side = SIDE_NAMES[self.turn]
        phase = self.phase
        if phase == "card":
            return f"{side}: play a card to the line"
        if phase == "place":
            return f"{side}: place the {self.placing.kind} card in the line"
        if phase == "move":
            return f"{side}: a move, a capture, or end the turn"
        return f"{side}: capture as the line allows, or end the turn"

    def check_square(self) -> int | None:
        return None  # check does not matter here; the captures allowed are marked

    def headline(self) -> str:
        return "Solitaire" if self.solo else "Two players"

    def notation(self, action: Any) -> str:
        text = self._plain_notation(action)
        if self.drawn:
            text = f"[{''.join(c.letter for c in self.drawn)}] {text}"
        return text

    def _plain_notation(self, action: Any) -> str:
        if isinstance(action, PlayCard):
            return str(action)
        if isinstance(action, EndTurn):
            return "end"
        if isinstance(action, PlaceCard):
            return f"{self.placing.letter}@{action.index + 1}"
        return san(self, action).rstrip("+#")

    def public_notation(self, action: Any) -> str:
        return self.notation(action)  # a card is public once played

    def _parse_action(self, text: str, seat: Seat) -> Any:
        found = _PREFIX.match(text)
        plain = found.group(2) if found else text
        moves = []
        for a in self.actions_for(seat):
            if isinstance(a, Move):
                moves.append(a)
            elif plain in (self._plain_notation(a), str(a)):
                return a
        return read_move(self, plain, moves) if moves else None

    # -- secrets and text (text.py) --------------------------------------------------------------
    def hide(self, seat: Seat) -> bool:
        return self.cards.hide(seat)

    def fill(self, seat: Seat, rng: random.Random) -> None:
        T.fill(self, rng)
        self._acts = None

    def extra_fields(self) -> list[str]:
        return T.write(self)

    def read_extra_fields(self, fields: list[str]) -> None:
        T.read(self, fields)
        self._acts = None


@register
class CooperativeGame(Game):
    id = "cooperative"
    title = "Cooperative Chess"
    kings_left_attacked = True
    blurb = "Together against the game: capture all you can, as a line of cards allows."
    seats = ("White", "Black")
    teams = ((0, 1),)
    private_views = True  # two players' hands
    draw_offers = False
    resign_label = "End game"
    resign_note = "The captures so far count, with no bonus."
    resign_words = "Game ended"  # by the team, whichever colour was to move
    quiet_steps = frozenset({"end"})  # the turn passed; the next card bracket says so too
    options = (
        Option(
            "mode",
            "Mode",
            "solitaire",
            tuple(MODES),
            "Solitaire: you move both colours, with no hand",
            ("Solitaire: you move both colours, with no hand", HELP_DUO),
        ),
    )
    # Normal and Hard are the turn planner (partner.py, through evaluation.py's
    # ``decide``, which gets the depth as its level); Easy judges one ply.
    # Their budgets on the wall clock: Normal 1.5 s, Hard 3 s (Hard's plans
    # take up to 2.2 s of CPU, Normal's 1.2 s: on a quiet machine the counts
    # end them first, as before; on a busy one the clock does).
    bot_levels = {"search:2": "search:2", "search:3": "search:3:time=3"}
    hint_bot = "search:3:time=3"

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> CoopState:
        opts = self.normalize_options(options)
        state = CoopState(self, f"{STANDARD_FEN} {T.start_fields(MODES[opts['mode']])}", seed)
        state.cards.shuffle("draw", state.rng)
        events: list[Event] = []
        if not state.solo:
            for _ in range(HAND):
                for seat in (0, 1):
                    state.draw_one(seat, events)
        state._start_turn(events)
        return state

    def read_text(self, text: str) -> CoopState:
        return CoopState(self, text)

    def seats_in_play(self, options: Mapping[str, Any]) -> tuple[Seat, ...]:
        """Alone, White's seat moves both colours and Black's sits out."""
        return (0,) if options.get("mode", "solitaire") == "solitaire" else (0, 1)
