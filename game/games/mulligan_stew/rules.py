"""Mulligan Stew Chess (Peter Aronson, 2001): 6 files x 7 ranks, two kings a
side, a two-part turn (a piece from a light square, then a different piece
that started the turn on a dark square), a Mage dropped from hand that swaps
places, teleporting Assassins, colour-bound ferz/dabbaba Kings, Cardinals,
leaping Pawns and a promotion pool. Capture both enemy kings to win.

The rules as played here, with our rulings, are in rules/mulligan_stew.md.
This module holds the state (move generation, the turn's parts, the end);
the board and its tables are in tables.py, the actions in actions.py, the
position text in position_text.py and the notation in notation.py. Their
public names are re-exported here.

Each part of a turn is one decision of the same seat. Whether a part is
played is judged at the start of the turn: a part with nothing to do then is
skipped by the rules themselves (the state moves on at once), and so is a
dark part the light part left with nothing to do; a turn with nothing to do
in either part is a pass, and two passes in a row draw. A part whose only
actions are Mage drops may be declined (``Skip``, written ``--``).
"""

from __future__ import annotations

import random

from game.engine import Event, Game, Result, Rounds, State
from game.engine.draws import FIFTY_MOVES, THREEFOLD, Repetition
from game.engine.grid import GridPosition
from game.engine.pieces import Piece
from game.games import register
from game.games.mulligan_stew import notation as _notation
from game.games.mulligan_stew.actions import Action, Drop, Move, Promote, Skip, Swap, Teleport
from game.games.mulligan_stew.position_text import dark_squares_of, format_position, parse_position
from game.games.mulligan_stew.tables import (
    ASSASSIN_HITS,
    BLACK,
    CLOCK_LIMIT,
    COLOUR_SQUARES,
    DARK,
    FORWARD,
    GEO,
    IS_LIGHT,
    KING_TARGETS,
    KNIGHT,
    LAST_RANK,
    LETTERS,
    LIGHT,
    PART_NAMES,
    POOL_ORDER,
    POOLABLE,
    SLIDES,
    START_TEXT,
    STEP8,
    SWAP_REACH,
    WHITE,
    H,
    W,
    part_of_square,
    sorted_pool,
)

__all__ = [
    "BLACK",
    "CLOCK_LIMIT",
    "DARK",
    "GEO",
    "H",
    "LETTERS",
    "LIGHT",
    "PART_NAMES",
    "POOLABLE",
    "POOL_ORDER",
    "START_TEXT",
    "WHITE",
    "W",
    "Action",
    "Drop",
    "Move",
    "MulliganStewGame",
    "MulliganStewState",
    "Promote",
    "Skip",
    "Swap",
    "Teleport",
    "part_of_square",
]


class MulliganStewState(GridPosition, State):
    """A Mulligan Stew position, in the middle of a turn if ``part`` is DARK."""

    searchable = True  # make, unmake and key for the search

    def __init__(self, game: Game, text: str = START_TEXT, seed: int = 0):
        GridPosition.__init__(self, GEO, LETTERS)
        self.game = game
        self.rng = random.Random(seed)
        self.last_action: Action | None = None
        self.last_mover: int | None = None  # where the light part's piece stands now
        self._legal: list[Action] | None = None
        self._result: Result | None | bool = False  # False: not worked out yet
        self._undo: list[dict] = []  # what ``make`` saved, for ``unmake``
        self._set_text(text)
        self._repetition = Repetition()
        self._settle([], False)  # a part with nothing to move is skipped at once

    # -- reading ----------------------------------------------------------------------
    def kings(self, seat: int) -> list[int]:
        return self.find(seat, "king")

    def movers(self) -> frozenset[int]:
        """Squares of the pieces that may move in the current part."""
        if self.part == DARK:
            return self.movable
        return frozenset(
            sq for sq in COLOUR_SQUARES[LIGHT] if (p := self.board[sq]) and p.side == self.turn
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
            legal = self._generate(self.part, self.movers())
            if legal and all(type(a) is Drop for a in legal):
                legal.append(Skip(self.part))  # the drop is never forced
            self._legal = legal
        return self._legal

    def _part_open(self, part: int) -> bool:
        """Whether ``part`` has a move in this position, taken as the start
        of the turn: a piece of the mover's on that colour can move, or the
        Mage in hand can be dropped on it. Judged here, the part is played or
        skipped whatever the light part changes (see the rule sheet)."""
        board, us = self.board, self.turn
        movers = [sq for sq in COLOUR_SQUARES[part] if (p := board[sq]) and p.side == us]
        return bool(self._generate(part, movers, first=True))

    def _generate(self, part: int, movers, first: bool = False) -> list[Action]:
        """The actions of ``part`` for the pieces on ``movers``; with
        ``first``, stop after the first piece that has any."""
        us = self.turn
        board = self.board
        occupied = 0
        for sq, p in enumerate(board):
            if p is not None:
                occupied |= 1 << sq
        out: list[Action] = []
        append = out.append
        for frm in sorted(movers):
            if first and out:
                return out
            piece = board[frm]
            if piece is None or piece.side != us:
                continue
            kind = piece.kind
            if kind == "pawn":
                self._pawn_actions(frm, us, part, append)
            elif kind == "mage":
                self._mage_actions(frm, us, append)
            elif kind == "assassin":
                self._assassin_actions(frm, us, append)
            else:
                self._piece_moves(frm, kind, us, occupied, append)
        if self.hands[us]:
            for kind in dict.fromkeys(self.hands[us]):
                for to in COLOUR_SQUARES[part]:
                    if board[to] is None:
                        append(Drop(to, kind))
        return out

    def _piece_moves(self, frm: int, kind: str, us: int, occupied: int, append) -> None:
        """The king's steps, or the slides (and the Cardinal's leaps) of the
        other pieces that only move, onto empty or enemy squares."""
        board = self.board
        if kind == "king":
            for to in KING_TARGETS[frm]:
                t = board[to]
                if t is None or t.side != us:
                    append(Move(frm, to))
            return
        dest = 0
        for line in SLIDES.get(kind, ()):
            dest |= GEO.slide(line, frm, occupied)
        if kind == "cardinal":
            for to in KNIGHT[frm]:
                dest |= 1 << to
        for to in range(GEO.size):
            if dest >> to & 1:
                t = board[to]
                if t is None or t.side != us:
                    append(Move(frm, to))

    def _mage_actions(self, frm: int, us: int, append) -> None:
        """The Mage steps like a king and swaps with any piece in reach."""
        board = self.board
        for to in STEP8[frm]:
            t = board[to]
            if t is None or t.side != us:
                append(Move(frm, to))
        for to in SWAP_REACH[frm]:
            if board[to] is not None:
                append(Swap(frm, to))

    def _assassin_actions(self, frm: int, us: int, append) -> None:
        """The Assassin only captures (its hits, unblocked), and teleports to
        any empty square of its own colour."""
        board = self.board
        for to, mid in ASSASSIN_HITS[frm]:
            t = board[to]
            if t is not None and t.side != us and (mid is None or board[mid] is None):
                append(Move(frm, to))
        for to in COLOUR_SQUARES[part_of_square(frm)]:
            if board[to] is None:
                append(Teleport(frm, to))

    def _promotion_kinds(self, us: int) -> list[str]:
        kinds = [k for k in POOL_ORDER if k in self.pools[us]]
        if "queen" in kinds and any(p == (us, "queen") for p in self.board):
            kinds.remove("queen")  # never two Queens of a side on the board
        return kinds

    def _pawn_actions(self, frm: int, us: int, part: int, append) -> None:
        board = self.board
        last = LAST_RANK[us]
        if GEO.rank_of(frm) == last:  # waits on the last rank: only promotes
            if part == DARK and IS_LIGHT[frm]:
                # A dark-part mover on a light square was swapped there this
                # turn; a swapped pawn promotes on a later turn only.
                return
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
            if to is not None and (t := board[to]) is not None and t.side != us:
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
    def first_rounds(self) -> Rounds:
        return Rounds.at(self.fullmove, self.turn == WHITE)

    def ply(self) -> int:
        return 2 * self.fullmove + self.turn

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def prompt(self, seat: int) -> str:
        name = self.game.seats[seat]
        if self.is_over() or seat != self.turn:
            return f"{name} waits"
        part = PART_NAMES[self.part]
        if any(type(a) is Skip for a in self._actions()):
            return f"{name}, {part} part: drop the Mage on a {part} square, or skip the part"
        if self.part == LIGHT:
            return f"{name}, light part: move a piece that stands on a light square"
        return f"{name}, dark part: move a piece that began the turn on a dark square"

    def _apply(self, actions) -> list[Event]:
        action = actions[self.turn]
        us = self.turn
        events: list[Event] = []
        # The dark part is judged at the start of the turn, which the light
        # part's position still is.
        dark_open = self.part == DARK or self._part_open(DARK)

        if type(action) is Skip:
            # Nothing moves; not a pass either (the player could have dropped).
            events.append(Event("skip", us, {"part": PART_NAMES[self.part], "declined": True}))
            moved_to, progress, irreversible, king_taken = None, False, False, False
        else:
            moved_to, progress, irreversible, king_taken = self._play(action, us, events)
            self.last_action = action
            self.passes = 0
        self.clock = 0 if progress else self.clock + 1
        self._legal = None
        self._result = False

        won = king_taken and not self.kings(1 - us)
        if self.part == LIGHT and dark_open:
            self.last_mover = moved_to
            self.part = DARK
            self.movable = self._dark_movers_after(action)
        else:
            if self.part == LIGHT and not won:
                events.append(Event("skip", us, {"part": "dark"}))
            self._end_turn()
        if won:
            # The last king is taken: the game ends at once (no dark part).
            self._repetition.add(self._key(), irreversible)
            events.append(Event("game_over", None, {"reason": self.result().reason}))
            return events
        self._settle(events, irreversible)
        return events

    def _play(self, action: Action, us: int, events: list[Event]) -> tuple[int, bool, bool, bool]:
        """Make ``action`` on the board. Returns where the piece now stands;
        whether it was a capture or a pawn's own move, which start the
        fifty-move count again (FIDE's rule; a drop or a swap is neither);
        whether no earlier position can come back (those, and a drop); and
        whether a king was taken."""
        board = self.board
        progress = king_taken = False
        if type(action) is Drop:
            piece = Piece(us, action.kind)
            hand = list(self.hands[us])
            hand.remove(action.kind)
            self.hands[us] = tuple(hand)
            board[action.to] = piece
            events.append(Event("drop", us, {"piece": piece, "to": action.to}))
            return action.to, False, True, False
        if type(action) is Swap:
            mage, other = board[action.frm], board[action.to]
            board[action.frm], board[action.to] = other, mage
            data = {"a": action.frm, "b": action.to, "piece_a": mage, "piece_b": other}
            events.append(Event("swap", us, data))
            # The Mage's move, not the pawn's: the Mage can swap it back.
            return action.to, False, False, False
        if type(action) is Teleport:
            piece = board[action.frm]
            board[action.frm], board[action.to] = None, piece
            data = {"piece": piece, "frm": action.frm, "to": action.to}
            events.append(Event("teleport", us, data))
            return action.to, False, False, False
        if type(action) is Promote:
            piece = Piece(us, action.kind)
            self._take_from_pool(us, action.kind)
            board[action.square] = piece
            events.append(Event("promote", us, {"square": action.square, "piece": piece}))
            return action.square, True, True, False
        piece = board[action.frm]  # a Move
        victim = board[action.to]
        if victim is not None:
            events.append(Event("capture", us, {"square": action.to, "piece": victim}))
            progress = True
            if victim.kind == "king":
                king_taken = True
            elif victim.kind in POOLABLE:
                self.pools[victim.side] = sorted_pool(self.pools[victim.side] + (victim.kind,))
        board[action.frm] = None
        board[action.to] = piece
        events.append(Event("move", us, {"piece": piece, "frm": action.frm, "to": action.to}))
        if piece.kind == "pawn":
            progress = True
        if action.promotion:
            self._take_from_pool(us, action.promotion)
            new = Piece(us, action.promotion)
            board[action.to] = new
            events.append(Event("promote", us, {"square": action.to, "piece": new}))
        return action.to, progress, progress, king_taken

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
        movable = dark_squares_of(board, us)
        if type(action) is Skip:
            return frozenset(movable)
        if type(action) is Swap:
            # Before the swap the Mage stood on the light square action.frm
            # and the other piece on action.to.
            movable.discard(action.to)  # the Mage stands there now
            other = board[action.frm]
            if other.side == us and not IS_LIGHT[action.to]:
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

    def _settle(self, events: list[Event], irreversible: bool) -> None:
        """Skip parts with no legal move, pass turns with none at all, note
        the position for the repetition rule and the end of the game."""
        while not self._game_result_known():
            if self._actions():
                break
            seat = self.turn
            if self.part == LIGHT:
                events.append(Event("skip", seat, {"part": "light"}))
                self.part = DARK
                self.movable = frozenset(dark_squares_of(self.board, seat))
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
        self._repetition.add(self._key(), irreversible)
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
            return Result.draw(game, FIFTY_MOVES)
        if self._repetition.threefold():
            return Result.draw(game, THREEFOLD)
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
            sides[part_of_square(sq)][p.side] = True
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
        other._repetition = self._repetition.copy()
        other._legal = list(self._legal) if self._legal is not None else None
        other._undo = []
        return other

    # -- for searches: a key for the transposition table, make and unmake ---------------
    def key(self) -> int:
        """Positions a search may treat as one: the repetition key (board,
        turn, part, movable pieces, hands, pools) with the light part's piece
        and the passes in a row. The clock and the history are left out.
        Kept as its hash: a table holds many."""
        return hash((*self._key(), self.last_mover, self.passes))

    def make(self, actions) -> None:
        """``apply``, to be taken back exactly by ``unmake`` (the fields are
        saved as they are; the state goes on with its own copies)."""
        self._undo.append(self.__dict__.copy())
        self.board = list(self.board)
        self.hands = list(self.hands)
        self.pools = list(self.pools)
        self._repetition = self._repetition.copy()
        self._apply(actions)

    def unmake(self) -> None:
        """Take back the last ``make``."""
        mine = self.__dict__
        saved = self._undo.pop()
        mine.clear()
        mine.update(saved)

    def _set_text(self, text: str) -> None:
        f = parse_position(text)
        self.board = f.board
        self.turn, self.part, self.movable = f.turn, f.part, f.movable
        self.hands, self.pools = f.hands, f.pools
        self.passes, self.clock, self.fullmove = f.passes, f.clock, f.fullmove

    def to_text(self) -> str:
        return format_position(self)

    # -- notation ---------------------------------------------------------------------------------
    def notation(self, action: Action) -> str:
        """The source's notation (see notation.py). Call before applying."""
        return _notation.describe(self, action, self._actions())

    def _parse_action(self, text: str, seat: int) -> Action | None:
        """A legal action from the notation (``Cd5``, ``P:a5+``, ``Mb3``,
        ``M@b3``, ``Md1@Kb3``, ``e7=Q``; ``x`` for ``:`` is accepted) or the
        coordinate form of ``str(action)``."""
        return _notation.parse(self, text)


@register
class MulliganStewGame(Game):
    id = "mulligan_stew"
    title = "Mulligan Stew Chess"
    blurb = (
        "Six by seven, two kings each, two moves a turn: one from a light square, "
        "one from a dark. Swapping Mage, teleporting Assassins, leaping Pawns."
    )
    premoves = True  # the turn's first move; the second is chosen once it lands

    def new(self, options=None, seed: int = 0) -> MulliganStewState:
        self.normalize_options(options)
        return MulliganStewState(self, START_TEXT, seed)

    def read_text(self, text: str) -> MulliganStewState:
        return MulliganStewState(self, text)
