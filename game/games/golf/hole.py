"""The board of a Chess Golf hole, shared by the rules and the solver.

A board is a tuple of ten bitboards (Python ints, bit ``sq`` for square
``sq``, a1 = 0), one per piece code: ``code = side * 5 + kind`` with the kinds
in ``KINDS`` order (knight, bishop, rook, queen, king), so White's codes are
0-4 and Black's 5-9. Pieces of one code are interchangeable, which is all the
solver needs and makes its states small.

A piece moves only with the moves it *borrows* from the pieces of its own
colour on the eight squares around it (sliding moves are stopped by any
piece, and a move never lands on an occupied square except to make an allowed
capture). When no two pieces of a colour stand next to each other, every piece
of that colour may step one square like a king instead.

``Goal`` says which captures a hole allows: the chosen cards (codes, two or
three of them); in a three-card hole, once the first capture is made, the
capturing piece (where it stands now) and the code it still has to take.

Never imports pygame.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import NamedTuple

from game.engine.board import bits, parse_diagram
from game.engine.chess.tables import GEO, KING_ATT, KNIGHT_ATT

KINDS = ("knight", "bishop", "rook", "queen", "king")
LETTERS = "NBRQK"
KNIGHT, BISHOP, ROOK, QUEEN, KING = range(5)
WHITE, BLACK = 0, 1
SIDE_NAMES = ("White", "Black")
#: Appendix A: empty squares left before each kind when the deck lays out the board.
GAPS = (1, 2, 3, 5, 6)
#: One side's pieces: two knights, two bishops, two rooks, a queen and a king.
COUNTS = (2, 2, 2, 1, 1)
#: The 16 piece codes of a full set, White first.
FULL_SET = tuple(
    side * 5 + k for side in (WHITE, BLACK) for k in range(5) for _ in range(COUNTS[k])
)

ALL = (1 << 64) - 1
NOT_A = ALL ^ GEO.file_masks[0]
NOT_H = ALL ^ GEO.file_masks[7]
ROOK_ATTACKS = GEO.rook_attacks
BISHOP_ATTACKS = GEO.bishop_attacks

Board = tuple[int, ...]  # ten bitboards by code


def side_of(code: int) -> int:
    return code // 5


def kind_of(code: int) -> int:
    return code % 5


def letter(code: int) -> str:
    ch = LETTERS[code % 5]
    return ch if code < 5 else ch.lower()


def code_of_letter(ch: str) -> int:
    """The code of a piece letter (``KQRBN`` White, ``kqrbn`` Black)."""
    if len(ch) != 1 or ch.upper() not in LETTERS:
        raise ValueError(f"{ch!r} is not a piece letter (KQRBN for White, kqrbn for Black)")
    return LETTERS.index(ch.upper()) + (0 if ch.isupper() else 5)


def piece_name(code: int) -> str:
    return f"{SIDE_NAMES[code // 5].lower()} {KINDS[code % 5]}"


def neighbours_of(bb: int) -> int:
    """The squares next to some square of ``bb`` (not ``bb`` itself unless
    one of its squares is next to another)."""
    east = (bb << 1) & NOT_A
    west = (bb >> 1) & NOT_H
    row = bb | east | west
    return (east | west | (row << 8) | (row >> 8)) & ALL


def occupancy(board: Board) -> int:
    occ = 0
    for bb in board:
        occ |= bb
    return occ


def side_occupancy(board: Board, side: int) -> int:
    base = side * 5
    return board[base] | board[base + 1] | board[base + 2] | board[base + 3] | board[base + 4]


def has_pair(board: Board, side: int) -> bool:
    """Do two pieces of ``side`` stand next to each other anywhere?"""
    own = side_occupancy(board, side)
    return bool(own & neighbours_of(own))


def code_at(board: Board, sq: int) -> int | None:
    bit = 1 << sq
    for code, bb in enumerate(board):
        if bb & bit:
            return code
    return None


def pieces(board: Board) -> Iterator[tuple[int, int]]:
    """(square, code) of every piece, squares in order."""
    found = [(sq, code) for code, bb in enumerate(board) for sq in bits(bb)]
    yield from sorted(found)


def borrowed(board: Board, sq: int) -> dict[int, tuple[int, ...]]:
    """The kinds the piece on ``sq`` may move like, each with the squares of
    the neighbours it borrows it from; the king's step of a colour without
    pairs is ``{KING: ()}`` (borrowed from nobody)."""
    code = code_at(board, sq)
    if code is None:
        return {}
    side = code // 5
    if not has_pair(board, side):
        return {KING: ()}
    ring = KING_ATT[sq]
    out: dict[int, tuple[int, ...]] = {}
    for k in range(5):
        lenders = board[side * 5 + k] & ring
        if lenders:
            out[k] = tuple(bits(lenders))
    return out


def reach(kind: int, sq: int, occ: int) -> int:
    """Squares a piece on ``sq`` moving like ``kind`` attacks (sliders stop
    at the first piece, which they attack)."""
    if kind == KNIGHT:
        return KNIGHT_ATT[sq]
    if kind == KING:
        return KING_ATT[sq]
    if kind == BISHOP:
        return BISHOP_ATTACKS(sq, occ)
    if kind == ROOK:
        return ROOK_ATTACKS(sq, occ)
    return ROOK_ATTACKS(sq, occ) | BISHOP_ATTACKS(sq, occ)


def targets(board: Board, sq: int, occ: int | None = None) -> int:
    """Every square the piece on ``sq`` attacks with its borrowed moves."""
    if occ is None:
        occ = occupancy(board)
    out = 0
    for kind in borrowed(board, sq):
        out |= reach(kind, sq, occ)
    return out


# -- the goal of a hole ---------------------------------------------------------------------
class Goal(NamedTuple):
    """Which captures are allowed. ``cards``: the chosen codes (two or three,
    sorted). ``capturer``: in a three-card hole after the first capture, the
    square of the piece that made it (it must make the second one), and
    ``need`` the code it still has to take; None and -1 before."""

    cards: tuple[int, ...]
    capturer: int | None = None
    need: int = -1

    @classmethod
    def of(cls, cards: Iterable[int]) -> Goal:
        cards = tuple(sorted(cards))
        if len(cards) not in (2, 3):
            raise ValueError(f"a hole has two or three chosen cards, not {len(cards)}")
        return cls(cards)

    def allows(self, mover: int, target: int, frm: int) -> bool:
        """May ``mover`` (a code) standing on ``frm`` capture ``target``?"""
        if self.capturer is not None:
            return frm == self.capturer and target == self.need
        cards = list(self.cards)
        if mover not in cards:
            return False
        cards.remove(mover)
        return target in cards

    def after(self, mover: int, target: int, to: int) -> Goal | None:
        """The goal after an allowed capture; None when the hole is done."""
        if len(self.cards) == 2 or self.capturer is not None:
            return None
        rest = list(self.cards)
        rest.remove(mover)
        rest.remove(target)
        return self._replace(capturer=to, need=rest[0])

    def capturers(self) -> tuple[int, ...]:
        """Codes that may capture now."""
        return tuple(sorted(set(self.cards))) if self.capturer is None else ()

    def text(self) -> str:
        return "".join(letter(c) for c in self.cards)


class Move(NamedTuple):
    frm: int
    to: int

    def __str__(self) -> str:
        return GEO.name(self.frm) + GEO.name(self.to)


def legal_moves(board: Board, goal: Goal) -> list[Move]:
    """Every move of every piece, both colours, in square order."""
    occ = occupancy(board)
    out: list[Move] = []
    for sq, code in pieces(board):
        hits = targets(board, sq, occ)
        for to in bits(hits & ~occ):
            out.append(Move(sq, to))
        for to in bits(hits & occ):
            if goal.allows(code, code_at(board, to), sq):
                out.append(Move(sq, to))
    out.sort()
    return out


def play(board: Board, goal: Goal, move: Move) -> tuple[Board, Goal | None, int | None]:
    """The board after ``move`` (assumed legal), the goal after it (None: the
    hole is done) and the code captured (None for a quiet move)."""
    code = code_at(board, move.frm)
    target = code_at(board, move.to)
    new = list(board)
    if target is not None:
        new[target] ^= 1 << move.to
        new[code] ^= (1 << move.frm) | (1 << move.to)
        return tuple(new), goal.after(code, target, move.to), target
    new[code] ^= (1 << move.frm) | (1 << move.to)
    if goal.capturer == move.frm:  # the capturer moves on: the goal follows it
        goal = goal._replace(capturer=move.to)
    return tuple(new), goal, None


# -- laying out and writing boards ---------------------------------------------------------
def layout(order: Sequence[int]) -> Board:
    """The board the cards ``order`` (codes, first drawn first) lay out: each
    piece after its gap of empty squares, a1 to h1, then a2 to h2 and up."""
    board = [0] * 10
    sq = -1
    for code in order:
        sq += GAPS[code % 5] + 1
        if sq > 63:
            raise ValueError("the pieces do not fit on the board")
        board[code] |= 1 << sq
    return tuple(board)


def place(board: Board, code: int, sq: int) -> Board:
    new = list(board)
    new[code] |= 1 << sq
    return tuple(new)


def diagram(board: Board) -> str:
    """The board as 8 lines, rank 8 first, squares separated by spaces."""
    rows = []
    for r in range(7, -1, -1):
        row = []
        for f in range(8):
            code = code_at(board, r * 8 + f)
            row.append("." if code is None else letter(code))
        rows.append(" ".join(row))
    return "\n".join(rows)


#: The rule text's worked example (its picture was lost; this is the book's
#: source), rank 8 first; its chosen cards are the white king and a black
#: bishop ("chosen: Kb"). The tests and scripts/bench_golf.py use it.
WORKED_EXAMPLE = """
. . B . . . R .
. . . . . k . .
. r . n . N . .
. r . . b . . .
R . . . . . q .
. B . n . N . .
b . . . . . . K
. . . . . Q . .
"""


def from_diagram(text: str) -> Board:
    """A board from 8 lines of 8 squares (rank 8 first): ``.`` empty,
    ``KQRBN`` White, ``kqrbn`` Black. ValueError with a clear message."""
    rows = parse_diagram(text)
    if len(rows) != 8:
        raise ValueError(f"a board has 8 ranks, not {len(rows)}")
    board = [0] * 10
    for i, cells in enumerate(rows):
        if len(cells) != 8:
            raise ValueError(f"rank {8 - i} has {len(cells)} squares, not 8")
        for f, cell in enumerate(cells):
            if cell in ".-":
                continue
            try:
                code = code_of_letter(cell)
            except ValueError:
                raise ValueError(
                    f"{cell!r} on {GEO.name((7 - i) * 8 + f)} is not a piece "
                    "(KQRBN White, kqrbn Black, . empty)"
                ) from None
            board[code] |= 1 << ((7 - i) * 8 + f)
    return tuple(board)


def fen_board(board: Board) -> str:
    """The board field of a FEN (rank 8 first, runs of empty squares as digits)."""
    out = []
    for line in diagram(board).splitlines():
        row, empty = "", 0
        for cell in line.split():
            if cell == ".":
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += cell
        out.append(row + (str(empty) if empty else ""))
    return "/".join(out)


def from_fen_board(text: str) -> Board:
    rows = text.split("/")
    if len(rows) != 8:
        raise ValueError(f"a board has 8 ranks, not {len(rows)}: {text!r}")
    lines = []
    for row in rows:
        cells = []
        for ch in row:
            cells.extend(["."] * int(ch) if ch.isdigit() else [ch])
        lines.append(" ".join(cells))
    return from_diagram("\n".join(lines))
