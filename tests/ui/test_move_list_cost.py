"""What the soak (scripts/drill_soak.py) found: the move list's text box is
laid out again after every move, at a cost that grows with the game, so it
must be laid out once per move, not twice."""

from __future__ import annotations

import random

import pytest
from helpers.ui_driver import open_play, pump

from game.match import Match


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
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


def _long_game(app, plies: int, in_scene: int, seed: int = 4):
    """A chess game of ``plies`` random plies, the last ``in_scene`` of them
    submitted through the play scene (each laid out again), the earlier ones
    played on the match before the scene opens."""
    match = Match("chess", seed=1, players=["human", "human"])
    rng = random.Random(seed)
    for _ in range(plies - in_scene):
        seat = match.to_act()[0]
        match.play({seat: rng.choice(match.state.legal_actions(seat))})
    scene = open_play(app, match)
    for _ in range(in_scene):
        seat = match.to_act()[0]
        scene.submit(seat, rng.choice(match.state.legal_actions(seat)))
    return scene, match


# The fast tier opens the scene on a game already 118 plies long and submits
# the last two through it; the slow tier submits all 120 through the scene
# (120 layouts), as a player would. Same game, same assertions.
IN_SCENE = [2, pytest.param(120, marks=pytest.mark.slow, id="all")]


def _numbered(text: str) -> list[str]:
    """The move numbers of the lines shown ("1", "2", ...)."""
    lines = text.split("<br>")
    return [line.split(".</font>")[0].rsplit(">", 1)[1] for line in lines if ".</font>" in line]


@pytest.mark.parametrize("in_scene", IN_SCENE)
def test_a_long_game_lays_out_only_its_last_lines(app, in_scene):
    """The cost of a layout grows with the text, so a long game shows its
    newest SHOWN_LINES moves, the earlier ones a link away."""
    from game.ui.play.move_list import SHOWN_LINES

    scene, match = _long_game(app, 2 * 60, in_scene)  # 60 moves of each side
    pump(app, 1)
    text = scene.panel.moves_text
    assert _numbered(text) == [str(n) for n in range(61 - SHOWN_LINES, 61)]
    assert text.startswith(f"<a href='{2 * (60 - SHOWN_LINES)}'>")  # the step before them
    assert "earlier moves" in text.split("<br>")[0] and "later moves" not in text


@pytest.mark.parametrize("in_scene", IN_SCENE)
def test_the_earlier_link_turns_back_a_page_and_later_comes_back(app, in_scene):
    from game.ui.play.move_list import SHOWN_LINES

    scene, match = _long_game(app, 2 * 60, in_scene)
    pump(app, 1)
    before = 2 * (60 - SHOWN_LINES)  # Black's move of the last line not shown
    scene.looking.go(before)  # what a click on "earlier moves" does
    pump(app, 1)
    text = scene.panel.moves_text
    shown = _numbered(text)
    assert str(60 - SHOWN_LINES) in shown and "60" not in shown
    assert f"<b><a href='{before}'>" in text  # the move looked at, in bold
    later = text.split("<br>")[-1]
    assert "later moves" in later
    # Its link goes to the first step after the page: the page of the end.
    target = int(later.split("href='")[1].split("'")[0])
    scene.looking.go(target)
    pump(app, 1)
    assert str(60) in _numbered(scene.panel.moves_text)
    assert f"<b><a href='{target}'>" in scene.panel.moves_text


@pytest.mark.parametrize("in_scene", IN_SCENE)
@pytest.mark.slow  # fast cover: the earlier-link test pages the same list fast
def test_stepping_back_keeps_the_move_looked_at_in_sight(app, in_scene):
    scene, match = _long_game(app, 2 * 60, in_scene)
    pump(app, 1)
    bar = scene.panel.moves.scroll_bar
    assert bar.start_percentage + bar.visible_percentage >= 0.99  # at the end
    for _ in range(30):  # back fifteen moves, past the top of the box
        scene.looking.step(-1)
        pump(app, 1)
    bar = scene.panel.moves.scroll_bar  # a new one with each layout
    text = scene.panel.moves_text.split("<br>")
    row = next(i for i, line in enumerate(text) if "<b><a" in line)
    middle = (row + 0.5) / len(text)
    assert bar.start_percentage <= middle <= bar.start_percentage + bar.visible_percentage
    assert bar.start_percentage + bar.visible_percentage < 0.99  # it scrolled up
