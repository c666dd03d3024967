"""Chess Normal (search:4) never leaves a piece en prise in one move and
takes a piece left en prise, also when its time runs out in the middle of
a depth. Searches are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import position

from game.ai import make_bot
from game.ai.search import REFUTED, Limits, Search, _merge
from game.games import load_all

GAMES = load_all()
NORMAL = "search:4:nodes=6000"  # Chess Normal's depth; nodes for the clock
VALUES = {"pawn": 1, "knight": 3, "bishop": 3, "rook": 5, "queen": 9, "king": 100}

# White to move: Black's knight on c5 is loose (nothing defends it) and the
# white queen on c2 looks at it.
LOOSE_KNIGHT = """
    . . . . k . . .
    p p . . . p p p
    . . . . . . . .
    . . n . . . . .
    . . . . . . . .
    . . . . . . . .
    P P Q . . P P P
    . . . . . . K .
"""

# Black to move: the same knight on c5, now Black's, attacked by the queen
# and defended by nothing; it must go or be defended.
ATTACKED_KNIGHT = """
    . . . . k . . .
    p p . . . p p p
    . . . . . . . .
    . . n . . . . .
    . . . . . . . .
    . . . . . . . .
    P P Q . . P P P
    . . . . . . K .
"""


def normal_move(state, seed=1, spec=NORMAL):
    bot = make_bot(spec, **UNTIMED)
    return state.notation(bot.choose(state.view(state.turn), state.turn, random.Random(seed)))


def test_normal_takes_the_loose_knight():
    for seed in range(3):
        assert normal_move(position(LOOSE_KNIGHT), seed) == "Qxc5"


def test_normal_saves_its_attacked_knight():
    state = position(ATTACKED_KNIGHT, to_move="b")
    for seed in range(3):
        move = normal_move(state, seed)
        after = state.copy()
        after.apply({1: after.parse_action(move)})
        assert _hanging(after) < 3, move  # the knight went or is defended


# -- a tiny static exchange, written apart from the engine's ---------------


def _material(state, side: int) -> int:
    own = sum(VALUES[p.kind] for p in state.pieces().values() if p.side == side)
    return own - sum(VALUES[p.kind] for p in state.pieces().values() if p.side != side)


def _exchange(state, square: int) -> int:
    """What the side to move wins by taking on ``square`` with its cheapest
    legal capturer and going on while it pays (each side may stop)."""
    pieces = state.pieces()
    victim = pieces.get(square)
    if victim is None or victim.side == state.turn:
        return 0
    takers = [m for m in state.legal_actions(state.turn) if m.to == square]
    if not takers:
        return 0
    take = min(takers, key=lambda m: VALUES[pieces[m.frm].kind])
    state.make({state.turn: take})
    try:
        return max(0, VALUES[victim.kind] - _exchange(state, square))
    finally:
        state.unmake()


def _hanging(state) -> int:
    """The most the side to move wins by one exchange on a piece worth a
    knight or more (0 when none is en prise)."""
    pieces = state.pieces()
    targets = {
        m.to
        for m in state.legal_actions(state.turn)
        if m.to in pieces and VALUES[pieces[m.to].kind] >= 3
    }
    return max((_exchange(state, sq) for sq in targets), default=0)


def _net(state, move) -> int:
    """Material for the mover after ``move``, the best exchange of the
    answer and the best exchange back (captures only, three plies)."""
    me = state.turn
    state.make({me: move})
    try:
        if state.result() is not None:
            return 1000 * (1 if state.result().points[me] == 1 else 0)
        lost = 0
        best_answer = None
        pieces = state.pieces()
        for sq in {m.to for m in state.legal_actions(state.turn) if m.to in pieces}:
            gain = _exchange(state, sq)
            if gain > lost:
                lost, best_answer = gain, sq
        back = 0
        if best_answer is not None:
            take = next(m for m in state.legal_actions(state.turn) if m.to == best_answer)
            state.make({state.turn: take})
            back = _hanging(state)
            state.unmake()
        return _material(state, me) - lost + back
    finally:
        state.unmake()


def _random_positions(game: str, count: int, seed: int) -> list:
    """Middlegames from games of random and one-ply moves (pieces get loose)."""
    rng = random.Random(seed)
    greedy = make_bot("greedy")
    found = []
    while len(found) < count:
        state = GAMES[game].new(GAMES[game].default_options(), rng.randrange(10**6))
        for _ in range(rng.randrange(10, 50)):
            if state.result() is not None:
                break
            seat = state.turn
            if rng.random() < 0.7:
                action = greedy.choose(state.view(seat), seat, rng)
            else:
                action = rng.choice(state.legal_actions(seat))
            state.apply({seat: action})
        if state.result() is None and not state.in_check():
            found.append(state)
    return found


def hangs_a_piece(state, spec: str, seed: int) -> str | None:
    """Normal's move in ``state`` if it leaves a piece worth a knight or
    more to a capture that wins material when another move would not lose
    as much by the same three-ply count (else None)."""
    bot = make_bot(spec, **UNTIMED)
    me = state.turn
    move = bot.choose(state.view(me), me, random.Random(seed))
    if abs(bot.last.score) >= 5.0:
        return None  # a decided game: sacrifices and mates weigh more than pieces
    after = state.copy()
    after.apply({me: move})
    if _hanging(after) < 2:
        return None
    nets = {str(m): _net(state, m) for m in state.legal_actions(me)}
    if nets[str(move)] <= max(nets.values()) - 2:
        return state.notation(move)
    return None


@pytest.mark.slow  # ~15 CPU s; the two diagrams above cover the same ground fast
@pytest.mark.parametrize("game", ["chess", "chess960"])
@pytest.mark.parametrize("nodes", [1200, 6000])
def test_normal_never_hangs_a_piece_in_positions_from_random_games(game, nodes):
    spec = f"search:4:nodes={nodes}"  # 1200: a depth cut short, as on a busy machine
    bad = []
    for i, state in enumerate(_random_positions(game, 25, seed=31)):
        move = hangs_a_piece(state, spec, i)
        if move is not None:
            bad.append(f"{state.to_text()} {move}")
    assert not bad, bad


def test_a_refuted_best_gives_way_when_time_runs_out():
    # Depth 3 liked "a"; depth 4 found it loses a piece, and time ran out
    # before "b" was searched again: "b" keeps its last score and wins.
    merged = _merge({"a": -2.9}, {"a": 0.1, "b": -0.2, "c": -0.4})
    assert max(merged, key=merged.get) == "b"
    # A mere wobble of the last best (less than REFUTED) keeps it first.
    wobble = 0.1 - REFUTED / 2
    merged = _merge({"a": wobble}, {"a": 0.1, "b": -0.2, "c": -0.4})
    assert max(merged, key=merged.get) == "a"
    # Where the score is no pawns (refuted: infinite), the last best stays first.
    merged = _merge({"a": -2.9}, {"a": 0.1, "b": -0.2, "c": -0.4}, refuted=float("inf"))
    assert max(merged, key=merged.get) == "a"


def test_a_depth_cut_after_the_refuted_best_plays_another_move():
    # The last best at depth 3 (b4, attacking the rook) is refuted at depth
    # 4; the search is stopped (by nodes) right after it is searched again.
    state = GAMES["chess"].from_text(
        "5b1r/2p2k1p/2p2n2/r2Np3/2P2Pb1/3P4/1P1P2PP/2B1KB1R w K - 0 14"
    )
    limits = Limits(max_depth=4, time_limit=1e9, time_cap=1e9, node_limit=10**6)
    whole = Search(0, limits, random.Random(3))
    whole.run(state.copy())
    first = next(nodes for depth, i, nodes in whole.trace if depth == 4 and i == 0)
    limits.node_limit = (first // 16 + 2) * 16  # the clock is looked at every 16 nodes
    cut = Search(0, limits, random.Random(3)).run(state.copy())
    assert cut.depth == 3
    assert state.notation(cut.action) != "b4"
