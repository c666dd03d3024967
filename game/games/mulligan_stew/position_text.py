"""The position text of Mulligan Stew Chess, a FEN dialect of eight fields
(rules/mulligan_stew.md, "The position text")::

    rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1
    board  side part hands pools passes clock turn

The part field is ``l``, or ``d`` followed by the exceptions to "the mover's
pieces on dark squares may move": ``-c3`` a piece on a dark square that may
not (it moved in the light part), ``+c2`` a piece on a light square that may
(it began the turn on a dark square and was swapped there).
"""

from __future__ import annotations

import re
from typing import NamedTuple

from game.engine.grid import GridPosition
from game.engine.pieces import Piece
from game.games.mulligan_stew.tables import (
    BLACK,
    COLOUR_SQUARES,
    DARK,
    GEO,
    IS_LIGHT,
    LETTERS,
    LIGHT,
    POOLABLE,
    WHITE,
    sorted_pool,
)

DEFAULTS = ("w", "l", "Mm", "Qq", "0", "0", "1")


class Fields(NamedTuple):
    """A position text, read and checked."""

    board: list[Piece | None]
    turn: int
    part: int
    movable: frozenset[int]  # the dark part's movers (empty in the light part)
    hands: list[tuple[str, ...]]
    pools: list[tuple[str, ...]]
    passes: int
    clock: int
    fullmove: int


def dark_squares_of(board, seat: int) -> set[int]:
    """The squares of ``seat``'s pieces on dark squares: the dark part's
    movers before the light part changes anything."""
    return {sq for sq in COLOUR_SQUARES[DARK] if (p := board[sq]) is not None and p.side == seat}


def parse_position(text: str) -> Fields:
    """The fields of ``text``; ValueError saying what is wrong. Missing
    trailing fields take the start's values."""
    parts = text.split()
    if not 1 <= len(parts) <= 8:
        raise ValueError("a Mulligan Stew position has at most eight fields")
    parts += DEFAULTS[len(parts) - 1 :]
    board_field, side, part_field, hands_field, pools_field, passes, clock, fullmove = parts
    grid = GridPosition(GEO, LETTERS)
    grid.set_board_text(board_field)
    board = grid.board
    if side not in ("w", "b"):
        raise ValueError("the side to move is w or b")
    turn = WHITE if side == "w" else BLACK
    hands: list[tuple[str, ...]] = [(), ()]
    for char in "" if hands_field == "-" else hands_field:
        piece = LETTERS.piece(char)
        hands[piece.side] += (piece.kind,)
    pools: list[tuple[str, ...]] = [(), ()]
    for char in "" if pools_field == "-" else pools_field:
        piece = LETTERS.piece(char)
        if piece.kind not in POOLABLE:
            raise ValueError(f"a {piece.kind} never goes into the promotion pool")
        pools[piece.side] += (piece.kind,)
    try:
        numbers = int(passes), int(clock), int(fullmove)
    except ValueError:
        raise ValueError("passes, clock and turn number must be numbers") from None
    for seat in (WHITE, BLACK):
        if sum(1 for p in board if p == (seat, "queen")) > 1:
            raise ValueError("a side has at most one Queen on the board")
    if not any(p is not None and p.kind == "king" for p in board):
        raise ValueError("at least one side needs a king")
    part, movable = _parse_part(part_field, board, turn)
    return Fields(
        board,
        turn,
        part,
        movable,
        [sorted_pool(h) for h in hands],
        [sorted_pool(p) for p in pools],
        *numbers,
    )


def _parse_part(field: str, board, turn: int) -> tuple[int, frozenset[int]]:
    m = re.fullmatch(r"([ld])((?:[-+][a-f][1-7])*)", field)
    if not m:
        raise ValueError(f"the part of the turn is l, or d with exceptions, not {field!r}")
    if m.group(1) == "l":
        if m.group(2):
            raise ValueError("the light part has no exceptions")
        return LIGHT, frozenset()
    movable = dark_squares_of(board, turn)
    for sign, name in re.findall(r"([-+])([a-f][1-7])", m.group(2)):
        sq = GEO.square(name)
        p = board[sq]
        if p is None or p.side != turn:
            raise ValueError(f"{name} holds no piece of the side to move")
        if sign == "-":
            if IS_LIGHT[sq]:
                raise ValueError(f"-{name}: only dark squares are taken out")
            movable.discard(sq)
        else:
            if not IS_LIGHT[sq]:
                raise ValueError(f"+{name}: only light squares are added")
            movable.add(sq)
    return DARK, frozenset(movable)


def part_text(board, turn: int, part: int, movable: frozenset[int]) -> str:
    if part == LIGHT:
        return "l"
    default = dark_squares_of(board, turn)
    out = "d"
    for sq in sorted(default - movable):
        out += "-" + GEO.name(sq)
    for sq in sorted(movable - default):
        out += "+" + GEO.name(sq)
    return out


def format_position(state) -> str:
    """The position text of a MulliganStewState."""
    hands = "".join(LETTERS.char(Piece(s, k)) for s in (WHITE, BLACK) for k in state.hands[s])
    pools = "".join(LETTERS.char(Piece(s, k)) for s in (WHITE, BLACK) for k in state.pools[s])
    side = "w" if state.turn == WHITE else "b"
    part = part_text(state.board, state.turn, state.part, state.movable)
    return (
        f"{state.board_text()} {side} {part} {hands or '-'} {pools or '-'} "
        f"{state.passes} {state.clock} {state.fullmove}"
    )
