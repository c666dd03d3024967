"""Counts in words (game/engine/words.py): one is singular, all else plural."""

from game.engine.words import count


def test_one_is_singular_and_every_other_count_plural():
    assert [count(n, "hole") for n in (0, 1, 2)] == ["0 holes", "1 hole", "2 holes"]
    assert count(1.0, "stroke") == "1 stroke" and count(-1, "stroke") == "-1 strokes"
    assert count(2.5, "point") == "2.5 points"
    assert count(1, "with help", "with help") == "1 with help"
