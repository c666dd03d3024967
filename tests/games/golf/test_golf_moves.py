"""How pieces move and capture in Chess Golf (rules/golf.md), on the board
model the rules and the solver share (game/games/golf/hole.py).

Boards are diagrams, rank 8 first: ``.`` empty, ``KQRBN`` White, ``kqrbn``
Black; the chosen cards are letters in their colours.
"""

from __future__ import annotations

from game.engine.chess.tables import GEO
from game.games.golf import hole as H
from game.games.golf.hole import Goal, Move


def sq(name: str) -> int:
    return GEO.square(name)


def board(diagram: str) -> H.Board:
    return H.from_diagram(diagram)


def goal(letters: str) -> Goal:
    return Goal.of(H.code_of_letter(ch) for ch in letters)


def moves_of(b: H.Board, g: Goal, square: str) -> set[str]:
    return {GEO.name(m.to) for m in H.legal_moves(b, g) if m.frm == sq(square)}


EXAMPLE = H.WORKED_EXAMPLE  # the e5 bishop, the white king, the a2 bishop


def test_a_piece_moves_only_like_its_neighbours_of_its_colour():
    """The e5 bishop has one black neighbour, the d6 knight: it jumps like a
    knight, never like a bishop; the white king and the a2 bishop have no
    neighbour of their colour and cannot move at all."""
    b, g = board(EXAMPLE), goal("Kb")
    assert moves_of(b, g, "e5") == {"c4", "c6", "d7", "g6"}  # d3, f3, f7, g4 are taken
    assert moves_of(b, g, "h2") == set()
    assert moves_of(b, g, "a2") == set()
    assert H.borrowed(b, sq("e5")) == {H.KNIGHT: (sq("d6"),)}


def test_a_piece_borrows_every_neighbour_and_slides_stop_at_pieces():
    b = board("""
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . n . . . . .
        . . . . . . . .
        . R B . N . . .
        . . . . . . . .
    """)
    borrowed = H.borrowed(b, sq("c2"))
    assert borrowed == {H.ROOK: (sq("b2"),)}
    # the bishop moves like the rook: along the rank it stops before d2's
    # empty run ends at e2's knight, up the file it stops at c4's knight
    assert moves_of(b, goal("Kk"), "c2") == {"c1", "d2", "c3"}
    # the rook borrows the bishop's diagonals
    assert moves_of(b, goal("Kk"), "b2") == {"a1", "c1", "a3", "c3", "d4", "e5", "f6", "g7", "h8"}


def test_only_a_chosen_piece_may_capture_and_only_the_other_chosen_piece():
    b = board("""
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . r . . . . .
        . R B . . . . n
        . . . . . . . .
    """)
    # the bishop moves like the rook: it could reach h2's knight and c3's rook
    assert moves_of(b, goal("Bn"), "c2") == {"c1", "d2", "e2", "f2", "g2", "h2"}
    assert moves_of(b, goal("Br"), "c2") == {"c1", "d2", "e2", "f2", "g2", "c3"}
    assert moves_of(b, goal("Rn"), "c2") == {
        "c1",
        "d2",
        "e2",
        "f2",
        "g2",
    }  # the rook is chosen, not the bishop


def test_colours_do_not_matter_for_the_capture():
    """Two cards of one colour: one such piece takes the other; two equal
    cards: one of the two pieces takes its twin."""
    b = board("""
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . R B . . . . R
        . . . . . . . .
    """)
    assert "h2" in moves_of(b, goal("BR"), "c2")
    assert "h2" not in moves_of(b, goal("RR"), "c2")  # the bishop is not chosen
    b2 = board("""
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . Q R . . . . R
        . . . . . . . .
    """)
    assert "h2" in moves_of(b2, goal("RR"), "c2")
    assert "h2" not in moves_of(b2, goal("QR"), "c2")  # the c2 rook may not take a rook


def test_the_kings_step_when_a_colour_has_no_pair():
    """The special move (its picture was lost): the white knights and the
    black queen have no neighbour of their colour. While the d3 bishop and
    d2 rook stand together, the lonely knights get nothing; Black has no
    pair at all, so its queen steps like a king. Once the bishop leaves
    (with the rook's move), White has no pair left and the f6 knight steps
    onto the queen."""
    b = board("""
        . . . . . . . .
        . . . . . . q .
        . . . . . N . .
        . . . . . . . .
        . . . . . . . .
        . N . B . . . .
        . . . R . . . .
        . . . . . . . .
    """)
    g = goal("Nq")
    assert H.has_pair(b, H.WHITE) and not H.has_pair(b, H.BLACK)
    assert moves_of(b, g, "f6") == set()  # a piece alone does not get the step
    assert moves_of(b, g, "b3") == set()
    # the queen steps anywhere around, even onto the chosen knight
    assert moves_of(b, g, "g7") == {"f8", "g8", "h8", "f7", "h7", "f6", "g6", "h6"}
    assert H.borrowed(b, sq("g7")) == {H.KING: ()}
    b, g, taken = H.play(b, g, Move(sq("d3"), sq("d5")))
    assert taken is None and not H.has_pair(b, H.WHITE)
    assert "g7" in moves_of(b, g, "f6")
    assert moves_of(b, g, "b3") == {"a2", "b2", "c2", "a3", "c3", "a4", "b4", "c4"}
    b, g, taken = H.play(b, g, Move(sq("f6"), sq("g7")))
    assert g is None and taken == H.code_of_letter("q")  # the hole is solved


def test_the_layout_of_the_texts_example_deal():
    """The text lays the cards out from the white bishop to the white queen:
    B R K R / N N R B / R Q B N / N B K Q (the colours between the first
    and the last were lost with the picture, and do not change where the
    pieces go). Each piece stands after its gap: knight 1, bishop 2, rook 3,
    queen 5, king 6 empty squares."""
    kinds = "BRKRNNRBRQBNNBKQ"
    colours = "WBWBWBWBWBWBWBWW"  # any colours: the squares depend on the kinds
    order = [
        H.code_of_letter(k if c == "W" else k.lower()) for k, c in zip(kinds, colours, strict=True)
    ]
    b = H.layout(order)
    placed = [GEO.name(s) for s, _ in H.pieces(b)]
    assert placed == [
        "c1", "g1", "f2", "b3", "d3", "f3", "b4", "e4",
        "a5", "g5", "b6", "d6", "f6", "a7", "h7", "f8",
    ]  # fmt: skip
    assert H.piece_name(H.code_at(b, sq("c1"))) == "white bishop"
    assert H.piece_name(H.code_at(b, sq("f8"))) == "white queen"


def test_any_shuffled_deck_fits_the_board():
    import random

    rng = random.Random(7)
    for _ in range(50):
        order = list(H.FULL_SET)
        rng.shuffle(order)
        b = H.layout(order)
        assert sum(bb.bit_count() for bb in b) == 16
