"""Time where it pays (game/ai/pacing.py): a managed search (``Limits.stretch``
above 1, Hard in Chess and Chess960) ends early where the choice is clear and
thinks longer where its best move changes; a fixed budget (``stretch`` 1,
every node- or depth-bounded level) searches as before. The searches here
run on a fake clock that reads the nodes spent, never on the real one."""

import itertools
import random

import pytest

from game.ai import make_bot
from game.ai.levels import spec_for
from game.ai.pacing import (
    BUDGET_HIGH,
    BUDGET_LOW,
    EASY_DEPTH,
    PACE,
    STEADY_FLOOR,
    Pace,
    banked,
    banked_budget,
)
from game.ai.search import CHECK_EVERY, Limits, Search
from tests.helpers.chess_diagrams import GAMES, position

RATE = 10_000  # the fake clock's nodes per second

#: Black's queen has just taken on d2: Nxd2 wins it back, anything else
#: leaves White a queen down.
FORCED_RECAPTURE = """
    . . . . r . k .
    . . . . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . N . . . . . .
    . . . q . P P P
    R . . . . . K .
"""

#: A Chess960 middlegame (scripts/profile_search.py's first) where the best
#: move changes from depth to depth.
UNCLEAR = """
    n r q b . . k r
    p p . . p p p .
    . . b p n . . .
    . . p . . . . p
    . . . . P . . .
    . N . P N . . .
    P P P . B P P P
    . R Q . B . K R
"""


def search(diagram: str, stretch: float, budget: float, clock=None):
    """(result, search) of White's search on the fake clock (or ``clock``)."""
    limits = Limits(max_depth=24, time_limit=budget, time_cap=10.0, stretch=stretch)
    found = Search(0, limits, random.Random(0), clock=clock or (lambda: found.nodes / RATE))
    return found.run(position(diagram)), found


def test_a_forced_recapture_ends_the_search_early():
    fixed, _ = search(FORCED_RECAPTURE, 1.0, 0.5)
    managed, managing = search(FORCED_RECAPTURE, 2.5, 0.5)
    state = position(FORCED_RECAPTURE)
    assert state.notation(fixed.action) == state.notation(managed.action) == "Nxd2"
    assert fixed.nodes >= 0.5 * RATE  # the fixed budget is spent whatever the position
    assert managed.depth == EASY_DEPTH and managing.pace.gap_tried
    assert managed.nodes < fixed.nodes / 3


def test_a_best_move_that_changes_between_depths_gets_more_time():
    fixed, _ = search(UNCLEAR, 1.0, 0.3)
    managed, managing = search(UNCLEAR, 2.5, 0.3)
    assert managing.pace.changes > 0
    assert fixed.seconds <= 0.3 + CHECK_EVERY / RATE
    assert PACE * 0.3 < managed.seconds <= 2.5 * 0.3 + CHECK_EVERY / RATE


def test_a_fixed_budget_never_reads_the_clock_for_its_choice():
    """Node-bounded levels (tests, analysis) play the same on a busy machine:
    a clock that stands still and the real one give the same search."""
    limits = Limits(max_depth=24, time_limit=60.0, time_cap=60.0, node_limit=1500)
    runs = []
    for clock in (lambda: 0.0, None):
        kwargs = {} if clock is None else {"clock": clock}
        found = Search(0, limits, random.Random(0), **kwargs)
        result = found.run(position(UNCLEAR))
        runs.append((result.action, result.nodes, result.depth, found.trace, found.pace))
    assert runs[0] == runs[1]
    assert runs[0][4] is None  # no managed time


def test_a_spec_asks_for_managed_time_and_the_levels_keep_a_fixed_budget():
    # Managed time lost ground against Stockfish (game/games/chess/rules.py):
    # the levels keep the fixed budget until a measurement says otherwise.
    chess = GAMES["chess"]
    assert make_bot("search:24:stretch=2.5").limits.stretch == 2.5
    for level in ("search:2", "search:3"):
        for game in (chess, GAMES["chess960"]):
            assert make_bot(spec_for(game, level)).limits.stretch == 1.0
    assert make_bot("search:4:nodes=6000").limits.stretch == 1.0
    with pytest.raises(ValueError, match="stretch"):
        make_bot("search:24:stretch=0.5")


# -- the rule itself ---------------------------------------------------------------------------
def test_the_allowance_grows_with_changes_and_falls_and_shrinks_when_steady():
    plain = Pace(1.0, 2.5).allowance()
    assert plain == pytest.approx(PACE)
    changing = Pace(1.0, 2.5)
    changing.depth_done("a", 0.0, 100)
    changing.depth_done("b", 0.0, 300)
    assert changing.allowance() > plain
    falling = Pace(1.0, 2.5)
    falling.depth_done("a", 0.5, 100)
    falling.depth_done("a", 0.0, 300)
    assert falling.allowance() > plain
    steady = Pace(1.0, 2.5)
    for depth in range(12):
        steady.depth_done("a", 0.0, 100 * 3**depth)
    assert steady.allowance() == pytest.approx(PACE * STEADY_FLOOR)
    wild = Pace(1.0, 2.5)
    for depth in range(8):
        wild.root_changed()
        wild.first_fell(1.0)
        wild.depth_done("ab"[depth % 2], -float(depth), 100 * 3**depth)
    assert wild.allowance() == 2.5  # never past the most a move may take


def test_a_depth_that_cannot_finish_is_not_started():
    pace = Pace(1.0, 2.5)
    for nodes in (100, 400, 1600):  # each depth four times the last
        pace.depth_done("a", 0.0, sum((100, 400, 1600)[: (100, 400, 1600).index(nodes) + 1]))
    assert pace.next_cost() == pytest.approx(4 * 1600)
    per_node = 1e-4  # the next depth would take 0.64 s
    assert pace.go_on(2100 * per_node, 2100)  # 0.21 + 0.64 within the allowance
    assert not pace.go_on(0.7, 2100)  # 0.7 + 0.64 past it


def test_the_bank_moves_the_budget_within_bounds():
    assert banked_budget(1.0, 0.0) == 1.0
    assert 1.0 < banked_budget(1.0, 1.0) <= BUDGET_HIGH
    assert banked_budget(1.0, 100.0) == BUDGET_HIGH
    assert banked_budget(1.0, -100.0) == BUDGET_LOW
    assert banked(0.0, 1.0, 0.25) == 0.75
    assert banked(0.0, 1.0, 50.0) < 0 and banked(0.0, 1.0, 50.0) > -50


def test_a_bot_banks_what_a_clear_move_saved_and_a_new_game_starts_afresh():
    ticks = itertools.count()
    bot = make_bot("search:24:stretch=2.5:time=0.5", clock=lambda: next(ticks) / 1000)
    state = position(FORCED_RECAPTURE)
    bot.choose(state.view(0), 0, random.Random(0))
    saved = bot._banks[0]
    assert 0 < saved <= 0.5 - bot.last.seconds  # the decision's time, the search's and more
    bot.table_for(position(FORCED_RECAPTURE, game="chess960"), 0)  # another game
    assert bot._banks[0] == 0.0
