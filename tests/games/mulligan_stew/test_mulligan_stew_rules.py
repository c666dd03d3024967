"""Mulligan Stew Chess as the app plays it: every rule as a diagram (top rank,
7, first; files a-f; White upper case, Black lower case, "." empty)."""

import random

import pytest
from helpers.bots import UNTIMED
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.engine.grid import GridPosition
from game.games import load_all
from game.games.mulligan_stew.rules import (
    DARK,
    GEO,
    LETTERS,
    LIGHT,
    START_TEXT,
    Drop,
    Move,
    Promote,
    Skip,
    Swap,
    Teleport,
)
from game.match import Match

GAME = load_all()["mulligan_stew"]


def sq(name: str) -> int:
    return GEO.square(name)


def text_of(diagram: str, side="w", part="l", hands="-", pools="Qq", passes=0, clock=0) -> str:
    grid = GridPosition(GEO, LETTERS)
    grid.set_diagram(diagram)
    return f"{grid.board_text()} {side} {part} {hands} {pools} {passes} {clock} 1"


def position(diagram: str, **fields):
    return GAME.from_text(text_of(diagram, **fields))


def play(state, *moves: str):
    """Play actions given in notation; return the events of the last one."""
    events = []
    for text in moves:
        events = state.apply({state.turn: state.parse_action(text)})
    return events


def notations(state) -> set[str]:
    return {state.notation(a) for a in state.legal_actions(state.turn)}


def targets(state, frm: str) -> set[str]:
    """Squares the piece on ``frm`` can reach with a move, capture or teleport."""
    return {
        GEO.name(a.to)
        for a in state.legal_actions(state.turn)
        if type(a) in (Move, Teleport) and a.frm == sq(frm)
    }


# -- board and setup -------------------------------------------------------------------


def test_start_position_follows_the_rulings():
    state = GAME.new()
    assert state.to_text() == START_TEXT
    assert (GEO.width, GEO.height) == (6, 7)
    assert not GEO.is_light(sq("a1"))  # a1 is dark
    names = {GEO.name(s): p for s, p in state.pieces().items()}
    assert [names[f + "1"].kind for f in "abcdef"] == [
        "rook",
        "assassin",
        "king",
        "king",
        "assassin",
        "cardinal",
    ]
    assert [names[f + "7"] for f in "abcdef"] == [
        (1, k) for k in ("rook", "assassin", "king", "king", "assassin", "cardinal")
    ]
    assert all(names[f + "2"] == (0, "pawn") and names[f + "6"] == (1, "pawn") for f in "abcdef")
    assert state.in_hand(0) == ["mage"] and state.in_hand(1) == ["mage"]
    assert state.pool(0) == ["queen"] and state.pool(1) == ["queen"]
    # Each side has one king and one assassin on each colour.
    for seat in (0, 1):
        kings = state.kings(seat)
        assert sorted(GEO.is_light(k) for k in kings) == [False, True]


# -- the two-part turn ----------------------------------------------------------------------


def test_the_light_part_moves_only_pieces_on_light_squares():
    state = GAME.new()
    assert state.part == LIGHT
    froms = {GEO.name(a.frm) for a in state.legal_actions(0) if type(a) is not Drop}
    assert froms == {"b1", "d1", "f1", "a2", "c2", "e2"}
    assert all(GEO.is_light(a.frm) for a in state.legal_actions(0) if type(a) is not Drop)
    assert not state.legal_actions(1)
    assert "light part" in state.prompt(0)


def test_the_dark_part_moves_a_different_piece_that_began_on_a_dark_square():
    state = GAME.new()
    play(state, "a3")  # a2 (light) to a3 (dark)
    assert state.turn == 0 and state.part == DARK
    froms = {GEO.name(a.frm) for a in state.legal_actions(0) if type(a) is not Drop}
    assert froms == {"a1", "c1", "e1", "b2", "d2", "f2"}  # not the pawn now on a3
    assert "a4" not in {GEO.name(a.to) for a in state.legal_actions(0)}
    assert "dark part" in state.prompt(0)
    play(state, "d3")
    assert state.turn == 1 and state.part == LIGHT


def test_a_part_with_no_legal_move_is_skipped():
    # White's only light-square piece, the Assassin on b1, is gone; no Mage in hand.
    state = position(
        """
        ..k...
        ......
        ......
        ......
        ......
        ......
        ..K...
        """,
        pools="-",
    )
    # The c1 king is on a dark square: the light part is skipped at once.
    assert state.turn == 0 and state.part == DARK
    events = play(state, "Kc3")
    assert state.turn == 1
    # Black's king on c7 is dark too: its light part is skipped as well.
    assert state.part == DARK
    assert [e.kind for e in events] == ["move", "skip"]
    assert events[-1]["part"] == "light"


def test_the_dark_part_is_skipped_when_nothing_there_can_move():
    state = position(
        """
        .....k
        ......
        ......
        .p....
        .p....
        .P....
        ...K..
        """,
    )
    # White's only dark-square piece, the b2 pawn, can neither step nor leap.
    events = play(state, "Kc2")
    assert state.turn == 1 and state.part == LIGHT
    assert [e.kind for e in events] == ["move", "skip"]
    assert events[-1]["part"] == "dark"


def test_a_dark_part_with_no_move_at_the_start_of_the_turn_stays_skipped():
    state = position(
        """
        .....k
        ......
        ......
        .p....
        .R....
        .P....
        .....K
        """,
        pools="-",
    )
    # At the start of the turn the b2 pawn (dark) is stuck behind the Rook,
    # with b4 taken: nothing on a dark square can move, so the dark part is
    # skipped, even though the Rook's light move frees the pawn.
    events = play(state, "Rc3")
    assert [e.kind for e in events] == ["move", "skip"]
    assert events[-1]["part"] == "dark"
    assert state.turn == 1 and state.piece_at(sq("b2")) == (0, "pawn")


def test_a_dark_part_with_a_move_at_the_start_is_played_with_the_moves_it_has_now():
    # The same, with a King on the dark square c1 that can move: the dark part
    # is played, and the pawn the Rook freed may be the piece that moves.
    state = position(
        """
        .....k
        ......
        ......
        .p....
        .R....
        .P....
        ..K..K
        """,
        pools="-",
    )
    play(state, "Rc3")
    assert state.turn == 0 and state.part == DARK
    assert {"b3", "Kd2", "Ka1", "Ke1"} <= notations(state)


def test_a_dark_part_whose_moves_the_light_part_took_away_is_skipped():
    state = position(
        """
        .....k
        ......
        ......
        .p....
        ...R..
        .P....
        .....K
        """,
        pools="-",
    )
    # b2 could step to b3 at the start; the Rook's light move blocks it.
    events = play(state, "Rb3")
    assert [e.kind for e in events] == ["move", "skip"]
    assert events[-1]["part"] == "dark" and state.turn == 1


# Every piece boxed in: pawns blocked with nothing to leap to, pawns waiting
# on their last rank with an empty pool, kings with no square to go to.
def test_one_pass_hands_the_turn_over():
    state = position(
        """
        KPP...
        PP....
        P.....
        ......
        ....k.
        ......
        ......
        """,
        pools="-",
    )
    assert state.turn == 1 and state.passes == 1
    assert not state.is_over()
    assert state.to_text().split()[5] == "1"
    events = play(state, "Kd2")
    # White passes again: a pass, a move, a pass is not two passes in a row.
    assert [e.kind for e in events] == ["move", "pass", "skip"]  # Black: light part again
    assert state.turn == 1 and state.passes == 1
    assert not state.is_over()


def test_two_passes_in_a_row_draw():
    state = position(
        """
        KPP...
        PP....
        P.....
        ......
        p.....
        pp....
        kpp...
        """,
        pools="-",
    )
    assert state.is_over()
    assert state.result().points == (0.5, 0.5)
    assert "Neither side can move" in state.result().reason
    assert state.passes == 2


# -- the Mage --------------------------------------------------------------------------


def test_mage_drop_square_colour_decides_the_part():
    state = GAME.new()
    drops = [a for a in state.legal_actions(0) if type(a) is Drop]
    assert drops and all(GEO.is_light(a.to) for a in drops)
    play(state, "a3")  # the light part used by a pawn
    drops = [a for a in state.legal_actions(0) if type(a) is Drop]
    assert drops and all(not GEO.is_light(a.to) for a in drops)
    events = play(state, "Mb4")  # b4 is dark
    assert [e.kind for e in events] == ["drop"]
    assert events[0]["piece"] == (0, "mage") and events[0]["to"] == sq("b4")
    assert state.in_hand(0) == []
    assert state.turn == 1


def test_a_mage_drop_in_the_light_part_leaves_the_dark_part():
    state = GAME.new()
    play(state, "Mb3")
    assert state.part == DARK and state.turn == 0
    assert not any(type(a) is Drop for a in state.legal_actions(0))


def test_a_part_whose_only_moves_are_drops_may_be_declined():
    # White's one King stands on the dark square c1: the light part has
    # nothing but Mage drops, and the Mage comes in "whenever they decide".
    state = GAME.from_text("2k3/6/6/6/6/6/2K3 w l Mm Qq 0 0 1")
    assert state.part == LIGHT
    assert "--" in notations(state)
    assert "or skip the part" in state.prompt(0)
    assert state.parse_action("--") == Skip(LIGHT)
    events = play(state, "--")
    assert [e.kind for e in events] == ["skip"]
    assert events[0]["part"] == "light" and events[0]["declined"]
    assert state.part == DARK and state.in_hand(0) == ["mage"]
    # The King can move in the dark part: nothing to decline there.
    assert "--" not in notations(state) and "Kd2" in notations(state)


def test_a_dark_part_of_drops_only_may_be_declined_too():
    state = GAME.from_text("3k2/6/6/6/6/6/3K2 w l M Qq 0 0 1")
    assert "--" not in notations(state)  # the d1 King moves in the light part
    play(state, "Kc2")
    assert state.part == DARK
    assert {a for a in state.legal_actions(0) if type(a) is not Drop} == {Skip(DARK)}
    play(state, "--")
    assert state.turn == 1 and state.in_hand(0) == ["mage"]


def test_declining_is_offered_only_when_drops_are_all_there_is():
    state = GAME.new()  # pieces to move and a Mage in hand
    assert not any(type(a) is Skip for a in state.legal_actions(0))


def test_declining_both_parts_is_not_a_pass():
    # White's pieces are all boxed in, but the Mage could come in anywhere.
    state = position(
        """
        KPP...
        PP....
        P.....
        ......
        ....k.
        ......
        ......
        """,
        hands="M",
        pools="-",
    )
    assert state.turn == 0 and state.part == LIGHT
    play(state, "--", "--")
    assert state.turn == 1 and state.passes == 0
    assert not state.is_over()


def test_a_declined_part_reads_back_from_its_notation_as_saves_replay_it():
    text = "2k3/6/6/6/6/6/2K3 w l Mm Qq 0 0 1"
    state = GAME.from_text(text)
    written = []
    for move in ("--", "Kd2", "--", "Kb6"):
        action = state.parse_action(move)
        for a in state.legal_actions(state.turn):
            assert state.parse_action(state.notation(a)) == a
            assert state.parse_action(str(a)) == a
        written.append(state.notation(action))
        state.apply({state.turn: action})
    assert written == ["--", "Kd2", "--", "Kb6"]
    replayed = GAME.from_text(text)
    play(replayed, *written)
    assert replayed.to_text() == state.to_text()
    assert state.turn == 0 and state.in_hand(0) == ["mage"] and state.in_hand(1) == ["mage"]


def test_mage_steps_one_square_and_swaps_up_to_three_away_unblocked():
    state = position(
        """
        ...k..
        ..p...
        ..r..p
        ..p...
        ......
        ..M..P
        K.....
        """,
    )
    assert GEO.is_light(sq("c2"))
    steps = {GEO.name(a.to) for a in state.legal_actions(0) if type(a) is Move}
    assert {"b1", "c1", "d1", "b2", "d2", "b3", "c3", "d3"} <= steps
    swaps = {GEO.name(a.to) for a in state.legal_actions(0) if type(a) is Swap}
    # c4 (two up), c5 (three up, behind c4: nothing blocks a swap), f5 (three
    # diagonally), f2 (three across; a piece of either side). Not c6 (four
    # away), not a1 (a knight's leap away, on no line).
    assert swaps == {"c4", "c5", "f5", "f2"}


def test_mage_swaps_with_any_piece_of_either_side_kings_included():
    state = position(
        """
        ......
        ......
        ......
        ....k.
        ......
        ..M...
        .....K
        """,
    )
    swap = state.parse_action("Me4@Kc2")
    assert swap == Swap(sq("c2"), sq("e4"))
    events = play(state, "Me4@Kc2")
    assert [e.kind for e in events] == ["swap", "skip"]  # nothing of White's on dark
    assert (events[0]["a"], events[0]["b"]) == (sq("c2"), sq("e4"))
    assert state.piece_at(sq("c2")) == (1, "king")
    assert state.piece_at(sq("e4")) == (0, "mage")


def test_swap_notation_leaves_out_the_pawn_letter():
    state = position(
        """
        ..p...
        ......
        m.....
        ......
        ......
        ......
        ...Kk.
        """,
        side="b",
    )
    assert state.part == DARK  # Black has nothing on light squares: skipped
    assert "Mc7@a5" in notations(state)
    play(state, "Mc7@a5")
    assert state.piece_at(sq("a5")) == (1, "pawn")


def test_a_piece_swapped_by_the_mage_keeps_its_own_part():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        ..R...
        ..M...
        ...K..
        """,
    )
    # c2 light: the Mage moves in the light part; c3 dark: the Rook's part.
    assert GEO.is_light(sq("c2")) and not GEO.is_light(sq("c3"))
    play(state, "Mc3@Rc2")
    assert state.part == DARK
    # The Rook began the turn on c3 (dark) and may move from c2; the Mage,
    # now on the dark square c3, has had its part.
    assert {GEO.name(s) for s in state.movers()} == {"c2"}
    assert state.to_text().split()[2] == "d-c3+c2"
    assert {GEO.name(a.frm) for a in state.legal_actions(0)} == {"c2"}
    copy = GAME.from_text(state.to_text())
    assert copy.movers() == state.movers()


def test_a_pawn_swapped_to_its_last_rank_waits_and_promotes_later():
    state = position(
        """
        .M.k..
        ......
        .P....
        ......
        ......
        ......
        ....K.
        """,
    )
    events = play(state, "Mb5@b7")
    assert [e.kind for e in events] == ["swap"]
    assert state.piece_at(sq("b7")) == (0, "pawn")  # no promotion now
    play(state, "Ke3", "Kd5")  # White's dark part, Black's light part
    assert state.turn == 0 and state.part == LIGHT
    pawn_actions = [a for a in state.legal_actions(0) if a.frm == sq("b7")]
    assert pawn_actions == [Promote(sq("b7"), "queen")]  # a promotion-only move
    events = play(state, "b7=Q")
    assert [e.kind for e in events] == ["promote"]
    assert state.piece_at(sq("b7")) == (0, "queen")
    assert state.pool(0) == []


def test_a_pawn_swapped_onto_its_last_rank_does_not_promote_in_the_same_turn():
    # The b6 pawn stands on a dark square: swapped to b7 by the light part's
    # Mage, it still has the dark part, but a swapped pawn promotes on a
    # later turn only.
    state = GAME.from_text("1M1k2/1P4/6/6/6/6/4K1 w l - Qq 0 0 1")
    play(state, "Mb6@b7")
    assert state.part == DARK and state.piece_at(sq("b7")) == (0, "pawn")
    assert "b7=Q" not in notations(state)
    assert not any(a.frm == sq("b7") for a in state.legal_actions(0))
    play(state, "Kf2", "Kc6")  # White's dark part, Black's light part
    assert state.turn == 0 and state.part == LIGHT
    assert "b7=Q" in notations(state)  # the next turn: a promotion-only move


# -- the other pieces ------------------------------------------------------------------


def test_assassin_captures_one_or_two_diagonally_without_jumping():
    state = position(
        """
        ...k..
        ......
        .p.r..
        ......
        .A.p..
        p.....
        ...K..
        """,
    )
    a = "b3"
    assert GEO.is_light(sq(a))
    captures = {
        GEO.name(x.to) for x in state.legal_actions(0) if type(x) is Move and x.frm == sq(a)
    }
    # a2 (1 diagonal), d5 (2 diagonal via c4, empty); d3 is orthogonal: no.
    assert captures == {"a2", "d5"}
    # b5 is orthogonal, not diagonal: never captured by the Assassin.
    state = position(
        """
        ...k..
        ......
        ...r..
        ..p...
        .A....
        ......
        ...K..
        """,
    )
    captures = {
        GEO.name(x.to) for x in state.legal_actions(0) if type(x) is Move and x.frm == sq("b3")
    }
    assert captures == {"c4"}  # d5 is behind c4: blocked


def test_assassin_teleports_to_any_empty_square_of_its_colour():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        ......
        ......
        .A.K..
        """,
    )
    teleports = {GEO.name(x.to) for x in state.legal_actions(0) if type(x) is Teleport}
    light_empty = {
        GEO.name(s) for s in range(GEO.size) if GEO.is_light(s) and state.piece_at(s) is None
    }
    assert teleports == light_empty
    assert "f7" in teleports and "a2" in teleports
    events = play(state, "Af7")
    assert [e.kind for e in events][0] == "teleport"
    assert (events[0]["frm"], events[0]["to"]) == (sq("b1"), sq("f7"))


def test_king_moves_as_ferz_or_jumping_dabbaba():
    state = position(
        """
        ......
        ......
        ..p...
        ..P...
        ..pKP.
        ...p..
        k.....
        """,
    )
    # d3 is light. Ferz: c2, e2, e4 (c4 holds White's own pawn). Dabbaba,
    # jumping whatever stands between: d1, d5, b3, f3. No orthogonal step.
    assert targets(state, "d3") == {"c2", "e2", "e4", "d1", "d5", "b3", "f3"}
    assert "Kd1" in notations(state) and "Kd4" not in notations(state)


def test_cardinal_moves_as_bishop_and_knight():
    state = position(
        """
        k.....
        ......
        ......
        ......
        ....P.
        ......
        K....C
        """,
    )
    # f1 light: bishop e2, d3, c4, b5, a6; knight d2 (e3 holds its own pawn).
    assert targets(state, "f1") == {"e2", "d3", "c4", "b5", "a6", "d2"}


def test_rook_slides_orthogonally():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        p.....
        ......
        R.K...
        """,
    )
    assert targets(state, "a1") == {"a2", "a3", "b1"}


def test_pawn_steps_without_a_double_step_and_leaps_the_piece_in_front():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        .p.K..
        .P.P..
        ......
        """,
    )
    # The pawns on b2 and d2 stand on dark squares: the d3 King's light part first.
    assert not GEO.is_light(sq("b2")) and not GEO.is_light(sq("d2"))
    play(state, "Kc4")
    assert targets(state, "b2") == {"b4"}  # b3 holds a pawn: a non-capturing leap
    assert targets(state, "d2") == {"d3"}  # one step: no double step from rank 2
    assert "b4" in notations(state)


def test_pawn_leap_needs_an_empty_square_beyond_and_never_captures():
    state = position(
        """
        ...k..
        ......
        ......
        .r....
        .p....
        .P....
        ...K..
        """,
    )
    assert targets(state, "b2") == set()


def test_pawn_leaps_over_a_piece_of_its_own_side_too():
    state = position(
        """
        .....k
        ......
        ......
        ......
        ......
        ..R...
        ..PK..
        """,
    )
    # A White pawn on c1 (a swap can put it there) and its own Rook on c2. The
    # light part goes to the d1 King; then the pawn (dark) leaps the Rook.
    play(state, "Ke2")
    assert targets(state, "c1") == {"c3"}


def test_pawn_captures_diagonally_and_there_is_no_en_passant():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        .p....
        P.....
        ...K..
        """,
    )
    assert targets(state, "a2") == {"a3", "b3"}
    assert "P:b3" in notations(state)


def test_promotion_choices_come_from_the_pool_or_stay_a_pawn():
    state = position(
        """
        .....k
        ..P...
        ......
        ......
        ......
        ......
        ....K.
        """,
        pools="QCAq",
    )
    assert GEO.is_light(sq("c6"))
    assert {n for n in notations(state) if n.startswith("c7")} == {
        "c7",
        "c7=Q",
        "c7=C",
        "c7=A",
    }
    events = play(state, "c7=C")
    assert [e.kind for e in events] == ["move", "promote"]
    assert state.piece_at(sq("c7")) == (0, "cardinal")
    assert state.pool(0) == ["queen", "assassin"]


def test_a_pawn_that_stays_on_the_last_rank_cannot_move_or_capture():
    state = position(
        """
        .P.k..
        ..r...
        ......
        ......
        ......
        ......
        ....K.
        """,
        pools="-",
    )
    assert targets(state, "b7") == set()
    assert not any(a.frm == sq("b7") for a in state.legal_actions(0))


def test_at_most_one_queen_per_side():
    state = position(
        """
        .....k
        ..P...
        ......
        ......
        ......
        .Q....
        ....K.
        """,
        pools="QCq",  # a crafted pool: the Queen there may not join the one on b2
    )
    assert {n for n in notations(state) if n.startswith("c7")} == {"c7", "c7=C"}


def test_captured_pieces_go_to_their_owners_pool_but_not_kings_or_pawns():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        ..c...
        .P.p..
        ..K.K.
        """,
        pools="-",
    )
    # White has nothing on light squares: straight to the dark part.
    play(state, "P:c3")
    assert state.pool(1) == ["cardinal"]
    assert state.pool(0) == []
    state = position(
        """
        ...k..
        ......
        ......
        ......
        ..m...
        .P....
        ..K...
        """,
        pools="-",
    )
    play(state, "P:c3")
    assert state.pool(1) == ["mage"]


# -- the end ---------------------------------------------------------------------------


def test_the_first_king_capture_is_plus_and_the_game_goes_on():
    state = position(
        """
        ......
        ......
        ......
        ......
        .k.k..
        .R....
        ...K..
        """,
    )
    play(state, "Ke2")
    assert "R:b3+" in notations(state)
    events = play(state, "R:b3+")
    assert not state.is_over()
    assert [e.kind for e in events][:2] == ["capture", "move"]
    assert events[0]["piece"] == (1, "king")
    assert len(state.kings(1)) == 1
    assert state.pool(1) == ["queen"]  # kings never go to the pool


def test_capturing_the_last_king_wins_at_once_even_in_the_light_part():
    state = position(
        """
        ......
        ......
        ......
        ......
        ......
        ..k...
        ...K..
        """,
    )
    assert "K:c2++" in notations(state)
    events = play(state, "K:c2++")
    assert state.is_over()
    assert state.result().points == (1.0, 0.0)
    assert "Both of Black's kings" in state.result().reason
    assert [e.kind for e in events] == ["capture", "move", "game_over"]
    assert state.to_act() == ()
    assert state.legal_actions(0) == []


def test_the_example_games_last_turn_swap_then_rook():
    """ "The black Mage swaps with the last white King on the light square move,
    and then the black Rook captures it on the dark square move."""
    state = position(
        """
        r....k
        ......
        ......
        m.....
        ......
        ..K...
        ......
        """,
        side="b",
    )
    assert GEO.is_light(sq("a4")) and GEO.is_light(sq("c2")) and not GEO.is_light(sq("a7"))
    play(state, "Mc2@Ka4")
    assert state.piece_at(sq("a4")) == (0, "king")
    assert state.part == DARK
    assert "R:a4++" in notations(state)
    play(state, "R:a4++")
    assert state.result().points == (0.0, 1.0)


def test_the_swap_reaches_no_further_than_three_squares():
    # The Notes: an unlimited swap would let a Mage fetch a far king for the Rook.
    state = position(
        """
        r....k
        ......
        m.....
        ......
        ......
        ......
        ....K.
        """,
        side="b",
    )
    assert not any(type(a) is Swap for a in state.legal_actions(1))


def test_the_printed_example_game_diverges_at_whites_first_dark_part():
    state = GAME.new()
    play(state, "Mb3")  # 1. Mb3: the Mage dropped on a light square
    assert state.piece_at(sq("b3")) == (0, "mage")
    with pytest.raises(IllegalAction):
        state.parse_action("Kc2")  # White's own pawn stands on c2; c2 is light
    # No White king can reach c2 in any part: c1 is dark, d1 cannot get there.
    assert "Kc2" not in notations(state)


def test_fifty_moves_without_capture_or_pawn_move_draw():
    state = position(
        """
        ...k..
        ......
        ......
        ......
        ......
        ......
        R..K..
        """,
        clock=199,
    )
    play(state, "Ke2")
    assert state.is_over() and "Fifty moves" in state.result().reason


def test_a_mage_drop_does_not_reset_the_fifty_move_count():
    # FIDE's count runs until a capture or a pawn move; a drop is neither.
    state = GAME.from_text("2k3/6/6/6/6/6/2K3 w l Mm Qq 0 150 1")
    play(state, "Mb1")
    assert state.clock == 151
    state = GAME.from_text("2k3/6/6/6/6/6/2K3 w l Mm Qq 0 199 1")
    play(state, "Mb1")
    assert state.is_over() and "Fifty moves" in state.result().reason


def test_a_pawn_move_a_promotion_or_a_capture_resets_the_count():
    board = """
        ...k..
        ......
        .P....
        ......
        ..p...
        .P....
        ...K..
        """
    state = position(board, clock=150)
    play(state, "b6")  # a pawn's step, in the light part (b5 is light)
    assert state.clock == 0
    state = position(board, clock=150)
    play(state, "Kc2")  # a King move counts one part...
    assert state.clock == 151
    play(state, "P:c3")  # ...and the dark pawn's capture starts the count again
    assert state.clock == 0
    state = GAME.from_text("1P1k2/6/6/6/6/6/4K1 w l - Qq 0 150 1")
    play(state, "b7=Q")  # a promotion-only move is the pawn's move
    assert state.clock == 0


def test_a_mage_swapping_a_pawn_is_the_mages_move_not_the_pawns():
    # The swap neither resets the fifty-move count nor ends the repetition
    # count: the Mage can swap the pawn straight back.
    state = position(
        """
        k.....
        ......
        ......
        ......
        .P....
        ......
        .M.K..
        """,
        clock=10,
    )
    play(state, "Mb3@b1")
    assert state.piece_at(sq("b1")) == (0, "pawn") and state.clock == 11
    play(state, "Kb6", "Mb1@b3", "Ka7")  # the start again: twice
    play(state, "Mb3@b1", "Kb6", "Mb1@b3", "Ka7")  # three times
    assert state.is_over()
    assert "three times" in state.result().reason


def test_threefold_repetition_draws():
    state = position(
        """
        k....P
        ......
        ......
        ......
        ......
        ......
        .K...p
        """,
        pools="-",
    )
    # b1 light king, a7 dark king: one part each; the pawns wait on their
    # last ranks with empty pools (and keep the position alive).
    for _ in range(2):
        play(state, "Kc2", "Kb6", "Kb1", "Ka7")
    assert state.is_over()
    assert "three times" in state.result().reason


def test_only_colour_bound_pieces_apart_is_a_dead_draw():
    state = position(
        """
        ..k...
        ......
        ......
        ......
        ......
        ......
        ...K..
        """,
        pools="-",
    )
    # c7 dark king, d1 light king: they can never meet.
    assert state.is_over()
    assert "No capture is possible" in state.result().reason


# -- text, notation, saves -------------------------------------------------------------


def test_position_text_round_trips_and_rejects_nonsense():
    for text in (
        START_TEXT,
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC b l m QCAqrm 1 12 7",
        "rakkac/pppppp/6/6/P5/1PPPPP/RAKKAC w d-a3 Mm Qq 0 0 1",
        "3k2/6/6/6/2M3/2R3/3K2 w d-c3+c2 - Qq 0 0 1",
    ):
        assert GAME.from_text(text).to_text() == text
    # Pools and hands print in a fixed order whatever order they were read in.
    text = GAME.from_text("rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l mM qAQ 0 0 1").to_text()
    assert text.split()[3:5] == ["Mm", "QAq"]
    for bad in (
        "rakkac/pppppp/6/6/6/PPPPPP w l Mm Qq 0 0 1",  # six ranks
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC x l Mm Qq 0 0 1",
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w z Mm Qq 0 0 1",
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Kq 0 0 1",  # kings never pooled
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w d+a3 Mm Qq 0 0 1",  # a3 is empty
        "6/6/6/6/6/6/6 w l - - 0 0 1",  # no kings at all
        "rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq zero 0 1",
    ):
        with pytest.raises(ValueError):
            GAME.from_text(bad)


def test_dark_part_text_names_the_exceptions():
    state = GAME.new()
    play(state, "a3")  # the a2 pawn now stands on the dark square a3
    assert state.to_text() == "rakkac/pppppp/6/6/P5/1PPPPP/RAKKAC w d-a3 Mm Qq 0 0 1"
    assert GAME.from_text(state.to_text()).movers() == state.movers()


def test_actions_print_and_parse_both_ways():
    state = GAME.new()
    for action in state.legal_actions(0):
        assert state.parse_action(state.notation(action)) == action
        assert state.parse_action(str(action)) == action
    assert state.parse_action("M@b3") == Drop(sq("b3"))
    assert state.parse_action("Mb3") == Drop(sq("b3"))
    play(state, "Mb3", "d3")
    play(state, "e5")
    with pytest.raises(IllegalAction):
        state.parse_action("Q:a1")


def test_action_types_never_compare_equal_to_each_other():
    assert Teleport(1, 2) != Swap(1, 2)
    assert Teleport(1, 2) not in [Swap(1, 2)]
    assert Drop(3, "mage") != Promote(3, "mage")
    assert len({Teleport(1, 2), Swap(1, 2), Move(1, 2)}) == 3


def _random_game(seed: int, steps: int = 120) -> Match:
    match = Match("mulligan_stew", seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        state = match.state
        if state.is_over():
            break
        seat = state.to_act()[0]
        actions = state.legal_actions(seat)
        assert actions
        texts = [state.notation(a) for a in actions]
        assert len(set(texts)) == len(texts)  # notation names each action once
        action = rng.choice(actions)
        piece = state.piece_at(action.frm) if action.frm >= 0 else None
        if piece is not None and piece.kind in ("king", "assassin") and type(action) is not Swap:
            # Colour-bound: only a Mage's swap changes their colour.
            assert GEO.is_light(action.frm) == GEO.is_light(action.to)
        match.play({seat: action})
        state = match.state
        text = state.to_text()
        copy = GAME.from_text(text)
        assert copy.to_text() == text
        if not state.is_over():
            assert sorted(map(str, copy.legal_actions(copy.turn))) == sorted(
                map(str, state.legal_actions(state.turn))
            )
        for seat in (0, 1):
            kinds = [p.kind for p in state.pieces().values() if p.side == seat]
            assert kinds.count("queen") <= 1
            assert len(state.kings(seat)) <= 2
    return match


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=0, max_value=10_000))
@pytest.mark.slow  # fast cover: conformance's mulligan_stew-short keeps the invariants fast
def test_random_games_keep_invariants_and_survive_a_save(seed):
    match = _random_game(seed)
    restored = Match.from_dict(match.to_dict())
    assert restored.state.to_text() == match.state.to_text()
    assert restored.move_list() == match.move_list()


def test_random_games_finish():
    for seed in range(5):
        match = _random_game(seed, steps=5000)
        assert match.state.is_over()


# -- computer play ------------------------------------------------------------------------

# Searches in tests stop on depth and nodes, never on the clock: the same
# result on a fast machine and a slow one.


def test_the_evaluation_is_registered_and_counts_kings_pools_and_hands():
    import game.games.mulligan_stew.evaluation as ev
    from game.ai.evaluate import evaluator_for

    start = GAME.new()
    assert evaluator_for(start) is ev.evaluate
    assert ev.evaluate(start, 0) == pytest.approx(0.0)
    # A king down is worse than a cardinal down.
    no_king = GAME.from_text("ra1kac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1")
    no_card = GAME.from_text("rakka1/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm Qq 0 0 1")
    assert ev.evaluate(no_king, 1) < ev.evaluate(no_card, 1) < 0
    # A Mage in hand and pieces in the pool are worth something.
    no_mage = GAME.from_text("rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l m Qq 0 0 1")
    assert ev.evaluate(no_mage, 0) < 0
    rich = GAME.from_text("rakkac/pppppp/6/6/6/PPPPPP/RAKKAC w l Mm QCq 0 0 1")
    assert ev.evaluate(rich, 0) > 0


def test_the_search_finds_the_swap_and_rook_kill():
    from game.ai import think_now

    state = position(
        """
        r....k
        ....p.
        ......
        m.....
        ......
        ..K..P
        ......
        """,
        side="b",
    )
    first = think_now("search:2", state, 1, random.Random(0), **UNTIMED)
    assert state.notation(first) == "Mc2@Ka4"
    state.apply({1: first})
    second = think_now("search:2", state, 1, random.Random(0), **UNTIMED)
    assert state.notation(second) == "R:a4++"


@pytest.mark.slow
def test_a_computer_game_runs_to_its_end():
    from game.ai import make_bot

    state = GAME.new(seed=3)
    bots = [make_bot("search:2:nodes=300", **UNTIMED) for _ in range(2)]
    rng = random.Random(3)
    for _ in range(2000):
        if state.is_over():
            break
        state.apply({state.turn: bots[state.turn].choose(state.view(state.turn), state.turn, rng)})
    assert state.is_over()
