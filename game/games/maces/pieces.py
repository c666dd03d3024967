"""The board and the pieces of Maces and Horse-apults: the 10 x 10 geometry,
the two fairy kinds (their moves as data), the letters of the position
text, the start position and the pawn's directions."""

from __future__ import annotations

from game.engine.board import KING_STEPS, geometry
from game.engine.grid import LetterTable
from game.engine.pieces import PieceKind, register_kind

WHITE, BLACK = 0, 1
GEO = geometry(10, 10)
W = GEO.width

# A Mace steps like a king but onto empty squares only (the rules' hook);
# a Horse-apult steps and captures like a king, and throws (also a hook).
register_kind(PieceKind("mace", "M", 3.5, leaps=KING_STEPS))
register_kind(PieceKind("horse_apult", "H", 4.0, leaps=KING_STEPS))

LETTER_OF = {
    "king": "K",
    "queen": "Q",
    "rook": "R",
    "bishop": "B",
    "knight": "N",
    "pawn": "P",
    "mace": "M",
    "horse_apult": "H",
}
LETTERS = LetterTable({letter: kind for kind, letter in LETTER_OF.items()})
PROMOTIONS = ("queen", "rook", "bishop", "knight", "mace", "horse_apult")

START_BOARD = "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M"


def forward(seat: int) -> int:
    """The square offset of one step forward for ``seat``'s pawns."""
    return W if seat == WHITE else -W


def relative_rank(seat: int, sq: int) -> int:
    """0 for the seat's own first rank, 9 for its last."""
    rank = sq // W
    return rank if seat == WHITE else GEO.height - 1 - rank
