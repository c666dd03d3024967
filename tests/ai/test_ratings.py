"""The levels' strength as people read it: every level of every game of two
sides has a figure or words, and the words claim no figure that
game/ai/ratings.py does not hold."""

from __future__ import annotations

import re

import pytest

from game.ai import ratings
from game.ai.levels import LEVELS, level_label, level_strength
from game.ai.ratings import Rating, Score
from game.games import REGISTRY, load_all

load_all()


def has_two_sides(game) -> bool:
    """scripts/bench_ai.py's two_sided: two teams, or two seats alone."""
    return len(game.teams) == 2 if game.teams else len(game.seats) == 2


TWO_SIDED = sorted(g for g, game in REGISTRY.items() if has_two_sides(game))


def test_the_fifteen_games_of_two_sides_are_the_ones_rated():
    assert len(TWO_SIDED) == 15 and "cooperative" not in TWO_SIDED and "golf" not in TWO_SIDED
    assert set(ratings.SCORES) <= set(TWO_SIDED)
    assert set(ratings.ELO) == {"chess", "chess960"}
    assert {game for game, _ in ratings.PENDING} <= set(TWO_SIDED)


@pytest.mark.parametrize("game_id", TWO_SIDED)
def test_every_level_has_a_figure_or_words_or_waits_for_one(game_id):
    for name, spec in LEVELS:
        strength = level_strength(game_id, spec)
        if (game_id, name.lower()) in ratings.PENDING:  # named bare until measured soundly
            assert not strength and level_label(game_id, spec) == name, (game_id, name)
            continue
        assert strength, (game_id, name)
        assert level_label(game_id, spec) == f"{name} ({strength})"


@pytest.mark.parametrize("game_id", TWO_SIDED)
def test_a_stronger_level_never_reads_weaker(game_id):
    # Normal rated above Hard (measured where the two searched alike) once
    # reached the setup form: figures kept must keep the levels' order.
    kept = ratings.ELO.get(game_id, {})
    estimates = [kept[lv].estimate for lv in ("easy", "normal", "hard") if lv in kept]
    known = [e for e in estimates if e is not None]
    assert known == sorted(known), game_id
    for score in ratings.SCORES.get(game_id, {}).values():
        assert score.wins >= score.losses, game_id  # a level shown beats the one below


@pytest.mark.parametrize("game_id", ["chess", "chess960"])
def test_chess_levels_read_as_ratings(game_id):
    for name, spec in LEVELS:
        if name.lower() in ratings.ELO[game_id]:
            words = level_strength(game_id, spec)
            assert re.fullmatch(r"rated (about|below|above) \d+", words), name


def figures_kept(game_id: str, level: str) -> set[int]:
    """Every number the words for ``level`` may honestly say."""
    kept = {10}  # "in 10"
    rating = ratings.ELO.get(game_id, {}).get(level)
    if rating is not None:
        kept |= {v for v in (rating.low, rating.high) if v is not None}
        if rating.estimate is not None:
            kept.add(round(rating.estimate / 50) * 50)
    score = ratings.SCORES.get(game_id, {}).get(level)
    if score is not None:
        kept |= set(score.in_ten())
    return kept


@pytest.mark.parametrize("game_id", sorted(REGISTRY))
def test_the_words_claim_no_figure_that_is_not_kept(game_id):
    for name, spec in LEVELS:
        said = {int(n) for n in re.findall(r"\d+", level_strength(game_id, spec))}
        assert said <= figures_kept(game_id, name.lower()), (game_id, name)


def test_the_figures_kept_are_whole_and_consistent():
    for game_id, levels in ratings.ELO.items():
        for level, rating in levels.items():
            assert level in ("easy", "normal", "hard")
            if rating.estimate is not None:
                assert rating.low <= rating.estimate <= rating.high, (game_id, level)
            else:  # outside the opponents played: one bound only
                assert (rating.low is None) != (rating.high is None), (game_id, level)
    for game_id, levels in ratings.SCORES.items():
        assert set(levels) <= {"hard", "normal"}, game_id
        below = {"hard": "normal", "normal": "easy"}
        for level, score in levels.items():
            assert score.opponent == below[level], (game_id, level)
            assert score.games >= ratings.MIN_GAMES, (game_id, level)
            assert (game_id, level) not in ratings.PENDING


@pytest.mark.parametrize(
    ("kept", "words"),
    [
        (Rating(1787, 1650, 1910), "rated about 1800"),
        (Rating(None, None, 1350), "rated below 1350"),
        (Rating(None, 2100, None), "rated above 2100"),
        (Score("normal", 14, 1, 5), "beats Normal 7 games in 10"),
        (Score("normal", 11, 7, 2), "beats Normal 6 games in 10"),  # 5.5 rounds up
        (Score("normal", 8, 4, 8), "even with Normal"),
        (Score("normal", 5, 1, 14), "loses to Normal 7 games in 10"),
        (Score("normal", 2, 18, 0), "beats Normal 1 game in 10"),
        (Score("normal", 1, 20, 0), "even with Normal"),  # 0.48 in 10 rounds to none
    ],
)
def test_figures_read_as_words(monkeypatch, kept, words):
    table = "ELO" if isinstance(kept, Rating) else "SCORES"
    monkeypatch.setattr(ratings, "ELO", {})
    monkeypatch.setattr(ratings, "SCORES", {})
    monkeypatch.setitem(getattr(ratings, table), "maces", {"hard": kept})
    assert level_strength("maces", "search:3") == words
    assert level_label("maces", "search:3") == f"Hard ({words})"


def test_easy_is_for_beginners_and_a_level_not_measured_is_its_bare_name(monkeypatch):
    monkeypatch.setattr(ratings, "ELO", {})
    monkeypatch.setattr(ratings, "SCORES", {})
    assert level_label("maces", "easy") == "Easy (for beginners)"
    assert level_label("maces", "search:3") == "Hard"
    assert level_strength("maces", "search:24:nodes=5") == ""  # no level people choose
