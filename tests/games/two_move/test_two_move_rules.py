"""Two Move Chess: the cards, the secret choice, cancelling, the order of
play, the least valuable movable piece, the pawn that may not move twice,
forced moves, castling, promotion and the king capture. Positions are
diagrams (rank 8 first, White upper case)."""

import random

import pytest
from helpers.chess_diagrams import fen_of

from game.engine import IllegalAction
from game.engine.chess import GEO
from game.games import load_all
from game.games.two_move.actions import Choose, FaceUp, kinds_of
from game.match import Match

GAME = load_all()["two_move"]
sq = GEO.square


def position(
    diagram: str,
    *,
    phase="choose",
    up="-/-",
    queue="-",
    moved="-",
    revealed="-",
    to_move="w",
    castling="-",
):
    text = fen_of(diagram, to_move, castling)
    return GAME.from_text(f"{text} {phase} {up} {queue} {moved} {revealed}")


def choose(state, white: str, black: str):
    """Both seats choose at once, cards given as letters ("QR", "BQ")."""
    w, b = Choose(*kinds_of(white)), Choose(*kinds_of(black))
    return state.apply({0: w, 1: b})


def play(state, *texts: str):
    events = []
    for text in texts:
        (seat,) = state.to_act()
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def names(state):
    (seat,) = state.to_act()
    return {state.notation(a).rstrip("+") for a in state.legal_actions(seat)}


OPEN_BOARD = """
    ....k...
    pppp.ppp
    ........
    ....p...
    ....P...
    ........
    PPPP.PPP
    R..QK..R
"""


# -- the cards --------------------------------
def test_white_lays_two_cards_face_up_then_both_choose_at_once():
    state = GAME.new(seed=1)
    assert state.to_act() == (0,)
    assert len(state.legal_actions(0)) == 10  # any two of N B R Q K
    assert "face up" in state.prompt(0)
    state.apply({0: FaceUp("rook", "king")})
    assert state.to_act() == (0, 1)
    # White may not choose its face-up cards: two of the other three.
    assert state.legal_actions(0) == [
        Choose("knight", "bishop"),
        Choose("knight", "queen"),
        Choose("bishop", "queen"),
    ]
    assert len(state.legal_actions(1)) == 10
    assert state.to_text().endswith("w KQkq - 0 1 choose RK/- - - -")


def test_a_choice_stays_secret_in_the_match_until_both_are_in():
    match = Match("two_move", seed=2)
    match.play({0: FaceUp("rook", "king")})
    before = match.state.to_text()
    assert match.submit(0, Choose("knight", "bishop")) is None
    assert match.state.to_text() == before  # nothing of White's choice in the state
    view = match.state.view(1)
    assert not view.is_partial and view.to_text() == before
    assert "N+B" not in " ".join(match.move_list(1))
    events = match.submit(1, Choose("knight", "queen"))
    reveal = next(e for e in events if e.kind == "reveal")
    assert reveal["white"] == ("knight", "bishop") and reveal["black"] == ("knight", "queen")
    assert reveal["cancelled"] == ("knight",)


def test_the_same_two_cards_cancel_and_nothing_moves():
    state = position(OPEN_BOARD, up="RK/-")
    board = state.board_text()
    choose(state, "NB", "NB")
    assert state.board_text() == board
    assert state.to_act() == (0, 1)  # straight to the next turn
    # White had four face up and takes them back; Black leaves its two.
    assert state.face_up == [(), ("knight", "bishop")]


def test_one_matching_card_cancels_and_the_other_cards_move_twice():
    state = position(OPEN_BOARD)
    choose(state, "BQ", "BR")
    assert state.queue == [(1, "rook", 2), (0, "queen", 2)]  # rook before queen
    assert state.to_act() == (1,)
    play(state, "d5", "c6")
    assert state.to_act() == (0,)
    play(state, "Qh5", "Qxf7")
    assert state.to_act() == (0, 1)


def test_without_matches_four_cards_play_in_value_order():
    state = position(OPEN_BOARD)
    choose(state, "NK", "BQ")
    order = [(side, kind) for side, kind, left in state.queue]
    assert order == [(0, "knight"), (1, "bishop"), (1, "queen"), (0, "king")]
    assert all(left == 1 for *_, left in state.queue)
    seats = []
    for move in ("a3", "a6", "b6", "b3"):
        seats.append(state.to_act()[0])
        play(state, move)
    assert seats == [0, 1, 1, 0]
    assert state.phase == "choose"


# -- what a card may move --------------------------------
def test_a_card_moves_its_own_kind_or_the_least_valuable_movable_kind():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ..p.....
        ..P.....
        R..QK.NR
        """,
        phase="move",
        queue="R1",
        castling="KQ",
    )
    # The c2 pawn is blocked, so the knight is the least valuable movable piece.
    moves = names(state)
    assert {"Ra2", "Rb1", "Rc1", "Nf3", "Ne2", "Nh3"} <= moves
    assert not any(m.startswith("Q") or m.startswith("K") or m.startswith("O") for m in moves)


def test_a_pawn_that_can_move_is_the_least_valuable_so_any_card_pushes_it():
    state = position(OPEN_BOARD, phase="move", queue="Q1")
    moves = names(state)
    assert {"a3", "a4", "h3", "Qe2", "Qf3", "Qh5"} <= moves
    assert not any(m[0] in "RKB" or m.startswith("O") for m in moves)


def test_the_same_pawn_never_moves_twice_in_a_turn():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        P.......
        ....K..R
        """,
        phase="move",
        queue="N2",
        castling="K",
    )
    play(state, "a3")
    # The only pawn moved: the rook and king are next in value; the rook.
    assert names(state) == {"Rf1", "Rg1", *(f"Rh{r}" for r in range(2, 9))}


def test_another_pawn_may_move_with_the_second_move_of_a_card():
    state = position(OPEN_BOARD, phase="move", queue="N2")
    play(state, "a3")
    moves = names(state)
    assert "a4" not in moves and "b3" in moves


def test_which_kind_is_least_valuable_is_judged_again_before_each_move():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        .p......
        P.......
        ....K.NR
        """,
        phase="move",
        queue="R2",
        castling="K",
    )
    play(state, "axb3")  # the pawn captured: now it has moved
    moves = names(state)
    assert "b4" not in moves  # the same pawn
    assert {"Nf3", "Rh2"} <= moves  # the knight is least valuable now


def test_a_card_must_be_used():
    state = position(
        """
        k.......
        p.......
        P.......
        ........
        ........
        ........
        ........
        .......K
        """,
    )
    choose(state, "NB", "RQ")
    # White's a6 pawn is blocked, so the knight card moves the king: a
    # card that can move something must, there is no pass.
    assert state.to_act() == (0,)
    assert names(state) == {"Kg1", "Kg2", "Kh2"}


# -- the face-up cards --------------------------------
def test_face_up_cards_pass_back_and_forth():
    state = GAME.new()
    state.apply({0: FaceUp("rook", "king")})
    choose(state, "NB", "NB")  # cancelled: nothing moves, but the cards count
    assert state.face_up == [(), ("knight", "bishop")]
    assert len(state.legal_actions(0)) == 10 and len(state.legal_actions(1)) == 3
    choose(state, "RQ", "RQ")
    assert state.face_up == [("rook", "queen"), ()]


# -- castling, en passant, promotion --------------------------------
def test_castling_is_a_king_move_that_ignores_attacks():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        .....r..
        ........
        ....K..R
        """,
        phase="move",
        queue="K1",
        castling="K",
    )
    # The king stands in check, and f1 is attacked: castling still allowed.
    assert "O-O" in names(state)
    play(state, "O-O")
    assert state.piece_at(sq("g1")).kind == "king" and state.piece_at(sq("f1")).kind == "rook"


def test_castling_needs_the_king_card():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K..R
        """,
        phase="move",
        queue="R1",
        castling="K",
    )
    assert "O-O" not in names(state)


def test_there_is_no_en_passant():
    state = position(
        """
        ....k...
        ...p....
        ........
        ....P...
        ........
        ........
        ........
        ....K...
        """,
        phase="move",
        queue="b1,N1",
        to_move="b",
    )
    play(state, "d5")
    assert names(state) == {"e6"}  # no exd6


def test_a_promoted_pawn_may_move_again_as_its_new_kind():
    state = position(
        """
        ....k...
        .P......
        ........
        ........
        ........
        ........
        ........
        ....K...
        """,
        phase="move",
        queue="R2",
    )
    assert {"b8=Q", "b8=R", "b8=B", "b8=N"} <= names(state)
    play(state, "b8=R")
    assert "Rb1" in names(state)  # the new rook moves with the rook card


# -- the end --------------------------------
def test_capturing_the_king_wins_at_once():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ....R...
        ....K...
        """,
    )
    choose(state, "NR", "QK")
    # White's knight card comes first: the rook is White's least valuable
    # movable piece, and it takes the king.
    assert state.to_act() == (0,)
    play(state, "Rxe8")
    assert state.is_over()
    assert state.result().points == (1.0, 0.0)
    assert state.to_act() == ()  # the other cards are never played


def test_fifty_moves_each_without_capture_or_pawn_move_draw():
    state = GAME.from_text(
        fen_of(
            """
            ....k..r
            ........
            ........
            ........
            ........
            ........
            ........
            R...K...
            """,
            half=98,
        )
        + " choose -/- - - -"
    )
    choose(state, "RK", "BQ")  # bishop, rook, queen, king: four moves
    play(state, "Rh7", "Ra2")
    assert not state.is_over()  # the clock passed 100, but the turn goes on
    play(state, "Rh6", "Kd1")
    assert state.is_over() and state.result().reason.startswith("Fifty")


# -- the text's examples --------------------------------
def test_cancelled_queens_leave_double_bishop_then_double_rook():
    """The rules quiz: the queens cancel, Black's bishop card takes White's
    two movable pawns, so White's bishops become its least valuable movable
    pieces and White's rook card takes e7 and then the king on f8."""
    state = position(
        """
        .....k..
        ....p...
        ........
        ...b...p
        .B..P..P
        .....P..
        ........
        R.....K.
        """,
        up="-/NR",
    )
    choose(state, "QR", "BQ")
    assert state.queue == [(1, "bishop", 2), (0, "rook", 2)]
    play(state, "Bxe4", "Bxf3")
    assert state.to_act() == (0,)
    moves = names(state)
    assert "Bxe7" in moves and "Ra2" in moves
    play(state, "Bxe7")
    play(state, "Bxf8")
    assert state.is_over() and state.result().points == (1.0, 0.0)


PROMOTION = """
    k.......
    .......P
    ........
    ....b...
    ........
    ........
    ........
    ....K...
"""


def test_promotion_to_a_rook_dodges_the_queen_block():
    """White plays bishop (to cancel the blocking bishop) and rook, and
    promotes to a rook that takes the king before Black's queen card."""
    state = position(PROMOTION)
    choose(state, "BR", "BQ")
    assert state.queue == [(0, "rook", 2), (1, "queen", 2)]
    play(state, "h8=R", "Rxa8")
    assert state.is_over() and state.result().points == (1.0, 0.0)


def test_an_uncancelled_bishop_card_blocks_the_pawn_first():
    state = position(PROMOTION)
    choose(state, "QR", "BQ")
    assert state.queue == [(1, "bishop", 2), (0, "rook", 2)]
    play(state, "Bh8")
    assert state.piece_at(sq("h8")).kind == "bishop"


# -- notation, text and random games --------------------------------
def test_notation_and_text_round_trip():
    state = position(OPEN_BOARD, up="NR/-")
    assert state.parse_action("B+Q", 0) == Choose("bishop", "queen")
    with pytest.raises(IllegalAction):
        state.parse_action("N+B", 0)  # the knight is face up
    choose(state, "BQ", "BR")
    again = GAME.from_text(state.to_text())
    assert again.to_text() == state.to_text()
    assert again.queue == state.queue and again.revealed == state.revealed


def test_random_games_keep_the_rules():
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(600):
            if state.is_over():
                break
            view = state.view(1)
            assert not view.is_partial and view.to_text() == state.to_text()
            if state.phase == "move":
                side, kind, _ = state.queue[0]
                least = state.least_valuable_movable()
                for m in state.legal_actions(side):
                    piece = state.piece_at(m.frm)
                    assert piece.side == side and piece.kind in (kind, least)
                    assert not (piece.kind == "pawn" and m.frm in state.moved)
                    assert state.ep is None or not (
                        piece.kind == "pawn" and m.to == state.ep and not state.piece_at(m.to)
                    )
            if state.phase == "choose":
                assert sorted(map(len, state.face_up)) in ([0, 2], [0, 0])
            acts = {s: rng.choice(state.legal_actions(s)) for s in state.to_act()}
            state.apply(acts)
        assert state.is_over()


def test_the_move_list_numbers_a_turn_from_the_choice_to_its_last_move():
    match = Match("two_move", seed=3)
    match.play({0: FaceUp("rook", "king")})
    match.play({0: Choose("knight", "bishop"), 1: Choose("rook", "queen")})
    for _ in range(4):
        (seat,) = match.to_act()
        match.play({seat: match.state.legal_actions(seat)[0]})
    match.play({0: Choose("rook", "queen"), 1: Choose("knight", "king")})
    assert match.round_numbers()[:7] == [None, 1, 1, 1, 1, 1, 2]


def test_the_face_up_cards_read_plainly_and_old_saves_still_load():
    """The move list's first entry was "up R+K"; it says "R+K face up", and
    the text earlier saves wrote still reads as the same action."""
    match = Match("two_move", seed=1)
    laid = FaceUp("rook", "king")
    assert match.state.notation(laid) == "R+K face up"
    assert match.state.parse_action("up R+K", 0) == laid
    assert match.state.parse_action("R+K face up", 0) == laid
    match.play({0: laid})
    assert match.move_list() == ["R+K face up"]
    again = Match.from_dict({**match.to_dict(), "actions": [{"0": "up R+K"}]})
    assert again.history == [{0: "R+K face up"}]
