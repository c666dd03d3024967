"""Zombie Chess rules: burying every capture in secret, zombies rising when a
piece leaves the grave's square, zombie moves and their crumbling, the check
rule counting what your own graves raise, promotion on rising, graves left
behind, "cannot bury", and the text's example game."""

from __future__ import annotations

import random

import pytest
from helpers.chess_diagrams import fen_of
from helpers.zombie_hordes import random_horde

from game.engine import IllegalAction
from game.engine.chess import GEO, Move
from game.engine.pieces import Piece
from game.games import load_all
from game.games.zombie.actions import END, Bury, RisePromote

GAME = load_all()["zombie"]


def sq(name: str) -> int:
    return GEO.square(name)


def position(
    diagram: str,
    to_move="w",
    castling="-",
    mode="with",
    zombies="-",
    graves=("-", "-"),
    seen=("-", "-"),
    turn="-/-/-/-/0",
):
    fields = f"{mode} {zombies} {graves[0]} {graves[1]} {seen[0]} {seen[1]} - {turn}"
    return GAME.from_text(f"{fen_of(diagram, to_move, castling)} {fields}")


def act(state, *texts):
    events = []
    for text in texts:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def kinds(events):
    return [e.kind for e in events]


def test_the_example_game_pawn_buried_under_c6_rises_when_the_knight_leaves():
    state = GAME.new()
    act(state, "e4", "e5", "Nf3", "Nc6", "d4", "exd4")
    # Black chooses where to bury the pawn: under one of its own pieces.
    assert state.to_act() == (1,)
    assert Bury(sq("c6")) in state.legal_actions(1)
    events = act(state, "bury c6")
    (private,) = [e for e in events if e.kind == "bury"]
    assert private.audience == frozenset({1})  # only Black sees where
    assert [e.audience for e in events if e.kind == "buried"] == [None]
    assert state.graves[1] == {sq("c6"): ("P", 0)}
    # White takes back with the knight: nothing of White's in the ground yet.
    act(state, "Nxd4", "bury b2")
    assert state.graves[0] == {sq("b2"): ("P", 1)}
    # Black's knight leaves c6 to take on d4: the white pawn rises there.
    events = act(state, "Nxd4")
    rise = [e for e in events if e.kind == "rise"]
    assert [(e["square"], e["piece"]) for e in rise] == [(sq("c6"), Piece(0, "pawn"))]
    assert state.piece_at(sq("c6")) == Piece(0, "pawn")
    assert state.extras[sq("c6")] == "z"
    assert sq("c6") not in state.graves[1]
    act(state, "bury g7")
    assert state.graves[1] == {sq("g7"): ("N", 2)}
    assert state.turn == 0


def test_a_zombie_that_does_not_move_crumbles_at_the_end_of_the_turn():
    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    act(state, "Kd1")
    assert state.turn == 0 and END in state.legal_actions(0)  # the zombie may still move
    events = act(state, "end")
    assert state.piece_at(sq("c6")) is None
    assert [e["piece"] for e in events if e.kind == "destroy"] == [Piece(0, "pawn")]
    assert state.dust == ["P"]


def test_a_zombie_moves_besides_the_ordinary_move_and_the_turn_ends_by_itself():
    state = position(
        """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        zombies="c6=z",
    )
    act(state, "c7")  # a zombie move first
    assert state.extras[sq("c7")] == "m" and state.turn == 0
    assert all(m.frm == sq("e1") for m in state.legal_actions(0) if m != END)
    act(state, "Kd1")  # then the ordinary move: nothing left to move
    assert state.turn == 1
    assert state.extras[sq("c7")] == "z"  # it must move again next turn


def test_with_the_option_zombies_move_instead_of_the_ordinary_move():
    diagram = """
        ....k...
        ........
        ..P.....
        ........
        ........
        ........
        ........
        ....K...
        """
    state = position(diagram, mode="instead", zombies="c6=z")
    act(state, "Kd1")  # the ordinary move ends the turn; the zombie crumbles
    assert state.turn == 1 and state.piece_at(sq("c6")) is None
    state = position(
        diagram.replace(
            "......\n        ........\n        ....K", "......\n        P.......\n        ....K"
        ),
        mode="instead",
        zombies="a2=z,c6=z",
    )
    assert state.piece_at(sq("a2")) == Piece(0, "pawn")
    act(state, "c7")
    assert state.turn == 0  # the other zombie may move, but no living piece
    assert sorted(map(str, state.legal_actions(0))) == ["a2a3", "a2a4", "end"]


def test_a_move_that_raises_a_zombie_checking_your_own_king_is_illegal():
    # White buried a black rook under the knight on e2: it would check e1.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ....N...
        ....K...
        """,
        graves=("e2=R0", "-"),
        seen=("R0:e2", "-"),
    )
    assert not [m for m in state.legal_actions(0) if m.frm == sq("e2")]
    with pytest.raises(IllegalAction):
        state.parse_action("Nc3", 0)


def test_looking_ahead_leaves_the_position_and_its_moves_as_they_were():
    # Finding the legal actions plays each move ahead in place (a grave
    # opening under the knight, the unmoved zombie crumbling) and takes it
    # back: the board, its chess moves and its text must come back unchanged.
    diagram = """
        r...k...
        ........
        ........
        ........
        ........
        ...N....
        ....N...
        R...K...
        """
    fields = dict(zombies="d3=z", graves=("e2=R0", "-"), seen=("R0:e2", "-"))
    state, fresh = position(diagram, **fields), position(diagram, **fields)
    moves = list(state.legal_moves())
    actions = state.legal_actions(0)
    assert actions and not [m for m in actions if m.frm == sq("e2")]
    assert state.legal_moves() == moves == fresh.legal_moves()
    assert state.to_text() == fresh.to_text()
    state.apply({0: state.parse_action("Ra2", 0)})
    fresh.apply({0: fresh.parse_action("Ra2", 0)})
    assert state.legal_actions(1) == fresh.legal_actions(1)
    assert state.to_text() == fresh.to_text()


def test_castling_raises_what_lies_under_both_squares():
    state = position(
        """
        ....k...
        pppppppp
        ........
        ........
        ........
        ........
        ........
        ....K..R
        """,
        castling="K",
        graves=("e1=N0,h1=B1", "-"),
        seen=("N0:e1.h1;B1:e1.h1", "-"),
    )
    events = act(state, "O-O")
    risen = {e["square"]: e["piece"] for e in events if e.kind == "rise"}
    assert risen == {sq("e1"): Piece(1, "knight"), sq("h1"): Piece(1, "bishop")}
    assert state.piece_at(sq("g1")) == Piece(0, "king")
    assert state.turn == 1  # Black's zombies move in Black's turn


def test_a_pawn_rising_on_its_last_rank_promotes_and_its_owner_chooses():
    # Black buried a white pawn under the rook on a8; the rook moves off.
    diagram = """
        r...k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K...
        """
    state = position(diagram, to_move="b", graves=("-", "a8=P0"), seen=("-", "P0:a8"))
    # With the king on e8 the rook may only stay on the 8th rank, between a
    # queen rising on a8 and the king.
    assert sorted(GEO.name(m.to) for m in state.legal_actions(1) if m.frm == sq("a8")) == [
        "b8",
        "c8",
        "d8",
    ]
    state = position(
        """
        r.......
        ........
        ........
        .......k
        ........
        ........
        ........
        ....K...
        """,
        to_move="b",
        graves=("-", "a8=P0"),
        seen=("-", "P0:a8"),
    )
    act(state, "Ra5")
    assert state.to_act() == (0,)  # White chooses, in Black's turn
    assert RisePromote(sq("a8"), "knight") in state.legal_actions(0)
    act(state, "rise a8=N")
    assert state.piece_at(sq("a8")) == Piece(0, "knight")
    assert state.extras[sq("a8")] == "z"
    assert state.turn == 0  # Black's turn went on and ended


def test_a_grave_stays_when_the_piece_on_top_is_captured():
    # Black buried a white bishop under the knight on c6; White takes it.
    state = position(
        """
        ....k...
        ........
        ..n.....
        ........
        ....B...
        ........
        ........
        ....K...
        """,
        to_move="w",
        graves=("-", "c6=B0"),
        seen=("-", "B0:c6.e8"),
    )
    act(state, "Bxc6", "bury e1")
    assert state.graves[1] == {sq("c6"): ("B", 0)}
    act(state, "Kf7")
    events = act(state, "Bb5")  # White's bishop leaves c6: Black's grave opens
    assert [(e["square"], e["piece"]) for e in events if e.kind == "rise"] == [
        (sq("c6"), Piece(0, "bishop"))
    ]
    assert state.turn == 0  # White's own zombie may move this very turn


def test_of_two_graves_on_a_square_the_movers_rises():
    # Black's older grave (a white pawn) and White's newer one (a black knight) on c6.
    state = position(
        """
        ....k...
        ........
        ..B.....
        ........
        ........
        ........
        ........
        ....K...
        """,
        graves=("c6=N1", "c6=P0"),
        seen=("N1:c6", "P0:c6"),
    )
    events = act(state, "Bb5+")
    assert [e["piece"] for e in events if e.kind == "rise"] == [Piece(1, "knight")]
    assert state.graves == [{}, {sq("c6"): ("P", 0)}]


# Three captures on d4: White buried a black knight under its piece there
# (White's grave, the older), Black took that piece and buried it under the
# taker on d4 (Black's grave, the newer), and White's rook took back. The
# rook moving off d4 asks White first: White's grave opens, though older.
THREE_CAPTURES_ON_D4 = """
    ....k...
    ........
    ........
    ........
    ...R....
    {rank3}
    ........
    {rank1}
"""


def test_of_two_graves_the_movers_rises_even_when_it_is_the_older():
    state = position(
        THREE_CAPTURES_ON_D4.format(rank3="........", rank1="....K..."),
        graves=("d4=N0", "d4=P1"),
        seen=("N0:d4", "P1:d4"),
        turn="-/-/-/-/2",
    )
    events = act(state, "Rd1")
    assert [(e["square"], e["piece"]) for e in events if e.kind == "rise"] == [
        (sq("d4"), Piece(1, "knight"))
    ]
    assert state.graves == [{}, {sq("d4"): ("P", 1)}]  # Black's stays in the ground
    assert state.turn == 1


def test_a_move_refused_for_your_own_grave_is_refused_rightly_under_two_graves():
    # The king on f3: the knight rising from White's grave on d4 would check
    # it, so the rook may not leave d4 (Black's newer grave stays shut).
    state = position(
        THREE_CAPTURES_ON_D4.format(rank3=".....K..", rank1="........"),
        graves=("d4=N0", "d4=P1"),
        seen=("N0:d4", "P1:d4"),
        turn="-/-/-/-/2",
    )
    assert state.piece_at(sq("f3")) == Piece(0, "king")
    assert not [m for m in state.legal_actions(0) if m.frm == sq("d4")]
    assert "would raise a zombie that checks your king" in state.stuck_reason(0, sq("d4"))


def test_a_piece_that_cannot_be_buried_goes_to_the_dust_bin():
    # White's graves: under the king on h1, and on d2 (its piece there was
    # taken by the black pawn, the grave stayed). The rook takes on d2: every
    # white piece then stands on a white grave.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        R..p....
        .......K
        """,
        graves=("d2=N0,h1=B1", "-"),
        seen=("N0:d2.h1;B1:d2.h1", "-"),
    )
    events = act(state, "Rxd2")
    assert "cannot_bury" in kinds(events) and state.burying is None
    assert state.dust == ["p"] and state.turn == 1


def test_a_captured_zombie_is_destroyed_not_buried():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ...p....
        ....K...
        """,
        zombies="d2=z",
    )
    events = act(state, "Kxd2")
    assert "destroy" in kinds(events) and state.burying is None
    assert state.dust == ["p"] and state.turn == 1


def test_a_king_is_never_taken_by_a_later_move_of_the_turn():
    state = position(
        """
        ....k...
        ........
        ........
        ........
        .....N..
        ........
        ........
        R...K...
        """,
        zombies="f4=z",
    )
    act(state, "Ra8+")
    assert state.turn == 0  # the zombie may still move, but not onto the king
    assert all(m.to != sq("e8") for m in state.legal_actions(0) if m != END)


def test_unmoved_zombies_shielding_the_king_must_move_or_the_turn_cannot_end():
    # The white zombie knight on e2 blocks the rook's line to e1.
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....N...
        ....K..R
        """,
        zombies="e2=z",
    )
    # Moving the rook first would leave the zombie to crumble and the king open
    # unless the zombie can still block on the file: it cannot, so no rook move.
    assert state.legal_actions(0)
    assert all(m.frm == sq("e1") for m in state.legal_actions(0))


def test_views_hide_the_other_sides_graves_and_samples_agree_with_what_was_seen():
    state = GAME.new()
    act(state, "e4", "d5", "exd5", "bury d1", "Qxd5", "bury e8")
    view = state.view(1)
    assert view.is_partial and view.graves[0] is None and view.graves[1] == state.graves[1]
    assert "d1=P0" not in view.to_text()
    rng = random.Random(2)
    for _ in range(10):
        world = view.sample(1, rng)
        assert len(world.graves[0]) == 1
        (square,) = world.graves[0]
        assert square in {s for s, p in state.pieces().items() if p.side == 0} | {sq("d5")}
        assert world.view(1).to_text() == view.to_text()


def test_a_square_left_with_nothing_rising_is_ruled_out_of_the_samples():
    state = GAME.new()
    act(state, "e4", "d5", "exd5", "bury d1", "Qxd5")
    act(state, "bury e8")
    act(state, "Nc3")  # b1 is left: nothing rises, so no grave is on b1
    view = state.view(1)
    (entry,) = view.seen[0]
    assert sq("b1") not in entry[2] and sq("d1") in entry[2]


@pytest.mark.slow  # fast cover: the secrets audit's zombie-12 case fast
def test_random_games_never_show_a_seat_the_other_chart():
    for seed in range(4):
        rng = random.Random(seed)
        state = GAME.new(seed=seed)
        for _ in range(300):
            if state.is_over():
                break
            seat = state.to_act()[0]
            state.apply({seat: rng.choice(state.legal_actions(seat))})
            for viewer in (0, 1):
                view = state.view(viewer)
                other = state.graves[1 - viewer]
                assert view.graves[1 - viewer] is None or not other
                fields = view.to_text().split()
                chart = fields[8 + (1 - viewer)]
                assert chart in ("?", "-")
                world = view.sample(viewer, rng)
                assert world.view(viewer).to_text() == view.to_text()
                assert sorted(world.graves[viewer].items()) == sorted(state.graves[viewer].items())
            for burier in (0, 1):  # what everybody saw always allows the real chart
                seen = state.seen[burier]
                for square, (letter, _) in state.graves[burier].items():
                    assert any(lt == letter and square in sqs for lt, _, sqs in seen)


def test_what_is_seen_of_the_graves_stays_true_when_a_rising_is_ambiguous():
    from game.games.zombie import graves as G

    seen = [("P", 0, frozenset({sq("b2"), sq("c3")})), ("P", 1, frozenset({sq("b2"), sq("d4")}))]
    # A pawn rose on b2: either grave may have been it, so the other may lie
    # on any square either could.
    (left,) = G.rose(seen, sq("b2"), "P")
    assert left[2] == {sq("b2"), sq("c3"), sq("d4")}
    assert G.rule_out(seen, sq("b2"))[0][2] == {sq("c3")}
    chart = G.fill(G.rule_out(seen, sq("b2")), random.Random(1))
    assert chart == {sq("c3"): ("P", 0), sq("d4"): ("P", 1)}


def test_the_option_sets_the_zombie_turn_and_travels_in_the_text():
    state = GAME.new({"zombie_moves": "instead of the ordinary move"})
    assert state.mode == "instead"
    assert GAME.from_text(state.to_text()).mode == "instead"
    assert GAME.new().mode == "with"


def test_a_piece_held_by_its_grave_says_why_it_cannot_move():
    """White buried a black knight under the d1 queen: lifting the queen
    would raise the knight checking the king on f2, so she may not move,
    and the app can say so."""
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        .....K..
        ...Q....
        """,
        graves=("d1=N0", "-"),
        seen=("N0:d1", "-"),
    )
    assert not any(a.frm == sq("d1") for a in state.legal_actions(0) if hasattr(a, "frm"))
    assert "would raise a zombie that checks your king" in state.stuck_reason(0, sq("d1"))


# White's zombie knight on c3 and a grave of White's (a black rook) that may
# lie under c3 or under h1: Black cannot tell which.
GRAVE_UNDER_C3_OR_H1 = """
    ....k...
    ........
    ........
    ........
    ........
    ..N.....
    P.......
    ..K....R
"""


def public_record(state, events, viewer):
    """What ``viewer`` learns of a step: the events shown to them and whose
    decision it is next, as their view says."""
    shown = [
        (e.kind, e.audience, e.data) for e in events if e.audience is None or viewer in e.audience
    ]
    return shown, state.view(viewer).to_act(), state.view(viewer).to_text()


def test_whether_a_turn_ends_by_itself_does_not_tell_where_the_graves_are():
    records = []
    for chart in ("c3=R0", "h1=R0"):
        state = position(
            GRAVE_UNDER_C3_OR_H1, zombies="c3=z", graves=(chart, "-"), seen=("R0:c3.h1", "-")
        )
        notation = state.public_notation(state.parse_action("a3", 0))
        events = act(state, "a3")
        records.append((notation, *public_record(state, events, 1)))
        if chart == "c3=R0":  # the rook rising on c3 would check c1: the knight is held
            assert state.legal_actions(0) == [END]
    assert records[0] == records[1]
    assert records[0][2] == (0,)  # White still to act in both: "end" is a step of its own


def test_what_the_opponent_sees_of_a_step_never_depends_on_the_movers_graves():
    """In random hordes with graves of White's, White's chart is drawn again
    (agreeing with what Black saw) and White's turn is played in both, each
    step one both charts allow that leaves no square with a grave in
    either: Black sees the same after every step."""
    compared = 0
    for seed in range(300):
        rng = random.Random(seed)
        state = random_horde(rng, rng.randint(2, 5))
        if state is None or not state.graves[0]:
            continue
        other = state.copy()
        other.fill(1, rng)
        charts = set(state.graves[0]) | set(other.graves[0])
        worlds = [state, other]
        while all(w.to_act() == (0,) and w.turn == 0 for w in worlds):
            common = [
                a
                for a in worlds[0].legal_actions(0)
                if a in worlds[1].legal_actions(0)
                and not (isinstance(a, Move) and set(worlds[0].left_squares(a)) & charts)
            ]
            if not common:
                break
            action = rng.choice(common)
            seen = []
            for world in worlds:
                notation = world.public_notation(action)
                seen.append((notation, *public_record(world, world.apply({0: action}), 1)))
            assert seen[0] == seen[1], (seed, state.to_text(), action)
            compared += 1
    assert compared > 150


def test_bishops_on_one_colour_are_no_draw_since_a_grave_can_change_the_colour():
    # Bxc8 buried under the king on e1 (a dark square): when the king steps
    # off, the bishop rises there, now against a bishop of the other colour.
    state = position(
        """
        ..b.k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....KB..
        """
    )
    assert not state.insufficient_material() and state.result() is None
    lone = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....KB..
        """
    )
    assert lone.result() is not None and lone.result().reason == "Neither side can mate: a draw"
    buried = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        ....K...
        """,
        graves=("h1=Q0", "-"),
        seen=("Q0:h1", "-"),
    )
    assert buried.result() is None  # a queen lies in the ground on h1


def test_with_zombies_instead_the_ordinary_move_ends_the_turn_so_no_zombie_can_save_it():
    # The zombie rook on e2 shields the king. With the option "instead", a
    # move of the h1 rook ends the turn at once and the zombie crumbles: the
    # king would be left in check, so the rook may not move (the look ahead
    # once let the zombie step along the file after it).
    state = position(
        """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        ....R...
        ....K..R
        """,
        mode="instead",
        zombies="e2=z",
    )
    actions = state.legal_actions(0)
    assert not [m for m in actions if m.frm == sq("h1")]
    assert [m for m in actions if m.frm == sq("e2")] and [m for m in actions if m.frm == sq("e1")]


def test_a_pawn_risen_on_its_first_rank_reads_back():
    # Black's knight leaves f1, where White's pawn lies buried: the zombie
    # pawn rises on its own first rank, and the position reads back.
    state = position(
        """
        ....k...
        ........
        ........
        ........
        ........
        ........
        ........
        K....n..
        """,
        to_move="b",
        graves=("-", "f1=P0"),
        seen=("-", "P0:f1"),
    )
    act(state, "Nd2")
    assert state.piece_at(sq("f1")) == Piece(0, "pawn")
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()
