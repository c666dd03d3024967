"""The diagrams of the Chess Kit rule sheets (issue 29): every ```position
block of these eleven sheets is its game's exact position text, with a caption
and arrows and rings on real squares, and each sheet has at least two. A few
diagrams also carry a claim of the sheet's prose, checked here by the rules
("the only legal move is Ka7", "par 3", "checkmate").

The block syntax is the fixed one of the issue's brief: after ``position`` a
caption, then optional ``; arrows FROM-TO ...`` and ``; rings SQ ...``.
"""

from __future__ import annotations

import re

import pytest

from game.engine.chess import GEO
from game.games import load_all
from game.resources import rules_sheet

GAMES = load_all()

KIT = (
    "zombie masquerade telepathic two_move adrenaline tar_pit golf crowded_house"
    " cooperative half_alice synchronous"
).split()

BLOCK = re.compile(r"^```position(?P<info>[^\n]*)\n(?P<body>.*?)\n```$", re.S | re.M)
SQUARE = re.compile(r"[a-h][1-8]")


def diagrams(game_id: str) -> list[tuple[str, list[str], list[str], str]]:
    """(caption, arrows, rings, body) of each position block of the sheet."""
    out = []
    text = rules_sheet(game_id).read_text(encoding="utf-8")
    for m in BLOCK.finditer(text):
        caption, *parts = [p.strip() for p in m.group("info").split(";")]
        marks: dict[str, list[str]] = {"arrows": [], "rings": []}
        for part in parts:
            word, _, rest = part.partition(" ")
            assert word in marks, f"{game_id}: unknown diagram mark {part!r}"
            marks[word] = rest.split()
        out.append((caption, marks["arrows"], marks["rings"], m.group("body")))
    return out


def the(game_id: str, caption_start: str):
    """The state of the sheet's diagram whose caption starts so."""
    found = [body for cap, _, _, body in diagrams(game_id) if cap.startswith(caption_start)]
    assert len(found) == 1, f"{game_id}: {len(found)} diagrams captioned {caption_start!r}"
    return GAMES[game_id].from_text(found[0])


@pytest.mark.parametrize("game_id", KIT)
def test_every_diagram_is_the_games_own_position_text(game_id):
    blocks = diagrams(game_id)
    assert len(blocks) >= 2
    for caption, arrows, rings, body in blocks:
        assert caption, f"{game_id}: a diagram without a caption"
        state = GAMES[game_id].from_text(body)
        assert state.to_text() == body  # written as the game writes it
        for arrow in arrows:
            frm, dash, to = arrow.partition("-")
            assert dash and SQUARE.fullmatch(frm) and SQUARE.fullmatch(to), arrow
        for ring in rings:
            assert SQUARE.fullmatch(ring), ring


def _legal(state, seat=None) -> list[str]:
    seat = state.to_act()[0] if seat is None else seat
    return sorted(state.notation(a) for a in state.legal_actions(seat))


def test_half_alice_the_books_king_has_one_move():
    state = the("half_alice", "Black to move. a8 and c8")
    assert _legal(state) == ["Ka7"]


def test_half_alice_the_checked_king_may_step_aside_or_be_shielded_by_the_far_side():
    state = the("half_alice", "The e1 rook checks")
    assert _legal(state) == ["Kd7", "Kf7", "Ne5", "Ne7"]


def test_crowded_house_the_queen_side_checkmate_and_its_rescue():
    mate = the("crowded_house", "Without the knight")
    assert mate.result() is not None and "Checkmate" in mate.result().reason
    rescue = the("crowded_house", "White's queen-side player to move")
    assert _legal(rescue) == ["Nc1", "Nxa1"]


def test_crowded_house_winnie_may_take_the_bishop_to_her_half_only():
    moves = _legal(the("crowded_house", "After 1. e4 e5 it is Winnie's turn"))
    assert "Bc4" in moves and "Be2" not in moves


def test_golf_the_worked_example_and_the_kings_step_have_their_pars():
    assert the("golf", "Chosen: the white king").par == 3
    assert the("golf", "Chosen: a white knight").par == 2


def test_golf_the_example_deal_is_the_books_card_order_laid_out():
    from game.games.golf import hole as H

    order = [H.code_of_letter(c) for c in "BrkRNnRbrqBnNbKQ"]
    deal = the("golf", "The book's example deal")
    assert H.fen_board(deal.board) == H.fen_board(H.layout(order))


def test_two_move_the_quiz_trap_loses_the_king():
    state = the("two_move", "The trap")
    for step in ("Bxe7+", "Bxf8"):
        state.apply({0: state.parse_action(step, 0)})
    assert state.result().reason == "White captured the king"


def test_two_move_promoting_to_a_rook_takes_the_king():
    state = the("two_move", "The answer")
    state.apply({0: state.parse_action("Rxa8", 0)})
    assert state.result().reason == "White captured the king"


def test_synchronous_the_blow_on_c6_is_blacks_to_strike():
    state = the("synchronous", "The knight stayed")
    assert _legal(state, 1) == ["X", "bxc6", "dxc6"]


def test_cooperative_the_bishop_stops_after_two_pawns():
    state = the("cooperative", "Black plays the white pawn card")
    for step in ("[P]", "Be6", "Bxd5"):
        state.apply({1: state.parse_action(step, 1)})
    assert _legal(state, 1) == ["Bxa2", "Bxe4", "end"]
    state.apply({1: state.parse_action("Bxe4", 1)})
    assert state.to_act() == (0,)  # no card beside the bishop's for g2


def test_zombie_the_pawn_buried_on_c6_rises_as_a_white_zombie():
    state = the("zombie", "The knight left c6")
    assert state.extras == {GEO.square("c6"): "z"}
    assert {"cxb7", "cxd7+"} <= set(_legal(state))
