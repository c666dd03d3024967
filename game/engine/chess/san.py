"""Standard algebraic notation for the chess core, both ways, and UCI
("e2e4", "e7e8q"; castling as king-onto-rook or, for standard chess, the
king's two-square step)."""

from __future__ import annotations

from typing import Any

from game.engine.chess.tables import GEO, KIND_INDEX, LETTERS, PAWN, Move
from game.engine.notation import disambiguation
from game.engine.protocol import IllegalAction


def san(state: Any, move: Move) -> str:
    """``move`` in SAN; call before the move is made. "+" when it attacks
    the enemy king, "#" when that is mate under check-based legality."""
    if state.is_castle(move):
        text = "O-O" if move.to > move.frm else "O-O-O"
    else:
        kind = state.kind_at(1 << move.frm)
        capture = bool(state.occ[1 - state.turn] & 1 << move.to) or (
            kind == PAWN and move.to == state.ep and state.en_passant
        )
        to = GEO.name(move.to)
        if kind == PAWN:
            text = (GEO.name(move.frm)[0] + "x" if capture else "") + to
            if move.promotion:
                text += "=" + LETTERS[KIND_INDEX[move.promotion]]
        else:
            rivals = [
                m.frm
                for m in state.legal_moves()
                if m.to == move.to
                and m.frm != move.frm
                and state.kind_at(1 << m.frm) == kind
                and not state.is_castle(m)
            ]
            text = (
                LETTERS[kind]
                + disambiguation(GEO, move.frm, rivals)
                + ("x" if capture else "")
                + to
                + (("=" + LETTERS[KIND_INDEX[move.promotion]]) if move.promotion else "")
            )
    us = state.turn
    state.push(move)
    if state.king_attacked(1 - us):
        mate = state.legality == "check" and not state.legal_moves()
        text += "#" if mate else "+"
    state.pop()
    return text


def parse_move(state: Any, text: str) -> Move:
    """The legal move that ``text`` names in SAN ("Nf3", "exd5", "O-O",
    "0-0", "e8=Q", check marks optional) or UCI."""
    clean = text.strip().rstrip("+#!?").replace("0", "O")
    moves = state.legal_moves()
    for move in moves:
        if san(state, move).rstrip("+#") == clean:
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
    raise IllegalAction(f"{text!r} is not a legal move here")
