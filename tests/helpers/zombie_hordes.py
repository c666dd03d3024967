"""Hordes of zombies for the tests and scripts/bench_zombie_horde.py: built
positions where no order of the zombie moves ends the turn safely, random
positions with many zombies, and a brute-force reference for Zombie Chess's
look ahead (every order of the moves, nothing remembered)."""

from __future__ import annotations

import random

from game.engine.board import board_field
from game.engine.chess import GEO
from game.games import load_all

GAME = load_all()["zombie"]

#: White's king is boxed in (b1 is covered by the knight on d2, the a2 pawn
#: is stuck) and the zombie knight on b2 is pinned by the bishop on g7: it
#: cannot move, so it crumbles at the turn's end and the king is in check.
#: The zombie rook on c8 could block on c3 if the c4 pawn were not there.
#: Every other zombie is a bishop on the light squares, off the dark
#: diagonal: no order of the zombie moves ends the turn safely, so White
#: has no legal action (stalemate). ``hostile(n)`` keeps n zombies.
HOSTILE = """
    . . R . B . . .
    . . . B . . b .
    . . . . . . . .
    . B . . . B . .
    . . p . . . B k
    p . . . . . . .
    P N . n B . . .
    K . . . . . . .
"""
#: The zombies in the order ``hostile`` keeps them (the first two always).
HOSTILE_ZOMBIES = ("b2", "c8", "e2", "f5", "d7", "g4", "b5", "e8")


def hostile(n: int, mode: str = "with"):
    """The built horde with its first ``n`` zombies (3 to 8); the bishops
    left out are taken off the board."""
    keep = HOSTILE_ZOMBIES[:n]
    rows = [row.split() for row in HOSTILE.strip().splitlines()]
    for name in HOSTILE_ZOMBIES[n:]:
        sq = GEO.square(name)
        rows[7 - GEO.rank_of(sq)][GEO.file_of(sq)] = "."
    diagram = "\n".join(" ".join(row) for row in rows)
    zombies = ",".join(f"{name}=z" for name in keep)
    return GAME.from_text(
        f"{board_field(diagram, 8)} w - - 0 1 {mode} {zombies} - - - - - -/-/-/-/0"
    )


def random_horde(rng: random.Random, zombies: int, queens: bool = False):
    """A random legal position, White to move, with ``zombies`` white
    zombies, set up to make trouble: enemy rooks, bishops and queens aim at
    White's king, zombies stand between as shields, and some white pieces
    stand on graves White dug. ``queens``: mostly queens on both sides, and
    more enemy ones (the hordes whose searches grew largest). None if the
    draw gave an illegal position."""
    enemies, kinds = ("qrb", "NBRQ") if not queens else ("qqqrb", "NBRQQQ")
    board: dict[int, str] = {}
    king = rng.randrange(64)
    board[king] = "K"
    free = [sq for sq in range(64) if sq not in board]

    def empty_on_line(sq: int) -> list[int]:
        out = []
        for df, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (1, -1), (-1, 1), (-1, -1)):
            ray = GEO.ray(sq, df, dr)
            out += [t for t in range(64) if ray >> t & 1 and t not in board]
        return out

    for _ in range(rng.randint(2, 4 + 2 * queens)):  # enemy sliders aimed at the king
        line = empty_on_line(king)
        if line:
            board[rng.choice(line)] = rng.choice(enemies)
    shields = 0
    for _ in range(zombies):
        line = [t for t in empty_on_line(king) if t not in board]
        free = [sq for sq in range(64) if sq not in board]
        sq = rng.choice(line) if line and shields < 3 and rng.random() < 0.6 else rng.choice(free)
        shields += sq in line
        board[sq] = rng.choice(kinds + ("P" if 0 < GEO.rank_of(sq) < 7 else ""))
    zombie_squares = [sq for sq, p in board.items() if p.isupper() and p != "K"]
    for letter in rng.choices("PNBRQpnbrq", k=rng.randint(1, 5)):  # others, living
        free = [sq for sq in range(64) if sq not in board]
        sq = rng.choice(free)
        if letter in "Pp" and GEO.rank_of(sq) in (0, 7):
            continue
        board[sq] = letter
    free = [sq for sq in range(64) if sq not in board]
    board[rng.choice(free)] = "k"
    rows = []
    for rank in range(7, -1, -1):
        rows.append(" ".join(board.get(rank * 8 + f, ".") for f in range(8)))
    whites = [sq for sq, p in board.items() if p.isupper()]
    graves = sorted(rng.sample(whites, k=min(len(whites), rng.randint(0, 2))))
    dug = [(sq, rng.choice("NBRQ")) for sq in graves]
    chart = ",".join(f"{GEO.name(sq)}={lt}{i}" for i, (sq, lt) in enumerate(dug))
    # What Black saw: each grave may lie under one of a few white pieces.
    seen = ";".join(
        f"{lt}{i}:"
        + ".".join(sorted({GEO.name(sq)} | {GEO.name(w) for w in rng.sample(whites, 2)}))
        for i, (sq, lt) in enumerate(dug)
    )
    zombie_field = ",".join(f"{GEO.name(sq)}=z" for sq in sorted(zombie_squares))
    mode = rng.choice(("with", "instead"))
    text = (
        f"{board_field(chr(10).join(rows), 8)} w - - 0 1 {mode} {zombie_field} "
        f"{chart or '-'} - {seen or '-'} - - -/-/-/-/{len(graves)}"
    )
    try:
        state = GAME.from_text(text)
    except ValueError:
        return None
    if state.king_attacked(1):  # Black, not to move, may not stand in check
        return None
    return state


def reference_moves(state) -> list:
    """The moves the side to move may make now, found the slow and obvious
    way: a move is allowed when, made as the mover foresees it, the king is
    safe and some order of the moves left ends the turn safely."""
    return [m for m in state.movable() if _after(state, m) is not None]


def _after(state, move):
    world = state.copy()
    world.graves[world.turn] = dict(world.graves[world.turn] or {})
    if world._try(move) and _can_end(world):
        return world
    return None


def _can_end(state) -> bool:
    if state.end_safe():
        return True
    if state.mode == "instead" and state.ordinary:
        return False
    return any(_after(state, m) is not None for m in state.movable())
