"""The shared grid position: FEN dialect board fields of any size."""

import pytest

from game.engine.board import geometry
from game.engine.grid import GridPosition, LetterTable
from game.engine.pieces import Piece

LETTERS = LetterTable({"K": "king", "M": "mace", "H": "horse_apult", "P": "pawn"})


def test_ten_by_ten_board_text_round_trips_with_two_digit_runs():
    pos = GridPosition(geometry(10, 10), LETTERS)
    pos.set_diagram(
        """
        m........m
        .h......h.
        pppppppppp
        ..........
        ..........
        ..........
        ..........
        PPPPPPPPPP
        .H......H.
        M....K...M
        """
    )
    text = pos.board_text()
    assert text.split("/")[3] == "10"
    again = GridPosition(geometry(10, 10), LETTERS)
    again.set_board_text(text)
    assert again.board == pos.board
    assert pos.piece_at(geometry(10, 10).square("f1")) == Piece(0, "king")
    assert pos.find(1, "mace") == [90, 99]


def test_six_by_seven_board():
    pos = GridPosition(geometry(6, 7), LETTERS)
    pos.set_board_text("6/6/6/2K3/6/6/6")
    assert pos.pieces() == {geometry(6, 7).square("c4"): Piece(0, "king")}


@pytest.mark.parametrize(
    "text", ["6/6/6/6/6/6", "7/6/6/6/6/6/6", "5X/6/6/6/6/6/6", "5/6/6/6/6/6/6"]
)
def test_bad_board_text_is_refused(text):
    with pytest.raises(ValueError):
        GridPosition(geometry(6, 7), LETTERS).set_board_text(text)


def test_geometry_names_and_colours():
    geo = geometry(10, 10)
    assert geo.name(geo.square("j10")) == "j10"
    assert not geo.is_light(geo.square("a1"))
    assert geometry(6, 7).is_light(geometry(6, 7).square("b1"))
    with pytest.raises(ValueError):
        geo.square("k1")
    with pytest.raises(ValueError):
        geometry(13, 8)


def test_board_field_of_a_diagram():
    from game.engine.board import board_field

    diagram = """
        r..k
        ....
        .PP.
        """
    assert board_field(diagram, 4) == "r2k/4/1PP1"
    with pytest.raises(ValueError):
        board_field(diagram, 5)
