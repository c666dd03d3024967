"""The deal of the day: one deal a day for the games played alone against chance.

Cooperative Chess alone and Chess Golf alone (``DAILY``) offer the day's
deal: the seed comes from the game's id and the date through SHA-256, so
it is the same on every computer, whatever Python's hash seed or the
platform, and differs from day to day. Its options are fixed (the game's
defaults in the solo mode) so that everyone gets the same deal.

A daily match carries its day (``Match.daily``, saved with it, so a saved
daily game restores as one). Its result is kept apart from free play, in
game/learn/stats.py's file, one entry per day: the first finish of the
day's deal counts (a second finish of it, the same day or later, is told
what stands); the best daily score with its date; the streak of days in
a row with a result (a day missed, or a deal finished with undo or hints,
breaks it). ``replay_of`` plays any finished deal again as free play, on
the same seed, not counted as the daily.

Headless: never imports pygame.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game import records
from game.learn import stats
from game.match import Match, find_game

# The games with a deal of the day, and the options it is played with.
DAILY: dict[str, dict[str, Any]] = {
    "cooperative": {"mode": "solitaire"},
    "golf": {"players": 1},
}
SEED_BITS = 31  # as the seeds the setup draws (``Match``)
VERIFY_DAYS = 7  # days of deals ``verify`` plays through from today
VERIFY_BOT = "easy"  # a small bound: one ply of judgement per step
VERIFY_STEPS = 2000  # a deal still going after this many steps is a problem


def offers_daily(game_id: str) -> bool:
    return game_id in DAILY


def today() -> datetime.date:
    return datetime.date.today()


def seed_for(game_id: str, day: datetime.date) -> int:
    """The day's seed for this game: the same on every computer."""
    text = f"chess-variants deal of the day {game_id} {day.isoformat()}"
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return int.from_bytes(digest[:8], "big") % 2**SEED_BITS


def options_for(game_id: str) -> dict[str, Any]:
    return find_game(game_id).normalize_options(DAILY[game_id])


def new_match(
    game_id: str,
    day: datetime.date | None = None,
    players: list[str] | None = None,
    names: list[str] | None = None,
) -> Match:
    """The deal of ``day`` (today by default) as a daily match; ValueError
    for a game with no deal of the day."""
    if not offers_daily(game_id):
        raise ValueError(f"{find_game(game_id).title} has no deal of the day")
    day = day or today()
    match = Match(game_id, options_for(game_id), seed_for(game_id, day), players, names=names)
    match.daily = day.isoformat()
    return match


def replay_of(match: Match) -> Match:
    """The same deal again (game, options, seed, start, players, names) as
    free play: a daily deal replayed is not counted as the daily."""
    return Match(
        match.game_id,
        match.options,
        match.seed,
        list(match.players),
        start=match.start,
        names=list(match.names),
    )


# -- the daily results ------------------------------------------------------------------------
@dataclass(frozen=True)
class Daily:
    """The deal of the day's figures for one game: each day's ``days``
    entry, the best score with its day, the streak of days in a row up to
    today or yesterday, and the best streak."""

    days: Mapping[str, Mapping[str, Any]]
    best: records.Best | None
    streak: int
    best_streak: int

    @property
    def played(self) -> int:
        return len(self.days)

    @property
    def won(self) -> int:
        return sum(1 for e in self.days.values() if e.get("points", 0) >= 1)


def _counted(entry: Mapping[str, Any]) -> bool:
    """A day with a result (not one finished with help or quit unscored)."""
    return "score" in entry


def _run_to(days: Mapping[str, Any], last: datetime.date) -> int:
    """How many days in a row up to ``last`` have a counted result."""
    n = 0
    while (e := days.get((last - datetime.timedelta(days=n)).isoformat())) and _counted(e):
        n += 1
    return n


def _longest(days: Mapping[str, Any]) -> int:
    best = 0
    for day, entry in days.items():
        start = datetime.date.fromisoformat(day)
        before = days.get((start - datetime.timedelta(days=1)).isoformat())
        if _counted(entry) and not (before and _counted(before)):  # a run begins here
            n = 0
            while (e := days.get((start + datetime.timedelta(days=n)).isoformat())) and _counted(e):
                n += 1
            best = max(best, n)
    return best


def figures(game_id: str, on: datetime.date | None = None, data: Any = None) -> Daily:
    """The daily figures as they stand ``on`` a day (today by default): the
    streak is the run ending today, or yesterday while today's is unplayed."""
    kept = (data or stats.load())["daily"].get(game_id, {"days": {}})
    days = kept["days"]
    on = on or today()
    # Today's deal still unplayed leaves yesterday's run alive.
    last = on if on.isoformat() in days else on - datetime.timedelta(days=1)
    streak = _run_to(days, last)
    scored = [
        (e["score"], d, e.get("lower_is_better", False)) for d, e in days.items() if _counted(e)
    ]
    best = None
    if scored:  # the best score; of equal ones the first made
        sign = 1 if scored[0][2] else -1
        score, day, _ = min(scored, key=lambda t: (sign * t[0], t[1]))
        best = records.Best(float(score), day)
    best_streak = max(_longest(days), kept.get("best_streak") or 0)
    return Daily(days, best, streak, best_streak)


@dataclass(frozen=True)
class Outcome:
    """What a finished daily deal did: its ``day``, ``score``, whether it
    ``counted`` (the first finish of that day's deal, with no help), the
    best before it and the figures now."""

    day: str
    score: float | None  # None: quit before the end, with no score
    counted: bool
    first: bool  # the day's deal had not been finished before
    assisted: tuple[str, ...]
    before: records.Best | None
    now: Daily

    def words(self) -> str:
        """The game-over window's line."""
        now = self.now
        streak = f"Daily streak: {_days(now.streak)} (best {_days(now.best_streak)})."
        if not self.first:  # told what stands, whatever help this time
            entry = now.days.get(self.day, {})
            stands = (
                f"your result {records.plain(entry['score'])} stands"
                if _counted(entry)
                else "it has no result"
            )
            return f"You played the deal of {self.day} before: {stands}. {streak}"
        if self.assisted:
            used = " and ".join({"hint": "hints"}.get(h, h) for h in self.assisted)
            return f"Deal of the day {self.day} with {used}: not counted. {streak}"
        if not self.counted:
            return f"Deal of the day {self.day}: no result. {streak}"
        head = f"Deal of the day {self.day}: {records.plain(self.score)}."
        best = now.best
        if best is not None and best.date == self.day:
            was = f" Your best was {self.before.text}." if self.before else ""
            head = f"{records.NEW_BEST} {head}{was}"
        elif best is not None:
            head += f" Best: {best.text}."
        return f"{head} {streak}"


def _days(n: int) -> str:
    return f"{n} day" if n == 1 else f"{n} days"


def record_match(match: Match, on: datetime.date | None = None) -> Outcome | None:
    """Count a finished daily match: the first finish of its day's deal is
    the day's result (with undo or hints the day is taken, uncounted); a
    later one changes nothing. None for free play or a game still going."""
    result = match.state.result()
    if match.daily is None or result is None or not stats.people(match):
        return None
    seats = stats.people(match)
    score = (
        (min if result.lower_is_better else max)(result.scores[s] for s in seats)
        if result.scores is not None
        else None
    )
    data = stats.load()
    before = figures(match.game_id, on, data)
    kept = data["daily"].setdefault(match.game_id, {"days": {}, "best_streak": 0})
    assisted = tuple(sorted(match.assists))
    first = match.daily not in kept["days"]
    if first:
        if assisted:
            kept["days"][match.daily] = {"assisted": True}
        elif result.scores is None:  # quit before the end: the day is taken, unscored
            kept["days"][match.daily] = {"quit": True}
        else:
            kept["days"][match.daily] = {
                "score": records.plain(score),
                "points": max(result.points[s] for s in seats),
                "lower_is_better": bool(result.lower_is_better),
            }
        kept["days"] = dict(sorted(kept["days"].items())[-stats.KEEP_DAYS :])
        now = figures(match.game_id, on, data)
        kept["best_streak"] = now.best_streak
        stats.store(data)
    now = figures(match.game_id, on, data)
    counted = first and not assisted and score is not None
    return Outcome(match.daily, score, counted, first, assisted, before.best, now)


def best_of(match: Match) -> records.Best | None:
    """The best daily score kept for a daily match's game (None for free play)."""
    return figures(match.game_id).best if match.daily is not None else None


# -- verification -----------------------------------------------------------------------------
def verify(
    days: int = VERIFY_DAYS, start: datetime.date | None = None
) -> dict[str, tuple[int, list[str]]]:
    """Per game with a deal of the day: how many of the next ``days`` days'
    deals a computer seat played through to their end, and the problems
    (a deal that cannot start or comes out otherwise when dealt again, a
    step refused, no end in sight, a seed that repeats another day's)."""
    from game.ai import think_now

    start = start or today()
    out: dict[str, tuple[int, list[str]]] = {}
    for game_id in DAILY:
        played, problems = 0, []
        seeds: dict[int, str] = {}
        for n in range(days):
            day = start + datetime.timedelta(days=n)
            seed = seed_for(game_id, day)
            if seed in seeds:
                problems.append(f"{day}: the same seed as {seeds[seed]}")
            seeds[seed] = day.isoformat()
            try:
                match = new_match(game_id, day, players=None)
                if new_match(game_id, day).state.to_text() != match.state.to_text():
                    problems.append(f"{day}: the deal differs when dealt again")
                rng = random.Random(seed)
                for _ in range(VERIFY_STEPS):
                    if match.is_over():
                        break
                    seat = match.to_act()[0]
                    match.play({seat: think_now(VERIFY_BOT, match.state, seat, rng)})
            except Exception as e:  # a deal the rules or the computer cannot play
                problems.append(f"{day}: {type(e).__name__}: {e}")
                continue
            if not match.is_over():
                problems.append(f"{day}: not over after {VERIFY_STEPS} steps")
            elif match.state.result().scores is None:
                problems.append(f"{day}: ended with no score")
            else:
                played += 1
        out[game_id] = (played, problems)
    return out


def rows(game_id: str, on: datetime.date | None = None) -> list[stats.Row]:
    """The deal of the day's figures for the statistics page."""
    on = on or today()
    d = figures(game_id, on)
    entry = d.days.get(on.isoformat())
    if entry is None:
        today_words = "not played yet"
    elif not _counted(entry):
        today_words = "finished with help" if entry.get("assisted") else "quit"
    else:
        today_words = records.plain(entry["score"])
        today_words = f"{today_words} ({'won' if entry['points'] >= 1 else 'lost'})"
    counted = [e for e in d.days.values() if _counted(e)]
    return [
        ("Today", str(today_words)),
        ("Days played", str(d.played)),
        ("Won", f"{d.won} of {len(counted)}" if counted else "0"),
        ("Best score", d.best.text if d.best else "none yet"),
        ("Current streak", _days(d.streak)),
        ("Best streak", _days(d.best_streak)),
    ]
