"""Moves are counted as players count them: a number per round, begun by
the side that opens, whatever the turn is made of."""

from game.games import load_all
from game.match import Match, move_count, round_numbers

GAMES = load_all()


def test_chess_counts_a_move_and_its_reply_as_one():
    match = Match("chess", seed=1)
    for san in ("e4", "e5", "Nf3"):
        match.play({match.to_act()[0]: match.state.parse_action(san)})
    assert round_numbers(match.game, match.history) == [1, 1, 2]
    assert move_count(match.game, match.history) == 2


def test_a_turn_of_two_parts_is_one_move_and_black_may_open():
    # Tulaga: Black opens.
    steps = [{1: "e5"}, {0: "d4"}, {1: "f6"}]
    assert round_numbers(GAMES["tulaga"], steps) == [1, 1, 2]
    # Mulligan Stew: two parts a turn, same side.
    steps = [{0: "Mc4"}, {0: "Aa3"}, {1: "Mf3"}, {1: "Ae5"}, {0: "Ce3"}]
    assert round_numbers(GAMES["mulligan_stew"], steps) == [1, 1, 1, 1, 2]


def test_a_duel_between_turns_neither_starts_nor_breaks_a_round():
    steps = [
        {0: "pick A", 1: "guess A"},
        {0: "A@e2"},
        {0: "Hb2:c3>d1"},
        {0: "pick W", 1: "guess S"},
        {1: "e8-e7"},
    ]
    assert round_numbers(GAMES["tulpas"], steps) == [None, 1, 1, None, 1]
    assert move_count(GAMES["tulpas"], steps + [{"resign": 0}]) == 1
