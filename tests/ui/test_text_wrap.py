"""Text boxes wrap their lines inside their own edges: pygame_gui wraps a
box's text to its padded width, and the theme (assets/theme.json) insets it
by that padding only, so the end of a long line is never cut off. Checked
on the game-over window, where a long reason ("White has every rank stone on
the board: White wins") used to lose its last letters."""

from __future__ import annotations

import pytest
from helpers.ui_driver import open_play, pump
from pygame_gui.elements import UITextBox

from game.app import MIN_SIZE, App
from game.match import Match
from game.ui import widgets

LONG_REASON = "White has every rank stone on the board: White wins"


def text_columns(box: UITextBox) -> list[int]:
    """The columns of the box's image where its light text is drawn."""
    image = box.image
    w, h = image.get_size()
    return [x for x in range(w) if any(sum(image.get_at((x, y))[:3]) > 450 for y in range(h))]


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_long_game_over_reason_wraps_inside_the_window(app):
    scene = open_play(app, Match("tulaga", seed=1, players=["human", "human"]))
    scene.dialogs.show_game_over("White wins", LONG_REASON)
    pump(app, 3)
    (box,) = [
        e for e in scene.dialogs.game_over.get_container().elements if isinstance(e, UITextBox)
    ]
    rows = [row for row in box.text_box_layout.layout_rows if row.items]
    assert len(rows) >= 3  # the headline, and the reason on two lines
    columns = text_columns(box)
    left, right = columns[0], columns[-1]
    margin = box.rect.width - 1 - right
    assert left >= 8, f"the text starts {left} px from the box's left edge"
    assert margin >= 8, f"the text runs to {margin} px from the box's right edge"


@pytest.mark.parametrize(
    "size",
    [pytest.param((1280, 800), marks=pytest.mark.slow), MIN_SIZE],  # the narrowest wraps most
    ids=["1280x800", "800x560"],
)
def test_a_copied_position_is_shown_whole_and_never_hyphenated(size):
    """The "Position copied" dialog hyphenated the position text ("RN-" /
    "-BQKB1R"): a position text may hold hyphens, so a reader could not tell
    them apart. Every game's start, in both windows: the dialog's lines,
    put back together, are the position text, and pygame_gui splits none."""
    from game.games import load_all

    app = App(fullscreen=False, size=size)
    ui = app.new_ui_manager()
    try:
        for game_id, game in sorted(load_all().items()):
            text = game.new({}, 1).to_text()
            window = widgets.code_message(ui, "Position copied", "On the clipboard:", text)
            ui.update(0.01)
            box = window.text_block
            rows = [row for row in box.text_box_layout.layout_rows if row.items]
            shown = ["".join(getattr(c, "text", "") for c in row.items).strip() for row in rows]
            assert shown[0] == "On the clipboard:"
            again = "".join(line + " " * (not line.endswith("/")) for line in shown[1:])
            assert again.strip() == text, game_id
            window.kill()
    finally:
        app.close()
