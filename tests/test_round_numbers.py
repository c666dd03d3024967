"""Moves are counted as players count them: a number per round, begun by
the side that opens, whatever the turn is made of. The rules count each
step as it is played (``State.count_round``) and the match keeps the
numbers; every game's are checked here against what its rules say."""

import random

import pytest
from helpers import tiers
from helpers.numbering import numbered

from game.games import load_all
from game.match import Match

GAMES = load_all()


def test_chess_counts_a_move_and_its_reply_as_one():
    match = Match("chess", seed=1)
    assert numbered(match, "e4", "e5", "Nf3") == [1, 1, 2]
    assert match.move_count() == 2


def test_a_position_counts_on_from_its_move_number():
    """FEN's move number: Black's 30th move, then White's 31st."""
    start = GAMES["chess"].from_text("4k3/4p3/8/8/8/8/4P3/4K3 b - - 0 30")
    assert numbered(start, "Kf8", "Kf2", "Kg8") == [30, 31, 31]
    start = GAMES["chess"].from_text("4k3/4p3/8/8/8/8/4P3/4K3 w - - 0 12")
    assert numbered(start, "Kf2", "Kf8", "Kg2") == [12, 12, 13]


def test_a_turn_of_two_parts_is_one_move_and_black_may_open():
    assert numbered(Match("tulaga", seed=0), "e5", "d4", "f6") == [1, 1, 2]  # Black opens
    steps = ("Mc4", "Aa3", "Mf3", "Ae5", "Ce3")  # two parts a turn, same side
    assert numbered(Match("mulligan_stew", seed=0), *steps) == [1, 1, 1, 1, 2]


def test_a_duel_between_turns_neither_starts_nor_breaks_a_round():
    match = Match("tulpas", seed=0)
    assert numbered(match, {0: "pick A", 1: "guess A"}, "A@b1", {"resign": 1}) == [None, 1, None]
    assert match.move_count() == 1


def rules_numbers(game_id: str, match: Match, states: list) -> list[int | None]:
    """The move numbers the rules give the steps of ``match`` (``states``:
    the position before each step): the rule sheets' move number, which
    the position text keeps as FEN's (a White move and Black's reply, the
    whole turn with its parts and the answers given inside it); Golf's
    hole; Tulaga's rounds, opened by Black. A secret duel or the
    assignments before play (several seats at once, in a game of turns)
    belong to no move; Two-Move Chess numbers its turns from the first
    secret choice, its opening cards before it; agreements have none."""
    out: list[int | None] = []
    black_turns = 0
    for record, before in zip(match.records, states, strict=True):
        seats = [k for k in record.step if isinstance(k, int)]
        if not seats:
            out.append(None)
        elif game_id == "golf":
            out.append(before.hole)
        elif game_id == "tulaga":
            black_turns += seats == [1] and before.phase == "place"
            out.append(black_turns)
        elif len(seats) > 1 and game_id in ("tulpas", "masquerade"):
            out.append(None)
        elif game_id == "two_move" and before.phase == "open":
            out.append(None)
        elif hasattr(before, "fullmove"):
            out.append(before.fullmove)
        else:  # a game without a move counter of its own: rounds by seats
            out.append(record.number)
    return out


def typed_start(game_id: str, side: str, number: int) -> str | None:
    """The game's start with ``side`` to move at move ``number``, as typed
    in the setup form; None where the position text refuses it (a game
    whose side field is always w) or keeps no move number."""
    fields = GAMES[game_id].new({}, 1).to_text().split(" ")
    if len(fields) < 6 or not fields[5].isdigit():
        return None
    fields[1], fields[5] = side, str(number)
    try:
        GAMES[game_id].start_from(" ".join(fields))
    except ValueError:
        return None
    return " ".join(fields)


TYPED = [
    (game_id, side)
    for game_id in sorted(GAMES)
    for side in "wb"
    if typed_start(game_id, side, 12) is not None
]


def test_the_typed_positions_cover_chess_and_its_variants():
    assert {"chess", "zombie", "tar_pit", "crowded_house"} <= {g for g, s in TYPED if s == "b"}


@pytest.mark.parametrize(("game_id", "side"), TYPED)
def test_a_game_from_a_typed_position_counts_on_from_its_move_number(game_id, side):
    """From a position that says its move number (FEN's "... b - - 0 12"),
    the count goes on from it: Black's move first is move 12, White's next
    is 13, as the rules count them."""
    rng = random.Random(1)
    match = Match(game_id, start=typed_start(game_id, side, 12), seed=1)
    states = []
    while len(match.records) < 12 and not match.is_over():
        states.append(match.state.copy())
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    numbers = match.round_numbers()
    assert numbers == rules_numbers(game_id, match, states)
    assert next(n for n in numbers if n is not None) == 12
    assert Match.from_dict(match.to_dict()).round_numbers() == numbers  # saves count again


MODES = [
    (game_id, options)
    for game_id in sorted(GAMES)
    for options in {
        "golf": [{"players": 1}, {"players": 3, "cards": "dealer's choice"}],
        "cooperative": [{"mode": "solitaire"}, {"mode": "two players"}],
        "tar_pit": [{"checker_cards": 4}],
    }.get(game_id, [{}])
]


@pytest.mark.parametrize(
    ("game_id", "options"), [pytest.param(g, o, marks=tiers.tier(g)) for g, o in MODES]
)
def test_every_game_numbers_its_moves_as_its_rules_count_them(game_id, options):
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match(game_id, options, seed=seed)
        states = []
        while len(match.records) < 80 and not match.is_over():
            states.append(match.state.copy())
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
        if not match.is_over():
            states.append(match.state.copy())
            match.resign(0)
        numbers = match.round_numbers()
        assert numbers == rules_numbers(game_id, match, states)
        assert match.move_count() == max((n for n in numbers if n is not None), default=0)
        assert Match.from_dict(match.to_dict()).round_numbers() == numbers  # saves count again
