"""The Cooperative partner (game/games/cooperative/partner.py), the turn
planner behind Normal, Hard and the Hint: it plans the whole turn (card,
quiet move, capture chain), keeps a king capture for the end, sweeps whole
kinds for the bonus, and decides from its own view only. The planner is
bounded by counts and by the bot's time (test_cooperative_budget.py); bots
here get ``**UNTIMED``, so the counts alone end it."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from coop_positions import position, start_of_game, turn
from helpers.bots import UNTIMED

from game.ai import make_bot
from game.engine.cards import cards_text, parse_cards
from game.games.cooperative.evaluation import decide
from game.games.cooperative.text import UNIVERSE

NORMAL = "search:2"
HARD = "search:3:time=3"  # the planner at level 3, 3 s on the wall clock


KING_IN_REACH = """
    . . . . k . . .
    p p p . . p p p
    . . n . . . . .
    . . . b . . . .
    . . . . . . . .
    . . N . . . . .
    P P P . . P P P
    . . . . R . K .
    """


# Slow: many sampled worlds; the other partner tests are its fast cover.
@pytest.mark.slow
def test_it_keeps_a_king_capture_while_many_cards_are_to_come():
    """The white rook may take the black king, but twenty-odd cards are
    still to come and no kind is gone: ending the game now scores 5."""
    for spec in (NORMAL, HARD):
        state = position(
            KING_IN_REACH, line="Rk", hand0="N", hand1="n", captured="QqrB", discard="Qqr"
        )
        steps = turn(state, spec)
        assert "Rxe8" not in steps, (spec, steps)
        assert not state.is_over()


def test_it_takes_the_king_when_the_cards_are_nearly_gone():
    """Two cards are left to come (one in the pile, one in Black's hand):
    the king now scores the captures and the bonus for the queens; waiting
    may lose it all."""
    gone = "PPNBBRQ" + "ppnbrrq"
    state = position(
        KING_IN_REACH,
        line="KPpPpPpPpPpPnNRk",
        draw="b",
        hand0="",
        hand1="p",
        captured=gone,
        discard=gone,
    )
    assert "Rxe8" in turn(state, NORMAL)
    assert state.result().scores[0] == 15 + 10  # 15 captures, no queens on the board


def test_it_sees_a_chain_of_two_captures_the_line_allows():
    """Line: white rook, black knight, black pawn. Rxa5 sends the knight's
    card away, and the line closes up to rook, pawn: the rook, now on a5,
    takes the pawn on e5 as well."""
    state = position(
        """
        . . . . . . k .
        . . . . . . . p
        . . . . . . . .
        n . . . p . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . P P
        R . . . . . K .
        """,
        line="Rnp",
        hand0="B",
        hand1="b",
    )
    steps = turn(state, NORMAL)
    captures = [step for step in steps if "x" in step]
    assert captures == ["Rxa5", "Rxe5"], steps  # a quiet move first may come too


@pytest.mark.slow  # fast cover: test_cooperative_ai's last-piece-of-a-kind test fast
def test_it_completes_a_kind_when_it_can():
    """The knight may take the last bishop or the pawn on f2, not both: the
    bishop clears a kind, ten points when a king falls. (Taking the pawn
    would offer the knight to the bishop, once the d4 pawn steps aside: one
    capture more, but no kind cleared.)"""
    state = position(
        """
        . . . . k . n .
        p . . . . . . p
        . . . . . . . .
        . . b . . . . .
        . . . p . . . .
        . . . N . . . .
        P P . . . p . P
        K . . . . . . .
        """,
        line="bNp",
        hand0="R",
        hand1="r",
        captured="BBb",
        discard="BBb",
    )
    for spec in (NORMAL, HARD):
        one = state.copy()
        steps = turn(one, spec)
        assert "Nxc5" in steps and "Nxf2" not in steps, (spec, steps)


@pytest.mark.slow  # fast cover: the chain-of-two-captures test above fast
def test_it_plays_a_quiet_move_that_sets_up_the_capture_its_card_allows():
    """White holds the black queen's card: played beside the white rook's
    card it allows rook takes queen, once the rook stands on the queen's
    rank or file. A quiet rook move first, then the capture. (Rf1 would
    only offer the rook to the queen, and clear no kind: a rook is left.)"""
    state = position(
        """
        . . . . . . k r
        . . . . . p p p
        . . . . . . . .
        . q . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        R . . . . . K .
        """,
        step="card",
        line="R",
        hand0="Nq",
        hand1="b",
    )
    steps = turn(state, NORMAL)
    assert steps[0] == "[q]", steps
    assert steps[1] in ("Ra5", "Rb1"), steps  # quiet: now the rook attacks b5
    assert steps[2] == "Rxb5", steps


def _world(hand0: str, reverse: bool):
    """A middle game where Black is to play a card; what differs between
    worlds is White's hand and the draw pile's order."""
    pile = Counter(UNIVERSE)
    pile.subtract(parse_cards("pPKk" + "nr" + "Qq" + hand0))
    order = sorted(pile.elements())
    if reverse:
        order.reverse()
    return position(
        """
        r n b . k b . r
        p p p . . p p p
        . . . . . n . .
        . . . p . . . .
        . . . . P . . .
        . . N . . . . .
        P P P . . P P P
        R . B . K B N R
        """,
        to_move="b",
        step="card",
        line="pPKk",
        hand0=hand0,
        hand1="nr",
        discard="Qq",
        captured="Qq",
        draw=cards_text(order),
    )


@pytest.mark.slow  # fast cover: test_cooperative_ai's own-view test fast
def test_it_decides_the_same_from_worlds_its_seat_cannot_tell_apart():
    """White holds other cards, and the draw pile lies in another order:
    Black's view is the same, and so is Black's decision, at each level."""
    one = _world("Bb", reverse=False)
    two = _world("Nn", reverse=True)
    assert one.view(1).to_text() == two.view(1).to_text()
    assert one.to_text() != two.to_text()
    for level in (2, 3):
        picks = [decide(s.view(1), 1, random.Random(5), level) for s in (one, two)]
        assert str(picks[0]) == str(picks[1])
    bot = make_bot(NORMAL, **UNTIMED)
    assert str(bot.choose(one.view(1), 1, random.Random(3))) == str(
        bot.choose(two.view(1), 1, random.Random(3))
    )


def test_the_levels():
    """Normal and Hard are the planner (levels 2 and 3, Hint as Hard);
    Easy and the one-ply yardstick judge by the evaluation alone."""
    from game.games import load_all

    game = load_all()["cooperative"]
    assert game.bot_levels == {"search:2": NORMAL, "search:3": HARD}
    assert game.hint_bot == HARD
    state = position(start_of_game(), step="card", line="pP", hand0="NR", hand1="nb")
    view = state.view(0)
    assert decide(view, 0, random.Random(1), 1) is None
    for level in (2, 3):
        assert decide(view, 0, random.Random(1), level) in view.legal_actions(0)
