"""The five Tulpas: their kinds (moves as data where they have any), their
letters next to those of Maces and Horse-apults, and the order of a hand."""

from __future__ import annotations

from game.engine.board import KING_STEPS, KNIGHT_LEAPS
from game.engine.grid import LetterTable
from game.engine.pieces import BISHOP_LINES, ROOK_LINES, PieceKind, register_kind
from game.games.maces.pieces import LETTER_OF as MACES_LETTER_OF

# The Wild Ox's gore, the Archer's two-square moves and shot, the Spider's web
# and the Tulpa Mace's swing are the rules' hooks; the Archer has no data.
for _kind in (
    PieceKind("amazon", "A", 12.0, leaps=KNIGHT_LEAPS, rides=ROOK_LINES + BISHOP_LINES),
    PieceKind("wild_ox", "W", 4.0, leaps=KNIGHT_LEAPS),
    PieceKind("archer", "Y", 4.5),
    PieceKind("spider", "S", 3.0, leaps=KING_STEPS),
    PieceKind("tulpa_mace", "T", 3.5, leaps=KING_STEPS),
):
    register_kind(_kind)

TULPAS = ("amazon", "wild_ox", "archer", "spider", "tulpa_mace")  # a full hand, in order
TULPA_LETTER_OF = {
    "amazon": "A",
    "wild_ox": "W",
    "archer": "Y",
    "spider": "S",
    "tulpa_mace": "T",
}
LETTERS = LetterTable(
    {letter: kind for kind, letter in {**MACES_LETTER_OF, **TULPA_LETTER_OF}.items()}
)
