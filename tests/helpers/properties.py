"""Properties of every reachable position, for tests/test_playout_properties.py
and the rare-mechanics generators there:

- kings: where a game has check, both sides always have their king; where a
  king may be taken, a side without one only in a finished game
  (``KING_RULES``, each game's own declaration, checked against the engine);
- the board of a chess-core position is consistent: one piece a square, the
  per-square extras under pieces;
- ``explore``: every sequence of legal decisions from a position, bounded by
  depth and nodes, for positions set up around a rare mechanic.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from game.engine import State
from game.engine.chess import ChessState

#: How each game treats its kings:
#: "check": check-based legality, a king is never taken (both always there);
#: "capture": taking a king ends the game (a side without its king only at the end);
#: "none": nothing royal to watch (Cooperative's kings are not royal; Golf and
#: Tulaga have no kings).
KING_RULES = {
    "adrenaline": "check",
    "chess": "check",
    "chess960": "check",
    "cooperative": "none",
    "crowded_house": "check",
    "golf": "none",
    "half_alice": "check",
    "maces": "capture",
    "masquerade": "capture",
    "mulligan_stew": "capture",  # two kings each: the last one taken ends it
    "synchronous": "capture",  # moves together: a king may be taken
    "tar_pit": "check",
    "telepathic": "capture",  # a removal may leave a king open
    "tulaga": "none",
    "tulpas": "capture",
    "two_move": "capture",
    "zombie": "check",
}


def engine_king_rule(state: State) -> str | None:
    """What a chess-core game's class attributes say (None: not chess-core)."""
    if not isinstance(state, ChessState):
        return None
    if state.legality == "none":
        return "none"
    if state.legality == "check" and not state.kings_may_fall:
        return "check"
    return "capture"


def check_kings(state: State) -> None:
    game = state.game
    # A game added later and not listed: what the chess core says, else no kings.
    rule = KING_RULES.get(game.id) or engine_king_rule(state) or "none"
    if rule == "none":
        return
    kings = Counter(p.side for p in state.pieces().values() if p.kind == "king")
    missing = [game.sides[s] for s in range(len(game.sides)) if not kings[s]]
    if not missing:
        return
    text = state.to_text()
    assert rule == "capture", f"{game.id}: {missing} without a king, in a game of check: {text}"
    assert state.is_over(), f"{game.id}: {missing} lost the king and the game goes on: {text}"


def check_board(state: ChessState) -> None:
    """One piece a square, every occupied square some piece, extras under pieces."""
    occ = state.occ
    assert not occ[0] & occ[1], f"{state.game.id}: a square holds both colours"
    seen = 0
    for kind_bb in state.bb:
        assert not seen & kind_bb, f"{state.game.id}: a square holds two pieces"
        seen |= kind_bb
    assert seen == occ[0] | occ[1], f"{state.game.id}: the pieces and the colours disagree"
    for sq in state.extras:
        assert seen >> sq & 1, f"{state.game.id}: something is left under no piece"


Visit = Callable[[ChessState, Any, ChessState], None]


def explore(state: ChessState, depth: int, visit: Visit, max_nodes: int) -> int:
    """Play every sequence of up to ``depth`` legal decisions from ``state``
    (games with one seat to act at a time), calling ``visit(before, action,
    after)`` after each; stops after ``max_nodes`` decisions. Returns how
    many were played."""
    nodes = 0

    def walk(at: ChessState, left: int) -> None:
        nonlocal nodes
        if not left or at.is_over():
            return
        (seat,) = at.to_act()
        for action in at.legal_actions(seat):
            if nodes >= max_nodes:
                return
            after = at.copy()
            after.apply({seat: action})
            nodes += 1
            visit(at, action, after)
            walk(after, left - 1)

    walk(state, depth)
    return nodes


# -- setting up positions -----------------------------------------------------------------------
Placement = dict[tuple[int, int], str]  # (file, rank) from a1 = (0, 0) -> FEN letter


def fen_board(placement: Placement) -> str:
    rows = []
    for rank in range(7, -1, -1):
        row, empty = "", 0
        for file in range(8):
            letter = placement.get((file, rank))
            if letter is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + letter
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows)


def square_name(at: tuple[int, int]) -> str:
    return "abcdefgh"[at[0]] + str(at[1] + 1)


def mirrored(placement: Placement) -> Placement:
    """The position seen from the other side: ranks reversed, colours swapped."""
    return {(f, 7 - r): letter.swapcase() for (f, r), letter in placement.items()}


def place_kings(rng: random.Random, placement: Placement, near: tuple[int, int]) -> None:
    """White's king within two squares of ``near``, Black's anywhere else
    free, never next to each other."""

    def free(at):
        return 0 <= at[0] < 8 and 0 <= at[1] < 8 and at not in placement

    while True:
        white = (near[0] + rng.randint(-2, 2), near[1] + rng.randint(-2, 2))
        if free(white):
            break
    placement[white] = "K"
    while True:
        black = (rng.randrange(8), rng.randrange(8))
        if free(black) and max(abs(black[0] - white[0]), abs(black[1] - white[1])) > 1:
            break
    placement[black] = "k"


def scatter(rng: random.Random, placement: Placement, letters: str, ranks=range(8)) -> list:
    """Put each letter on a free random square (pawns never on the first or
    last rank); the squares used."""
    used = []
    for letter in letters:
        while True:
            at = (rng.randrange(8), rng.choice(ranks))
            if at in placement or (letter in "Pp" and at[1] in (0, 7)):
                continue
            placement[at] = letter
            used.append(at)
            break
    return used
