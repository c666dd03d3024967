"""Giving up a game played alone (Golf alone: Quit round; Cooperative
solitaire: End game) names no winner and no side: nobody else is at the
table. Every game's every option choice that leaves a single seat in play
is checked, so that a new solo mode is covered as it comes."""

from __future__ import annotations

import pytest

from game.games import REGISTRY, load_all
from game.match import Match
from game.ui.play import seats

load_all()


def one_seat_modes() -> list[tuple[str, dict]]:
    """(game id, options) for each option choice that leaves one seat in play."""
    found = []
    for game_id, game in sorted(REGISTRY.items()):
        for option in game.options:
            for choice in option.choices:
                options = game.normalize_options({option.key: choice})
                if len(game.seats_in_play(options)) == 1 and (game_id, options) not in found:
                    found.append((game_id, options))
    return found


MODES = one_seat_modes()


def test_the_solo_modes_are_found():
    assert {g for g, _ in MODES} >= {"golf", "cooperative"}


@pytest.mark.parametrize(("game_id", "options"), MODES, ids=[f"{g}-{o}" for g, o in MODES])
def test_giving_up_alone_names_no_winner_and_no_side(game_id, options):
    match = Match(game_id, options, 5, ["human"] * len(REGISTRY[game_id].seats))
    match.resign(0)
    result = match.state.result()
    words = f"{seats.headline(match, result)} / {result.reason}"
    game = match.game
    for name in (*game.sides, *game.seats[1:]):  # nobody else is playing
        assert name not in words, words
    assert "wins" not in words and "resigned" not in words, words


def test_golf_alone_given_up_says_so_with_no_score():
    match = Match("golf", {"players": 1}, 5, ["human"] * 4)
    match.resign(0)
    result = match.state.result()
    assert seats.headline(match, result) == "Round given up"
    assert result.reason == "You quit the round: no score"
    assert result.scores is None and set(result.points) == {0.0}


def test_golf_quit_by_one_of_several_has_no_winner_either():
    match = Match("golf", {"players": 3}, 5, ["human"] * 4)
    match.resign(1)
    result = match.state.result()
    assert seats.headline(match, result) == "Round given up"
    assert result.reason == "Player 2 quit the round: no score"
    assert max(result.points) == 0.0
