"""The lower bound of the Chess Golf solver: a relaxed planning graph.

Pieces may stand in several places at once, a square emptied once stays
empty, and each piece borrows from every square its lenders may stand on;
the king's step of a colour without pairs is allowed from the layer on which
enough of its pieces could have moved to break every pair (a maximal
matching of its pairs bounds the moves that takes). Layer ``k`` holds at
least everything ``k`` real moves can do, so the first layer on which a
capture the hole allows can happen, plus one, never overestimates. The
chosen pieces are followed by their own moves as well, which lets distinct
pieces' moves add up (``_Relaxed``). Never imports pygame.
"""

from __future__ import annotations

from collections.abc import Sequence

from game.engine.board import bits
from game.engine.chess.tables import GEO, KING_ATT, KNIGHT_ATT
from game.games.golf.hole import ALL, BISHOP_ATTACKS, ROOK_ATTACKS, Board, Goal, neighbours_of

INF = 99  # "never", as a number of moves


def _matching(squares: Sequence[int]) -> int:
    """The size of a greedy maximal matching of the pairs of neighbouring
    squares: a lower bound on how many of them must move to break every
    pair (each matched pair needs a mover of its own)."""
    used = 0
    size = 0
    for i, a in enumerate(squares):
        if used >> a & 1:
            continue
        ring = KING_ATT[a]
        for b in squares[i + 1 :]:
            if ring >> b & 1 and not used >> b & 1:
                used |= (1 << a) | (1 << b)
                size += 1
                break
    return size


def lower_bound(board: Board, goal: Goal, limit: int) -> int:
    """A number of moves no solution can beat (more than ``limit`` means
    "more than ``limit``", not the exact bound)."""
    return _Relaxed(board, goal).bound(limit)


BETWEEN = GEO._between()
KING_STEP = 5  # the king's step of a colour without pairs, in the kind loops

# -- moves of whole sets of squares at once (bitboard fills) -----------------------------
_FILES = GEO.file_masks
NOT_A = ALL ^ _FILES[0]
NOT_H = ALL ^ _FILES[7]
NOT_AB = NOT_A & (ALL ^ _FILES[1])
NOT_GH = NOT_H & (ALL ^ _FILES[6])
ORTHOGONAL = ((8, ALL), (-8, ALL), (1, NOT_A), (-1, NOT_H))
DIAGONAL = ((9, NOT_A), (7, NOT_H), (-7, NOT_A), (-9, NOT_H))


def knight_spread(bb: int) -> int:
    """Every square a knight jump away from a square of ``bb``."""
    return (
        ((bb << 17) & NOT_A)
        | ((bb << 15) & NOT_H)
        | ((bb << 10) & NOT_AB)
        | ((bb << 6) & NOT_GH)
        | ((bb >> 17) & NOT_H)
        | ((bb >> 15) & NOT_A)
        | ((bb >> 10) & NOT_GH)
        | ((bb >> 6) & NOT_AB)
    ) & ALL


def slide(bb: int, empty: int, directions) -> int:
    """Every square a slider on a square of ``bb`` attacks along
    ``directions`` (the first piece in the way included), for all of them
    at once (Kogge-Stone fills)."""
    out = 0
    for step, mask in directions:
        pro = empty & mask
        gen = bb
        if step > 0:
            gen |= pro & (gen << step)
            pro &= pro << step
            gen |= pro & (gen << 2 * step)
            pro &= pro << 2 * step
            gen |= pro & (gen << 4 * step)
            out |= (gen << step) & mask
        else:
            step = -step
            gen |= pro & (gen >> step)
            pro &= pro >> step
            gen |= pro & (gen >> 2 * step)
            pro &= pro >> 2 * step
            gen |= pro & (gen >> 4 * step)
            out |= (gen >> step) & mask
    return out & ALL


class _Relaxed:
    """The relaxed planning graph of one position (see the module docstring).

    Layer ``k`` over-approximates what ``k`` moves can do: ``reach[j]`` is
    every square piece ``j`` may stand on, a square is empty once its first
    occupant could have left, and each piece borrows from every square its
    lenders may stand on. For the chosen pieces the squares are also kept by
    the number of the piece's own moves it takes to get there (``own[j]``:
    never fewer than in the real game, since every real move is one of the
    graph's on its layer), and whether a lender had to be brought for them
    (one that did not stand next to the mover at the start). A capture found
    on layer ``k`` then costs at least the capturer's own moves, the
    victim's own moves, one move for each other piece still standing in the
    line and one for a lender that had to come: distinct pieces, so the
    moves add up. The bound is the cheapest such capture, and never less
    than ``k + 1``. A three-card capturer is followed through its first
    capture (``after[i]``: its squares by the moves it and its first victim
    have made between them)."""

    def __init__(self, board: Board, goal: Goal):
        squares: list[int] = []
        codes: list[int] = []
        for code in range(10):
            for sq in bits(board[code]):
                squares.append(sq)
                codes.append(code)
        self.squares = squares
        self.codes = codes
        n = self.n = len(squares)
        occ0 = 0
        for sq in squares:
            occ0 |= 1 << sq
        self.occ0 = occ0
        self.special_at = [
            _matching([squares[j] for j in range(n) if codes[j] // 5 == side]) for side in (0, 1)
        ]
        by_code: list[list[int]] = [[] for _ in range(10)]
        for j, code in enumerate(codes):
            by_code[code].append(j)
        self.by_code = by_code
        self.start_of_code = list(board)
        self.side_start = [_union(list(board[0:5])), _union(list(board[5:10]))]
        # lenders that stand still: per piece, per kind, the squares next to one
        still_code = [neighbours_of(bb) for bb in board]
        self.twin: list[int | None] = []  # the other piece of the same code
        still = []
        for j in range(n):
            code = codes[j]
            base = code - code % 5
            twin = next((q for q in by_code[code] if q != j), None)
            self.twin.append(twin)
            row = still_code[base : base + 5]
            row[code - base] = KING_ATT[squares[twin]] if twin is not None else 0
            still.append(row)
        self.still = still
        # The captures: ``finals`` (capturer, code taken) finish the hole
        # from where the capturer is; ``firsts`` (capturer, first code,
        # second code) are a three-card capturer's two captures.
        cards = goal.cards
        finals: list[tuple[int, int]] = []
        firsts: list[tuple[int, int, int]] = []
        if goal.capturer is not None:
            finals.append((squares.index(goal.capturer), goal.need))
        else:
            for code in sorted(set(cards)):
                rest = list(cards)
                rest.remove(code)
                for a in by_code[code]:
                    if len(rest) == 1:
                        finals.append((a, rest[0]))
                    else:
                        firsts.append((a, rest[0], rest[1]))
                        if rest[1] != rest[0]:
                            firsts.append((a, rest[1], rest[0]))
        self.finals = finals
        self.firsts = firsts
        self.first_same_side = [codes[a] // 5 == first // 5 for a, first, _ in firsts]
        keys = {a for a, _ in finals} | {a for a, _, _ in firsts}
        for code in set(cards) if goal.capturer is None else {goal.need}:
            keys.update(by_code[code])
        self.keys = sorted(keys)

    def bound(self, limit: int) -> int:
        n = self.n
        squares = self.squares
        codes = self.codes
        by_code = self.by_code
        firsts = self.firsts
        finals = self.finals
        occ0 = self.occ0
        reach = [1 << sq for sq in squares]
        # own[j] = (levels with no lender brought, levels after one was)
        own: dict[int, tuple[list[int], list[int]]] = {
            j: ([1 << squares[j]], []) for j in self.keys
        }
        after: list[tuple[list[int], list[int]]] = [([], []) for _ in firsts]
        best = INF
        for layer in range(limit + 1):
            vacated = 0
            for j in range(n):
                if reach[j] != 1 << squares[j]:
                    vacated |= 1 << squares[j]
            for levels in after:  # a first victim taken where it stood: its square frees
                vacated |= (_union(levels[0]) | _union(levels[1])) & occ0
            empty = (ALL & ~occ0) | vacated
            block = ALL & ~empty
            lenders = [0] * 10
            for j in range(n):
                lenders[codes[j]] |= reach[j]
            for i, (a, _, _) in enumerate(firsts):
                lenders[codes[a]] |= _union(after[i][0]) | _union(after[i][1])
            near = [neighbours_of(bb) for bb in lenders]
            specials = (layer >= self.special_at[0], layer >= self.special_at[1])
            twins = [0 if t is None else neighbours_of(reach[t]) for t in self.twin]
            state = (near, twins, block, empty, specials)
            # the captures that finish the hole
            for a, target in finals:
                cost = self._finish(a, own[a], target, own, state)
                if cost < best:
                    best = max(layer + 1, cost)
            for i, (a, first, second) in enumerate(firsts):
                if after[i][0] or after[i][1]:
                    gone = self.start_of_code[first]  # the first victim needs no move
                    cost = self._finish(a, after[i], second, own, state, gone)
                    if cost < best:
                        best = max(layer + 1, cost)
            if best <= layer + 1 or layer == limit:
                return best if best <= limit + 1 else limit + 2
            # the next layer
            new = list(reach)
            movable = []  # per colour: squares next to some lender (all, without pairs)
            for side in (0, 1):
                if specials[side]:
                    movable.append(ALL)
                else:
                    base = side * 5
                    movable.append(_union(near[base : base + 5]))
            for j in range(n):
                if j not in own and reach[j] & movable[codes[j] // 5]:
                    new[j] |= self._spread(j, reach[j], state) & empty
            new_own = {}
            for j, levels in own.items():
                new_own[j] = self._walk(j, levels, state)
                new[j] = _union(new_own[j][0]) | _union(new_own[j][1])
            new_after = []
            same_side = self.first_same_side
            for i, (a, first, _) in enumerate(firsts):
                levels = self._walk(a, after[i], state)
                for flag in (0, 1):
                    for m, bb in enumerate(own[a][flag]):  # it lands on its first victim
                        landing = self._spread(a, bb, state)
                        if not landing:
                            continue
                        free = 0 if flag else self._spread(a, bb, state, still=True)
                        for q in by_code[first]:
                            if q == a:
                                continue
                            for mb, pb in enumerate(_merged(own[q])):
                                hit = landing & pb
                                if mb and same_side[i]:
                                    # the victim that came may be the lender
                                    # (its moves are counted): none is owed
                                    _add(levels, 0, m + mb + 1, hit)
                                    continue
                                if hit & free:
                                    _add(levels, 0, m + mb + 1, hit & free)
                                if hit & ~free:
                                    _add(levels, 1, m + mb + 1, hit & ~free)
                new_after.append(levels)
            if new == reach and new_after == after:
                return best if best <= limit + 1 else INF  # nothing more can happen
            reach = new
            own = new_own
            after = new_after
        return limit + 2

    def _spread(self, j: int, where: int, state, still: bool = False) -> int:
        """Every square piece ``j`` attacks from the squares of ``where`` on
        this layer (``still``: only with lenders that have not moved)."""
        if not where:
            return 0
        near, twins, block, empty, specials = state
        code = self.codes[j]
        base = code - code % 5
        if still:
            n0, n1, n2, n3, n4 = self.still[j]
        else:
            n0, n1, n2, n3, n4 = near[base : base + 5]
            if code == base:
                n0 = twins[j]
            elif code == base + 1:
                n1 = twins[j]
            elif code == base + 2:
                n2 = twins[j]
            elif code == base + 3:
                n3 = 0
            else:
                n4 = 0
        special = specials[base // 5]
        if where.bit_count() <= 3:  # a few squares: the tables are quicker than fills
            out = 0
            for sq in bits(where):
                bit = 1 << sq
                if special or n4 & bit:
                    out |= KING_ATT[sq]
                if n0 & bit:
                    out |= KNIGHT_ATT[sq]
                if (n2 | n3) & bit:
                    out |= ROOK_ATTACKS(sq, block)
                if (n1 | n3) & bit:
                    out |= BISHOP_ATTACKS(sq, block)
            return out
        out = 0
        if special:
            out = neighbours_of(where)
        else:
            src = where & n4
            if src:
                out = neighbours_of(src)
        src = where & n0
        if src:
            out |= knight_spread(src)
        src = where & (n2 | n3)
        if src:
            out |= slide(src, empty, ORTHOGONAL)
        src = where & (n1 | n3)
        if src:
            out |= slide(src, empty, DIAGONAL)
        return out

    def _walk(self, j: int, levels, state):
        """``levels`` (squares by moves made, without and with a lender
        brought) after one more layer. A move needs a lender brought unless
        one stands on its first square next to the mover, or the colour has
        no pairs."""
        empty = state[3]
        out = (list(levels[0]), list(levels[1]))
        for flag in (0, 1):
            for m, bb in enumerate(levels[flag]):
                moved = self._spread(j, bb, state) & empty
                if not moved:
                    continue
                if flag:
                    _add(out, 1, m + 1, moved)
                    continue
                free = self._spread(j, bb, state, still=True) & moved
                if free:
                    _add(out, 0, m + 1, free)
                if moved & ~free:
                    _add(out, 1, m + 1, moved & ~free)
        return out

    def _finish(self, a: int, levels, target: int, own, state, gone: int = 0) -> int:
        """The fewest moves a capture by piece ``a`` (on the squares of
        ``levels``, by moves made so far) of a piece of code ``target`` can
        take: those moves, the victim's own moves, the capture, and one for
        each other piece that must have moved for it (class docstring)."""
        near_all, twins, block, _, specials = state
        squares = self.squares
        code = self.codes[a]
        base = code - code % 5
        prey_levels: list[int] = []
        prey_start = 0
        for q in self.by_code[target]:
            if q == a:
                continue
            prey_start |= 1 << squares[q]
            for m, bb in enumerate(_merged(own[q])):
                while len(prey_levels) <= m:
                    prey_levels.append(0)
                prey_levels[m] |= bb
        prey = _union(prey_levels)
        if not prey:
            return INF
        others = self.occ0 & ~(1 << squares[a]) & ~prey_start & ~gone  # block until they move
        special = specials[base // 5]
        near = near_all[base : base + 5]
        near[code - base] = twins[a]
        still = self.still[a]
        start_of_code = self.start_of_code
        same_side = target // 5 == code // 5  # the victim may have been a lender
        best = INF
        for made, where, flag in _by_moves(levels):
            if made + 1 >= best:
                break
            if not self._spread(a, where, state) & prey:
                continue
            for x in bits(where):
                bit = 1 << x
                ring = KING_ATT[x]
                for k in range(6):
                    if k == KING_STEP:
                        if not special:
                            continue
                        lender_moved = 0
                        hits = ring & prey
                    else:
                        if not near[k] & bit:
                            continue
                        lender_moved = 0 if still[k] & bit else 1
                        if k == 0:
                            hits = KNIGHT_ATT[x] & prey
                        elif k == 4:
                            hits = ring & prey
                        elif k == 1:
                            hits = BISHOP_ATTACKS(x, block) & prey
                        elif k == 2:
                            hits = ROOK_ATTACKS(x, block) & prey
                        else:
                            hits = (ROOK_ATTACKS(x, block) | BISHOP_ATTACKS(x, block)) & prey
                        if lender_moved and target == base + k:
                            lender_moved = 0  # the victim itself may have come to lend
                    for y in bits(hits):
                        moved_b = 0
                        while not prey_levels[moved_b] >> y & 1:
                            moved_b += 1
                        line = BETWEEN[x][y] & others
                        lm = lender_moved
                        if lm and k < KING_STEP and line & start_of_code[base + k]:
                            lm = 0  # a piece leaving the line may be the lender
                        brought = flag
                        if brought and (
                            (same_side and moved_b) or line & self.side_start[base // 5]
                        ):
                            brought = 0  # the lender brought may be the victim or a blocker
                        cost = made + moved_b + line.bit_count() + max(lm, brought) + 1
                        if cost < best:
                            best = cost
        return best


def _merged(levels) -> list[int]:
    """Squares by moves made, whether a lender was brought or not."""
    plain, brought = levels
    out = list(plain)
    for m, bb in enumerate(brought):
        if m < len(out):
            out[m] |= bb
        else:
            out.append(bb)
    return out


def _by_moves(levels):
    """(moves made, squares, lender brought) in order of moves, then flag."""
    plain, brought = levels
    for m in range(max(len(plain), len(brought))):
        if m < len(plain) and plain[m]:
            yield m, plain[m], 0
        if m < len(brought) and brought[m]:
            yield m, brought[m], 1


def _add(levels, flag: int, m: int, bb: int) -> None:
    """Add squares reached in ``m`` moves (with ``flag``), unless already
    reached as cheaply."""
    plain, brought = levels
    seen = _union(plain[: m + 1])
    if flag:
        seen |= _union(brought[: m + 1])
    bb &= ~seen
    if not bb:
        return
    target = brought if flag else plain
    while len(target) <= m:
        target.append(0)
    target[m] |= bb


def _union(levels: list[int]) -> int:
    out = 0
    for bb in levels:
        out |= bb
    return out
