"""Chess knowledge for the computer players, read off the bitboards.

``evaluate_board(board)`` scores a chess-core position (two sides, the six
orthodox kinds on ``bb``) from White's side, in pawns:

- material and piece-square tables, each with a middlegame and an endgame
  value, blended by the phase (the minor and major pieces left: 24 at the
  start, 0 with only kings and pawns);
- pawn structure: doubled and isolated pawns, passed pawns by how far they
  have come (worth far more in the endgame);
- king safety (middlegame only): the pawns in front of a king on its first
  two ranks, and the enemy pieces that attack the squares around it;
- the bishop pair, rooks on open and half-open files, and mobility (the
  squares each knight, bishop, rook and queen reaches that its own pieces do
  not hold).

Black's tables are White's mirrored top to bottom (``sq ^ 56``). The
weights are data: hand_weights.py (the first numbers, chosen by hand and
checked in matches), or tuned_weights.py (fitted to our games' results by
scripts/texel_fit.py) where the environment says ``CHESS_EVAL_WEIGHTS=tuned``
(the fit has not yet beaten the hand: see ``DEFAULT_WEIGHTS``). Pawn and king
terms that depend only on the pawns and the kings are cached, and so are
whole positions, and so are the table sums of each kind of each side (a move
changes one or two of them). Headless: no pygame here; the search calls it through
game/ai/evaluate.py.
"""

from __future__ import annotations

import os

from game.engine.chess import hand_weights, tuned_weights
from game.engine.chess.tables import (
    BISHOP,
    GEO,
    KING,
    KING_ATT,
    KNIGHT,
    KNIGHT_ATT,
    PAWN,
    QUEEN,
    ROOK,
)

FILES = GEO.file_masks
_RANK, _FILE, _DIAGONAL, _ANTIDIAGONAL = (
    GEO.lines[kind] for kind in ("rank", "file", "diagonal", "antidiagonal")
)
RANKS = GEO.rank_masks

PHASE_WEIGHTS = (0, 1, 1, 2, 4, 0)
FULL_PHASE = 24

#: The weights, by name and length (tables: 6 kinds x 64 squares). Every
#: term is linear in its weight, so texel_fit.py fits them all at once from
#: each position's counts (evaluation_terms.py).
WEIGHT_SHAPES = {
    "material_mg": 6,
    "material_eg": 6,
    "pst_mg": (6, 64),
    "pst_eg": (6, 64),
    "doubled": 2,
    "isolated": 2,
    "passed_mg": 8,
    "passed_eg": 8,
    "shield_missing": 1,
    "shield_far": 1,
    "open_file_king": 1,
    "bishop_pair": 2,
    "rook_open": 2,
    "rook_half_open": 2,
    "tempo": 1,
    "mobility_mg": 4,
    "mobility_eg": 4,
    "king_danger": 1,
}
#: Mobility counts the squares beyond these (knight, bishop, rook, queen).
MOBILITY_USUAL = (4, 6, 6, 12)
#: King danger grows with the attack units squared, up to this many.
DANGER_CAP = 1500
#: Attack units on the king's zone per attacked square, per attacking kind.
ATTACK_UNITS = {KNIGHT: 2, BISHOP: 2, ROOK: 3, QUEEN: 5}

#: Lazy evaluation: how far outside the window material and tables must be
#: for the other terms to be skipped (measured: scripts/bench_lazy_eval.py).
LAZY_MARGIN = 2.0
INF = float("inf")

CACHE_SIZE = 65_536
PST_CACHE_SIZE = 200_000  # entries of (kind, side, bitboard) -> table sums

# Material plus piece-square tables, per kind, (mg, eg), for each side (Black's:
# White's mirrored top to bottom). Lists filled in place by ``use_weights``:
# the search's running sums (game/ai/chess_shortcuts.py) hold them by name.
PST_MG: list[list[float]] = [[0.0] * 64 for _ in range(6)]
PST_EG: list[list[float]] = [[0.0] * 64 for _ in range(6)]
PST_MG_BLACK: list[list[float]] = [[0.0] * 64 for _ in range(6)]
PST_EG_BLACK: list[list[float]] = [[0.0] * 64 for _ in range(6)]


def _exact(value: float) -> float:
    """``value`` to the nearest 1/65536 of a pawn: sums of such numbers are
    exact in floating point whatever their order, so the sums a search keeps
    up to date move by move (game/ai/chess_shortcuts.py) equal a recount to
    the last bit."""
    return round(value * 65536) / 65536


# The other weights, as ``use_weights`` sets them (module-level for speed).
MATERIAL: tuple[tuple[float, float], ...] = ()
DOUBLED: tuple[float, ...] = ()
ISOLATED: tuple[float, ...] = ()
PASSED_MG: tuple[float, ...] = ()
PASSED_EG: tuple[float, ...] = ()
SHIELD_MISSING = SHIELD_FAR = OPEN_FILE_KING = TEMPO = 0.0
BISHOP_PAIR: tuple[float, ...] = ()
ROOK_OPEN: tuple[float, ...] = ()
ROOK_HALF_OPEN: tuple[float, ...] = ()
MOBILITY: dict[int, tuple[float, float, int]] = {}
KING_DANGER: tuple[float, ...] = ()


def use_weights(weights: dict) -> None:
    """Make ``weights`` (the names of ``WEIGHT_SHAPES``) the evaluation's,
    and forget every cached score."""
    global DOUBLED, ISOLATED, PASSED_MG, PASSED_EG, SHIELD_MISSING, SHIELD_FAR
    global OPEN_FILE_KING, BISHOP_PAIR, ROOK_OPEN, ROOK_HALF_OPEN, TEMPO
    global MOBILITY, KING_DANGER, MATERIAL
    w = weights
    MATERIAL = tuple(zip(w["material_mg"], w["material_eg"], strict=True))
    for kind in range(6):
        m, e = MATERIAL[kind]
        for sq in range(64):
            PST_MG[kind][sq] = PST_MG_BLACK[kind][sq ^ 56] = _exact(w["pst_mg"][kind][sq] + m)
            PST_EG[kind][sq] = PST_EG_BLACK[kind][sq ^ 56] = _exact(w["pst_eg"][kind][sq] + e)
    DOUBLED, ISOLATED = tuple(w["doubled"]), tuple(w["isolated"])
    PASSED_MG, PASSED_EG = tuple(w["passed_mg"]), tuple(w["passed_eg"])
    SHIELD_MISSING, SHIELD_FAR = w["shield_missing"][0], w["shield_far"][0]
    OPEN_FILE_KING = w["open_file_king"][0]
    BISHOP_PAIR, ROOK_OPEN = tuple(w["bishop_pair"]), tuple(w["rook_open"])
    ROOK_HALF_OPEN = tuple(w["rook_half_open"])
    TEMPO = w["tempo"][0]
    MOBILITY = {
        kind: (w["mobility_mg"][i], w["mobility_eg"][i], MOBILITY_USUAL[i])
        for i, kind in enumerate((KNIGHT, BISHOP, ROOK, QUEEN))
    }
    KING_DANGER = tuple(w["king_danger"][0] * min(u * u, DANGER_CAP) for u in range(100))
    _cache.clear()
    _pawn_cache.clear()
    _pst_cache.clear()


def _masks():
    adjacent = tuple(
        (FILES[f - 1] if f > 0 else 0) | (FILES[f + 1] if f < 7 else 0) for f in range(8)
    )
    passed = ([0] * 64, [0] * 64)  # squares an enemy pawn must not hold
    for sq in range(64):
        f, r = sq % 8, sq // 8
        span = FILES[f] | adjacent[f]
        ahead_w = sum(RANKS[k] for k in range(r + 1, 8))
        ahead_b = sum(RANKS[k] for k in range(0, r))
        passed[0][sq] = span & ahead_w
        passed[1][sq] = span & ahead_b
    return adjacent, (tuple(passed[0]), tuple(passed[1]))


ADJACENT_FILES, PASSED_MASKS = _masks()

_pawn_cache: dict[tuple[int, int, int, int], tuple[float, float]] = {}
_cache: dict[tuple, float] = {}  # whole positions (the search meets many again)
_pst_cache: dict[int, tuple[float, float]] = {}  # one kind of one side: its tables' sum


def _squares(bb: int):
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def pawn_terms(white: int, black: int, wking: int, bking: int) -> tuple[float, float]:
    """(mg, eg) from White's side of the pawn structure and the kings'
    shelters: depends only on the pawns and the king squares (cached)."""
    key = (white, black, wking, bking)
    found = _pawn_cache.get(key)
    if found is not None:
        return found
    mg = eg = 0.0
    for side, own, enemy, sign in ((0, white, black, 1.0), (1, black, white, -1.0)):
        m = e = 0.0
        masks = PASSED_MASKS[side]
        for f in range(8):
            n = (own & FILES[f]).bit_count()
            if not n:
                continue
            if n > 1:
                m += DOUBLED[0] * (n - 1)
                e += DOUBLED[1] * (n - 1)
            if not own & ADJACENT_FILES[f]:
                m += ISOLATED[0] * n
                e += ISOLATED[1] * n
        for sq in _squares(own):
            if not enemy & masks[sq]:
                rank = sq // 8 if side == 0 else 7 - sq // 8
                m += PASSED_MG[rank]
                e += PASSED_EG[rank]
        ksq = wking if side == 0 else bking
        if ksq >= 0:
            m += _shelter(side, ksq, own, enemy)
        mg += sign * m
        eg += sign * e
    if len(_pawn_cache) >= CACHE_SIZE:
        _pawn_cache.clear()
    _pawn_cache[key] = found = (mg, eg)
    return found


def _shelter(side: int, ksq: int, own: int, enemy: int) -> float:
    """The middlegame value of the pawns in front of a king on its first two
    ranks (a king further up has no shelter to count)."""
    f, r = ksq % 8, ksq // 8
    home = r if side == 0 else 7 - r
    if home > 1:
        return 0.0
    step = 8 if side == 0 else -8
    score = 0.0
    for ff in range(max(0, f - 1), min(7, f + 1) + 1):
        one = ksq + step + (ff - f)
        two = one + step
        if own & (1 << one):
            continue
        if 0 <= two < 64 and own & (1 << two):
            score += SHIELD_FAR
        else:
            score += SHIELD_MISSING
            if not (own | enemy) & FILES[ff]:
                score += OPEN_FILE_KING
    return score


def _pst_sum(kind: int, side: int, pieces: int) -> tuple[float, float]:
    """(mg, eg) from White's side of the tables for ``side``'s ``pieces`` of ``kind``."""
    tm, te = (PST_MG[kind], PST_EG[kind]) if side == 0 else (PST_MG_BLACK[kind], PST_EG_BLACK[kind])
    mg = eg = 0.0
    for sq in _squares(pieces):
        mg += tm[sq]
        eg += te[sq]
    return (mg, eg) if side == 0 else (-mg, -eg)


def evaluate_board(
    board, low: float = -INF, high: float = INF, base: tuple[float, float, int] | None = None
) -> float:
    """The position from White's side, in pawns (see the module docstring).
    ``board`` has the chess core's ``bb``, ``occ`` and ``turn``. Lazy with a
    window (``low``, ``high``), from White's side: where material and the
    tables alone are ``LAZY_MARGIN`` or more outside it, that sum is the
    answer (the other terms hardly ever move a score so far). ``base``:
    ``material_pst`` of the position, where the caller keeps it as it goes
    (a search: game/ai/chess_shortcuts.py), else counted here."""
    bb, occ = board.bb, board.occ
    white, black = occ[0], occ[1]
    turn = board.turn
    key = (*bb, white, turn)
    found = _cache.get(key)
    if found is not None:
        return found
    if base is None:
        base = material_pst(bb, white, black)
    if low > -INF or high < INF:
        phase = base[2] if base[2] < FULL_PHASE else FULL_PHASE
        quick = (base[0] * phase + base[1] * (FULL_PHASE - phase)) / FULL_PHASE
        quick += TEMPO if turn == 0 else -TEMPO
        if quick - LAZY_MARGIN >= high or quick + LAZY_MARGIN <= low:
            return quick
    if len(_cache) >= CACHE_SIZE:
        _cache.clear()
    _cache[key] = found = _evaluate(bb, white, black, turn, base)
    return found


def material_pst(bb: list[int], white: int, black: int) -> tuple[float, float, int]:
    """(mg, eg, phase) of material and the piece-square tables, from White's
    side, counted afresh (``ChessState`` keeps it up to date move by move)."""
    mg = eg = 0.0
    phase = 0
    sums = _pst_cache
    for kind in range(6):
        pieces = bb[kind]
        if not pieces:
            continue
        phase += PHASE_WEIGHTS[kind] * pieces.bit_count()
        # Per kind and side, the tables' sum is cached by the bitboard:
        # a move changes one or two of the twelve, so most are found.
        for side in (0, 1):
            own = pieces & (white if side == 0 else black)
            if not own:
                continue
            key = (own << 4) | (kind << 1) | side
            found = sums.get(key)
            if found is None:
                found = _pst_sum(kind, side, own)
                if len(sums) >= PST_CACHE_SIZE:
                    sums.clear()
                sums[key] = found
            mg += found[0]
            eg += found[1]
    return mg, eg, phase


def _evaluate(bb: list[int], white: int, black: int, turn: int, base: tuple) -> float:
    everything = white | black
    mg, eg, phase = base
    pawns = bb[PAWN]
    wp, bp = pawns & white, pawns & black
    kings = bb[KING]
    wk, bk = kings & white, kings & black
    wks = wk.bit_length() - 1 if wk else -1
    bks = bk.bit_length() - 1 if bk else -1
    pm, pe = pawn_terms(wp, bp, wks, bks)
    mg += pm
    eg += pe

    bishops = bb[BISHOP]
    wb, bbs = bishops & white, bishops & black
    if wb & (wb - 1):
        mg += BISHOP_PAIR[0]
        eg += BISHOP_PAIR[1]
    if bbs & (bbs - 1):
        mg -= BISHOP_PAIR[0]
        eg -= BISHOP_PAIR[1]

    # Pieces: mobility, rooks on files, attacks on the enemy king's zone.
    zones = (KING_ATT[bks] | bk if bk else 0, KING_ATT[wks] | wk if wk else 0)
    units = [0, 0]
    attackers = [0, 0]
    for side, own, sign in ((0, white, 1.0), (1, black, -1.0)):
        free = ~own
        zone = zones[side]
        enemy_pawns = bp if side == 0 else wp
        own_pawns = wp if side == 0 else bp
        m = e = 0.0
        u = a = 0
        for kind in (KNIGHT, BISHOP, ROOK, QUEEN):
            pieces = bb[kind] & own
            if not pieces:
                continue
            wm, we, usual = MOBILITY[kind]
            weight = ATTACK_UNITS[kind]
            while pieces:
                low = pieces & -pieces
                pieces ^= low
                sq = low.bit_length() - 1
                if kind == KNIGHT:
                    att = KNIGHT_ATT[sq]
                elif kind == BISHOP:
                    d_inner, d_att = _DIAGONAL[sq]
                    a_inner, a_att = _ANTIDIAGONAL[sq]
                    att = d_att[everything & d_inner] | a_att[everything & a_inner]
                elif kind == ROOK:
                    r_inner, r_att = _RANK[sq]
                    f_inner, f_att = _FILE[sq]
                    att = r_att[everything & r_inner] | f_att[everything & f_inner]
                    file = FILES[sq & 7]
                    if not own_pawns & file:
                        if enemy_pawns & file:
                            m += ROOK_HALF_OPEN[0]
                            e += ROOK_HALF_OPEN[1]
                        else:
                            m += ROOK_OPEN[0]
                            e += ROOK_OPEN[1]
                else:
                    r_inner, r_att = _RANK[sq]
                    f_inner, f_att = _FILE[sq]
                    d_inner, d_att = _DIAGONAL[sq]
                    a_inner, a_att = _ANTIDIAGONAL[sq]
                    att = (
                        r_att[everything & r_inner]
                        | f_att[everything & f_inner]
                        | d_att[everything & d_inner]
                        | a_att[everything & a_inner]
                    )
                n = (att & free).bit_count() - usual
                m += wm * n
                e += we * n
                hits = att & zone
                if hits:
                    u += weight * hits.bit_count()
                    a += 1
        mg += sign * m
        eg += sign * e
        units[side] = u
        attackers[side] = a
    # King danger counts only with two attackers and a queen on the board.
    if attackers[0] >= 2 and bb[QUEEN] & white:
        mg += KING_DANGER[min(units[0], 99)]
    if attackers[1] >= 2 and bb[QUEEN] & black:
        mg -= KING_DANGER[min(units[1], 99)]

    if phase > FULL_PHASE:
        phase = FULL_PHASE
    score = (mg * phase + eg * (FULL_PHASE - phase)) / FULL_PHASE
    return score + (TEMPO if turn == 0 else -TEMPO)


#: The weight sets by name (bench_ai's ``/hand`` and ``/tuned`` suffixes
#: switch between them).
WEIGHT_SETS: dict[str, dict] = {"tuned": tuned_weights.WEIGHTS, "hand": hand_weights.WEIGHTS}
#: The set in use unless a caller switches: the hand-chosen one, which the
#: fitted one has not beaten (Chess960, search:24:nodes=2000 both, 40 games:
#: the fitted weights scored 42.5%, +11 =12 -17; against Stockfish Skill 5,
#: nodes=6000, 10 games each: hand 35%, fitted 5%). ``CHESS_EVAL_WEIGHTS=tuned``
#: in the environment selects the fitted one.
DEFAULT_WEIGHTS = "tuned" if os.environ.get("CHESS_EVAL_WEIGHTS") == "tuned" else "hand"
use_weights(WEIGHT_SETS[DEFAULT_WEIGHTS])
