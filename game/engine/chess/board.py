"""The chess position on bitboards: pieces, attacks, make/unmake, and the
board-related fields of FEN.

Castling rights are stored as the set of rooks that may still castle (as
python-chess does), so Chess960 needs no special case. ``extras`` maps a
square to whatever a variant keeps under the piece standing there (a stack
of checkers, the mirror side): it travels with the piece in ``push`` and
comes back with ``pop``.
"""

from __future__ import annotations

from typing import Any

from game.engine.board import bits
from game.engine.chess.tables import (
    BACK_RANK,
    BISHOP,
    BLACK,
    KIND_INDEX,
    KIND_NAMES,
    KING,
    KING_ATT,
    KNIGHT,
    KNIGHT_ATT,
    LETTERS,
    PAWN,
    PAWN_ATTACKS,
    QUEEN,
    ROOK,
    WHITE,
    Move,
    W,
    bishop_attacks,
    castle_squares,
    lsb,
    rook_attacks,
)
from game.engine.pieces import Piece

# One Piece per side and kind index, shared (a Piece is an immutable tuple).
_PIECES = tuple(tuple(Piece(side, name) for name in KIND_NAMES) for side in (WHITE, BLACK))


class ChessBoard:
    """Bitboards and make/unmake. Mixed into ``ChessState``."""

    bb: list[int]  # one bitboard per kind (PAWN..KING)
    occ: list[int]  # one per side
    turn: int  # the side to move
    castling: int  # rooks that may still castle
    ep: int | None  # the square a pawn just skipped, if any
    halfmove: int
    fullmove: int
    extras: dict[int, Any]
    _stack: list[tuple]
    _legal: list[Move] | None
    _result: Any

    # -- reading the board -------------------------------------------------------
    def piece_at(self, sq: int) -> Piece | None:
        bit = 1 << sq
        if self.occ[WHITE] & bit:
            side = WHITE
        elif self.occ[BLACK] & bit:
            side = BLACK
        else:
            return None
        for kind, bb in enumerate(self.bb):
            if bb & bit:
                return _PIECES[side][kind]
        raise AssertionError("occupancy and piece boards disagree")

    def kind_at(self, bit: int) -> int:
        """The kind index on the square ``bit`` (a one-bit board), or -1."""
        for kind, bb in enumerate(self.bb):
            if bb & bit:
                return kind
        return -1

    def pieces(self) -> dict[int, Piece]:
        """Every piece by its square, read kind by kind off the bitboards (the
        search and the evaluation ask for it at every node)."""
        out: dict[int, Piece] = {}
        white = self.occ[WHITE]
        for kind, bb in enumerate(self.bb):
            while bb:
                low = bb & -bb
                bb ^= low
                out[low.bit_length() - 1] = _PIECES[0 if white & low else 1][kind]
        return out

    def king_square(self, side: int) -> int | None:
        kings = self.bb[KING] & self.occ[side]
        return lsb(kings) if kings else None

    def ply(self) -> int:
        return 2 * self.fullmove + self.turn

    def attackers(self, side: int, sq: int, occupied: int | None = None) -> int:
        """Pieces of ``side`` attacking ``sq`` by the orthodox moves, with
        ``occupied`` as blockers."""
        occ = self.occ[WHITE] | self.occ[BLACK] if occupied is None else occupied
        bb = self.bb
        found = (
            KNIGHT_ATT[sq] & bb[KNIGHT]
            | KING_ATT[sq] & bb[KING]
            | PAWN_ATTACKS[1 - side][sq] & bb[PAWN]
        )
        rooks_queens = bb[ROOK] | bb[QUEEN]
        if rooks_queens:
            found |= rook_attacks(sq, occ) & rooks_queens
        bishops_queens = bb[BISHOP] | bb[QUEEN]
        if bishops_queens:
            found |= bishop_attacks(sq, occ) & bishops_queens
        return found & self.occ[side]

    def attacked_by(self, side: int, sq: int, occupied: int) -> bool:
        """``attackers(side, sq, occupied)`` as a yes or no, answered by the
        first attacker found (the move generator asks it for each king step)."""
        bb, theirs = self.bb, self.occ[side]
        if (
            KNIGHT_ATT[sq] & bb[KNIGHT]
            | KING_ATT[sq] & bb[KING]
            | PAWN_ATTACKS[1 - side][sq] & bb[PAWN]
        ) & theirs:
            return True
        rooks_queens = (bb[ROOK] | bb[QUEEN]) & theirs
        if rooks_queens and rook_attacks(sq, occupied) & rooks_queens:
            return True
        bishops_queens = (bb[BISHOP] | bb[QUEEN]) & theirs
        return bool(bishops_queens and bishop_attacks(sq, occupied) & bishops_queens)

    def is_attacked(self, sq: int, by: int) -> bool:
        """Could ``by`` capture on ``sq``? The attack relation that check,
        checkmate and castling use; a hook for variants that change it."""
        return self.attacked_by(by, sq, self.occ[0] | self.occ[1])

    def king_attacked(self, side: int) -> bool:
        king = self.king_square(side)
        return king is not None and self.is_attacked(king, 1 - side)

    def in_check(self, side: int | None = None) -> bool:
        return self.king_attacked(self.turn if side is None else side)

    def is_castle(self, move: Move) -> bool:
        own = self.occ[self.turn]
        return bool(self.bb[KING] & own & 1 << move.frm and own & 1 << move.to)

    def landing_square(self, move: Move) -> int:
        """Where the moving piece ends: the king's square after castling."""
        if self.is_castle(move):
            return castle_squares(self.turn, move.frm, move.to)[0]
        return move.to

    # -- make and unmake ------------------------------------------------------------
    def push(self, move: Move, pass_turn: bool = True) -> None:
        """Make a move (pseudo-legal is enough) and, unless told not to, pass
        the turn to the other side; ``pop`` takes it back. (A game's turn may
        hold more decisions after the move: ``ChessState.end_turn`` passes it
        then.)"""
        extras = self.extras
        self._stack.append(
            (
                list(self.bb),
                list(self.occ),
                self.turn,
                self.castling,
                self.ep,
                self.halfmove,
                self.fullmove,
                dict(extras) if extras else None,
            )
        )
        self._move_pieces(move, pass_turn)

    def _move_pieces(self, move: Move, pass_turn: bool = True) -> None:
        """``push`` without saving what ``pop`` needs (for ``make``, which
        saves the whole state itself): the board lists are changed in place."""
        extras = self.extras
        us, them = self.turn, 1 - self.turn
        bb, occ = self.bb, self.occ
        frm_bit, to_bit = 1 << move.frm, 1 << move.to
        kind = self.kind_at(frm_bit)
        self.halfmove += 1
        ep, self.ep = self.ep, None

        if kind == KING and occ[us] & to_bit:  # castling: king onto own rook
            king_to, rook_to = castle_squares(us, move.frm, move.to)
            # Clear both, then set: the king or rook may end where it began.
            bb[KING] = bb[KING] & ~frm_bit | 1 << king_to
            bb[ROOK] = bb[ROOK] & ~to_bit | 1 << rook_to
            occ[us] ^= frm_bit | to_bit
            occ[us] |= 1 << king_to | 1 << rook_to
            self.castling &= ~BACK_RANK[us]
            if extras:
                king_extra, rook_extra = extras.pop(move.frm, None), extras.pop(move.to, None)
                if king_extra is not None:
                    extras[king_to] = king_extra
                if rook_extra is not None:
                    extras[rook_to] = rook_extra
        else:
            taken_at = None
            if occ[them] & to_bit:
                bb[self.kind_at(to_bit)] ^= to_bit
                occ[them] ^= to_bit
                self.halfmove = 0
                taken_at = move.to
            elif kind == PAWN and move.to == ep:
                taken_at = move.to - W if us == WHITE else move.to + W
                bb[PAWN] ^= 1 << taken_at
                occ[them] ^= 1 << taken_at
            bb[kind] ^= frm_bit
            if move.promotion:
                bb[KIND_INDEX[move.promotion]] |= to_bit
            else:
                bb[kind] |= to_bit
            occ[us] ^= frm_bit | to_bit
            if kind == PAWN:
                self.halfmove = 0
                if abs(move.to - move.frm) == 2 * W:
                    self.ep = (move.to + move.frm) // 2
            elif kind == KING:
                self.castling &= ~BACK_RANK[us]
            self.castling &= ~(frm_bit | to_bit)
            if extras:
                moving = extras.pop(move.frm, None)
                taken = extras.pop(taken_at, None) if taken_at is not None else None
                if taken is not None:
                    moving = self.merge_extras(moving, taken)
                if moving is not None:
                    extras[move.to] = moving
        if pass_turn:
            if us == BLACK:
                self.fullmove += 1
            self.turn = them
        self._legal = None
        self._result = False

    def pop(self) -> None:
        (
            self.bb,
            self.occ,
            self.turn,
            self.castling,
            self.ep,
            self.halfmove,
            self.fullmove,
            extras,
        ) = self._stack.pop()
        self.extras = extras if extras is not None else {}
        self._legal = None
        self._result = False

    def merge_extras(self, mover: Any, captured: Any) -> Any:
        """What stays under a piece that captures a piece with extras under
        it (``mover`` may be None). By default the captured extras go."""
        return mover

    # -- FEN: board, side, castling --------------------------------------------------------
    def read_board(self, board: str) -> None:
        rows = board.split("/")
        if len(rows) != 8:
            raise ValueError("the FEN board needs 8 ranks separated by /")
        self.bb = [0] * 6
        self.occ = [0, 0]
        for i, row in enumerate(rows):
            rank, file = 7 - i, 0
            for char in row:
                if char.isdigit():
                    file += int(char)
                    continue
                if char.upper() not in LETTERS or file >= 8:
                    raise ValueError(f"bad FEN rank {row!r}")
                bit = 1 << (rank * W + file)
                self.bb[LETTERS.index(char.upper())] |= bit
                self.occ[WHITE if char.isupper() else BLACK] |= bit
                file += 1
            if file != 8:
                raise ValueError(f"FEN rank {row!r} does not fill 8 files")

    def board_text(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                bit = 1 << (rank * W + file)
                kind = self.kind_at(bit)
                if kind < 0:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += LETTERS[kind] if self.occ[WHITE] & bit else LETTERS[kind].lower()
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def read_castling(self, field: str) -> int:
        """Castling rights from K/Q (the outermost rook) or file letters
        (Shredder-FEN and X-FEN)."""
        if field == "-":
            return 0
        if len(set(field)) != len(field):
            raise ValueError("a castling right is named twice")
        rights = 0
        for char in field:
            side = WHITE if char.isupper() else BLACK
            back = BACK_RANK[side]
            rooks = self.bb[ROOK] & self.occ[side] & back
            king = self.king_square(side)
            if king is None or not (1 << king) & back:
                raise ValueError(f"castling right {char!r} needs the king on its first rank")
            upper = char.upper()
            if upper == "K":
                candidates = [sq for sq in bits(rooks) if sq > king]
                pick = max(candidates) if candidates else None
            elif upper == "Q":
                candidates = [sq for sq in bits(rooks) if sq < king]
                pick = min(candidates) if candidates else None
            elif "A" <= upper <= "H":
                sq = (0 if side == WHITE else 7 * W) + ord(upper) - ord("A")
                pick = sq if rooks >> sq & 1 else None
            else:
                raise ValueError(f"bad castling field {field!r}")
            if pick is None:
                raise ValueError(f"castling right {char!r} has no rook to castle with")
            rights |= 1 << pick
        for side in (WHITE, BLACK):
            king = self.king_square(side)
            named = list(bits(rights & BACK_RANK[side]))
            if len({sq > king for sq in named}) != len(named):
                # Castling moves the rook beside the king: one rook a side.
                raise ValueError("castling rights name two rooks on one side of the king")
        return rights

    def castling_text(self) -> str:
        """X-FEN: K/Q for the outermost rook on a side, the file letter otherwise."""
        out = []
        for side in (WHITE, BLACK):
            king = self.king_square(side)
            if king is None:
                continue  # a king taken (where kings may be): its rights are gone
            back = BACK_RANK[side]
            rooks = self.bb[ROOK] & self.occ[side] & back
            for sq in sorted(bits(self.castling & back), reverse=True):
                side_rooks = [r for r in bits(rooks) if (r > king) == (sq > king)]
                outer = max(side_rooks) if sq > king else min(side_rooks)
                letter = ("K" if sq > king else "Q") if sq == outer else "ABCDEFGH"[sq % W]
                out.append(letter if side == WHITE else letter.lower())
        return "".join(out) or "-"
