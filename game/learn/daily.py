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

A day's deal is one attempt: "Today's deal" goes on with the day's
unfinished deal from the autosave; dealt afresh after it was started it
is marked a restart, and a save behind the furthest step it was played to
is marked a rewind (``on_open``, ``note_progress``): neither counts. A
save's word that it is a day's deal is checked against that day's game,
settings and seed (``claim_problem``): a false one plays as free play and
is never recorded.

Headless: never imports pygame.
"""

from __future__ import annotations

import datetime
import hashlib
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from game import records, saves
from game.engine.words import count
from game.learn import stats
from game.match import Match, find_game
from game.save_check import RESTART, REWIND

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


def deal_today(game_id: str, autosaved: Match | None = None) -> tuple[Match, str | None]:
    """Today's deal to play, and words for the player or None. The day's
    deal still unfinished in the autosave goes on from there; dealt afresh
    after it was started (its cards seen), it is marked a restart and does
    not count."""
    day = today()
    if (
        autosaved is not None
        and autosaved.game_id == game_id
        and autosaved.daily == day.isoformat()
        and not autosaved.is_over()
        and claim_problem(autosaved, day) is None
    ):
        return autosaved, None
    match = new_match(game_id, day)
    entry = _entry(stats.load(), game_id, match.daily)
    if entry is not None and entry.get("started"):
        match.assists.add(RESTART)
        return match, (
            f"You started the deal of {match.daily} before and it is no longer in "
            "the autosave: dealt again, it will not count for the day."
        )
    return match, None


def on_open(match: Match, on: datetime.date | None = None) -> str | None:
    """A daily match about to be played (dealt, continued, loaded): check
    its claim and note the day as started; words for the player or None.
    A false claim plays as free play; a save behind the furthest step the
    day's deal was played to is marked a rewind and does not count."""
    if match.daily is None:
        return None
    problem = claim_problem(match, on)
    if problem is not None:
        day, match.daily = match.daily, None
        return (
            f"This game says it is the deal of the day {day}, but {problem}: "
            "it is played as free play."
        )
    data = stats.load()
    entry = _entry(data, match.game_id, match.daily)
    if entry is None:
        kept = data["daily"].setdefault(match.game_id, {"days": {}, "best_streak": 0})
        kept["days"][match.daily] = {"started": True, "steps": len(match.records)}
        _trim(kept)
        stats.store(data)
    elif entry.get("started") and entry.get("steps", 0) > len(match.records):
        if not match.assists:
            match.assists.add(REWIND)
            return (
                f"The deal of {match.daily} was played further than this save: "
                "played on from here, it will not count for the day."
            )
    return None


def note_progress(match: Match) -> None:
    """Keep how far the day's unfinished deal was played (after each step),
    so that an earlier save of it cannot undo steps unmarked."""
    if match.daily is None or match.assists or saves.saving_off():
        return
    data = stats.load()
    entry = _entry(data, match.game_id, match.daily)
    if data.get("newer"):  # a newer version's file: never written over
        return
    if entry is not None and entry.get("started") and len(match.records) > entry.get("steps", 0):
        entry["steps"] = len(match.records)
        stats.store(data)


def claim_problem(match: Match, on: datetime.date | None = None) -> str | None:
    """Why a match that says it is a day's deal is not it (its game, day,
    settings or seed are not that day's deal); None when it is."""
    day = stats.steppable(match.daily)
    if not offers_daily(match.game_id):
        return f"{find_game(match.game_id).title} has no deal of the day"
    if day is None:
        return "there is no deal of that day"
    if day > (on or today()):
        return "that day is still to come"
    if match.options != options_for(match.game_id) or match.start is not None:
        return "its settings are not the deal of the day's"
    if match.seed != seed_for(match.game_id, day):
        return "its deal is another one"
    return None


def still_counts(match: Match) -> bool:
    """Is this the day's one counted attempt, still unhelped: a day's deal
    with no help yet whose day has no result? (Then help or giving up is
    asked about first.)"""
    if match.daily is None or match.assists or match.is_over():
        return False
    entry = _entry(stats.load(), match.game_id, match.daily)
    return entry is None or bool(entry.get("started"))


def may_undo(match: Match) -> bool:
    """May a step be taken back? Not once a deal of the day is over: its
    result is kept at the end, and the day's one attempt is spent."""
    return match.can_undo and not (match.daily is not None and match.is_over())


HELP_ASKED = {  # what the first help on a counted deal of the day asks first
    "hint": "Today's deal: a hint means this deal will not count. Use it?",
    "undo": "Today's deal: taking a move back means this deal will not count. Take it back?",
}
ENDS_ATTEMPT = "This ends today's counted attempt at the deal of the day."


def _entry(data: Any, game_id: str, day: str | None) -> dict[str, Any] | None:
    return data["daily"].get(game_id, {"days": {}})["days"].get(day)


def _trim(kept: dict[str, Any]) -> None:
    """Keep the last KEEP_DAYS days; ``carry`` keeps the length of the run
    of days that ended just before the first day kept, so that a streak
    longer than the days kept goes on counting."""
    days = sorted(kept["days"].items())
    if len(days) <= stats.KEEP_DAYS:
        return
    first = datetime.date.fromisoformat(days[-stats.KEEP_DAYS][0])
    kept["carry"] = _run_to(kept["days"], first - datetime.timedelta(days=1), kept.get("carry", 0))
    kept["days"] = dict(days[-stats.KEEP_DAYS :])


def replay_of(match: Match) -> Match:
    """The same deal again (game, options, seed, start, players, names) as
    free play: a daily deal replayed is not counted as the daily. A day's
    deal's replay, and its replay's, carries ``replay_of``: that day (for
    the panel's words; not kept in a save)."""
    again = Match(
        match.game_id,
        match.options,
        match.seed,
        list(match.players),
        start=match.start,
        names=list(match.names),
    )
    again.replay_of = match.daily or match.replay_of
    return again


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
        return sum(1 for e in self.days.values() if not e.get("started"))

    @property
    def won(self) -> int:
        return sum(1 for e in self.days.values() if e.get("points", 0) >= 1)


def _counted(entry: Mapping[str, Any]) -> bool:
    """A day with a result (not one finished with help or quit unscored)."""
    return "score" in entry


def _run_to(days: Mapping[str, Any], last: datetime.date, carry: int = 0) -> int:
    """How many days in a row up to ``last`` have a counted result (with
    ``carry``, the run before the first day kept, when the run reaches it).
    The days are ones stats.load keeps: a day either side of each exists."""
    n = 0
    while (e := days.get((last - datetime.timedelta(days=n)).isoformat())) and _counted(e):
        n += 1
    if n and carry and (last - datetime.timedelta(days=n - 1)).isoformat() == min(days):
        n += carry
    return n


def _longest(days: Mapping[str, Any], carry: int = 0) -> int:
    best = 0
    for day, entry in days.items():
        start = datetime.date.fromisoformat(day)
        after = days.get((start + datetime.timedelta(days=1)).isoformat())
        if _counted(entry) and not (after and _counted(after)):  # a run ends here
            best = max(best, _run_to(days, start, carry))
    return best


def figures(game_id: str, on: datetime.date | None = None, data: Any = None) -> Daily:
    """The daily figures as they stand ``on`` a day (today by default): the
    streak is the run ending today, or yesterday while today's is unplayed."""
    kept = (data or stats.load())["daily"].get(game_id, {"days": {}})
    days, carry = kept["days"], kept.get("carry") or 0
    on = on or today()
    # Today's deal still unplayed (or unfinished) leaves yesterday's run alive.
    finished = not days.get(on.isoformat(), {"started": True}).get("started")
    last = on if finished else on - datetime.timedelta(days=1)
    streak = _run_to(days, last, carry)
    scored = [
        (e["score"], d, e.get("lower_is_better", False)) for d, e in days.items() if _counted(e)
    ]
    best = None
    if scored:  # the best score; of equal ones the first made
        sign = 1 if scored[0][2] else -1
        score, day, _ = min(scored, key=lambda t: (sign * t[0], t[1]))
        best = records.Best(float(score), day)
    best_streak = max(_longest(days, carry), kept.get("best_streak") or 0)
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
    refused: str | None = None  # why the match is not the day's deal it says it is
    kept: bool = True  # False: the file is a newer version's, left as it was

    def words(self) -> str:
        """The game-over window's line."""
        if self.refused is not None:
            return f"Not counted as the deal of {self.day}: {self.refused}."
        if not self.kept:
            return (
                f"Deal of the day {self.day}: this result was not kept, because the "
                "statistics file comes from a newer version of the game."
            )
        now = self.now
        streak = f"Days played in a row: {_days(now.streak)} (best {_days(now.best_streak)})."
        if not self.first:  # told what stands, whatever help this time
            entry = now.days.get(self.day, {})
            stands = (
                f"your result {records.plain(entry['score'])} stands"
                if _counted(entry)
                else "it has no result"
            )
            return f"You played the deal of {self.day} before: {stands}. {streak}"
        if self.assisted:
            used = " and ".join(ASSIST_WORDS.get(h, h) for h in self.assisted)
            return f"Deal of the day {self.day} with {used}: not counted. {streak}"
        if not self.counted:
            return f"Deal of the day {self.day}: no result. {streak}"
        head = f"Deal of the day {self.day}: {records.plain(self.score)}."
        best = now.best
        if best is not None and best.date == self.day and self.before is not None:
            head = f"{records.NEW_BEST} {head} Your best was {self.before.text}."
        elif best is not None and best.date == self.day:  # nothing beaten yet
            head += " Your first daily result: the best to beat."
        elif best is not None:
            head += f" Best: {best.text}."
        return f"{head} {streak}"


ASSIST_WORDS = {"hint": "hints", RESTART: "a fresh deal", REWIND: "an earlier save"}


def _days(n: int) -> str:
    return count(n, "day")


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
    assisted = tuple(sorted(match.assists))
    refused = claim_problem(match, on)
    if refused is not None:  # a save's word alone: nothing written
        return Outcome(match.daily, score, False, False, assisted, before.best, before, refused)
    kept = data["daily"].setdefault(match.game_id, {"days": {}, "best_streak": 0})
    entry = kept["days"].get(match.daily)
    first = entry is None or bool(entry.get("started"))
    stored = True
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
        _trim(kept)
        now = figures(match.game_id, on, data)
        kept["best_streak"] = now.best_streak
        stored = stats.store(data)
    now = figures(match.game_id, on, data)
    counted = first and not assisted and score is not None and stored
    return Outcome(match.daily, score, counted, first, assisted, before.best, now, kept=stored)


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


def day_words(entry: Mapping[str, Any] | None) -> str:
    """How a day's deal stands: "not played yet", "34 (won)", "quit"..."""
    if entry is None:
        return "not played yet"
    if entry.get("started"):
        return "started, not finished"
    if not _counted(entry):
        return "finished with help" if entry.get("assisted") else "quit"
    return f"{records.plain(entry['score'])} ({'won' if entry['points'] >= 1 else 'lost'})"


PLAYED_LABEL = "Today: played"  # the setup's "Today's deal" once today's is finished


def button_words(game_id: str, on: datetime.date | None = None) -> tuple[str, str]:
    """The setup form's deal-of-the-day button: its label and tooltip,
    which say when today's deal was played and how it went."""
    entry = _entry(stats.load(), game_id, (on or today()).isoformat())
    if entry is None or entry.get("started"):
        going = " (started: it goes on where you left it)" if entry else ""
        return "Today's deal", (
            f"Today's deal{going}, played alone: the same for everyone, its results kept apart"
        )
    return PLAYED_LABEL, (
        f"You played today's deal: {day_words(entry)}. Played again, it does not count."
    )


def rows(game_id: str, on: datetime.date | None = None) -> list[stats.Row]:
    """The deal of the day's figures for the statistics page."""
    on = on or today()
    d = figures(game_id, on)
    today_words = day_words(d.days.get(on.isoformat()))
    counted = [e for e in d.days.values() if _counted(e)]
    helped = sum(1 for e in d.days.values() if e.get("assisted"))
    quit = sum(1 for e in d.days.values() if e.get("quit"))
    out = [
        ("Today", str(today_words)),
        ("Days played", str(d.played)),
        ("Won", f"{d.won} of {len(counted)}" if counted else "0"),
        ("Best score", d.best.text if d.best else stats.NONE_YET),
        ("Days in a row", _days(d.streak)),
        ("Most days in a row", _days(d.best_streak)),
        ("Not counted", count(helped + quit, "deal")),
    ]
    if helped or quit:  # why, under it (a row with no name)
        why = [f"{helped} with help or dealt again"] * bool(helped)
        why += [f"{quit} quit"] * bool(quit)
        out.append(("", ", ".join(why)))
    return out
