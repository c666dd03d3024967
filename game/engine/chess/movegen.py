"""Move generation for the chess core: two roads to the same legal moves.

- The orthodox road generates legal moves directly, with pins and check
  evasion worked out on bitboards. It is taken only when a game changes
  none of the move hooks and uses check-based legality, so orthodox chess
  and Chess960 pay nothing for the hooks.
- The hooked road asks each piece for its moves (``piece_moves``, which a
  variant overrides: a tarred piece moves as a pawn, a Golf piece borrows a
  neighbour's moves), adds castling, keeps what the game ``allows`` (a
  player's half of the board, a mirror side), and, under check-based
  legality, drops moves that leave the mover's king attacked (``is_attacked``
  may be a variant's own attack relation).

Both honour the class attributes ``en_passant``, ``promotions``, ``castles``
and ``castle_through_attack``.
"""

from __future__ import annotations

from game.engine.board import bits
from game.engine.chess.tables import (
    ALL,
    BACK_RANK,
    BISHOP,
    GEO,
    KING,
    KING_ATT,
    KNIGHT,
    KNIGHT_ATT,
    PAWN,
    PAWN_ATTACKS,
    PAWN_START,
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

# Every plain move, made once: the generator hands these out instead of
# building a Move per move (a Move is an immutable tuple, equal to any other
# with the same squares).
MOVES = tuple(tuple(Move(frm, to) for to in range(64)) for frm in range(64))


class MoveGeneration:
    """Mixed into ``ChessState`` (which provides the board and the hooks)."""

    _fast: bool  # set per class by ChessState.__init_subclass__
    _legal: list[Move] | None  # the legal moves, once listed

    def legal_moves(self) -> list[Move]:
        """The side to move's legal moves (cached until the next change)."""
        if self._legal is None:
            self._legal = self._orthodox_legal() if self._fast else self._hooked_legal()
        return self._legal

    # -- the hooked road ----------------------------------------------------------------
    def _hooked_legal(self) -> list[Move]:
        moves = [m for m in self.pseudo_legal_moves() if self.allows(m)]
        if self.legality != "check":
            return moves
        us = self.turn
        safe = []
        for m in moves:
            self.push(m)
            if not self.king_attacked(us):
                safe.append(m)
            self.pop()
        return safe

    def pseudo_legal_moves(self) -> list[Move]:
        """Every piece's ``piece_moves`` plus castling, before the game's
        filter and the check rule."""
        out: list[Move] = []
        for sq in bits(self.occ[self.turn]):
            out.extend(self.piece_moves(sq))
        if self.castles:
            self._castling_moves(out.append, hooked=True)
        return out

    def moves_as(self, kind: int, sq: int, side: int | None = None) -> list[Move]:
        """The orthodox moves a piece of ``kind`` (an index, PAWN..KING) on
        ``sq`` could make for ``side`` (default: the side to move), seeing the
        board through ``occupancy(sq)``; castling is separate."""
        side = self.turn if side is None else side
        own, enemy = self.occupancy(sq, side)
        occ = own | enemy
        if kind == PAWN:
            return self._pawn_moves_from(sq, side, enemy, occ)
        if kind == KNIGHT:
            dest = KNIGHT_ATT[sq]
        elif kind == BISHOP:
            dest = bishop_attacks(sq, occ)
        elif kind == ROOK:
            dest = rook_attacks(sq, occ)
        elif kind == QUEEN:
            dest = rook_attacks(sq, occ) | bishop_attacks(sq, occ)
        else:
            dest = KING_ATT[sq]
        return [Move(sq, to) for to in bits(dest & ~own)]

    def _pawn_moves_from(self, frm: int, side: int, enemy: int, occ: int) -> list[Move]:
        step = W if side == WHITE else -W
        dests = PAWN_ATTACKS[side][frm] & enemy
        one = frm + step
        if 0 <= one < 64 and not occ >> one & 1:
            dests |= 1 << one
            two = one + step
            if PAWN_START[side] >> frm & 1 and not occ >> two & 1:
                dests |= 1 << two
        if self.en_passant and self.ep is not None and PAWN_ATTACKS[side][frm] >> self.ep & 1:
            captured = self.ep - step
            if (self.bb[PAWN] & enemy) >> captured & 1:
                dests |= 1 << self.ep
        out: list[Move] = []
        last_rank = BACK_RANK[1 - side]
        for to in bits(dests):
            if last_rank >> to & 1:
                out.extend(Move(frm, to, kind) for kind in self.promotions)
            else:
                out.append(Move(frm, to))
        return out

    def noisy_moves(self) -> list[Move] | None:
        """For a search's quiescence: the legal moves that take a piece on
        their square or promote, in the order ``legal_moves`` gives them
        (None where the orthodox generator is not this game's)."""
        if not self._fast:
            return None
        if self._legal is not None:
            enemy = self.occ[1 - self.turn]
            return [m for m in self._legal if enemy >> m.to & 1 or m.promotion]
        return self._orthodox_legal(noisy=True)

    def has_legal_move(self) -> bool:
        """Is there a legal move? A safe king step is enough to know, on the
        orthodox road; otherwise the moves are listed (and kept)."""
        if self._legal is None and self._fast:
            us, them = self.turn, 1 - self.turn
            own = self.occ[us]
            kings = self.bb[KING] & own
            if kings:
                lifted = (own | self.occ[them]) ^ kings
                steps = KING_ATT[lsb(kings)] & ~own
                while steps:
                    low = steps & -steps
                    steps ^= low
                    if not self.attacked_by(them, low.bit_length() - 1, lifted):
                        return True
        return bool(self.legal_moves())

    # -- the orthodox road ------------------------------------------------------------------
    def _orthodox_legal(self, noisy: bool = False) -> list[Move]:
        """The legal moves; ``noisy``: only those onto an enemy piece and
        promotions (no en passant, no castling)."""
        us, them = self.turn, 1 - self.turn
        bb = self.bb
        own, enemy = self.occ[us], self.occ[them]
        occ = own | enemy
        kings = bb[KING] & own
        if not kings:
            return []
        king = lsb(kings)
        moves: list[Move] = []
        append = moves.append

        # King steps: the destination must be safe with the king lifted off.
        lifted = occ ^ kings
        row = MOVES[king]
        attacked_by = self.attacked_by
        for to in bits(KING_ATT[king] & (enemy if noisy else ~own)):
            if not attacked_by(them, to, lifted):
                append(row[to])

        checkers = self.attackers(them, king, occ)
        if checkers & (checkers - 1):
            return moves  # double check: only the king may move
        target = ~own & ALL
        if checkers:
            target &= GEO.between(king, lsb(checkers)) | checkers
        pawn_target = target
        if noisy:
            pawn_target = target & (enemy | BACK_RANK[them])
            target &= enemy

        pinned, pin_lines = self._pins(king, us, occ)

        for kind in (KNIGHT, BISHOP, ROOK, QUEEN):
            pieces = bb[kind] & own
            while pieces:
                low = pieces & -pieces
                pieces ^= low
                frm = low.bit_length() - 1
                if kind == KNIGHT:
                    dest = KNIGHT_ATT[frm]
                elif kind == BISHOP:
                    dest = bishop_attacks(frm, occ)
                elif kind == ROOK:
                    dest = rook_attacks(frm, occ)
                else:
                    dest = rook_attacks(frm, occ) | bishop_attacks(frm, occ)
                dest &= target
                if pinned & low:
                    dest &= pin_lines[frm]
                row = MOVES[frm]
                while dest:
                    to_bit = dest & -dest
                    dest ^= to_bit
                    append(row[to_bit.bit_length() - 1])

        self._pawn_moves(us, bb[PAWN] & own, enemy, occ, pawn_target, pinned, pin_lines, append)
        if noisy:
            return moves
        if self.ep is not None and self.en_passant:
            self._en_passant(us, king, occ, append)
        if not checkers and self.castles:
            self._castling_moves(append, hooked=False)
        return moves

    def _pins(self, king: int, us: int, occ: int) -> tuple[int, dict[int, int]]:
        bb, enemy = self.bb, self.occ[1 - us]
        snipers = (
            rook_attacks(king, 0) & (bb[ROOK] | bb[QUEEN])
            | bishop_attacks(king, 0) & (bb[BISHOP] | bb[QUEEN])
        ) & enemy
        pinned = 0
        lines: dict[int, int] = {}
        for sniper in bits(snipers):
            between = GEO.between(king, sniper) & occ
            if between and not between & (between - 1) and between & self.occ[us]:
                pinned |= between
                lines[lsb(between)] = GEO.between(king, sniper) | 1 << sniper
        return pinned, lines

    def _pawn_moves(self, us, pawns, enemy, occ, target, pinned, pin_lines, append) -> None:
        step = W if us == WHITE else -W
        last_rank = BACK_RANK[1 - us]
        empty = ~occ & ALL
        promotions = self.promotions
        attacks, start = PAWN_ATTACKS[us], PAWN_START[us]
        while pawns:
            low = pawns & -pawns
            pawns ^= low
            frm = low.bit_length() - 1
            dests = attacks[frm] & enemy
            one = frm + step
            if empty >> one & 1:
                dests |= 1 << one
                if start & low and empty >> (one + step) & 1:
                    dests |= 1 << (one + step)
            dests &= target
            if pinned & low:
                dests &= pin_lines[frm]
            row = MOVES[frm]
            while dests:
                to_bit = dests & -dests
                dests ^= to_bit
                to = to_bit.bit_length() - 1
                if last_rank & to_bit:
                    for kind in promotions:
                        append(Move(frm, to, kind))
                else:
                    append(row[to])

    def _en_passant(self, us: int, king: int, occ: int, append) -> None:
        ep = self.ep
        captured = ep - W if us == WHITE else ep + W
        if not (self.bb[PAWN] & self.occ[1 - us]) >> captured & 1:
            return
        for frm in bits(PAWN_ATTACKS[1 - us][ep] & self.bb[PAWN] & self.occ[us]):
            # Rare enough to test the king's safety on the board as it would be.
            after = occ ^ (1 << frm) ^ (1 << captured) | (1 << ep)
            bb = self.bb
            them = self.occ[1 - us] ^ (1 << captured)
            if rook_attacks(king, after) & (bb[ROOK] | bb[QUEEN]) & them:
                continue
            if bishop_attacks(king, after) & (bb[BISHOP] | bb[QUEEN]) & them:
                continue
            if KNIGHT_ATT[king] & bb[KNIGHT] & them or PAWN_ATTACKS[us][king] & bb[PAWN] & them:
                continue
            append(Move(frm, ep))

    # -- castling ---------------------------------------------------------------------------
    def _castling_moves(self, append, hooked: bool) -> None:
        """King onto own rook, for each rook that may still castle: the
        squares both pieces cross must be empty (but for the two of them),
        and unless ``castle_through_attack``, the king may not start on,
        cross or land on an attacked square."""
        us = self.turn
        king = self.king_square(us)
        back = BACK_RANK[us]
        if king is None or not (1 << king) & back:
            return
        occ = self.occ[0] | self.occ[1]
        safe_path = not self.castle_through_attack
        if hooked and safe_path and self.is_attacked(king, 1 - us):
            return
        for rook in bits(self.castling & back & self.bb[ROOK] & self.occ[us]):
            king_to, rook_to = castle_squares(us, king, rook)
            king_path = GEO.between(king, king_to) | 1 << king_to
            rook_path = GEO.between(rook, rook_to) | 1 << rook_to
            movers = 1 << king | 1 << rook
            if (king_path | rook_path) & occ & ~movers:
                continue
            if safe_path:
                if hooked:
                    if any(self.is_attacked(sq, 1 - us) for sq in bits(king_path)):
                        continue
                else:
                    without = occ & ~movers
                    crossed = king_path | 1 << king
                    if any(self.attacked_by(1 - us, sq, without) for sq in bits(crossed)):
                        continue
            append(Move(king, rook))
