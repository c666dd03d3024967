"""The chess evaluation's running sums (material and piece-square tables
with the game phase, kept by the search: ``chess_shortcuts.sums_after``
before each move made) and the lazy evaluation built on them.

The running sums equal a full recount after any sequence of moves made and
taken back: castling (orthodox and Chess960), promotion, en passant and
captures. The lazy evaluation (material and tables alone where they lie far
outside the search's window) leaves a fixed-depth search's move unchanged on
a tactical position."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import GAMES, fen_of, position
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.chess_shortcuts import ChessShortcuts, sums_after
from game.ai.search import Limits, Search
from game.engine.chess import evaluation
from game.engine.chess.evaluation import evaluate_board, material_pst


def recount(state) -> tuple[float, float, int]:
    return material_pst(state.bb, state.occ[0], state.occ[1])


class Kept:
    """The running sums along a line of moves made on ``state``, as the
    search keeps them."""

    def __init__(self, state):
        self.state, self.sums = state, [recount(state)]

    def make(self, move) -> None:
        self.sums.append(sums_after(self.state, move, self.sums[-1]))
        self.state.make({self.state.turn: move})

    def unmake(self) -> None:
        self.state.unmake()
        self.sums.pop()


def assert_sums_exact(kept: Kept) -> None:
    # To the last bit: the tables' values add exactly.
    assert kept.sums[-1] == recount(kept.state)


def test_castling_promotion_en_passant_and_captures_keep_the_sums_exact():
    state = position(
        """
        r . . . k . . r
        P . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . . . . P P . .
        R . . . K . . R
        """,
        castling="KQkq",
    )
    kept = Kept(state)
    before = kept.sums[-1]
    # Both castlings, a double step taken en passant, a promotion, a capture.
    moves = ("O-O", "O-O-O", "e4", "dxe3", "a8=Q+", "Kd7", "fxe3")
    for text in moves:
        kept.make(state.parse_action(text))
        assert_sums_exact(kept)
    for _ in moves:
        kept.unmake()
    assert kept.sums == [before]
    assert_sums_exact(kept)


def test_chess960_castling_with_king_and_rook_crossing_keeps_the_sums_exact():
    # No. 0 style back rank: the king on g1 castles long with the rook on b1
    # (king to c1, rook to d1), and short with the rook on h1 (it stays).
    state = GAMES["chess960"].from_text(
        fen_of(
            """
            . r . . . . k r
            p p p . . p p p
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            P P P . . P P P
            . R . . . . K R
            """,
            castling="BHbh",
        )
    )
    kept = Kept(state)
    for text in ("O-O-O", "O-O"):
        kept.make(state.parse_action(text))
        assert_sums_exact(kept)


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), number=st.integers(0, 959), plies=st.integers(1, 60))
def test_random_games_made_and_taken_back_keep_the_sums_exact(seed, number, plies):
    rng = random.Random(seed)
    state = GAMES["chess960"].new({"start": "number", "number": number})
    kept = Kept(state)
    made = 0
    for _ in range(plies):
        if state.result() is not None:
            break
        seat = state.to_act()[0]
        kept.make(rng.choice(state.legal_actions(seat)))
        made += 1
        assert_sums_exact(kept)
        if rng.random() < 0.2:  # take one back now and then, and go on
            kept.unmake()
            made -= 1
            assert_sums_exact(kept)
    for _ in range(made):
        kept.unmake()
    assert kept.sums == [recount(state)]


@pytest.mark.parametrize("fast", [True, False])
def test_the_search_evaluates_every_node_with_the_sums_of_its_own_position(monkeypatch, fast):
    # Both roads (made in place, copied): the sums the search hands the
    # evaluation are always the recount of the position evaluated.
    seen = []
    static = ChessShortcuts.static

    def checked(self, state, low, high):
        seen.append(self.sums[-1] == recount(state))
        return static(self, state, low, high)

    monkeypatch.setattr(ChessShortcuts, "static", checked)
    state = position(FORK, castling="KQkq")
    limits = Limits(max_depth=3, **UNTIMED)
    Search(0, limits, random.Random(0), fast=fast).run(state)
    assert len(seen) > 100 and all(seen)


def test_the_lazy_evaluation_is_the_sums_far_outside_the_window_else_the_full_score():
    state = GAMES["chess"].new()
    full = evaluate_board(state)
    evaluation._cache.clear()
    lazy = evaluate_board(state, 10.0, 11.0)  # far above: the quick sum
    mg, eg, phase = recount(state)
    assert lazy == pytest.approx(mg + evaluation.TEMPO)  # phase 24: the middlegame sum
    assert evaluate_board(state, full - 0.5, full + 0.5) == full


# White to move wins the queen with Nc7+ (a fork of king and queen); at a
# fixed depth the lazy evaluation must find the same move as the full one.
FORK = """
    r . b . k . . r
    p p . . . p p p
    . . . . . n . .
    . N . q . . . .
    . . . . . . . .
    . . . . . . . .
    P P P . . P P P
    R . B Q K B . R
"""


@pytest.mark.parametrize("depth", [3, 4])
def test_the_lazy_evaluation_finds_the_same_move_as_the_full_one(monkeypatch, depth):
    def best(margin: float) -> str:
        monkeypatch.setattr(evaluation, "LAZY_MARGIN", margin)
        evaluation._cache.clear()
        state = position(FORK, castling="KQkq")
        limits = Limits(max_depth=depth, **UNTIMED)
        result = Search(0, limits, random.Random(0)).run(state)
        return state.notation(result.action)

    lazy, full = best(evaluation.LAZY_MARGIN), best(1e9)
    assert lazy == full == "Nc7+"
