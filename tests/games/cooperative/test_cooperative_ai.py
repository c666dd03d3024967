"""The computer as a Cooperative Chess partner: it judges a position by the
score both can expect (the same for either seat), decides from its own view
only, captures what the line allows, makes a capture possible with the card
it plays, goes for the last piece of a kind, keeps a king capture while much
is still to take and takes it when the cards run out. Searches are bounded
by depth, never by the clock."""

from __future__ import annotations

import random

import pytest
from coop_positions import position, start_of_game, turn
from helpers.bots import UNTIMED

from game.ai import make_bot, think_now
from game.games.cooperative.evaluation import evaluate

SPEC = "search:3:samples=2"

OPEN = """
    r . b q k b . r
    p p p . . p p p
    . . . . . . . .
    . . . n . . . .
    . . . . P . . .
    . . . . . . . .
    P P P . . P P P
    R N B Q K B . R
    """


def choose(state, spec=SPEC, seed=1):
    seat = state.to_act()[0]
    return state.notation(think_now(spec, state, seat, random.Random(seed), **UNTIMED))


def test_the_evaluation_is_the_same_for_both_partners():
    state = position(start_of_game(), step="card", line="pP", hand0="NR", hand1="nb")
    assert evaluate(state, 0) == evaluate(state, 1)
    over = position(start_of_game(), captured="k")
    assert evaluate(over, 0) == evaluate(over, 1) == 1.0  # one capture, nothing cleared


def test_it_decides_from_its_own_view_only():
    """Two deals that differ only in what Black may not see (White's hand and
    the draw pile's order) look the same to Black, and Black plays the same."""
    one = position(start_of_game(), to_move="b", step="card", hand0="NR", hand1="nb")
    two = position(start_of_game(), to_move="b", step="card", hand0="QB", hand1="nb")
    assert one.view(1).to_text() == two.view(1).to_text()
    bot = make_bot(SPEC, **UNTIMED)
    picks = [bot.choose(s.view(1), 1, random.Random(7)) for s in (one, two)]
    assert picks[0] == picks[1]


# Slow: likewise.
@pytest.mark.slow
def test_it_captures_what_the_line_allows():
    state = position(OPEN, line="Pn", hand0="N", hand1="b")
    assert "exd5" in turn(state, SPEC)  # a quiet move first, or not: the knight is taken


# Slow: a planner search of a second; the other choices here are its fast cover.
@pytest.mark.slow
def test_it_plays_the_card_that_makes_a_capture_possible():
    state = position(OPEN, step="card", line="P", hand0="Rn", hand1="b")
    steps = turn(state, SPEC)
    assert steps[0] == "[n]" and "exd5" in steps  # beside the white pawn's card


def test_it_goes_for_the_last_piece_of_a_kind():
    state = position(
        """
        . n . . k . . .
        . . . . . . . p
        . . . . . . . .
        . . q . p . . .
        . . . . . . . .
        . . . N . . . .
        P . . . . . . .
        . . . . K . . N
        """,
        line="pNq",
        hand0="R",
        hand1="n",
        captured="Q",
    )
    assert "Nxc5" in turn(state, SPEC)  # the last queen: ten points when a king falls


@pytest.mark.slow  # fast cover: the king-when-the-cards-run-out test fast
def test_it_keeps_a_king_capture_while_much_is_still_to_take():
    state = position(
        """
        r n b . k b n r
        p p p p . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P P P
        R N B K R B N .
        """,
        line="Rk",
        hand0="N",
        hand1="n",
        captured="pPQq",
    )
    assert "Rxe8" not in turn(state, "search:2")  # a queen-less start: play on
    assert not state.is_over()


def test_it_takes_the_king_when_the_cards_run_out():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P . . . . . . .
        . . . . R . K .
        """,
        step="move",
        draw="",
        hand0="",
        hand1="p",
        line="KpRkP",
        discard="PPPPPPPNNBBRQ" + "ppppppnnbbrrq",
        captured="PPPPPPPNNBBRQ" + "ppppppppnnbbrrq",
    )
    assert "Rxe8" in turn(state, "search:2")  # 28 + 1 + 30, or no bonus at all
    assert state.result().scores[0] == 59


def test_the_partners_levels_are_the_turn_planner():
    """Normal and Hard keep their setup depths (Hard with 3 s on the wall
    clock): the game's ``decide`` hands them to the turn planner
    (partner.py) at levels 2 and 3. The random level stays the random
    player."""
    from game.match import Match
    from game.ui.play.bots import BotDriver

    for level, spec in (
        ("search:2", "search:2"),
        ("search:3", "search:3:time=3"),
        ("random", "random"),
    ):
        match = Match("cooperative", {"mode": "two players"}, 1, ["human", f"computer:{level}"])
        driver = BotDriver(match)
        try:
            assert driver._runner(1).spec == spec
        finally:
            driver.close()
