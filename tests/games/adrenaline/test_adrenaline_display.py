"""Adrenaline on screen: a step is one click on its square, giving a checker is one
click on an opponent's piece, Stop is a panel button, stacks are markers
with their count."""

from __future__ import annotations

from test_adrenaline_rules import GAME, play, position, sq

from game.games.adrenaline.actions import STOP, Give
from game.ui.adapters import adapter_for

ADAPTER = adapter_for(GAME)


def test_steps_give_and_stop_are_clicks_and_a_button():
    state = position(
        """
        .......k
        ........
        ........
        ...p....
        ..R.....
        ........
        ........
        ....K...
        """,
        checkers="c4=2",
        supply=22,
    )
    play(state, "Rc5")
    paths = ADAPTER.paths(state, 0)
    assert (sq("d5"),) in paths and (sq("b6"),) in paths  # one click a step
    assert [c.action for c in ADAPTER.panel_choices(state, 0)] == [STOP]
    assert ADAPTER.markers(state) == {sq("c5"): ["stack:2"]}
    play(state, "~xd5", "stop")
    paths = ADAPTER.paths(state, 0)
    assert paths[(sq("h8"),)] == [Give(sq("h8"))]
    assert ADAPTER.panel_choices(state, 0) == []
