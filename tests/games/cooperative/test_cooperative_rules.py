"""The rules of Cooperative Chess: the cards, the four steps of a turn, the
captures the line allows, recycling, promotion, the end and the score.
Positions are diagrams (rank 8 first) with the card places as letters:
upper case White, lower case Black, the line read from the draw pile out."""

from __future__ import annotations

import pytest
from coop_positions import GAME, cards, names, play, position, seat_of, start_of_game
from helpers.numbering import numbered

from game.engine import IllegalAction
from game.engine.cards import Card
from game.engine.pieces import Piece
from game.games.cooperative.rules import PLANNED, rating

# -- the deck and the deal ------------------------------------------------------------------


def test_the_deck_is_the_32_piece_cards_of_appendix_a():
    state = GAME.new({"mode": "two players"}, seed=3)
    every = [c for c in state.cards.all_cards()]
    assert len(every) == 32
    for side in (0, 1):
        mine = [c.kind for c in every if c.side == side]
        assert sorted(mine) == sorted(
            ["pawn"] * 8 + ["knight", "bishop", "rook"] * 2 + ["queen", "king"]
        )


@pytest.mark.parametrize("seed", range(12))
def test_two_players_are_dealt_two_cards_each_and_kings_go_to_the_line(seed):
    state = GAME.new({"mode": "two players"}, seed=seed)
    for seat in (0, 1):
        hand = state.cards.cards(f"hand{seat}")
        assert len(hand) == 2
        assert all(c.kind != "king" for c in hand)
    assert all(c.kind == "king" for c in state.line())  # only a king can be there yet
    assert state.cards.count("draw") == 32 - 4 - len(state.line())
    assert state.phase == "card" and state.to_act() == (0,)


def test_a_king_dealt_goes_to_the_line_and_is_replaced():
    state = position(start_of_game(), step="card", top="pK", hand0="N", hand1="nb")
    state.draw_one(0, [])
    assert cards(state, "hand0") == "Np"
    assert cards(state, "line") == "K"


def test_solitaire_has_no_hand_and_turns_a_card_onto_the_line_each_turn():
    state = GAME.new({"mode": "solitaire"}, seed=5)
    assert state.cards.count("hand0") == state.cards.count("hand1") == 0
    assert len(state.line()) >= 1 and state.to_act() == (0,)
    state = position(start_of_game(), mode="solo", top="Bn")
    play(state, "e4")  # no capture possible: the turn ends, Black's begins
    assert state.turn == 1 and state.to_act() == (0,)  # one seat moves both colours
    assert cards(state, "line") == "n"
    play(state, "e5")
    assert cards(state, "line") == "nB"
    assert state.prompt(0).startswith("White")


def test_solitaire_a_king_turned_up_is_followed_by_another_card():
    state = position(start_of_game(), mode="solo", top="pK")
    play(state, "e4")
    assert cards(state, "line") == "Kp"
    assert [c.letter for c in state.drawn] == ["K", "p"]


# -- a turn -----------------------------------------------------------------------------------
def test_a_turn_plays_a_card_to_the_open_end_then_moves_then_draws_back_to_two():
    state = position(start_of_game(), step="card", line="q", hand0="NP", hand1="nb", top="Bp")
    assert names(state) == ["[N]", "[P]"]
    play(state, "[P]")
    assert cards(state, "line") == "qP"  # the end away from the draw pile
    assert "e4" in names(state) and "end" in names(state)
    play(state, "e4")  # nothing to capture: the turn ends by itself
    assert cards(state, "hand0") == "Np"  # drawn back to two
    assert state.to_act() == (1,) and state.phase == "card"


def test_the_move_is_optional():
    state = position(start_of_game(), step="card", hand0="NP", hand1="nb")
    play(state, "[N]", "end")
    assert state.to_act() == (1,)
    assert state.board_text() == "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


def test_a_card_must_be_played_first():
    state = position(start_of_game(), step="card", hand0="NP", hand1="nb")
    assert all(n.startswith("[") for n in names(state))
    with pytest.raises(IllegalAction):
        state.parse_action("e4", 0)


def test_rule_sheet_example_a_rook_takes_the_knight_then_a_rook_the_pawn():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . p
        n . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . K . . R
        """,
        step="card",
        line="Rn",
        hand0="pQ",
        hand1="bb",
    )
    play(state, "[p]")
    assert cards(state, "line") == "Rnp"
    assert "Rxa5" in names(state) and "Rxh6" not in names(state)
    play(state, "Rxa5")
    assert cards(state, "line") == "Rp" and cards(state, "discard") == "n"
    assert names(state) == ["Rxh6", "end"]  # the other rook, now the pawn's card is next
    play(state, "Rxh6")
    assert state.captured == [Piece(1, "knight"), Piece(1, "pawn")]
    assert cards(state, "line") == "R" and cards(state, "discard") == "np"
    assert state.to_act() == (1,)  # no more captures: the turn is over


TEXT_EXAMPLE = """
    . . b . k . . .
    . . . . . p p p
    . . . . . . . .
    . . . P . . . .
    . . . . . . . .
    . . . . . P . .
    . P P . . . P P
    . . . . K . . .
    """


def test_text_example_the_bishop_takes_both_pawns_but_not_the_one_on_g2():
    state = position(TEXT_EXAMPLE, to_move="b", step="card", line="pPb", hand0="NQ", hand1="nP")
    play(state, "[P]", "Be6")
    assert cards(state, "line") == "pPbP"  # the bishop card between two pawn cards
    assert names(state) == ["Bxd5", "end"]
    play(state, "Bxd5")
    assert cards(state, "line") == "pPb"
    assert names(state) == ["Bxf3", "end"]
    play(state, "Bxf3")
    # The g2 pawn stands in the bishop's way, but the only pawn card left is black.
    assert state.piece_at(state.geometry.square("g2")) == Piece(0, "pawn")
    assert cards(state, "line") == "pb"
    assert state.to_act() == (0,) and state.phase == "card"
    assert len(state.cards.cards("hand1")) == 2


def test_a_capture_first_skips_the_quiet_move_and_ends_when_the_line_allows_no_more():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        line="Pp",
        hand0="N",
        hand1="n",
    )
    play(state, "exd5")
    assert state.to_act() == (1,)  # no second capture, and no quiet move after it


def test_captures_need_a_card_like_the_capturer_next_to_one_like_the_victim():
    diagram = """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """
    assert "exd5" not in names(position(diagram, line="PNp", hand0="N", hand1="n"))
    assert "exd5" not in names(position(diagram, line="Pn", hand0="N", hand1="b"))
    assert "exd5" not in names(position(diagram, line="pp", hand0="N", hand1="b"))  # colour
    assert "exd5" in names(position(diagram, line="pP", hand0="N", hand1="n"))  # either order


# Black's d-pawn may step two past White's e5 pawn, which may take it en
# passant in White's next turn.
BEFORE_DOUBLE_STEP = """
    . . . . k . . .
    . . . p . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . N
"""


def test_en_passant_is_allowed_in_the_next_turn_even_after_a_quiet_move():
    state = position(
        BEFORE_DOUBLE_STEP,
        to_move="b",
        step="card",
        line="Pp",
        hand0="BB",
        hand1="nn",
    )
    play(state, "[n]", "d5")  # nothing to capture: Black's turn is over
    assert state.ep == state.geometry.square("d6")
    play(state, "[B]", "Ng3")  # a quiet move first
    assert "exd6" in names(state)
    play(state, "exd6")
    assert state.piece_at(state.geometry.square("d5")) is None
    assert state.captured == [Piece(1, "pawn")]


def test_castling_ignores_check_and_a_king_may_step_into_check():
    state = position(
        """
        . . . . k r . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . r . . .
        . . . . . . . .
        . . . . . . . .
        . . . r K . . R
        """,
        castling="K",
        line="Pp",
        hand0="N",
        hand1="n",
    )
    moves = names(state)
    assert "O-O" in moves  # in check, and through the f-file's attack
    assert "Kf2" in moves and "Kd2" in moves  # into check, or staying there


def test_the_king_may_be_left_in_check():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        q . . . K . . N
        """,
        line="Pp",
        hand0="N",
        hand1="n",
    )
    assert "Ng3" in names(state)


# -- recycling ------------------------------------------------------------------------------------
def test_four_of_one_colour_in_a_row_are_recycled_when_a_card_is_played():
    state = position(start_of_game(), step="card", line="pPNB", hand0="RN", hand1="nb")
    before = state.cards.count("draw")
    events = play(state, "[R]")
    assert cards(state, "line") == "p"
    assert state.cards.count("aside") == 1  # one card leaves the game unseen
    assert state.cards.count("draw") == before + 3  # the rest go back into the pile
    assert state.runs == [tuple(Card.from_letter(c) for c in "PNBR")]
    assert [e.kind for e in events if e.kind == "recycle"] == ["recycle"]


def test_recycling_made_by_a_capture_in_the_middle_of_the_line():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . b . . .
        . . . . . . . .
        . . . N . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        line="pPNbBQ",
        hand0="P",
        hand1="n",
    )
    play(state, "Nxe5")  # the bishop's card goes, closing the gap: P N B Q together
    assert cards(state, "line") == "p"
    assert state.cards.count("aside") == 1
    assert cards(state, "discard") == "b"


def test_a_recycled_run_can_join_two_of_the_other_colour_into_another():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . b . . . . .
        . . . . . . . .
        . . . . Q . . .
        . . . . . . . .
        . . . . K . . .
        """,
        to_move="b",
        line="PPbnQbnPP",
        hand0="P",
        hand1="r",
    )
    play(state, "Bxe3")
    assert cards(state, "line") == "-"  # bnbn went, then PPPP
    assert state.cards.count("aside") == 2 and len(state.runs) == 2


# -- promotion ----------------------------------------------------------------------------------
PROMOTION = """
    . . . . k . r .
    . P . . . . . P
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    """


def test_a_pawn_reaches_the_last_rank_only_with_its_card_in_the_line():
    without = position(PROMOTION, line="nr", discard="Q", hand0="N", hand1="n")
    assert not any(n.startswith("b8") for n in names(without))
    with_card = position(PROMOTION, line="nPr", discard="Q", hand0="N", hand1="n")
    assert "b8=Q" in names(with_card)


def test_a_pawn_promotes_only_to_a_kind_already_captured():
    nothing = position(PROMOTION, line="nPr", discard="pq", hand0="N", hand1="n")
    assert not any(n.startswith("b8") for n in names(nothing))  # q is Black's
    two = position(PROMOTION, line="nPr", discard="QN", hand0="N", hand1="n")
    assert sorted(n for n in names(two) if n.startswith("b8")) == ["b8=N", "b8=Q"]


def test_promotion_brings_the_new_pieces_card_back_from_the_discard_pile():
    state = position(PROMOTION, line="nPr", discard="QN", hand0="N", hand1="n")
    play(state, "b8=Q")
    assert state.piece_at(state.geometry.square("b8")) == Piece(0, "queen")
    assert cards(state, "discard") == "NP"  # the pawn's card went, the queen's came out
    assert state.phase == "place" and cards(state, "line") == "nr"
    assert names(state) == ["Q@1", "Q@2", "Q@3"]
    play(state, "Q@3")
    assert cards(state, "line") == "nrQ"
    assert state.to_act() == (1,)  # no capture is allowed: the turn ends


def test_a_pawn_that_captures_onto_the_last_rank_discards_then_promotes():
    state = position(PROMOTION, line="nPrP", discard="R", hand0="N", hand1="n")
    assert "hxg8=R" in names(state) and "b8=R" in names(state)
    play(state, "hxg8=R")
    assert state.captured == [Piece(1, "rook")]
    assert cards(state, "discard") == "rP"
    assert cards(state, "line") == "nP" and state.placing == Card(0, "rook")
    play(state, "R@2")  # placed between the cards: the line allows the new rook...
    assert cards(state, "line") == "nRP"
    assert state.to_act() == (1,)  # nothing more to capture


def test_placing_next_to_a_card_like_it_is_one_choice_not_two():
    state = position(PROMOTION, line="NnP", hand0="B", hand1="n", step="place=N")
    assert names(state) == ["N@1", "N@3", "N@4"]


# -- the end ------------------------------------------------------------------------------
def test_a_king_capture_ends_the_game_at_once():
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . R . K .
        """,
        line="PPRkP",
        hand0="N",
        hand1="n",
        captured="qQ",
    )
    events = play(state, "Rxe8")
    assert state.is_over() and state.to_act() == ()
    assert cards(state, "line") == "PPRP"  # four white together, but the game is over
    assert state.cards.count("aside") == 0
    result = state.result()
    # 3 captures, and 10 each for no pawns, knights, bishops or queens left.
    assert result.scores == (43.0, 43.0)
    assert "king was captured" in result.reason
    assert events[-1].kind == "game_over"


def test_scoring_example_23_captures_both_queens_all_bishops_and_a_king_make_43():
    captured = "qQbbBBk" + "rrnn" + "pppppppp" + "N" + "PPP"
    assert len(captured) == 23
    state = position(
        """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P . . .
        R N . . K . . R
        """,
        captured=captured,
    )
    assert state.is_over()
    assert sorted(state.kinds_gone()) == ["bishop", "queen"]
    assert state.result().scores == (43.0, 43.0)
    assert state.result().verdict == "43 points: a win"
    assert state.result().points == (1.0, 1.0)


def test_the_rating_below_32_a_loss_above_50_great():
    assert rating(31).endswith("lost (32 needed)")
    assert rating(32) == "32 points: a win" and rating(50) == "50 points: a win"
    assert rating(51) == "51 points: a great game!"


def test_when_the_hands_run_out_the_game_ends_with_no_bonus():
    # Every card accounted for: the rest lie in the line and the discard pile.
    state = position(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        step="card",
        draw="",
        hand0="P",
        hand1="pn",
        line="KkpQ",
        discard="PPPPPPPNNBBRRqppppppnbbrr",
        captured="QPPPPPPPPNNBBRRqppppppppnnbbrr",
    )
    play(state, "[P]", "end")
    assert state.to_act() == (1,) and state.cards.count("hand0") == 0
    play(state, "[p]", "end")
    assert state.to_act() == (1,)  # White has no card: White passes
    play(state, "[n]", "end")
    assert state.is_over()
    result = state.result()
    assert "cards ran out" in result.reason
    # Every kind but the kings is gone, yet with no king captured: no bonus.
    assert result.scores == (30.0, 30.0) and result.points == (0.0, 0.0)


def test_solitaire_ends_when_a_turn_begins_with_the_draw_pile_empty():
    state = position(
        start_of_game(),
        mode="solo",
        draw="",
        line="PPPpppPPPpppPPpp",
        aside="NNBBRRQKnnbbrrqk",
        runs=",".join(["PPPP", "pppp"] * 8),
    )
    play(state, "e4")
    assert state.is_over() and "cards ran out" in state.result().reason


# -- notation ------------------------------------------------------------------------------------
def test_solitaire_steps_name_the_cards_turned_up_and_rounds_pair_the_turns():
    state = position(start_of_game(), mode="solo", top="Bn", drawn="q", line="q")
    start = state.copy()
    assert names(state)[0] == "[q] Na3"
    assert state.parse_action("[q] Nf3", 0) == state.parse_action("Nf3", 0)
    steps = []
    for text in ("e4", "e5", "Nf3"):
        steps.append({0: state.notation(state.parse_action(text, 0))})
        play(state, text)
    assert steps == [{0: "[q] e4"}, {0: "[n] e5"}, {0: "[B] Nf3"}]
    assert numbered(start, "e4", "e5", "Nf3") == [1, 1, 2]


def test_card_notation_both_ways():
    state = position(start_of_game(), step="card", hand0="NP", hand1="nb")
    for action in state.legal_actions(0):
        assert state.parse_action(state.notation(action), 0) == action
    assert state.notation(state.legal_actions(0)[0]) == "[N]"
    assert state.public_notation(state.legal_actions(0)[0]) == "[N]"  # played: public
    with pytest.raises(IllegalAction):
        state.parse_action("[Q]", 0)


def test_the_prompt_says_the_step():
    state = position(start_of_game(), step="card", hand0="NP", hand1="nb")
    assert state.prompt(0) == "White: play a card to the line"
    play(state, "[N]")
    assert state.prompt(0) == "White: a move, a capture, or end the turn"
    assert seat_of(state) == 0


def test_a_planning_state_stops_at_the_end_of_its_turn_and_guesses_the_next():
    """The computer's planner plays a turn out on a planning state: the turn
    stops where it ends (no card drawn, which it could not know), and the
    next turn begins with a card it supposes, en passant still allowed."""
    state = position(
        BEFORE_DOUBLE_STEP,
        to_move="b",
        step="card",
        line="Pp",
        hand0="BB",
        hand1="nn",
        discard="q",
        captured="q",
        top="R",
    )
    state.planning = True
    play(state, "[n]", "d5")  # nothing to capture: the turn ends
    assert state.phase == PLANNED
    assert cards(state, "hand1") == "n"  # nothing drawn back
    assert cards(state, "line") == "Ppn"

    rooks = cards(state, "draw").count("R")
    assert state.begin_planned_turn(Card(0, "rook"))  # supposed drawn and played
    assert state.turn == 0 and state.phase == "move"
    assert cards(state, "line") == "PpnR"
    assert cards(state, "draw").count("R") == rooks - 1
    assert "exd6" in names(state)

    again = state.copy()
    assert not again.begin_planned_turn(Card(1, "queen"))  # discarded: no one can play it
