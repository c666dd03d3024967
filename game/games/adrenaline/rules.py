"""Adrenaline Chess (rules/adrenaline.md): chess where every turn with a
capture ends by giving one checker to an opponent's piece, and a piece with
checkers may follow its ordinary move with extra king steps, one checker
each (the checker goes back to the supply).

Built on the chess core: ``extras[sq]`` is the number of checkers under the
piece on ``sq`` (a capturer takes over its victim's, ``merge_extras``). A
turn is up to three kinds of decision of the side to move:

- the ordinary move (the core's legal moves; no castling with a checker on
  king or rook);
- then, while the piece has checkers, extra steps (``Move`` of one square,
  with a promotion when a pawn steps onto its last rank) or ``STOP``;
- then, if anything was captured and the supply has checkers, ``Give``.

``is_attacked`` is the adrenaline attack relation: a piece with n checkers
reaches what one ordinary move and up to n king steps reach, picking up the
checkers of what it takes on the way. Every move and step must leave the
mover's king unattacked, and a capture only stands if some checker could
then be given without putting the giver's king in check.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, PositionError, Seat
from game.engine.board import bits
from game.engine.chess import GEO, STANDARD_FEN, ChessState, Move, extras_text, read_extras
from game.engine.chess.san import move_text
from game.engine.chess.tables import (
    BACK_RANK,
    KIND_INDEX,
    KING,
    KING_ATT,
    LETTERS,
    PAWN,
    PAWN_ATTACKS,
    WHITE,
    W,
)
from game.engine.notation import CHECK_MARKS
from game.games import register
from game.games.adrenaline.actions import STOP, Give, Stop

SUPPLY = 24
MOVE, STEP, GIVE = "-", "s", "p"  # the turn's phases


class AdrenalineState(ChessState):
    pawns_return = True  # a pawn's extra steps may take it back to its first rank
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    extra_field_names = ("checkers", "supply", "turn")
    FIELDS = ChessState.FIELDS | {
        "supply": None,
        "phase": None,
        "stepper": None,
        "captured": None,
        "turn_ep": None,
    }

    # -- the attack relation ---------------------------------------------------------------
    def is_attacked(self, sq: int, by: int) -> bool:
        if self.attackers(by, sq):
            return True
        extras = self.extras
        if not extras:
            return False
        enemy = self.occ[1 - by]
        rich = 0  # enemy pieces with checkers: worth taking for them
        takers = 0  # pieces of ``by`` that could take one of them
        for q in extras:
            if enemy >> q & 1:
                rich |= 1 << q
                takers |= self.attackers(by, q)
        for frm in bits(self.occ[by]):
            n = extras.get(frm, 0)
            if not n and not takers >> frm & 1:
                continue
            kind = self.kind_at(1 << frm)
            seen = set()
            for m in self.moves_as(kind, frm, by):
                if m.to in seen or not (n or rich >> m.to & 1):
                    continue
                seen.add(m.to)
                gain = extras.get(m.to, 0) if enemy >> m.to & 1 else 0
                if self._steps_reach(frm, m.to, n + gain, sq, by):
                    return True
        return self._en_passant_reaches(sq, by)

    def _en_passant_reaches(self, sq: int, by: int) -> bool:
        """En passant is an ordinary move too: a pawn of ``by`` taking a pawn
        with checkers that way gains them for its steps. (Without checkers on
        the pawn taken, the loop over the moves has judged it already.)"""
        ep = self.ep
        if ep is None or not self.en_passant:
            return False
        victim = ep - W if by == WHITE else ep + W
        if not (self.bb[PAWN] & self.occ[1 - by]) >> victim & 1:
            return False  # the square's pawn is not ``by``'s to take
        gain = self.extras.get(victim, 0)
        if not gain:
            return False
        for frm in bits(PAWN_ATTACKS[1 - by][ep] & self.bb[PAWN] & self.occ[by]):
            if self._steps_reach(frm, ep, self.extras.get(frm, 0) + gain, sq, by, victim):
                return True
        return False

    def _steps_reach(
        self, origin: int, start: int, left: int, target: int, by: int, passed: int | None = None
    ) -> bool:
        """Can up to ``left`` king steps from ``start`` reach ``target``,
        gaining the checkers of the enemy pieces taken on the way? ``passed``:
        the pawn the move itself took en passant, worth no more."""
        own = self.occ[by] & ~(1 << origin)
        enemy = self.occ[1 - by]
        extras = self.extras
        bonus = sum(n for q, n in extras.items() if enemy >> q & 1)
        if _distance(start, target) > left + bonus:
            return False  # out of reach whatever it picks up
        first = {start} if enemy >> start & 1 else set()
        if passed is not None:
            first.add(passed)
        todo = [(start, left, frozenset(first))]
        seen = set()
        while todo:
            at, n, taken = todo.pop()
            for to in bits(KING_ATT[at]):
                if to == target:
                    return True
                if own >> to & 1:
                    continue
                gain = 0
                new_taken = taken
                if enemy >> to & 1 and to not in taken:
                    gain = extras.get(to, 0)
                    new_taken = taken | {to}
                rest = n - 1 + gain
                key = (to, rest, new_taken)
                if rest > 0 and key not in seen:
                    seen.add(key)
                    todo.append(key)
        return False

    def merge_extras(self, mover: Any, captured: Any) -> Any:
        return (mover or 0) + captured  # the capturer takes over the checkers

    # -- ordinary moves -------------------------------------------------------------------------
    def allows(self, move: Move) -> bool:
        if self.is_castle(move):
            return move.frm not in self.extras and move.to not in self.extras
        if not self._is_capture(move) or not self.supply:
            return True
        us = self.turn
        self.push(move)
        try:
            return self.king_attacked(us) or self.can_give(us)
        finally:
            self.pop()

    def _is_capture(self, move: Move) -> bool:
        if self.occ[1 - self.turn] >> move.to & 1:
            return True
        return bool(self.bb[PAWN] >> move.frm & 1 and move.to == self.ep and self.en_passant)

    def can_give(self, us: int) -> bool:
        """Is there a safe gift at all? (The first one tried usually is.)"""
        return bool(self.safe_gifts(us, first=True))

    def safe_gifts(self, us: int, first: bool = False) -> list[int]:
        """The opponent's pieces that may get a checker: those whose checker
        would not put ``us``'s king in check."""
        out = []
        extras = self.extras
        for q in bits(self.occ[1 - us]):
            extras[q] = extras.get(q, 0) + 1
            safe = not self.king_attacked(us)
            extras[q] -= 1
            if not extras[q]:
                del extras[q]
            if safe:
                out.append(q)
                if first:
                    break
        return out

    def after_move(self, move: Move, events: list[Event]) -> None:
        self.captured = any(e.kind == "capture" for e in events)
        if self.extras.get(move.to) and self.legal_steps(move.to):
            self.phase, self.stepper = STEP, move.to
            self.turn_ep, self.ep = self.ep, None  # en passant only after a plain move
        else:
            self._to_giving()

    def turn_open(self) -> bool:
        return self.phase != MOVE

    # -- extra steps ------------------------------------------------------------------------------
    def legal_steps(self, frm: int, first: bool = False) -> list[Move]:
        """The extra steps of the piece on ``frm`` (``first``: stop at the
        first square found, to know whether there is one)."""
        us = self.turn
        own = self.occ[us]
        pawn = self.bb[PAWN] >> frm & 1
        out = []
        for to in bits(KING_ATT[frm] & ~own):
            if pawn and BACK_RANK[1 - us] >> to & 1:
                candidates = [Move(frm, to, kind) for kind in self.promotions]
            else:
                candidates = [Move(frm, to)]
            if self._step_safe(candidates[0]):
                out.extend(candidates)
                if first:
                    break
        return out

    def _step_safe(self, step: Move) -> bool:
        us = self.turn
        takes = bool(self.occ[1 - us] >> step.to & 1)
        saved = (self.ep, self.extras)
        self._step(step)
        try:
            if self.king_attacked(us):
                return False
            return not ((self.captured or takes) and self.supply) or self.can_give(us)
        finally:
            self.pop()
            self.ep, self.extras = saved

    def _step(self, step: Move) -> None:
        """Spend a checker and step (``pop`` undoes the board, not the supply)."""
        self.ep = None  # a step is never an en passant capture
        self.extras = dict(self.extras)
        self.push(step, pass_turn=False)
        left = self.extras[step.to] - 1
        if left:
            self.extras[step.to] = left
        else:
            del self.extras[step.to]

    def _to_giving(self) -> None:
        us = self.turn
        if self.captured and self.supply and self.safe_gifts(us):
            self.phase, self.stepper = GIVE, None
        else:
            self.phase, self.stepper = MOVE, None

    # -- the protocol -----------------------------------------------------------------------------
    def actions_for(self, seat: Seat) -> list[Any]:
        if self.phase == STEP:
            return [*self.legal_steps(self.stepper), STOP]
        if self.phase == GIVE:
            return [Give(q) for q in self.safe_gifts(self.turn)]
        return list(self.legal_moves())

    def act(self, seat: Seat, action: Any) -> list[Event]:
        if self.phase == MOVE:
            return self.play_move(action)
        events: list[Event] = []
        if isinstance(action, Give):
            self.extras[action.square] = self.extras.get(action.square, 0) + 1
            self.supply -= 1
            events.append(Event("give", seat, {"square": action.square}))
            self.phase = MOVE
        elif isinstance(action, Stop):
            self.ep, self.turn_ep = self.turn_ep, None
            self._to_giving()
        else:
            self.ep = self.turn_ep = None
            events.extend(self.move_events(action))
            events.append(Event("step", seat, {"frm": action.frm, "to": action.to}))
            self.captured = self.captured or any(e.kind == "capture" for e in events)
            self._step(action)
            self._stack.clear()
            self.supply += 1
            self.last_move = action
            if self.extras.get(action.to) and self.legal_steps(action.to):
                self.stepper = action.to
            else:
                self._to_giving()
        self._legal = None
        self._result = False
        if self.phase == MOVE:
            self.end_turn(events)
        return events

    def next_turn(self) -> None:
        super().next_turn()
        self.captured = False

    def insufficient_material(self) -> bool:
        # Any capture gives a checker, and a king with one can mate a bare
        # king: only two bare kings with no checkers can never be mated.
        return not self.extras and self.occ[0] | self.occ[1] == self.bb[KING]

    def extra_key(self) -> tuple:
        return (self.supply, self._turn_text())

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        if self.phase == STEP:
            return "Take an extra step with the piece that moved, or stop"
        if self.phase == GIVE:
            return "Click one of your opponent's pieces to give it a checker"
        return super().stuck_reason(seat, square)

    # -- prompts and notation -------------------------------------------------------------------
    def prompt(self, seat: Seat) -> str:
        name = self.game.seats[seat]
        if self.phase == STEP:
            piece = self.piece_at(self.stepper)
            n = self.extras.get(self.stepper, 0)
            where = GEO.name(self.stepper)
            return (
                f"{name}: extra king step for the {piece.kind} on {where} "
                f"({n} checker{'s' if n != 1 else ''} left), or stop"
            )
        if self.phase == GIVE:
            return f"{name}: click an opponent's piece to give it a checker"
        return super().prompt(seat)

    def notation(self, action: Any) -> str:
        """SAN, "~xe6" for an extra step, "stop", "give e5". Check is judged
        when the turn is over, so the mark goes on the decision that ends
        the piece's movement (the ordinary move with no step after it, the
        last step, or stop), not on a move more steps follow (issue 26:
        "Qxd5+ ~xe6" became "Qxd5 ~xe6+"); a gift that brings check or mate
        carries it."""
        return self._written(action) + self._end_mark(action)

    def _written(self, action: Any) -> str:
        if isinstance(action, Give):
            return f"give {GEO.name(action.square)}"
        if isinstance(action, Stop):
            return "stop"
        if self.phase == STEP:
            takes = "x" if self.occ[1 - self.turn] >> action.to & 1 else ""
            promo = f"={LETTERS[KIND_INDEX[action.promotion]]}" if action.promotion else ""
            return f"~{takes}{GEO.name(action.to)}{promo}"
        return move_text(self, action)

    def _end_mark(self, action: Any) -> str:
        mover = self.turn
        them = 1 - mover
        if not self._may_check(action):
            return ""
        gift = isinstance(action, Give)
        checked_before = gift and self.king_attacked(them)
        self.make({self.seat_to_act(): action})
        try:
            if self.phase == STEP or not self.king_attacked(them):
                return ""
            mate = self.turn == them and not self.legal_moves()
            if mate:
                return "#"
            return "" if checked_before else "+"
        finally:
            self.unmake()

    def _may_check(self, action: Any) -> bool:
        """False when the decision surely earns no check mark: the opponent's
        king is not attacked after it, or the piece's movement goes on (it
        has checkers left and a step to spend one on). Settled without
        playing the turn on, which only a check needs."""
        them = 1 - self.turn
        if isinstance(action, Stop):
            return self.king_attacked(them)
        if isinstance(action, Give):
            extras = self.extras
            extras[action.square] = extras.get(action.square, 0) + 1
            try:
                return self.king_attacked(them)
            finally:
                extras[action.square] -= 1
                if not extras[action.square]:
                    del extras[action.square]
        saved = self.ep, self.extras, self.captured
        known = self._legal, self._result  # ``pop`` forgets them; the position does not change
        self.captured = self.captured or self._is_capture(action)
        step = self.phase == STEP
        if step:
            self._step(action)  # on a copy of the extras, as ``_step_safe``
        else:
            self.push(action, pass_turn=False)  # as ``play_move``, before ``after_move``
        try:
            if self.extras.get(action.to) and self.legal_steps(action.to, first=True):
                return False
            return self.king_attacked(them)
        finally:
            self.pop()  # restores the extras a move changed in place
            self._legal, self._result = known
            self.ep, self.captured = saved[0], saved[2]
            if step:
                self.extras = saved[1]

    def _parse_action(self, text: str, seat: Seat) -> Any:
        if self.phase == MOVE:
            return super()._parse_action(text, seat)
        clean, lowered = text.rstrip(CHECK_MARKS), text.lower()
        for a in self.actions_for(seat):
            if clean == self._written(a) or str(a) == lowered:
                return a
        return None

    # -- the position text ------------------------------------------------------------------------
    def _turn_text(self) -> str:
        sq = GEO.name(self.stepper) if self.stepper is not None else "-"
        ep = GEO.name(self.turn_ep) if self.turn_ep is not None else "-"
        return f"{self.phase}/{sq}/{'x' if self.captured else '-'}/{ep}"

    def extra_fields(self) -> list[str]:
        return [extras_text(self.extras), str(self.supply), self._turn_text()]

    def read_extra_fields(self, fields: list[str]) -> None:
        checkers, supply, turn = fields
        self.extras = read_extras(checkers, _count)
        occupied = self.occ[0] | self.occ[1]
        for sq in self.extras:
            if not occupied >> sq & 1:
                raise ValueError(f"checkers on {GEO.name(sq)} need a piece on them")
        if not supply.isdigit():
            raise ValueError(f"the supply is a number, not {supply!r}")
        self.supply = int(supply)
        parts = turn.split("/")
        if len(parts) != 4 or parts[0] not in (MOVE, STEP, GIVE):
            raise ValueError("the turn field is phase/stepper/captured/en passant")
        phase, stepper, captured, ep = parts
        self.phase = phase
        self.stepper = None if stepper == "-" else GEO.square(stepper)
        if (phase == STEP) != (self.stepper is not None):
            raise ValueError("a piece steps only in the step phase")
        if self.stepper is not None and not self.occ[self.turn] >> self.stepper & 1:
            raise ValueError("the stepping piece must be the mover's")
        self.captured = captured == "x"
        self.turn_ep = None if ep == "-" else GEO.square(ep)

    def check_position(self) -> None:
        if self.supply + sum(self.extras.values()) > SUPPLY:
            raise PositionError(f"the set has {SUPPLY} checkers, on the board and in the supply")
        super().check_position()


def _distance(a: int, b: int) -> int:
    """King steps between two squares."""
    return max(abs(a % 8 - b % 8), abs(a // 8 - b // 8))


def _count(value: str) -> int:
    if not value.isdigit() or int(value) < 1:
        raise ValueError(f"a stack holds one checker or more, not {value!r}")
    return int(value)


@register
class AdrenalineGame(Game):
    id = "adrenaline"
    title = "Adrenaline Chess"
    blurb = "Every capture gives an enemy piece a checker; checkers buy extra king steps."
    premoves = True  # the turn's first move; its extra king steps come after

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> AdrenalineState:
        self.normalize_options(options)
        return AdrenalineState(self, f"{STANDARD_FEN} - {SUPPLY} -/-/-/-", seed)

    def read_text(self, text: str) -> AdrenalineState:
        return AdrenalineState(self, text)
