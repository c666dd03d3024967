"""Constants of the 8 x 8 chess core: piece kinds, letters, the move type
and precomputed attack tables (bitboards on Python ints, bit ``sq`` for
square ``sq``; a1 = 0, h8 = 63). Every Chess Kit game is played on this
board, so the tables are module constants: the hot loops read them as
globals, the fastest lookup Python has."""

from __future__ import annotations

from typing import NamedTuple

from game.engine.board import geometry

WHITE, BLACK = 0, 1
PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(6)
KIND_NAMES = ("pawn", "knight", "bishop", "rook", "queen", "king")
KIND_INDEX = {name: i for i, name in enumerate(KIND_NAMES)}
LETTERS = "PNBRQK"

GEO = geometry(8, 8)
W = GEO.width
ALL = GEO.all
BACK_RANK = (GEO.rank_masks[0], GEO.rank_masks[7])
PAWN_START = (GEO.rank_masks[1], GEO.rank_masks[6])
# Squares a pawn of each side attacks from each square.
PAWN_ATTACKS = (GEO.leap_table(((1, 1), (-1, 1))), GEO.leap_table(((1, -1), (-1, -1))))
KNIGHT_ATT = GEO.knight
KING_ATT = GEO.king

_RANK, _FILE, _DIAGONAL, _ANTIDIAGONAL = (
    GEO.lines[kind] for kind in ("rank", "file", "diagonal", "antidiagonal")
)


def rook_attacks(sq: int, occupied: int) -> int:
    """``GEO.rook_attacks`` with the tables at hand (the hottest call there is)."""
    r_inner, r_att = _RANK[sq]
    f_inner, f_att = _FILE[sq]
    return r_att[occupied & r_inner] | f_att[occupied & f_inner]


def bishop_attacks(sq: int, occupied: int) -> int:
    d_inner, d_att = _DIAGONAL[sq]
    a_inner, a_att = _ANTIDIAGONAL[sq]
    return d_att[occupied & d_inner] | a_att[occupied & a_inner]


STANDARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


class Move(NamedTuple):
    """A move from ``frm`` to ``to``; ``promotion`` is the kind a pawn
    becomes. Castling is written king-onto-own-rook (Chess960 style)."""

    frm: int
    to: int
    promotion: str | None = None

    def __str__(self) -> str:
        promo = LETTERS[KIND_INDEX[self.promotion]].lower() if self.promotion else ""
        return f"{GEO.name(self.frm)}{GEO.name(self.to)}{promo}"


def lsb(bb: int) -> int:
    """The lowest square of a non-empty bitboard."""
    return (bb & -bb).bit_length() - 1


def castle_squares(side: int, king: int, rook: int) -> tuple[int, int]:
    """Where king and rook land: g/f with a rook beyond the king, c/d otherwise."""
    base = 0 if side == WHITE else 7 * W
    if rook > king:
        return base + 6, base + 5
    return base + 2, base + 3
