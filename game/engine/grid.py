"""A square-grid position for games whose rules are far from orthodox chess
(Maces on 10 x 10, Mulligan Stew on 6 x 7...): a mailbox of pieces on a
``Geometry``, the board part of a FEN dialect with one letter per piece
kind, and the reading methods the board view uses. The game's rules
subclass it; speed-critical orthodox chess lives in games/chess.py instead.
"""

from __future__ import annotations

from game.engine.board import Geometry, bits, board_field
from game.engine.pieces import Piece


class LetterTable:
    """One game's letters for its piece kinds: upper case White, lower Black."""

    def __init__(self, letters: dict[str, str]):
        self.kind_of = {letter.upper(): kind for letter, kind in letters.items()}
        self.letter_of = {kind: letter.upper() for letter, kind in letters.items()}
        if len(self.kind_of) != len(self.letter_of):
            raise ValueError("each kind needs its own letter")

    def piece(self, char: str) -> Piece:
        kind = self.kind_of.get(char.upper())
        if kind is None:
            raise ValueError(f"no piece has the letter {char!r}")
        return Piece(0 if char.isupper() else 1, kind)

    def char(self, piece: Piece) -> str:
        letter = self.letter_of[piece.kind]
        return letter if piece.side == 0 else letter.lower()


class GridPosition:
    """Pieces on a rectangular board. ``board[sq]`` is a Piece or None."""

    has_pieces = True  # the protocol's Board: ``pieces`` below

    def __init__(self, geometry: Geometry, letters: LetterTable):
        self.geometry = geometry
        self.letters = letters
        self.board: list[Piece | None] = [None] * geometry.size

    # -- reading ----------------------------------------------------------------
    def piece_at(self, sq: int) -> Piece | None:
        return self.board[sq]

    def pieces(self) -> dict[int, Piece]:
        return {sq: p for sq, p in enumerate(self.board) if p is not None}

    def occupied(self, seat: int | None = None) -> int:
        """Bitboard of occupied squares (of one seat if given)."""
        bb = 0
        for sq, p in enumerate(self.board):
            if p is not None and (seat is None or p.side == seat):
                bb |= 1 << sq
        return bb

    def find(self, seat: int, kind: str) -> list[int]:
        return [sq for sq, p in enumerate(self.board) if p == (seat, kind)]

    def squares(self, bb: int):
        return bits(bb)

    # -- the board field of a FEN dialect -------------------------------------------
    def board_text(self) -> str:
        """Ranks top first separated by "/", runs of empty squares as numbers."""
        geo = self.geometry
        rows = []
        for rank in range(geo.height - 1, -1, -1):
            row, empty = "", 0
            for file in range(geo.width):
                piece = self.board[rank * geo.width + file]
                if piece is None:
                    empty += 1
                    continue
                if empty:
                    row, empty = row + str(empty), 0
                row += self.letters.char(piece)
            rows.append(row + (str(empty) if empty else ""))
        return "/".join(rows)

    def set_board_text(self, text: str) -> None:
        """Read the board field; numbers may have two digits (10 x 10)."""
        geo = self.geometry
        rows = text.split("/")
        if len(rows) != geo.height:
            raise ValueError(f"the board needs {geo.height} ranks separated by /")
        board: list[Piece | None] = [None] * geo.size
        for i, row in enumerate(rows):
            rank, file, digits = geo.height - 1 - i, 0, ""
            for char in row + " ":
                if char.isdigit():
                    digits += char
                    continue
                if digits:
                    file, digits = file + int(digits), ""
                if char == " ":
                    break
                if file >= geo.width:
                    raise ValueError(f"rank {row!r} is longer than {geo.width} files")
                board[rank * geo.width + file] = self.letters.piece(char)
                file += 1
            if file != geo.width:
                raise ValueError(f"rank {row!r} does not fill {geo.width} files")
        self.board = board

    def set_diagram(self, diagram: str) -> None:
        """A text diagram, top rank first, "." for empty (tests and examples)."""
        self.set_board_text(board_field(diagram, self.geometry.width))
