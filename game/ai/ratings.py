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
# opponent, 0.5 CPU s a move). These were measured 2026-11-27 on main a7326ef, in parts
# (the machine was at load 15-39 on 2 cores), each with --sf-time 0.2 and our search's clock
# reading CPU time (--clock cpu: what an idle machine gives):
#   Easy:   rate_levels.py elo --games G --levels easy --n 10  (Easy does not search)
#   Hard:   rate_levels.py elo --games G --levels hard --elos 1500 --time 0.3, then
#           --elos 1800, both cut short by the deadline (the games counted below), and
#           --elos 1650 --n 4 --seed 11
#   Normal: rate_levels.py elo --games G --levels normal --elos E --time 0.3, for E =
#           1350 (--n 6), 1500 (--n 6) and 1800 (--n 4)
# At 0.3 CPU s a move (a fifth of the app's 1.5 s) Hard searches hardly deeper than
# Normal (depth 4), so the two are not told apart here: Normal's figure above Hard's is
# within the error bars. Re-measure at --time 1.5 before trusting the order.
ELO: dict[str, dict[str, Rating]] = {
    "chess": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
        # 6/6 vs 1350, 6/6 vs 1500, 1/4 vs 1800
        "normal": Rating(estimate=1827, low=1607, high=2098),
        # 4/4 vs 1500, 1.5/4 vs 1650, 0/3 vs 1800
        "hard": Rating(estimate=1636, low=1414, high=1857),
    },
    "chess960": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
        # 6/6 vs 1350, 5.5/6 vs 1500, 1.5/4 vs 1800
        "normal": Rating(estimate=1827, low=1607, high=2098),
        # 3/3 vs 1500, 3/4 vs 1650, 0.5/3 vs 1800
        "hard": Rating(estimate=1769, low=1539, high=2026),
    },
}

# Re-measure: python scripts/rate_levels.py words  (every game, 20 games a pairing,
# 0.2 CPU s a decision, 3 random plies, 200 plies a draw). These were measured 2026-11-27
# on main a7326ef with bench_ai's matches on the wall clock, that is
#   python scripts/rate_levels.py words --clock wall --time 0.2 --n 20 --random-plies 3
# (run as bench_ai.py --pairs hard-normal,normal-easy with those options, in parts). The
# machine was at load 17-39 on 2 cores: 0.2 s of wall clock was about 0.02 s of CPU, and
# in most games the searching levels finished less than one ply on average, so these say
# little of the app's levels at 1.5 s. Telepathic's Hard against Normal is the 4 games
# played by the deadline (at 1-6 s a decision), not 20. Re-measure (CPU clock) before
# trusting a row.
SCORES: dict[str, dict[str, Score]] = {
    "adrenaline": {
        "hard": Score(opponent="normal", wins=10, draws=0, losses=10),
        "normal": Score(opponent="easy", wins=7, draws=0, losses=13),
    },
    "chess": {
        "hard": Score(opponent="normal", wins=11, draws=3, losses=6),
        "normal": Score(opponent="easy", wins=19, draws=1, losses=0),
    },
    "chess960": {
        "hard": Score(opponent="normal", wins=6, draws=5, losses=9),
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
    },
    "crowded_house": {
        "hard": Score(opponent="normal", wins=11, draws=2, losses=7),
        "normal": Score(opponent="easy", wins=18, draws=0, losses=2),
    },
    "half_alice": {
        "hard": Score(opponent="normal", wins=10, draws=0, losses=10),
        "normal": Score(opponent="easy", wins=17, draws=0, losses=3),
    },
    "maces": {
        "hard": Score(opponent="normal", wins=8, draws=2, losses=10),
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
    },
    "masquerade": {
        "hard": Score(opponent="normal", wins=11, draws=1, losses=8),
        "normal": Score(opponent="easy", wins=5, draws=3, losses=12),
    },
    "mulligan_stew": {
        "hard": Score(opponent="normal", wins=10, draws=3, losses=7),
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
    },
    "synchronous": {
        "hard": Score(opponent="normal", wins=7, draws=8, losses=5),
        "normal": Score(opponent="easy", wins=6, draws=7, losses=7),
    },
    "tar_pit": {
        "hard": Score(opponent="normal", wins=10, draws=7, losses=3),
        "normal": Score(opponent="easy", wins=11, draws=7, losses=2),
    },
    "telepathic": {
        "hard": Score(opponent="normal", wins=3, draws=1, losses=0),
        "normal": Score(opponent="easy", wins=13, draws=7, losses=0),
    },
    "tulaga": {
        "hard": Score(opponent="normal", wins=9, draws=0, losses=11),
        "normal": Score(opponent="easy", wins=14, draws=0, losses=6),
    },
    "tulpas": {
        "hard": Score(opponent="normal", wins=11, draws=2, losses=7),
        "normal": Score(opponent="easy", wins=18, draws=0, losses=2),
    },
    "two_move": {
        "hard": Score(opponent="normal", wins=11, draws=0, losses=9),
        "normal": Score(opponent="easy", wins=17, draws=0, losses=3),
    },
    "zombie": {
        "hard": Score(opponent="normal", wins=7, draws=2, losses=11),
        "normal": Score(opponent="easy", wins=11, draws=1, losses=8),
    },
}
