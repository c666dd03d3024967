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
from game.games.golf.hole import ALL, BISHOP_ATTACKS, ROOK_ATTACKS, Board, Goal

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


class _Relaxed:
    """The relaxed planning graph of one position (see the module docstring).

    Layer ``k`` over-approximates what ``k`` moves can do: ``reach[j]`` is
    every square piece ``j`` may stand on, a square is empty once its first
    occupant could have left, and each piece borrows from every square its
    lenders may stand on. For the chosen pieces the squares are also kept by
    the number of the piece's own moves it takes to get there (``own[j][m]``:
    never fewer than in the real game, since every real move is one of the
    graph's on its layer). A capture found on layer ``k`` then costs at least
    the capturer's own moves, the victim's own moves, one move for each
    other piece still standing in the line and one for a lender that had to
    come: distinct pieces, so the moves add up. The bound is the cheapest
    such capture, and never less than ``k + 1``. A three-card capturer is
    followed through its first capture (``after[i][c]``: its squares once it
    and its first victim have made ``c`` moves between them)."""

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
        keys = self.keys
        occ0 = self.occ0
        hits = self._hits
        reach = [1 << sq for sq in squares]
        own: dict[int, list[int]] = {j: [1 << squares[j]] for j in keys}
        after: list[list[int]] = [[] for _ in firsts]
        best = INF
        for layer in range(limit + 1):
            vacated = 0
            for j in range(n):
                if reach[j] != 1 << squares[j]:
                    vacated |= 1 << squares[j]
            empty = (ALL & ~occ0) | vacated
            block = ALL & ~empty
            lenders = [0] * 10
            for j in range(n):
                lenders[codes[j]] |= reach[j]
            for i, (a, _, _) in enumerate(firsts):
                for bb in after[i]:
                    lenders[codes[a]] |= bb
            state = (
                reach,
                lenders,
                block,
                (layer >= self.special_at[0], layer >= self.special_at[1]),
                {},
            )
            # the captures that finish the hole
            for a, target in finals:
                cost = self._finish(a, own[a], target, own, state)
                if cost < best:
                    best = max(layer + 1, cost)
            for i, (a, _, second) in enumerate(firsts):
                if after[i]:
                    cost = self._finish(a, after[i], second, own, state)
                    if cost < best:
                        best = max(layer + 1, cost)
            if best <= layer + 1 or layer == limit:
                return best if best <= limit + 1 else limit + 2
            # the next layer
            new = list(reach)
            for j in range(n):
                if j in own:
                    continue
                grow = 0
                for sq in bits(reach[j]):
                    grow |= hits(j, sq, state)
                new[j] |= grow & empty
            new_own = {}
            for j, levels in own.items():
                new_own[j] = self._walk(j, levels, empty, state)
                whole = 0
                for bb in new_own[j]:
                    whole |= bb
                new[j] = whole
            new_after = []
            for i, (a, first, _) in enumerate(firsts):
                levels = self._walk(a, after[i], empty, state) if after[i] else []
                for m, bb in enumerate(own[a]):  # it lands on its first victim
                    landing = 0
                    for sq in bits(bb):
                        landing |= hits(a, sq, state)
                    if not landing:
                        continue
                    for q in by_code[first]:
                        if q == a:
                            continue
                        for mb, pb in enumerate(own[q]):
                            hit = landing & pb
                            if hit:
                                c = m + mb + 1
                                while len(levels) <= c:
                                    levels.append(0)
                                levels[c] |= hit & ~_union(levels[: c + 1])
                new_after.append(levels)
            if new == reach and new_after == after:
                return best if best <= limit + 1 else INF  # nothing more can happen
            reach = new
            own = new_own
            after = new_after
        return limit + 2

    def _walk(self, j: int, levels: list[int], empty: int, state) -> list[int]:
        """``levels`` (squares by moves made) after one more layer."""
        out = list(levels)
        seen = _union(levels)
        for m, bb in enumerate(levels):
            grow = 0
            for sq in bits(bb):
                grow |= self._hits(j, sq, state)
            grow &= empty & ~seen
            if grow:
                if m + 1 == len(out):
                    out.append(0)
                out[m + 1] |= grow
                seen |= grow
        return out

    def _hits(self, j: int, sq: int, state) -> int:
        """Squares piece ``j`` on ``sq`` attacks on this layer."""
        reach, lenders, block, specials, cache = state
        key = j * 64 + sq
        t = cache.get(key)
        if t is not None:
            return t
        code = self.codes[j]
        base = code - code % 5
        ring = KING_ATT[sq]
        t = ring if specials[base // 5] else 0
        for k in range(5):
            if base + k == code:  # not itself: only the other piece of its code
                lend = 0
                for q in self.by_code[code]:
                    if q != j:
                        lend |= reach[q]
            else:
                lend = lenders[base + k]
            if lend & ring:
                if k == 0:
                    t |= KNIGHT_ATT[sq]
                elif k == 4:
                    t |= ring
                else:
                    if k != 1:
                        t |= ROOK_ATTACKS(sq, block)
                    if k != 2:
                        t |= BISHOP_ATTACKS(sq, block)
        cache[key] = t
        return t

    def _finish(self, a: int, levels: list[int], target: int, own, state) -> int:
        """The fewest moves a capture by piece ``a`` (on the squares of
        ``levels``, by moves made so far) of a piece of code ``target`` can
        take: those moves, the victim's own moves, the capture, and one for
        each other piece that must have moved for it (class docstring)."""
        reach, lenders, block, specials, _ = state
        squares = self.squares
        code = self.codes[a]
        base = code - code % 5
        prey_levels: list[int] = []
        prey_start = 0
        for q in self.by_code[target]:
            if q == a:
                continue
            prey_start |= 1 << squares[q]
            for m, bb in enumerate(own[q]):
                while len(prey_levels) <= m:
                    prey_levels.append(0)
                prey_levels[m] |= bb
        prey = _union(prey_levels)
        if not prey:
            return INF
        others = self.occ0 & ~(1 << squares[a]) & ~prey_start  # block until they move
        special = specials[base // 5]
        start_of_code = self.start_of_code
        best = INF
        for made, where in enumerate(levels):
            if made + 1 >= best:
                break
            for x in bits(where):
                if self._hits(a, x, state) & prey == 0:
                    continue
                ring = KING_ATT[x]
                for k in range(6):
                    if k == KING_STEP:
                        if not special:
                            continue
                        lender_moved = 0
                        hits = ring & prey
                    else:
                        lcode = base + k
                        if lcode == code:
                            lend = 0
                            still = 0
                            for q in self.by_code[code]:
                                if q != a:
                                    lend |= reach[q]
                                    still |= 1 << squares[q]
                        else:
                            lend = lenders[lcode]
                            still = start_of_code[lcode]
                        if not lend & ring:
                            continue
                        lender_moved = 0 if still & ring else 1
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
                        if lender_moved and target == lcode:
                            lender_moved = 0  # the victim itself may have come to lend
                    for y in bits(hits):
                        moved_b = 0
                        while not prey_levels[moved_b] >> y & 1:
                            moved_b += 1
                        line = BETWEEN[x][y] & others
                        lm = lender_moved
                        if lm and k < KING_STEP and line & start_of_code[base + k]:
                            lm = 0  # a piece leaving the line may be the lender
                        cost = made + moved_b + line.bit_count() + lm + 1
                        if cost < best:
                            best = cost
        return best


def _union(levels: list[int]) -> int:
    out = 0
    for bb in levels:
        out |= bb
    return out


# -- the search -------------------------------------------------------------------------------
