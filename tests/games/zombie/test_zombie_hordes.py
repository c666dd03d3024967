"""Hordes of zombies: listing the legal moves stays a small search (counted
in positions examined, not timed) and finds the same moves as trying every
order of the moves (the old look ahead, helpers.zombie_hordes)."""

from __future__ import annotations

import random

import pytest
from helpers.zombie_hordes import (
    GAME,
    HOSTILE_ZOMBIES,
    hostile,
    random_horde,
    reference_moves,
)

from game.engine.board import board_field


@pytest.mark.parametrize("zombies", range(3, len(HOSTILE_ZOMBIES) + 1))
def test_a_horde_where_no_order_is_safe_is_refused_after_few_positions(zombies):
    # helpers.zombie_hordes.HOSTILE: the pinned zombie knight on b2 crumbles
    # whatever the others do, and the king is boxed in. Every order of the
    # zombie moves used to be tried (0.24 s CPU with 4 zombies, 5.4 s with 5).
    state = hostile(zombies)
    assert state.turn_moves() == []
    assert state.finishing.examined <= 60
    assert state.result().reason == "Stalemate: a draw"


def test_random_hordes_list_what_every_order_allows_within_a_bounded_search():
    compared = 0
    rng = random.Random(7)
    while compared < 60:
        state = random_horde(rng, rng.randint(3, 4))
        if state is None:
            continue
        moves = state.turn_moves()
        assert state.finishing is None or state.finishing.examined <= 2000
        assert sorted(map(str, moves)) == sorted(map(str, reference_moves(state))), state.to_text()
        compared += 1


def test_random_hordes_of_up_to_six_zombies_stay_small_searches():
    rng = random.Random(11)
    for zombies in (5, 6):
        made = 0
        while made < 25:
            state = random_horde(rng, zombies)
            if state is None:
                continue
            state.turn_moves()
            assert state.finishing is None or state.finishing.examined <= 3000, state.to_text()
            made += 1


def test_queen_heavy_hordes_list_what_every_order_allows():
    # Queens on both sides: the hordes whose look ahead grew largest.
    compared = 0
    rng = random.Random(17)
    while compared < 40:
        state = random_horde(rng, rng.randint(3, 4), queens=True)
        if state is None:
            continue
        moves = state.turn_moves()
        assert sorted(map(str, moves)) == sorted(map(str, reference_moves(state))), state.to_text()
        compared += 1


@pytest.mark.parametrize("queens", [False, True], ids=["mixed", "queen-heavy"])
# Slow; fast cover: the fixed hordes above; scripts/bench_zombie_horde.py prints the figures
@pytest.mark.slow
def test_random_hordes_of_seven_and_eight_zombies_stay_small_searches(queens):
    # Before the early exit matched attacks to distinct movers in an order
    # they can move in, the worst of 100 such hordes examined 309,755
    # positions (57 s); now about 100 at most.
    rng = random.Random(13)
    for zombies in (7, 8):
        made = 0
        while made < 50:
            state = random_horde(rng, zombies, queens=queens)
            if state is None:
                continue
            state.turn_moves()
            assert state.finishing is None or state.finishing.examined <= 400, state.to_text()
            made += 1


#: The worst of 300 random mixed 8-zombie hordes (seed 5 in
#: scripts/bench_zombie_horde.py). Every white piece but the king and the
#: c2 knight is a zombie; White has graves under a3 (a queen) and g8 (a
#: rook: it rises when the king steps off, so h8 is out). The f8 rook and
#: the f7 bishop alone shield the king from the b8 rook and the e6 queen;
#: once the g7 bishop moved, the g6 bishop alone shields it from the g4
#: rook, and the king must step to h7, where only a piece on f7 or g7
#: stops the e7 queen. Which of the shields may leave before the king
#: steps decides it.
KING_STEPS_ASIDE = """
    . r . . . R K .
    . . . . q B B .
    . . . . q . B .
    . . . . . . . .
    . r N . . k r .
    B R . . . . . .
    . . N . . . . .
    . . . . Q . . .
"""


def test_a_king_that_must_step_from_behind_lone_shields_is_a_small_search():
    zombies = "e1=z,a3=z,b3=z,c4=z,g6=z,f7=z,g7=z,f8=z"
    graves = "a3=Q0,g8=R1 - Q0:c2.a3.g6;R1:a3.b3.g8 -"
    state = GAME.from_text(
        f"{board_field(KING_STEPS_ASIDE, 8)} w - - 0 1 with {zombies} {graves} - -/-/-/-/2"
    )
    moves = {str(m) for m in state.turn_moves()}
    # Examined 11,821 positions before the early exit followed which
    # shields may leave before the king's step.
    assert state.finishing.examined <= 700
    # After g7-e5 the g6 bishop and the f7 bishop are both held (the e5
    # bishop now stops the e1 queen taking on e6): no safe end.
    assert "g7e5" not in moves
    # The king steps to h7 at once and the f7 bishop stays to block.
    assert {"g8h7", "g7h8", "f7e6", "e1e6"} <= moves
