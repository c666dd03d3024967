"""Every registered game (and the test-only chess variants and toy games)
keeps the protocol's promises through random playouts: see
helpers/conformance.py for what is checked. A new game gets all of it by
being registered. The last tests show the leak checks catching games that
leak on purpose."""

from __future__ import annotations

import random

import pytest
from helpers import chess_variants, conformance, tiers, toy_games

from game.engine import Seat
from game.games import load_all

REAL = sorted(load_all())
VARIANTS = [cls.id for cls in chess_variants.VARIANTS]
TOYS = [cls.id for cls in toy_games.TOY_GAMES]
STEPS = 160  # steps per playout
SEEDS = (1, 2)
# The fast tier plays every game one short playout (one seed, 40 steps) that
# still runs every check below (protocol, text, copy, secrets, save at step
# 0 and at the end, nonsense refused); the slow tier plays the full
# playouts (both seeds, 160 steps), where rarer positions turn up.
SHORT = ((1,), 40)
# Adrenaline and Half Alice cost minutes of CPU in full (reading back every
# step's notation writes every legal move's: issue 25's first point), so
# their fast playout is shorter still.
LONG_PLAYOUTS = {"adrenaline", "half_alice"}
LONG_SHORT = ((1,), 30)


def playout_params() -> list:
    params = []
    for game_id in REAL + VARIANTS + TOYS:
        short = LONG_SHORT if game_id in LONG_PLAYOUTS else SHORT
        params.append(pytest.param(game_id, *short, id=f"{game_id}-short"))
        # Slow: its fast check is the `-short` case of the same game above.
        params.append(pytest.param(game_id, SEEDS, STEPS, marks=pytest.mark.slow, id=game_id))
    return params


# Games whose three random games to the end cost a second or more of CPU
# (most of it playing up to 1500 steps): only the slow tier plays them to the
# end. The fast tier still checks their promises on their short playouts
# above, and finished games' promises on every other game's ends below.
LONG_TO_THE_END = {"adrenaline", "half_alice", "tar_pit", "test_tar", "zombie", "golf"}


def to_the_end_params() -> list:
    """The real games beyond the rules sample (tests/helpers/tiers.py) play to
    the end in the slow tier too: their short playouts above are fast."""
    return [
        pytest.param(g, marks=pytest.mark.slow)
        if g in LONG_TO_THE_END
        else pytest.param(g, marks=tiers.tier(g))
        for g in REAL + VARIANTS + TOYS
    ]


@pytest.fixture(autouse=True)
def everything_registered(monkeypatch):
    chess_variants.install(monkeypatch)
    toy_games.install(monkeypatch)


@pytest.mark.parametrize(("game_id", "seeds", "steps"), playout_params())
def test_random_playouts_keep_every_promise(game_id, seeds, steps):
    for seed in seeds:
        rng = random.Random(seed)
        match = None
        for step, match in enumerate(conformance.playout(game_id, seed, steps)):
            state = match.state
            conformance.check_protocol(state, rng)
            conformance.check_text(state)
            if step % 5 == 0 or state.is_over():
                conformance.check_copy(state, rng)
                for seat in range(len(state.game.seats)):
                    conformance.check_secrets(state, seat, rng)
            if step % 40 == 0:
                conformance.check_save(match)
        conformance.check_save(match)
        conformance.refuses_nonsense(match.state)


SIMULTANEOUS = {"masquerade", "two_move", "synchronous"}  # a choice together every game


@pytest.mark.parametrize("game_id", tiers.sweep(REAL + TOYS))
def test_a_secret_choice_waits_unseen_until_every_seat_has_chosen(game_id):
    checked = sum(conformance.play_choosing_apart(game_id, seed, 200) for seed in (1, 2))
    if game_id in SIMULTANEOUS:
        assert checked >= 2, f"{game_id}: no choice made together was met"


@pytest.mark.parametrize("game_id", to_the_end_params())
def test_games_played_to_the_end_keep_their_promises(game_id):
    """Finished games still write and read their text, and save and load."""
    finished = 0
    for seed in (11, 12, 13):
        rng = random.Random(seed)
        *_, match = conformance.playout(game_id, seed, 1500)  # the last: the end
        if match.is_over():
            finished += 1
            conformance.check_protocol(match.state, rng)
            conformance.check_text(match.state)
            conformance.check_copy(match.state, rng)
            for seat in range(len(match.game.seats)):
                conformance.check_secrets(match.state, seat, rng)
            conformance.check_save(match)
    assert finished, f"no random {game_id} game ended in 1500 steps"


def screen_params() -> list:
    """The screen at steps 0 and 5 of every game (in the fast tier, the
    sample of helpers/tiers.py), at step 23 in the slow tier (the `-23`
    cases; the toy games end before it)."""
    games = [g for g in REAL + TOYS if g != "toy_nim"]
    fast = [pytest.param(g, (0, 5), marks=tiers.tier(g), id=g) for g in games]
    return fast + [pytest.param(g, (23,), marks=pytest.mark.slow, id=f"{g}-23") for g in REAL]


@pytest.mark.parametrize(("game_id", "steps"), screen_params())
def test_the_screen_shows_each_seat_only_its_view(app, game_id, steps):
    rng = random.Random(3)
    shots = 0
    for step, match in enumerate(conformance.playout(game_id, 3, max(steps) + 1)):
        if step in steps and not match.is_over():
            for seat in match.to_act():
                conformance.check_pixels(app, match, seat, rng)
                shots += 1
    assert shots


# -- the checks catch games that leak on purpose ----------------------------------------------
class ViewLeaks(toy_games.GuessState):
    """Forgets to blank the other seat's card."""

    def hide(self, seat: Seat) -> bool:
        return True


class NotationLeaks(toy_games.GuessState):
    """Says in public which card the guesser holds."""

    def public_notation(self, action) -> str:
        return f"guess {action} (holding {self.secrets[self.to_act()[0]]})"


def _guess_state(cls):
    game = toy_games.GuessGame()
    state = cls(game, 3, 4, random.Random(5))
    state.deal()
    while state.secrets[0] == state.secrets[1]:
        state.deal()
    return state


def test_a_view_that_shows_the_secret_is_caught():
    state = _guess_state(ViewLeaks)
    with pytest.raises(AssertionError, match="hides nothing"):
        conformance.check_secrets(state, 0, random.Random(1))


def test_a_public_notation_that_tells_the_secret_is_caught():
    state = _guess_state(NotationLeaks)
    with pytest.raises(AssertionError, match="public notation"):
        for seed in range(20):
            conformance.check_secrets(state, 1, random.Random(seed))


def test_a_screen_drawn_from_the_whole_state_is_caught(app, monkeypatch):
    """Were the play scene to draw the full state instead of the viewer's
    view, the pixels would tell the worlds apart."""
    from game.ui.play.viewpoint import Seen, Viewpoint

    def whole_state(self):
        m = self.match
        return Seen(m.game, m.state, self.viewer, self.actor)

    monkeypatch.setattr(Viewpoint, "seen", whole_state)

    # The viewer's own prompt names the other's card where the state knows
    # it ("?" in the viewer's view): drawn from the whole state, it tells.
    def telling(self, seat):
        return f"{self.game.seats[seat]} guesses; the other holds {self.secrets[1 - seat] or '?'}"

    monkeypatch.setattr(toy_games.GuessState, "prompt", telling)
    match = next(conformance.playout("toy_guess", 4, 1))
    seat = 0
    with pytest.raises(AssertionError, match="shows a secret"):
        for seed in range(20):
            conformance.check_pixels(app, match, seat, random.Random(seed))
