"""Can the mover still end the turn with the king safe? The look ahead of
Zombie Chess (rules.py) asks this after every move it foresees; trying the
pieces still to move in every order grew about 28 times per zombie. Three
things keep it small, none changing an answer:

- ``Finishing`` remembers the answer per position (the orders of the same
  moves meet in one position);
- ``hopeless`` rules a position out at once when no final position can be
  safe: on every square the king may still end on, each enemy attack on it
  (with the unmoved zombies gone) must be met, the attacker taken or its
  line blocked, by a move of its own (one move lands on one square, and the
  squares meeting two attacks are apart), so attacks are matched to movers
  (the living pieces share the one ordinary move). Where the king stays
  all turn, a lone zombie shielding it may leave only once its line is met
  by another, so landing or rising on the shield's square meets nothing,
  and a matching in which shields wait for each other in a ring is out.
  Movers whose grave would raise a piece checking the king from next to it
  never move while the king stays, nor those whose risen piece would check
  it along a line no mover can still enter (``held_by_lines``), nor lone
  shields whose attack no mover can meet before them (``held_shields``:
  a pawn that can only take what rises where another mover stands moves
  after it, and blocks till then). The king never steps next to what its
  own grave would raise. Where the king steps aside, a line open now must
  be met before the step, and a lone shield of the king's square moves
  before the step only along its line unless another meets that attack
  first (``_before_step``): a king that must step away while lone shields
  hold its square took 11,821 positions (the worst of 300 random 8-zombie
  hordes, seed 5 in scripts/bench_zombie_horde.py) and takes 553.
  Everything else is left loose (pieces still to move block nothing, the
  order of moves is not followed further, risen pieces attack nothing), so
  it never rules out a position that has a safe ending;
- ``area`` tells the moves that can matter to the king's safety from those
  that cannot; the search tries only the first.

Each mover's ``reaches`` (where it could go this turn) feed both.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.engine.board import bits
from game.engine.chess.tables import (
    BACK_RANK,
    BISHOP,
    GEO,
    KING,
    KING_ATT,
    KNIGHT,
    KNIGHT_ATT,
    PAWN,
    PAWN_ATTACKS,
    PAWN_START,
    QUEEN,
    ROOK,
    WHITE,
    W,
    bishop_attacks,
    castle_squares,
    rook_attacks,
)

if TYPE_CHECKING:
    from game.games.zombie.rules import ZombieState


class Finishing:
    """The answers of one listing of moves, by position, and how many
    positions it examined (tests and the benchmark bound that number)."""

    def __init__(self) -> None:
        self.known: dict[tuple, bool] = {}
        self.examined = 0


STRAIGHT = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


def reaches(state: ZombieState, movers: list[int]) -> dict[int, int]:
    """Each mover's square -> every square it could move to this turn, in
    one move, whatever the others do first: only the pieces that stay block
    it (enemy pieces, since one taken leaves the taker on its square, and
    the mover's pieces that may not move any more). A pawn may take only an
    enemy piece or a piece rising from the mover's grave. A mover that can
    go nowhere is left out: it stays where it is. A mover that can go only
    to another mover's square goes after that one, so blocks its lines."""
    stuck: set[int] = set()
    after: dict[int, int] = {}  # mover -> the movers that can move only after it
    while True:  # a mover with nowhere to go stays, and blocks the others
        out = _reaches(state, [sq for sq in movers if sq not in stuck], after)
        more = {sq for sq, dest in out.items() if not dest}
        # A mover that can go only where another stands (a pawn taking
        # what rises there) moves after it: it blocks that one all along.
        later = dict(after)
        for first, board in _later(out).items():
            later[first] = later.get(first, 0) | board
        if not more and later == after:
            return out
        stuck |= more
        after = later


def _reaches(state: ZombieState, movers: list[int], after: dict[int, int]) -> dict[int, int]:
    us, them = state.turn, 1 - state.turn
    prey = state.occ[them] | sum(1 << sq for sq in state.graves[us] or {})
    bb = state.bb
    out = {}
    for sq in movers:
        own_fixed = state.occ[us] & ~sum(1 << q for q in movers) | after.get(sq, 0)
        fixed = state.occ[them] | own_fixed
        bit = 1 << sq
        if bb[KNIGHT] & bit:
            dest = KNIGHT_ATT[sq]
        elif bb[BISHOP] & bit:
            dest = bishop_attacks(sq, fixed)
        elif bb[ROOK] & bit:
            dest = rook_attacks(sq, fixed)
        elif bb[QUEEN] & bit:
            dest = bishop_attacks(sq, fixed) | rook_attacks(sq, fixed)
        elif bb[KING] & bit:
            dest = KING_ATT[sq]
        else:
            dest = PAWN_ATTACKS[us][sq] & prey
            step = W if us == WHITE else -W
            one = sq + step
            if 0 <= one < 64 and not fixed >> one & 1:
                dest |= 1 << one
                two = one + step
                if PAWN_START[us] & bit and not fixed >> two & 1:
                    dest |= 1 << two
        out[sq] = dest & ~own_fixed
    return out


def held(state: ZombieState, movers: list[int]) -> list[int]:
    """The movers that may not move while the king stays where it is: a
    grave of the mover's under them would raise a piece attacking the king
    from next to it (or a knight's leap away), which nothing can block."""
    king = state.king_square(state.turn)
    return [
        sq for sq in movers if not GEO.between(sq, king) and _rising_contact(state, sq) >> king & 1
    ]


def held_by_lines(state: ZombieState, movers: dict[int, int]) -> list[int]:
    """With the king staying all turn: the movers whose grave would raise
    a piece attacking the king along a line that nothing may still block
    at the turn's end (no piece there but unmoved zombies, which go) and
    that no mover can enter (it may itself; or, behind such zombies, take
    the risen piece). Such a mover
    never moves in a turn that ends safely."""
    us = state.turn
    king = state.king_square(us)
    graves = state.graves[us] or {}
    occ = state.occ[0] | state.occ[1]
    stays = occ & ~sum(1 << sq for sq in state.zombies(us, "z"))
    out = []
    for m in movers:
        between = GEO.between(m, king)
        if m not in graves or not between or between & stays:
            continue
        letter = graves[m][0]
        letters = "Q" if letter == "P" and BACK_RANK[us] >> m & 1 else letter
        line = 0
        if letters in "BQ":
            line |= bishop_attacks(m, 0)
        if letters in "RQ":
            line |= rook_attacks(m, 0)
        if not line >> king & 1:
            continue
        others = movers[m] & between  # it may land on the line itself
        for sq, span in movers.items():
            if sq != m:
                others |= span
        # On an empty line the piece would check at once: only a piece
        # entering the line first lets it leave, not one taking it after.
        if not others & (between if not between & occ else between | 1 << m):
            out.append(m)
    return out


def held_shields(state: ZombieState, movers: dict[int, int]) -> list[int]:
    """With the king staying all turn: the lone shields of the king that
    never move. A shield may leave its line only once another mover met
    the attack (took the attacker or landed between); the movers that can
    move only after it (``reaches``) still block then, and so does it."""
    them, king = 1 - state.turn, state.king_square(state.turn)
    occ = state.occ[0] | state.occ[1]
    out = []
    for x, later in _later(movers).items():
        shield = 1 << x
        for a in bits(state.attackers(them, king, occ & ~shield)):
            between = GEO.between(a, king)
            need = (1 << a | between) & ~shield
            if between & occ != shield or movers[x] & need:
                continue
            others = [sq for sq in movers if sq != x and not later >> sq & 1]
            if not any(span & need for span in _reaches(state, others, {}).values()):
                out.append(x)
                break
    return out


def _later(movers: dict[int, int]) -> dict[int, int]:
    """Mover -> the movers that can go only to its square (a pawn taking
    what rises there): they move after it."""
    out: dict[int, int] = {}
    for sq, dest in movers.items():
        if dest and not dest & (dest - 1) and dest.bit_length() - 1 in movers:
            first = dest.bit_length() - 1
            out[first] = out.get(first, 0) | 1 << sq
    return out


def _contact(letter: str, sq: int, side: int) -> int:
    """The squares next to ``sq`` (or a leap away) a piece of ``side`` and
    kind ``letter`` standing on it attacks."""
    if letter == "N":
        return KNIGHT_ATT[sq]
    if letter == "P":
        return PAWN_ATTACKS[side][sq]
    out = 0
    if letter in "BQK":
        out |= bishop_attacks(sq, ~0)
    if letter in "RQK":
        out |= rook_attacks(sq, ~0)
    return out


def king_squares(state: ZombieState, movers: int, king_may_move: bool) -> list[tuple[int, int]]:
    """Where the king may end the turn, each with the rook castling puts
    beside it (a board, or 0): where it is, or (when it may still make the
    ordinary move) a step away onto a square no piece of its own holds but a
    zombie still to move, or where castling takes it."""
    us = state.turn
    king = state.king_square(us)
    if not king_may_move:
        return [(king, 0)]
    zombies = sum(1 << sq for sq in state.zombies(us, "z")) & movers
    out = [(king, 0)] + [(k, 0) for k in bits(KING_ATT[king] & ~(state.occ[us] & ~zombies))]
    for rook in bits(state.castling & state.occ[us] & state.bb[ROOK]):
        king_to, rook_to = castle_squares(us, king, rook)
        out.append((king_to, 1 << rook_to))
    # A grave of the mover's under the king raises a piece when it leaves:
    # the squares that piece attacks from next to them are out of reach.
    risen = _rising_contact(state, king)
    return [(k, rook) for k, rook in out if k == king or not risen >> k & 1]


def _rising_contact(state: ZombieState, sq: int) -> int:
    """The squares next to ``sq`` (or a leap away) that a piece rising from
    a grave of the mover's on ``sq`` would attack (0 if no grave there)."""
    us = state.turn
    graves = state.graves[us] or {}
    if sq not in graves:
        return 0
    letter = graves[sq][0]
    letters = "QN" if letter == "P" and BACK_RANK[us] >> sq & 1 else letter
    out = 0
    for lt in letters:  # a pawn rising on its last rank: either
        out |= _contact(lt, sq, 1 - us)
    return out


def hopeless(state: ZombieState, movers: dict[int, int], squares: list[tuple[int, int]]) -> bool:
    """True when no way of moving ``movers`` (the pieces that may still
    move, with their ``reaches``; the unmoved zombies among them crumble if
    they stay) can end the turn with the king safe on one of ``squares``."""
    us, them = state.turn, 1 - state.turn
    king = state.king_square(us)
    occ = state.occ[0] | state.occ[1]
    doomed = sum(1 << sq for sq in state.zombies(us, "z"))
    helpers = [sq for sq in movers if sq != king]
    graves = state.graves[us] or {}
    # A grave of the mover's under a piece still to move raises an enemy
    # there: it may block a line too.
    risen = sum(1 << sq for sq in helpers if sq in graves)
    movers_bb = sum(1 << sq for sq in helpers)
    early: dict[int, int] | None = None
    for k, rook in squares:
        # (The castling rook's old square is left filled: a blocker too many
        # only makes the test looser.)
        board = (occ & ~doomed & ~(1 << king)) | 1 << k | rook
        if k == king:
            zombies = [sq for sq in helpers if sq in state.extras]
            # The living pieces share one move, the ordinary one.
            living = 0
            for sq in helpers:
                if sq not in state.extras:
                    living |= movers[sq]
            covers = [movers[sq] for sq in zombies] + ([living] if living else [])
        else:  # the king's step is the ordinary move
            stepping = [sq for sq in helpers if sq in state.extras]
            covers = [movers[sq] for sq in stepping]
            if early is None:
                early = _before_step(state, movers)
            firsts = [early[sq] for sq in stepping]
        needs, shields, soon = [], [], []
        for a in bits(state.attackers(them, k, board) & ~(1 << k)):
            between = GEO.between(a, k)
            need = 1 << a | between
            on = between & occ  # unmoved zombies only: the line is open on ``board``
            first = 0  # the squares of ``need`` where only a move before the king's step meets it
            if k == king and on and not on & (on - 1):
                # The one zombie shielding the king on this line may leave
                # only when the attack is met by something else (the chess
                # rules let no move leave the king attacked, counting no
                # grave), and the king stands on ``k`` all turn: that
                # something still meets it at the end, so neither a piece
                # landing on the shield's square nor one rising there helps.
                need &= ~on
                shield = zombies.index(on.bit_length() - 1) if on & movers_bb else None
            elif (risen | rook) & between:
                continue
            else:
                shield = None
                if k != king and not rook and not on:
                    # A line open now is met before the king may step on ``k``.
                    first, need = need, 0
                elif k != king and not rook and not on & (on - 1):
                    # The lone zombie shielding ``k`` leaves before the king
                    # steps (``_before_step`` says if it can): the line must
                    # be met before the step, maybe on its square; or after:
                    # then by another first, which stays.
                    first = on if early.get(on.bit_length() - 1) else 0
                    need &= ~on
            needs.append(need)
            shields.append(shield)
            soon.append(first)
        if k == king:
            fits = [[bool(c & n) for c in covers] for n in needs]
        else:
            fits = [
                [bool(c & n or f & e) for c, f in zip(covers, firsts, strict=True)]
                for n, e in zip(needs, soon, strict=True)
            ]
        if _matched(fits) and _in_order(needs, covers, shields):
            return False
    return True


def _before_step(state: ZombieState, movers: dict[int, int]) -> dict[int, int]:
    """Where each zombie may land before the king's step (the ordinary
    move: no living piece moves besides). A zombie alone shielding the king
    from an attack may leave that line (take the attacker or slide along
    it) only once another zombie met the attack before; when none can, it
    may not. Repeated until nothing changes (each mask only shrinks, and
    never below where the zombie may truly land: pieces still to move count
    as not blocking, as in ``reaches``)."""
    them, king = 1 - state.turn, state.king_square(state.turn)
    occ = state.occ[0] | state.occ[1]
    out = {sq: span for sq, span in movers.items() if state.extras.get(sq) == "z"}
    lines = {}  # zombie -> the attacks it alone shields the king from
    for z in out:
        shield = 1 << z
        for a in bits(state.attackers(them, king, occ & ~shield)):
            between = GEO.between(a, king)
            if between & occ == shield:
                lines.setdefault(z, []).append(1 << a | between)
    changed = True
    while changed:
        changed = False
        for z, needs in lines.items():
            others = 0
            for sq, span in out.items():
                if sq != z:
                    others |= span
            span = out[z]
            for need in needs:
                if not need & ~(1 << z) & others:
                    span &= need
            if span != out[z]:
                out[z], changed = span, True
    return out


def _matched(fits: list[list[bool]]) -> bool:
    """Can each attack (the squares where a move meets it: the attacker's,
    or one between it and the king) be met by a move of its own? One move
    lands on one square, and the squares of two attacks on one king square
    are apart (one attacker between another and the king would block it),
    so each needs a mover of its own: a matching of attacks to movers
    (``fits[i][j]``: mover j can meet attack i; augmenting paths, the lists
    are short)."""
    owner: dict[int, int] = {}  # mover index -> attack index

    def place(i: int, seen: set[int]) -> bool:
        for j, fit in enumerate(fits[i]):
            if fit and j not in seen:
                seen.add(j)
                if j not in owner or place(owner[j], seen):
                    owner[j] = i
                    return True
        return False

    return all(place(i, set()) for i in range(len(fits)))


#: How many steps ``_in_order`` takes before giving up (and saying
#: yes, which only makes the early exit looser).
ORDER_BUDGET = 500


def _in_order(needs: list[int], covers: list[int], shields: list[int | None]) -> bool:
    """Is there a matching of attacks to movers (as ``_matched``) that can
    be made in some order? ``shields[i]``: the mover that alone shields the
    king from attack ``i`` now (or None). If that mover moves and meets
    another attack, the mover meeting attack ``i`` must have moved before
    it (the king may never stand attacked). A matching whose "before"
    relation has a cycle cannot be made in any order."""
    if all(s is None for s in shields):
        return True
    owner = [-1] * len(needs)  # attack -> mover
    taken: set[int] = set()
    tries = 0

    def acyclic() -> bool:
        by_mover = {j: i for i, j in enumerate(owner)}
        for start in by_mover:
            j, steps = start, 0
            while steps <= len(needs):
                i = by_mover.get(j)  # j meets attack i; j shields attack s?
                prev = None
                for s, sh in enumerate(shields):
                    if sh == j and s != i:
                        prev = owner[s]  # owner[s] moves before j
                if prev is None:
                    break
                j, steps = prev, steps + 1
            else:
                return False
        return True

    def place(i: int) -> bool:
        nonlocal tries
        tries += 1
        if i == len(needs):
            return tries > ORDER_BUDGET or acyclic()
        for j, cover in enumerate(covers):
            if j not in taken and cover & needs[i]:
                taken.add(j)
                owner[i] = j
                if place(i + 1):
                    return True
                taken.discard(j)
                if tries > ORDER_BUDGET:
                    return True
        return False

    return place(0)


def area(
    state: ZombieState, movers: dict[int, int], squares: list[tuple[int, int]]
) -> tuple[int, int]:
    """What matters to the king's safety this turn, as two boards.

    ``core``: the king's squares (``squares``) and every square from which
    the king on one of them could be attacked: each line from it as far as
    the last enemy rook, bishop or queen on it that moves along it, the
    knight and king steps where an enemy knight, pawn or king stands, and
    any of these squares where a grave of the mover's may raise a piece.

    ``paths``: the squares whose being empty lets a move that matters be
    made: all a mover standing on ``core`` or ``paths`` could reach (leaving
    such a square matters), and the path by which any mover could enter
    ``core``, until nothing more is added.

    A move that leaves neither and enters no ``core`` square changes
    nothing a move that matters needs, nor the king's safety: take it out of
    a turn and the rest of the turn can still be made, as safely. So the
    search leaves such moves out."""
    us, them = state.turn, 1 - state.turn
    bb, theirs = state.bb, state.occ[them]
    graves = sum(1 << sq for sq in state.graves[us] or {})
    straight = (bb[ROOK] | bb[QUEEN]) & theirs | graves
    diagonal = (bb[BISHOP] | bb[QUEEN]) & theirs | graves
    knights = bb[KNIGHT] & theirs | graves
    near = (bb[PAWN] | bb[KING]) & theirs | graves
    core = 0
    for k, _ in squares:
        core |= 1 << k | KING_ATT[k] & near | KNIGHT_ATT[k] & knights
        for df, dr in STRAIGHT + DIAGONAL:
            core |= _ray_to_last(k, df, dr, straight if (df, dr) in STRAIGHT else diagonal)
    paths = 0
    grown = True
    while grown:
        grown = False
        for sq, span in movers.items():
            if (core | paths) >> sq & 1:
                more = span
            else:
                more = 0
                for t in bits(span & core):
                    more |= GEO.between(sq, t)
            if more & ~paths:
                paths |= more
                grown = True
    return core, paths


def _ray_to_last(k: int, df: int, dr: int, sliders: int) -> int:
    """The squares from ``k`` in one direction up to the last of
    ``sliders`` on them (0 if none): beyond it nothing blocks or attacks."""
    ray, out = 0, 0
    sq = GEO.offset(k, df, dr)
    while sq is not None:
        ray |= 1 << sq
        if sliders >> sq & 1:
            out = ray
        sq = GEO.offset(sq, df, dr)
    return out
