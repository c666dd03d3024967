"""The computer's levels as people choose them: Easy, Normal and Hard.

A level is a bot spec (``make_bot``'s text); a match keeps it in a seat's
player string ("computer:search:2"). A game where the generic spec plays
badly maps a level to its own spec with ``Game.bot_levels``
(``spec_for``). The setup form offers these levels, the play scene names
computer seats by them, and the Hint button asks the strongest.
``level_label`` adds how strong a level plays a game, from the figures last
measured (game/ai/ratings.py): "Hard (rated about 1800)".
"""

from __future__ import annotations

from typing import Any

from game.ai import ratings

# Weakest first: (the name people read, the spec).
LEVELS: tuple[tuple[str, str], ...] = (
    ("Easy", "easy"),
    ("Normal", "search:2"),
    ("Hard", "search:3"),
)
DEFAULT = "search:2"  # the level a new opponent gets
STRONGEST = LEVELS[-1][1]


def level_name(spec: str) -> str | None:
    """The name people read for a level's spec ("Hard"); None for a spec
    that is no level people choose."""
    return next((label for label, value in LEVELS if value == spec), None)


def level_words(spec: str) -> str:
    """A computer seat as people read it: "Computer (Normal)" for a level,
    "Computer" for a spec that is no level people choose."""
    label = level_name(spec)
    return f"Computer ({label})" if label else "Computer"


def level_strength(game_id: str, spec: str) -> str:
    """How strong a level plays ``game_id``, from ratings.py's figures: its
    rating where it has one ("rated about 1800", "rated below 1350": the word
    says what the number is), else how often it
    beats (or loses to) the level below, in whole games in 10 ("beats
    Normal 7 games in 10": won 7 in 10, the rest drawn or lost); Easy with
    neither is "for beginners". "" where nothing is known."""
    name = level_name(spec)
    if name is None:
        return ""
    level = name.lower()
    rating = ratings.ELO.get(game_id, {}).get(level)
    if rating is not None:
        if rating.estimate is not None:
            return f"rated about {round(rating.estimate / 50) * 50}"
        return (
            f"rated below {rating.high}" if rating.high is not None else f"rated above {rating.low}"
        )
    score = ratings.SCORES.get(game_id, {}).get(level)
    if score is not None:
        wins, losses = score.in_ten()
        opponent = score.opponent.capitalize()
        if wins == losses:
            return f"even with {opponent}"
        verb, times = ("beats", wins) if wins > losses else ("loses to", losses)
        return f"{verb} {opponent} {times} game{'s' if times > 1 else ''} in 10"
    return "for beginners" if level == "easy" else ""


def level_label(game_id: str, spec: str) -> str:
    """A level with its strength in ``game_id``: "Hard (rated about 1800)",
    "Normal (beats Easy 9 games in 10)"; the bare name where nothing is
    known."""
    name = level_name(spec) or "Computer"
    strength = level_strength(game_id, spec)
    return f"{name} ({strength})" if strength else name


def level_from_file(game: Any, level: str) -> str | None:
    """The level a computer seat read from a file (a save, remembered
    settings) plays ``game`` at, or None where the file may not hold it:
    one of LEVELS in any case and spacing ("EASY " -> "easy", so it is
    named as chosen), or a spec the computer players accept that thinks no
    longer than the game's slowest level, so no file can make the computer
    think for minutes."""
    plain = level.strip().lower()
    if level_name(plain) is not None:
        return plain
    from game.ai import make_bot

    try:
        bot = make_bot(spec_for(game, level))
    except (ValueError, TypeError, OverflowError):
        return None
    slowest = max(_budget(make_bot(spec_for(game, spec))) for _, spec in LEVELS)
    return level.strip() if _budget(bot) <= slowest else None


def _budget(bot: Any) -> float:
    """The seconds a bot's decision may take; 0 for one that does not
    search against the clock (random, easy, greedy)."""
    return float(getattr(bot, "budget", 0.0))


def spec_for(game: Any, level: str) -> str:
    """The spec the computer plays a level with in ``game``: the game's own
    (``bot_levels``) where it sets one, else the level itself."""
    return game.bot_levels.get(level, level)
