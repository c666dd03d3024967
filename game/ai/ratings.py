"""How strong each computer level plays, as last measured: the figures the
setup form reads to people (game/ai/levels.py turns them into words).

Both tables are printed, ready to paste, by one command each (above each
table, with the date it ran); re-measure after a change to a level:

- ``ELO``: Chess and Chess960, a rating per level on Stockfish 15.1's
  UCI_Elo scale (scripts/rate_levels.py elo), with its 95% interval.
- ``SCORES``: every game of two sides, Hard's score against Normal and
  Normal's against Easy (scripts/rate_levels.py words, bench_ai's matches).

Easy is "for beginners" by design (one ply of sight and a wavering hand);
Normal's score against it says how far above it is.
"""

from __future__ import annotations

from typing import NamedTuple


class Rating(NamedTuple):
    """An Elo rating with its 95% interval. ``estimate`` None: outside the
    opponents played, ``high`` the weakest (below it) or ``low`` the
    strongest (above it)."""

    estimate: int | None
    low: int | None
    high: int | None


class Score(NamedTuple):
    """A level's points against ``opponent`` (a win 1, a draw 1/2) in ``games``."""

    opponent: str
    points: float
    games: int


ELO: dict[str, dict[str, Rating]] = {}

SCORES: dict[str, dict[str, Score]] = {}
