"""How strong each computer level plays, as last measured: the figures the
setup form reads to people (game/ai/levels.py turns them into words:
"Hard (about 1750)", "Normal (beats Easy 9 games in 10)").

Each table is printed, ready to paste, by one command of
scripts/rate_levels.py (the commands and dates that made these are above
each table); re-measure after a change to a level:

- ``ELO``: Chess and Chess960, a rating per level on Stockfish 15.1's
  UCI_Elo scale with its 95% interval (``rate_levels.py elo``).
- ``SCORES``: every game of two sides, Hard against Normal and Normal
  against Easy (``rate_levels.py words``, bench_ai's matches).

Easy is "for beginners" wherever it has no rating: it is made to be beaten
(one ply of sight and a wavering hand); Normal's score against it says how
far above it Normal is.
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
    """A level's games against ``opponent``: won, drawn, lost."""

    opponent: str
    wins: int
    draws: int
    losses: int

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def in_ten(self) -> tuple[int, int]:
        """Games won and lost in 10, rounded half up."""
        return int(10 * self.wins / self.games + 0.5), int(10 * self.losses / self.games + 0.5)


# Re-measure: python scripts/rate_levels.py elo  (both games, every level, 10 games an
# opponent). Easy was measured 2026-11-27 on main a7326ef with
#   rate_levels.py elo --games G --levels easy --n 10  (Easy does not search: no clock)
# Normal and Hard were measured the same day at 0.3 CPU s a move (a fifth of the app's
# 1.5 s, the machine being at load 15-39): there they search to the same depth, and the
# figures came out in the wrong order (Normal 1827 [1607, 2098], Hard 1636 [1414, 1857] in
# Chess; Normal 1827, Hard 1769 in Chess960). They are PENDING until measured at the app's
# budget on a quiet machine: rate_levels.py elo --time 1.5 (about 40 CPU minutes).
ELO: dict[str, dict[str, Rating]] = {
    "chess": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
    },
    "chess960": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
    },
}

# Re-measure: python scripts/rate_levels.py words  (every game, 20 games a pairing,
# 0.2 CPU s a decision, 3 random plies, 200 plies a draw). Kept here: Normal against the
# Easy of main 56e1e94 (Easy's blind spot), 20 games each,
#   python scripts/bench_ai.py --games G --pairs easy-normal --n 20 --time 0.5
#       --random-plies 2 --max-plies 200
# at load 17-40, where 0.5 s of wall clock left Normal about 0.03 CPU s a move. A busy
# machine starves the timed Normal and not the node-bounded Easy, so where Normal still
# won 8 games in 10 or more the figure is a floor and is shown; where it did not, the
# match says nothing of the app's Normal and the row is PENDING. Hard against Normal
# (both timed, both starved alike) is PENDING everywhere.
SCORES: dict[str, dict[str, Score]] = {
    "chess": {"normal": Score(opponent="easy", wins=20, draws=0, losses=0)},
    "chess960": {"normal": Score(opponent="easy", wins=18, draws=1, losses=1)},
    "crowded_house": {"normal": Score(opponent="easy", wins=16, draws=0, losses=4)},
    "half_alice": {"normal": Score(opponent="easy", wins=17, draws=0, losses=3)},
    "maces": {"normal": Score(opponent="easy", wins=20, draws=0, losses=0)},
    "mulligan_stew": {"normal": Score(opponent="easy", wins=20, draws=0, losses=0)},
}

_TWO_SIDED = (
    "adrenaline chess chess960 crowded_house half_alice maces masquerade mulligan_stew"
    " synchronous tar_pit telepathic tulaga tulpas two_move zombie"
).split()

#: (game, level) whose figure waits for a sound measurement (see above): the
#: setup form names such a level bare ("Hard") rather than with a figure it
#: cannot stand behind.
PENDING: frozenset[tuple[str, str]] = frozenset(
    {(g, "hard") for g in _TWO_SIDED} | {(g, "normal") for g in _TWO_SIDED if g not in SCORES}
)
