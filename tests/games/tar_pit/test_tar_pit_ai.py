"""The computer plays Tar Pit Chess from its own view only: it cannot tell
apart games that differ only in the opponent's hand and the order of the
draw pile and plays the same in both, mates a tarred king in one, plays every
part of the turn (moves, throws, cards, the answers to a checker card) and
finishes whole games. Searches are bounded by nodes, never by the clock."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from test_tar_pit_rules import GAME, act, position

from game.ai import think_now
from game.games.tar_pit.evaluation import evaluate

SPEC = "search:2:nodes=300:samples=2"

BOARD = """
    r . b q k b n r
    p p p p . p p p
    . . n . . . . .
    . . . . p . . .
    . . . . P . . .
    . . . . . N . .
    P P P P . P P P
    R N B Q K B . R
"""


def choose(state, seat=None, seed=1, spec=SPEC):
    seat = state.to_act()[0] if seat is None else seat
    return think_now(spec, state, seat, random.Random(seed), **UNTIMED)


def test_it_decides_from_its_own_view_only():
    one = position(BOARD, hands=("PNBRQK", "pnbrqk"))
    two = position(BOARD, hands=("PNBRQK", "ppppcc"))
    assert one.view(0).to_text() == two.view(0).to_text()
    assert one.to_text() != two.to_text()
    assert choose(one) == choose(two)


def test_it_mates_a_tarred_king_in_one():
    state = position(
        """
        . . . . . . . k
        . . . . . . . P
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . R . . K . . .
        """,
        checkers="h8=w",
        hands=("", ""),
    )
    move = choose(state)
    assert state.notation(move) == "Rb8#"


def test_a_tarred_piece_counts_for_less_and_a_tarred_king_is_in_danger():
    free = position(BOARD)
    queen = position(BOARD, checkers="d8=w")
    king = position(BOARD, checkers="e8=w")
    assert evaluate(queen, 0) > evaluate(free, 0) + 3
    assert evaluate(king, 0) > evaluate(free, 0) + 1
    assert evaluate(queen, 1) < evaluate(free, 1)


@pytest.mark.slow  # whole bot games; the position tests are the fast check
def test_computers_play_every_part_of_the_turn_and_finish_games():
    kinds = set()
    for seed in (1, 2):
        state = GAME.new(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            if state.is_over():
                break
            seat = state.to_act()[0]
            action = think_now("search:1:nodes=40", state, seat, rng, **UNTIMED)
            assert action in state.legal_actions(seat)
            kinds.add(type(action).__name__)
            state.apply({seat: action})
        assert state.is_over()
    assert {"Move", "PlayCard", "Throw"} <= kinds


def test_the_opponent_answers_a_checker_card_from_its_own_view():
    state = position(BOARD, checkers="f3=w,c6=b", front=(2, 1), hands=("cP", "nn"))
    act(state, "Nxe5", "keep", "c")
    assert state.to_act() == (1,)
    answer = choose(state, spec="search:1:nodes=60")
    assert answer in state.legal_actions(1)


def test_the_hard_level_searches_past_the_movers_own_turn():
    spec = GAME.bot_levels["search:3"]
    assert spec.startswith("search:4:") and "nodes=" in spec
    assert GAME.hint_bot == spec
