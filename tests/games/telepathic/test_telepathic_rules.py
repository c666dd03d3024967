"""Telepathic Chess rules: the seats and roles, the cards, the three outcomes
of a prediction (pull, stay, push) and the trophy, picking a card back up,
the removal when the trophy goes past an end, the change after eight lost
pieces, king capture and checkmate, and the rule sheet's example."""

from __future__ import annotations

import pytest
from telepathic_positions import GAME, START, act, position, reveal, sq, turn

from game.engine import IllegalAction
from game.engine.pieces import Piece
from game.games.telepathic.actions import Predict, Remove
from game.games.telepathic.rules import MOVE, PREDICT, REMOVE

W_A, W_B, B_A, B_B = range(4)


def test_four_seats_in_two_teams_and_the_start():
    state = GAME.new()
    assert GAME.seats == ("White A", "White B", "Black A", "Black B")
    assert [GAME.side_of(s) for s in range(4)] == [0, 0, 1, 1]
    assert GAME.team_of(W_B) == (W_A, W_B) and GAME.team_of(B_A) == (B_A, B_B)
    assert state.trophy == 0 and state.face_up == ("pawn", "pawn")
    assert state.to_act() == (W_A,) and state.phase == PREDICT
    # Six cards in hand: the pawn lies face up.
    cards = {a.kind for a in state.legal_actions(W_A)}
    assert cards == {"knight", "bishop", "rook", "queen", "king", "checker"}


def test_a_true_prediction_pulls_the_trophy_and_the_old_face_up_card_is_taken():
    state = GAME.new()
    events = turn(state, "N", "Nf3")
    assert reveal(events)["outcome"] == "pull"
    assert state.trophy == -1  # White's end
    # The mover picks up the pawn, the card face up at the start of the turn.
    assert state.face_up[0] == "knight"
    assert state.hand(0) == ("pawn", "bishop", "rook", "queen", "king", "checker")


def test_matching_only_the_face_up_card_leaves_the_trophy_where_it_is():
    state = GAME.new()
    events = turn(state, "B", "e4")  # a pawn: the face-up card
    assert reveal(events)["outcome"] == "stay"
    assert state.trophy == 0
    assert state.face_up[0] == "bishop"


def test_matching_neither_card_pushes_the_trophy_away():
    state = GAME.new()
    events = turn(state, "B", "Nc3")
    assert reveal(events)["outcome"] == "push"
    assert state.trophy == 1  # towards Black's end
    turn(state, "N", "Nf6")  # Black pulls it back
    assert state.trophy == 0


def test_partners_swap_predictor_and_mover_every_turn():
    state = GAME.new()
    seen = []
    for card, move in (("B", "e4"), ("B", "e5"), ("N", "Nf3"), ("N", "Nc6")):
        predictor = state.to_act()[0]
        act(state, f"predict {card}")
        seen.append((predictor, state.to_act()[0]))
        act(state, move)
    assert seen == [(W_A, W_B), (B_A, B_B), (W_B, W_A), (B_B, B_A)]
    assert state.to_act() == (W_A,)


def test_the_rule_sheet_example_checker_then_a_miss_past_whites_end():
    state = position(face_up="N/b")
    # White bets on the knight again with the checker, and the knight moves.
    events = turn(state, "C", "Nf3")
    assert reveal(events)["outcome"] == "pull" and state.trophy == -1
    # The mover picks up the checker; the knight card stays face up.
    assert state.face_up[0] == "knight" and "checker" in state.hand(0)
    # Black lays a rook face down beside its bishop and pushes a pawn: a miss.
    events = turn(state, "R", "e5")
    assert reveal(events)["outcome"] == "push"
    assert reveal(events)["loser"] == 1
    # Past White's end: the trophy returns to the middle and Black removes.
    assert state.trophy == 0 and state.phase == REMOVE
    assert state.face_up[1] == "rook"  # the bishop was picked up
    # Black A predicted this turn and moves next turn: Black A chooses.
    assert state.to_act() == (B_A,)
    removable = state.legal_actions(B_A)
    assert Remove(sq("e8")) not in removable and len(removable) == 15
    act(state, "remove Pa7")
    assert state.piece_at(sq("a7")) is None and state.lost(1) == 1
    assert state.phase == PREDICT and state.to_act() == (W_B,)


def test_the_king_cannot_be_removed_and_the_player_is_told_why():
    state = position(trophy="white", face_up="N/b")
    turn(state, "R", "Nf3")  # White: the face-up knight, the trophy stays
    turn(state, "R", "e5")  # Black: a miss, past White's end
    assert state.phase == REMOVE
    seat = state.to_act()[0]
    with pytest.raises(IllegalAction):
        state.apply({seat: Remove(sq("e8"))})
    assert "king cannot be removed" in state.stuck_reason(seat, sq("e8"))


def test_a_pull_past_your_own_end_costs_the_other_team_a_piece_chosen_by_its_mover():
    state = position(trophy="white")
    turn(state, "N", "Nf3")  # past White's end
    assert state.trophy == 0 and state.phase == REMOVE
    # Black's next move is by Black B (Black A predicts first): Black B removes.
    assert state.to_act() == (B_B,)
    act(state, "remove Nb8")
    assert state.to_act() == (B_A,) and state.phase == PREDICT
    act(state, "predict N")
    assert state.to_act() == (B_B,)


def test_a_removal_counts_as_a_capture_for_the_fifty_move_clock():
    state = position(castling="KQkq", trophy="white", half=40)
    assert state.halfmove == 40
    turn(state, "N", "Nf3")
    act(state, "remove Nb8")
    assert state.halfmove == 0


def test_a_removal_can_leave_a_king_open_and_taking_it_wins_at_once():
    # Both teams have lost more than eight pieces: no face-up cards.
    state = position(
        """
        ....k...
        ....q...
        ........
        ........
        ........
        ........
        P...B...
        ....K...
        """,
        trophy="black",
        face_up="-/-",
    )
    events = turn(state, "K", "a3")  # a miss with the trophy at Black's end
    assert reveal(events)["loser"] == 0
    assert state.to_act() == (W_A,)  # White A moves next: White A removes
    act(state, "remove Be2")  # any piece but the king, even its shield
    act(state, "predict N")
    events = act(state, "Qxe1")
    assert state.is_over()
    assert state.result().points == (0.0, 0.0, 1.0, 1.0)
    assert "captured the king" in state.result().reason
    # The game ends before anything else: no reveal, the trophy stays.
    assert not [e for e in events if e.kind == "reveal"] and state.trophy == 0
    again = GAME.from_text(state.to_text())  # the finished game reads back
    assert again.to_text() == state.to_text() and again.result() == state.result()


def test_a_king_left_open_may_be_taken_even_by_a_side_in_check():
    """Black is in check from the rook, but White's king stands open."""
    state = position(
        """
        R...k...
        ....q...
        ........
        ........
        ........
        ........
        ........
        ....K...
        """,
        to_move="b",
        phase="predict",
        face_up="-/-",
    )
    state.apply({B_A: Predict("queen")})
    moves = [state.notation(a) for a in state.legal_actions(B_B)]
    assert "Qxe1" in moves


def test_after_eight_losses_the_face_up_card_goes_back_and_only_exact_predictions_pull():
    state = position(
        """
        .n..k...
        pppppp.p
        ........
        ......N.
        ........
        ........
        PPPPPPPP
        RNBQKB.R
        """,
        face_up="P/n",
    )
    assert state.lost(1) == 7 and state.face_up[1] == "knight"
    events = turn(state, "N", "Nxh7")  # Black's eighth loss, during White's turn
    assert [e["side"] for e in events if e.kind == "eight_lost"] == [1]
    assert state.face_up[1] is None and state.trophy == -1
    # Black now lays only a face-down card, never the checker.
    cards = {a.kind for a in state.legal_actions(B_A)}
    assert cards == {"pawn", "knight", "bishop", "rook", "queen", "king"}
    events = turn(state, "N", "Nc6")
    assert reveal(events)["outcome"] == "pull" and state.trophy == 0
    assert state.face_up[1] is None and len(state.hand(1)) == 7  # the card taken back
    turn(state, "C", "Nc3")  # White: the checker copies its face-up knight, a pull
    events = turn(state, "B", "a6")  # Black: anything but the card pushes
    assert reveal(events)["outcome"] == "push"
    assert state.phase == REMOVE and reveal(events)["loser"] == 1


def test_castling_is_a_king_move_and_a_promotion_a_pawn_move():
    state = position(
        """
        r...k..r
        .P......
        ........
        ........
        ........
        ........
        PPPPPPP.
        RNBQK..R
        """,
        castling="K",
        face_up="N/-",
    )
    assert reveal(turn(state, "K", "O-O"))["outcome"] == "pull"
    state = position(
        """
        r...k..r
        .P......
        ........
        ........
        ........
        ........
        PPPPPPP.
        RNBQK..R
        """,
        face_up="N/-",
    )
    assert reveal(turn(state, "P", "b8=Q"))["outcome"] == "pull"


def test_checkmate_wins_for_the_whole_team():
    state = GAME.new()
    turn(state, "B", "f3")  # stay
    turn(state, "B", "e5")  # stay
    turn(state, "R", "g4")  # push, to Black's end
    turn(state, "K", "Qh4#")  # push, back to the middle: no removal
    result = state.result()
    assert result.points == (0.0, 0.0, 1.0, 1.0) and "Checkmate" in result.reason


def test_the_position_text_reads_back_and_refuses_impossible_cards():
    state = GAME.new()
    act(state, "predict Q")
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()
    start = position().to_text().split(" predict")[0]
    with pytest.raises(ValueError, match="checker"):
        GAME.from_text(f"{start} predict A/A middle C/p -/- -")
    with pytest.raises(ValueError, match="face-down"):
        GAME.from_text(f"{start} predict A/A middle P/p Q/- -")
    with pytest.raises(ValueError, match="eight"):
        position(face_up="P/p", diagram="....k...\n" + "........\n" * 6 + "....K...")


def test_moves_are_ordinary_legal_chess_moves():
    state = GAME.new()
    act(state, "predict N")
    assert state.phase == MOVE
    assert len(state.legal_actions(W_B)) == 20
    with pytest.raises(IllegalAction):
        state.parse_action("e5")


def test_the_start_diagram_is_the_game_start():
    assert position(START, castling="KQkq").to_text() == GAME.new().to_text()
    assert state_piece(GAME.new(), "e1") == Piece(0, "king")


def state_piece(state, name):
    return state.piece_at(sq(name))


def test_en_passant_waits_through_a_removal():
    state = position(
        """
        rnbqkbnr
        ppp.pppp
        ........
        ........
        ...p....
        ........
        PPPPPPPP
        RNBQKBNR
        """,
        trophy="white",
        face_up="N/p",
    )
    turn(state, "P", "e4")  # a pull past White's end: Black removes first
    assert state.phase == REMOVE and state.to_text().split()[3] == "e3"
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()
    act(state, "remove Ng8", "predict N")
    assert "dxe3" in [state.notation(m) for m in state.legal_actions(B_B)]


PINNED_BISHOP = """
    ....k...
    ........
    ........
    ........
    .b......
    ........
    ...B....
    ....K...
    """


def test_bishops_on_one_colour_play_on_a_removal_can_open_a_king():
    """In chess a bishop each on one colour is a dead draw; here the pinned
    bishop can be removed, and the other bishop takes the king."""
    state = position(PINNED_BISHOP, trophy="black", face_up="-/-")
    assert state.result() is None
    events = turn(state, "N", "Bc3")  # still pinned; a miss pushes the trophy off Black's end
    assert reveal(events)["loser"] == 0
    act(state, "remove Bc3", "predict N", "Bxe1")
    assert "captured the king" in state.result().reason


def test_a_lone_king_against_bishops_on_one_colour_is_a_dead_draw():
    lone = PINNED_BISHOP.replace(".b......", "........")
    assert "Neither side can mate" in position(lone, face_up="-/-").result().reason


def test_a_mate_a_removal_may_still_undo_is_written_as_check():
    """Black's queen card, shown with Qh4, pulls the trophy past Black's
    end: White removes a piece before the game goes on, and taking off
    the e2 pawn opens the king's way out. The step is check, not mate."""
    state = GAME.new()
    turn(state, "B", "f3")  # stay
    turn(state, "B", "e5")  # stay
    turn(state, "R", "g4")  # push, to Black's end
    act(state, "predict Q")
    (seat,) = state.to_act()
    assert state.step_notation({seat: state.parse_action("Qh4", seat)}) == {seat: "Qh4+"}
    act(state, "Qh4")
    assert state.phase == REMOVE and state.result() is None
    act(state, "remove Pe2")
    assert state.result() is None
    assert state.king_attacked(0) and state.phase == PREDICT
