"""Maces and Horse-apults on a 10 x 10 board (rules/maces.md).

A turn is a chain of decisions by the same seat:

- ``act``: one action, a ``Move`` or a Horse-apult's ``Throw``;
- ``swing``: the mover's Maces swing, one after another: ``ChooseMace`` when
  the order matters, ``Swing`` when a Mace has several victims. Forced
  swings (one Mace able, one victim) happen by themselves.

A king capture ends the game at once, before anything else of that turn.

The Tulpas game (game/games/tulpas) subclasses ``MacesState`` through small
hooks: ``frozen_mask``/``is_frozen`` (pieces that may not act),
``_piece_actions`` (the actions of a kind), ``_carry_out`` and
``_after_action`` (an action and what follows it), ``_generate``/``_step``
(the choices and the effect of each phase), ``_start_turn``,
``at_turn_start``, ``_key`` and the text hooks of ``MacesText``.
Never imports pygame, never imports game.ai.
"""

from __future__ import annotations

import random
from collections import Counter

from game.engine import Event, Game, Result, Rounds, State
from game.engine.board import bits
from game.engine.draws import FIFTY_MOVES, THREEFOLD, Repetition
from game.engine.grid import GridPosition
from game.engine.pieces import KINDS, Piece
from game.games import register
from game.games.maces.actions import ChooseMace, Move, Swing, Throw
from game.games.maces.pieces import (
    BLACK,
    GEO,
    LETTERS,
    PROMOTIONS,
    START_BOARD,
    WHITE,
    W,
    forward,
    relative_rank,
)
from game.games.maces.text import ACT, SWING, MacesText

FIFTY = 100  # actions without a removal or pawn move: a draw
DANGER_NODES = 3000  # decisions tried at most, per king, to see it can be taken


def _pawn_steps(us: int, sq: int) -> tuple[int | None, int | None, tuple[int, ...]]:
    """A pawn of ``us`` on ``sq``: its step, its double step (None if it may
    not make one) and the squares it captures on."""
    step = 1 if us == WHITE else -1
    one = GEO.offset(sq, 0, step)
    two = GEO.offset(one, 0, step) if one is not None and relative_rank(us, sq) <= 2 else None
    diagonals = (GEO.offset(sq, -1, step), GEO.offset(sq, 1, step))
    return one, two, tuple(to for to in diagonals if to is not None)


_PAWN_STEPS = tuple(tuple(_pawn_steps(us, sq) for sq in range(GEO.size)) for us in (WHITE, BLACK))
_LAST_RANK = tuple(
    sum(1 << sq for sq in range(GEO.size) if relative_rank(us, sq) == GEO.height - 1)
    for us in (WHITE, BLACK)
)
# kind -> (its leaps from each square, the line tables it rides along)
_TABLES: dict[str, tuple[tuple[int, ...], tuple]] = {}
# Plain moves and throws, made once and handed out (they are immutable and
# equal to any other with the same squares).
_MOVES = tuple(tuple(Move(frm, to) for to in range(GEO.size)) for frm in range(GEO.size))
_THROWS: dict[tuple[int, int, int], Throw] = {}


def _reach(kind: str, sq: int, occ: int) -> int:
    """The squares a piece of ``kind`` on ``sq`` attacks (its data: leaps and rides)."""
    tables = _TABLES.get(kind)
    if tables is None:
        data = KINDS[kind]
        leaps = GEO.leap_table(data.leaps) if data.leaps else (0,) * GEO.size
        tables = _TABLES[kind] = (leaps, tuple(GEO.lines[line] for line in data.rides))
    leaps, rides = tables
    bb = leaps[sq]
    for line in rides:
        inner, attacks = line[sq]
        bb |= attacks[occ & inner]
    return bb


class MacesState(MacesText, GridPosition, State):
    """A position of Maces and Horse-apults."""

    searchable = True  # make, unmake and key for the search

    piece_letters = LETTERS
    mace_kinds = frozenset({"mace"})  # kinds that swing and never capture by moving

    def __init__(self, game: Game, seed: int = 0):
        GridPosition.__init__(self, GEO, self.piece_letters)
        self.game = game
        self.rng = random.Random(seed)
        self.turn = WHITE
        self.phase = ACT
        self.pending: list[int] = []  # the mover's Maces still to swing
        self.chosen: int | None = None  # the Mace whose victim is being chosen
        self.ep: int | None = None  # square skipped by the last two-step
        self.halfmove = 0
        self.fullmove = 1
        self.ended: Result | None = None  # a king captured, or the threefold repetition
        self.last_move: Move | Throw | None = None
        self._legal: dict[int, list] = {}
        self._undo: list[dict] = []  # what ``make`` saved, for ``unmake``
        self.repetition = Repetition()

    # -- reading ------------------------------------------------------------------
    def frozen_mask(self, seat: int) -> int:
        """The squares of ``seat``'s pieces that may not act (none here)."""
        return 0

    def is_frozen(self, sq: int) -> bool:
        """May the piece on ``sq`` not act, nor be thrown? (Never here.)"""
        return False

    def victims(self, sq: int) -> list[int]:
        """Enemy pieces next to the piece on ``sq``."""
        p = self.board[sq]
        out = []
        for n in bits(GEO.king[sq]):
            q = self.board[n]
            if q is not None and q.side != p.side:
                out.append(n)
        return out

    def king_square(self, seat: int) -> int | None:
        found = self.find(seat, "king")
        return found[0] if found else None

    def check_square(self) -> int | None:
        return None  # no check rule: a king may stand en prise

    def at_turn_start(self) -> bool:
        """Is this position between two turns (where draws are counted)?"""
        return self.phase == ACT

    # -- the protocol -------------------------------------------------------------
    def first_rounds(self) -> Rounds:
        return Rounds.at(self.fullmove, self.turn == WHITE)

    def ply(self) -> int:
        return 2 * self.fullmove + self.turn

    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list:
        if self.is_over() or seat not in self.to_act():
            return []
        return list(self._legal_for(seat))

    def _legal_for(self, seat: int) -> list:
        cached = self._legal.get(seat)
        if cached is None:
            cached = self._legal[seat] = self._generate(seat)
        return cached

    def _generate(self, seat: int) -> list:
        """The choices of ``seat`` in the current phase."""
        if self.phase == ACT:
            return self._act_actions(seat)
        if self.phase == SWING:
            return self._swing_actions()
        raise AssertionError(f"unknown phase {self.phase!r}")

    def _act_actions(self, us: int) -> list:
        own = occ = 0
        mine = []
        for sq, p in enumerate(self.board):
            if p is not None:
                occ |= 1 << sq
                if p[0] == us:
                    own |= 1 << sq
                    mine.append((sq, p[1]))
        frozen = self.frozen_mask(us)
        out: list = []
        for sq, kind in mine:
            if not frozen >> sq & 1:
                self._piece_actions(us, sq, kind, own, occ, out)
        return out

    def _piece_actions(self, us: int, sq: int, kind: str, own: int, occ: int, out: list) -> None:
        """Append the actions of ``us``'s piece of ``kind`` on ``sq``: its moves
        from the piece data (a Mace onto empty squares only), a pawn's steps,
        a Horse-apult's throws. A game with more powers extends this."""
        if kind == "pawn":
            self._pawn_actions(us, sq, occ, out)
            return
        reach = _reach(kind, sq, occ)
        reach &= ~occ if kind in self.mace_kinds else ~own
        row = _MOVES[sq]
        append = out.append
        while reach:
            low = reach & -reach
            reach ^= low
            append(row[low.bit_length() - 1])
        if kind == "horse_apult":
            self._throws(us, sq, occ, out)

    def _pawn_actions(self, us: int, sq: int, occ: int, out: list) -> None:
        one, two, diagonals = _PAWN_STEPS[us][sq]
        targets = []
        if one is not None and not occ >> one & 1:
            targets.append(one)
            if two is not None and not occ >> two & 1:
                targets.append(two)
        board = self.board
        for to in diagonals:
            victim = board[to]
            if victim is not None and victim[0] != us or to == self.ep and self._ep_ok(us):
                targets.append(to)
        last = _LAST_RANK[us]
        for to in targets:
            if last >> to & 1:
                out.extend(Move(sq, to, kind) for kind in PROMOTIONS)
            else:
                out.append(_MOVES[sq][to])

    def _ep_ok(self, us: int) -> bool:
        """Is the en passant square a capture for ``us``'s pawns (an enemy
        pawn stands behind it and nothing on it)?"""
        ep = self.ep
        if ep is None or self.board[ep] is not None:
            return False
        behind = ep - forward(us)
        p = self.board[behind] if 0 <= behind < GEO.size else None
        return p is not None and p.kind == "pawn" and p.side != us

    def _throws(self, us: int, apult: int, occ: int, out: list) -> None:
        landings = list(bits(GEO.knight[apult] & ~occ & GEO.all))
        if not landings:
            return
        for sq in bits(GEO.king[apult] & occ):
            if self.is_frozen(sq):
                continue  # held where it stands: it cannot leave its square
            p = self.board[sq]
            last = _LAST_RANK[p.side] if p.kind == "pawn" else 0
            for to in landings:
                if last >> to & 1:
                    if p.side == us:
                        out.extend(Throw(apult, sq, to, kind) for kind in PROMOTIONS)
                    else:
                        out.append(Throw(apult, sq, to, "queen"))
                else:
                    key = (apult, sq, to)
                    throw = _THROWS.get(key)
                    if throw is None:
                        throw = _THROWS[key] = Throw(apult, sq, to)
                    out.append(throw)

    def _swing_actions(self) -> list:
        if self.chosen is not None:
            return [Swing(self.chosen, v) for v in self.victims(self.chosen)]
        able = self._able_maces()
        if self._order_matters(able):
            return [ChooseMace(m) for m in able]
        return [Swing(m, v) for m in able for v in self.victims(m)]

    def _able_maces(self) -> list[int]:
        return [m for m in self.pending if not self.is_frozen(m) and self.victims(m)]

    def _order_matters(self, able: list[int]) -> bool:
        count = Counter(v for m in able for v in self.victims(m))
        return any(n > 1 for n in count.values())

    # -- applying -----------------------------------------------------------------
    def _apply(self, actions) -> list:
        events: list[Event] = []
        self._legal = {}
        self._step(actions, events)
        self._legal = {}
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))
        return events

    def _step(self, actions, events: list) -> None:
        """Carry out the (legal) decision of the current phase."""
        action = actions[self.turn]
        if self.phase == ACT:
            self._act(action, events)
        else:
            self._swing_step(action, events)

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
        ep, self.ep = self.ep, None
        self.halfmove += 1
        self.last_move = action
        self._carry_out(action, ep, events)
        if self.ended or self._after_action(action, events):
            return
        self._begin_swings(events)

    def _carry_out(self, action, ep: int | None, events: list) -> None:
        """Make the action on the board (``ep``: the en passant square it may use)."""
        if isinstance(action, Throw):
            self._throw(action, events)
        else:
            self._move(action, ep, events)

    def _after_action(self, action, events: list) -> bool:
        """What follows the action before the Maces swing; True when the turn
        waits for another decision of the mover (nothing here)."""
        return False

    def _move(self, action: Move, ep: int | None, events: list) -> None:
        us = self.turn
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

    def _throw(self, action: Throw, events: list) -> None:
        piece = self.board[action.piece]
        self.board[action.piece] = None
        self.board[action.to] = piece
        data = {"apult": action.apult, "piece": piece, "frm": action.piece, "to": action.to}
        events.append(Event("throw", self.turn, data))
        if action.promotion:
            self._promote(action.to, Piece(piece.side, action.promotion), events)

    def _promote(self, sq: int, piece: Piece, events: list) -> None:
        self.board[sq] = piece
        events.append(Event("promote", self.turn, {"square": sq, "piece": piece}))

    # -- the swings ---------------------------------------------------------------------
    def _begin_swings(self, events: list) -> None:
        us = self.turn
        self.pending = [
            sq
            for sq, p in enumerate(self.board)
            if p is not None and p.side == us and p.kind in self.mace_kinds
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

    # -- between turns ----------------------------------------------------------------
    def _end_turn(self, events: list) -> None:
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn = 1 - self.turn
        irreversible = self.halfmove == 0  # a removal or a pawn move this turn
        self._start_turn(events)
        self.repetition.add(self._key(), irreversible)
        if self.halfmove < FIFTY and self.repetition.threefold():  # the clock's draw first
            self.ended = Result.draw(self.game, THREEFOLD)

    def _start_turn(self, events: list) -> None:
        """What comes before the mover's action (nothing here)."""
        self.phase = ACT

    def _key(self) -> tuple:
        """The position for the repetition rule. As in FIDE's laws, an en
        passant square counts only while a pawn of the mover could use it."""
        ep = self.ep if self._ep_capturable() else None
        return (tuple(self.board), self.turn, ep)

    def _ep_capturable(self) -> bool:
        us = self.turn
        if not self._ep_ok(us):
            return False
        for df in (-1, 1):
            sq = GEO.offset(self.ep - forward(us), df, 0)  # beside the pawn that stepped
            if sq is not None and self.board[sq] == (us, "pawn") and not self.is_frozen(sq):
                return True
        return False

    # -- the end ----------------------------------------------------------------------
    def rules_result(self) -> Result | None:
        if self.ended:
            return self.ended
        if not self.at_turn_start():
            return None
        if self.halfmove >= FIFTY:  # read from the position, so it survives the text
            return Result.draw(self.game, FIFTY_MOVES)
        if self.phase == ACT and not self._has_action():
            who = self.game.sides[self.turn]
            return Result.draw(self.game, f"{who} has no legal action: a draw")
        return None

    def _has_action(self) -> bool:
        us = self.turn
        cached = self._legal.get(us)
        if cached is not None:
            return bool(cached)
        if self._legal.get("has"):  # known from an earlier look (kept with the lists)
            return True
        occ = 0
        mine = []
        for sq, p in enumerate(self.board):
            if p is not None:
                occ |= 1 << sq
                if p[0] == us and p[1] != "pawn":
                    mine.append((sq, p[1]))
        for sq, kind in mine:
            if _reach(kind, sq, occ) & ~occ and not self.is_frozen(sq):
                self._legal["has"] = True
                return True  # a move onto an empty square: no need to list them all
        return bool(self._legal_for(us))

    def noisy_actions(self, seat: int) -> list | None:
        """For a search's quiescence: the legal actions that take a piece on
        their square or promote, in ``legal_actions``' order, listed without
        the others (None: filter ``legal_actions``, as in the swing phase or
        a game whose pieces have more powers)."""
        if self.phase != ACT or seat != self.turn or self.is_over():
            return None
        if (
            type(self)._act_actions is not MacesState._act_actions
            or type(self)._piece_actions is not MacesState._piece_actions
        ):
            return None
        board = self.board
        cached = self._legal.get(seat)
        if cached is not None:
            return [
                a
                for a in cached
                if a.promotion or board[a.to] is not None and board[a.to][0] != seat
            ]
        own = occ = 0
        mine = []
        for sq, p in enumerate(board):
            if p is not None:
                occ |= 1 << sq
                if p[0] == seat:
                    own |= 1 << sq
                    mine.append((sq, p[1]))
        enemy = occ & ~own
        frozen = self.frozen_mask(seat)
        last = _LAST_RANK[seat]
        out: list = []
        for sq, kind in mine:
            if frozen >> sq & 1 or kind in self.mace_kinds:
                continue  # a Mace never captures by moving
            if kind == "pawn":
                one, _two, diagonals = _PAWN_STEPS[seat][sq]
                targets = (
                    [one] if one is not None and last >> one & 1 and not occ >> one & 1 else []
                )
                targets += [to for to in diagonals if enemy >> to & 1]
                for to in targets:
                    if last >> to & 1:
                        out.extend(Move(sq, to, k) for k in PROMOTIONS)
                    else:
                        out.append(_MOVES[sq][to])
                continue
            row = _MOVES[sq]
            out.extend([row[to] for to in bits(_reach(kind, sq, occ) & enemy)])
            if kind == "horse_apult":
                throws: list = []
                self._throws(seat, sq, occ, throws)
                out.extend(t for t in throws if t.promotion)
        return out

    # -- prompts ------------------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        if self.is_over():
            return self.result().reason
        if seat != self.turn:
            return f"{self.game.seats[self.turn]} to move"
        if self.phase == SWING:
            if self.chosen is not None:
                return f"Choose the victim of the Mace on {GEO.name(self.chosen)}"
            able = self._able_maces()
            if self._order_matters(able):
                return "Choose which Mace swings next"
            if len(able) == 1:
                return f"Choose the victim of the Mace on {GEO.name(able[0])}"
            return "Choose the victim of one of your Maces"
        return f"{self.game.seats[seat]} to move"

    def stuck_reason(self, seat: int, square: int) -> str | None:
        """Why the mover's piece on ``square``, clicked while an action is
        due, has none (a decision of another phase has its own prompt)."""
        p = self.board[square] if 0 <= square < GEO.size else None
        if self.is_over() or p is None or p.side != seat or self.turn != seat:
            return None
        if self.phase != ACT:
            return None
        name = "Horse-apult" if p.kind == "horse_apult" else p.kind.replace("_", " ")
        if self.is_frozen(square):
            return f"That {name} is held in a Spider's web"
        return f"That {name} has no legal action now"

    # -- a king left where it can be taken (the board's mark) ---------------------------
    def kings_in_danger(self) -> tuple[int, ...]:
        """The kings the other side could take in its next turn as the board
        stands: by a move, or by a Mace swinging after a move or a throw
        (a Tulpa still to be created is not foreseen)."""
        if self.is_over():
            return ()
        out = []
        for side in (WHITE, BLACK):
            king = self.king_square(side)
            if king is None:
                continue
            enemy = 1 - side
            probe = self.copy()
            if probe.to_act() != (enemy,):  # the enemy's turn, as if it began now
                probe.turn, probe.phase, probe.pending, probe.chosen = enemy, ACT, [], None
                probe.ep = None
            if probe._takes_king(enemy, side, [DANGER_NODES]):
                out.append(king)
        return tuple(out)

    def _takes_king(self, enemy: int, side: int, budget: list[int]) -> bool:
        """Can ``enemy``, whose turn goes on here, take ``side``'s king before
        it ends? At most ``budget`` decisions are tried."""
        for action in self._generate(enemy):
            if budget[0] <= 0:
                return False
            budget[0] -= 1
            self.make({enemy: action})
            try:
                if self.king_square(side) is None:
                    return True
                if (
                    self.turn == enemy
                    and not self.ended
                    and self.to_act() == (enemy,)
                    and self._takes_king(enemy, side, budget)
                ):
                    return True
            finally:
                self.unmake()
        return False

    # -- copies -------------------------------------------------------------------------
    # Nothing in the state is hidden, so ``view`` and ``sample`` are the base ones.
    def copy(self) -> MacesState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.copy_rng()
        other._own_mutables()
        other._legal = dict(self._legal)
        other._undo = []
        return other

    def _own_mutables(self) -> None:
        """Give this state its own copies of what an action changes in place
        (a game with more such fields adds them)."""
        self.board = list(self.board)
        self.pending = list(self.pending)
        self.repetition = self.repetition.copy()

    # -- for searches: a key for the transposition table, make and unmake ---------------
    def key(self) -> int:
        """Positions a search may treat as one: the board, the mover, the
        phase with the Maces still to swing, the en passant square (a game
        with more to its position adds it in ``_key_fields``). The clocks and the history are
        left out, as engines do. Kept as its hash: a table holds many."""
        return hash(self._key_fields())

    def _key_fields(self) -> tuple:
        return (tuple(self.board), self.turn, self.phase, tuple(self.pending), self.chosen, self.ep)

    def make(self, actions) -> None:
        """``apply`` for a search: legal actions, not checked again, no events
        kept; ``unmake`` takes them back exactly (the fields are saved as they
        are and the state goes on with its own copies of the mutable ones)."""
        mine = self.__dict__
        self._undo.append(mine.copy())
        self._own_mutables()
        self._legal = {}
        self._step(actions, [])
        self._legal = {}

    def unmake(self) -> None:
        """Take back the last ``make``."""
        mine = self.__dict__
        saved = self._undo.pop()
        mine.clear()
        mine.update(saved)


@register
class MacesGame(Game):
    id = "maces"
    title = "Maces and Horse-apults"
    kings_left_attacked = True
    premoves = True  # the turn's move (or capture); the swings come after
    blurb = (
        "10 x 10 chess where Maces swing at every adjacent enemy each turn and "
        "Horse-apults throw pieces a knight's move away. Capture the king to win."
    )
    state_class: type[MacesState] = MacesState

    def new(self, options=None, seed: int = 0) -> MacesState:
        self.normalize_options(options)
        state = self.state_class(self, seed)
        state.set_board_text(START_BOARD)
        state._start_turn([])
        state.repetition.reset(state._key())
        return state

    def read_text(self, text: str) -> MacesState:
        state = self.state_class(self, 0)
        state.set_text(text)
        return state

    def warm_up(self) -> None:
        """The 10 x 10 line tables and each kind's reach: about 0.1 CPU s,
        which a fresh worker spent inside its first search (Maces Normal
        took 2.76 s of its 1.5 on a loaded machine)."""
        for kind in self.state_class.piece_letters.letter_of:
            if kind in KINDS:
                _reach(kind, 0, 0)


def __getattr__(name: str):
    """The Tulpa names the displays and their tests import from here (one
    adapter serves both games). They live in game/games/tulpas, which
    imports this module, so they are fetched on first use."""
    if name in _TULPA_NAMES:
        from game.games.tulpas import actions, pieces

        return getattr(pieces if name == "TULPAS" else actions, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_TULPA_NAMES = frozenset(("TULPAS", "Shot", "OxStrike", "OxDecline", "Pick", "Guess", "Place"))
