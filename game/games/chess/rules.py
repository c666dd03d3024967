"""Orthodox chess and Chess960 on bitboards.

One position class serves both games: castling is stored as the set of
rooks that may still castle (as python-chess does), so Chess960 castling
needs no special case beyond where the rooks start. Chess Kit variants that
are "chess plus a twist" subclass ``ChessState`` and override small hooks.

A castling move is encoded as the king moving onto its own rook; the king
and rook then land on the usual g/f or c/d squares.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import NamedTuple

from game.engine import Event, Game, IllegalAction, Result, State
from game.engine.board import bits, geometry
from game.engine.pieces import Piece
from game.games import register

WHITE, BLACK = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
KIND_NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")
KIND_INDEX = {name: i for i, name in enumerate(KIND_NAMES)}
LETTERS = "PNBRQK"
PROMOTIONS = ("queen", "rook", "bishop", "knight")

GEO = geometry(8, 8)
W = GEO.width
BACK_RANK = (GEO.rank_masks[0], GEO.rank_masks[7])
PAWN_START = (GEO.rank_masks[1], GEO.rank_masks[6])
PAWN_ATTACKS = (GEO.leap_table(((1, 1), (-1, 1))), GEO.leap_table(((1, -1), (-1, -1))))
KNIGHT_ATT = GEO.knight
KING_ATT = GEO.king

STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Move(NamedTuple):
    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = LETTERS[KIND_INDEX[self.promotion]].lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"


def _lsb(bb: int) -> int:
    return (bb & -bb).bit_length() - 1


class ChessState(State):
    """A chess position plus what the draw rules need of its history."""

    def __init__(self, game: Game, fen: str = STANDARD_FEN, seed: int = 0):
        self.game = game
        self.rng = random.Random(seed)
        self.geometry = GEO
        self.last_move: Move | None = None
        self.start_number: int | None = None  # set for a Chess960 start
        self._stack: list[tuple] = []
        self._legal: list[Move] | None = None
        self._result: Result | None | bool = False  # False: not worked out yet
        self._set_fen(fen)
        self._keys: list[tuple] = [self._key()]

    # -- reading the board -------------------------------------------------------
    def piece_at(self, sq: int) -> Piece | None:
        bit = 1 << sq
        if self.occ[WHITE] & bit:
            seat = WHITE
        elif self.occ[BLACK] & bit:
            seat = BLACK
        else:
            return None
        for kind, bb in enumerate(self.bb):
            if bb & bit:
                return Piece(seat, KIND_NAMES[kind])
        raise AssertionError("occupancy and piece boards disagree")

    def _kind_at(self, bit: int) -> int:
        for kind, bb in enumerate(self.bb):
            if bb & bit:
                return kind
        return -1

    def pieces(self) -> dict[int, Piece]:
        return {sq: self.piece_at(sq) for sq in bits(self.occ[WHITE] | self.occ[BLACK])}

    def king_square(self, seat: int) -> int | None:
        kings = self.bb[KING] & self.occ[seat]
        return _lsb(kings) if kings else None

    def attackers(self, seat: int, sq: int, occupied: int | None = None) -> int:
        """Pieces of ``seat`` attacking ``sq`` (with ``occupied`` as blockers)."""
        occ = self.occ[WHITE] | self.occ[BLACK] if occupied is None else occupied
        bb = self.bb
        rooks_queens = bb[ROOK] | bb[QUEEN]
        bishops_queens = bb[BISHOP] | bb[QUEEN]
        found = (
            KNIGHT_ATT[sq] & bb[KNIGHT]
            | KING_ATT[sq] & bb[KING]
            | PAWN_ATTACKS[1 - seat][sq] & bb[PAWN]
        )
        if GEO.rook_attacks(sq, occ) & rooks_queens:
            found |= GEO.rook_attacks(sq, occ) & rooks_queens
        if GEO.bishop_attacks(sq, occ) & bishops_queens:
            found |= GEO.bishop_attacks(sq, occ) & bishops_queens
        return found & self.occ[seat]

    def in_check(self, seat: int | None = None) -> bool:
        seat = self.turn if seat is None else seat
        king = self.king_square(seat)
        return king is not None and bool(self.attackers(1 - seat, king))

    def check_square(self) -> int | None:
        """The square of the king in check, for the UI to highlight."""
        return self.king_square(self.turn) if self.in_check() else None

    # -- move generation -----------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        if self._legal is None:
            self._legal = self._generate()
        return self._legal

    def _generate(self) -> list[Move]:
        us, them = self.turn, 1 - self.turn
        bb = self.bb
        own, enemy = self.occ[us], self.occ[them]
        occ = own | enemy
        kings = bb[KING] & own
        if not kings:
            return []
        king = _lsb(kings)
        moves: list[Move] = []
        append = moves.append

        # King steps: the destination must be safe with the king lifted off.
        lifted = occ ^ kings
        for to in bits(KING_ATT[king] & ~own):
            if not self.attackers(them, to, lifted):
                append(Move(king, to))

        checkers = self.attackers(them, king, occ)
        if checkers & (checkers - 1):
            return moves  # double check: only the king may move
        target = ~own & GEO.all
        if checkers:
            target &= GEO.between(king, _lsb(checkers)) | checkers

        pinned, pin_lines = self._pins(king, us, occ)

        for kind in (KNIGHT, BISHOP, ROOK, QUEEN):
            for frm in bits(bb[kind] & own):
                if kind == KNIGHT:
                    dest = KNIGHT_ATT[frm]
                elif kind == BISHOP:
                    dest = GEO.bishop_attacks(frm, occ)
                elif kind == ROOK:
                    dest = GEO.rook_attacks(frm, occ)
                else:
                    dest = GEO.rook_attacks(frm, occ) | GEO.bishop_attacks(frm, occ)
                dest &= target
                if pinned >> frm & 1:
                    dest &= pin_lines[frm]
                for to in bits(dest):
                    append(Move(frm, to))

        self._pawn_moves(us, bb[PAWN] & own, enemy, occ, target, pinned, pin_lines, append)
        if self.ep is not None:
            self._en_passant(us, king, occ, append)
        if not checkers:
            self._castling(us, king, occ, append)
        return moves

    def _pins(self, king: int, us: int, occ: int) -> tuple[int, dict[int, int]]:
        bb, enemy = self.bb, self.occ[1 - us]
        snipers = (
            GEO.rook_attacks(king, 0) & (bb[ROOK] | bb[QUEEN])
            | GEO.bishop_attacks(king, 0) & (bb[BISHOP] | bb[QUEEN])
        ) & enemy
        pinned = 0
        lines: dict[int, int] = {}
        for sniper in bits(snipers):
            between = GEO.between(king, sniper) & occ
            if between and not between & (between - 1) and between & self.occ[us]:
                pinned |= between
                lines[_lsb(between)] = GEO.between(king, sniper) | 1 << sniper
        return pinned, lines

    def _pawn_moves(self, us, pawns, enemy, occ, target, pinned, pin_lines, append) -> None:
        step = W if us == WHITE else -W
        last_rank = BACK_RANK[1 - us]
        empty = ~occ & GEO.all
        for frm in bits(pawns):
            dests = PAWN_ATTACKS[us][frm] & enemy
            one = frm + step
            if empty >> one & 1:
                dests |= 1 << one
                two = one + step
                if PAWN_START[us] >> frm & 1 and empty >> two & 1:
                    dests |= 1 << two
            dests &= target
            if pinned >> frm & 1:
                dests &= pin_lines[frm]
            for to in bits(dests):
                if last_rank >> to & 1:
                    for kind in PROMOTIONS:
                        append(Move(frm, to, kind))
                else:
                    append(Move(frm, to))

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
            if GEO.rook_attacks(king, after) & (bb[ROOK] | bb[QUEEN]) & them:
                continue
            if GEO.bishop_attacks(king, after) & (bb[BISHOP] | bb[QUEEN]) & them:
                continue
            if KNIGHT_ATT[king] & bb[KNIGHT] & them or PAWN_ATTACKS[us][king] & bb[PAWN] & them:
                continue
            append(Move(frm, ep))

    def _castling(self, us: int, king: int, occ: int, append) -> None:
        back = BACK_RANK[us]
        if not (1 << king) & back:
            return
        for rook in bits(self.castling & back & self.bb[ROOK] & self.occ[us]):
            king_to, rook_to = self._castle_squares(us, king, rook)
            king_path = GEO.between(king, king_to) | 1 << king_to
            rook_path = GEO.between(rook, rook_to) | 1 << rook_to
            movers = 1 << king | 1 << rook
            if (king_path | rook_path) & occ & ~movers:
                continue
            without = occ & ~movers
            if any(self.attackers(1 - us, sq, without) for sq in bits(king_path | 1 << king)):
                continue
            append(Move(king, rook))

    @staticmethod
    def _castle_squares(us: int, king: int, rook: int) -> tuple[int, int]:
        base = 0 if us == WHITE else 7 * W
        if rook > king:
            return base + 6, base + 5
        return base + 2, base + 3

    def landing_square(self, move: Move) -> int:
        """Where the moving piece ends: the king's square after castling."""
        if self._is_castle(move):
            return self._castle_squares(self.turn, move.frm, move.to)[0]
        return move.to

    def _is_castle(self, move: Move) -> bool:
        own = self.occ[self.turn]
        return bool(self.bb[KING] & own & 1 << move.frm and own & 1 << move.to)

    # -- making moves -----------------------------------------------------------------
    def _snapshot(self) -> tuple:
        return (
            list(self.bb),
            list(self.occ),
            self.turn,
            self.castling,
            self.ep,
            self.halfmove,
            self.fullmove,
        )

    def push(self, move: Move) -> None:
        """Make a legal move with no bookkeeping beyond an undo record."""
        self._stack.append(self._snapshot())
        us, them = self.turn, 1 - self.turn
        bb, occ = self.bb, self.occ
        frm_bit, to_bit = 1 << move.frm, 1 << move.to
        kind = self._kind_at(frm_bit)
        self.halfmove += 1
        ep, self.ep = self.ep, None

        if kind == KING and occ[us] & to_bit:  # castling: king onto own rook
            king_to, rook_to = self._castle_squares(us, move.frm, move.to)
            # Clear both, then set: the king or rook may end where it began.
            bb[KING] = bb[KING] & ~frm_bit | 1 << king_to
            bb[ROOK] = bb[ROOK] & ~to_bit | 1 << rook_to
            occ[us] ^= frm_bit | to_bit
            occ[us] |= 1 << king_to | 1 << rook_to
            self.castling &= ~BACK_RANK[us]
        else:
            if occ[them] & to_bit:
                bb[self._kind_at(to_bit)] ^= to_bit
                occ[them] ^= to_bit
                self.halfmove = 0
            elif kind == PAWN and move.to == ep:
                captured = 1 << (move.to - W if us == WHITE else move.to + W)
                bb[PAWN] ^= captured
                occ[them] ^= captured
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
        if us == BLACK:
            self.fullmove += 1
        self.turn = them
        self._legal = None
        self._result = False

    def pop(self) -> None:
        bb, occ, self.turn, self.castling, self.ep, self.halfmove, self.fullmove = self._stack.pop()
        self.bb, self.occ = bb, occ
        self._legal = None
        self._result = False

    def perft(self, depth: int) -> int:
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total

    # -- the protocol ---------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over() else (self.turn,)

    def legal_actions(self, seat: int) -> list[Move]:
        if seat != self.turn or self.is_over():
            return []
        return list(self.legal_moves())

    def apply(self, actions) -> list[Event]:
        if len(actions) != 1 or self.turn not in actions:
            raise IllegalAction(f"it is {self.game.seats[self.turn]}'s move")
        move = actions[self.turn]
        if self.is_over() or move not in self.legal_moves():
            raise IllegalAction(f"{move} is not a legal move here")
        events = self._events_for(move)
        self.push(move)
        self._stack.clear()  # protocol moves are not popped; keep copies cheap
        self.last_move = move
        self._keys.append(self._key())
        if self.halfmove == 0:
            self._keys = self._keys[-1:]
        if self.in_check():
            events.append(Event("check", self.turn, {"square": self.king_square(self.turn)}))
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))
        return events

    def _events_for(self, move: Move) -> list[Event]:
        us = self.turn
        piece = self.piece_at(move.frm)
        if self._is_castle(move):
            king_to, rook_to = self._castle_squares(us, move.frm, move.to)
            return [
                Event(
                    "castle",
                    us,
                    {
                        "king_from": move.frm,
                        "king_to": king_to,
                        "rook_from": move.to,
                        "rook_to": rook_to,
                    },
                ),
                Event("move", us, {"piece": piece, "frm": move.frm, "to": king_to}),
                Event("move", us, {"piece": Piece(us, "rook"), "frm": move.to, "to": rook_to}),
            ]
        events = [Event("move", us, {"piece": piece, "frm": move.frm, "to": move.to})]
        victim = self.piece_at(move.to)
        if victim is not None:
            events.insert(0, Event("capture", us, {"square": move.to, "piece": victim}))
        elif piece.kind == "pawn" and move.to == self.ep:
            square = move.to - W if us == WHITE else move.to + W
            events.insert(
                0,
                Event("capture", us, {"square": square, "piece": self.piece_at(square)}),
            )
            events.append(Event("en_passant", us, {"square": square}))
        if move.promotion:
            events.append(
                Event("promote", us, {"square": move.to, "piece": Piece(us, move.promotion)})
            )
        return events

    def rules_result(self) -> Result | None:
        if self._result is False:
            self._result = self._compute_result()
        return self._result  # type: ignore[return-value]

    def _compute_result(self) -> Result | None:
        game = self.game
        if not self.legal_moves():
            if self.in_check():
                winner = 1 - self.turn
                return Result.win(game, winner, f"Checkmate: {game.sides[winner]} wins")
            return Result.draw(game, "Stalemate: a draw")
        if self.insufficient_material():
            return Result.draw(game, "Neither side can mate: a draw")
        if self.halfmove >= 100:
            return Result.draw(game, "Fifty moves without a capture or pawn move: a draw")
        if Counter(self._keys)[self._keys[-1]] >= 3:
            return Result.draw(game, "The same position three times: a draw")
        return None

    def insufficient_material(self) -> bool:
        bb = self.bb
        if bb[PAWN] | bb[ROOK] | bb[QUEEN]:
            return False
        minors = bb[KNIGHT] | bb[BISHOP]
        if not minors & (minors - 1):
            return True  # king against king, or with one minor piece
        if bb[KNIGHT]:
            return False
        light = GEO.light
        return not bb[BISHOP] & light or not bb[BISHOP] & ~light  # bishops on one colour

    def headline(self) -> str:
        number = self.start_number
        return "" if number is None else f"No. {number}"

    def prompt(self, seat: int) -> str:
        name = self.game.seats[seat]
        return f"{name} to move, in check" if self.in_check() else f"{name} to move"

    # -- keys and copies ----------------------------------------------------------------
    def _key(self) -> tuple:
        ep = self.ep if self.ep is not None and self._ep_capturable() else None
        return (*self.bb, *self.occ, self.turn, self.castling, ep)

    def _ep_capturable(self) -> bool:
        return any(self.bb[PAWN] & 1 << m.frm and m.to == self.ep for m in self.legal_moves())

    def copy(self) -> ChessState:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)
        other.rng = self.copy_rng()
        other.bb = list(self.bb)
        other.occ = list(self.occ)
        other._stack = []
        other._keys = list(self._keys)
        other._legal = list(self._legal) if self._legal is not None else None
        return other

    # -- FEN --------------------------------------------------------------------------
    def _set_fen(self, fen: str) -> None:
        parts = fen.split()
        if len(parts) == 4:
            parts += ["0", "1"]
        if len(parts) != 6:
            raise ValueError("a FEN has six fields: board, side, castling, en passant, clocks")
        board, side, castle, ep, half, full = parts
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
        for seat in (WHITE, BLACK):
            if bin(self.bb[KING] & self.occ[seat]).count("1") != 1:
                raise ValueError("each side needs exactly one king")
        if side not in ("w", "b"):
            raise ValueError("the side to move is w or b")
        self.turn = WHITE if side == "w" else BLACK
        self.castling = self._parse_castling(castle)
        self.ep = None if ep == "-" else GEO.square(ep)
        try:
            self.halfmove, self.fullmove = int(half), int(full)
        except ValueError:
            raise ValueError("the FEN move counters must be numbers") from None

    def _parse_castling(self, field: str) -> int:
        if field == "-":
            return 0
        rights = 0
        for char in field:
            seat = WHITE if char.isupper() else BLACK
            back = BACK_RANK[seat]
            rooks = self.bb[ROOK] & self.occ[seat] & back
            king = self.king_square(seat)
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
                sq = (0 if seat == WHITE else 7 * W) + ord(upper) - ord("A")
                pick = sq if rooks >> sq & 1 else None
            else:
                raise ValueError(f"bad castling field {field!r}")
            if pick is None:
                raise ValueError(f"castling right {char!r} has no rook to castle with")
            rights |= 1 << pick
        return rights

    def to_text(self) -> str:
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                piece = self.piece_at(rank * W + file)
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += (
                    LETTERS[KIND_INDEX[piece.kind]]
                    if piece.seat == WHITE
                    else (LETTERS[KIND_INDEX[piece.kind]].lower())
                )
            rows.append(row + (str(empty) if empty else ""))
        ep = GEO.name(self.ep) if self.ep is not None and self._ep_capturable() else "-"
        side = "w" if self.turn == WHITE else "b"
        return (
            f"{'/'.join(rows)} {side} {self._castling_text()} {ep} {self.halfmove} {self.fullmove}"
        )

    def _castling_text(self) -> str:
        """X-FEN: K/Q for the outermost rook on a side, the file letter otherwise."""
        out = []
        for seat in (WHITE, BLACK):
            king = self.king_square(seat)
            back = BACK_RANK[seat]
            rooks = self.bb[ROOK] & self.occ[seat] & back
            mine = sorted(bits(self.castling & back), reverse=True)
            for sq in mine:
                side_rooks = [r for r in bits(rooks) if (r > king) == (sq > king)]
                outer = max(side_rooks) if sq > king else min(side_rooks)
                letter = ("K" if sq > king else "Q") if sq == outer else "ABCDEFGH"[sq % W]
                out.append(letter if seat == WHITE else letter.lower())
        return "".join(out) or "-"

    # -- notation -------------------------------------------------------------------------
    def notation(self, move: Move) -> str:
        """Standard algebraic notation; call before the move is made."""
        if self._is_castle(move):
            san = "O-O" if move.to > move.frm else "O-O-O"
        else:
            kind = self._kind_at(1 << move.frm)
            capture = bool(self.occ[1 - self.turn] & 1 << move.to) or (
                kind == PAWN and move.to == self.ep
            )
            to = GEO.name(move.to)
            if kind == PAWN:
                san = (GEO.name(move.frm)[0] + "x" if capture else "") + to
                if move.promotion:
                    san += "=" + LETTERS[KIND_INDEX[move.promotion]]
            else:
                san = (
                    LETTERS[kind] + self._disambiguation(move, kind) + ("x" if capture else "") + to
                )
        self.push(move)
        if self.in_check():
            san += "#" if not self.legal_moves() else "+"
        self.pop()
        return san

    def _disambiguation(self, move: Move, kind: int) -> str:
        rivals = [
            m.frm
            for m in self.legal_moves()
            if m.to == move.to
            and m.frm != move.frm
            and self._kind_at(1 << m.frm) == kind
            and not self._is_castle(m)
        ]
        if not rivals:
            return ""
        name = GEO.name(move.frm)
        if all(GEO.file_of(r) != GEO.file_of(move.frm) for r in rivals):
            return name[0]
        if all(GEO.rank_of(r) != GEO.rank_of(move.frm) for r in rivals):
            return name[1:]
        return name

    def parse_action(self, text: str, seat: int | None = None) -> Move:
        """A legal move from SAN ("Nf3", "exd5", "O-O", "e8=Q") or UCI ("g1f3")."""
        clean = text.strip().rstrip("+#!?").replace("0", "O")
        moves = self.legal_moves() if seat in (None, self.turn) else []
        for move in moves:
            if self.notation(move).rstrip("+#") == clean:
                return move
        lowered = text.strip().lower()
        for move in moves:
            if str(move) == lowered:
                return move
            # Standard-chess UCI writes castling as the king's two-square step.
            if self._is_castle(move) and (
                f"{GEO.name(move.frm)}{GEO.name(self.landing_square(move))}" == lowered
            ):
                return move
        raise IllegalAction(f"{text!r} is not a legal move here")


@register
class ChessGame(Game):
    id = "chess"
    title = "Chess"
    blurb = "The orthodox game, by the FIDE Laws."

    def new(self, options=None, seed: int = 0) -> ChessState:
        self.normalize_options(options)
        return ChessState(self, STANDARD_FEN, seed)

    def from_text(self, text: str) -> ChessState:
        return ChessState(self, text)
