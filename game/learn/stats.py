"""Statistics per game: games played, won, drawn and lost, and streaks.

Beside the best scores (game/records.py keeps those, per game and mode) the
file ``<data_dir>/stats.json`` tallies every finished game that counts::

    {"format": 1,
     "games": {"<game id>": {"played": 12, "won": 7, "drawn": 1, "lost": 3,
                             "between": 1, "streak": 2, "best_streak": 4}},
     "daily": {"<game id>": {"days": {"2026-11-27": {"score": 34, "points": 1.0,
                                                     "lower_is_better": false}},
                             "best_streak": 5}},
     "ends": ["<digest>", ...]}

What counts is what records.py counts: a game a person played from the
game's own start, with no undo or hint (an assisted game stays out). A game
between people of different teams at one screen counts as played and
``between`` people, neither won nor lost; otherwise the people's team's
points say won (1), drawn (between 0 and 1) or lost (0). ``streak`` is the
games won in a row (a draw or a loss ends it). A finished game counts once
(``records.end_digest``, remembered in ``ends``).

``daily`` is the deal of the day's (game/learn/daily.py), apart from free
play: one entry per day, the first finish of that day's deal, or
``{"started": true, "steps": N}`` while it is dealt and unfinished (N: the
furthest step it was played to); ``carry``: the run of days in a row that
ended just before the first day kept (the file keeps ``KEEP_DAYS``). A day
the streaks cannot step past (0001-01-01, 9999-12-31) is dropped like any
other entry that makes no sense.

The file is written like the records: atomically; a damaged file is set
aside as ``stats.json.bad`` with a notice; a file of a newer format is read
for what this version understands and never written over.

Headless: never imports pygame.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import records, saves
from game.engine.words import count
from game.match import Match, find_game

FORMAT = 1
KEEP_ENDS = 200  # how many counted games the file remembers
KEEP_DAYS = 1200  # the deal of the day's days kept per game (over three years)
COUNTS = ("played", "won", "drawn", "lost", "between", "streak", "best_streak")
COUNT_MAX = 10**9
NONE_YET = "\u2014"  # a figure with nothing to show yet (a dash)


@dataclass(frozen=True)
class Figures:
    """One game's free play: how many played, won, drawn, lost (and played
    between people), the wins in a row now and at best."""

    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    between: int = 0
    streak: int = 0
    best_streak: int = 0


def stats_path() -> Path:
    return saves.data_dir() / "stats.json"


# -- the file ---------------------------------------------------------------------------------
def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "games": {}, "daily": {}, "ends": []}


def _count(value: Any) -> int | None:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < COUNT_MAX:
        return None
    return value


def load() -> dict[str, Any]:
    """The statistics, or empty ones. A damaged file is set aside; entries
    that make no sense are dropped one by one. ``newer``: the file comes
    from a newer version of the app (never written over)."""
    try:
        path = stats_path()
    except OSError:
        return _empty()
    try:
        data = saves.read_small_json(path)
        if data is None:
            return _empty()
        if not isinstance(data, dict) or not all(
            isinstance(data.get(k, {}), dict) for k in ("games", "daily")
        ):
            raise ValueError("the statistics are not a table")
    except ValueError as e:
        saves.set_aside(path, "statistics", str(e))
        return _empty()
    out = _empty()
    out["newer"] = saves.newer_format(data, FORMAT)
    for game_id, raw in data.get("games", {}).items():
        if isinstance(raw, dict):
            counts = {k: _count(raw.get(k, 0)) for k in COUNTS}
            out["games"][str(game_id)] = {k: v for k, v in counts.items() if v is not None}
    for game_id, raw in data.get("daily", {}).items():
        if not isinstance(raw, dict) or not isinstance(raw.get("days"), dict):
            continue
        days = {d: e for d, e in raw["days"].items() if _day_entry(d, e)}
        kept = dict(sorted(days.items())[-KEEP_DAYS:])
        out["daily"][str(game_id)] = {
            "days": kept,
            "best_streak": _count(raw.get("best_streak")),
            "carry": _count(raw.get("carry")) or 0,
        }
    ends = data.get("ends", [])
    if isinstance(ends, list):
        out["ends"] = [e for e in ends if isinstance(e, str)][-KEEP_ENDS:]
    return out


def _day_entry(day: Any, entry: Any) -> bool:
    """A day of the deal of the day as the file keeps it."""
    if not isinstance(day, str) or not isinstance(entry, dict) or steppable(day) is None:
        return False
    if entry.get("assisted") is True or entry.get("quit") is True:  # a day with no result
        return True
    if entry.get("started") is True:  # dealt, not finished yet: how far it was played
        return _count(entry.get("steps", 0)) is not None
    score, points = entry.get("score"), entry.get("points")
    numbers = all(
        not isinstance(v, bool) and isinstance(v, (int, float)) and -1e9 < v < 1e9
        for v in (score, points)
    )
    return numbers and isinstance(entry.get("lower_is_better", False), bool)


def steppable(day: Any) -> datetime.date | None:
    """The date written ``day`` (2026-11-27), if the streaks can step a day
    either side of it; None for anything else (0001-01-01, 9999-12-31)."""
    try:
        date = datetime.date.fromisoformat(day)
    except (TypeError, ValueError):
        return None
    return date if datetime.date.min < date < datetime.date.max else None


def store(data: dict[str, Any]) -> bool:
    """Write the statistics back, unless the file is a newer version's;
    False when it was left as it is."""
    return saves.write_small_json(stats_path(), data, newer=data.pop("newer", False))


# -- free play --------------------------------------------------------------------------------
def figures(game_id: str) -> Figures:
    """The free-play figures kept for this game."""
    return Figures(**load()["games"].get(game_id, {}))


def counts(match: Match) -> bool:
    """Does this match count in the statistics: a person plays it from the
    game's own start (as for the best scores) and nobody helped?"""
    return match.start is None and bool(people(match)) and not match.assists


def people(match: Match) -> list[int]:
    """The seats in play that people play (a seat a mode leaves out is no one's)."""
    in_play = match.game.seats_in_play(match.options)
    return [s for s in in_play if match.is_human(s)]


def verdict(match: Match) -> str | None:
    """ "won", "drawn" or "lost" for the people's team, "between" people of
    different teams; None while the game goes on."""
    result = match.state.result()
    if result is None:
        return None
    seats = people(match)
    teams = {tuple(match.game.team_of(s)) for s in seats}
    if len(teams) != 1:
        return "between"
    points = max(result.points[s] for s in seats)
    return "won" if points >= 1 else "lost" if points <= 0 else "drawn"


def record_match(match: Match) -> Figures | None:
    """Count a finished free-play match once (a deal of the day counts in
    game/learn/daily.py instead); the figures now, or None when it does
    not count."""
    if match.daily is not None or not counts(match):
        return None
    how = verdict(match)
    if how is None:
        return None
    data = load()
    end = records.end_digest(match)
    tally = data["games"].setdefault(match.game_id, {})
    if end not in data["ends"]:
        for key in ("played", how):
            tally[key] = tally.get(key, 0) + 1
        if how == "won":
            tally["streak"] = tally.get("streak", 0) + 1
            tally["best_streak"] = max(tally.get("best_streak", 0), tally["streak"])
        elif how != "between":
            tally["streak"] = 0
        data["ends"] = (data["ends"] + [end])[-KEEP_ENDS:]
        store(data)
    return Figures(**tally)


# -- in words, for the statistics page --------------------------------------------------------
Row = tuple[str, str]  # a figure's name and its value, as the page shows them


def rows(game_id: str) -> list[Row]:
    """Free play's figures for the statistics page, best scores per mode last."""
    f = figures(game_id)
    out = [
        ("Played", str(f.played)),
        ("Won", _share(f.won, f.played - f.between)),
        ("Drawn", _share(f.drawn, f.played - f.between)),
        ("Lost", _share(f.lost, f.played - f.between)),
    ]
    if f.between:
        out.append(("Between people", str(f.between)))
    out += [("Wins in a row", _wins(f.streak)), ("Most wins in a row", _wins(f.best_streak))]
    game = find_game(game_id)
    bests = sorted(records.bests(game_id).items())
    for mode, best in bests:
        out.append(("Best score", best.text))
        words = mode_words(game, mode)
        if words:  # under it, the mode it was made in (a row with no name)
            out.append(("", words))
    # A scored game always has the row (its absence would be a puzzle); a
    # game won or lost (no draw_offers=False, see engine/protocol.py) has none.
    if not bests and not getattr(game, "draw_offers", True):
        out.append(("Best score", NONE_YET))
    return out


def mode_words(game: Any, mode: str) -> str:
    """A mode key (``records.mode_key``) in the words of the game's options:
    "Players: 1, Holes: 9, Cards per hole: two cards"; "" for a game with none."""
    try:
        options = json.loads(mode)
    except ValueError:
        return ""
    if not isinstance(options, dict):
        return ""
    return ", ".join(
        f"{o.label}: {str(options[o.key]).replace('_', ' ')}"
        for o in game.options
        if o.key in options
    )


def _share(n: int, of: int) -> str:
    """12 (40%); the count alone when the file's counts do not add up."""
    return f"{n} ({round(100 * n / of)}%)" if 0 <= n <= of and of else str(n)


def _wins(n: int) -> str:
    return count(n, "win")
