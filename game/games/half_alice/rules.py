"""Half Alice Chess (rules/half_alice.md): Alice Chess on one board. Every
piece stands on one side of the looking glass or the other: on the board, or
on a checker (``extras[sq] == 1``, the checker travels with the piece).

Built on the chess core's hooks:

- ``occupancy``: a piece sees only the pieces on its own side of the glass,
  so it moves through the others and can capture only on its own side;
  ``piece_moves`` drops moves onto a square the other side's piece stands on.
  A move's legality "on its own side" only concerns the king when the king
  is on that side; a piece from the other side may block a check.
- ``push`` makes the move and then switches the moved piece (castling: king
  and rook) to the other side, so the core's check rule is judged after the
  switch; ``allows`` judges a king's move also before the switch (the move
  must be legal on the king's own side), and the checker limit if any.
- ``is_attacked``: attacks on a square come only from the pieces on the side
  of the glass of the piece standing there (an empty square: the side of the
  defending king), blocked only by that side's pieces.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.engine import Game, Option, Seat
from game.engine.chess import STANDARD_FEN, ChessState, Move, extras_text, read_extras
from game.engine.chess.tables import ALL, KING, castle_squares
from game.games import register

GLASS = 1  # the extras value of a piece on a checker (the looking-glass side)
LIMITS = {"as many as needed": None, "12 per player": 12}


class HalfAliceState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    plain_turns = False
    orthodox_ends = False
    extra_field_names = ("looking-glass pieces", "checkers each")
    FIELDS = ChessState.FIELDS | {"limit": None}
    _plain_push = False  # True while judging a move before its switch

    # -- the two sides of the glass -------------------------------------------------------
    def glass_mask(self) -> int:
        """The squares of the pieces on checkers."""
        out = 0
        for sq in self.extras:
            out |= 1 << sq
        return out

    def side_mask(self, glass: bool) -> int:
        """The squares of every piece on one side of the glass."""
        mirrored = self.glass_mask()
        if glass:
            return mirrored
        return (self.occ[0] | self.occ[1]) & ~mirrored & ALL

    def on_glass(self, sq: int) -> bool:
        return sq in self.extras

    def checkers_used(self, side: int) -> int:
        own = self.occ[side]
        return sum(1 for sq in self.extras if own >> sq & 1)

    # -- the hooks --------------------------------------------------------------------------
    def occupancy(self, sq: int, side: int) -> tuple[int, int]:
        mask = self.side_mask(self.on_glass(sq))
        return self.occ[side] & mask, self.occ[1 - side] & mask

    def piece_moves(self, sq: int) -> list[Move]:
        """A move lands on a physically empty square or takes an enemy on the
        mover's side: never on the other side's pieces, and never on one of
        its own (en passant onto a square its own piece holds on the far side)."""
        moves = super().piece_moves(sq)
        side = 0 if self.occ[0] >> sq & 1 else 1
        blocked = (self.occ[0] | self.occ[1]) & ~(
            self.occ[1 - side] & self.side_mask(self.on_glass(sq))
        )
        return [m for m in moves if not blocked >> m.to & 1]

    def is_attacked(self, sq: int, by: int) -> bool:
        if (self.occ[0] | self.occ[1]) >> sq & 1:
            glass = self.on_glass(sq)
        else:
            king = self.king_square(1 - by)
            glass = king is not None and self.on_glass(king)
        mask = self.side_mask(glass)
        return bool(self.attackers(by, sq, mask) & mask)

    def _castling_moves(self, append, hooked: bool) -> None:
        """Castling on the king's side of the glass: the other side's pieces
        do not block the way, but king and rook must land on empty squares."""
        king = self.king_square(self.turn)
        if king is None:
            return
        saved = list(self.occ)
        everything = self.occ[0] | self.occ[1]
        mask = self.side_mask(self.on_glass(king))
        self.occ = [saved[0] & mask, saved[1] & mask]
        found: list[Move] = []
        try:
            super()._castling_moves(found.append, hooked)
        finally:
            self.occ = saved
        for move in found:
            king_to, rook_to = castle_squares(self.turn, move.frm, move.to)
            landing = 1 << king_to | 1 << rook_to
            if not everything & landing & ~(1 << move.frm | 1 << move.to):
                append(move)

    def switch_squares(self, move: Move) -> tuple[int, ...]:
        """Where the pieces that switch sides land (call before the move)."""
        if self.is_castle(move):
            return castle_squares(self.turn, move.frm, move.to)
        return (move.to,)

    def push(self, move: Move, pass_turn: bool = True) -> None:
        """The move, then the moved piece goes through the glass."""
        switched = () if self._plain_push else self.switch_squares(move)
        super().push(move, pass_turn)
        extras = self.extras
        for sq in switched:
            if extras.pop(sq, None) is None:
                extras[sq] = GLASS

    def allows(self, move: Move) -> bool:
        us = self.turn
        if self.limit is not None:
            needed = sum(1 for sq in self.moving_squares(move) if not self.on_glass(sq))
            if self.checkers_used(us) + needed > self.limit:
                return False
        if not self.bb[KING] >> move.frm & 1:
            # Only the king can be safe after its switch and not before: any
            # other piece leaving its king's side removes a blocker there.
            return True
        # A king's move is legal on its own side before the switch (the core
        # judges the position after it).
        self._plain_push = True
        try:
            self.push(move)
        finally:
            self._plain_push = False
        safe = not self.king_attacked(us)
        self.pop()
        return safe

    def moving_squares(self, move: Move) -> tuple[int, ...]:
        return (move.frm, move.to) if self.is_castle(move) else (move.frm,)

    def insufficient_material(self) -> bool:
        # Through the glass a lone minor piece can help mate: only bare kings draw.
        return (self.occ[0] | self.occ[1]) == self.bb[KING]

    def prompt(self, seat: Seat) -> str:
        text = super().prompt(seat)
        if self.limit is None:
            return text
        free = self.limit - self.checkers_used(self.turn)
        return f"{text} ({free} of {self.limit} checkers free)"

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        piece = self.piece_at(square)
        if (
            piece is not None
            and piece.side == self.turn
            and self.limit is not None
            and not self.on_glass(square)
            and self.checkers_used(self.turn) >= self.limit
        ):
            return f"All your {self.limit} checkers are in use: only pieces on checkers can move"
        return super().stuck_reason(seat, square)

    # -- the position text ----------------------------------------------------------------------
    def extra_fields(self) -> list[str]:
        return [extras_text(self.extras), "-" if self.limit is None else str(self.limit)]

    def read_extra_fields(self, fields: list[str]) -> None:
        glass, limit = fields
        self.extras = read_extras(glass, self._read_glass)
        occupied = self.occ[0] | self.occ[1]
        for sq in self.extras:
            if not occupied >> sq & 1:
                raise ValueError("a looking-glass checker needs a piece on it")
        if limit == "-":
            self.limit = None
        elif limit.isdigit():
            self.limit = int(limit)
        else:
            raise ValueError(f"the checkers each are a number or '-', not {limit!r}")

    @staticmethod
    def _read_glass(value: str) -> int:
        if value != str(GLASS):
            raise ValueError(f"a looking-glass mark is {GLASS}, not {value!r}")
        return GLASS


@register
class HalfAliceGame(Game):
    id = "half_alice"
    title = "Half Alice Chess"
    blurb = "Every move sends the piece through the looking glass: onto a checker or off it."
    premoves = True
    options = (
        Option(
            "checkers",
            "Checkers",
            "as many as needed",
            tuple(LIMITS),
            "With 12, a piece off its checker needs a free one to move",
        ),
    )

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> HalfAliceState:
        opts = self.normalize_options(options)
        limit = LIMITS[opts["checkers"]]
        text = f"{STANDARD_FEN} - {'-' if limit is None else limit}"
        return HalfAliceState(self, text, seed)

    def read_text(self, text: str) -> HalfAliceState:
        return HalfAliceState(self, text)
