"""The rules of orthodox chess and Chess960 as the app plays them."""

import random

import pytest
from helpers.chess_diagrams import GAMES, play, position
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.games.chess.rules import STANDARD_FEN
from game.games.chess960.start import card_deal_rank, number_of_rank, rank_of_number
from game.match import Match


def test_fools_mate_ends_the_game():
    state = GAMES["chess"].new()
    events = play(state, "f3", "e5", "g4", "Qh4#")
    assert state.is_over()
    assert state.result().points == (0.0, 1.0)
    assert state.result().reason == "Checkmate: Black wins"
    assert [e.kind for e in events][-2:] == ["check", "game_over"]
    assert state.to_act() == ()


def test_stalemate_is_a_draw():
    state = position(
        """
        k.......
        ..Q.....
        .K......
        ........
        ........
        ........
        ........
        ........
        """,
        to_move="b",
    )
    assert state.result().points == (0.5, 0.5)
    assert "Stalemate" in state.result().reason


def test_threefold_repetition_draws():
    state = GAMES["chess"].new()
    play(state, "Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1")
    assert not state.is_over()
    play(state, "Ng8")  # the start position for the third time
    assert state.result().points == (0.5, 0.5)
    assert "three times" in state.result().reason


def test_fifty_move_rule_draws_after_a_hundred_quiet_plies():
    diagram = """
        ..k.....
        ........
        ........
        ........
        ........
        ........
        R.......
        K.......
        """
    state = position(diagram, half=99)
    assert not state.is_over()
    play(state, "Rb2")
    assert "Fifty moves" in state.result().reason


def test_checkmate_on_the_hundredth_ply_beats_the_fifty_move_rule():
    state = position(
        """
        k.......
        ........
        .K......
        ........
        ........
        ........
        ........
        .......R
        """,
        half=99,
    )
    play(state, "Rh8#")
    assert state.result().points == (1.0, 0.0)


@pytest.mark.parametrize(
    "back_rank, dead",
    [
        ("....k.......K...", True),  # king against king
        ("....k.......KB..", True),  # a lone bishop
        ("....k.......KN..", True),  # a lone knight
        ("...bk.......KB..", False),  # bishops on opposite colours (d8 dark, f1 light)
        ("..b.k.......KB..", True),  # bishops on one colour (c8 and f1 light)
        ("....k.......KNN.", False),  # two knights can mate (with help)
        ("....k...R...K...", False),  # a rook
    ],
)
def test_insufficient_material(back_rank, dead):
    # The first eight characters are rank 8, the last eight rank 1.
    diagram = "\n".join([back_rank[:8]] + ["........"] * 6 + [back_rank[8:]])
    assert position(diagram).insufficient_material() is dead


def test_bishops_all_on_one_colour_cannot_mate():
    state = position(
        """
        ..b.k...
        ........
        ........
        ........
        ........
        ........
        ........
        .K...B..
        """
    )
    assert state.insufficient_material()
    assert "Neither side can mate" in state.result().reason


def test_en_passant_capture_and_its_events():
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
        to_move="b",
    )
    play(state, "d5")
    assert state.to_text().split()[3] == "d6"
    move = state.parse_action("exd6")
    assert state.notation(move) == "exd6"
    events = state.apply({0: move})
    kinds = [e.kind for e in events]
    assert kinds == ["capture", "move", "en_passant"]
    assert state.geometry.name(events[0]["square"]) == "d5"
    assert state.piece_at(state.geometry.square("d5")) is None


def test_en_passant_is_illegal_when_it_exposes_the_king():
    state = position(
        """
        ........
        ........
        ........
        K..pP..r
        ........
        ........
        ........
        .......k
        """,
        ep="d6",
    )
    assert "exd6" not in [state.notation(m) for m in state.legal_moves()]


def test_promotion_offers_four_pieces_and_checks():
    state = position(
        """
        ......k.
        P.......
        ........
        ........
        ........
        ........
        ........
        ....K...
        """
    )
    promotions = sorted(m.promotion for m in state.legal_moves() if m.to == 56)
    assert promotions == ["bishop", "knight", "queen", "rook"]
    events = play(state, "a8=Q+")
    assert events[-2].kind == "promote" and events[-2]["piece"].kind == "queen"
    assert state.piece_at(56).kind == "queen"
    assert state.in_check()


def test_san_disambiguates_by_file_then_rank():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        R.......
        ........
        ........
        R...K.N.
        """
    )
    names = {state.notation(m) for m in state.legal_moves()}
    assert {"R1a2", "R4a2", "Ne2", "Nf3"} <= names
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        .N..KN..
        """
    )
    names = {state.notation(m) for m in state.legal_moves()}
    assert {"Nbd2", "Nfd2", "Na3", "Ng3"} <= names


def test_castling_both_ways_and_through_check():
    diagram = """
        r...k..r
        ........
        ........
        ........
        ........
        ........
        ........
        R...K..R
        """
    state = position(diagram, castling="KQkq")
    names = {state.notation(m) for m in state.legal_moves()}
    assert {"O-O", "O-O-O"} <= names
    events = play(state, "O-O")
    assert events[0].kind == "castle"
    assert state.piece_at(state.geometry.square("g1")).kind == "king"
    assert state.piece_at(state.geometry.square("f1")).kind == "rook"
    # A rook eyeing f1 forbids castling through it.
    state = position(diagram.replace("r...k..r", "r...kr.."), castling="KQq")
    names = {state.notation(m) for m in state.legal_moves()}
    assert "O-O" not in names and "O-O-O" in names


def test_chess960_castling_lands_on_the_usual_squares():
    # The king on g1 castles h-side by staying put; the b1 king castles a-side
    # onto c1 while its rook jumps over to d1.
    diagram = """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        RK....KR
        """
    state = position(diagram.replace("RK....KR", "......KR"), game="chess960", castling="H")
    move = state.parse_action("O-O")
    assert state.landing_square(move) == state.geometry.square("g1")
    play(state, "O-O")
    assert state.piece_at(state.geometry.square("g1")).kind == "king"
    assert state.piece_at(state.geometry.square("f1")).kind == "rook"
    assert state.piece_at(state.geometry.square("h1")) is None
    state = position(diagram.replace("RK....KR", "RK......"), game="chess960", castling="A")
    events = play(state, "O-O-O")
    assert events[0]["king_to"] == state.geometry.square("c1")
    assert state.piece_at(state.geometry.square("d1")).kind == "rook"


def test_uci_castling_as_king_step_or_onto_the_rook():
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
        castling="K",
    )
    assert state.parse_action("e1g1") == state.parse_action("e1h1") == state.parse_action("O-O")


def test_fen_round_trips():
    for fen in [
        STANDARD_FEN,
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "rn2k1r1/ppp1pp1p/3p2p1/5bn1/P7/2N2B2/1PPPPP2/2BNK1RR w Gkq - 4 11",
    ]:
        assert GAMES["chess960"].from_text(fen).to_text() == fen


def test_shredder_fen_is_read_and_written_as_x_fen():
    state = GAMES["chess960"].from_text("1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1")
    assert state.to_text().split()[2] == "KQkq"


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "k7/8/8/8/8/8/8/7K x - - 0 1",
        "k7/8/8/9/8/8/8/7K w - - 0 1",
        "k7/8/8/8/8/8/8/7K w K - 0 1",
        "k7/8 w - - 0 1",
        "kk6/8/8/8/8/8/8/7K w - - 0 1",
    ],
)
def test_bad_fen_gives_a_clear_error(fen):
    with pytest.raises(ValueError):
        GAMES["chess"].from_text(fen)


def test_illegal_and_unknown_moves_are_refused():
    state = GAMES["chess"].new()
    with pytest.raises(IllegalAction):
        state.parse_action("e5")
    with pytest.raises(IllegalAction):
        state.parse_action("banana")
    move = state.parse_action("e4")
    with pytest.raises(IllegalAction):
        state.apply({1: move})  # not Black's move
    before = state.to_text()
    with pytest.raises(IllegalAction):
        state.apply({0: type(move)(0, 63)})
    assert state.to_text() == before


def test_resign_and_draw_by_agreement():
    state = GAMES["chess"].new()
    state.resign(0)
    assert state.result().points == (0.0, 1.0) and state.result().reason == "White resigned"
    state = GAMES["chess"].new()
    state.agree_draw()
    assert state.result().points == (0.5, 0.5) and state.to_act() == ()


def test_chess960_numbering_and_options():
    assert rank_of_number(518) == "RNBQKBNR"
    assert number_of_rank("RNBQKBNR") == 518
    standard = GAMES["chess960"].new({"start": "number", "number": 518})
    assert standard.to_text() == STANDARD_FEN
    assert standard.headline() == "No. 518"
    with pytest.raises(ValueError, match="0 to 959"):
        GAMES["chess960"].new({"start": "number", "number": 1000})
    with pytest.raises(ValueError):
        GAMES["chess960"].new({"start": "shuffle"})
    # A random start is chosen by the seed, so a replay finds the same one.
    assert GAMES["chess960"].new(seed=5).to_text() == GAMES["chess960"].new(seed=5).to_text()


# The fast tier deals 200 times (173 starts); the slow tier 2000, the first
# 200 the same.
@pytest.mark.parametrize(
    ("deals", "reach"), [(200, 150), pytest.param(2000, 600, marks=pytest.mark.slow)]
)
def test_card_deal_always_gives_a_chess960_start(deals, reach):
    rng = random.Random(1)
    seen = set()
    for _ in range(deals):
        rank = card_deal_rank(rng)
        number_of_rank(rank)  # raises if the deal broke a Fischer rule
        seen.add(rank)
    assert len(seen) > reach  # the deal reaches most of the 960 starts


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 959), st.randoms(use_true_random=False))
@pytest.mark.slow  # fast cover: conformance's chess-short and perft keep the rules fast
def test_random_games_keep_invariants_and_survive_a_save(number, rng):
    match = Match("chess960", {"start": "number", "number": number}, seed=1, players=None)
    for _ in range(60):
        state = match.state
        if state.is_over():
            break
        seat = state.to_act()[0]
        match.play({seat: rng.choice(state.legal_actions(seat))})
        state = match.state
        squares = [sq for sq in range(64) if state.piece_at(sq)]
        assert len(squares) == bin(state.occ[0] | state.occ[1]).count("1")
        assert not state.occ[0] & state.occ[1]
        for seat in (0, 1):
            assert sum(1 for p in state.pieces().values() if p == (seat, "king")) == 1
        copy = GAMES["chess960"].from_text(state.to_text())
        assert sorted(map(str, copy.legal_moves())) == sorted(map(str, state.legal_moves()))
    restored = Match.from_dict(match.to_dict())
    assert restored.state.to_text() == match.state.to_text()
    assert restored.move_list() == match.move_list()
