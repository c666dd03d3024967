"""The chess evaluation's weights as first chosen by hand (and checked in
matches), kept so that the tuned ones (tuned_weights.py) can be compared
with them: ``CHESS_EVAL_WEIGHTS=hand`` or bench_ai's ``/hand`` level suffix
selects them; texel_fit.py starts from them. The names and shapes are those
of ``evaluation.WEIGHT_SHAPES``; values in pawns, tables from White's side
(a1 = 0), without the material."""

from __future__ import annotations


def _centre(sq: int) -> float:
    """0 at the rim, 3 on the four centre squares."""
    f, r = sq % 8, sq // 8
    return 3.5 - max(abs(f - 3.5), abs(r - 3.5))


def _tables() -> tuple[list[list[float]], list[list[float]]]:
    """Piece-square tables (mg, eg) per kind: pawn, knight, bishop, rook,
    queen, king."""
    mg = [[0.0] * 64 for _ in range(6)]
    eg = [[0.0] * 64 for _ in range(6)]
    pawn_rank_mg = (0.0, 0.0, 0.02, 0.06, 0.12, 0.25, 0.45, 0.0)
    pawn_rank_eg = (0.0, 0.0, 0.03, 0.08, 0.16, 0.30, 0.50, 0.0)
    pawn_file_mg = (-0.04, 0.0, 0.04, 0.12, 0.12, 0.0, -0.02, -0.06)
    king_home_mg = (0.15, 0.25, 0.10, -0.05, -0.05, 0.05, 0.30, 0.15)
    for sq in range(64):
        f, r = sq % 8, sq // 8
        c = _centre(sq)
        central = 3 <= r <= 4
        mg[0][sq] = pawn_rank_mg[r] + (pawn_file_mg[f] * (1.0 if central else 0.3))
        eg[0][sq] = pawn_rank_eg[r]
        mg[1][sq] = 0.10 * c - 0.20 + (0.05 if r in (4, 5) else 0.0)
        eg[1][sq] = 0.07 * c - 0.15
        mg[2][sq] = 0.04 * c - 0.05 - (0.08 if r == 0 else 0.0)
        eg[2][sq] = 0.04 * c - 0.06
        mg[3][sq] = (0.15 if r == 6 else 0.0) + (0.04 if 2 <= f <= 5 else 0.0)
        eg[3][sq] = 0.08 if r == 6 else 0.0
        mg[4][sq] = 0.02 * c - 0.03 - (0.05 if r >= 5 else 0.0)
        eg[4][sq] = 0.05 * c - 0.07
        mg[5][sq] = king_home_mg[f] if r == 0 else (-0.10 if r == 1 else -0.30 - 0.1 * r)
        eg[5][sq] = 0.12 * c - 0.25
    return mg, eg


_PST_MG, _PST_EG = _tables()

WEIGHTS: dict[str, list] = {
    # pawn, knight, bishop, rook, queen, king
    "material_mg": [0.85, 3.20, 3.30, 4.70, 9.40, 0.0],
    "material_eg": [1.05, 3.00, 3.35, 5.20, 9.70, 0.0],
    "pst_mg": _PST_MG,
    "pst_eg": _PST_EG,
    "doubled": [-0.12, -0.22],  # (mg, eg) per pawn beyond the first on a file
    "isolated": [-0.12, -0.15],  # per pawn with no own pawn on the files beside it
    # A passed pawn by its rank counted from its own side (index 1 = home rank).
    "passed_mg": [0.0, 0.0, 0.05, 0.10, 0.20, 0.40, 0.70, 0.0],
    "passed_eg": [0.0, 0.0, 0.12, 0.22, 0.45, 0.80, 1.30, 0.0],
    "shield_missing": [-0.18],  # per file around a home-ranked king with no pawn in front
    "shield_far": [-0.08],  # the shield pawn stands two squares ahead, not one
    "open_file_king": [-0.15],  # per open file at or beside a home-ranked king
    "bishop_pair": [0.30, 0.45],
    "rook_open": [0.22, 0.10],
    "rook_half_open": [0.10, 0.05],
    "tempo": [0.08],
    # Per reachable square beyond the usual count: knight, bishop, rook, queen.
    "mobility_mg": [0.04, 0.035, 0.02, 0.01],
    "mobility_eg": [0.04, 0.04, 0.04, 0.02],
    # Pawns per attack unit squared on the enemy king's zone (capped).
    "king_danger": [0.004],
}
