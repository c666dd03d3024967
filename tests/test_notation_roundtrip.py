"""Every legal action of every game has its own text, and that text reads
back as that action (a save holds the texts, so two actions written alike
make a save that does not load: issue 26, Half Alice's "d5")."""

from __future__ import annotations

import pytest
from helpers import conformance, tiers

from game.engine import IllegalAction, State
from game.games import load_all

REAL = sorted(load_all())
STEPS = 120  # steps per playout
EVERY = 2  # every second position is checked, all its actions
SEEDS = (3, 4)


def notation_faults(state) -> list[str]:
    """What breaks the promise in ``state``, for every seat to act."""
    faults = []
    for seat in state.to_act():
        actions = state.legal_actions(seat)
        written = {}
        for action in actions:
            written.setdefault(state.notation(action), []).append(action)
        for text, same in written.items():
            if len(same) > 1:
                faults.append(f"{text!r} names {len(same)} actions: {same}")
                continue
            back = state.parse_action(text, seat)
            if back != same[0]:
                faults.append(f"{text!r} ({same[0]!r}) reads back as {back!r}")
        # The public text, where the game reads it and it names one action
        # alone (a text that hides a secret names several, or none).
        public: dict[str, list] = {}
        for action in actions:
            public.setdefault(state.public_notation(action), []).append(action)
        for text, same in public.items():
            if len(same) > 1 or text in written:
                continue
            try:
                back = state.parse_action(text, seat)
            except IllegalAction:
                continue
            if back != same[0]:
                faults.append(f"public {text!r} ({same[0]!r}) reads back as {back!r}")
    return faults


# The chess core, throws and swings, stones, cards, moves made together: the
# other games write their steps the same ways (squares, a burial square).
NOTATION_SAMPLE = ("chess", "maces", "tulaga", "cooperative", "synchronous")


@pytest.mark.parametrize("game_id", tiers.sweep(REAL, NOTATION_SAMPLE))
def test_every_legal_action_has_its_own_text_that_reads_back(game_id):
    for seed in SEEDS:
        for step, match in enumerate(conformance.playout(game_id, seed, STEPS)):
            if step % EVERY:
                continue
            faults = notation_faults(match.state)
            assert not faults, f"{game_id} seed {seed} step {step} {match.state.to_text()!r}: " + (
                "; ".join(faults[:4])
            )


@pytest.mark.parametrize("game_id", REAL)
def test_every_game_refuses_text_through_the_one_door_in_the_same_words(game_id):
    state = load_all()[game_id].new(seed=1)
    assert type(state).parse_action is State.parse_action, "games read text in _parse_action"
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction, match=r"^'Qz9\?' is not a legal action here$"):
        state.parse_action("Qz9?", seat)
    waiting = [s for s in range(len(state.game.seats)) if s not in state.to_act()]
    for other in waiting:
        name = state.game.seats[other]
        with pytest.raises(IllegalAction, match=rf"^it is not {name}'s decision$"):
            state.parse_action(state.notation(state.legal_actions(seat)[0]), other)
    state.resign(seat)
    with pytest.raises(IllegalAction, match=r"^the game is over$"):
        state.parse_action("e4", seat)
