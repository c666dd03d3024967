"""The game clock (game/clock.py), headless: time is stepped by hand, never slept."""

from __future__ import annotations

import json
import re

import pytest
from helpers.chess_diagrams import fen_of
from hypothesis import given, settings
from hypothesis import strategies as st

from game import clock as C
from game.clock import Clock
from game.match import Match
from game.saves import SaveError

KING_AND_ROOK_AGAINST_KING = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    R . . . K . . .
"""

KING_AND_KNIGHT_AGAINST_KING_AND_PAWN = """
    . . . . k . . .
    . . . . p . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . N . . K . . .
"""


def clocked(game="chess", control="5+3", start=None, players=None) -> Match:
    match = Match(game, seed=1, start=start, players=players)
    match.clock = Clock.new(*C.parse_control(control), len(match.game.seats))
    return match


def tick(match: Match, seconds: float, paused: bool = False) -> None:
    """What the play scene does each frame."""
    match.clock.run(seconds, C.running(match, paused))


def test_only_the_seat_to_move_runs_and_a_move_earns_the_increment():
    match = clocked(control="5+3")
    tick(match, 10)
    assert match.clock.left == [290, 300]
    match.submit(0, match.state.parse_action("e4", 0))
    assert match.clock.left == [293, 300]  # the increment after its move
    tick(match, 4)
    assert match.clock.left == [293, 296]


def test_paused_nothing_runs():
    match = clocked()
    tick(match, 50, paused=True)
    assert match.clock.left == [300, 300]


def test_simultaneous_each_seat_runs_until_it_has_chosen():
    match = clocked("synchronous", "3+2")
    tick(match, 5)
    assert match.clock.left == [175, 175]
    match.submit(0, match.state.parse_action("e2e4", 0))  # White has chosen: its clock stops
    tick(match, 7)
    assert match.clock.left == [175, 168]
    match.submit(1, match.state.parse_action("e7e5", 1))
    assert match.clock.left == [177, 170]  # the step is played: both get the increment


def test_the_flag_loses():
    match = clocked(control="1")
    tick(match, 59.5)
    assert match.clock.flagged(C.running(match, False)) is None
    tick(match, 0.5)
    seat = match.clock.flagged(C.running(match, False))
    assert seat == 0
    match.flag(seat)
    result = match.state.result()
    assert result.points == (0.0, 1.0) and result.reason == "White ran out of time"
    assert match.move_list() == ["White ran out of time"]


def test_the_flag_draws_when_the_other_side_has_a_bare_king():
    match = clocked(start=fen_of(KING_AND_ROOK_AGAINST_KING))
    match.flag(0)  # White, with the rook, flags: Black's bare king cannot mate
    assert match.state.result().points == (0.5, 0.5)
    other = clocked(start=fen_of(KING_AND_ROOK_AGAINST_KING, to_move="b"))
    other.flag(1)  # Black, with the bare king, flags: White can win
    assert other.state.result().points == (1.0, 0.0)


def test_a_knight_against_a_pawn_can_still_win_on_the_flag():
    # Not a dead position and not a bare king: mate is possible (the pawn
    # may promote, the knight may mate), so the flag loses.
    match = clocked(start=fen_of(KING_AND_KNIGHT_AGAINST_KING_AND_PAWN, to_move="b"))
    match.flag(1)
    assert match.state.result().points == (1.0, 0.0)


def test_a_flagged_game_saves_and_loads_with_its_times():
    match = clocked()
    match.submit(0, match.state.parse_action("e4", 0))
    tick(match, 300)
    match.flag(1)
    loaded = Match.from_dict(json.loads(json.dumps(match.to_dict())))
    assert loaded.clock == match.clock
    assert loaded.state.result() == match.state.result()
    assert loaded.history == [{0: "e4"}, {"flag": 1}]


def test_a_save_without_a_clock_loads_without_one():
    data = Match("chess", seed=1).to_dict()
    assert "clock" not in data
    assert Match.from_dict(data).clock is None


@pytest.mark.parametrize(
    "bad",
    [
        "5+3",
        {"base": 300, "increment": 3},
        {"base": 300, "increment": 3, "left": [300]},
        {"base": -1, "increment": 3, "left": [300, 300]},
        {"base": 300, "increment": float("nan"), "left": [300, 300]},
        {"base": 300, "increment": 3, "left": [300, "x"]},
        {"base": True, "increment": 3, "left": [300, 300]},
    ],
)
def test_a_damaged_clock_is_refused_in_words(bad):
    data = clocked().to_dict()
    data["clock"] = bad
    with pytest.raises(SaveError, match="its clock is unreadable"):
        Match.from_dict(data)


def test_a_clock_on_a_game_without_one_is_refused():
    data = Match("golf", seed=1).to_dict()
    data["clock"] = {"base": 300, "increment": 3, "left": [300] * 4}
    with pytest.raises(SaveError, match="not played with"):
        Match.from_dict(data)


def test_a_damaged_flag_step_is_refused():
    data = clocked().to_dict()
    data["actions"] = [{"flag": 5}]
    with pytest.raises(SaveError, match="unreadable entry"):
        Match.from_dict(data)


def test_which_games_offer_a_clock():
    from game.games import load_all

    games = load_all()
    assert not C.offers_clock(games["golf"], {"players": 2})
    assert not C.offers_clock(games["cooperative"], {"mode": "solitaire"})
    offered = {g for g, game in games.items() if C.offers_clock(game, {})}
    assert offered == set(games) - C.NO_CLOCK


def test_controls_and_times_in_words():
    assert C.parse_control("5+3") == (300, 3)
    assert C.parse_control(" 10 ") == (600, 0)
    for bad in ("", "0+2", "5+", "abc", "5+3+1", "999"):
        with pytest.raises(ValueError):
            C.parse_control(bad)
    # Well written but too long says how long may be, not how to write it.
    for long, words in (("9999+9999", "at most 600 minutes"), ("5+9999", "at most 600 seconds")):
        with pytest.raises(ValueError, match=words):
            C.parse_control(long)
    with pytest.raises(ValueError, match=re.escape(f"like {C.EXAMPLE}")):
        C.parse_control("five")
    assert [C.shown(t) for t in (3723, 245, 10, 8.47, -2)] == [
        "1:02:03",
        "4:05",
        "0:10",
        "0:08.4",
        "0:00.0",
    ]
    assert Clock.new(180, 2, 2).label() == "3+2"


def test_the_flag_ends_every_game_that_offers_a_clock():
    from game.games import load_all

    for game_id, game in sorted(load_all().items()):
        if not C.offers_clock(game, game.normalize_options({})):
            continue
        match = Match(game_id, seed=3)
        match.clock = Clock.new(60, 0, len(game.seats))
        match.flag(0)
        result = match.state.result()
        assert result is not None and result.points[0] == 0.0, game_id
        again = Match.from_dict(match.to_dict())
        assert again.state.result() == result, game_id


def test_a_game_lost_on_time_goes_through_pgn_and_back():
    from game import pgn

    match = clocked(control="2.5+1.5")
    match.submit(0, match.state.parse_action("e4", 0))
    match.flag(1)
    text = pgn.export(match)
    assert '[Termination "time forfeit"]' in text and '[TimeControl "150+1.5"]' in text
    assert '[Result "1-0"]' in text
    back = pgn.import_pgn(text)
    assert back.history == match.history and back.state.result() == match.state.result()
    assert (back.clock.base, back.clock.increment) == (150, 1.5)
    assert pgn.export(back) == text


def test_a_pgn_from_elsewhere_lost_on_time_is_a_flag():
    from game import pgn

    text = '[Result "0-1"]\n[Termination "Time forfeit"]\n[TimeControl "180+2"]\n\n1. e4 e5 0-1\n'
    match = pgn.import_pgn(text)
    assert match.history[-1] == {"flag": 0}
    assert match.state.result().reason == "White ran out of time"
    # The flag fell: White's clock at zero; Black's time is not in the PGN
    # (no [%clk] comments), so it is the full time.
    assert match.clock == Clock(180, 2, [0.0, 180.0])


def test_a_game_lost_on_time_cannot_be_taken_back():
    match = clocked(players=["human", "computer:easy"])
    match.submit(0, match.state.parse_action("e4", 0))
    match.flag(1)
    assert not match.can_undo
    assert match.undo() == 0 and match.undo_to_human() == 0
    assert match.history == [{0: "e4"}, {"flag": 1}]


def test_no_time_runs_out_in_a_game_without_a_clock():
    from game import pgn
    from game.engine import IllegalAction

    with pytest.raises(IllegalAction):
        Match("chess", seed=1).flag(0)
    data = Match("chess", seed=1).to_dict()
    data["actions"] = [{"flag": 0}]  # edited into a save of an unclocked game
    with pytest.raises(SaveError):
        Match.from_dict(data)
    for ending in ('[Agreement "Black ran out of time"]', '[Termination "time forfeit"]'):
        text = f'[Result "1-0"]\n{ending}\n\n1. e4 1-0\n'
        with pytest.raises(pgn.PgnError, match="no clock"):
            pgn.import_pgn(text)
        with_clock = pgn.import_pgn(text.replace("\n\n", '\n[TimeControl "60+0"]\n\n'))
        assert with_clock.history[-1] == {"flag": 1}


def test_a_custom_clock_has_a_sensible_least_time():
    for tiny in ("0.1", "0.16+5", "0.01"):  # under ten seconds a side
        with pytest.raises(ValueError, match="at least 10 seconds"):
            C.parse_control(tiny)
    with pytest.raises(ValueError):
        C.parse_control("0.0001")  # minutes to two decimals at most
    assert C.parse_control("0.17") == (10.2, 0)
    with pytest.raises(ValueError):
        C.parse_control("5+0.05")  # an increment in tenths at most


@settings(max_examples=200, derandomize=True, deadline=None)
@given(st.integers(17, 60000), st.integers(0, 6000))
def test_every_custom_clock_reads_back_from_its_pgn_tag(hundredths, tenths):
    """What parse_control accepts, the TimeControl tag writes and reads back
    exactly (no 6e-06, no float noise)."""
    from game import pgn

    control = f"{hundredths // 100}.{hundredths % 100:02d}+{tenths // 10}.{tenths % 10}"
    base, increment = C.parse_control(control)
    match = Match("chess", seed=1)
    match.clock = Clock.new(base, increment, 2)
    text = pgn.export(match)
    assert "e-" not in text.split("TimeControl")[1].split("]")[0]
    back = pgn.import_pgn(text)
    assert (back.clock.base, back.clock.increment) == (base, increment)


def test_a_pgn_clock_under_the_least_time_is_not_played():
    from game import pgn

    assert pgn.import_pgn('[TimeControl "0.000006+0"]\n\n1. e4 *').clock is None


def test_undo_and_replay_do_not_earn_the_increment_twice():
    """Each step keeps the times it was played at: undo puts them back,
    redo moves on to the next step's, and playing a step again earns its
    increment once."""
    match = clocked(control="5+3")
    tick(match, 10)
    match.submit(0, match.state.parse_action("e4", 0))  # White 293
    tick(match, 4)
    match.submit(1, match.state.parse_action("e5", 1))  # Black 299
    tick(match, 6)  # White 287, thinking
    assert match.clock.left == [287, 299]
    match.undo(2)
    assert match.clock.left == [290, 300]  # as before e4 was played
    match.redo()
    assert match.clock.left == [293, 296]  # as before e5 was played
    match.redo()
    assert match.clock.left == [287, 299]  # as when the undoing began
    for _ in range(5):  # undo and play again: no increment handed out twice
        match.undo(1)
        match.submit(1, match.state.parse_action("e5", 1))
    assert match.clock.left == [293, 299]


def test_an_accepted_takeback_puts_the_times_back():
    match = clocked(control="5+3", players=["human", "computer:easy"])
    match.submit(0, match.state.parse_action("e4", 0))
    tick(match, 2)
    match.submit(1, match.state.parse_action("e5", 1))
    assert match.clock.left == [303, 301]
    assert match.undo_to_human() == 2
    assert match.clock.left == [300, 300]


@settings(max_examples=60, derandomize=True, deadline=None)
@given(st.lists(st.sampled_from(["play", "undo", "redo"]), max_size=30), st.randoms())
def test_untimed_play_undo_and_redo_leave_each_seat_its_increments(ops, rng):
    """With no time spent, a seat's time is its base plus one increment per
    step it played in the history now, whatever was undone and redone."""
    match = clocked(control="5+3")
    for op in ops:
        if op == "play" and not match.is_over():
            seat = match.to_act()[0]
            match.submit(seat, rng.choice(match.state.legal_actions(seat)))
        elif op == "undo":
            match.undo(rng.randint(1, 3))
        elif op == "redo":
            match.redo()
        played = [next(iter(r.step)) for r in match.records]
        assert match.clock.left == [300 + 3 * played.count(s) for s in (0, 1)], ops


# -- the computer on the clock -----------------------------------------------------------
def _slowest_budget() -> float:
    """The longest any computer level of a game with a clock may think a move."""
    from game.ai import make_bot
    from game.ai.levels import LEVELS, _budget, spec_for
    from game.games import load_all

    return max(
        _budget(make_bot(spec_for(game, level)))
        for game in load_all().values()
        if game.id not in C.NO_CLOCK
        for _, level in LEVELS
    )


@pytest.mark.parametrize("label, minutes, increment", C.PRESETS)
def test_the_presets_leave_every_level_its_own_time(label, minutes, increment):
    clock = Clock.new(minutes * 60, increment, 2)
    assert clock.think_limit(1) >= _slowest_budget(), label


def test_a_computer_keeps_time_for_the_moves_to_come():
    """At one minute with no increment, a computer thinking its whole share
    each move (and losing HANDOVER more to each move) still has time after
    100 moves; at a level's 1.5 s a move it flags at move 40."""
    clock = Clock.new(60, 0, 2)
    for _ in range(100):
        clock.run(min(1.5, clock.think_limit(1)) + C.HANDOVER, [1])
        clock.stepped([1])
    assert clock.flagged([1]) is None
    assert clock.left[1] > 1
    assert Clock.new(30, 0, 2).think_limit(1) < 1.5
    unmanaged = Clock.new(60, 0, 2)
    for _ in range(40):
        unmanaged.run(1.5 + 0.05, [1])
    assert unmanaged.flagged([1]) == 1


def test_the_increment_is_thought_with():
    assert Clock.new(60, 10, 2).think_limit(0) > Clock.new(60, 0, 2).think_limit(0) + 7


def test_out_of_time_the_computer_still_moves_at_once():
    clock = Clock.new(60, 0, 2)
    clock.left[0] = -1.0
    assert clock.think_limit(0) == C.MIN_THINK
