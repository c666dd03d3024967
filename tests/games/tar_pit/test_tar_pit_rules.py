"""Tar Pit Chess rules: the deck and the deal, the four parts of a turn (move,
throw, card, draw), carrying and tarred pieces (tarred pieces move as pawns,
are freed on the last rank), checkers cancelling and repelling, captured
checkers changing hands, the four ways to remove tar, cards matching any
piece when none of their kind is left, checker cards, the discard pile
reshuffled, castling, checkmate; the text's example turn and its
alternative."""

from __future__ import annotations

from collections import Counter

import pytest
from helpers.chess_diagrams import fen_of
from helpers.numbering import numbered

from game.engine import IllegalAction
from game.engine.cards import Card, cards_text
from game.engine.chess import GEO, Move
from game.engine.pieces import Piece
from game.games import load_all
from game.games.tar_pit.actions import KEEP, NO_CARD, Discard, PlayCard, Return, Throw
from game.games.tar_pit.rules import CARD, DISCARD, MOVE, RETURN, THROW, universe

GAME = load_all()["tar_pit"]


def sq(name: str) -> int:
    return GEO.square(name)


def position(
    diagram: str,
    to_move="w",
    castling="-",
    ep="-",
    checkers="-",
    front=(6, 6),
    hands=("", ""),
    discard="",
    draw=None,
    step="move",
):
    """A position: checkers like "e4=b,f5=w"; hands and discard as card
    letters; the draw pile holds the rest of the 36 cards unless given."""
    on_board = Counter(checkers.split(",")) if checkers != "-" else Counter()
    counts = [sum(n for k, n in on_board.items() if k.endswith(c)) for c in "wb"]
    spare = [12 - front[c] - counts[c] for c in (0, 1)]
    if draw is None:
        rest = Counter(universe(2))
        rest.subtract(Card.from_letter(ch) for ch in hands[0] + hands[1] + discard)
        draw = cards_text(sorted(rest.elements()))
    table = "/".join(
        f"{name}:{cards or '-'}"
        for name, cards in (
            ("draw", draw),
            ("hand0", hands[0]),
            ("hand1", hands[1]),
            ("discard", discard),
        )
    )
    fields = f"{checkers} {front[0]}+{front[1]} {spare[0]}+{spare[1]} {table} {step} -/-/-"
    return GAME.from_text(f"{fen_of(diagram, to_move, castling, ep)} {fields}")


def act(state, *texts):
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def hand(state, side):
    return "".join(sorted(c.letter for c in state.table.cards(f"hand{side}")))


def targets(state, frm):
    return sorted(
        GEO.name(m.to) for m in state.legal_actions(state.to_act()[0]) if m.frm == sq(frm)
    )


EMPTY_KINGS = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
"""


# -- setup ------------------------------------------------------------------------------
def test_the_deck_is_a_card_per_piece_and_two_checker_cards_per_colour_six_dealt_each():
    state = GAME.new(seed=5)
    counts = state.table.counts()
    assert counts == {"draw": 24, "hand0": 6, "hand1": 6, "discard": 0}
    cards = Counter(state.table.all_cards())
    assert sum(cards.values()) == 36
    for side in (0, 1):
        assert cards[Card(side, "pawn")] == 8 and cards[Card(side, "knight")] == 2
        assert cards[Card(side, "queen")] == 1 and cards[Card(side, "checker")] == 2
    assert state.front == [6, 6] and state.spare == [6, 6] and state.extras == {}


def test_options_change_the_checkers_and_the_checker_cards_one_card_dealt_per_checker():
    state = GAME.new({"checkers": 4, "checker_cards": 0}, seed=1)
    assert state.front == [4, 4] and state.spare == [8, 8]
    assert state.table.counts() == {"draw": 24, "hand0": 4, "hand1": 4, "discard": 0}
    assert Card(0, "checker") not in state.table.all_cards()


# -- the text's example turn ------------------------------------------------------------------
EXAMPLE = """
    . . . . k . . .
    . . . . . . . .
    . . . . . n . .
    . . . . . p . .
    . . . . P . P .
    . . . . . P . .
    . . . . . . . .
    . . . . . . K .
"""


def example():
    # Black to move with four cards and five checkers in front; the white
    # pawn on e4 is tarred with a black checker, the black pawn on f5 with a
    # white one.
    return position(
        EXAMPLE, "b", checkers="e4=b,f5=w", front=(6, 5), hands=("PPRBNQ", "nppq"), discard="R"
    )


def test_example_turn_move_throw_add_draw():
    state = example()
    # Move: the knight takes the pawn on e4 and its black checker: now it carries.
    act(state, "Nxe4")
    assert state.extras[sq("e4")] == 1 and state.carrying(sq("e4"))
    assert state.phase == THROW and state.to_act() == (1,)
    # Throw: onto the pawn on f3, which now cannot take the knight.
    assert Throw(sq("e4"), sq("f3")) in state.legal_actions(1)
    act(state, "e4>f3")
    assert state.extras == {sq("f3"): 1, sq("f5"): 0}
    assert state.tarred(sq("f3"))
    # Add: the black knight card puts a black checker under the knight.
    assert state.phase == CARD
    events = act(state, "n@e4")
    assert state.extras[sq("e4")] == 1
    # Draw: three cards and four checkers in front, so Black draws one.
    assert state.front[1] == 4 and len(hand(state, 1)) == 4
    assert [e["count"] for e in events if e.kind == "draw"] == [1]
    assert state.turn == 0 and state.phase == MOVE
    assert "fxe4" not in {state.notation(m) for m in state.legal_actions(0)}
    assert not state.legal_actions(0) or all(m.frm != sq("f3") for m in state.legal_actions(0))


def test_example_alternative_the_pawn_card_cancels_the_tar_on_f5():
    state = example()
    act(state, "Nxe4", "e4>f3")
    events = act(state, "p@f5")
    # The black checker cancels the white one: both go back to their owners.
    assert sq("f5") not in state.extras
    assert "cancel" in [e.kind for e in events]
    assert state.front == [7, 5]  # Black: 5 - 1 added + 1 back; White: 6 + 1 back
    assert len(hand(state, 1)) == 5  # drew up to five
    # White can take on f5, but gets no checker to throw at the knight.
    act(state, "gxf5")
    assert sq("f5") not in state.extras and state.phase != THROW


# -- carrying and tarred pieces -----------------------------------------------------------------
def test_a_tarred_piece_moves_as_a_pawn_of_its_colour_without_the_double_step():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . p . . . . .
        . . . R . . . .
        . . . . K . . .
        """,
        checkers="d2=b",
    )
    assert targets(state, "d2") == ["c3", "d3"]  # forward, or take diagonally forward


def test_a_tarred_pawn_cannot_move_and_a_carrying_piece_moves_normally_with_its_checker():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . P . . N .
        . . . . K . . .
        """,
        checkers="d2=b,g2=w",
    )
    assert targets(state, "d2") == []
    assert state.stuck_reason(0, sq("d2")) == "A tarred pawn cannot move"
    assert targets(state, "g2") == ["e3", "f4", "h4"]
    act(state, "Nf4")
    assert state.extras.get(sq("f4")) == 0 and sq("g2") not in state.extras


def test_a_tarred_piece_reaching_its_last_rank_is_freed_and_stays_what_it_is():
    state = position(
        """
        . . . . . . k .
        . . . . N . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        checkers="e7=b",
        front=(6, 5),
    )
    assert targets(state, "e7") == ["e8"]
    events = act(state, "Ne8")
    assert sq("e8") not in state.extras
    assert state.front[1] == 6  # the checker went back to Black
    assert state.piece_at(sq("e8")) == Piece(0, "knight")
    assert "freed" in [e.kind for e in events]


def test_a_tarred_piece_may_take_a_pawn_en_passant():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . p B . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        ep="d6",
        checkers="e5=b",
    )
    assert targets(state, "e5") == ["d6", "e6"]
    assert " d6 " in state.to_text()  # the right survives the position text
    act(state, "Bxd6")  # written as the capture it is
    assert state.piece_at(sq("d5")) is None
    assert state.piece_at(sq("d6")) == Piece(0, "bishop") and state.tarred(sq("d6"))


def test_a_tarred_piece_gives_check_only_as_a_pawn_does():
    diagram = """
        . . . . . . . .
        . . . . . . . .
        . . . Q . . . .
        . . . k . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
    """
    # The queen on d6 is tarred: it attacks only c7 and e7, not the king on d5.
    state = position(diagram, "b", checkers="d6=b")
    assert not state.king_attacked(1)
    assert sq("e6") in {m.to for m in state.legal_moves() if m.frm == sq("d5")}
    free = position(diagram, "b")
    assert free.king_attacked(1)


def test_a_tarred_pawn_does_not_attack():
    state = position(
        """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . k . . .
        . . . P . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        "b",
        checkers="d4=b",
    )
    assert not state.king_attacked(1)


# -- captures, cancelling and repelling ----------------------------------------------------------
CAPTURE = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . n . . . .
    . . . . . . . .
    . . . . R . . .
    . . . . . . . .
    . . . . K . . .
"""


def test_capturing_a_carrying_piece_leaves_you_tarred():
    state = position(CAPTURE, "b", checkers="e3=w")
    act(state, "Nxe3")
    assert state.extras == {sq("e3"): 0} and state.tarred(sq("e3"))


def test_capturing_a_tarred_piece_leaves_you_carrying():
    state = position(CAPTURE, "b", checkers="e3=b")
    act(state, "Nxe3")
    assert state.carrying(sq("e3"))
    assert state.turn == 0  # no neighbour to throw it to, no cards: White's turn


def test_a_carrier_capturing_a_carrier_cancels_both_checkers():
    state = position(CAPTURE, "b", checkers="e3=w,d5=b", front=(5, 5))
    events = act(state, "Nxe3")
    assert state.extras == {} and state.front == [6, 6]
    assert "cancel" in [e.kind for e in events]


def test_same_colour_checkers_repel_one_goes_back_to_its_owner():
    state = position(CAPTURE, "b", checkers="e3=b,d5=b", front=(6, 4))
    act(state, "Nxe3")
    assert state.extras == {sq("e3"): 1} and state.front == [6, 5]


def test_a_tarred_piece_taking_a_piece_tarred_with_its_own_colour_is_cleaned():
    # The third way to remove tar: White's tarred rook (a pawn's capture)
    # takes a black knight that stands on a white checker; the two cancel.
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . n . . . .
        . . R . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        checkers="c3=b,d4=w",
        front=(5, 5),
    )
    assert targets(state, "c3") == ["c4", "d4"]
    act(state, "Rxd4")
    assert state.extras == {} and state.front == [6, 6]
    assert not state.tarred(sq("d4")) and state.turn == 1


# -- throwing -------------------------------------------------------------------------------
THROWING = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . p . .
    . . . N . . . .
    . B . . . . . .
    . . . . K . . .
"""


def test_the_tar_is_thrown_only_under_a_neighbouring_piece_or_kept():
    state = position(THROWING, checkers="d3=w,b2=b")
    act(state, "Nc1")  # no neighbour but b2
    assert state.phase == THROW
    assert state.legal_actions(0) == [Throw(sq("c1"), sq("b2")), KEEP]
    with pytest.raises(IllegalAction):
        act(state, "c1>d2")  # no piece there


def test_passing_your_checker_to_your_tarred_piece_frees_it():
    state = position(THROWING, checkers="d3=w,b2=b", hands=("", ""))
    act(state, "Nc1", "c1>b2")
    assert state.extras == {} and state.front == [7, 7]
    assert state.turn == 1  # no cards: the turn is over


def test_keeping_the_tar_moves_on_to_the_card():
    state = position(THROWING, checkers="d3=w", hands=("P", ""))
    act(state, "Ne5", "keep")
    assert state.phase == CARD and state.extras == {sq("e5"): 0}


def test_a_move_that_ends_with_no_neighbour_skips_the_throw():
    state = position(THROWING, checkers="d3=w", hands=("", ""))
    act(state, "Nb4")
    assert state.turn == 1 and state.extras == {sq("b4"): 0}


# -- cards -------------------------------------------------------------------------------------
def test_a_piece_card_adds_a_checker_only_under_a_matching_piece():
    state = position(THROWING, hands=("B", ""), front=(6, 6))
    act(state, "Kd1")
    assert state.legal_actions(0) == [PlayCard("B", sq("b2")), NO_CARD]
    act(state, "B@b2")
    assert state.extras == {sq("b2"): 0} and state.front[0] == 5
    assert len(hand(state, 0)) == 5  # drew back up to one card per checker


def test_a_card_matches_any_of_your_pieces_when_none_of_its_kind_is_left():
    state = position(THROWING, hands=("q", ""))
    act(state, "Kd1")
    squares = sorted(GEO.name(a.square) for a in state.legal_actions(0) if a != NO_CARD)
    assert squares == ["b2", "d1", "d3"]  # White's own pieces


def test_adding_to_your_own_carrier_gives_the_checker_straight_back_cycling_the_card():
    state = position(THROWING, checkers="d3=w", front=(1, 6), hands=("N", ""))
    act(state, "Kd1", "N@d3")
    assert state.extras == {sq("d3"): 0} and state.front[0] == 1
    assert (
        len(hand(state, 0)) == 1
        and hand(state, 0) != ""
        and state.table.top("discard") == Card(0, "knight")
    )


def test_no_piece_card_without_a_checker_in_front_of_you():
    state = position(THROWING, front=(0, 6), hands=("Bc", ""))
    act(state, "Kd1")
    assert state.legal_actions(0) == [PlayCard("c"), NO_CARD]


def test_no_card_ends_the_turn_and_the_hand_stays():
    state = position(THROWING, front=(2, 6), hands=("BP", ""))
    act(state, "Kd1", "nocard")
    assert state.turn == 1 and hand(state, 0) == "BP"


def test_your_checker_card_brings_an_extra_checker_in_front_of_you_and_you_draw():
    state = position(THROWING, front=(2, 6), hands=("CP", ""))
    act(state, "Kd1", "C")
    assert state.front[0] == 3 and state.spare[0] == 9
    assert len(hand(state, 0)) == 3


def test_the_other_colour_checker_card_makes_the_opponent_return_one_and_discard():
    state = position(THROWING, checkers="f4=b", front=(2, 2), hands=("cP", "nn"))
    act(state, "Kd1", "c")
    assert state.phase == RETURN and state.to_act() == (1,)
    assert state.legal_actions(1) == [Return(-1), Return(sq("f4"))]
    act(state, "return@front")
    assert state.front[1] == 1 and state.spare[1] == 10
    assert state.phase == DISCARD and state.to_act() == (1,)
    assert state.legal_actions(1) == [Discard("n")]
    act(state, "discard:n")
    assert hand(state, 1) == "n" and state.table.top("discard") == Card(1, "knight")
    assert state.turn == 1 and state.phase == MOVE
    assert len(hand(state, 0)) == 2  # White drew up to its two checkers


def test_returning_a_checker_from_the_board_needs_no_discard():
    state = position(THROWING, checkers="f4=b", front=(2, 2), hands=("cP", "nn"))
    act(state, "Kd1", "c", "return@f4")
    assert state.extras == {} and state.front[1] == 2 and state.turn == 1


def test_a_checker_added_to_a_piece_on_its_last_rank_is_removed_with_the_pieces_own():
    state = position(
        """
        . . . N k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        "b",
        checkers="d8=w",
        front=(5, 6),
        hands=("", "N"),
    )
    act(state, "Ke7", "N@d8")
    assert state.extras == {} and state.front == [6, 6]


def test_the_discard_pile_is_shuffled_into_a_new_draw_pile_when_it_runs_out():
    rest = Counter(universe(2))
    rest.subtract([Card(0, "checker")])
    state = position(
        THROWING, front=(3, 6), hands=("C", ""), discard=cards_text(rest.elements()), draw=""
    )
    events = act(state, "Kd1", "C")
    assert "reshuffle" in [e.kind for e in events]
    assert len(hand(state, 0)) == 4
    assert state.table.count("discard") == 0 and state.table.count("draw") == 32


# -- castling and the end -------------------------------------------------------------------
CASTLE = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    R . . . K . . R
"""


def test_no_castling_with_a_checker_under_the_king_or_the_rook():
    def castles(checkers):
        state = position(CASTLE, castling="KQ", checkers=checkers)
        return sorted(state.notation(m) for m in state.legal_moves() if state.is_castle(m))

    assert castles("-") == ["O-O", "O-O-O"]
    assert castles("h1=w") == ["O-O-O"]
    assert castles("a1=b") == ["O-O"]
    assert castles("e1=w") == []


def test_checkmate_a_tarred_king_cannot_step_aside():
    state = position(
        """
        . . . . . . . k
        . . . . . . . P
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . R . . K . . .
        """,
        checkers="h8=w",
        hands=("", ""),
    )
    act(state, "Rb8")
    result = state.result()
    assert result is not None and result.points == (1.0, 0.0)
    assert "Checkmate" in result.reason
    free = position(
        """
        . . . . . . . k
        . . . . . . . P
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . R . . K . . .
        """,
        hands=("", ""),
    )
    act(free, "Rb8")
    assert free.result() is None  # untarred, the king takes h7 or steps to g7


def test_a_move_may_not_leave_your_king_attacked():
    state = position(CAPTURE, "b")
    act(state, "Kd7")
    assert state.turn == 0
    state = position(
        """
        . . . . k . . .
        . . . . r . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . N . . .
        . . . . K . . .
        """
    )
    assert targets(state, "e2") == []


def test_only_two_bare_kings_are_a_dead_draw():
    assert position(EMPTY_KINGS).result().reason.startswith("Neither")
    lone_knight = EMPTY_KINGS.replace(". . . . K", ". . . N K", 1)
    assert position(lone_knight).result() is None


def test_the_turn_passes_only_after_every_part():
    state = example()
    act(state, "Nxe4")
    assert state.to_act() == (1,) and state.turn == 1
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction):
        state.apply({1: Move(sq("e8"), sq("e7"))})


def test_an_answer_to_a_checker_card_is_counted_in_the_move_that_played_it():
    state = position(THROWING, checkers="f4=b", front=(2, 2), hands=("cP", "nn"))
    steps = ("Kd1", "c", "return@front", "discard:n", "Ke7", "nocard", "Kd2")
    assert numbered(state, *steps) == [1, 1, 1, 1, 1, 1, 2]
    # White answers inside Black's turn; White's own move then begins move 2
    state = position(THROWING, front=(2, 2), hands=("NN", "Cn"))
    steps = ("Kd1", "nocard", "Ke7", "C", "return@front", "discard:N", "Kd2")
    assert numbered(state, *steps) == [1, 1, 1, 1, 1, 1, 2]


# -- no part of a turn may leave the mover's king attacked ------------------------------------
def test_a_card_may_not_tar_an_enemy_piece_into_attacking_your_king():
    """Tarred, the white knight on d5 attacks c6 and e6 as a white pawn: with
    the black king on e6, Black may not play the knight card on it."""
    diagram = """
        . . . . . . . .
        . . . . . k . .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . K .
        """
    state = position(diagram, "b", hands=("", "N"))
    act(state, "Ke6")  # the untarred knight does not attack e6
    assert state.phase == MOVE and state.turn == 0  # no card to play: the turn is over
    other = position(diagram, "b", hands=("", "N"))
    act(other, "Kg6")  # out of the tarred knight's reach: the card is fine
    assert other.legal_actions(1) == [PlayCard("N", sq("d5")), NO_CARD]


def test_a_throw_may_not_tar_an_enemy_piece_into_attacking_your_king():
    """Tarred, the black rook on d3 attacks c2 and e2 as a black pawn: the
    bishop's tar may go to the pawn on b3, not to the rook beside the king."""
    state = position(
        """
        k . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . p . r . . . .
        . . . . K . . .
        . B . . . . . .
        """,
        checkers="b1=w",
        hands=("", ""),
    )
    act(state, "Bc2")
    assert state.phase == THROW
    assert state.legal_actions(0) == [Throw(sq("c2"), sq("b3")), KEEP]
    with pytest.raises(IllegalAction):
        act(state, "c2>d3")


def test_a_tarred_piece_taking_en_passant_is_written_as_a_capture():
    # Tarred, the d5 knight moves as a white pawn: after e7-e5 it may take
    # en passant on e6, and the move list says it captures.
    state = position(
        """
        . . . . . . . k
        . . . . p . . .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        K . . . . . . .
        """,
        "b",
        checkers="d5=b",
    )
    act(state, "e5")  # no cards in hand: White moves next
    (take,) = [a for a in state.legal_actions(0) if isinstance(a, Move) and a.to == sq("e6")]
    assert state.notation(take) == "Nxe6"
    assert state.parse_action("Nxe6", 0) == take


# White's rook, tarred by a Black checker, steps as a pawn to c8: the far
# rank frees it, and as a rook again it mates along the eighth rank.
FREED_ON_THE_FAR_RANK = """
    . . . . . . . k
    . . R . . . p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    K . . . . . . .
"""


def test_a_tarred_rook_freed_on_the_far_rank_is_written_with_its_mate():
    state = position(FREED_ON_THE_FAR_RANK, checkers="c7=b")
    move = state.parse_action("Rc8", 0)
    assert state.notation(move) == "Rc8#"
    act(state, "Rc8")
    assert state.result().reason.startswith("Checkmate")


def test_a_mate_the_card_part_of_the_turn_may_still_change_is_written_as_check():
    """With a card to play after the move the turn goes on: the position
    after the move is check, the mate comes only with the turn's end."""
    state = position(FREED_ON_THE_FAR_RANK, checkers="c7=b", hands=("R", ""))
    assert state.notation(state.parse_action("Rc8", 0)) == "Rc8+"
    act(state, "Rc8")
    assert state.result() is None
    act(state, "nocard")
    assert state.result().reason.startswith("Checkmate")
