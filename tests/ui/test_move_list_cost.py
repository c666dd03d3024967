"""What the soak (scripts/drill_soak.py) found: the move list's text box is
laid out again after every move, at a cost that grows with the game, so it
must be laid out once per move, not twice."""

from __future__ import annotations

import random

from helpers.ui_driver import open_play, pump

from game.match import Match


def test_the_move_list_is_laid_out_once_per_move(app, monkeypatch):
    match = Match("chess", seed=1, players=["human", "human"])
    scene = open_play(app, match)
    box = scene.panel.moves
    layouts = []
    original = type(box).rebuild

    def rebuild(self):
        if self is box:
            layouts.append(len(match.history))
        original(self)

    monkeypatch.setattr(type(box), "rebuild", rebuild)
    rng = random.Random(4)
    for _ in range(6):
        seat = match.to_act()[0]
        scene.submit(seat, rng.choice(match.state.legal_actions(seat)))
        pump(app, 1)
    assert layouts == [1, 2, 3, 4, 5, 6]
    bar = box.scroll_bar
    assert bar is None or bar.start_percentage + bar.visible_percentage >= 0.99
