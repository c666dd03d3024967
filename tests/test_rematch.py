"""Rematch (``Match.again``), headless: every game's seats swap sides, the
players follow their seats, the deal is fresh."""

from __future__ import annotations

import pytest

from game.clock import Clock
from game.games import load_all
from game.match import Match, swapped_seats

GAMES = load_all()


def modes(game):
    """Each option choice that changes the seats in play, with its seats."""
    seen = {}
    for option in game.options:
        for value in option.choices:
            options = game.normalize_options({option.key: value})
            seen.setdefault(game.seats_in_play(options), options)
    return list(seen.values()) or [game.normalize_options({})]


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_seat_changes_side_and_partners_stay_partners(game_id):
    game = GAMES[game_id]
    for options in modes(game):
        in_play = game.seats_in_play(options)
        moved = swapped_seats(game, options)
        assert sorted(moved) == sorted(moved.values()) == sorted(in_play)  # a permutation
        sides = {game.side_of(s) for s in in_play}
        for seat, to in moved.items():
            if len(sides) > 1:
                assert game.side_of(to) != game.side_of(seat), (options, seat)
            elif len(in_play) > 1:
                assert to != seat
            for partner in game.team_of(seat):
                if partner in in_play:
                    assert moved[partner] in game.team_of(to)


def test_a_rematch_swaps_people_levels_and_names_and_keeps_the_control():
    match = Match("chess", seed=7, players=["human", "computer:easy"], names=["Ann", ""])
    match.clock = Clock.new(300, 3, 2)
    match.clock.run(100, [0])
    match.resign(0)
    again = match.again(swap=True)
    assert again.players == ["computer:easy", "human"] and again.names == ["", "Ann"]
    assert again.seed != match.seed and again.history == []
    assert again.clock == Clock.new(300, 3, 2)
    same = match.again()
    assert same.players == match.players and same.names == match.names


def test_a_rematch_of_a_typed_position_starts_from_it_again():
    start = "4k3/8/8/8/8/8/8/R3K3 w - - 0 1"
    match = Match("chess", seed=1, start=start, players=["human", "computer:easy"])
    assert match.again(swap=True).start == start
    assert match.again().start is None  # "New game": the game's own start, as before


def test_crowded_house_partners_swap_together():
    game = GAMES["crowded_house"]
    assert swapped_seats(game, game.normalize_options({})) == {0: 1, 2: 3, 1: 0, 3: 2}
