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


# Re-measure: python scripts/rate_levels.py elo  (both games, every level). Easy was
# measured 2026-11-27 on main a7326ef with
#   rate_levels.py elo --games G --levels easy --n 10  (Easy does not search: no clock)
# Normal and Hard were measured 2026-11-27 on main 394b278 at the app's 1.5 s a move on
# the CPU clock (as on an idle machine), 12 games each:
#   rate_levels.py elo --games G --levels normal --time 1.5 --elos 1500,1800 --n 6 --seed 7
#   rate_levels.py elo --games G --levels hard --time 1.5 --elos 1650,1950 --n 6 --seed 7
# (Earlier figures said to be on the CPU clock were on the wall clock: bench_ai's bots
# never got the CPU's. They are not kept.)
ELO: dict[str, dict[str, Rating]] = {
    "chess": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
        # 4/6 vs 1500, 2/6 vs 1800
        "normal": Rating(estimate=1650, low=1432, high=1868),
        # 4.5/6 vs 1650, 3/6 vs 1950
        "hard": Rating(estimate=1906, low=1689, high=2138),
    },
    "chess960": {
        # 0/10 vs 1350
        "easy": Rating(estimate=None, low=None, high=1350),
        # 5/6 vs 1500, 1/6 vs 1800
        "normal": Rating(estimate=1650, low=1432, high=1868),
        # 5/6 vs 1650, 2/6 vs 1950
        "hard": Rating(estimate=1870, low=1654, high=2096),
    },
}

# Re-measure: python scripts/rate_levels.py words  (every game; Hard against Normal and
# Normal against Easy; on the CPU clock). A figure is kept only from at least MIN_GAMES
# games, and only where it is a floor for the app's levels: the level shown had no more
# time than in the app, the level below no less.
#
# Normal against Easy, 20 games each, Normal on 0.3 s (0.5 s for the first six games) of
# wall clock on a machine at load 4-40, a fraction of the app's 1.5 s; Easy is bounded by
# nodes and plays alike at any load. First six, main 56e1e94:
#   python scripts/bench_ai.py --games G --pairs easy-normal --n 20 --time 0.5
#       --random-plies 2 --max-plies 200
# the other nine, main 4af3897 (Telepathic's Easy by its own hand), bench_ai's match with
# (game, "easy", "normal", 20, seed 1, 0.3 s, 200 plies, random_plies=2).
#
# Hard against Normal, 10 games each, main 394b278 (before the promotion tie-break), on
# the CPU clock:
# - at the app's budget (Adrenaline, Masquerade, Tulaga, Zombie), both on 1.5 CPU s:
#     python scripts/rate_levels.py words --games G --pairs hard-normal --n 10 --seed 1
#         --time 1.5 --random-plies 3 --max-plies 200
#   and 10 more each on main 70840f9 (20 in all) with --seed 6. (Tulaga's Hard at depth 5
#   and 30,000 nodes did no better: 11-0-9 in the same 20 games, bench_ai on main 15cfac3.)
# - a floor (Crowded House, Half Alice, Maces, Mulligan Stew, Synchronous, Tar Pit, Tulpas,
#   Two Move): Hard on 0.5 CPU s, a third of the app's, Normal on the app's 1.5, the same
#   command with --hard-time 0.5 (games 7-10 of some as --seed 4 --n 4: the same games),
#   and 10 more each on main 70840f9 (20 in all) with --seed 6 --n 10.
# (At 0.5 s Hard was no deeper than Normal in those four: 3-0-3, 1-1-4, 2-0-4 in 6 games,
# 5-0-5 in 10.) Telepathic, main 70840f9, at the app's budget with room for its long games
# (a ply is one step of the four seats; at 0.5 s 5 of 6 games reached 200 plies, 1-5-0):
#     python scripts/rate_levels.py words --games telepathic --pairs hard-normal --n 10
#         --seed 1 --time 1.5 --random-plies 3 --max-plies 600
# (played as --n 6 --seed 1 and --n 4 --seed 4: the same games; 49 to 292 plies, all mates).
MIN_GAMES = 10
SCORES: dict[str, dict[str, Score]] = {
    "adrenaline": {
        "normal": Score(opponent="easy", wins=16, draws=0, losses=4),
        "hard": Score(opponent="normal", wins=13, draws=0, losses=7),
    },
    "chess": {"normal": Score(opponent="easy", wins=20, draws=0, losses=0)},
    "chess960": {"normal": Score(opponent="easy", wins=18, draws=1, losses=1)},
    "crowded_house": {
        "normal": Score(opponent="easy", wins=16, draws=0, losses=4),
        "hard": Score(opponent="normal", wins=12, draws=1, losses=7),
    },
    "half_alice": {
        "normal": Score(opponent="easy", wins=17, draws=0, losses=3),
        "hard": Score(opponent="normal", wins=12, draws=1, losses=7),
    },
    "maces": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=16, draws=3, losses=1),
    },
    "masquerade": {
        "normal": Score(opponent="easy", wins=19, draws=1, losses=0),
        "hard": Score(opponent="normal", wins=13, draws=2, losses=5),
    },
    "mulligan_stew": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=13, draws=3, losses=4),
    },
    "synchronous": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=12, draws=0, losses=8),
    },
    "tar_pit": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=16, draws=0, losses=4),
    },
    "telepathic": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=10, draws=0, losses=0),
    },
    "tulaga": {
        "normal": Score(opponent="easy", wins=18, draws=0, losses=2),
        "hard": Score(opponent="normal", wins=11, draws=0, losses=9),
    },
    "tulpas": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=9, draws=10, losses=1),
    },
    "two_move": {
        "normal": Score(opponent="easy", wins=20, draws=0, losses=0),
        "hard": Score(opponent="normal", wins=13, draws=0, losses=7),
    },
    "zombie": {
        "normal": Score(opponent="easy", wins=19, draws=1, losses=0),
        "hard": Score(opponent="normal", wins=17, draws=0, losses=3),
    },
}

_TWO_SIDED = (
    "adrenaline chess chess960 crowded_house half_alice maces masquerade mulligan_stew"
    " synchronous tar_pit telepathic tulaga tulpas two_move zombie"
).split()

#: (game, level) whose figure waits for a sound measurement (see above): the
#: setup form names such a level bare ("Hard") rather than with a figure it
#: cannot stand behind.
PENDING: frozenset[tuple[str, str]] = frozenset(
    (game, level)
    for game in _TWO_SIDED
    for level in ("normal", "hard")
    if level not in SCORES.get(game, {}) and level not in ELO.get(game, {})
)
