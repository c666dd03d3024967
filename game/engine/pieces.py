"""Pieces as data: what a kind of piece is called, its letter, and how it
moves (leaps to fixed offsets, rides along whole lines). Special powers
(throws, swings, swaps...) are hooks in the game that owns the piece.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from game.engine.board import KING_STEPS, KNIGHT_LEAPS, Geometry


class Piece(NamedTuple):
    side: int  # 0 White, 1 Black: the colour, not the seat (four seats share two sides)
    kind: str  # "king", "queen", ... the art file is {white|black}_{kind}.svg

    @property
    def letter(self) -> str:
        letter = KINDS[self.kind].letter
        return letter.upper() if self.side == 0 else letter.lower()

    @staticmethod
    def from_letter(char: str, kinds: dict[str, PieceKind] | None = None) -> Piece:
        table = LETTERS if kinds is None else {k.letter: k for k in kinds.values()}
        kind = table.get(char.upper())
        if kind is None:
            raise ValueError(f"no piece has the letter {char!r}")
        return Piece(0 if char.isupper() else 1, kind.name)


@dataclass(frozen=True)
class PieceKind:
    name: str
    letter: str  # upper case; White's pieces print upper, Black's lower
    value: float  # rough material value in pawns, for bots and displays
    leaps: tuple[tuple[int, int], ...] = ()
    rides: tuple[str, ...] = ()  # line kinds: "rank", "file", "diagonal", "antidiagonal"

    def attacks(self, geo: Geometry, sq: int, occupied: int) -> int:
        """Squares this kind attacks from ``sq`` (pawns are their game's hook)."""
        bb = geo.leap_table(self.leaps)[sq] if self.leaps else 0
        for line in self.rides:
            bb |= geo.slide(line, sq, occupied)
        return bb


ROOK_LINES = ("rank", "file")
BISHOP_LINES = ("diagonal", "antidiagonal")

KINDS: dict[str, PieceKind] = {
    k.name: k
    for k in (
        PieceKind("king", "K", 0.0, leaps=KING_STEPS),
        PieceKind("queen", "Q", 9.0, rides=ROOK_LINES + BISHOP_LINES),
        PieceKind("rook", "R", 5.0, rides=ROOK_LINES),
        PieceKind("bishop", "B", 3.25, rides=BISHOP_LINES),
        PieceKind("knight", "N", 3.0, leaps=KNIGHT_LEAPS),
        PieceKind("pawn", "P", 1.0),
    )
}
LETTERS = {k.letter: k for k in KINDS.values()}


def register_kind(kind: PieceKind) -> PieceKind:
    """Add a fairy piece; a game module calls this once at import."""
    existing = KINDS.get(kind.name)
    if existing is not None and existing != kind:
        raise ValueError(f"piece kind {kind.name!r} is already defined differently")
    KINDS[kind.name] = kind
    return kind
