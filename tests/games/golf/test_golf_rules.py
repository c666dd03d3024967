"""A round of Chess Golf (game/games/golf/rules.py, rules/golf.md): alone
against par, and for several players with bids, demonstrations and
penalties; one game whose option "Players" says how many seats play.

Boards are diagrams, rank 8 first: ``.`` empty, ``KQRBN`` White, ``kqrbn``
Black.
"""

from __future__ import annotations

import random

import pytest
from helpers import conformance

from game.engine import IllegalAction, PositionError
from game.engine.chess.tables import GEO
from game.games.golf import hole as H
from game.games.golf.hole import Goal
from game.games.golf.rules import Bid, Deal, GiveUp, Go, GolfGame, Put, Reset, solution_line
from game.games.golf.solver import solve
from game.match import Match, find_game

GAME: GolfGame = find_game("golf")

# The a1 rook stands next to the a2 queen: it slides along the first rank
# like the queen and takes the h1 knight in one move. The rest of the set
# is in the deck for the holes that follow.
ONE_MOVE = """
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
. . . . . . . .
Q . . . . . . .
R . . . . . . n
"""
DECK = "NNBBRQKnbbrrqk"


def sq(name: str) -> int:
    return GEO.square(name)


def go(text: str) -> Go:
    return Go(sq(text[:2]), sq(text[2:]))


def position(players: int, dealer: int = 0, diagram: str = ONE_MOVE, chosen: str = "Rn"):
    """A hole about to be bid on (several players) or played (alone)."""
    fen = H.fen_board(H.from_diagram(diagram))
    phase = "bid" if players > 1 else "play"
    board, goal = H.from_diagram(diagram), Goal.of(H.code_of_letter(c) for c in chosen)
    par = "-" if players > 1 else str(solve(board, goal).length)
    text = (
        f"{fen} {phase} players={players} hole=1/9 deal=2 dealer={dealer} start={fen} "
        f"goal={chosen} strokes=0 par={par} captured=- bids=- demo=- tried=- scores=- "
        f"pars=- last=- deck:{DECK} chosen:{chosen} discard:-"
    )
    return GAME.from_text(text)


def bids(state, *numbers: int):
    state.apply({seat: Bid(n) for seat, n in enumerate(numbers)})
    return state


# -- one game, one to four players ----------------------------------------------------------
def test_the_players_option_says_which_seats_play():
    assert GAME.seats_in_play({"players": 1}) == (0,)
    assert GAME.seats_in_play({"players": 3}) == (0, 1, 2)
    assert GAME.seats_in_play(GAME.default_options()) == (0,)
    alone = GAME.new({"players": 1}, seed=1)
    assert alone.to_act() == (0,) and alone.phase == "play" and alone.par
    table = GAME.new({"players": 3}, seed=1)
    assert table.to_act() == (0, 1, 2) and table.phase == "bid"
    assert table.legal_actions(3) == []  # the fourth seat sits out


def test_the_position_text_keeps_the_number_of_players():
    state = GAME.new({"players": 3}, seed=2)
    again = GAME.from_text(state.to_text())
    assert again.n == 3 and again.to_text() == state.to_text()
    with pytest.raises(ValueError, match="players is 1 to 4"):
        GAME.from_text(state.to_text().replace("players=3", "players=5"))


# -- alone ----------------------------------------------------------------------------------------
def test_alone_a_hole_scores_its_moves_and_the_round_is_set_against_par():
    state = GAME.new({"players": 1, "holes": 3}, seed=1)
    pars = []
    for hole in (1, 2, 3):
        assert state.hole == hole and state.phase == "play"
        pars.append(state.par)
        line = solution_line(state.start, state.goal)
        assert len(line) == state.par
        for move in line:
            state.apply({0: Go(move.frm, move.to)})
        while state.phase == "place":  # the captured piece goes back
            state.apply({0: state.legal_actions(0)[0]})
    assert state.phase == "over" and state.scores == [(p,) for p in pars]
    result = state.result()
    assert result.scores == (0.0,) and result.lower_is_better
    assert "level par" in result.verdict
    assert len(result.points) == 4 and result.points[0] == 1.0


def test_reset_puts_the_hole_back_and_costs_nothing():
    state = position(1)
    start = state.board
    assert Reset() not in state.legal_actions(0)  # nothing to reset yet
    state.apply({0: go("a1b1")})
    assert state.strokes == 1 and Reset() in state.legal_actions(0)
    state.apply({0: Reset()})
    assert state.board == start and state.strokes == 0
    state.apply({0: go("a1h1")})
    assert state.scores == [(1,)]


def test_giving_up_shows_the_solution_a_step_a_move_and_scores_twice_par():
    state = position(1)
    start = state.board
    state.apply({0: go("a1b1")})
    events = state.apply({0: GiveUp()})
    assert [e.kind for e in events] == ["golf_reset"] and state.board == start
    assert state.showing and state.legal_actions(0) == [go("a1h1")]  # the line, nothing else
    assert "solution, move 1 of 1" in state.prompt(0)
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()
    events = state.apply({0: go("a1h1")})
    assert [(e.data["frm"], e.data["to"]) for e in events if e.kind == "golf_move"] == [
        (sq("a1"), sq("h1"))
    ]
    assert state.scores == [(2,)] and state.pars == [1]
    assert state.phase == "place" and not state.showing


def test_a_typed_solution_being_shown_must_have_a_move_left_on_its_line():
    """A hand-made text claiming a solution is being shown is refused when
    its moves are all played (strokes at par) or the board is off the line:
    the reviewer's save of the first crashed the play scene."""
    state = position(1)
    state.apply({0: GiveUp()})
    text = state.to_text()
    assert GAME.from_text(text).legal_actions(0) == [go("a1h1")]
    done = text.replace("strokes=0", "strokes=1")
    assert done != text
    with pytest.raises(PositionError, match="no move left"):
        GAME.from_text(done)
    state.board = H.play(state.board, state.goal, H.Move(sq("a1"), sq("b1")))[0]
    with pytest.raises(PositionError, match="not where the solution"):
        GAME.from_text(state.to_text())


def test_after_the_last_hole_nothing_goes_back_and_the_round_is_over():
    """Alone or with several players, solved or shown, the captured piece of
    the round's last hole stays off the board: the result comes at once."""
    solved = position(1)
    solved.holes = solved.hole = 1
    solved.apply({0: go("a1h1")})
    assert solved.phase == "over" and solved.result().scores == (0,)  # one stroke: level par
    shown = position(1)
    shown.holes = shown.hole = 1
    shown.apply({0: GiveUp()})
    shown.apply({0: go("a1h1")})
    assert shown.phase == "over" and shown.result().scores == (1,)  # twice par, over par by 1
    table = bids(position(2), 1, 2)
    table.holes = table.hole = 1
    table.apply({0: go("a1h1")})
    assert table.phase == "over" and table.result().scores == (1, 2)


def test_the_captured_piece_goes_back_on_an_empty_square():
    state = position(1)
    state.apply({0: go("a1h1")})
    assert state.phase == "place" and state.captured == [H.code_of_letter("n")]
    puts = state.legal_actions(0)
    assert Put(H.code_of_letter("n"), sq("h1")) not in puts  # the rook stands there
    assert Put(H.code_of_letter("n"), sq("d4")) in puts
    state.apply({0: Put(H.code_of_letter("n"), sq("d4"))})
    assert H.code_at(state.board, sq("d4")) == H.code_of_letter("n")
    assert state.hole == 2 and state.phase == "play"


# -- several players ------------------------------------------------------------------------------
def test_the_lowest_bid_demonstrates_ties_from_the_dealers_left():
    state = bids(position(3, dealer=0), 2, 1, 1)
    assert state.phase == "play" and state.demo == 1 and state.to_act() == (1,)
    state = bids(position(3, dealer=1), 2, 1, 1)
    assert state.demo == 2
    state = bids(position(3, dealer=2), 0, 1, 1)
    assert state.demo == 1  # zero is no bid: seat 0 is passed over


def test_a_demonstration_scores_the_bids_and_the_deal_passes():
    """Seat 1 said two and shows it in one: the number shown is the score.
    Seat 0 said it was impossible: the largest number plus one."""
    state = bids(position(3, dealer=0), 0, 2, 5)
    state.apply({1: go("a1h1")})
    assert state.scores == [(6, 2, 5)]
    assert state.dealer == 1 and state.phase == "place" and state.to_act() == (1,)
    state.apply({1: Put(H.code_of_letter("n"), sq("e4"))})
    assert state.hole == 2 and state.phase == "bid" and state.to_act() == (0, 1, 2)


def test_a_failed_demonstration_is_penalised_and_the_next_bid_shows():
    """Seat 1 uses up its one move without the capture: it scores the
    largest other number plus one, the board goes back, seat 2 shows."""
    state = bids(position(3, dealer=0), 0, 1, 3)
    start = state.board
    state.apply({1: go("a1b1")})
    assert state.board == start and state.strokes == 0
    assert state.demo == 2 and state.tried == {1}
    state.apply({2: go("a1h1")})
    assert state.scores == [(4, 4, 3)] and state.dealer == 2


def test_a_demonstrator_may_give_up():
    state = bids(position(2, dealer=1), 2, 3)
    assert state.demo == 0 and Reset() not in state.legal_actions(0)
    state.apply({0: GiveUp()})
    assert state.demo == 1 and state.tried == {0}


def test_when_nobody_can_show_it_zeros_stay_and_the_dealer_deals_again():
    state = bids(position(3, dealer=0), 0, 1, 2)
    state.apply({1: GiveUp()})
    state.apply({2: GiveUp()})
    assert state.scores == [(0, 3, 2)]
    assert state.dealer == 0 and state.hole == 2 and state.phase == "bid"


def test_when_everyone_says_impossible_everyone_scores_zero():
    state = bids(position(3, dealer=2), 0, 0, 0)
    assert state.scores == [(0, 0, 0)] and state.dealer == 2
    assert state.hole == 2 and state.phase == "bid"


def test_the_lowest_total_wins_and_a_tie_is_shared():
    state = position(3)
    state.scores = [(3, 5, 3)] * 8
    bids(state, 0, 1, 1)
    state.apply({1: go("a1h1")})
    assert state.phase == "over"  # the captured knight stays off: the round is over
    result = state.result()
    assert result.scores == (26.0, 41.0, 25.0)  # the last hole: 2, 1, 1
    assert result.points == (0.0, 0.0, 1.0, 0.0)  # the fourth seat sat out
    state.scores[-1] = (1, 1, 1)
    assert state.result().points == (0.5, 0.0, 0.5, 0.0)
    assert "share the win" in state.result().verdict


def test_only_the_seats_to_act_may_act():
    state = bids(position(3), 0, 1, 3)
    with pytest.raises(IllegalAction):
        state.apply({2: go("a1h1")})


# -- the protocol with several players ------------------------------------------------------------
def test_three_players_keep_every_promise_of_the_protocol():
    """The conformance suite runs the game with its default (alone); the
    same checks with three players."""
    for seed in (1, 2):
        rng = random.Random(seed)
        match = Match("golf", options={"players": 3, "holes": 3}, seed=seed)
        for step in range(160):
            state = match.state
            conformance.check_protocol(state, rng)
            conformance.check_text(state)
            if step % 5 == 0 or state.is_over():
                conformance.check_copy(state, rng)
                for seat in range(4):
                    conformance.check_secrets(state, seat, rng)
            if step % 40 == 0:
                conformance.check_save(match)
            if match.is_over():
                break
            match.play({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
        conformance.check_save(match)


def test_the_move_list_numbers_the_holes():
    """Alone: a hole's moves and the pieces put back share a number. Several
    players: each hole starts with its bids (everyone saying impossible is a
    hole of its own)."""
    match = Match("golf", {"players": 1}, seed=3)
    for move in solution_line(match.state.start, match.state.goal):
        match.play({0: Go(move.frm, move.to)})
    puts = 0
    while match.state.phase == "place":
        match.play({0: match.state.legal_actions(0)[0]})
        puts += 1
    moves_and_puts = len(match.records)
    match.play({0: GiveUp()})
    while match.state.showing:  # the solution, each move a step of hole 2
        match.play({0: match.state.legal_actions(0)[0]})
    shown = len(match.records) - moves_and_puts
    assert puts and match.round_numbers() == [1] * moves_and_puts + [2] * shown
    table = Match("golf", {"players": 2, "cards": "dealer's choice"}, seed=3)
    table.play({table.to_act()[0]: Deal(2)})
    table.play({0: Bid(0), 1: Bid(0)})  # impossible for all: a hole of its own
    table.play({table.to_act()[0]: Deal(3)})
    table.play({0: Bid(4), 1: Bid(0)})
    table.agree_draw()
    assert table.round_numbers() == [1, 1, 2, 2, None]


@pytest.mark.slow  # fast cover: the secrets audit's golf case and the three-player protocol test
def test_with_three_players_the_screen_shows_each_seat_only_its_view(app):
    rng = random.Random(3)
    match = Match("golf", options={"players": 3, "holes": 3}, seed=3)
    shots = 0
    for step in range(12):
        if step in (0, 1, 5) and not match.is_over():
            for seat in match.to_act():
                conformance.check_pixels(app, match, seat, rng)
                shots += 1
        if match.is_over():
            break
        state = match.state
        match.play({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    assert shots


def test_the_setup_notes_follow_the_choices():
    """The setup shows the chosen value's own note ("A round of 3 holes",
    not "nine holes" whatever was chosen); every game's notes, where a game
    gives them per choice, are one per choice."""
    from game.games import load_all

    holes, cards = (o for o in GAME.options if o.key in ("holes", "cards"))
    assert holes.help_for(3) == "A round of 3 holes"
    assert cards.help_for("two cards").startswith("Two cards")
    for game in load_all().values():
        for option in game.options:
            assert len(option.choice_help) in (0, len(option.choices)), (game.id, option.key)


def test_typed_strokes_and_par_are_counts_and_a_shown_par_is_the_line():
    """A reviewer's save with strokes=-99 while a solution was shown read
    back and crashed the play scene; par 9 on a one-move line scored 18."""
    state = position(1)
    state.apply({0: GiveUp()})
    text = state.to_text()
    for bad, words in (
        ("strokes=-99", "counts"),
        ("strokes=-1", "counts"),
        ("strokes=1000", "counts"),
    ):
        with pytest.raises(PositionError, match=words):
            GAME.from_text(text.replace("strokes=0", bad))
    with pytest.raises(PositionError, match="par is not the length"):
        GAME.from_text(text.replace("par=1", "par=9"))
