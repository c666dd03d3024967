"""Crowded House rules (game/games/crowded_house/rules.py, rules/crowded_house.md):
four seats in the order White king side, Black king side, White queen side,
Black queen side; a piece moves only if it starts or ends on the mover's
half; only the next player's capture of the king counts (moving into an
attack, castling through one, mate, stalemate and the pass); en passant only
by the next player and only by the half rule; the team result.

Boards are diagrams, rank 8 first: ``.`` empty, ``KQRBNP`` White, ``kqrbnp``
Black. The last field of the position text is the half of the seat to move
(``k`` king side, ``q`` queen side); with the colour it names the seat.
"""

from __future__ import annotations

import pytest
from helpers.chess_diagrams import fen_of

from game.engine import IllegalAction
from game.engine.chess import GEO
from game.engine.draws import THREEFOLD
from game.games.crowded_house.rules import PASS, CrowdedState
from game.match import Match, find_game

GAME = find_game("crowded_house")
WK, BK, WQ, BQ = range(4)


def position(diagram: str, seat: int, castling: str = "-", ep: str = "-") -> CrowdedState:
    to_move = "wb"[seat % 2]
    half = "kq"[seat // 2]
    return GAME.from_text(f"{fen_of(diagram, to_move, castling, ep)} {half}")


def play(state, *texts: str):
    events = []
    for text in texts:
        (seat,) = state.to_act()
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def sans(state) -> set[str]:
    (seat,) = state.to_act()
    return {state.notation(a).rstrip("+#") for a in state.legal_actions(seat)}


# After 1. e4 (White king side) e5 (Black king side): White's queen side to move.
OPEN_E_FILES = """
    rnbqkbnr
    pppp.ppp
    ........
    ....p...
    ....P...
    ........
    PPPP.PPP
    RNBQKBNR
"""


# -- seats, order and the half rule ----------------------------------------------------------
def test_four_seats_take_turns_king_side_first_and_colours_alternate():
    assert GAME.seats == (
        "White king side",
        "Black king side",
        "White queen side",
        "Black queen side",
    )
    assert [GAME.side_of(s) for s in range(4)] == [0, 1, 0, 1]
    assert GAME.team_of(WK) == (WK, WQ) and GAME.team_of(BQ) == (BK, BQ)
    state = GAME.new()
    order = []
    for text in ("e4", "e5", "d4", "d5", "Nf3"):
        order.append(state.to_act()[0])
        play(state, text)
    assert order == [WK, BK, WQ, BQ, WK]
    assert state.to_act() == (BK,)
    assert state.fullmove == 2  # a round is four turns


def test_at_the_start_each_player_moves_only_its_own_half():
    state = GAME.new()
    assert sans(state) == {"e3", "e4", "f3", "f4", "g3", "g4", "h3", "h4", "Nf3", "Nh3"}
    play(state, "e4")
    play(state, "e5")
    assert sans(state) >= {"a3", "a4", "d4", "Nc3", "Na3", "Bc4", "Bd3", "Ba6", "Qh5", "Qe2"}
    assert not sans(state) & {"f4", "Nf3", "Be2", "Nh3", "Ke2"}


def test_the_texts_example_queen_side_may_play_the_f1_bishop_to_c4_not_e2():
    state = position(OPEN_E_FILES, WQ)
    bishop = {t for t in sans(state) if t.startswith("B")}
    assert bishop == {"Bd3", "Bc4", "Bb5", "Ba6"}  # each ends on the queen side
    with pytest.raises(IllegalAction):
        play(state, "Be2")  # starts and ends on the king side
    play(state, "Bc4")
    assert state.piece_at(GEO.square("c4")).kind == "bishop"


def test_the_king_side_partner_may_play_the_same_bishop_anywhere_from_f1():
    state = position(OPEN_E_FILES, WK)
    bishop = {t for t in sans(state) if t.startswith("B")}
    assert bishop == {"Be2", "Bd3", "Bc4", "Bb5", "Ba6"}  # it starts on the king side


# -- only the next player's capture counts ------------------------------------------------------
KING_NEAR_ROOK = """
    ...r...k
    ........
    ........
    ........
    ........
    ........
    P.......
    ....K...
"""


def test_a_king_may_step_into_an_attack_the_next_player_cannot_make():
    # Black's king side moves next: the d8 rook starts on the queen side and
    # d1 is on the queen side, so that player cannot take on d1.
    state = position(KING_NEAR_ROOK, WK)
    assert "Kd1" in sans(state)


def test_the_same_step_is_illegal_when_the_next_player_could_take():
    # White's queen side moves the king to d1; Black's queen side is next
    # and may take on d1 with the rook.
    state = position(KING_NEAR_ROOK, WQ)
    assert sans(state) == {"a3", "a4"}  # Kd1 and Kd2 are both open to the rook


ROOK_ON_THE_FIRST_RANK = """
    .......k
    ........
    ........
    ........
    ........
    ..N.....
    .....P.P
    r.....K.
"""


def test_the_rule_sheets_example_only_a_block_saves_the_queen_side():
    # Black's queen side is next and the a1 rook starts on the queen side:
    # White's queen side cannot move the king, but may block on b1 or d1.
    state = position(ROOK_ON_THE_FIRST_RANK, WQ)
    assert state.prompt(WQ) == (
        "White queen side to move (files a-d): the next player threatens your king"
    )
    assert sans(state) == {"Nb1", "Nd1"}  # Ne2 and the rest leave g1 open; Kg2 is not its


def test_with_no_block_it_is_checkmate_though_the_partner_could_have_stepped_away():
    state = position(ROOK_ON_THE_FIRST_RANK.replace("..N.....", "........"), WQ)
    result = state.result()
    assert result is not None
    assert result.points == (0.0, 1.0, 0.0, 1.0)  # partners lose and win together
    assert "Checkmate" in result.reason
    assert state.to_act() == ()
    # The same board with White's king side to move is no mate: that player
    # steps the king to g2 (Black's king side, next, could take on f1 or h1,
    # which are on its half).
    king_side = position(ROOK_ON_THE_FIRST_RANK.replace("..N.....", "........"), WK)
    assert king_side.result() is None
    assert sans(king_side) == {"Kg2"}


def test_an_attacker_on_the_wrong_half_for_the_next_player_is_no_threat_yet():
    diagram = """
        .......r
        k.......
        ........
        ........
        ........
        ........
        P.......
        .......K
    """
    # Black's queen side is next: the h8 rook and h1 are both on the king side.
    state = position(diagram, WQ)
    assert state.check_square() is None
    assert sans(state) == {"a3", "a4"}  # nothing needs to answer the rook
    play(state, "a3")
    play(state, "Kb7")  # Black's queen side
    # Now White's king side must answer: Black's king side moves next.
    assert state.to_act() == (WK,)
    assert state.check_square() == GEO.square("h1")
    assert "a4" not in sans(state) and sans(state) == {"Kg1", "Kg2"}


def test_a_move_that_opens_the_next_players_king_to_the_partner_is_marked_check():
    diagram = """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        R...K...
    """
    # White's queen side plays the rook to a8: Black's queen side moves
    # next, and White's king side after it could take e8 (on its half), so
    # the move is check for Black's queen side.
    state = position(diagram, WQ)
    assert state.notation(state.parse_action("Ra8")) == "Ra8+"
    play(state, "Ra8")
    assert state.to_act() == (BQ,)
    assert state.check_square() == GEO.square("e8")


# -- castling ---------------------------------------------------------------------------------
CASTLES = """
    r...k..r
    ........
    ........
    b.......
    ........
    ........
    ........
    R...K..R
"""


def test_castling_is_a_king_move_judged_by_the_kings_squares():
    # King side: e1 to g1 stays on the king side; queen side: e1 to c1 crosses.
    king_side = position(CASTLES, WK, castling="KQkq")
    assert {"O-O", "O-O-O"} <= sans(king_side)
    queen_side = position(CASTLES, WQ, castling="KQkq")
    assert "O-O-O" in sans(queen_side) and "O-O" not in sans(queen_side)


def test_castling_through_an_attack_is_allowed_if_the_next_player_cannot_take():
    # The a5 bishop eyes e1 (and d2 on the way): the king starts attacked.
    # Black's king side moves next and the bishop starts on the queen side;
    # the king ends on g1, where nothing reaches it.
    state = position(CASTLES, WK, castling="KQkq")
    play(state, "O-O")
    assert state.piece_at(GEO.square("g1")).kind == "king"
    assert state.piece_at(GEO.square("f1")).kind == "rook"


# -- en passant ----------------------------------------------------------------------------------
EN_PASSANT = """
    ....k...
    ......p.
    ........
    .......P
    .....p..
    ........
    ......P.
    ....K...
"""


def test_en_passant_by_the_next_player_right_after_the_double_step():
    state = position(EN_PASSANT, WK)
    play(state, "g4")
    assert state.to_act() == (BK,)
    assert "fxg3" in sans(state)
    play(state, "fxg3")
    assert state.piece_at(GEO.square("g4")) is None


def test_en_passant_is_gone_once_the_next_player_lets_it_go():
    state = position(EN_PASSANT, WK)
    play(state, "g4", "Kd8", "Kd1", "Kc8")  # each king stays on a half it may use
    assert state.to_act() == (WK,)
    play(state, "Ke1")
    assert "fxg3" not in sans(state)


def test_en_passant_only_if_the_half_rule_lets_the_next_player_make_it():
    # Black's king side plays g7-g5 past the h5 pawn; White's queen side
    # moves next and hxg6 would start and end on the king side.
    state = position(EN_PASSANT, BK)
    play(state, "g5")
    assert state.to_act() == (WQ,)
    assert "hxg6" not in sans(state)
    assert state.to_text().split()[3] == "-"  # no capture possible: no square written


# -- pass, stalemate, mate with little material ---------------------------------------------------
def test_a_player_with_nothing_to_move_on_or_off_the_half_passes():
    diagram = """
        .......k
        .......p
        ........
        ........
        ........
        ........
        .......P
        .......K
    """
    state = position(diagram, WQ)
    assert state.legal_actions(WQ) == [PASS]
    assert state.result() is None
    assert "pass" in state.prompt(WQ)
    assert state.notation(PASS) == "pass" and state.parse_action("pass") == PASS
    events = state.apply({WQ: PASS})
    assert [e.kind for e in events] == ["pass"]
    assert state.to_act() == (BQ,)
    assert state.legal_actions(BQ) == [PASS]  # Black's queen side has nothing either
    assert state.halfmove == 1  # a pass counts as a turn for the fifty-move rule
    with pytest.raises(IllegalAction):
        GAME.new().parse_action("pass")


def test_no_safe_move_and_no_threat_now_is_stalemate_a_draw():
    diagram = """
        .......k
        ........
        ........
        ........
        ........
        .r......
        ..r.....
        K.......
    """
    # Every step of the king (a2, b1, b2) is open to Black's queen side's
    # rooks; a1 itself is not.
    state = position(diagram, WQ)
    result = state.result()
    assert result is not None and result.points == (0.5,) * 4
    assert "Stalemate" in result.reason


def test_two_bare_kings_can_still_mate():
    # Black's king on c2 has no step onto the king side, so Black's king
    # side cannot move it at all, and White's queen side, next, takes it.
    diagram = """
        ........
        ........
        ........
        ........
        ........
        ........
        ..kK....
        ........
    """
    state = position(diagram, BK)
    result = state.result()
    assert result is not None and result.points == (1.0, 0.0, 1.0, 0.0)
    assert "Checkmate" in result.reason


# -- notation, text and rounds --------------------------------------------------------------------
def test_the_position_text_names_the_half_to_move():
    state = GAME.new()
    assert state.to_text().endswith(" w KQkq - 0 1 k")
    play(state, "e4", "e5")
    assert state.to_text().endswith(" w KQkq - 0 1 q")
    assert GAME.from_text(state.to_text()).to_act() == (WQ,)
    with pytest.raises(ValueError):
        GAME.from_text(state.to_text()[:-1] + "x")


def test_the_move_list_counts_four_turns_a_round():
    match = Match("crowded_house", seed=1)
    for text in ("e4", "e5", "d4", "d5", "Nf3", "Nf6"):
        (seat,) = match.to_act()
        match.play({seat: match.state.parse_action(text, seat)})
    assert match.round_numbers() == [1, 1, 1, 1, 2, 2]


def test_a_position_repeats_only_with_the_same_seat_to_move():
    white_king_side = GAME.new()
    white_queen_side = GAME.from_text(white_king_side.to_text()[:-1] + "q")
    assert white_king_side.position_key() != white_queen_side.position_key()
    state = GAME.new()
    cycle = ("Nf3", "Nf6", "Nc3", "Nc6", "Ng1", "Ng8", "Nb1", "Nb8")
    play(state, *cycle)
    assert state.result() is None
    play(state, *cycle)  # the start position a third time, White's king side to move
    assert state.result() is not None and state.result().reason == THREEFOLD


def test_the_orthodox_fast_path_is_not_taken():
    assert CrowdedState._fast is False


# -- random games with people and computers in every mix of seats ---------------------------
# The fast tier plays all people, all computers and two seats of each; the
# slow tier the other thirteen masks.
@pytest.mark.parametrize(
    "computers",
    [c if c in (0, 5, 15) else pytest.param(c, marks=pytest.mark.slow) for c in range(16)],
)
@pytest.mark.slow  # fast cover: conformance's crowded_house cases fast
def test_random_games_keep_the_protocol_with_any_mix_of_people_and_computers(computers):
    """Seats in the bit mask ``computers`` are played by the computer from
    their own view (bounded by nodes); the others by random clicks."""
    import random

    from helpers import conformance
    from helpers.bots import UNTIMED

    from game.ai import make_bot

    bot = make_bot("search:1:nodes=40", **UNTIMED)
    players = ["computer:search:1" if computers >> s & 1 else "human" for s in range(4)]
    rng = random.Random(computers)
    match = Match("crowded_house", seed=computers, players=players)
    for step in range(36):
        state = match.state
        conformance.check_protocol(state, rng)
        conformance.check_text(state)
        if step % 6 == 0:
            conformance.check_copy(state, rng)
            conformance.check_secrets(state, step % 4, rng)
        if match.is_over():
            break
        (seat,) = state.to_act()
        if computers >> seat & 1:
            action = bot.choose(state.view(seat), seat, rng)
        else:
            action = rng.choice(state.legal_actions(seat))
        assert action in state.legal_actions(seat)
        match.play({seat: action})
    conformance.check_save(match)


def test_the_quick_legality_filter_agrees_with_trying_every_move():
    """The rules try a move on the board only when it could expose the king;
    the core's road tries every one. Both give the same moves in random games."""
    import random

    from game.engine.chess.movegen import MoveGeneration

    compared = 0
    for seed in range(6):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(120):
            if state.is_over():
                break
            assert state._hooked_legal() == MoveGeneration._hooked_legal(state)
            compared += 1
            (seat,) = state.to_act()
            state.apply({seat: rng.choice(state.legal_actions(seat))})
    assert compared > 300


def test_a_clicked_piece_that_may_not_move_says_why():
    state = position(OPEN_E_FILES, WQ)
    assert state.stuck_reason(WQ, GEO.square("g1")) == (
        "That knight can neither leave nor reach your half, the queen side (files a-d)"
    )
    assert state.stuck_reason(WQ, GEO.square("e8")) is None  # not White's piece
    # The b5 knight has moves on the queen side, but none shields g1 from
    # the a1 rook of Black's queen side, who moves next; the bishop can.
    threatened = position(
        """
        .......k
        ........
        ........
        .N......
        ........
        ....B...
        .....P.P
        r.....K.
        """,
        WQ,
    )
    assert sans(threatened) == {"Bc1"}
    assert threatened.stuck_reason(WQ, GEO.square("b5")) == (
        "That knight cannot save your king from Black queen side"
    )
