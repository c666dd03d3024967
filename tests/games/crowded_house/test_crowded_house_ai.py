"""The computer plays Crowded House from its seat's view: four computers
finish games; partners search as allies (the king side sets up a mate that
its queen-side partner gives), and the search knows which seat moves next
and which half that seat may use (a pawn defended only from the wrong half
is taken, one the next player can retake is not)."""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import make_bot, think_now
from game.match import Match, find_game

GAME = find_game("crowded_house")
WK, BK, WQ, BQ = range(4)


def position(diagram: str, seat: int):
    return GAME.from_text(f"{fen_of(diagram, 'wb'[seat % 2])} {'kq'[seat // 2]}")


# Slow: whole games of four computers; the other tests here are its fast cover.
@pytest.mark.slow
def test_computers_on_all_four_seats_finish_games_deciding_from_their_views():
    bot = make_bot("search:1:nodes=150", **UNTIMED)
    for seed in (1, 2):
        match = Match("crowded_house", seed=seed, players=["computer:search:1"] * 4)
        rng = random.Random(seed)
        for _ in range(400):
            if match.is_over():
                break
            state = match.state
            (seat,) = state.to_act()
            match.play({seat: bot.choose(state.view(seat), seat, rng)})
        assert match.is_over(), f"seed {seed}: no end in 400 turns"


# White's king side moves. The queen on the long diagonal eyes g7; once it
# takes there on White's queen side's turn, Black's queen side (next) can
# neither move its king (every square round g8 is on the king side) nor
# take the queen, and White's king side after it would take the king.
TEAM_MATE = """
    r.....k.
    .....ppp
    p.......
    ........
    ........
    ........
    ....QPPP
    ......K.
"""


def test_the_levels_are_the_games_own_node_bounded_searches():
    normal, hard = GAME.bot_levels["search:2"], GAME.bot_levels["search:3"]
    assert (normal, hard) == ("search:3:nodes=1500", "search:4:nodes=12000")


@pytest.mark.parametrize("spec", ["search:3:nodes=4000", GAME.bot_levels["search:3"]])
def test_the_king_side_sets_up_a_mate_that_its_queen_side_partner_gives(spec):
    state = position(TEAM_MATE, WK)
    bot = make_bot(spec, **UNTIMED)
    rng = random.Random(1)
    movers = []
    while not state.is_over() and len(movers) < 3:
        (seat,) = state.to_act()
        movers.append(seat)
        state.apply({seat: bot.choose(state.view(seat), seat, rng)})
    assert movers == [WK, BK, WQ]  # the mate came on the partner's turn
    result = state.result()
    assert result is not None and result.points == (1.0, 0.0, 1.0, 0.0)
    assert result.reason == "Checkmate: Black queen side cannot save the king from White king side"


# The a6 pawn is free for White's king side: its only defender, the a8
# rook, may not take on a6 on Black's king side's turn (both squares are on
# the queen side), and White's queen side moves the queen away before
# Black's queen side could.
GRAB = """
    r.....k.
    .....pp.
    p......p
    ........
    ........
    .......P
    ....QPP.
    ......K.
"""


def test_a_pawn_defended_only_from_the_wrong_half_is_taken():
    state = position(GRAB, WK)
    for seed in range(3):
        action = think_now("search:2:nodes=3000", state, WK, random.Random(seed), **UNTIMED)
        assert state.notation(action) == "Qxa6"


def test_a_pawn_the_next_player_can_retake_is_left_alone():
    # The defender stands on f6 instead: Black's king side takes back.
    state = position(GRAB.replace("r.....k.", "......k.").replace("p......p", "p....r.p"), WK)
    for seed in range(3):
        action = think_now("search:2:nodes=3000", state, WK, random.Random(seed), **UNTIMED)
        assert state.notation(action) != "Qxa6"


def test_every_search_level_reaches_the_partners_turn():
    """Normal and Hard of the setup screen search at least three turns (the
    seat's own, the next opponent's, the partner's), so partners play as
    allies at every level."""
    for level in ("search:2", "search:3"):
        spec = GAME.bot_levels.get(level, level)
        assert make_bot(spec).limits.max_depth >= 3, spec
