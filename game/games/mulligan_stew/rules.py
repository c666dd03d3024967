"""Mulligan Stew Chess (Peter Aronson, 2001): 6 files x 7 ranks, two kings a
side, a two-part turn (a piece from a light square, then a different piece
that started the turn on a dark square), a Mage dropped from hand that swaps
places, teleporting Assassins, colour-bound ferz/dabbaba Kings, Cardinals,
leaping Pawns and a promotion pool. Capture both enemy kings to win.

The rules as played here, with our rulings, are in rules/mulligan_stew.md.

Each part of a turn is one decision of the same seat. A part with no legal
move is skipped by the rules themselves (the state moves on at once), and a
turn with no move in either part is a pass; two passes in a row draw.

Position text (a FEN dialect, see the rule sheet)::

    rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1
    board  side part hands pools passes clock turn
"""

from __future__ import annotations

import random
import re
from collections import Counter
from typing import NamedTuple

from game.engine import Event, Game, IllegalAction, Result, State
from game.engine.board import DIAGONAL, KING_STEPS, KNIGHT_LEAPS, ORTHOGONAL, geometry
from game.engine.grid import GridPosition, LetterTable
from game.engine.pieces import Piece, PieceKind, register_kind
from game.games import register

WHITE, BLACK = 0, 1
LIGHT, DARK = 0, 1
PART_NAMES = ("light", "dark")

GEO = geometry(6, 7)
W, H = GEO.width, GEO.height

LETTERS = LetterTable(
    {
        "K": "king",
        "Q": "queen",
        "R": "rook",
        "C": "cardinal",
        "A": "assassin",
        "M": "mage",
        "P": "pawn",
    }
)
# Pool and hand order in the position text and in the widgets.
POOL_ORDER = ("queen", "rook", "cardinal", "assassin", "mage")
POOLABLE = frozenset(POOL_ORDER)

START_TEXT = "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1"

# Fifty moves by each side, each of two parts, without a capture or a pawn
# action: a draw (counted in parts, see the rule sheet).
CLOCK_LIMIT = 200

register_kind(PieceKind("assassin", "A", 3.5))
register_kind(
    PieceKind("cardinal", "C", 7.0, leaps=KNIGHT_LEAPS, rides=("diagonal", "antidiagonal"))
)
register_kind(PieceKind("mage", "M", 3.0, leaps=KING_STEPS))


# -- actions --------------------------------------------------------------------------
# Every action has ``frm`` and ``to`` (the generic search orders by them) and
# compares equal only to an action of its own type.


class _Typed:
    """Equality and hashing that tell action types apart."""

    __slots__ = ()

    def __eq__(self, other):
        return type(self) is type(other) and tuple.__eq__(self, other)

    def __ne__(self, other):
        return not self.__eq__(other)

    def __hash__(self):
        return hash((type(self).__name__, *self))


class Move(NamedTuple):
    """A piece moves (or captures) from ``frm`` to ``to``. For a pawn reaching
    its last rank ``promotion`` is the kind it becomes, None to stay a pawn."""

    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = "=" + LETTERS.letter_of[self.promotion].lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"

    __eq__ = _Typed.__eq__
    __ne__ = _Typed.__ne__
    __hash__ = _Typed.__hash__


class Teleport(NamedTuple):
    """An Assassin jumps to an empty square of its own colour."""

    frm: int
    to: int

    def __str__(self) -> str:
        return f"{GEO.name(self.frm)}>{GEO.name(self.to)}"

    __eq__ = _Typed.__eq__
    __ne__ = _Typed.__ne__
    __hash__ = _Typed.__hash__


class Swap(NamedTuple):
    """The Mage on ``frm`` and the piece on ``to`` change places."""

    frm: int
    to: int

    @property
    def mage(self) -> int:
        return self.frm

    @property
    def other(self) -> int:
        return self.to

    def __str__(self) -> str:
        return f"{GEO.name(self.frm)}@{GEO.name(self.to)}"

    __eq__ = _Typed.__eq__
    __ne__ = _Typed.__ne__
    __hash__ = _Typed.__hash__


class Drop(NamedTuple):
    """The Mage comes from hand onto the empty square ``to``."""

    to: int
    kind: str = "mage"

    @property
    def frm(self) -> int:
        return -1  # not on the board

    def __str__(self) -> str:
        return f"{LETTERS.letter_of[self.kind]}@{GEO.name(self.to)}"

    __eq__ = _Typed.__eq__
    __ne__ = _Typed.__ne__
    __hash__ = _Typed.__hash__


class Promote(NamedTuple):
    """A pawn standing on its last rank becomes ``kind`` from the pool."""

    square: int
    kind: str

    @property
    def frm(self) -> int:
        return self.square

    @property
    def to(self) -> int:
        return self.square

    @property
    def promotion(self) -> str:
        return self.kind

    def __str__(self) -> str:
        return f"{GEO.name(self.square)}={LETTERS.letter_of[self.kind].lower()}"

    __eq__ = _Typed.__eq__
    __ne__ = _Typed.__ne__
    __hash__ = _Typed.__hash__


Action = Move | Teleport | Swap | Drop | Promote


# -- tables -------------------------------------------------------------------------------
def _targets(offsets) -> tuple[tuple[int, ...], ...]:
    out = []
    for sq in range(GEO.size):
        out.append(tuple(t for df, dr in offsets if (t := GEO.offset(sq, df, dr)) is not None))
    return tuple(out)


FERZ = _targets(DIAGONAL)
DABBABA = _targets(tuple((2 * df, 2 * dr) for df, dr in ORTHOGONAL))
KING_TARGETS = tuple(a + b for a, b in zip(FERZ, DABBABA, strict=True))
STEP8 = _targets(KING_STEPS)
KNIGHT = _targets(KNIGHT_LEAPS)
# The Mage swaps with anything 1 to 3 squares away along the eight lines.
SWAP_REACH = _targets(tuple((k * df, k * dr) for df, dr in KING_STEPS for k in (1, 2, 3)))
# Assassin captures: (target, square in between or None).
ASSASSIN_HITS = tuple(
    tuple(
        (t, m)
        for df, dr in DIAGONAL
        for k, m in ((1, None), (2, GEO.offset(sq, df, dr)))
        if (t := GEO.offset(sq, k * df, k * dr)) is not None
    )
    for sq in range(GEO.size)
)
IS_LIGHT = tuple(GEO.is_light(sq) for sq in range(GEO.size))
COLOUR_SQUARES = (
    tuple(sq for sq in range(GEO.size) if IS_LIGHT[sq]),
    tuple(sq for sq in range(GEO.size) if not IS_LIGHT[sq]),
)
LAST_RANK = (H - 1, 0)  # the rank a pawn of each seat promotes on
FORWARD = (1, -1)
SLIDES = {
    "rook": ("rank", "file"),
    "queen": ("rank", "file", "diagonal", "antidiagonal"),
    "cardinal": ("diagonal", "antidiagonal"),
}


def part_of_square(sq: int) -> int:
    """The part of the turn a piece on ``sq`` (at the start of a turn) moves in."""
    return LIGHT if IS_LIGHT[sq] else DARK


# -- the state --------------------------------------------------------------------------------
class MulliganStewState(GridPosition, State):
    """A Mulligan Stew position, in the middle of a turn if ``part`` is DARK."""

    def __init__(self, game: Game, text: str = START_TEXT, seed: int = 0):
        GridPosition.__init__(self, GEO, LETTERS)
        self.game = game
        self.rng = random.Random(seed)
        self.last_action: Action | None = None
        self.last_mover: int | None = None  # where the light part's piece stands now
        self._legal: list[Action] | None = None
        self._result: Result | None | bool = False  # False: not worked out yet
        self._set_text(text)
        self._keys: list[tuple] = []
        self._settle([])  # a part with nothing to move is skipped at once

    # -- reading ----------------------------------------------------------------------
    def kings(self, seat: int) -> list[int]:
        return self.find(seat, "king")

    def movers(self) -> frozenset[int]:
        """Squares of the pieces that may move in the current part."""
        if self.part == DARK:
            return self.movable
        return frozenset(
            sq for sq in COLOUR_SQUARES[LIGHT] if (p := self.board[sq]) and p.seat == self.turn
        )

    def in_hand(self, seat: int) -> list[str]:
        return list(self.hands[seat])

    def pool(self, seat: int) -> list[str]:
        return list(self.pools[seat])

    # -- move generation ------------------------------------------------------------------
    def legal_actions(self, seat: int) -> list[Action]:
        if seat != self.turn or self.is_over():
            return []
        return list(self._actions())

    def _actions(self) -> list[Action]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Action]:
        us = self.turn
        board = self.board
        occupied = 0
        for sq, p in enumerate(board):
            if p is not None:
                occupied |= 1 << sq
        out: list[Action] = []
        append = out.append
        for frm in sorted(self.movers()):
            piece = board[frm]
            if piece is None or piece.seat != us:
                continue
            kind = piece.kind
            if kind == "pawn":
                self._pawn_actions(frm, us, append)
            elif kind == "king":
                for to in KING_TARGETS[frm]:
                    t = board[to]
                    if t is None or t.seat != us:
                        append(Move(frm, to))
            elif kind == "mage":
                for to in STEP8[frm]:
                    t = board[to]
                    if t is None or t.seat != us:
                        append(Move(frm, to))
                for to in SWAP_REACH[frm]:
                    if board[to] is not None:
                        append(Swap(frm, to))
            elif kind == "assassin":
                for to, mid in ASSASSIN_HITS[frm]:
                    t = board[to]
                    if t is not None and t.seat != us and (mid is None or board[mid] is None):
                        append(Move(frm, to))
                for to in COLOUR_SQUARES[part_of_square(frm)]:
                    if board[to] is None:
                        append(Teleport(frm, to))
            else:
                dest = 0
                for line in SLIDES.get(kind, ()):
                    dest |= GEO.slide(line, frm, occupied)
                if kind == "cardinal":
                    for to in KNIGHT[frm]:
                        dest |= 1 << to
                for to in range(GEO.size):
                    if dest >> to & 1:
                        t = board[to]
                        if t is None or t.seat != us:
                            append(Move(frm, to))
        if self.hands[us]:
            for kind in dict.fromkeys(self.hands[us]):
                for to in COLOUR_SQUARES[self.part]:
                    if board[to] is None:
                        append(Drop(to, kind))
        return out

    def _promotion_kinds(self, us: int) -> list[str]:
        kinds = [k for k in POOL_ORDER if k in self.pools[us]]
        if "queen" in kinds and any(p == (us, "queen") for p in self.board):
            kinds.remove("queen")  # never two Queens of a side on the board
        return kinds

    def _pawn_actions(self, frm: int, us: int, append) -> None:
        board = self.board
        last = LAST_RANK[us]
        if GEO.rank_of(frm) == last:  # waits on the last rank: only promotes
            for kind in self._promotion_kinds(us):
                append(Promote(frm, kind))
            return
        step = FORWARD[us]
        targets = []
        one = GEO.offset(frm, 0, step)
        if one is not None:
            if board[one] is None:
                targets.append(one)
            else:
                two = GEO.offset(frm, 0, 2 * step)
                if two is not None and board[two] is None:
                    targets.append(two)  # the leap over the piece in front
        for df in (-1, 1):
            to = GEO.offset(frm, df, step)
            if to is not None and (t := board[to]) is not None and t.seat != us:
                targets.append(to)
        kinds = None
        for to in targets:
            append(Move(frm, to))
            if GEO.rank_of(to) == last:
                if kinds is None:
                    kinds = self._promotion_kinds(us)
                for kind in kinds:
                    append(Move(frm, to, kind))

    # -- the protocol -----------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def prompt(self, seat: int) -> str:
        name = self.game.seats[seat]
        if self.is_over() or seat != self.turn:
            return f"{name} waits"
        if self.part == LIGHT:
            return f"{name}, light part: move a piece that stands on a light square"
        return f"{name}, dark part: move a piece that began the turn on a dark square"

    def apply(self, actions) -> list[Event]:
        if len(actions) != 1 or self.turn not in actions:
            raise IllegalAction(f"it is {self.game.seats[self.turn]}'s move")
        action = actions[self.turn]
        if self.is_over() or action not in self._actions():
            raise IllegalAction(f"{action} is not a legal action here")
        us = self.turn
        events: list[Event] = []
        board = self.board
        irreversible = False
        king_taken = False

        if type(action) is Drop:
            piece = Piece(us, action.kind)
            hand = list(self.hands[us])
            hand.remove(action.kind)
            self.hands[us] = tuple(hand)
            board[action.to] = piece
            events.append(Event("drop", us, {"piece": piece, "to": action.to}))
            moved_to = action.to
            irreversible = True
        elif type(action) is Swap:
            mage, other = board[action.frm], board[action.to]
            board[action.frm], board[action.to] = other, mage
            events.append(
                Event(
                    "swap",
                    us,
                    {"a": action.frm, "b": action.to, "piece_a": mage, "piece_b": other},
                )
            )
            moved_to = action.to
            if other.kind == "pawn":
                irreversible = True
        elif type(action) is Teleport:
            piece = board[action.frm]
            board[action.frm], board[action.to] = None, piece
            events.append(
                Event("teleport", us, {"piece": piece, "frm": action.frm, "to": action.to})
            )
            moved_to = action.to
        elif type(action) is Promote:
            piece = Piece(us, action.kind)
            self._take_from_pool(us, action.kind)
            board[action.square] = piece
            events.append(Event("promote", us, {"square": action.square, "piece": piece}))
            moved_to = action.square
            irreversible = True
        else:  # Move
            piece = board[action.frm]
            victim = board[action.to]
            if victim is not None:
                events.append(Event("capture", us, {"square": action.to, "piece": victim}))
                irreversible = True
                if victim.kind == "king":
                    king_taken = True
                elif victim.kind in POOLABLE:
                    self.pools[victim.seat] = _sorted_pool(self.pools[victim.seat] + (victim.kind,))
            board[action.frm] = None
            board[action.to] = piece
            events.append(Event("move", us, {"piece": piece, "frm": action.frm, "to": action.to}))
            if piece.kind == "pawn":
                irreversible = True
            if action.promotion:
                self._take_from_pool(us, action.promotion)
                new = Piece(us, action.promotion)
                board[action.to] = new
                events.append(Event("promote", us, {"square": action.to, "piece": new}))
            moved_to = action.to

        self.last_action = action
        self.passes = 0
        self.clock = 0 if irreversible else self.clock + 1
        self._legal = None
        self._result = False
        if irreversible:
            self._keys = []

        if self.part == LIGHT:
            self.last_mover = moved_to
            self.part = DARK
            self.movable = self._dark_movers_after(action)
        else:
            self._end_turn()
        if king_taken and not self.kings(1 - us):
            # The last king is taken: the game ends at once (no dark part).
            self._keys.append(self._key())
            events.append(Event("game_over", None, {"reason": self.result().reason}))
            return events
        self._settle(events)
        return events

    def _take_from_pool(self, seat: int, kind: str) -> None:
        pool = list(self.pools[seat])
        pool.remove(kind)
        self.pools[seat] = tuple(pool)

    def _dark_movers_after(self, action: Action) -> frozenset[int]:
        """After the light part: the pieces that began the turn on a dark
        square, where they stand now. A piece the Mage swapped keeps its
        right to move (it did not move itself); the Mage does not."""
        us = self.turn
        board = self.board
        movable = set()
        for sq in COLOUR_SQUARES[DARK]:
            p = board[sq]
            if p is not None and p.seat == us:
                movable.add(sq)
        if type(action) is Swap:
            # Before the swap the Mage stood on the light square action.frm
            # and the other piece on action.to.
            movable.discard(action.to)  # the Mage stands there now
            other = board[action.frm]
            if other.seat == us and not IS_LIGHT[action.to]:
                movable.add(action.frm)  # began the turn on a dark square
        elif action.to is not None:
            movable.discard(action.to)  # the light part's piece may stand on dark now
        return frozenset(movable)

    def _end_turn(self) -> None:
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn = 1 - self.turn
        self.part = LIGHT
        self.movable = frozenset()
        self.last_mover = None
        self._legal = None

    def _settle(self, events: list[Event]) -> None:
        """Skip parts with no legal move, pass turns with none at all, and
        note the end of the game."""
        while not self._game_result_known():
            if self._actions():
                break
            seat = self.turn
            if self.part == LIGHT:
                events.append(Event("skip", seat, {"part": "light"}))
                self.part = DARK
                self.movable = frozenset(
                    sq
                    for sq in COLOUR_SQUARES[DARK]
                    if (p := self.board[sq]) is not None and p.seat == seat
                )
                self._legal = None
                if self._actions():
                    break
                events.pop()  # neither part: the whole turn is a pass
                self.passes += 1
                events.append(Event("pass", seat, {}))
                self._end_turn()
                self._result = False
            else:
                events.append(Event("skip", seat, {"part": "dark"}))
                self._end_turn()
        self._keys.append(self._key())
        self._result = False
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))

    def _game_result_known(self) -> bool:
        self._result = False
        return self.rules_result() is not None

    # -- the end ----------------------------------------------------------------------------
    def rules_result(self) -> Result | None:
        if self._result is False:
            self._result = self._compute_result()
        return self._result

    def _compute_result(self) -> Result | None:
        game, sides = self.game, self.game.sides
        for seat in (WHITE, BLACK):
            if not self.kings(seat):
                winner = 1 - seat
                reason = f"Both of {sides[seat]}'s kings are captured: {sides[winner]} wins"
                return Result.win(game, winner, reason)
        if self.passes >= 2:
            return Result.draw(game, "Neither side can move: a draw")
        if self.clock >= CLOCK_LIMIT:
            return Result.draw(game, "Fifty moves without a capture or pawn move: a draw")
        if self._keys and Counter(self._keys)[self._keys[-1]] >= 3:
            return Result.draw(game, "The same position three times: a draw")
        if self.dead_position():
            return Result.draw(game, "No capture is possible any more: a draw")
        return None

    def dead_position(self) -> bool:
        """Only colour-bound pieces (Kings, Assassins) are left, no Mage in
        hand, and on each colour at most one side has pieces: nothing can
        ever be captured again."""
        if self.hands[WHITE] or self.hands[BLACK]:
            return False
        sides = ([False, False], [False, False])  # per colour, per seat
        for sq, p in enumerate(self.board):
            if p is None:
                continue
            if p.kind not in ("king", "assassin"):
                return False
            sides[part_of_square(sq)][p.seat] = True
        return not any(all(s) for s in sides)

    # -- keys, copies, text ------------------------------------------------------------------
    def _key(self) -> tuple:
        return (
            tuple(self.board),
            self.turn,
            self.part,
            self.movable,
            self.hands[0],
            self.hands[1],
            self.pools[0],
            self.pools[1],
        )

    def copy(self) -> MulliganStewState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.copy_rng()
        other.board = list(self.board)
        other.hands = list(self.hands)
        other.pools = list(self.pools)
        other._keys = list(self._keys)
        other._legal = list(self._legal) if self._legal is not None else None
        return other

    def _set_text(self, text: str) -> None:
        parts = text.split()
        defaults = ["w", "l", "Mm", "Qq", "0", "0", "1"]
        if not 1 <= len(parts) <= 8:
            raise ValueError("a Mulligan Stew position has at most eight fields")
        parts += defaults[len(parts) - 1 :]
        board, side, part, hands, pools, passes, clock, fullmove = parts
        self.set_board_text(board)
        if side not in ("w", "b"):
            raise ValueError("the side to move is w or b")
        self.turn = WHITE if side == "w" else BLACK
        self.hands = [(), ()]
        for char in "" if hands == "-" else hands:
            piece = self.letters.piece(char)
            self.hands[piece.seat] += (piece.kind,)
        self.pools = [(), ()]
        for char in "" if pools == "-" else pools:
            piece = self.letters.piece(char)
            if piece.kind not in POOLABLE:
                raise ValueError(f"a {piece.kind} never goes into the promotion pool")
            self.pools[piece.seat] += (piece.kind,)
        self.pools = [_sorted_pool(p) for p in self.pools]
        self.hands = [_sorted_pool(h) for h in self.hands]
        try:
            self.passes, self.clock, self.fullmove = int(passes), int(clock), int(fullmove)
        except ValueError:
            raise ValueError("passes, clock and turn number must be numbers") from None
        for seat in (WHITE, BLACK):
            if sum(1 for p in self.board if p == (seat, "queen")) > 1:
                raise ValueError("a side has at most one Queen on the board")
        if not self.kings(WHITE) and not self.kings(BLACK):
            raise ValueError("at least one side needs a king")
        self._set_part(part)

    def _set_part(self, field: str) -> None:
        m = re.fullmatch(r"([ld])((?:[-+][a-f][1-7])*)", field)
        if not m:
            raise ValueError(f"the part of the turn is l, or d with exceptions, not {field!r}")
        self.part = LIGHT if m.group(1) == "l" else DARK
        self.movable = frozenset()
        if self.part == LIGHT:
            if m.group(2):
                raise ValueError("the light part has no exceptions")
            return
        movable = {
            sq
            for sq in COLOUR_SQUARES[DARK]
            if (p := self.board[sq]) is not None and p.seat == self.turn
        }
        for sign, name in re.findall(r"([-+])([a-f][1-7])", m.group(2)):
            sq = GEO.square(name)
            p = self.board[sq]
            if p is None or p.seat != self.turn:
                raise ValueError(f"{name} holds no piece of the side to move")
            if sign == "-":
                if IS_LIGHT[sq]:
                    raise ValueError(f"-{name}: only dark squares are taken out")
                movable.discard(sq)
            else:
                if not IS_LIGHT[sq]:
                    raise ValueError(f"+{name}: only light squares are added")
                movable.add(sq)
        self.movable = frozenset(movable)

    def _part_text(self) -> str:
        if self.part == LIGHT:
            return "l"
        default = {
            sq
            for sq in COLOUR_SQUARES[DARK]
            if (p := self.board[sq]) is not None and p.seat == self.turn
        }
        out = "d"
        for sq in sorted(default - self.movable):
            out += "-" + GEO.name(sq)
        for sq in sorted(self.movable - default):
            out += "+" + GEO.name(sq)
        return out

    def to_text(self) -> str:
        hands = "".join(
            self.letters.char(Piece(seat, k)) for seat in (WHITE, BLACK) for k in self.hands[seat]
        )
        pools = "".join(
            self.letters.char(Piece(seat, k)) for seat in (WHITE, BLACK) for k in self.pools[seat]
        )
        side = "w" if self.turn == WHITE else "b"
        return (
            f"{self.board_text()} {side} {self._part_text()} {hands or '-'} {pools or '-'} "
            f"{self.passes} {self.clock} {self.fullmove}"
        )

    # -- notation ---------------------------------------------------------------------------------
    def notation(self, action: Action) -> str:
        """The source's notation: ``Cd5``, ``P:a5``, ``Mb3`` (a drop),
        ``Md1@Kb3`` (a swap: the Mage's new square, then the piece it swapped
        with and that piece's new square), ``e7=Q``, ``+`` for taking a king
        and ``++`` for taking the last one. Call before applying."""
        board = self.board
        t = type(action)
        if t is Drop:
            letter = LETTERS.letter_of[action.kind]
            clash = any(
                type(a) is Move
                and a.to == action.to
                and board[a.frm] is not None
                and board[a.frm].kind == action.kind
                for a in self._actions()
            )
            return f"{letter}{'@' if clash else ''}{GEO.name(action.to)}"
        if t is Swap:
            other = board[action.to]
            letter = "" if other.kind == "pawn" else LETTERS.letter_of[other.kind]
            return f"M{GEO.name(action.to)}@{letter}{GEO.name(action.frm)}"
        if t is Promote:
            return f"{GEO.name(action.square)}={LETTERS.letter_of[action.kind]}"
        piece = board[action.frm]
        victim = board[action.to]
        capture = victim is not None
        to = GEO.name(action.to)
        rivals = [
            a.frm
            for a in self._actions()
            if type(a) is t
            and a.to == action.to
            and a.frm != action.frm
            and board[a.frm].kind == piece.kind
            and (getattr(a, "promotion", None) == getattr(action, "promotion", None))
        ]
        dis = _disambiguation(action.frm, rivals)
        if piece.kind == "pawn" and not capture and not dis:
            text = to
        else:
            text = LETTERS.letter_of[piece.kind] + dis + (":" if capture else "") + to
        if t is Move and action.promotion:
            text += "=" + LETTERS.letter_of[action.promotion]
        if capture and victim.kind == "king":
            text += "++" if len(self.kings(victim.seat)) == 1 else "+"
        return text

    def parse_action(self, text: str, seat: int | None = None) -> Action:
        """A legal action from the notation (``Cd5``, ``P:a5+``, ``Mb3``,
        ``M@b3``, ``Md1@Kb3``, ``e7=Q``; ``x`` for ``:`` is accepted) or the
        coordinate form of ``str(action)``."""
        if seat not in (None, self.turn):
            raise IllegalAction(f"it is {self.game.seats[self.turn]}'s move")
        actions = self._actions() if not self.is_over() else []
        raw = text.strip()
        clean = raw.rstrip("+#!?").replace("x", ":")
        for a in actions:
            if self.notation(a).rstrip("+") == clean:
                return a
        lowered = raw.lower()
        for a in actions:
            if str(a) == lowered:
                return a
        if clean.upper().startswith("M@") or (
            len(clean) >= 3 and clean[1] == "@" and clean[0].isupper()
        ):
            for a in actions:
                if type(a) is Drop and str(a).lower() == clean.lower():
                    return a
        raise IllegalAction(f"{text!r} is not a legal action here")


def _disambiguation(frm: int, rivals: list[int]) -> str:
    if not rivals:
        return ""
    name = GEO.name(frm)
    if all(GEO.file_of(r) != GEO.file_of(frm) for r in rivals):
        return name[0]
    if all(GEO.rank_of(r) != GEO.rank_of(frm) for r in rivals):
        return name[1:]
    return name


def _sorted_pool(kinds) -> tuple[str, ...]:
    order = {k: i for i, k in enumerate(POOL_ORDER)}
    return tuple(sorted(kinds, key=lambda k: order.get(k, len(order))))


@register
class MulliganStewGame(Game):
    id = "mulligan_stew"
    title = "Mulligan Stew Chess"
    blurb = (
        "Six by seven, two kings each, two moves a turn: one from a light square, "
        "one from a dark. Swapping Mage, teleporting Assassins, leaping Pawns."
    )

    def new(self, options=None, seed: int = 0) -> MulliganStewState:
        self.normalize_options(options)
        return MulliganStewState(self, START_TEXT, seed)

    def from_text(self, text: str) -> MulliganStewState:
        return MulliganStewState(self, text)
