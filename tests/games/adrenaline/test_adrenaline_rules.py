"""Adrenaline Chess rules: a checker given after every turn with a capture;
extra king steps after the ordinary move, one checker each; a capturer takes
over its victim's checkers and may spend them at once; the adrenaline attack
relation for check, mate and castling; no castling with checkers; en passant
only after a plain double step; promotion mid-turn; every step must leave
the king safe; the supply of 24; the text's examples; random playouts."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import fen_of

from game.engine import IllegalAction
from game.engine.chess import GEO
from game.games import load_all
from game.games.adrenaline.actions import STOP, Give

GAME = load_all()["adrenaline"]


def sq(name: str) -> int:
    return GEO.square(name)


def position(diagram, checkers="-", to_move="w", castling="-", supply=None, turn="-/-/-/-", ep="-"):
    """``checkers``: stacks written "e4=2,d5=1"; the supply holds the rest of
    the set's 24 unless given."""
    fen = fen_of(diagram, to_move, castling, ep)
    if supply is None:
        on_board = checkers.split(",") if checkers != "-" else []
        supply = 24 - sum(int(item.partition("=")[2]) for item in on_board)
    return GAME.from_text(f"{fen} {checkers} {supply} {turn}")


def play(state, *texts):
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def steps(state) -> set[str]:
    return {GEO.name(a.to) for a in state.legal_actions(state.to_act()[0]) if a != STOP}


def test_the_bishop_example_a_capture_ends_with_a_checker_given():
    state = GAME.new()
    play(state, "e4", "b5", "Bxb5")
    assert state.to_act() == (0,) and state.phase == "p"  # White still to act
    gifts = state.legal_actions(0)
    assert Give(sq("h7")) in gifts and Give(sq("e8")) in gifts
    assert all(state.occ[1] >> g.square & 1 for g in gifts)  # opponent's pieces only
    play(state, "give h7")
    assert state.extras == {sq("h7"): 1} and state.supply == 23
    assert state.turn == 1
    # The h7 pawn moves, then may spend its checker on a king step.
    play(state, "h6")
    assert state.phase == "s" and steps(state) == {"g5", "h5", "g6", "h7"}  # even back
    play(state, "~g5")
    assert state.extras == {} and state.supply == 24 and state.turn == 0


def test_one_checker_per_turn_and_stopping_early():
    state = position(
        """
        ....n..k
        ........
        ........
        ...p....
        ..R.....
        ........
        ........
        ....K...
        """,
        checkers="c4=2",
        supply=22,
    )
    play(state, "Rc5")
    assert state.phase == "s"
    play(state, "~xd5")  # the step takes a pawn: still one checker to spend
    assert state.phase == "s" and state.extras == {sq("d5"): 1}
    play(state, "stop")
    assert state.phase == "p"  # one checker to give, for the capture
    play(state, "give e8")
    assert state.extras == {sq("d5"): 1, sq("e8"): 1} and state.supply == 22


def test_a_capturer_takes_over_the_checkers_and_uses_them_at_once():
    state = position(
        """
        ....k...
        ........
        ........
        ...n....
        ........
        ........
        ...R....
        ....K...
        """,
        checkers="d5=2",
        supply=22,
    )
    play(state, "Rxd5")
    assert state.extras == {sq("d5"): 2} and state.phase == "s"
    play(state, "~e6", "~e7")
    assert state.extras == {} and state.phase == "p" and state.supply == 24


def test_a_queen_taking_a_bishop_with_three_checkers_mates():
    # The queen on f1 could take the f8 bishop and its three checkers, and
    # step g8, h8: the black king is in check. The bishop is hemmed in by its
    # own pawns and no black move stops the threat: checkmate.
    state = position(
        """
        .....b.k
        ....p.pp
        ........
        ........
        ........
        ........
        ........
        K....Q..
        """,
        checkers="f8=3",
        to_move="b",
    )
    assert state.in_check(1)
    result = state.result()
    assert result is not None and "Checkmate" in result.reason and result.points == (1, 0)


def test_adrenaline_counts_for_check_a_rook_with_one_checker_reaches_round_a_corner():
    state = position(
        """
        .k......
        ........
        ........
        ........
        ........
        ........
        ........
        R...K...
        """,
        checkers="a1=1",
        to_move="b",
    )
    assert state.in_check(1)  # a1-a8, then a step to b8
    assert "a7" not in {GEO.name(m.to) for m in state.legal_moves()}


def test_no_castling_with_a_checker_on_king_or_rook():
    diagram = """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        R...K..R
        """
    free = position(diagram, castling="KQ")
    assert free.parse_action("O-O", 0) and free.parse_action("O-O-O", 0)
    rook = position(diagram, castling="KQ", checkers="h1=1")
    with pytest.raises(IllegalAction):
        rook.parse_action("O-O", 0)
    assert rook.parse_action("O-O-O", 0)
    king = position(diagram, castling="KQ", checkers="e1=1")
    with pytest.raises(IllegalAction):
        king.parse_action("O-O-O", 0)


def test_castling_may_not_cross_a_square_attacked_with_adrenaline():
    # The black pawn on g3 with one checker reaches f1 and g1 (g2, then a
    # step), though not the king on e1: White may not castle short.
    diagram = """
        ....k...
        ........
        ........
        ........
        ........
        ......p.
        ........
        ....K..R
        """
    state = position(diagram, castling="K", checkers="g3=1")
    assert not state.in_check(0)
    with pytest.raises(IllegalAction):
        state.parse_action("O-O", 0)
    plain = position(diagram, castling="K")
    assert plain.parse_action("O-O", 0)


def test_en_passant_only_after_a_plain_double_step():
    diagram = """
        ....k...
        ........
        ........
        ........
        ...p....
        ........
        ....P...
        ....K...
        """
    plain = position(diagram, checkers="e2=1")
    play(plain, "e4", "stop")
    assert plain.parse_action("dxe3", 1)
    stepped = position(diagram, checkers="e2=1")
    play(stepped, "e4", "~f4")
    with pytest.raises(IllegalAction):
        stepped.parse_action("dxe3", 1)


def test_en_passant_counts_in_the_attack_relation_with_the_checkers_it_takes():
    """After e2-e4 the d4 pawn could take en passant, gain the e-pawn's two
    checkers and step e3-f2xg2: so e4 would leave White's king attacked."""
    state = position(
        """
        k . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . . . . P . K P
        . . . . . . . .
        """,
        checkers="e2=2",
    )
    pushes = {GEO.name(m.to) for m in state.legal_actions(0) if m.frm == sq("e2")}
    assert pushes == set()  # e3 is taken the ordinary way, e4 en passant: the same steps
    # Without the checkers the capture gains nothing, and e4 is safe.
    plain = position(
        """
        k . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . . . . P . K P
        . . . . . . . .
        """,
        checkers="h2=2",
    )
    assert {GEO.name(m.to) for m in plain.legal_actions(0) if m.frm == sq("e2")} == {"e3", "e4"}


def test_an_extra_step_is_never_an_en_passant_capture():
    # Black just played e7-e5; White's d5 pawn with a checker moves to d6
    # and may step back diagonally to e6 only as a king step onto an empty
    # square: the e5 pawn stays.
    state = position(
        """
        ....k...
        ........
        ........
        ...Pp...
        ........
        ........
        ........
        ....K...
        """,
        checkers="d5=1",
        ep="e6",
    )
    play(state, "d6", "~e6")
    assert state.piece_at(sq("e5")) is not None


def test_promotion_mid_turn_then_more_steps():
    state = position(
        """
        .......k
        ..P.....
        ........
        ........
        ........
        ........
        ........
        K.......
        """,
        checkers="c7=2",
    )
    play(state, "c8=Q")
    assert state.piece_at(sq("c8")).kind == "queen" and state.phase == "s"
    play(state, "~d7")
    assert state.extras == {sq("d7"): 1}


def test_a_pawn_stepping_onto_its_last_rank_promotes():
    state = position(
        """
        .......k
        ........
        .P......
        ........
        ........
        ........
        ........
        K.......
        """,
        checkers="b6=1",
    )
    play(state, "b7")
    kinds = {a.promotion for a in state.legal_actions(0) if a != STOP and GEO.name(a.to) == "b8"}
    assert kinds == {"queen", "rook", "bishop", "knight"}
    play(state, "~b8=N")
    assert state.piece_at(sq("b8")).kind == "knight"


def test_no_step_may_uncover_a_check_even_if_a_later_step_would_block():
    # The knight on e2 with two checkers shields its king from the rook: no
    # ordinary knight move is legal, though it could step back onto the file.
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....N...
        ....K...
        """,
        checkers="e2=2",
    )
    assert not any(m.frm == sq("e2") for m in state.legal_moves())
    # A rook on the file may move along it and step, but not off the file.
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....R...
        ....K...
        """,
        checkers="e2=1",
    )
    play(state, "Re4")
    assert steps(state) == {"e3", "e5"}


def test_with_the_supply_empty_no_checker_is_given():
    state = position(
        """
        ....k...
        ........
        ........
        ...p....
        ..R.....
        ........
        ........
        ....K...
        """,
        supply=0,
    )
    play(state, "Rc5")
    play(state, "Kd7")
    play(state, "Rxd5+")
    assert state.turn == 1 and state.supply == 0


def test_text_round_trip_in_every_phase():
    state = position(
        """
        ....n..k
        ........
        ........
        ...p....
        ..R.....
        ........
        ........
        ....K...
        """,
        checkers="c4=2",
    )
    for text in ("Rc5", "~xd5", "stop", "give e8"):
        play(state, text)
        again = GAME.from_text(state.to_text())
        assert again.to_text() == state.to_text()
        assert again.legal_actions(again.to_act()[0]) == state.legal_actions(state.to_act()[0])


# Seed 0 is the fast check; the other seeds run in the slow tier.
@pytest.mark.parametrize(
    "seed", [0] + [pytest.param(s, marks=pytest.mark.slow) for s in range(1, 5)]
)
def test_random_playouts_keep_the_checkers_and_the_king_safe(seed):
    rng = random.Random(seed)
    state = GAME.new(seed=seed)
    for _ in range(160):
        if state.is_over():
            break
        seat = state.to_act()[0]
        side = state.turn
        state.apply({seat: rng.choice(state.legal_actions(seat))})
        assert state.supply + sum(state.extras.values()) == 24
        assert not state.king_attacked(side)
        assert set(state.extras) <= set(state.pieces())
        again = GAME.from_text(state.to_text())
        assert again.to_text() == state.to_text()


def test_the_check_mark_goes_on_the_step_that_ends_the_turn_giving_check():
    # Qxd5 takes the knight's checker: through it the queen reaches e8
    # (d7, then a king step), but the turn goes on. The step ~e6 gives the
    # check the turn ends with; the checker for the capture follows.
    state = position(
        """
        ....k...
        ........
        ........
        ...n....
        ........
        ........
        ........
        K..Q....
        """,
        checkers="d5=1",
        supply=23,
    )
    written = []
    for text in ("Qxd5", "~e6", "give e8"):
        action = state.parse_action(text, 0)
        written.append(state.notation(action))
        state.apply({0: action})
    assert written == ["Qxd5", "~e6+", "give e8"]
    assert state.in_check(1)


def test_stopping_with_steps_left_carries_the_check_of_the_turn():
    state = position(
        """
        ........
        ........
        .......k
        ........
        ........
        ........
        ........
        K..R....
        """,
        checkers="d1=2",
        supply=22,
    )
    written = []
    for text in ("Rd7", "~e7", "stop"):
        action = state.parse_action(text, 0)
        written.append(state.notation(action))
        state.apply({0: action})
    assert written == ["Rd7", "~e7", "stop+"]


def turn_end_mark(state, seat, action) -> str:
    """The check mark the rule asks for, found by playing the decision: none
    while the piece's movement goes on; "#" if the turn ends in mate; "+"
    if the opponent's king is attacked when the movement ends (a gift: if
    the gift brought the check)."""
    them = 1 - state.turn
    after = state.copy()
    after.apply({seat: action})
    if after.phase == "s" or not after.king_attacked(them):
        return ""
    if after.turn == them and not after.legal_moves():
        return "#"
    return "" if isinstance(action, Give) and state.king_attacked(them) else "+"


@pytest.mark.slow  # fast cover: the check-mark tests of single positions above
def test_every_decision_carries_the_check_mark_of_the_turn():
    rng = random.Random(5)
    state = GAME.new(seed=5)
    marks = set()
    for _ in range(50):
        if state.is_over():
            break
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        for action in actions:
            text = state.notation(action)
            mark = text[len(text.rstrip("+#")) :]
            assert mark == turn_end_mark(state, seat, action), (state.to_text(), text)
            marks.add(mark)
        state.apply({seat: rng.choice(actions)})
    assert "+" in marks


LONE_KNIGHT = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K N . .
    """


def test_a_knight_against_a_bare_king_is_no_dead_draw():
    """The lone king taking the knight must give White's king a checker,
    and a king with a checker can mate: only bare kings are drawn."""
    assert position(LONE_KNIGHT, to_move="b").result() is None
    bare = position(LONE_KNIGHT.replace("K N", "K .", 1), to_move="b")
    assert bare.result().reason.startswith("Neither")
    with_a_checker = position(LONE_KNIGHT.replace("K N", "K .", 1), "e1=1", to_move="b")
    assert with_a_checker.result() is None


def test_a_king_with_a_checker_mates_a_bare_king():
    """What makes the lone knight no dead draw: one extra step lets the c6
    king reach every square around a8."""
    state = position(
        """
        k . . . . . . .
        . . . . . . . .
        . . K . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        """,
        "c6=1",
        to_move="b",
    )
    assert "Checkmate" in state.result().reason


def test_a_pawn_stepped_back_to_its_first_rank_reads_back():
    # Steps go anywhere a king could, so e3 then ~e2 ~d1 leaves a white pawn
    # on d1: a position the rules reach must read back from its text.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ....P...
        K.......
        """,
        checkers="e2=2",
    )
    play(state, "e3", "~e2", "~d1")
    assert state.piece_at(GEO.square("d1")).kind == "pawn"
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()
