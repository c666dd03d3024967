"""Standard algebraic notation for the chess core, both ways, and UCI
("e2e4", "e7e8q"; castling as king-onto-rook or, for standard chess, the
king's two-square step)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from game.engine.chess.tables import GEO, KIND_INDEX, LETTERS, PAWN, Move
from game.engine.notation import CHECK_MARKS, disambiguation, read_shape


def parts(state: Any, move: Move) -> tuple[str, bool, str]:
    """A move's piece letter ("" for a pawn), whether it captures, and its
    promotion letter ("" for none): what both writing and reading use."""
    kind = state.kind_at(1 << move.frm)
    capture = bool(state.occ[1 - state.turn] & 1 << move.to) or state.takes_en_passant(move)
    promotion = LETTERS[KIND_INDEX[move.promotion]] if move.promotion else ""
    return ("" if kind == PAWN else LETTERS[kind]), capture, promotion


def san(state: Any, move: Move) -> str:
    """``move`` in SAN; call before the move is made. "+" when it attacks
    the enemy king, "#" when that is mate under check-based legality."""
    text = move_text(state, move)
    us = state.turn
    known = state._legal, state._result  # ``pop`` forgets them; the position does not change
    state.push(move)
    if state.king_attacked(1 - us):
        mate = state.legality == "check" and not state.legal_moves()
        text += "#" if mate else "+"
    state.pop()
    state._legal, state._result = known
    return text


def check_mark(after: Any, us: int) -> str:
    """The check mark of a step by side ``us``, judged on ``after``, the
    position once the whole step is played (its automatic parts too; for a
    simultaneous step, every seat's part): "#" when the step won with the
    other king attacked (mate), "+" when that king is attacked, else ""."""
    them = 1 - us
    if after.king_square(them) is None or not after.king_attacked(them):
        return ""
    result = after.result()
    seats = [s for s in range(len(after.game.seats)) if after.game.side_of(s) == us]
    won = result is not None and all(result.points[s] == 1.0 for s in seats)
    return "#" if won and after.legality == "check" else "+"


def move_text(state: Any, move: Move, moves: Iterable[Move] | None = None) -> str:
    """``move`` in SAN without a check mark; ``moves``: the legal moves its
    rivals are among (the side to move's, if not given)."""
    if state.is_castle(move):
        return "O-O" if move.to > move.frm else "O-O-O"
    letter, capture, promotion = parts(state, move)
    to = GEO.name(move.to)
    promo = "=" + promotion if promotion else ""
    rivals = [
        m.frm
        for m in (state.legal_moves() if moves is None else moves)
        if m.to == move.to
        and m.frm != move.frm
        and m.promotion == move.promotion
        and not state.is_castle(m)
        and parts(state, m)[:2] == (letter, capture)
    ]
    if letter:
        return (
            letter + disambiguation(GEO, move.frm, rivals) + ("x" if capture else "") + to + promo
        )
    # A pawn names its file when it captures; where other pawns could make
    # the same move (Half Alice's pawns on both sides of the mirror) it
    # names its whole square: "d7d5" beside "d6d5".
    frm = GEO.name(move.frm)
    if capture:
        rivals = [r for r in rivals if GEO.file_of(r) == GEO.file_of(move.frm)]
    head = frm if rivals else (frm[0] if capture else "")
    return head + ("x" if capture else "") + to + promo


def read_move(
    state: Any,
    text: str,
    moves: Sequence[Move] | None = None,
    marks: Iterable[str] = ("",),
    written: Callable[[Any, Move], str] | None = None,
) -> Move | None:
    """The legal move that ``text`` names (None: none) in SAN ("Nf3", "exd5", "O-O",
    "0-0", "e8=Q", check marks optional) or UCI, read by its shape: the
    moves are filtered by its parts, not written out. ``moves``: the moves
    to choose among (the legal moves, if not given); ``marks``: the game's
    own marks a text may begin with; ``written``: the game's notation, which
    settles a text that fits several moves."""
    moves = state.legal_moves() if moves is None else moves
    clean = text.strip().rstrip(CHECK_MARKS)
    castle = clean.replace("0", "O")
    if castle in ("O-O", "O-O-O"):
        for move in moves:
            if state.is_castle(move) and (move.to > move.frm) == (castle == "O-O"):
                return move
    shape = read_shape(clean, marks)
    if shape is not None:
        fits = [
            m
            for m in moves
            if GEO.name(m.to) == shape.to
            and not state.is_castle(m)
            and shape.fits(*_fit_parts(state, m))
        ]
        if len(fits) == 1:
            return fits[0]
        write = written or san
        for move in fits:
            if write(state, move).rstrip(CHECK_MARKS) == clean:
                return move
    lowered = text.strip().lower()
    for move in moves:
        if str(move) == lowered:
            return move
        # Standard-chess UCI writes castling as the king's two-square step.
        if state.is_castle(move) and (
            f"{GEO.name(move.frm)}{GEO.name(state.landing_square(move))}" == lowered
        ):
            return move
    return None


def _fit_parts(state: Any, move: Move) -> tuple[str, str, str, bool, str]:
    letter, capture, promotion = parts(state, move)
    return letter, GEO.name(move.frm), GEO.name(move.to), capture, promotion
