"""Chess knowledge and the search's pruning: the evaluation's terms (passed
pawns by rank, the king's pawn shield, Black's tables the mirror of
White's), null moves only where the game allows them and never in check,
the transposition table kept between a bot's moves and fresh for a new
game, and tactics and mates still found at fixed depths."""

from __future__ import annotations

import random

import chess
import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import QUIET_MATE_IN_TWO, fen_of

from game.ai import make_bot, think_now
from game.ai import search as search_module
from game.ai.evaluate import chess_eval, evaluator_for
from game.ai.search import Limits, Search
from game.engine.chess import ChessState
from game.engine.chess.evaluation import (
    PST_EG,
    PST_EG_BLACK,
    PST_MG,
    PST_MG_BLACK,
    evaluate_board,
)
from game.games import load_all

GAMES = load_all()


def position(diagram: str, to_move: str = "w", game: str = "chess", castling: str = "-"):
    return GAMES[game].from_text(fen_of(diagram, to_move, castling))


def white_score(diagram: str, to_move: str = "w") -> float:
    return evaluate_board(position(diagram, to_move))


# -- the evaluation ------------------------------------------------------------------------


def test_chess_and_chess960_are_judged_with_the_chess_knowledge():
    assert evaluator_for(position(START)) is chess_eval
    chess960 = GAMES["chess960"].new({"start": "number", "number": 0}, seed=0)
    assert evaluator_for(chess960) is chess_eval


START = """
r n b q k b n r
p p p p p p p p
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
P P P P P P P P
R N B Q K B N R
"""


def test_a_passed_pawn_on_the_sixth_is_worth_more_than_on_the_third():
    on_sixth = """
        . . . . . . k .
        . . . . . p p p
        P . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        . . . . . . K .
    """
    on_third = """
        . . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P . . . . . . .
        . . . . . P P P
        . . . . . . K .
    """
    assert white_score(on_sixth) > white_score(on_third) + 0.5


def test_a_pawn_with_an_enemy_pawn_ahead_on_a_file_beside_is_not_passed():
    free = """
        . . . . . . k .
        p . . . . . . p
        . . . . . . . .
        . . . . P . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . P
        . . . . . . K .
    """
    stopped = """
        . . . . . . k .
        . . . p . . . p
        . . . . . . . .
        . . . . P . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . P
        . . . . . . K .
    """
    # Same material: with Black's pawn on d7 White's e5 pawn is no longer
    # passed (d7 can take on e6); Black's a7 pawn, passed but at home, is
    # worth little.
    assert white_score(free) > white_score(stopped) + 0.3


def test_a_broken_king_shield_costs():
    intact = """
        r . . q . r k .
        p p p . . p p p
        . . n . . n . .
        . . . p p . . .
        . . . P P . . .
        . . N . . N . .
        P P P . . P P P
        R . . Q . R K .
    """
    broken = """
        r . . q . r k .
        p p p . . p p p
        . . n . . n . .
        . . . p p . . .
        . . . P P . P .
        . . N . . N . .
        P P P . . P . P
        R . . Q . R K .
    """
    assert white_score(intact) > white_score(broken) + 0.05


def mirrored(diagram: str) -> str:
    """The same position with the colours swapped and the board turned top
    to bottom."""
    rows = [line.split() for line in diagram.strip().splitlines()]
    return "\n".join(" ".join(c.swapcase() for c in row) for row in reversed(rows))


MIDDLEGAME = """
r . b q . r k .
p p . . b p p p
. . n . p n . .
. . . p . . . .
. . P P . . . .
. . N . P N . .
P P . . B P P P
R . . Q K . . R
"""


@pytest.mark.parametrize("diagram", [START, MIDDLEGAME])
def test_the_tables_are_mirrored_for_black(diagram):
    for kind in range(6):
        for sq in range(64):
            assert PST_MG_BLACK[kind][sq ^ 56] == PST_MG[kind][sq]
            assert PST_EG_BLACK[kind][sq ^ 56] == PST_EG[kind][sq]
    # The whole evaluation: Black in the mirrored position stands exactly
    # as White does here.
    for to_move, other in (("w", "b"), ("b", "w")):
        here = white_score(diagram, to_move)
        there = white_score(mirrored(diagram), other)
        assert here == pytest.approx(-there, abs=1e-9)


def test_the_seat_of_the_black_side_gets_the_negated_score():
    state = position(MIDDLEGAME)
    assert chess_eval(state, 1) == -chess_eval(state, 0) != 0


# -- null moves ------------------------------------------------------------------------------


def spy_null_moves(monkeypatch) -> list[bool]:
    """Record, for every null move made, whether the side to move was in check."""
    seen: list[bool] = []
    original = ChessState.make_null

    def spy(self):
        seen.append(self.in_check())
        original(self)

    monkeypatch.setattr(ChessState, "make_null", spy)
    return seen


def search_to(state, depth: int) -> Search:
    seat = state.to_act()[0]
    limits = Limits(max_depth=depth, time_limit=1e9, time_cap=1e9, node_limit=10**9)
    search = Search(seat, limits, random.Random(0))
    search.run(state)
    return search


def test_null_moves_are_tried_in_chess_and_never_in_check(monkeypatch):
    seen = spy_null_moves(monkeypatch)
    search_to(position(MIDDLEGAME), 5)
    assert seen, "a depth-5 middlegame search tries null moves"
    assert not any(seen)


# Slow: searches in every game; the null-move tests on chess are its fast cover.
@pytest.mark.slow
def test_no_null_move_where_the_game_does_not_declare_it_safe(monkeypatch):
    seen = spy_null_moves(monkeypatch)
    monkeypatch.setattr(type(GAMES["chess"]), "null_move_safe", False)
    search_to(position(MIDDLEGAME), 5)
    assert seen == []


def test_no_null_move_with_only_king_and_pawns():
    kings_and_pawns = position(
        """
        . . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        . . . Q . . K .
        """,
        "b",
    )
    assert not kings_and_pawns.null_move_allowed()  # Black has king and pawns only
    in_check = position(
        """
        . . . . r . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        . . . Q K . . .
        """
    )
    assert not in_check.null_move_allowed()


def test_a_null_move_is_taken_back_exactly():
    state = position(MIDDLEGAME)
    before = (state.key(), state.to_text())
    state.make_null()
    assert state.turn == 1 and state.key() != before[0]
    state.unmake()
    assert (state.key(), state.to_text()) == before


# -- the table between moves -----------------------------------------------------------------


def test_the_table_is_kept_between_moves_and_fresh_for_a_new_game():
    game = GAMES["chess"]
    bot = make_bot("search:3", **UNTIMED)
    rng = random.Random(0)
    state = game.new(seed=1)
    bot.choose(state.view(0), 0, rng)
    table = bot._tables[0][2]
    known = set(table)
    assert known
    state.apply({0: state.legal_actions(0)[0]})
    state.apply({1: state.legal_actions(1)[0]})
    bot.choose(state.view(0), 0, rng)
    assert bot._tables[0][2] is table  # the same table, grown
    assert known <= set(table)
    # Black's decisions have a table of their own (scores are per seat).
    state.apply({0: state.legal_actions(0)[0]})
    bot.choose(state.view(1), 1, rng)
    assert bot._tables[1][2] is not table
    # A new game starts afresh.
    bot.choose(game.new(seed=2).view(0), 0, rng)
    assert bot._tables[0][2] is not table


def test_the_table_stays_bounded(monkeypatch):
    monkeypatch.setattr(search_module, "TABLE_SIZE", 500)
    game = GAMES["chess"]
    bot = make_bot("search:3", **UNTIMED)
    state = game.new(seed=1)
    for _ in range(4):
        seat = state.to_act()[0]
        state.apply({seat: bot.choose(state.view(seat), seat, random.Random(0))})
        assert all(len(t[2]) <= 500 for t in bot._tables.values())


# -- tactics and mates with the pruning ----------------------------------------------------------


def test_a_knight_fork_is_found_at_a_fixed_depth():
    # Nc7+ forks king and queen (and gets the knight out of the queen's reach).
    fork = position(
        """
        q . . . k . . .
        . . . . . . . p
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . P
        . . . . K . . .
        """
    )
    for seed in range(2):
        move = think_now("search:4", fork, 0, random.Random(seed), **UNTIMED)
        assert fork.notation(move) == "Nc7+"


def test_a_quiet_mate_in_two_is_still_found_with_deeper_pruned_searches():
    # Ra6!! bxa6 b7#: no check on the first move, so reductions and null
    # moves meet it at every depth.
    diagram = QUIET_MATE_IN_TWO
    fen = fen_of(diagram)
    assert chess.Board(fen).is_valid()
    for depth in (4, 5, 6):
        move = think_now(f"search:{depth}", position(diagram), 0, random.Random(0), **UNTIMED)
        assert str(move) == "a1a6"


def test_a_mate_in_two_with_a_rook_sacrifice_is_found_deeper():
    # Re8+! Rxe8 Rxe8#: the doubled rooks against one (the only mate in two).
    state = position(
        """
        r . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R P P P
        . . . . R . K .
        """
    )
    for depth in (5, 6):
        move = think_now(f"search:{depth}", state, 0, random.Random(depth), **UNTIMED)
        assert str(move) == "e2e8"


def test_an_unfinished_depth_keeps_what_it_learnt_about_the_last_best():
    # The last best ("e4") fell to 0.1 at the new depth, "d4" was searched
    # and is better now; "c4", not reached, ranks below the new best.
    last = {"e4": 0.5, "c4": 0.4, "d4": 0.3}
    scores = search_module._merge({"e4": 0.1, "d4": 0.2}, last)
    assert max(scores, key=scores.get) == "d4"
    assert scores["e4"] == 0.1 and scores["c4"] < scores["d4"] == 0.2


def test_a_node_limited_search_answers_from_the_unfinished_depth():
    state = position(MIDDLEGAME)
    limits = Limits(max_depth=20, time_limit=1e9, time_cap=1e9, node_limit=3000)
    result = Search(0, limits, random.Random(0)).run(state)
    assert result.action in state.legal_actions(0)
    assert result.depth >= 3
