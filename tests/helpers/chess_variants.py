"""Small chess variants built on the chess core's hooks, for tests only: each
is what a new "chess with a twist" game costs. Three are python-chess
variants, so python-chess is their oracle; three try the hooks that the Chess
Kit games will need (seats apart from sides, a move filter, extras that
travel with a piece, a turn of two moves).

``install(monkeypatch)`` registers them for one test.
"""

from __future__ import annotations

from typing import Any

from game.engine import Game, Result
from game.engine.chess import (
    BLACK,
    GEO,
    STANDARD_FEN,
    WHITE,
    ChessState,
    Move,
    extras_text,
    read_extras,
)
from game.engine.chess.tables import BISHOP, PAWN, PAWN_ATTACKS


class VariantGame(Game):
    """A game whose state class is ``state``, started from ``start``."""

    state: type[ChessState]
    start = STANDARD_FEN

    def new(self, options=None, seed: int = 0) -> ChessState:
        self.normalize_options(options)
        return self.state(self, self.start, seed)

    def read_text(self, text: str) -> ChessState:
        return self.state(self, text)


# -- King of the Hill: a new way to end (python-chess KingOfTheHillBoard) ----------------
HILL = {GEO.square(name) for name in ("d4", "e4", "d5", "e5")}


class KingOfTheHill(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_ends = False

    def variant_result(self) -> Result | None:
        for side in (WHITE, BLACK):
            if self.king_square(side) in HILL:
                return Result.win(self.game, side, f"{self.game.sides[side]} is king of the hill")
        return None


class KingOfTheHillGame(VariantGame):
    id, title, state = "test_hill", "King of the Hill (test)", KingOfTheHill


# -- Three-check: a field of its own and a count after each move (ThreeCheckBoard) -----
class ThreeCheck(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    plain_turns = False
    orthodox_ends = False
    FIELDS = ChessState.FIELDS | {"checks_left": list}
    extra_field_names = ("checks left",)

    def after_move(self, move, events) -> None:
        if self.king_attacked(1 - self.turn):
            self.checks_left[self.turn] -= 1

    def variant_result(self) -> Result | None:
        for side in (WHITE, BLACK):
            if self.checks_left[side] <= 0:
                return Result.win(self.game, side, f"{self.game.sides[side]} gave three checks")
        return None

    def extra_fields(self) -> list[str]:
        return ["{}+{}".format(*self.checks_left)]

    def read_extra_fields(self, fields: list[str]) -> None:
        white, _, black = fields[0].partition("+")
        self.checks_left = [int(white), int(black)]

    def extra_key(self) -> tuple:
        return tuple(self.checks_left)


class ThreeCheckGame(VariantGame):
    id, title, state = "test_three_check", "Three-check (test)", ThreeCheck
    start = STANDARD_FEN + " 3+3"


# -- Antichess: no royal king, compulsory captures, win by losing everything -----------
class Antichess(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    orthodox_ends = False
    legality = "none"
    castles = False
    promotions = ("queen", "rook", "bishop", "knight", "king")

    def check_kings(self) -> None:
        pass  # kings are ordinary pieces here: any number of them, or none

    def pseudo_legal_moves(self):
        moves = super().pseudo_legal_moves()
        enemy = self.occ[1 - self.turn]
        captures = [
            m
            for m in moves
            if enemy >> m.to & 1 or (m.to == self.ep and self.bb[PAWN] >> m.frm & 1)
        ]
        return captures or moves

    def variant_result(self) -> Result | None:
        if not self.occ[self.turn] or not self.legal_moves():
            side = self.game.sides[self.turn]
            return Result.win(self.game, self.turn, f"{side} has nothing left to move")
        if self._bishops_apart():
            return Result.draw(self.game, "Bishops on different colours can never meet")
        return None

    def _bishops_apart(self) -> bool:
        bishops = self.bb[BISHOP]
        if (self.occ[WHITE] | self.occ[BLACK]) != bishops:
            return False
        white, black = bishops & self.occ[WHITE], bishops & self.occ[BLACK]
        light = GEO.light
        return not (white & light and black & light) and not (white & ~light and black & ~light)


class AntichessGame(VariantGame):
    id, title, state = "test_antichess", "Antichess (test)", Antichess
    start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"


# -- Four seats, two sides, two teams; a seat moves only on its half -------------------
class HalfBoard(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    plain_turns = False
    orthodox_ends = False
    FIELDS = ChessState.FIELDS | {"seat": None}
    extra_field_names = ("seat to act",)

    def seat_to_act(self) -> int:
        return self.seat

    def next_turn(self) -> None:
        super().next_turn()
        self.seat = (self.seat + 1) % 4

    def allows(self, move) -> bool:
        files = range(4, 8) if self.seat < 2 else range(4)  # king side first
        return GEO.file_of(move.frm) in files or GEO.file_of(move.to) in files

    def extra_fields(self) -> list[str]:
        return [str(self.seat)]

    def read_extra_fields(self, fields: list[str]) -> None:
        self.seat = int(fields[0])

    def extra_key(self) -> tuple:
        return (self.seat,)


class HalfBoardGame(VariantGame):
    id, title, state = "test_half_board", "Half-board chess (test)", HalfBoard
    seats = ("White king side", "Black king side", "White queen side", "Black queen side")
    seat_sides = (0, 1, 0, 1)
    teams = ((0, 2), (1, 3))
    start = STANDARD_FEN + " 0"


# -- Tar: a marker under a piece travels with it; a tarred piece moves as a pawn --------
class Tar(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    plain_turns = False
    extra_field_names = ("tar",)

    def piece_moves(self, sq: int):
        if sq not in self.extras:
            return super().piece_moves(sq)
        # No double step, and it stays what it is on the last rank.
        steps = {(m.frm, m.to) for m in self.moves_as(PAWN, sq) if abs(m.to - m.frm) != 16}
        return [Move(frm, to) for frm, to in sorted(steps)]

    def is_attacked(self, sq: int, by: int) -> bool:
        # As orthodox chess, but a tarred piece attacks as a pawn does (the
        # core's attacked_by_moves would say the same, more slowly).
        tarred = sum(1 << t for t in self.extras)
        if self.attackers(by, sq) & ~tarred:
            return True
        return bool(PAWN_ATTACKS[1 - by][sq] & tarred & self.occ[by])

    def merge_extras(self, mover: Any, captured: Any) -> Any:
        return captured  # taking a tarred piece gets you tarred

    def extra_fields(self) -> list[str]:
        return [extras_text(self.extras)]

    def read_extra_fields(self, fields: list[str]) -> None:
        self.extras = read_extras(fields[0], int)


class TarGame(VariantGame):
    id, title, state = "test_tar", "Tar chess (test)", Tar
    start = STANDARD_FEN + " b1=1,a1=1"


# -- Marseillais: two moves a turn (White's first turn has one); check ends a turn ------
class Marseillais(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    plain_turns = False
    FIELDS = ChessState.FIELDS | {"moves_left": None}
    extra_field_names = ("moves left",)

    def after_move(self, move, events) -> None:
        self.moves_left -= 1

    def turn_open(self) -> bool:
        return self.moves_left > 0 and not self.king_attacked(1 - self.turn)

    def next_turn(self) -> None:
        super().next_turn()
        self.moves_left = 2

    def extra_fields(self) -> list[str]:
        return [str(self.moves_left)]

    def read_extra_fields(self, fields: list[str]) -> None:
        self.moves_left = int(fields[0])


class MarseillaisGame(VariantGame):
    id, title, state = "test_marseillais", "Marseillais (test)", Marseillais
    start = STANDARD_FEN + " 1"


VARIANTS = (
    KingOfTheHillGame,
    ThreeCheckGame,
    AntichessGame,
    HalfBoardGame,
    TarGame,
    MarseillaisGame,
)


def install(monkeypatch: Any) -> dict[str, Game]:
    """Register the test variants for the current test only."""
    from game import games

    out = {}
    for cls in VARIANTS:
        out[cls.id] = cls()
        monkeypatch.setitem(games.REGISTRY, cls.id, out[cls.id])
    return out
