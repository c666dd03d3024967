"""Best scores: each score game's best result so far, per game and mode.

Games whose result is a score (``Result.scores``; lower is better in golf)
keep the best score people have made in them, per game id and per *mode*:
the game's options (solitaire or two players, nine holes...), made into a
stable key (``mode_key``). Only games a person played count (a game between
computers keeps no record), and the score is the best a person's seat made
in that game. Each record has the date it was made.

The file is ``<data_dir>/records.json``, written atomically like the saves
(game/saves.py)::

    {"format": 1,
     "best": {"<game id>": {"<mode key>": {"score": 48, "date": "2026-11-20",
                                           "lower_is_better": false, "end": "<digest>",
                                           "was": {"score": 43, "date": "..."}}}},
     "ends": ["<digest>", ...]}

A game in which a person took a move back or asked for a hint is
*assisted* (``Match.assists``): an undo shows what the cards, the deal or
the other side do next, and a hint is the computer's play. Like the scores
of solitaire and puzzle apps, an assisted game's score is kept apart: it
never counts towards the best, and the game-over window says so.

``ends`` remembers the games already counted (a digest of the game, its
options, seed, start and every step), so a finished game is counted once:
undoing and redoing to the same end does not count it again. A damaged file
is set aside as ``records.json.bad`` with a warning, and the new record is
written all the same.

Headless: never imports pygame.
"""

from __future__ import annotations

import datetime
import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game import saves
from game.match import Match

__all__ = [
    "NEW_BEST",
    "Assisted",
    "Best",
    "Outcome",
    "best",
    "best_of",
    "bests",
    "end_digest",
    "keeps_best",
    "mode_key",
    "plain",
    "record",
    "record_match",
    "records_path",
]

FORMAT = 1
NEW_BEST = "A new best!"  # how the news begins (the game-over window shows it brighter)
KEEP_ENDS = 200  # how many counted games the file remembers
SCORE_MAX = 1e9  # a kept score is smaller than this (scores are small whole numbers)
_DATE = re.compile(r"\d{4}-\d\d-\d\d")


@dataclass(frozen=True)
class Best:
    """A best score and the day it was made."""

    score: float
    date: str  # ISO date, 2026-11-20

    @property
    def text(self) -> str:
        """The score and its date: 48 (2026-11-20)."""
        return f"{_number(self.score)} ({self.date})"


@dataclass(frozen=True)
class Outcome:
    """What a finished game did to the record: its ``score``, the best
    ``before`` it (None: the first in this mode) and whether it is a
    ``new_best``; ``best`` is the best now."""

    score: float
    before: Best | None
    new_best: bool
    best: Best

    def words(self) -> str:
        """The line the game-over window shows."""
        if self.before is None:  # nothing beaten: not news, whatever the score
            return "Your first score in this mode: the best to beat next time."
        if self.new_best:
            return f"{NEW_BEST} Your best was {self.before.text}."
        if self.before is not None and self.score == self.before.score:
            return f"Level with your best: {self.best.text}"
        return f"Your best: {self.best.text}"


@dataclass(frozen=True)
class Assisted:
    """A finished game with undo or hints: its ``score`` is not counted,
    the best stays ``best`` (None: none kept yet)."""

    score: float
    help: tuple[str, ...]  # "hint", "undo"
    best: Best | None

    def words(self) -> str:
        used = " and ".join({"undo": "undo", "hint": "hints"}.get(h, h) for h in self.help)
        then = f"Your best stays {self.best.text}." if self.best else "No best is kept yet."
        return f"Assisted ({used}): not counted for your best. {then}"


class NotKept:
    """A score that could not be written (a full disk, a read-only folder):
    the game-over window says so instead of a best."""

    def words(self) -> str:
        return "This score could not be kept: the game's data folder cannot be written."


# -- keys ------------------------------------------------------------------------------
def mode_key(options: Mapping[str, Any]) -> str:
    """A stable key for a game's options: the same options give the same
    key whatever their order ("{}" for a game with none)."""
    return json.dumps(dict(options), sort_keys=True, separators=(",", ":"), default=str)


def end_digest(match: Match) -> str:
    """The same finished game gives the same digest, however often it is reached."""
    d = match.to_dict()
    same = {k: d.get(k) for k in ("game", "options", "seed", "start", "actions")}
    text = json.dumps(same, sort_keys=True, separators=(",", ":"), default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:32]


def records_path() -> Path:
    return saves.data_dir() / "records.json"


# -- the file --------------------------------------------------------------------------
def _empty() -> dict[str, Any]:
    return {"format": FORMAT, "best": {}, "ends": []}


def _load() -> dict[str, Any]:
    """The records, or empty ones if there are none. A damaged file is set
    aside (records.json.bad) with a warning; entries that make no sense are
    dropped one by one. ``newer`` says the file comes from a newer version
    of the app: read for what this one understands, never written over
    (that would drop what the newer one keeps)."""
    try:
        path = records_path()
    except OSError:
        return _empty()
    try:
        data = saves.read_small_json(path)
        if data is None:
            return _empty()
        if not isinstance(data, dict) or not isinstance(data.get("best", {}), dict):
            raise ValueError("the records are not a table")
    except ValueError as e:
        saves.set_aside(path, "best scores", str(e))
        return _empty()
    out = _empty()
    out["newer"] = saves.newer_format(data, FORMAT)
    for game_id, modes in data.get("best", {}).items():
        if not isinstance(modes, dict):
            continue
        for mode, entry in modes.items():
            if _entry(entry) is not None:
                out["best"].setdefault(str(game_id), {})[str(mode)] = entry
    ends = data.get("ends", [])
    if isinstance(ends, list):
        out["ends"] = [e for e in ends if isinstance(e, str)][-KEEP_ENDS:]
    return out


def _entry(raw: Any) -> Best | None:
    if not isinstance(raw, dict):
        return None
    score, date = raw.get("score"), raw.get("date")
    if isinstance(score, bool) or not isinstance(score, (int, float)):
        return None
    if not -SCORE_MAX < score < SCORE_MAX:  # no nan, no infinity, no huge number
        return None
    if not isinstance(date, str) or not _DATE.fullmatch(date):
        return None
    return Best(float(score), date)


# -- reading and recording ----------------------------------------------------------------
def best(game_id: str, options: Mapping[str, Any]) -> Best | None:
    """The best score kept for this game and mode, if any."""
    return _entry(_load()["best"].get(game_id, {}).get(mode_key(options)))


def bests(game_id: str) -> dict[str, Best]:
    """Every mode's best kept for this game, by mode key."""
    kept = {mode: _entry(entry) for mode, entry in _load()["best"].get(game_id, {}).items()}
    return {mode: b for mode, b in kept.items() if b is not None}


def _better(score: float, than: float, lower_is_better: bool) -> bool:
    return score < than if lower_is_better else score > than


def record(
    game_id: str,
    options: Mapping[str, Any],
    score: float,
    lower_is_better: bool = False,
    end: str | None = None,
    today: datetime.date | None = None,
) -> Outcome:
    """Count one finished game's ``score``. ``end`` names the finished game:
    one already counted changes nothing (its outcome is told again)."""
    data = _load()
    mode = mode_key(options)
    modes = data["best"].setdefault(game_id, {})
    entry = modes.get(mode)
    before = _entry(entry)
    if end is not None and end in data["ends"]:
        # Counted already: told as it was told the first time.
        if before is not None and entry.get("end") == end:
            return Outcome(score, _entry(entry.get("was")), True, before)
        return Outcome(score, before, False, before or Best(score, _day(today)))
    new = before is None or _better(score, before.score, lower_is_better)
    if new:
        modes[mode] = {
            "score": plain(score),
            "date": _day(today),
            "lower_is_better": bool(lower_is_better),
            "end": end,
            "was": None if before is None else {"score": plain(before.score), "date": before.date},
        }
    if end is not None:
        data["ends"] = (data["ends"] + [end])[-KEEP_ENDS:]
    saves.write_small_json(records_path(), data, newer=data.pop("newer", False))
    return Outcome(score, before, new, _entry(modes[mode]) or Best(score, _day(today)))


def keeps_best(match: Match) -> bool:
    """Could this match's score count: a person plays it, from the game's
    own start (a typed position is no deal of the game), in free play (the
    deal of the day keeps its own, game/learn/daily.py)?"""
    return (
        match.start is None
        and match.daily is None
        and any(match.is_human(s) for s in range(len(match.players)))
    )


def best_of(match: Match) -> Best | None:
    """The best kept for this match's game and mode, while it could count
    (None otherwise, or with none kept)."""
    return best(match.game_id, match.options) if keeps_best(match) else None


def record_match(match: Match, today: datetime.date | None = None) -> Outcome | Assisted | None:
    """Count a finished match, if it is a score game a person played from
    the game's own start: the best score among the people's seats. An
    assisted game (undo, hints) is not counted, unless it was counted
    before its help (taken back after its end and played to the same end).
    None when nothing is kept."""
    if not keeps_best(match):
        return None
    result = match.state.result()
    if result is None or result.scores is None:
        return None
    people = [s for s in range(len(match.players)) if match.is_human(s)]
    scores = [result.scores[s] for s in people if s < len(result.scores)]
    if not scores:
        return None
    score = (min if result.lower_is_better else max)(scores)
    end = end_digest(match)
    if match.assists and end not in _load()["ends"]:
        return Assisted(score, tuple(sorted(match.assists)), best(match.game_id, match.options))
    return record(
        match.game_id,
        match.options,
        score,
        result.lower_is_better,
        end=end,
        today=today,
    )


# -- helpers --------------------------------------------------------------------------------
def _day(today: datetime.date | None) -> str:
    return (today or datetime.date.today()).isoformat()


def plain(score: float) -> int | float:
    """48.0 is kept as 48."""
    return int(score) if float(score).is_integer() else float(score)


def _number(score: float) -> str:
    return str(plain(score))
