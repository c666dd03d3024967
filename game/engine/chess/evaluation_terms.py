"""The chess evaluation (evaluation.py) written as a linear sum: for a
position, how many times each weight counts in its score, already blended by
the phase. ``score(terms(board), flat(weights))`` equals
``evaluate_board(board)`` (tests hold them together); texel_fit.py fits the
weights to game results from these counts, extracted once per position.

Slow and plain on purpose: it is the fitter's, not the search's.
"""

from __future__ import annotations

from collections import defaultdict

from game.engine.chess import evaluation as E
from game.engine.chess.tables import BISHOP, KING, KING_ATT, KNIGHT, KNIGHT_ATT, PAWN, QUEEN, ROOK

Key = tuple[str, int]  # (weight name, index in its flat list)


def _size(shape) -> int:
    return shape[0] * shape[1] if isinstance(shape, tuple) else shape


#: Every weight, in a fixed order: the fitter's vector.
KEYS: list[Key] = [
    (name, i) for name, shape in E.WEIGHT_SHAPES.items() for i in range(_size(shape))
]
INDEX = {key: i for i, key in enumerate(KEYS)}


def flat(weights: dict) -> list[float]:
    """The weights as one vector in ``KEYS`` order (tables row by row)."""
    out: list[float] = []
    for name, shape in E.WEIGHT_SHAPES.items():
        value = weights[name]
        if isinstance(shape, tuple):
            value = [v for row in value for v in row]
        out.extend(float(v) for v in value)
    return out


def unflat(vector: list[float]) -> dict:
    """The inverse of ``flat``."""
    out: dict[str, list] = {}
    at = 0
    for name, shape in E.WEIGHT_SHAPES.items():
        n = _size(shape)
        part: list = list(vector[at : at + n])
        if isinstance(shape, tuple):
            part = [part[r * shape[1] : (r + 1) * shape[1]] for r in range(shape[0])]
        out[name] = part
        at += n
    return out


def score(counts: dict[int, float], vector: list[float]) -> float:
    return sum(c * vector[i] for i, c in counts.items())


_LINES = {
    BISHOP: (E._DIAGONAL, E._ANTIDIAGONAL),
    ROOK: (E._RANK, E._FILE),
    QUEEN: (E._RANK, E._FILE, E._DIAGONAL, E._ANTIDIAGONAL),
}


class _Counts:
    """The counts of one position, each already blended by its phase."""

    def __init__(self, fm: float) -> None:
        self.fm, self.fe = fm, 1.0 - fm
        self.out: dict[int, float] = defaultdict(float)

    def add(self, name: str, index: int, amount: float) -> None:
        self.out[INDEX[name, index]] += amount

    def both(self, mg: str, eg: str, index: int, amount: float) -> None:
        """A term with a middlegame and an endgame weight of its own."""
        self.add(mg, index, self.fm * amount)
        self.add(eg, index, self.fe * amount)

    def pair(self, name: str, amount: float) -> None:
        """A term whose weight is a (mg, eg) pair."""
        self.out[INDEX[name, 0]] += self.fm * amount
        self.out[INDEX[name, 1]] += self.fe * amount


def terms(board) -> dict[int, float]:
    """{index in ``KEYS``: how many times that weight counts in the score of
    ``board`` from White's side}."""
    bb, occ = board.bb, board.occ
    phase = min(E.FULL_PHASE, sum(E.PHASE_WEIGHTS[k] * bb[k].bit_count() for k in range(6)))
    counts = _Counts(phase / E.FULL_PHASE)
    wk, bk = bb[KING] & occ[0], bb[KING] & occ[1]
    kings = (wk.bit_length() - 1 if wk else -1, bk.bit_length() - 1 if bk else -1)
    for side, sign in ((0, 1.0), (1, -1.0)):
        own = occ[side]
        for kind in range(6):
            for sq in E._squares(bb[kind] & own):
                seen = sq if side == 0 else sq ^ 56
                counts.both("material_mg", "material_eg", kind, sign)
                counts.both("pst_mg", "pst_eg", kind * 64 + seen, sign)
        _pawns(counts, bb, occ, side, sign, kings[side])
        _pieces(counts, bb, occ, side, sign, kings[1 - side])
    counts.add("tempo", 0, 1.0 if board.turn == 0 else -1.0)
    return {i: c for i, c in counts.out.items() if c}


def _pawns(counts: _Counts, bb, occ, side: int, sign: float, ksq: int) -> None:
    """Pawn structure and the king's shelter (evaluation.pawn_terms)."""
    mine, enemy = bb[PAWN] & occ[side], bb[PAWN] & occ[1 - side]
    for f in range(8):
        n = (mine & E.FILES[f]).bit_count()
        if n > 1:
            counts.pair("doubled", sign * (n - 1))
        if n and not mine & E.ADJACENT_FILES[f]:
            counts.pair("isolated", sign * n)
    for sq in E._squares(mine):
        if not enemy & E.PASSED_MASKS[side][sq]:
            counts.both("passed_mg", "passed_eg", sq // 8 if side == 0 else 7 - sq // 8, sign)
    if ksq < 0 or (ksq // 8 if side == 0 else 7 - ksq // 8) > 1:
        return
    step = 8 if side == 0 else -8
    f = ksq % 8
    for ff in range(max(0, f - 1), min(7, f + 1) + 1):
        one = ksq + step + (ff - f)
        two = one + step
        if mine & (1 << one):
            continue
        if 0 <= two < 64 and mine & (1 << two):
            counts.add("shield_far", 0, sign * counts.fm)
        else:
            counts.add("shield_missing", 0, sign * counts.fm)
            if not (mine | enemy) & E.FILES[ff]:
                counts.add("open_file_king", 0, sign * counts.fm)


def _pieces(counts: _Counts, bb, occ, side: int, sign: float, their_king: int) -> None:
    """The bishop pair, mobility, rooks on files and attacks on the enemy
    king's zone (evaluation._evaluate)."""
    own = occ[side]
    everything = occ[0] | occ[1]
    mine, enemy = bb[PAWN] & own, bb[PAWN] & occ[1 - side]
    bishops = bb[BISHOP] & own
    if bishops & (bishops - 1):
        counts.pair("bishop_pair", sign)
    zone = KING_ATT[their_king] | (1 << their_king) if their_king >= 0 else 0
    units = attackers = 0
    for i, kind in enumerate((KNIGHT, BISHOP, ROOK, QUEEN)):
        for sq in E._squares(bb[kind] & own):
            att = KNIGHT_ATT[sq] if kind == KNIGHT else 0
            for line in _LINES.get(kind, ()):
                inner, attacks = line[sq]
                att |= attacks[everything & inner]
            file = E.FILES[sq & 7]
            if kind == ROOK and not mine & file:
                counts.pair("rook_half_open" if enemy & file else "rook_open", sign)
            n = (att & ~own).bit_count() - E.MOBILITY_USUAL[i]
            counts.both("mobility_mg", "mobility_eg", i, sign * n)
            hits = att & zone
            if hits:
                units += E.ATTACK_UNITS[kind] * hits.bit_count()
                attackers += 1
    if attackers >= 2 and bb[QUEEN] & own:
        units = min(units, 99)
        counts.add("king_danger", 0, sign * counts.fm * min(units * units, E.DANGER_CAP))
