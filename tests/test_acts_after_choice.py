"""``State.acts_after_choice``: whenever a game names the seat that acts
after a choice made at once, that seat alone acts next, whatever the
choices were (the privacy screen hands the screen to that person last, so
a wrong name would cost people a handover). Random play in every game."""

from __future__ import annotations

import random

from game.games import load_all


def test_the_seat_named_to_act_after_a_choice_alone_acts_next():
    named = set()
    for game_id, game in sorted(load_all().items()):
        for seed in range(3):
            state, rng = game.new(None, seed), random.Random(seed)
            for _ in range(80):
                if state.is_over():
                    break
                acting = state.to_act()
                after = state.acts_after_choice()
                if len(acting) == 1:
                    assert after is None, (game_id, state.to_text())
                elif after is not None:
                    named.add(game_id)
                    for _ in range(4):  # other choices from the same position
                        trial = state.copy()
                        trial.apply({s: rng.choice(trial.legal_actions(s)) for s in acting})
                        assert trial.to_act() in ((after,), ()), (game_id, state.to_text())
                state.apply({s: rng.choice(state.legal_actions(s)) for s in acting})
    assert named == {"masquerade", "tulpas"}
