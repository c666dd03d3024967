"""Maces and Horse-apults, and its sister game with Tulpas, on a 10 x 10 board.

Both games share one position class. A turn is a chain of decisions by the
same seat (see rules/maces.md and rules/tulpas.md for the rules as played):

- ``duel`` (Tulpas only): both seats choose at once, the mover a ``Pick``, the
  opponent a ``Guess`` of one of the mover's uncreated Tulpa types;
- ``place`` (Tulpas only, after a match): the mover places the new Tulpa;
- ``act``: one action (``Move``, ``Throw`` by a Horse-apult, ``Shot`` by an
  Archer);
- ``ox``: after a Wild Ox move, strike one adjacent enemy (``OxStrike``) or
  not (``OxDecline``);
- ``swing``: the mover's Maces swing, one after another: ``ChooseMace`` when
  the order matters, ``Swing`` when a Mace has several victims. Forced
  swings (one Mace able, one victim) happen by themselves.

A king capture ends the game at once, before anything else of that turn.
Never imports pygame, never imports game.ai.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from game.engine import Event, Game, IllegalAction, Result, State
from game.engine.board import KING_STEPS, KNIGHT_LEAPS, bits, geometry
from game.engine.grid import GridPosition, LetterTable
from game.engine.pieces import BISHOP_LINES, ROOK_LINES, Piece, PieceKind, register_kind
from game.games import register

WHITE, BLACK = 0, 1
GEO = geometry(10, 10)
W = GEO.width

for _kind in (
    PieceKind("mace", "M", 3.5, leaps=KING_STEPS),
    PieceKind("horse_apult", "H", 4.0, leaps=KING_STEPS),
    PieceKind("amazon", "A", 12.0, leaps=KNIGHT_LEAPS, rides=ROOK_LINES + BISHOP_LINES),
    PieceKind("wild_ox", "W", 4.0, leaps=KNIGHT_LEAPS),
    PieceKind("archer", "Y", 4.5),
    PieceKind("spider", "S", 3.0, leaps=KING_STEPS),
    PieceKind("tulpa_mace", "T", 3.5, leaps=KING_STEPS),
):
    register_kind(_kind)

LETTERS = LetterTable(
    {
        "K": "king",
        "Q": "queen",
        "R": "rook",
        "B": "bishop",
        "N": "knight",
        "P": "pawn",
        "M": "mace",
        "H": "horse_apult",
        "A": "amazon",
        "W": "wild_ox",
        "Y": "archer",
        "S": "spider",
        "T": "tulpa_mace",
    }
)
PROMOTIONS = ("queen", "rook", "bishop", "knight", "mace", "horse_apult")
TULPAS = ("amazon", "wild_ox", "archer", "spider", "tulpa_mace")
MACE_KINDS = frozenset(("mace", "tulpa_mace"))
STEPPERS = frozenset(("king", "horse_apult", "spider"))  # king step, capture by displacement

START_BOARD = "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M"

ACT, OX, SWING, DUEL, PLACE = "act", "ox", "swing", "duel", "place"
FIFTY = 100  # plies without a removal or pawn move: a draw


def letter(kind: str) -> str:
    return LETTERS.letter_of[kind]


def _promo(kind: str | None) -> str:
    return f"={letter(kind)}" if kind else ""


# -- actions ----------------------------------------------------------------------
# Every action has ``frm`` and ``to`` (None where they mean nothing), so generic
# move ordering and adapters can read any of them.


@dataclass(frozen=True, slots=True)
class Move:
    """A piece moves (capturing by displacement if the square is an enemy's)."""

    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = letter(self.promotion).lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"


@dataclass(frozen=True, slots=True)
class Throw:
    """The Horse-apult on ``apult`` throws the piece on ``piece`` to ``to``."""

    apult: int
    piece: int
    to: int
    promotion: str | None = None

    @property
    def frm(self) -> int:
        return self.piece

    def __str__(self) -> str:
        return f"{GEO.name(self.apult)}:{GEO.name(self.piece)}>{GEO.name(self.to)}" + (
            f"={letter(self.promotion).lower()}" if self.promotion else ""
        )


@dataclass(frozen=True, slots=True)
class Shot:
    """The Archer on ``archer`` shoots the enemy piece on ``target``."""

    archer: int
    target: int

    @property
    def frm(self) -> int:
        return self.archer

    @property
    def to(self) -> int:
        return self.target

    def __str__(self) -> str:
        return f"{GEO.name(self.archer)}*{GEO.name(self.target)}"


@dataclass(frozen=True, slots=True)
class OxStrike:
    """The Wild Ox on ``ox`` gores the adjacent enemy on ``target``."""

    ox: int
    target: int

    @property
    def frm(self) -> int:
        return self.ox

    @property
    def to(self) -> int:
        return self.target

    def __str__(self) -> str:
        return f"{GEO.name(self.ox)}x{GEO.name(self.target)}"


@dataclass(frozen=True, slots=True)
class OxDecline:
    """The Wild Ox on ``ox`` does not strike."""

    ox: int
    frm = None
    to = None

    def __str__(self) -> str:
        return "no strike"


@dataclass(frozen=True, slots=True)
class ChooseMace:
    """The Mace on ``mace`` swings next."""

    mace: int
    to = None

    @property
    def frm(self) -> int:
        return self.mace

    def __str__(self) -> str:
        return f"{GEO.name(self.mace)}!"


@dataclass(frozen=True, slots=True)
class Swing:
    """The Mace on ``mace`` removes the adjacent enemy on ``victim``."""

    mace: int
    victim: int

    @property
    def frm(self) -> int:
        return self.mace

    @property
    def to(self) -> int:
        return self.victim

    def __str__(self) -> str:
        return f"{GEO.name(self.mace)}x{GEO.name(self.victim)}"


@dataclass(frozen=True, slots=True)
class Pick:
    """The card duel: the mover's secret choice of a Tulpa type."""

    kind: str
    frm = None
    to = None

    def __str__(self) -> str:
        return f"pick {letter(self.kind)}"


@dataclass(frozen=True, slots=True)
class Guess:
    """The card duel: the opponent's secret guess of the mover's choice."""

    kind: str
    frm = None
    to = None

    def __str__(self) -> str:
        return f"guess {letter(self.kind)}"


@dataclass(frozen=True, slots=True)
class Place:
    """A created Tulpa of ``kind`` appears on ``sq``."""

    kind: str
    sq: int
    frm = None

    @property
    def to(self) -> int:
        return self.sq

    def __str__(self) -> str:
        return f"{letter(self.kind)}@{GEO.name(self.sq)}"


# -- the position -----------------------------------------------------------------
def forward(seat: int) -> int:
    return W if seat == WHITE else -W


def relative_rank(seat: int, sq: int) -> int:
    """0 for the seat's own first rank, 9 for its last."""
    rank = sq // W
    return rank if seat == WHITE else GEO.height - 1 - rank


class MacesState(GridPosition, State):
    """A position of Maces and Horse-apults (``hands is None``) or of the
    Tulpas game (``hands``: each seat's uncreated Tulpa kinds)."""

    def __init__(self, game: Game, seed: int = 0, tulpas: bool = False):
        GridPosition.__init__(self, GEO, LETTERS)
        self.game = game
        self.rng = random.Random(seed)
        self.turn = WHITE
        self.phase = ACT
        self.pending: list[int] = []  # the mover's Maces still to swing
        self.chosen: int | None = None  # the Mace whose victim is being chosen
        self.ox: int | None = None  # the Wild Ox that may strike
        self.placing: str | None = None  # the Tulpa kind being placed
        self.ep: int | None = None  # square skipped by the last two-step
        self.halfmove = 0
        self.fullmove = 1
        self.hands: list[list[str]] | None = [list(TULPAS), list(TULPAS)] if tulpas else None
        self.ended: Result | None = None  # a king captured, or a draw by the clock or repetition
        self.last_move: Move | Throw | Shot | Place | None = None
        self._legal: dict[int, list] = {}
        self._keys: list[tuple] = []

    # -- reading ------------------------------------------------------------------
    def spiders(self, seat: int) -> int:
        bb = 0
        for sq, p in enumerate(self.board):
            if p is not None and p.seat == seat and p.kind == "spider":
                bb |= 1 << sq
        return bb

    def is_frozen(self, sq: int) -> bool:
        """Is the piece on ``sq`` caught in an enemy Spider's web?"""
        p = self.board[sq]
        if p is None:
            return False
        for n in bits(GEO.king[sq]):
            q = self.board[n]
            if q is not None and q.kind == "spider" and q.seat != p.seat:
                return True
        return False

    def frozen_squares(self) -> list[int]:
        return [sq for sq, p in enumerate(self.board) if p is not None and self.is_frozen(sq)]

    def victims(self, sq: int) -> list[int]:
        """Enemy pieces next to the piece on ``sq``."""
        p = self.board[sq]
        out = []
        for n in bits(GEO.king[sq]):
            q = self.board[n]
            if q is not None and q.seat != p.seat:
                out.append(n)
        return out

    def king_square(self, seat: int) -> int | None:
        found = self.find(seat, "king")
        return found[0] if found else None

    def check_square(self) -> int | None:
        return None  # no check rule: a king may stand en prise

    # -- the protocol -------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        if self.phase == DUEL:
            return (WHITE, BLACK)
        return (self.turn,)

    def legal_actions(self, seat: int) -> list:
        if self.is_over() or seat not in self.to_act():
            return []
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._generate(seat)
        return list(cached)

    def _generate(self, seat: int) -> list:
        phase = self.phase
        if phase == ACT:
            return self._act_actions(seat)
        if phase == OX:
            return [OxStrike(self.ox, v) for v in self.victims(self.ox)] + [OxDecline(self.ox)]
        if phase == SWING:
            if self.chosen is not None:
                return [Swing(self.chosen, v) for v in self.victims(self.chosen)]
            able = self._able_maces()
            if self._order_matters(able):
                return [ChooseMace(m) for m in able]
            return [Swing(m, v) for m in able for v in self.victims(m)]
        if phase == DUEL:
            hand = self.hands[self.turn]
            if seat == self.turn:
                return [Pick(k) for k in hand]
            return [Guess(k) for k in hand]
        if phase == PLACE:
            return [Place(self.placing, sq) for sq in self._home_squares(self.turn)]
        raise AssertionError(f"unknown phase {phase!r}")

    def _home_squares(self, seat: int) -> list[int]:
        return [
            sq for sq in range(GEO.size) if self.board[sq] is None and relative_rank(seat, sq) < 2
        ]

    def _act_actions(self, us: int) -> list:
        board = self.board
        own = occ = 0
        enemy_spiders = 0
        for sq, p in enumerate(board):
            if p is None:
                continue
            occ |= 1 << sq
            if p.seat == us:
                own |= 1 << sq
            elif p.kind == "spider":
                enemy_spiders |= 1 << sq
        free = ~own & GEO.all
        empty = ~occ & GEO.all
        king_t, knight_t = GEO.king, GEO.knight
        out: list = []
        append = out.append
        for sq, p in enumerate(board):
            if p is None or p.seat != us or king_t[sq] & enemy_spiders:
                continue
            kind = p.kind
            if kind in STEPPERS:
                dests = king_t[sq] & free
            elif kind in MACE_KINDS:
                dests = king_t[sq] & empty
            elif kind in ("knight", "wild_ox"):
                dests = knight_t[sq] & free
            elif kind == "rook":
                dests = GEO.rook_attacks(sq, occ) & free
            elif kind == "bishop":
                dests = GEO.bishop_attacks(sq, occ) & free
            elif kind == "queen":
                dests = (GEO.rook_attacks(sq, occ) | GEO.bishop_attacks(sq, occ)) & free
            elif kind == "amazon":
                dests = (
                    GEO.rook_attacks(sq, occ) | GEO.bishop_attacks(sq, occ) | knight_t[sq]
                ) & free
            elif kind == "archer":
                dests = 0
                for df, dr in KING_STEPS:
                    ray = GEO.ray(sq, df, dr, occ, 2)
                    dests |= ray
                    hit = ray & occ
                    if hit and not hit & own:
                        append(Shot(sq, hit.bit_length() - 1))
                dests &= free
            elif kind == "pawn":
                self._pawn_actions(us, sq, empty, append)
                continue
            else:
                dests = 0
            for to in bits(dests):
                append(Move(sq, to))
            if kind == "horse_apult":
                self._throws(us, sq, occ, append)
        return out

    def _pawn_actions(self, us: int, sq: int, empty: int, append) -> None:
        step = 1 if us == WHITE else -1
        targets = []
        one = GEO.offset(sq, 0, step)
        if one is not None and empty >> one & 1:
            targets.append(one)
            two = GEO.offset(one, 0, step)
            if relative_rank(us, sq) <= 2 and two is not None and empty >> two & 1:
                targets.append(two)
        for df in (-1, 1):
            to = GEO.offset(sq, df, step)
            if to is None:
                continue
            victim = self.board[to]
            if victim is not None and victim.seat != us or to == self.ep and self._ep_ok(us):
                targets.append(to)
        for to in targets:
            if relative_rank(us, to) == GEO.height - 1:
                for kind in PROMOTIONS:
                    append(Move(sq, to, kind))
            else:
                append(Move(sq, to))

    def _ep_ok(self, us: int) -> bool:
        ep = self.ep
        if ep is None or self.board[ep] is not None:
            return False
        behind = ep - forward(us)
        p = self.board[behind] if 0 <= behind < GEO.size else None
        return p is not None and p.kind == "pawn" and p.seat != us

    def _throws(self, us: int, apult: int, occ: int, append) -> None:
        landings = list(bits(GEO.knight[apult] & ~occ & GEO.all))
        if not landings:
            return
        for sq in bits(GEO.king[apult] & occ):
            if self.is_frozen(sq):
                continue  # held in a web: it cannot leave its square
            p = self.board[sq]
            for to in landings:
                if p.kind == "pawn" and relative_rank(p.seat, to) == GEO.height - 1:
                    if p.seat == us:
                        for kind in PROMOTIONS:
                            append(Throw(apult, sq, to, kind))
                    else:
                        append(Throw(apult, sq, to, "queen"))
                else:
                    append(Throw(apult, sq, to))

    def _able_maces(self) -> list[int]:
        return [m for m in self.pending if not self.is_frozen(m) and self.victims(m)]

    # -- applying -----------------------------------------------------------------
    def apply(self, actions) -> list:
        acting = self.to_act()
        if not acting:
            raise IllegalAction("the game is over")
        if set(actions) != set(acting):
            want = " and ".join(self.game.seats[s] for s in acting)
            raise IllegalAction(f"this decision needs one action from {want}")
        for seat, action in actions.items():
            if action not in self.legal_actions(seat):
                raise IllegalAction(f"{action} is not legal for {self.game.seats[seat]} here")
        events: list[Event] = []
        self._legal = {}
        phase = self.phase
        if phase == DUEL:
            self._duel(actions[self.turn].kind, actions[1 - self.turn].kind, events)
        else:
            action = actions[self.turn]
            if phase == ACT:
                self._act(action, events)
            elif phase == OX:
                self._strike(action, events)
            elif phase == SWING:
                self._swing_step(action, events)
            elif phase == PLACE:
                self._place(action, events)
        self._legal = {}
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))
        return events

    def _remove(self, sq: int, events: list, cause: str | None = None, **data) -> Piece:
        piece = self.board[sq]
        self.board[sq] = None
        if cause:
            events.append(Event(cause, self.turn, {**data, "piece": piece}))
        events.append(Event("capture", self.turn, {"square": sq, "piece": piece}))
        self.halfmove = 0
        if piece.kind == "king":
            winner = self.turn
            self.ended = Result.win(
                self.game, winner, f"{self.game.sides[winner]} captured the king"
            )
        return piece

    def _act(self, action, events: list) -> None:
        us = self.turn
        ep, self.ep = self.ep, None
        self.halfmove += 1
        self.last_move = action
        if isinstance(action, Move):
            piece = self.board[action.frm]
            if self.board[action.to] is not None:
                self._remove(action.to, events)
            elif piece.kind == "pawn" and action.to == ep:
                self._remove(action.to - forward(us), events)
                events.append(Event("en_passant", us, {"square": action.to - forward(us)}))
            self.board[action.frm] = None
            self.board[action.to] = piece
            events.append(Event("move", us, {"piece": piece, "frm": action.frm, "to": action.to}))
            if piece.kind == "pawn":
                self.halfmove = 0
                if abs(action.to - action.frm) == 2 * W:
                    self.ep = (action.to + action.frm) // 2
            if action.promotion:
                self._promote(action.to, Piece(us, action.promotion), events)
            if self.ended:
                return
            if piece.kind == "wild_ox" and not self.is_frozen(action.to):
                if self.victims(action.to):
                    self.phase, self.ox = OX, action.to
                    return
        elif isinstance(action, Throw):
            piece = self.board[action.piece]
            self.board[action.piece] = None
            self.board[action.to] = piece
            events.append(
                Event(
                    "throw",
                    us,
                    {"apult": action.apult, "piece": piece, "frm": action.piece, "to": action.to},
                )
            )
            if action.promotion:
                self._promote(action.to, Piece(piece.seat, action.promotion), events)
        elif isinstance(action, Shot):
            self._remove(action.target, events, "shot", archer=action.archer, square=action.target)
            if self.ended:
                return
        self._begin_swings(events)

    def _promote(self, sq: int, piece: Piece, events: list) -> None:
        self.board[sq] = piece
        events.append(Event("promote", self.turn, {"square": sq, "piece": piece}))

    def _strike(self, action, events: list) -> None:
        if isinstance(action, OxStrike):
            self._remove(action.target, events, "strike", ox=action.ox, square=action.target)
        self.ox = None
        if self.ended:
            return
        self._begin_swings(events)

    def _begin_swings(self, events: list) -> None:
        us = self.turn
        self.pending = [
            sq
            for sq, p in enumerate(self.board)
            if p is not None and p.seat == us and p.kind in MACE_KINDS
        ]
        self.chosen = None
        self.phase = SWING
        self._resolve_swings(events)

    def _resolve_swings(self, events: list) -> None:
        """Swing every forced Mace; stop at the first real decision.

        A Mace is forced when it has exactly one victim that no other Mace able
        to swing could take instead. Otherwise the player decides: which Mace
        swings next when two of them could hit the same piece (the order then
        matters), else directly which victim (each victim names its Mace)."""
        while not self.ended:
            self.pending = [m for m in self.pending if self.victims(m)]
            able = [m for m in self.pending if not self.is_frozen(m)]
            if not able:
                self.pending, self.chosen = [], None
                self._end_turn(events)
                return
            sets = {m: self.victims(m) for m in able}
            count = Counter(v for vs in sets.values() for v in vs)
            forced = next((m for m in able if len(sets[m]) == 1 and count[sets[m][0]] == 1), None)
            if forced is None:
                self.chosen = None
                return
            self._swing(forced, sets[forced][0], events)

    def _order_matters(self, able: list[int]) -> bool:
        count = Counter(v for m in able for v in self.victims(m))
        return any(n > 1 for n in count.values())

    def _swing(self, mace: int, victim: int, events: list) -> None:
        self.pending.remove(mace)
        self.chosen = None
        self._remove(victim, events, "swing", mace=mace, victim_square=victim)

    def _swing_step(self, action, events: list) -> None:
        if isinstance(action, ChooseMace):
            self.chosen = action.mace
            victims = self.victims(action.mace)
            if len(victims) > 1:
                return
            self._swing(action.mace, victims[0], events)
        else:
            self._swing(action.mace, action.victim, events)
        self._resolve_swings(events)

    def _end_turn(self, events: list) -> None:
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn = 1 - self.turn
        self.phase = ACT
        if self.halfmove == 0:
            self._keys = []
        self._start_turn(events)
        self._keys.append(self._key())
        if self.halfmove >= FIFTY:
            self.ended = Result.draw(
                self.game, "Fifty moves without a capture or pawn move: a draw"
            )
        elif Counter(self._keys)[self._keys[-1]] >= 3:
            self.ended = Result.draw(self.game, "The same position three times: a draw")

    def _key(self) -> tuple:
        hands = tuple(map(tuple, self.hands)) if self.hands is not None else None
        return (tuple(self.board), self.turn, self.ep, hands)

    # -- Tulpas ---------------------------------------------------------------------
    def _start_turn(self, events: list) -> None:
        """The card duel before a turn, while the mover has Tulpas to create."""
        self.phase = ACT
        if self.hands is None or not self.hands[self.turn]:
            return
        hand = self.hands[self.turn]
        if len(hand) > 1:
            self.phase = DUEL
            return
        kind = hand[0]  # one card left: the match is certain
        events.append(
            Event(
                "reveal",
                self.turn,
                {"pick": kind, "guess": kind, "match": True, "certain": True},
            )
        )
        self._matched(kind, events)

    def _duel(self, pick: str, guess: str, events: list) -> None:
        match = pick == guess
        events.append(Event("reveal", self.turn, {"pick": pick, "guess": guess, "match": match}))
        if match:
            self._matched(pick, events)
        else:
            self.phase = ACT

    def _matched(self, kind: str, events: list) -> None:
        if self._home_squares(self.turn):
            self.hands[self.turn].remove(kind)
            self.phase, self.placing = PLACE, kind
        else:
            events.append(Event("creation_lost", self.turn, {"kind": kind}))
            self.phase = ACT

    def _place(self, action: Place, events: list) -> None:
        piece = Piece(self.turn, action.kind)
        self.board[action.sq] = piece
        self.placing = None
        self.phase = ACT
        self.last_move = action
        events.append(Event("place", self.turn, {"square": action.sq, "piece": piece}))

    def uniform_decision(self, seat: int) -> bool:
        """True where the best play is a uniformly random choice (the card
        duel), for bots that honour it."""
        return self.phase == DUEL

    # -- the end ----------------------------------------------------------------------
    def rules_result(self) -> Result | None:
        if self.ended:
            return self.ended
        if self.phase == ACT and not self._has_action():
            who = self.game.sides[self.turn]
            return Result.draw(self.game, f"{who} has no legal action: a draw")
        return None

    def _has_action(self) -> bool:
        us = self.turn
        for sq, p in enumerate(self.board):
            if p is None or p.seat != us or p.kind == "pawn":
                continue
            if p.kind in STEPPERS or p.kind in MACE_KINDS or p.kind == "archer":
                if not self.is_frozen(sq) and any(
                    self.board[n] is None for n in bits(GEO.king[sq])
                ):
                    return True
        cached = self._legal.get(us)
        if cached is None:
            cached = self._legal[us] = self._generate(us)
        return bool(cached)

    # -- prompts ------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        name = self.game.seats[seat]
        if self.is_over():
            return self.result().reason
        if self.phase == DUEL:
            if seat == self.turn:
                return "Choose in secret the Tulpa you try to create"
            return f"Guess in secret which Tulpa {self.game.seats[self.turn]} tries to create"
        if seat != self.turn:
            return f"{self.game.seats[self.turn]} to move"
        if self.phase == PLACE:
            return f"Place your {self.placing.replace('_', ' ').title()} on your first two ranks"
        if self.phase == OX:
            return f"Strike with the Wild Ox on {GEO.name(self.ox)}, or decline"
        if self.phase == SWING:
            if self.chosen is not None:
                return f"Choose the victim of the Mace on {GEO.name(self.chosen)}"
            able = self._able_maces()
            if self._order_matters(able):
                return "Choose which Mace swings next"
            if len(able) == 1:
                return f"Choose the victim of the Mace on {GEO.name(able[0])}"
            return "Choose the victim of one of your Maces"
        return f"{name} to move"

    # -- copies -------------------------------------------------------------------------
    # Nothing in the state is hidden: the duel's secret choices wait in the
    # Match until both are made, so ``view`` and ``sample`` are the base ones.
    def copy(self) -> MacesState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.copy_rng()
        other.board = list(self.board)
        other.pending = list(self.pending)
        other.hands = [list(h) for h in self.hands] if self.hands is not None else None
        other._keys = list(self._keys)
        other._legal = dict(self._legal)
        return other

    # -- text -------------------------------------------------------------------------
    def to_text(self) -> str:
        if self.phase == OX:
            phase = f"ox:{GEO.name(self.ox)}"
        elif self.phase == SWING:
            chosen = GEO.name(self.chosen) if self.chosen is not None else "-"
            others = [GEO.name(m) for m in self.pending if m != self.chosen]
            phase = f"swing:{chosen}:{','.join(others) or '-'}"
        elif self.phase == PLACE:
            mark = letter(self.placing)
            phase = f"place:{mark if self.turn == WHITE else mark.lower()}"
        else:
            phase = self.phase
        ep = GEO.name(self.ep) if self.ep is not None else "-"
        fields = [self.board_text(), "wb"[self.turn], phase, ep, str(self.halfmove)]
        fields.append(str(self.fullmove))
        if self.hands is not None:
            white = "".join(letter(k) for k in self.hands[WHITE]) or "-"
            black = "".join(letter(k).lower() for k in self.hands[BLACK]) or "-"
            fields.append(f"{white}/{black}")
        return " ".join(fields)

    def set_text(self, text: str) -> None:
        parts = text.split()
        want = 7 if self.hands is not None else 6
        if len(parts) != want:
            raise ValueError(
                f"the position text has {want} fields: board, side, phase, en passant, "
                "clocks" + (" and the Tulpa hands" if want == 7 else "")
            )
        board, side, phase, ep, half, full = parts[:6]
        self.set_board_text(board)
        if side not in ("w", "b"):
            raise ValueError("the side to move is w or b")
        self.turn = WHITE if side == "w" else BLACK
        for seat in (WHITE, BLACK):
            if len(self.find(seat, "king")) > 1:
                raise ValueError("a side has at most one king")
        self.ep = None if ep == "-" else GEO.square(ep)
        try:
            self.halfmove, self.fullmove = int(half), int(full)
        except ValueError:
            raise ValueError("the move counters must be numbers") from None
        if self.hands is not None:
            hands = parts[6].split("/")
            if len(hands) != 2:
                raise ValueError("the Tulpa hands are two lists separated by /")
            self.hands = []
            for seat, field in enumerate(hands):
                pieces = [] if field == "-" else [LETTERS.piece(c) for c in field]
                kinds = [p.kind for p in pieces]
                if any(p.seat != seat or p.kind not in TULPAS for p in pieces) or len(
                    set(kinds)
                ) != len(kinds):
                    raise ValueError(f"bad Tulpa hand {field!r}")
                self.hands.append(sorted(kinds, key=TULPAS.index))
        self._set_phase(phase)
        missing = [s for s in (WHITE, BLACK) if self.king_square(s) is None]
        if len(missing) == 2:
            raise ValueError("both kings are missing")
        if missing:
            winner = 1 - missing[0]
            self.ended = Result.win(
                self.game, winner, f"{self.game.sides[winner]} captured the king"
            )
        self._keys = [self._key()] if self.phase in (ACT, DUEL, PLACE) else []

    def _set_phase(self, phase: str) -> None:
        name, _, rest = phase.partition(":")
        if name in (ACT, DUEL) and not rest:
            if name == DUEL and (self.hands is None or len(self.hands[self.turn]) < 2):
                raise ValueError("a card duel needs two or more Tulpas left to create")
            self.phase = name
        elif name == OX:
            self.ox = GEO.square(rest)
            p = self.board[self.ox]
            if p is None or p != (self.turn, "wild_ox"):
                raise ValueError(f"there is no Wild Ox of the side to move on {rest}")
            self.phase = OX
        elif name == SWING:
            chosen, _, others = rest.partition(":")
            self.chosen = None if chosen == "-" else GEO.square(chosen)
            squares = [] if others in ("", "-") else [GEO.square(s) for s in others.split(",")]
            if self.chosen is not None:
                squares.insert(0, self.chosen)
            for sq in squares:
                p = self.board[sq]
                if p is None or p.seat != self.turn or p.kind not in MACE_KINDS:
                    raise ValueError(f"there is no Mace of the side to move on {GEO.name(sq)}")
            self.pending = squares
            self.phase = SWING
        elif name == PLACE and self.hands is not None:
            piece = LETTERS.piece(rest)
            kind = piece.kind
            if kind not in TULPAS or piece.seat != self.turn:
                raise ValueError(f"{rest!r} is not a Tulpa of the side to move")
            self.placing, self.phase = kind, PLACE
        else:
            raise ValueError(f"unknown turn phase {phase!r}")

    # -- notation -----------------------------------------------------------------------
    def notation(self, action) -> str:
        """The action in the notation of rules/maces.md (before applying it)."""
        if isinstance(action, Move):
            piece = self.board[action.frm]
            cap = self.board[action.to] is not None or (
                piece is not None
                and piece.kind == "pawn"
                and action.to == self.ep
                and action.frm % W != action.to % W
            )
            head = "" if piece is None or piece.kind == "pawn" else letter(piece.kind)
            sep = "x" if cap else "-"
            return f"{head}{GEO.name(action.frm)}{sep}{GEO.name(action.to)}" + _promo(
                action.promotion
            )
        if isinstance(action, Throw):
            return (
                f"H{GEO.name(action.apult)}:{GEO.name(action.piece)}>{GEO.name(action.to)}"
                + _promo(action.promotion)
            )
        if isinstance(action, Swing | ChooseMace):
            piece = self.board[action.mace]
            head = letter(piece.kind) if piece is not None else "M"
            if isinstance(action, ChooseMace):
                return f"{head}{GEO.name(action.mace)}!"
            return f"{head}{GEO.name(action.mace)}x{GEO.name(action.victim)}"
        if isinstance(action, Shot):
            return f"Y{GEO.name(action.archer)}*{GEO.name(action.target)}"
        if isinstance(action, OxStrike):
            return f"W{GEO.name(action.ox)}x{GEO.name(action.target)}"
        return str(action)

    def parse_action(self, text: str, seat: int | None = None):
        clean = text.strip()
        seats = (seat,) if seat is not None else self.to_act()
        for s in seats:
            for a in self.legal_actions(s):
                if self.notation(a) == clean or str(a) == clean:
                    return a
        lowered = clean.lower()
        for s in seats:
            for a in self.legal_actions(s):
                if self.notation(a).lower() == lowered or str(a).lower() == lowered:
                    return a
        raise IllegalAction(f"{text!r} is not a legal action here")


@register
class MacesGame(Game):
    id = "maces"
    title = "Maces and Horse-apults"
    blurb = (
        "10 x 10 chess where Maces swing at every adjacent enemy each turn and "
        "Horse-apults throw pieces a knight's move away. Capture the king to win."
    )
    tulpas = False

    def new(self, options=None, seed: int = 0) -> MacesState:
        self.normalize_options(options)
        state = MacesState(self, seed, tulpas=self.tulpas)
        state.set_board_text(START_BOARD)
        state._start_turn([])
        state._keys = [state._key()]
        return state

    def from_text(self, text: str) -> MacesState:
        state = MacesState(self, 0, tulpas=self.tulpas)
        state.set_text(text)
        return state
