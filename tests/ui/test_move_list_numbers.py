"""The move list numbers moves from the position the game began at: its
side to move and its move number (a typed FEN "... b - - 0 12" opens with
"12... Nxd5", not "1. Nxd5")."""

from __future__ import annotations

import pytest
from helpers.chess_diagrams import fen_of

from game.games import load_all
from game.match import Match
from game.ui.play.move_list import move_list_html, step_words

GAMES = load_all()

BEFORE_NXD5 = """
    rnbqkb.r
    pppppppp
    .....n..
    ...P....
    ........
    ........
    PPP.PPPP
    RNBQKBNR
"""


def _typed(game_id: str, to_move: str, move: int) -> str:
    """The diagram's position in ``game_id``'s text: the game's own fields
    after the FEN's six (Half-Alice's own) as its start has them."""
    extra = GAMES[game_id].new({}, 1).to_text().split(" ")[6:]
    return " ".join([fen_of(BEFORE_NXD5, to_move, "KQkq", move=move), *extra])


@pytest.mark.fast  # no window: the list's words only
@pytest.mark.parametrize("game_id", ["chess", "half_alice"])
def test_the_list_opens_with_black_s_move_numbered_as_the_position_says(game_id):
    match = Match(game_id, start=_typed(game_id, "b", 12), seed=1)
    for text in ("Nxd5", "e4", "Nb6"):
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(text, seat)})
    words = [step_words(match, None, n) for n in (1, 2, 3)]
    assert words == ["12... Nxd5", "13. e4", "13... Nb6"]
    html = move_list_html(match, None).html
    assert html.index("12...</font>") < html.index("Nxd5") < html.index("13.</font>")


@pytest.mark.fast
def test_a_position_with_white_to_move_opens_at_its_number():
    match = Match("chess", start=_typed("chess", "w", 30), seed=1)
    for text in ("e4", "Nxe4"):
        match.play({match.to_act()[0]: match.state.parse_action(text, match.to_act()[0])})
    assert [step_words(match, None, n) for n in (1, 2)] == ["30. e4", "30... Nxe4"]
    assert "30.</font>" in move_list_html(match, None).html
