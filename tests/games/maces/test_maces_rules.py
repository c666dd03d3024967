"""Maces and Horse-apults: the worked examples of the rule text and the
rulings, as 10 x 10 diagrams (top rank, 10, first; White upper case, Black
lower case, "." empty). Letters: K Q R B N P, M Mace, H Horse-apult."""

import random

import pytest
from helpers.bots import UNTIMED

from game.engine import IllegalAction
from game.engine.board import board_field
from game.games import load_all
from game.games.maces.rules import (
    GEO,
    PROMOTIONS,
    ChooseMace,
    Move,
    Swing,
    Throw,
)
from game.match import Match

GAMES = load_all()
sq = GEO.square


def position(diagram: str, side: str = "w", phase: str = "act", ep: str = "-", game="maces"):
    text = f"{board_field(diagram, 10)} {side} {phase} {ep} 0 1"
    if game == "tulpas":
        text += " -/-"
    return GAMES[game].from_text(text)


def play(state, *texts: str):
    """Play actions in notation, each by the single seat to act; return the
    events of the last one."""
    events = []
    for text in texts:
        (seat,) = state.to_act()
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def names(state, seat=None):
    seat = state.to_act()[0] if seat is None else seat
    return {state.notation(a) for a in state.legal_actions(seat)}


# -- the setup --------------------------------------------------------------------
def test_reconstructed_setup():
    state = GAMES["maces"].new()
    assert state.to_text() == (
        "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M w act - 0 1"
    )
    white = {GEO.name(s): p.kind for s, p in state.pieces().items() if p.side == 0}
    assert white["a1"] == white["j1"] == "mace"
    assert white["b2"] == white["i2"] == "horse_apult"
    assert white["f1"] == "king" and white["e1"] == "queen"
    black = {GEO.name(s): p.kind for s, p in state.pieces().items() if p.side == 1}
    assert {n[0] + str(11 - int(n[1:])): k for n, k in black.items()} == white  # mirrored
    assert state.to_act() == (0,)
    assert not GAMES["maces"].private_views


def test_b2_horse_apult_first_move_options():
    """The text's example: the b2 Horse-apult may step to a2 or b1, or throw
    the a3, b3 or c3 pawn, the a1 Mace or the c1 Knight to a4, c4 or d1.
    In the reconstructed setup c2 is empty too, so the step to c2 is also
    legal (the text's list omits it; the setup's diagram is lost)."""
    state = GAMES["maces"].new()
    mine = {
        state.notation(a)
        for a in state.legal_actions(0)
        if a.frm == sq("b2") or getattr(a, "apult", None) == sq("b2")
    }
    throws = {
        f"Hb2:{piece}>{to}" for piece in ("a3", "b3", "c3", "a1", "c1") for to in ("a4", "c4", "d1")
    }
    assert mine == {"Hb2-a2", "Hb2-b1", "Hb2-c2"} | throws


def test_thrown_mace_swings_at_the_king_on_landing():
    """The text's g9 example: the Horse-apult tosses the h6 Mace to g9, where
    it maces the black king at once. The c6 Mace could take the queen, the
    knight or the pawn; the game is over before it swings."""
    diagram = """
        ......k...
        .......m..
        ..........
        .qpn...H..
        ..M....M..
        ..........
        ..........
        ..........
        ..........
        .....K....
        """
    state = position(diagram)
    play(state, "Hh7:h6>g9")
    assert state.phase == "swing"
    assert state.prompt(0) == "Choose the victim of one of your Maces"
    assert names(state) == {"Mc6xb7", "Mc6xc7", "Mc6xd7", "Mg9xg10#", "Mg9xh9"}
    events = play(state, "Mg9xg10#")
    assert state.is_over() and state.result().points == (1.0, 0.0)
    assert state.result().reason == "White captured the king"
    swing = next(e for e in events if e.kind == "swing")
    assert swing["mace"] == sq("g9") and swing["victim_square"] == sq("g10")
    assert swing["piece"] == (1, "king")
    assert [e.kind for e in events][-1] == "game_over"
    assert state.piece_at(sq("b7")) == (1, "queen")  # the c6 Mace never swung


def test_swing_may_take_the_queen_first_or_the_mace_instead_of_the_king():
    diagram = """
        ......k...
        .......m..
        ..........
        .qpn...H..
        ..M....M..
        ..........
        ..........
        ..........
        ..........
        .....K....
        """
    state = position(diagram)
    play(state, "Hh7:h6>g9", "Mc6xb7")
    assert state.piece_at(sq("b7")) is None and not state.is_over()
    assert state.prompt(0) == "Choose the victim of the Mace on g9"
    play(state, "Mg9xh9")  # White could take the Mace instead of the king
    assert not state.is_over() and state.piece_at(sq("g10")) == (1, "king")
    assert state.turn == 1 and state.phase == "act"


def test_a_check_can_be_ignored_when_the_king_capture_comes_first():
    """White's king is attacked by the rook on f5, but White throws a Mace
    next to the black king and takes it before Black can reply."""
    diagram = """
        ......k...
        ..........
        ..........
        .......H..
        .......M..
        .....r....
        ..........
        ..........
        ..........
        .....K....
        """
    state = position(diagram)
    assert "Hh7:h6>g9 (Mg9xg10#)" in names(state)  # the forced swing that wins
    assert "Kf1-g1" in names(state)
    play(state, "Hh7:h6>g9")  # one victim: the swing is forced
    assert state.result().points == (1.0, 0.0)


def test_no_check_rule_the_king_may_step_en_prise():
    diagram = """
        ......k...
        ..........
        .....r....
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ....K.....
        """
    state = position(diagram)
    assert "Ke1-f1" in names(state)  # onto the rook's file
    play(state, "Ke1-f1", "Rf8xf1")
    assert state.result().points == (0.0, 1.0)
    assert state.result().reason == "Black captured the king"


def test_closing_lesson_a_mace_removes_the_queen_that_looks_like_mate():
    """White's queen on g9 'mates' the king on h10; Black tosses the i6 Mace
    to h9 and it removes the queen; or the i9 Mace steps to h9 and does."""
    diagram = """
        .......k..
        ......Q.m.
        ..........
        ........h.
        ........m.
        ..........
        ..........
        ..........
        ..........
        .....K....
        """
    for action in ("Hi7:i6>h9", "Mi9-h9"):
        state = position(diagram, side="b")
        events = play(state, action)
        assert state.piece_at(sq("g9")) is None, action
        assert not state.is_over()
        assert state.turn == 0
        assert any(e.kind == "swing" and e["piece"] == (0, "queen") for e in events)


def test_bishop_thrown_onto_the_other_colour():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..B.......
        ...H.....K
        """
    state = position(diagram)
    bishop, apult = sq("c2"), sq("d1")
    assert GEO.is_light(bishop) == GEO.is_light(apult)
    play(state, "Hd1:c2>e3")
    assert state.piece_at(sq("e3")) == (0, "bishop")
    assert GEO.is_light(sq("e3")) != GEO.is_light(bishop)
    play(state, "Kj10-i10")
    assert {"Be3-f4", "Be3-d2", "Be3-j8"} <= names(state)


def test_horse_apult_throws_an_enemy_king_next_to_a_mace():
    diagram = """
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..M.......
        ..........
        .Hk.......
        .......K..
        """
    state = position(diagram)
    assert state.piece_at(sq("c2")) == (1, "king")
    play(state, "Hb2:c2>d3")  # lands next to the c4 Mace, which swings at once
    assert state.result().points == (1.0, 0.0)


def test_own_king_tossed_next_to_an_enemy_mace_is_lost_next_turn():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ...m......
        ..........
        .HK.......
        ..........
        """
    state = position(diagram)
    play(state, "Hb2:c2>c4")
    assert not state.is_over()
    play(state, "Kj10-i10")  # Black moves anything: the d4 Mace swings at the king
    assert state.result().points == (0.0, 1.0)


def test_maces_move_to_empty_squares_only_and_never_capture_by_moving():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .p........
        M.........
        .........K
        """
    state = position(diagram)
    mace = {state.notation(a) for a in state.legal_actions(0) if a.frm == sq("a2")}
    # Stepping to a3 or b2 keeps b3 next to it: the forced swing is written too.
    assert mace == {"Ma2-a1", "Ma2-b1", "Ma2-a3 (Ma3xb3)", "Ma2-b2 (Mb2xb3)"}
    # Any action: the Mace swings at b3 anyway (a free capture).
    events = play(state, "Kj1-i1")
    assert state.piece_at(sq("b3")) is None
    assert [e.kind for e in events] == ["move", "swing", "capture"]


def test_mace_swings_from_where_it_moved_to():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        .p........
        ..........
        ..........
        M.........
        .........K
        """
    state = position(diagram)
    play(state, "Ma2-a3")
    assert state.piece_at(sq("b5")) == (1, "pawn")  # not adjacent yet
    play(state, "Kj10-i10", "Ma3-a4")
    assert state.piece_at(sq("b5")) is None


def test_enemy_maces_never_swing_on_your_turn():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..m.......
        ..........
        .N........
        .........K
        """
    state = position(diagram)
    play(state, "Nb2-d3")  # next to the black Mace
    assert state.piece_at(sq("d3")) == (0, "knight")
    play(state, "Kj10-i10")
    assert state.piece_at(sq("d3")) is None


def test_two_maces_sharing_a_victim_let_the_player_choose_the_order():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .M.M......
        ..p.......
        .........K
        """
    state = position(diagram)
    play(state, "Kj1-i1")
    assert state.prompt(0) == "Choose which Mace swings next"
    assert set(state.legal_actions(0)) == {ChooseMace(sq("b3")), ChooseMace(sq("d3"))}
    play(state, "Md3!")  # one victim: the swing follows by itself
    assert state.piece_at(sq("c2")) is None
    assert state.turn == 1  # the b3 Mace has nobody left to hit


def test_choose_mace_then_its_victim():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .M.M......
        ..pp......
        .........K
        """
    state = position(diagram)
    play(state, "Kj1-i1", "Md3!")
    assert state.prompt(0) == "Choose the victim of the Mace on d3"
    assert set(state.legal_actions(0)) == {Swing(sq("d3"), sq("c2")), Swing(sq("d3"), sq("d2"))}
    assert state.to_text().split()[2] == "swing:d3:b3"
    again = GAMES["maces"].from_text(state.to_text())
    assert again.legal_actions(0) == state.legal_actions(0)
    play(state, "Md3xd2")  # then b3 hits c2 by itself
    assert state.piece_at(sq("c2")) is None and state.turn == 1


# -- pawns ------------------------------------------------------------------------
def test_pawns_step_two_from_their_first_three_ranks_and_en_passant_follows():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        P........K
        """
    state = position(diagram)
    assert {"a1-a2", "a1-a3"} <= names(state)
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..p.......
        ..........
        .P........
        .........K
        """
    )
    play(state, "b2-b4")
    assert state.ep == sq("b3")
    assert state.to_text().split()[3] == "b3"
    assert "c4xb3" in names(state)
    events = play(state, "c4xb3")
    assert state.piece_at(sq("b4")) is None
    assert "en_passant" in [e.kind for e in events]


def test_pawn_on_fourth_rank_steps_one():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        P.........
        ..........
        ..........
        .........K
        """
    )
    assert {n for n in names(state) if n.startswith("a")} == {"a4-a5"}


def test_promotion_choices():
    state = position(
        """
        .........k
        P.........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .........K
        """
    )
    promos = [a.promotion for a in state.legal_actions(0) if a.frm == sq("a9")]
    assert sorted(promos) == sorted(PROMOTIONS)
    assert set(PROMOTIONS) == {"queen", "rook", "bishop", "knight", "mace", "horse_apult"}
    play(state, "a9-a10=H")
    assert state.piece_at(sq("a10")) == (0, "horse_apult")


def test_thrown_pawn_promotes_at_once():
    diagram = """
        .........k
        ..........
        .HP.p.....
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .........K
        """
    state = position(diagram)
    own = {a.promotion for a in state.legal_actions(0) if getattr(a, "piece", None) == sq("c8")}
    assert {p for p in own if p} == set(PROMOTIONS)  # onto a10: the owner chooses
    assert None in own  # to the knight squares on other ranks it stays a pawn
    events = play(state, "Hb8:c8>a10=N")
    assert state.piece_at(sq("a10")) == (0, "knight")
    assert [e.kind for e in events][:2] == ["throw", "promote"]

    # A black pawn thrown onto its own last rank (rank 1) is a queen for Black.
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .p........
        H.........
        .........K
        """
    state = position(diagram)
    throws = [a for a in state.legal_actions(0) if isinstance(a, Throw) and a.to == sq("c1")]
    assert throws == [Throw(sq("a2"), sq("b3"), sq("c1"), "queen")]
    play(state, "Ha2:b3>c1=Q")
    assert state.piece_at(sq("c1")) == (1, "queen")


def test_chess_pieces_ride_and_leap_as_in_chess_across_the_ten_files():
    state = position(
        """
        ..........
        k.........
        ..........
        ...p......
        ..........
        ..........
        ...Q......
        ..........
        .........K
        .N........
        """
    )
    queen = {GEO.name(a.to) for a in state.legal_actions(0) if a.frm == sq("d4")}
    assert queen == {
        *("d5", "d6", "d7", "d3", "d2", "d1"),  # up to the pawn, which it may take
        *(f"{f}4" for f in "abcefghij"),
        *("e5", "f6", "g7", "h8", "i9", "j10", "c3", "b2", "a1"),
        *("c5", "b6", "a7", "e3", "f2", "g1"),
    }
    knight = {GEO.name(a.to) for a in state.legal_actions(0) if a.frm == sq("b1")}
    assert knight == {"a3", "c3", "d2"}


def test_no_castling():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        R....K...R
        """
    )
    king = {a.to for a in state.legal_actions(0) if a.frm == sq("f1")}
    assert king == {sq(n) for n in ("e1", "g1", "e2", "f2", "g2")}


# -- text, notation, protocol --------------------------------------------------------
def test_notation_round_trips_and_illegal_actions_are_refused():
    state = GAMES["maces"].new()
    for action in state.legal_actions(0):
        assert state.parse_action(state.notation(action)) == action
        assert state.parse_action(str(action)) == action
    with pytest.raises(IllegalAction):
        state.parse_action("Hb2:c3>c5")
    with pytest.raises(IllegalAction):
        state.apply({0: Move(sq("a1"), sq("a4"))})
    with pytest.raises(IllegalAction):
        state.apply({1: Move(sq("a8"), sq("a7"))})


@pytest.mark.parametrize(
    "text",
    [
        "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M w act - 0 1",
        "9k/10/10/10/10/10/10/1M1M6/2pp6/9K w swing:d3:b3 - 0 1",
        "9k/10/10/10/10/10/10/1M1M6/2p7/9K w swing:-:b3,d3 - 3 7",
        "9k/10/10/10/10/10/10/10/1P8/9K b act b3 0 12",
    ],
)
def test_position_text_round_trips(text):
    assert GAMES["maces"].from_text(text).to_text() == text


@pytest.mark.parametrize(
    "text",
    [
        "10/10/10/10/10/10/10/10/10/10 w act - 0 1",  # no kings at all
        "9k/10/10/10/10/10/10/10/10/9K x act - 0 1",
        "9k/10/10/10/10/10/10/10/10/9K w swing:a1:- - 0 1",  # no mace there
        "9k/10/10/10/10/10/10/10/10/9K w duel - 0 1",  # no duel in this game
        "9k/10/10/10/10/10/10/10/10/9K w act - 0",
    ],
)
def test_bad_position_text_is_refused(text):
    with pytest.raises(ValueError):
        GAMES["maces"].from_text(text)


def test_fifty_turns_without_a_removal_draw():
    text = "9k/10/10/10/10/10/10/10/10/K9 w act - 99 60"
    state = GAMES["maces"].from_text(text)
    play(state, "Ka1-a2")
    assert state.result().points == (0.5, 0.5)
    assert "Fifty" in state.result().reason


def test_repetition_draws():
    state = GAMES["maces"].from_text("9k/10/10/10/10/10/10/10/10/K9 w act - 0 1")
    play(state, "Ka1-a2", "Kj10-j9", "Ka2-a1", "Kj9-j10", "Ka1-a2", "Kj10-j9", "Ka2-a1")
    assert not state.is_over()
    play(state, "Kj9-j10")
    assert state.result().points == (0.5, 0.5)
    assert "three times" in state.result().reason


# -- random games ---------------------------------------------------------------------
def random_game(game_id: str, seed: int, limit: int = 400, check_all_every: int = 7):
    rng = random.Random(seed)
    match = Match(game_id, seed=seed)
    game = GAMES[game_id]
    steps = 0
    while not match.is_over() and steps < limit:
        state = match.state
        text = state.to_text()
        assert game.from_text(text).to_text() == text
        for seat in state.to_act():
            actions = state.legal_actions(seat)
            assert actions, state.to_text()
            assert state.prompt(seat)
            if steps % check_all_every == 0 and len(state.to_act()) == 1:
                for a in actions:
                    child = state.copy()
                    child.apply({seat: a})
                    assert state.parse_action(state.notation(a), seat) == a
        for seat in state.to_act():
            match.submit(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    saved = match.to_dict()
    loaded = Match.from_dict(saved)
    assert loaded.state.to_text() == match.state.to_text()
    assert loaded.history == match.history
    return match


# Seed 0 is the fast check; the other seeds run in the slow tier.
@pytest.mark.parametrize(
    "seed", [0] + [pytest.param(s, marks=pytest.mark.slow) for s in range(1, 4)]
)
# Slow; fast cover: conformance's maces-short and test_maces_record keep the invariants fast
@pytest.mark.slow
def test_random_games_keep_every_invariant(seed):
    match = random_game("maces", seed)
    assert match.history


def test_random_games_end():
    for seed in range(100, 103):
        assert random_game("maces", seed, limit=3000, check_all_every=10**9).is_over()


# -- computer play ---------------------------------------------------------------------
def test_evaluation_is_registered_and_fears_a_king_next_to_an_enemy_mace():
    from game.ai.evaluate import evaluator_for
    from game.games.maces.evaluation import evaluate

    state = GAMES["maces"].new()
    assert evaluator_for(state) is evaluate
    assert evaluate(state, 0) == pytest.approx(-evaluate(state, 1))
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..m.......
        ..K.......
        ..........
        """
    assert evaluate(position(diagram, side="b"), 0) < -20


def test_search_finds_the_thrown_mace_win():
    from game.ai import think_now

    diagram = """
        ......k...
        .......m..
        ..........
        .qpn...H..
        ..M....M..
        ..........
        ..........
        ..........
        ..........
        .....K....
        """
    state = position(diagram)
    action = think_now("search:2", state, 0, random.Random(1), node_limit=20_000, **UNTIMED)
    assert state.notation(action) == "Hh7:h6>g9"


@pytest.mark.slow  # fast cover: test_random_games_end fast
def test_random_against_search_finishes_quickly():
    from game.ai import make_bot

    rng = random.Random(3)
    state = GAMES["maces"].new(seed=3)
    search = make_bot("search:2", node_limit=256, **UNTIMED)
    bots = {0: search, 1: make_bot("random")}
    steps = 0
    while not state.is_over() and steps < 600:
        (seat,) = state.to_act()
        state.apply({seat: bots[seat].choose(state.view(seat), seat, rng)})
        steps += 1
    assert state.is_over()
    assert state.result().points == (1.0, 0.0)
