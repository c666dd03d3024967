"""The secrets audit, bounded (scripts/drill_secrets.py runs it long): in every
game that hides something, nothing a seat may not know reaches it through
its view, the public notation, the events it is shown, its screen or the
computer players deciding for it; and the audit catches a bot that peeks."""

from __future__ import annotations

import functools
import pickle
import random

import pytest
from helpers import conformance, secrets_audit, tiers
from helpers.bots import UNTIMED

from game.ai import make_bot
from game.match import Match

HIDDEN = secrets_audit.hidden_games()
QUICK = functools.partial(secrets_audit.by_think_now, nodes=40)


def test_the_games_that_hide_something_are_audited():
    assert {"zombie", "masquerade", "golf", "tulpas", "telepathic"} <= set(HIDDEN)
    assert "crowded_house" not in HIDDEN  # four at one table, but nothing secret
    assert "chess" not in HIDDEN


# Each game's first two positions (steps 0 and 12, the screen at the second),
# in the fast tier for the sample of helpers/tiers.py; the slow tier audits
# every game and goes on to steps 24 and 36.
# Hidden cards (Telepathic) and hidden graves (Zombie) in the fast tier; the
# other games with secrets in the slow one.
AUDIT_SAMPLE = ("telepathic", "zombie")


@pytest.mark.parametrize(
    ("game_id", "steps"),
    [pytest.param(g, 12, marks=tiers.tier(g, AUDIT_SAMPLE), id=f"{g}-12") for g in HIDDEN]
    + [pytest.param(g, 36, marks=pytest.mark.slow, id=f"{g}-36") for g in HIDDEN],
)
def test_no_secret_reaches_a_seat(app, game_id, steps):
    rng = random.Random(5)
    events = shots = decisions = 0
    for n, match in enumerate(secrets_audit.positions(game_id, 5, steps, 12)):
        state = match.state
        for seat in range(len(state.game.seats)):
            conformance.check_secrets(state, seat, rng)
            events += secrets_audit.check_events(state, seat, rng)[0]
            if n == 1 and not match.is_over():
                conformance.check_pixels(app, match, seat, rng)
                shots += secrets_audit.check_step_pixels(app, match, seat, rng)
        for seat in state.to_act():
            for spec in ("random", "search:1"):
                secrets_audit.check_bot(QUICK, spec, state, seat, rng, seed=n)
                decisions += 1
    assert events and shots and decisions


def hiding(game_id: str) -> tuple[Match, int]:
    """A random match at its first position where the seat to act cannot
    see everything."""
    for match in secrets_audit.positions(game_id, 2, 200, 1):
        for seat in match.to_act():
            if match.state.view(seat).is_partial:
                return match, seat
    raise AssertionError(f"{game_id} hid nothing in 200 steps")


def test_the_app_hands_its_bots_only_views():
    """A computer seat's worker and the Hint button's are sent the pickled
    view: no random generator, nothing the view does not say."""
    from game.ai.runner import BotRunner

    match, seat = hiding("masquerade")
    runner = BotRunner("random", start=False)
    runner._send = lambda: None  # look at the job; no worker
    runner.start(match, seat)
    sent = pickle.loads(runner._job[3])
    runner.start_view(match.state.view(seat), seat)
    hinted = pickle.loads(runner._job[3])
    view = match.state.view(seat)
    for state in (sent, hinted):
        assert state.rng is None
        assert state.to_text() == view.to_text()


def test_think_now_hands_the_bot_a_view(monkeypatch):
    received = secrets_audit.Received()
    received.install(monkeypatch)
    match, seat = hiding("masquerade")
    QUICK("search:1", match.state, seat, 1)
    assert received.check(match.state) == 1


def test_a_bot_handed_the_whole_state_is_caught(monkeypatch):
    received = secrets_audit.Received()
    received.install(monkeypatch)
    match, seat = hiding("masquerade")
    make_bot("random").choose(match.state, seat, random.Random(1))
    with pytest.raises(AssertionError, match="random generator"):
        received.check(match.state)


def peeking(spec, world, seat, seed):
    """A bot that decides from the whole state instead of the seat's view."""
    bot = make_bot(spec, node_limit=300, **UNTIMED)
    return world.notation(bot.choose(world, seat, random.Random(seed)))


def test_a_peeking_bot_is_caught():
    """Deciding from the whole state, a search tells the worlds apart: in
    Zombie Chess it knows which enemy pieces are the hidden ones."""
    rng = random.Random(1)
    with pytest.raises(AssertionError, match="decides differently"):
        for match in secrets_audit.positions("zombie", 4, 60, 4):
            for seat in match.to_act():
                secrets_audit.check_bot(peeking, "search:2", match.state, seat, rng, seed=1)


def test_an_event_that_tells_a_secret_is_caught(monkeypatch):
    """Were Zombie Chess to announce after every step where the pieces lie
    buried, the events would tell apart worlds whose views agree."""
    from game.engine import Event
    from game.games.zombie.rules import ZombieState

    def leaky(self, actions, _apply=ZombieState.apply):
        events = _apply(self, actions)
        return events + [Event("graves", None, {"graves": repr(self.graves)})]

    monkeypatch.setattr(ZombieState, "apply", leaky)
    rng = random.Random(3)
    with pytest.raises(AssertionError, match="events shown to seat"):
        for match in secrets_audit.positions("zombie", 4, 120, 2):
            for seat in (0, 1):
                if match.state.view(seat).is_partial:
                    secrets_audit.check_events(match.state, seat, rng)
