"""The Chess Golf solver: the proven-shortest solution of a hole, or proof
that there is none.

Iterative deepening A* (IDA*) over states ``(board, goal)`` (hole.py: ten
bitboards, one per piece code, so interchangeable pieces make one state),
with:

- a transposition table of proven lower bounds kept across the iterations
  (a state whose subtree failed with ``r`` moves left needs at least
  ``r + 1``), so every move order that reaches a state is searched once;
- an admissible lower bound from a relaxed planning graph (bound.py): the
  first layer on which an allowed capture can happen, and the moves of the
  distinct pieces it needs (capturer, victim, pieces in the line, a lender
  that had to come), whichever is more;
- the last two moves found by direct look-ahead (a capture now, or a move
  after which there is one; with two captures still to make, a capture
  after which there is the second).

A computer player's solve is bounded by its nodes and by the deadline of
its decision (game/engine/deadline.py), looked at every node; the rules'
own solves never have one.

``solve`` gives the length and one shortest line, ``par`` the length alone,
``check`` whether a claimed count can be met, and ``solve_text`` reads the
puzzle format of scripts/golf_solve.py. Never imports pygame.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field

from game.engine.board import bits
from game.engine.chess.tables import KING_ATT, KNIGHT_ATT
from game.engine.deadline import Deadline
from game.games.golf.bound import BETWEEN, INF, lower_bound
from game.games.golf.hole import (
    ALL,
    BISHOP_ATTACKS,
    ROOK_ATTACKS,
    Board,
    Goal,
    Move,
    code_of_letter,
    from_diagram,
    neighbours_of,
)

MAX_LENGTH = 30  # no hole dealt from a full set needs more (see scripts/bench_golf.py)
TABLE_LIMIT = 2_000_000  # entries kept in the transposition table


class SearchLimit(Exception):
    """The node limit ran out before the search finished."""


class OutOfTime(SearchLimit):
    """The decision's deadline passed before the search finished (never
    remembered: the same hole may be settled in time at a calmer moment)."""


@dataclass
class Solution:
    """What the solver found: ``length`` None when the hole cannot be
    solved (within ``max_length`` moves), ``moves`` one shortest line."""

    length: int | None
    moves: tuple[Move, ...] = ()
    nodes: int = 0
    seconds: float = 0.0
    stats: dict = field(default_factory=dict)

    @property
    def solvable(self) -> bool:
        return self.length is not None

    def text(self) -> str:
        return " ".join(str(m) for m in self.moves)


# -- move generation ----------------------------------------------------------------------
def _side_codes(board: Board, sq: int, base: int) -> int:
    bit = 1 << sq
    for code in range(base, base + 5):
        if board[code] & bit:
            return code
    raise AssertionError("no piece there")


def _movers(own: int) -> tuple[bool, int]:
    """Whether a colour takes the king's step (no two of its pieces side by
    side), and its pieces that may move: all of them then, else those with a
    neighbour to borrow from."""
    paired = own & neighbours_of(own)
    return (not paired, paired or own)


def _reach(board: Board, sq: int, base: int, occ: int, special: bool) -> int:
    """The squares the piece on ``sq`` attacks: a king's step, or what its
    neighbours lend it."""
    return KING_ATT[sq] if special else _attacks(board, sq, base, occ)


def _attacks(board: Board, sq: int, base: int, occ: int) -> int:
    ring = KING_ATT[sq]
    t = 0
    if board[base] & ring:
        t = KNIGHT_ATT[sq]
    if board[base + 4] & ring:
        t |= ring
    queen = board[base + 3]
    if (board[base + 2] | queen) & ring:
        t |= ROOK_ATTACKS(sq, occ)
    if (board[base + 1] | queen) & ring:
        t |= BISHOP_ATTACKS(sq, occ)
    return t


def children(board: Board, goal: Goal) -> list[tuple[Move, Board, Goal | None]]:
    """Every move with the board and goal after it (goal None: solved)."""
    occ = 0
    for bb in board:
        occ |= bb
    empty = ALL & ~occ
    out = []
    cards = goal.cards
    capturer = goal.capturer
    for side in (0, 1):
        base = side * 5
        own = board[base] | board[base + 1] | board[base + 2] | board[base + 3] | board[base + 4]
        movers = own & neighbours_of(own)
        special = not movers
        if special:
            movers = own
        for sq in bits(movers):
            code = _side_codes(board, sq, base)
            hits = KING_ATT[sq] if special else _attacks(board, sq, base, occ)
            from_bit = 1 << sq
            follows = capturer == sq  # the capturer moves: the goal follows it
            for to in bits(hits & empty):
                new = list(board)
                new[code] ^= from_bit | (1 << to)
                out.append(
                    (Move(sq, to), tuple(new), goal._replace(capturer=to) if follows else goal)
                )
            may_capture = sq == capturer if capturer is not None else code in cards
            if may_capture:
                for to in bits(hits & occ):
                    bit = 1 << to
                    for target in range(10):
                        if board[target] & bit:
                            break
                    if goal.allows(code, target, sq):
                        new = list(board)
                        new[target] ^= bit
                        new[code] ^= from_bit | bit
                        out.append((Move(sq, to), tuple(new), goal.after(code, target, to)))
    return out


_PREY: dict[tuple[int, ...], tuple[tuple[int, tuple[int, ...]], ...]] = {}


def _prey_codes(cards: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Per capturing code, the codes it may take (two-card holes)."""
    found = _PREY.get(cards)
    if found is None:
        out = []
        for code in sorted(set(cards)):
            rest = list(cards)
            rest.remove(code)
            out.append((code, tuple(sorted(set(rest)))))
        found = _PREY[cards] = tuple(out)
    return found


def finishing_move(board: Board, goal: Goal) -> Move | None:
    """A capture that finishes the hole at once, or None."""
    cards = goal.cards
    capturer = goal.capturer
    if capturer is None and len(cards) == 3:
        return None  # the first of two captures finishes nothing
    occ = 0
    for bb in board:
        occ |= bb
    if capturer is not None:
        jobs = ((capturer, board[goal.need]),)
    else:
        jobs = []
        for code, preys in _prey_codes(cards):
            mine = board[code]
            if not mine:
                continue
            prey = 0
            for p in preys:
                prey |= board[p]
            if prey:
                for sq in bits(mine):
                    jobs.append((sq, prey & ~(1 << sq)))
    for sq, prey in jobs:
        if not prey:
            continue
        base = 0 if (board[0] | board[1] | board[2] | board[3] | board[4]) >> sq & 1 else 5
        own = board[base] | board[base + 1] | board[base + 2] | board[base + 3] | board[base + 4]
        if own & neighbours_of(own):
            hits = _attacks(board, sq, base, occ) & prey
        else:
            hits = KING_ATT[sq] & prey
        if hits:
            return Move(sq, (hits & -hits).bit_length() - 1)
    return None


def _captures(board: Board, goal: Goal) -> list[tuple[Move, Board, Goal | None]]:
    """Only the allowed captures (cheaper than ``children``)."""
    occ = 0
    for bb in board:
        occ |= bb
    out = []
    if goal.capturer is not None:
        squares = [goal.capturer]
    else:
        squares = [sq for code in sorted(set(goal.cards)) for sq in bits(board[code])]
    for sq in squares:
        base = 0 if (board[0] | board[1] | board[2] | board[3] | board[4]) >> sq & 1 else 5
        code = _side_codes(board, sq, base)
        own = board[base] | board[base + 1] | board[base + 2] | board[base + 3] | board[base + 4]
        if own & neighbours_of(own):
            hits = _attacks(board, sq, base, occ) & occ
        else:
            hits = KING_ATT[sq] & occ
        for to in bits(hits):
            bit = 1 << to
            for target in range(10):
                if board[target] & bit:
                    break
            if goal.allows(code, target, sq):
                new = list(board)
                new[target] ^= bit
                new[code] ^= (1 << sq) | bit
                out.append((Move(sq, to), tuple(new), goal.after(code, target, to)))
    return out


def one_move_then_finish(board: Board, goal: Goal) -> tuple[Move, Move] | None:
    """A quiet move after which a capture finishes the hole (one capture
    left to make, none possible at once), or None.

    Only moves that can matter to the capture are tried: if the capture
    after a move would also be legal without it, the hole could be finished
    at once. A move matters when it moves a piece that may capture or be
    captured, leaves a square between such a pair, brings a lender of the
    capturer's colour next to a capturer, or leaves the capturer's colour
    without a pair (the king's step). Any other move changes nothing the
    capture needs: no lender, no line, no pair of that colour."""
    occ = 0
    for bb in board:
        occ |= bb
    empty = ALL & ~occ
    caps: list[tuple[int, int]] = []  # (square, prey squares)
    if goal.capturer is not None:
        caps.append((goal.capturer, board[goal.need]))
    else:
        for code, preys in _prey_codes(goal.cards):
            prey = 0
            for p in preys:
                prey |= board[p]
            for sq in bits(board[code]):
                if prey & ~(1 << sq):
                    caps.append((sq, prey & ~(1 << sq)))
    if not caps:
        return None
    white = board[0] | board[1] | board[2] | board[3] | board[4]
    black = occ & ~white
    movers_of = (white, black)
    key_from = 0  # pieces whose every move matters
    lend_to = [0, 0]  # per colour: squares where a piece lends to a capturer
    cap_sides = 0
    for sq, prey in caps:
        key_from |= (1 << sq) | prey
        for y in bits(prey):
            key_from |= BETWEEN[sq][y] & occ
        side = 0 if white >> sq & 1 else 1
        lend_to[side] |= KING_ATT[sq]
        cap_sides |= 1 << side
    for side in (0, 1):
        base = side * 5
        own = movers_of[side]
        special, movers = _movers(own)
        breakers = 0  # pieces whose leaving may leave the colour without a pair
        if cap_sides >> side & 1 and not special:
            for sq in bits(movers):
                rest = own ^ (1 << sq)
                if not rest & neighbours_of(rest):
                    breakers |= 1 << sq
        for sq in bits(movers):
            from_bit = 1 << sq
            hits = _reach(board, sq, base, occ, special) & empty
            if not (key_from | breakers) & from_bit:
                hits &= lend_to[side]
            if not hits:
                continue
            code = _side_codes(board, sq, base)
            follows = goal.capturer == sq
            for to in bits(hits):
                new = list(board)
                new[code] ^= from_bit | (1 << to)
                child = tuple(new)
                finish = finishing_move(child, goal._replace(capturer=to) if follows else goal)
                if finish is not None:
                    return Move(sq, to), finish
    return None


def two_captures_within_three(board: Board, goal: Goal) -> list[Move] | None:
    """A line of at most three moves that makes both captures of a
    three-card hole (none made yet), or None: the two captures, a capture,
    a move and the capture, or a move and the two captures.

    A move before the first capture is only tried if it can matter to one
    of them (``_before_two_captures``): without it the captures would be
    legal as they are, and the two-move line would have been found."""
    firsts = _captures(board, goal)
    for c1, child, next_goal in firsts:
        if next_goal is not None:
            finish = finishing_move(child, next_goal)
            if finish is not None:
                return [c1, finish]
    for c1, child, next_goal in firsts:
        if next_goal is not None:
            found = one_move_then_finish(child, next_goal)
            if found is not None:
                return [c1, *found]
    plans = _capture_plans(goal.cards)
    for frm, to, code in _before_two_captures(board, goal):
        new = list(board)
        new[code] ^= (1 << frm) | (1 << to)
        pair = _two_captures_now(tuple(new), plans)
        if pair is not None:
            return [Move(frm, to), *pair]
    return None


_PLANS: dict[tuple[int, ...], tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = {}


def _capture_plans(cards: tuple[int, ...]) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Per capturing code of a three-card hole, its (first, second) victims' codes."""
    found = _PLANS.get(cards)
    if found is None:
        out = []
        for x in sorted(set(cards)):
            rest = list(cards)
            rest.remove(x)
            orders = {(rest[0], rest[1]), (rest[1], rest[0])}
            out.append((x, tuple(sorted(orders))))
        found = _PLANS[cards] = tuple(out)
    return found


def _hits(board: Board, sq: int, base: int, own: int, occ: int) -> int:
    """The squares the piece on ``sq`` attacks (borrowed moves, or the
    king's step when ``own``, its colour, has no pair)."""
    if own & neighbours_of(own):
        return _attacks(board, sq, base, occ)
    return KING_ATT[sq]


def _two_captures_now(board: Board, plans) -> tuple[Move, Move] | None:
    """Two captures in a row that finish a three-card hole, or None (the
    same as trying every capture and then ``finishing_move``, faster)."""
    occ = 0
    for bb in board:
        occ |= bb
    white = board[0] | board[1] | board[2] | board[3] | board[4]
    owns = (white, occ & ~white)
    paired = (white & neighbours_of(white), owns[1] & neighbours_of(owns[1]))
    for x, orders in plans:
        mine = board[x]
        if not mine:
            continue
        base = x - x % 5
        own = owns[x // 5]
        pairs = paired[x // 5]
        prey = 0
        for y, _ in orders:
            prey |= board[y]
        while mine:
            low = mine & -mine
            mine ^= low
            a = low.bit_length() - 1
            if pairs:
                if not pairs & low:
                    continue  # no neighbour of its colour: it cannot move
                hits = _attacks(board, a, base, occ) & prey & ~low
            else:
                hits = KING_ATT[a] & prey
            while hits:
                bit = hits & -hits
                hits ^= bit
                b = bit.bit_length() - 1
                for y, z in orders:
                    if not board[y] & bit:
                        continue
                    second = board[z] & ~bit
                    if z == x:
                        second &= ~(1 << a)
                    if not second:
                        continue
                    new = list(board)
                    new[y] ^= bit
                    new[x] ^= (1 << a) | bit
                    after_occ = occ ^ (1 << a)
                    new_own = own ^ (1 << a) | bit
                    hits2 = _hits(tuple(new), b, base, new_own, after_occ) & second
                    if hits2:
                        return Move(a, b), Move(b, (hits2 & -hits2).bit_length() - 1)
    return None


def _before_two_captures(board: Board, goal: Goal):
    """The quiet moves (from, to, the mover's code) that can matter to a
    three-card capturer's two captures made right after: a move of a chosen
    piece; a piece leaving the line from a capturer to its first victim or
    from there to the second; a piece of the capturer's colour coming next
    to the capturer or to the square of its first capture (a lender); a
    piece whose leaving leaves the capturer's colour without a pair, now or
    once the capturer stands on its first victim's square."""
    occ = 0
    for bb in board:
        occ |= bb
    empty = ALL & ~occ
    white = board[0] | board[1] | board[2] | board[3] | board[4]
    own_of = (white, occ & ~white)
    cards = goal.cards
    squares = {code: tuple(bits(board[code])) for code in set(cards)}
    key_from = 0
    for code in squares:
        key_from |= board[code]
    lend_to = [0, 0]
    variants: list[list[int]] = [[], []]  # per colour: its pieces when a capture is made
    orders = set()
    for i, x in enumerate(cards):
        rest = cards[:i] + cards[i + 1 :]
        orders.add((x, rest[0], rest[1]))
        orders.add((x, rest[1], rest[0]))
    for x, y, z in orders:
        side = x // 5
        own = own_of[side]
        if own not in variants[side]:
            variants[side].append(own)
        for a in squares[x]:
            lend_to[side] |= KING_ATT[a]
            for b in squares[y]:
                if b == a:
                    continue
                key_from |= BETWEEN[a][b] & occ
                lend_to[side] |= KING_ATT[b]
                variants[side].append((own & ~(1 << a)) | (1 << b))
                for c in squares[z]:
                    if c != a and c != b:
                        key_from |= BETWEEN[b][c] & occ
    for side in (0, 1):
        base = side * 5
        own = own_of[side]
        special, movers = _movers(own)
        breakers = 0
        for v in variants[side]:
            for sq in bits(v & neighbours_of(v)):
                rest = v ^ (1 << sq)
                if not rest & neighbours_of(rest):
                    breakers |= 1 << sq
        for sq in bits(movers):
            from_bit = 1 << sq
            hits = _reach(board, sq, base, occ, special) & empty
            if not (key_from | breakers) & from_bit:
                hits &= lend_to[side]
            if not hits:
                continue
            code = _side_codes(board, sq, base)
            for to in bits(hits):
                yield sq, to, code


# -- the lower bound ----------------------------------------------------------------------
def _near_chosen(board: Board, goal: Goal) -> int:
    """The chosen pieces' squares and the squares around them (to try moves
    there first)."""
    chosen = 0
    for code in set(goal.cards):
        chosen |= board[code]
    return chosen | neighbours_of(chosen)


class _Search:
    def __init__(self, node_limit: int | None, deadline: Deadline | None = None):
        self.deadline = deadline
        self.table: OrderedDict = OrderedDict()  # state -> proven lower bound
        self.bounds: dict = {}  # state -> (lower_bound's answer, the limit it was asked)
        self.nodes = 0
        self.node_limit = node_limit
        self.line: list[Move] = []

    def remember(self, key, bound: int) -> None:
        table = self.table
        if table.get(key, 0) < bound:
            table[key] = bound
            if len(table) > TABLE_LIMIT:
                for _ in range(TABLE_LIMIT // 4):
                    table.popitem(last=False)
                self.bounds.clear()

    def bound(self, key, limit: int) -> int:
        """``lower_bound`` of the state ``key`` (asked once per state as far
        as it can be)."""
        known = self.bounds.get(key)
        if known is not None:
            value, asked = known
            if value <= asked + 1 or asked >= limit:  # exact, or asked as far
                return value if value <= limit + 1 else limit + 2
        value = lower_bound(key[0], key[1], limit)
        self.bounds[key] = (value, limit)
        return value

    def dfs(self, board: Board, goal: Goal, left: int) -> bool:
        """Is there a solution in at most ``left`` moves? (``self.line``
        holds it when there is.)"""
        self.nodes += 1
        if self.node_limit is not None and self.nodes > self.node_limit:
            raise SearchLimit
        if self.deadline is not None and self.deadline.passed():
            raise OutOfTime
        key = (board, goal)
        if self.table.get(key, 0) > left:
            return False
        finish = finishing_move(board, goal)
        if finish is not None:
            self.line.append(finish)
            return True
        if left <= 1:
            self.remember(key, 2)
            return False
        two_to_make = goal.capturer is None and len(goal.cards) == 3
        if left == 2:
            # one move and the capture; with two captures still to make,
            # the move must be the first of them
            if two_to_make:
                for move, child, next_goal in _captures(board, goal):
                    finish = finishing_move(child, next_goal) if next_goal is not None else None
                    if finish is not None:
                        self.line += [move, finish]
                        return True
            else:
                found = one_move_then_finish(board, goal)
                if found is not None:
                    self.line += found
                    return True
            self.remember(key, 3)
            return False
        if left == 3 and two_to_make:  # settled by looking: cheaper than the bound
            found3 = two_captures_within_three(board, goal)
            if found3 is not None:
                self.line += found3
                return True
            self.remember(key, 4)
            return False
        bound = self.bound(key, left - 1)
        if bound > left:
            self.remember(key, bound)
            return False
        steps = children(board, goal)
        if left >= 4:
            # the most promising first: children by their lower bound (each
            # is asked anyway when it is searched, so this costs nothing
            # where the whole tree is searched, and finds solutions early)
            scored = []
            three = len(goal.cards) == 3
            near = _near_chosen(board, goal)
            for step in steps:
                child_key = (step[1], step[2])
                known = self.table.get(child_key, 0)
                if known > left - 1:
                    continue  # proven too long already: no bound to work out
                if left == 4 and step[2] is not None and step[2].capturer is None and three:
                    value = known  # settled by looking when it is searched
                else:
                    value = max(known, self.bound(child_key, left - 2))
                if value <= left - 1:
                    move = step[0]
                    touch = 0 if near >> move.frm & 1 else (1 if near >> move.to & 1 else 2)
                    scored.append((value, touch, len(scored), step))
            scored.sort()
            steps = [step for *_, step in scored]
        for move, child, next_goal in steps:
            if next_goal is None:
                continue  # cannot happen: finishing moves were looked for above
            self.line.append(move)
            if self.dfs(child, next_goal, left - 1):
                return True
            self.line.pop()
        self.remember(key, left + 1)
        return False


def solve(
    board: Board,
    goal: Goal | Sequence[int],
    max_length: int = MAX_LENGTH,
    node_limit: int | None = None,
    deadline: Deadline | None = None,
) -> Solution:
    """The shortest solution of the hole (``Solution.length`` None if there
    is none within ``max_length`` moves). SearchLimit if ``node_limit``
    nodes were searched without an answer, OutOfTime if ``deadline``
    passed first."""
    if not isinstance(goal, Goal):
        goal = Goal.of(goal)
    start = time.perf_counter()
    search = _Search(node_limit, deadline)
    first = lower_bound(board, goal, max_length)
    length = None
    for bound in range(max(1, first), max_length + 1):
        search.line = []
        if search.dfs(board, goal, bound):
            length = bound
            break
        if first >= INF:
            break
    return Solution(
        length,
        tuple(search.line) if length is not None else (),
        search.nodes,
        time.perf_counter() - start,
        {"table": len(search.table)},
    )


_CACHE: OrderedDict = OrderedDict()
CACHE_SIZE = 256


def cached_solve(
    board: Board, goal: Goal, node_limit: int | None, deadline: Deadline | None = None
) -> Solution:
    """``solve`` remembered per hole (the rules ask again on every replay).
    A search that ran out of nodes is remembered too, so asking again with
    the same or a smaller limit fails at once (SearchLimit); one that ran
    out of time (OutOfTime) is not."""
    key = (board, goal)
    known = _CACHE.get(key)
    if isinstance(known, Solution):
        _CACHE.move_to_end(key)
        return known
    if known is not None and node_limit is not None and node_limit <= known:
        raise SearchLimit
    try:
        found = solve(board, goal, node_limit=node_limit, deadline=deadline)
    except OutOfTime:
        raise
    except SearchLimit:
        _CACHE[key] = node_limit
        raise
    _CACHE[key] = found
    while len(_CACHE) > CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def par(board: Board, goal: Goal | Sequence[int], max_length: int = MAX_LENGTH) -> int | None:
    """The fewest moves that solve the hole; None if it cannot be solved."""
    return solve(board, goal, max_length).length


def check(board: Board, goal: Goal | Sequence[int], claimed: int) -> bool:
    """Can the hole be solved in ``claimed`` moves or fewer?"""
    if claimed < 1:
        return False
    return solve(board, goal, max_length=claimed).length is not None


def parse_puzzle(text: str) -> tuple[Board, Goal]:
    """A hole in the puzzle format: 8 board lines, rank 8 first, squares
    separated by spaces, then ``chosen: `` and two or three piece letters.
    ValueError with a message for people."""
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    chosen = [line for line in lines if line.lower().startswith("chosen")]
    if len(chosen) != 1:
        raise ValueError(
            "the hole needs one line 'chosen: ' with the chosen cards, e.g. 'chosen: Kb'"
        )
    board_lines = [line for line in lines if not line.lower().startswith("chosen")]
    board = from_diagram("\n".join(board_lines))
    _, colon, letters = chosen[0].partition(":")
    letters = "".join(letters.split())
    if not colon or not 2 <= len(letters) <= 3:
        raise ValueError(
            "'chosen:' takes two or three piece letters, e.g. 'chosen: Kb' or 'chosen: nnr'"
        )
    codes = [code_of_letter(ch) for ch in letters]
    for code in set(codes):
        have = board[code].bit_count()
        if have < codes.count(code):
            from game.games.golf.hole import piece_name

            raise ValueError(
                f"the chosen {piece_name(code)} appears {codes.count(code)} times "
                f"but the board has {have}"
            )
    return board, Goal.of(codes)


def solve_text(text: str, **kwargs) -> Solution:
    board, goal = parse_puzzle(text)
    return solve(board, goal, **kwargs)
