"""The Cooperative planner (partner.py) keeps the bot's budget on the wall
clock, whatever the load (issue 31: Normal took 20 s for one decision on a
busy machine against its 1.5 s): it looks at the decision's deadline
before every plan it follows. Never the real clock: the fake one here
advances COST per plan judged, as a busy machine stretches every step;
while it has time left, the planner plans exactly as it did."""

from __future__ import annotations

import math
import random

from coop_positions import position

from game.ai import make_bot
from game.engine.deadline import Deadline
from game.games.cooperative import partner

COST = 0.05  # seconds of wall clock one plan judged takes on the fake busy machine
SLACK = 1  # plans judged past the deadline: the one being judged when it passed

# White to play a card, captures on offer both ways, cards to come: the
# planner judges 224 plans of this turn and 852 in all untimed.
CONTACT = """
    . . . . k . n r
    p p . . . p p .
    . . n . . . . .
    . . . p p . . .
    . . . P P . . .
    . . N . . N . .
    P P . . . P P .
    . . . . K . . R
"""


def contact_view():
    state = position(CONTACT, step="card", hand0="Nb", hand1="pq", line="Pp", discard="Kk")
    return state.view(0)


def planner(view, at: float, clock=None):
    """A Normal planner whose clock (unless given) advances COST per plan judged."""
    judged = [0]
    plan = partner.Planner(
        view,
        0,
        random.Random(1),
        partner.LEVELS[2],
        Deadline(at, clock or (lambda: judged[0] * COST)),
    )
    judge = plan.judge

    def counted(sim):
        judged[0] += 1
        return judge(sim)

    plan.judge = counted  # type: ignore[method-assign]
    return plan, judged


def test_the_cooperative_planner_stops_within_its_budget():
    """Untimed the planner judges 852 plans; with time for 20 it stops
    soon after them and still plays a legal step."""
    view = contact_view()
    untimed, all_judged = planner(view, math.inf)
    untimed.choose()
    assert all_judged[0] == 852
    timed, judged = planner(view, 20 * COST)
    assert timed.choose() in view.legal_actions(0)
    assert judged[0] <= 20 + SLACK


def test_the_cooperative_planner_drops_a_look_further_cut_short():
    """Time runs out while the best plans are looked at one turn further
    (after the 224 of this turn): the step is the best of those looked at
    in full, a legal one."""
    view = contact_view()
    for budget in (254, 424):
        timed, judged = planner(view, budget * COST)
        assert timed.choose() in view.legal_actions(0)
        assert budget <= judged[0] <= budget + SLACK


def test_the_cooperative_planner_plans_as_before_while_the_clock_has_time():
    """Its clock advancing, far from the deadline: the same plans judged
    and the same step as with no deadline at all."""
    view = contact_view()
    untimed, all_judged = planner(view, math.inf)
    timed, judged = planner(view, 10**9)
    assert untimed.choose() == timed.choose()
    assert judged[0] == all_judged[0]


def test_the_bot_hands_its_budget_to_the_planner(monkeypatch):
    """Through make_bot at Normal, as the app asks it: the planner's clock
    is the bot's, its deadline the bot's 1.5 s (30 plans judged here)."""
    view = contact_view()
    judged = [0]
    judge = partner.Planner.judge

    def counted(self, sim):
        judged[0] += 1
        return judge(self, sim)

    monkeypatch.setattr(partner.Planner, "judge", counted)
    bot = make_bot("search:2", clock=lambda: judged[0] * COST)
    assert bot.choose(view, 0, random.Random(1)) in view.legal_actions(0)
    assert 30 <= judged[0] <= 30 + SLACK
