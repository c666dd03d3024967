"""The rules of Tulaga as the app plays them (rules/tulaga.md).

Positions are diagrams of the 9 x 9 points, rank 9 first: "." empty, "b"/"w"
simple stones, "B"/"W" rank stones. Seat 0 is White, seat 1 is Black.
"""

from __future__ import annotations

import random

import pytest
from helpers.bots import UNTIMED
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import IllegalAction
from game.engine.board import parse_diagram
from game.games import load_all
from game.games.tulaga.rules import (
    GEO,
    WINDOWS,
    ChooseStones,
    ChooseTulaga,
    NoRankStone,
    NoReap,
    Place,
    RankStone,
    Reap,
)
from game.match import Match

GAME = load_all()["tulaga"]
WHITE, BLACK = 0, 1


def sq(name: str) -> int:
    return GEO.square(name)


def pts(*names: str) -> tuple[int, ...]:
    return tuple(sorted(sq(n) for n in names))


def position(diagram: str, side="b", phase="place", pending="-", white=None, black=None, ranks=6):
    """The position of ``diagram``. The piles hold what is not on the board
    (12 simple stones and ``ranks`` rank stones a side) unless given as
    (simple, rank)."""
    rows = parse_diagram(diagram, width=9)
    assert len(rows) == 9
    board = "/".join("".join(r) for r in rows)
    cells = "".join(board.split("/"))
    piles = []
    for letter, pile in (("w", white), ("b", black)):
        if pile is None:
            pile = (12 - cells.count(letter), ranks - cells.count(letter.upper()))
        piles.append(f"{letter}={pile[0]},{pile[1]}")
    return GAME.from_text(f"{board} {side} {phase} {pending} {' '.join(piles)}")


def diagram(state) -> str:
    lines = []
    for r in range(8, -1, -1):
        line = ""
        for f in range(9):
            piece = state.piece_at(r * 9 + f)
            if piece is None:
                line += "."
            else:
                letter = "wb"[piece.side]
                line += letter.upper() if piece.kind == "rank_stone" else letter
        lines.append(line)
    return "\n".join(lines)


def clean(text: str) -> str:
    return "\n".join(line.strip() for line in text.strip().splitlines())


def play(state, *moves: str):
    """Play actions in notation; return the events of the last one."""
    events = []
    for text in moves:
        seat = state.to_act()[0]
        events = state.apply({seat: state.parse_action(text)})
    return events


EMPTY = "\n".join(["........."] * 9)


# -- the start -----------------------------------------------------------------------


def test_start_is_an_empty_board_with_full_piles_and_black_to_move():
    state = GAME.new()
    assert GAME.seats == ("White", "Black")
    assert state.to_act() == (BLACK,)
    assert state.pieces() == {}
    assert state.pile == [12, 12] and state.rank_pile == [6, 6]
    assert state.to_text() == "9/9/9/9/9/9/9/9/9 b place - w=12,6 b=12,6"
    assert len(state.legal_actions(BLACK)) == 81
    assert state.legal_actions(WHITE) == []
    assert state.geometry.width == 9 and state.geometry.height == 9


@pytest.mark.parametrize("n", [4, 5, 6])
def test_the_rank_stone_option(n):
    state = GAME.new({"rank_stones": n})
    assert state.rank_pile == [n, n]
    assert state.rank_total(BLACK) == n


def test_other_rank_stone_counts_are_refused():
    with pytest.raises(ValueError):
        GAME.new({"rank_stones": 3})


def test_a_turn_places_one_simple_stone_on_an_empty_point():
    state = GAME.new()
    events = play(state, "e5")
    assert [e.kind for e in events] == ["stone"]
    assert events[0]["point"] == sq("e5") and events[0]["seat"] == BLACK
    assert state.piece_at(sq("e5")) == (BLACK, "stone")
    assert state.piece_at(sq("e5")).kind == "stone"
    assert state.pile == [12, 11]
    assert state.to_act() == (WHITE,)
    assert Place(sq("e5")) not in state.legal_actions(WHITE)
    with pytest.raises(IllegalAction):
        state.apply({WHITE: Place(sq("e5"))})
    with pytest.raises(IllegalAction):
        state.apply({BLACK: Place(sq("a1"))})  # not Black's turn


def test_points_include_the_edges_and_corners():
    state = GAME.new()
    play(state, "a1", "i9", "a9", "i1")
    assert {GEO.name(p) for p in state.pieces()} == {"a1", "i9", "a9", "i1"}


# -- rows ------------------------------------------------------------------------------


def test_a_row_of_five_earns_a_rank_stone_on_one_of_its_points():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbbb.....
        """,
        black=(8, 6),
    )
    events = play(state, "e1")
    assert [e.kind for e in events] == ["stone", "tulaga"]
    assert events[1]["points"] == pts("a1", "b1", "c1", "d1", "e1")
    assert state.phase == "rank"
    assert state.to_act() == (BLACK,)
    legal = state.legal_actions(BLACK)
    assert set(legal) == {RankStone(p) for p in pts("a1", "b1", "c1", "d1", "e1")} | {NoRankStone()}
    events = play(state, "rank c1")
    assert [e.kind for e in events] == ["return", "rank_stone"]
    assert events[0]["points"] == pts("a1", "b1", "c1", "d1", "e1")
    assert events[1]["point"] == sq("c1")
    assert clean(diagram(state)).endswith("..B......")
    assert state.pile[BLACK] == 7 + 5
    assert state.rank_pile[BLACK] == 5
    assert state.to_act() == (WHITE,)  # no White stone to reap: the turn ends


def test_rows_count_on_files_and_both_diagonals():
    for stones, place in (
        (("e1", "e2", "e3", "e4"), "e5"),
        (("a1", "b2", "c3", "d4"), "e5"),
        (("a9", "b8", "c7", "d6"), "e5"),
    ):
        state = GAME.new()
        state.simple[BLACK] = sum(1 << sq(n) for n in stones)
        play(state, place)
        assert state.phase == "rank", stones


def test_four_in_a_row_is_no_tulaga_and_rank_stones_break_a_row():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbBb.....
        """
    )
    play(state, "e1")
    assert state.phase == "place" and state.to_act() == (WHITE,)


def test_opponent_stones_break_a_row():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbwbb....
        """,
    )
    assert state.tulagas(sq("b1"), BLACK) == []
    state2 = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbbwb....
        """
    )
    play(state2, "f1")
    assert state2.phase == "place" and state2.to_act() == (WHITE,)


def test_a_longer_row_lets_the_player_pick_the_five_with_the_new_stone():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbb.bbb..
        """
    )
    play(state, "d1")  # a run of seven, a1-g1, the new stone in the middle
    assert state.phase == "stones"
    choices = [a for a in state.legal_actions(BLACK) if isinstance(a, ChooseStones)]
    assert {a.stones for a in choices} == {
        pts("a1", "b1", "c1", "d1", "e1"),
        pts("b1", "c1", "d1", "e1", "f1"),
        pts("c1", "d1", "e1", "f1", "g1"),
    }
    assert NoRankStone() in state.legal_actions(BLACK)
    play(state, "return c1,d1,e1,f1,g1")
    assert state.phase == "rank"
    assert set(state.legal_actions(BLACK)) == {
        RankStone(p) for p in pts("c1", "d1", "e1", "f1", "g1")
    } | {NoRankStone()}
    play(state, "rank g1")
    assert clean(diagram(state)).endswith("bb....B..")
    assert state.pile[BLACK] == 12 - 2  # all but a1 and b1


def test_a_row_of_six_ending_at_the_new_stone_has_only_one_five():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .bbbbb...
        """
    )
    play(state, "a1")  # a1-f1: the only five with a1 is a1-e1
    assert state.phase == "rank"
    assert {a.point for a in state.legal_actions(BLACK) if isinstance(a, RankStone)} == set(
        pts("a1", "b1", "c1", "d1", "e1")
    )


# -- perimeters ------------------------------------------------------------------------


RING_4 = """
    .........
    .........
    .........
    ...b.....
    .........
    ...b.b...
    .........
    .........
    .........
    """


def test_four_stones_around_an_empty_point_put_the_rank_stone_in_the_centre():
    state = position(RING_4, black=(9, 6))
    events = play(state, "f6")
    assert [e.kind for e in events] == ["stone", "tulaga"]
    assert events[1]["points"] == pts("d4", "d6", "f4", "f6")
    assert state.legal_actions(BLACK) == [RankStone(sq("e5")), NoRankStone()]
    play(state, "rank e5")
    assert clean(diagram(state)) == clean(
        """
        .........
        .........
        .........
        .........
        ....B....
        .........
        .........
        .........
        .........
        """
    )
    assert state.pile[BLACK] == 8 + 4


def test_a_ring_needs_an_empty_centre():
    state = position(
        """
        .........
        .........
        .........
        ...b.....
        ....w....
        ...b.b...
        .........
        .........
        .........
        """,
        black=(9, 6),
    )
    play(state, "f6")
    assert state.phase == "place" and state.to_act() == (WHITE,)


def test_a_ring_needs_a_full_perimeter_so_never_on_the_edge():
    # b1 is on the edge: only five points around it, never a ring's centre,
    # even with four of them Black's.
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbb......
        .........
        """
    )
    play(state, "a1")  # a1, a2, b2, c2 around b1
    assert state.phase == "place" and state.to_act() == (WHITE,)
    # One point in from the edge the perimeter is whole: b2 can be a centre.
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        b........
        .........
        bb.......
        """
    )
    play(state, "a2")  # a1, b1, a2, a3 around b2
    assert state.legal_actions(BLACK) == [RankStone(sq("b2")), NoRankStone()]


def test_a_ring_with_more_than_four_lets_the_player_pick_four_with_the_new_stone():
    state = position(
        """
        .........
        .........
        .........
        ...bb....
        .........
        ...b.b...
        .........
        .........
        .........
        """
    )
    play(state, "f6")  # d6 e6 f6 d4 f4 around e5
    assert state.phase == "stones"
    choices = [a.stones for a in state.legal_actions(BLACK) if isinstance(a, ChooseStones)]
    assert len(choices) == 4  # f6 plus three of the other four
    assert all(sq("f6") in c and len(c) == 4 for c in choices)
    play(state, "return d4,d6,e6,f6")
    assert state.legal_actions(BLACK) == [RankStone(sq("e5")), NoRankStone()]
    play(state, "rank e5")
    assert state.piece_at(sq("f4")) == (BLACK, "stone")  # the fifth stays
    assert state.piece_at(sq("e5")) == (BLACK, "rank_stone")


DOUBLE = """
    ....b....
    ....b....
    ....b....
    ....b....
    .........
    ..b......
    ..bb.....
    .........
    .........
    """


def test_a_tulaga_formed_two_ways_at_once_is_the_players_choice():
    # e5 completes the file e5-e9 and the ring c3, d3, c4, e5 around d4.
    state = position(DOUBLE)
    events = play(state, "e5")
    assert events[-1].kind == "tulaga"
    assert len(events[-1]["tulagas"]) == 2
    assert events[-1]["points"] == pts("c3", "d3", "c4", "e5", "e6", "e7", "e8", "e9")
    assert state.phase == "tulaga"
    legal = state.legal_actions(BLACK)
    assert set(map(str, legal)) == {"row e5-e9", "ring d4", "no rank"}
    assert ChooseTulaga(None, pts("e5", "e6", "e7", "e8", "e9")) in legal
    assert ChooseTulaga(sq("d4"), pts("c3", "d3", "c4", "e5")) in legal
    # Taking the row leaves the ring incomplete: e5 went back to the pile.
    play(state, "row e5-e9", "rank e9")
    assert state.to_act() == (WHITE,)
    assert state.piece_at(sq("e5")) is None
    assert state.piece_at(sq("d4")) is None
    assert state.tulagas(sq("c4"), BLACK) == []
    assert state.pile[BLACK] == 12 - 3  # all but c3, d3 and c4


def test_the_ring_of_a_double_tulaga():
    state = position(DOUBLE)
    play(state, "e5", "ring d4")
    assert state.legal_actions(BLACK) == [RankStone(sq("d4")), NoRankStone()]
    play(state, "rank d4")
    assert state.piece_at(sq("d4")) == (BLACK, "rank_stone")
    assert state.piece_at(sq("e6")) == (BLACK, "stone")  # the row lost e5
    assert state.pile[BLACK] == 12 - 4  # all but e6-e9


# -- declining -------------------------------------------------------------------------


@pytest.mark.parametrize("phase_moves", [(), ("return b1,c1,d1,e1,f1",)])
def test_declining_the_rank_stone_leaves_the_stones_on_the_board(phase_moves):
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bbb.bbb..
        """
    )
    play(state, "d1", *phase_moves)
    before = diagram(state)
    events = play(state, "no rank")
    assert [e.kind for e in events] == ["decline"]
    assert diagram(state) == before
    assert state.pile[BLACK] == 12 - 7 and state.rank_pile[BLACK] == 6
    assert state.to_act() == (WHITE,)


def test_declining_a_double_tulaga_at_once():
    state = position(DOUBLE)
    play(state, "e5", "no rank")
    assert state.to_act() == (WHITE,) and state.rank_pile[BLACK] == 6
    assert state.piece_at(sq("e5")) == (BLACK, "stone")


def test_a_declined_tulaga_is_gone_but_extending_it_makes_a_new_one():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .bbbb....
        """
    )
    play(state, "a1", "no rank", "i9", "a5", "i8")
    assert state.to_act() == (BLACK,) and state.phase == "place"  # a5 made nothing
    play(state, "f1")  # a run of six now, the new stone at its end
    assert state.phase == "rank"
    assert {a.point for a in state.legal_actions(BLACK) if isinstance(a, RankStone)} == set(
        pts("b1", "c1", "d1", "e1", "f1")
    )


# -- reaping ----------------------------------------------------------------------------


REAP = """
    ..w......
    ..W......
    ..b......
    ..w......
    .........
    .........
    ..w......
    .........
    bb.bb....
    """


def test_reaping_takes_opponent_stones_and_replaces_rank_stones():
    state = position(REAP)
    play(state, "c1", "rank c1")
    assert state.phase == "reap"
    assert set(state.legal_actions(BLACK)) == {Reap("N"), NoReap()}
    events = play(state, "reap N")
    assert [e.kind for e in events] == ["reap"]
    reap = events[0]
    assert reap["direction"] == "N"
    assert reap["points"] == pts("c3", "c6", "c8", "c9")
    assert reap["replaced"] == (sq("c8"),)
    assert clean(diagram(state)) == clean(
        """
        .........
        ..B......
        ..b......
        .........
        .........
        .........
        .........
        .........
        ..B......
        """
    )
    assert state.pile == [9 + 3, 7 - 1 + 5]
    assert state.rank_pile == [5 + 1, 6 - 2]
    assert state.to_act() == (WHITE,)


def test_a_reap_with_no_rank_stones_left_to_replace():
    state = position(
        """
        ..W......
        ..W......
        ..w......
        .........
        ......BB.
        ......BB.
        .........
        .........
        bb.bb....
        """
    )
    assert state.rank_pile == [4, 2]
    play(state, "c1", "rank c1", "reap N")
    # c8 became Black's last rank stone; c9 went back to White unreplaced.
    assert state.piece_at(sq("c8")) == (BLACK, "rank_stone")
    assert state.piece_at(sq("c9")) is None
    assert state.rank_pile == [6, 0]
    assert state.result().points == (0.0, 1.0)  # and that was Black's last one


def test_no_reap_and_own_stones_are_untouched():
    state = position(REAP)
    play(state, "c1", "rank c1", "no reap")
    assert state.piece_at(sq("c3")) == (WHITE, "stone")
    assert state.to_act() == (WHITE,)
    state = position(REAP)
    play(state, "c1", "rank c1", "reap N")
    assert state.piece_at(sq("c7")) == (BLACK, "stone")


def test_only_directions_that_reach_an_opponent_stone_are_offered():
    state = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bb.bb..ww
        """,
        side="b",
    )
    play(state, "c1", "rank e1")
    assert set(state.legal_actions(BLACK)) == {Reap("E"), NoReap()}
    play(state, "reap E")
    assert state.pile[WHITE] == 12  # h1 and i1 are back: every stone in the pile


def test_a_rank_stone_with_nothing_to_reap_ends_the_turn():
    state = position(
        """
        w........
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bb.bb....
        """
    )
    play(state, "c1", "rank e1")
    assert state.to_act() == (WHITE,)


# -- the end ---------------------------------------------------------------------------


def test_the_last_rank_stone_on_the_board_wins_at_once():
    # Five of Black's six rank stones are on the board already.
    state = position(
        """
        .........
        .........
        .........
        .........
        B.B.B.B.B
        .........
        .........
        .........
        bb.bb....
        """
    )
    assert state.rank_pile[BLACK] == 1
    events = play(state, "c1", "rank a1")
    assert [e.kind for e in events] == ["return", "rank_stone", "game_over"]
    assert state.is_over() and state.result().points == (0.0, 1.0)
    assert state.to_act() == ()
    assert "Black wins" in state.result().reason


def test_starting_a_turn_without_simple_stones_loses():
    # All twelve of White's simple stones are on the board, and eleven of
    # Black's: Black places the last one, and White has none to place.
    state = position(
        """
        b.b.b.b.b
        b........
        b.b.b.b.b
        .........
        w.w......
        .........
        w.w.w.w.w
        .........
        w.w.w.w.w
        """
    )
    assert state.pile == [0, 1]
    events = play(state, "e5")
    assert events[-1].kind == "game_over"
    assert state.result().points == (0.0, 1.0)
    assert "White has no simple stone" in state.result().reason
    assert state.legal_actions(WHITE) == []


def test_a_tulaga_refills_the_pile_in_time():
    # Black's last stone completes a row; the five come back, so Black plays on.
    state = position(
        """
        b.b.b.b..
        .........
        b.b.b....
        .........
        .........
        .........
        .........
        .........
        bbbb.....
        """
    )
    assert state.pile[BLACK] == 1
    play(state, "e1", "rank a1")
    assert state.pile[BLACK] == 5
    play(state, "i9")
    assert not state.is_over() and state.to_act() == (BLACK,)


def test_black_to_place_with_an_empty_pile_has_lost():
    state = position(
        """
        b.b.b.b.b
        .........
        b.b.b.b.b
        .........
        b.b......
        .........
        .........
        .........
        .........
        """
    )
    assert state.pile[BLACK] == 0 and state.to_act() == ()
    assert state.result().points == (1.0, 0.0)


# -- notation and text -----------------------------------------------------------------


def test_actions_of_different_kinds_never_compare_equal():
    assert Place(5) != RankStone(5)
    assert hash(Place(5)) != hash(RankStone(5)) or Place(5) != RankStone(5)
    assert NoRankStone() != NoReap()
    assert Place(5) == Place(5) and len({Place(5), Place(5), RankStone(5)}) == 2


WALK = """
    ....b....
    ....b....
    ....b....
    ....b....
    w........
    ..b.b....
    ..bb.....
    .........
    .........
    """
WALK_MOVES = ("e5", "row e4-e9", "return e5,e6,e7,e8,e9", "rank e5")


def test_notation_reads_back_in_every_phase():
    state = position(WALK)
    seen = set()
    for move in WALK_MOVES:
        for action in state.legal_actions(BLACK):
            text = state.notation(action)
            assert state.parse_action(text) == action
            assert state.parse_action(text.upper()) == action
            seen.add(text)
        play(state, move)
    assert state.phase == "reap"
    for action in state.legal_actions(BLACK):
        assert state.parse_action(str(action)) == action
    assert state.parse_action("Reap w") == Reap("W")
    assert {"e5", "row e4-e9", "ring d4", "ring d5", "no rank", "rank e5"} <= seen
    assert {"return e4,e5,e6,e7,e8", "return e5,e6,e7,e8,e9"} <= seen
    with pytest.raises(IllegalAction):
        state.parse_action("reap E")
    with pytest.raises(IllegalAction):
        state.parse_action("z9")


def test_position_text_round_trips_in_every_phase():
    state = position(WALK)
    texts = [state.to_text()]
    for move in WALK_MOVES:
        play(state, move)
        texts.append(state.to_text())
    assert texts[0].split()[1:] == ["b", "place", "-", "w=11,6", "b=4,6"]
    assert texts[1].split()[2:4] == ["tulaga", "new=e5"]
    assert texts[2].split()[2:4] == ["stones", "new=e5;stones=e4,e5,e6,e7,e8,e9"]
    assert texts[3].split()[2:4] == ["rank", "new=e5;stones=e5,e6,e7,e8,e9"]
    assert texts[4].split()[2:] == ["reap", "rank=e5", "w=11,6", "b=8,5"]
    assert texts[4].split()[0] == "9/9/9/9/w3B4/2b1b4/2bb5/9/9"
    for text in texts:
        again = GAME.from_text(text)
        assert again.to_text() == text
        assert again.legal_actions(again.turn) == GAME.from_text(text).legal_actions(again.turn)
    play(state, "reap W")
    assert state.to_text() == "9/9/9/9/4B4/2b1b4/2bb5/9/9 w place - w=12,6 b=8,5"


@pytest.mark.parametrize(
    "text",
    [
        "",
        "9/9/9/9/9/9/9/9 b place - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/9x b place - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/8 b place - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/9 x place - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/9 b dance - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/9 b reap - w=12,6 b=12,6",
        "9/9/9/9/9/9/9/9/9 b place - w=12 b=12,6",
    ],
)
def test_bad_position_text_is_refused(text):
    with pytest.raises(ValueError):
        GAME.from_text(text)


def test_pile_counts_must_add_up_with_the_stones_on_the_board():
    # Black has 4 simple stones on the board: 16 more in the pile would make 20.
    with pytest.raises(ValueError, match=r"Black has 12 simple stones: 4 on the board and 16"):
        GAME.from_text("9/9/9/9/w3B4/2b1b4/2bb5/9/9 w place - w=11,6 b=16,5")
    # White has 1 simple stone on the board and 5 rank stones in all, Black 6.
    with pytest.raises(ValueError, match=r"the same number of rank stones"):
        GAME.from_text("9/9/9/9/w3B4/2b1b4/2bb5/9/9 w place - w=11,5 b=8,5")
    with pytest.raises(ValueError, match=r"4, 5 or 6 rank stones"):
        GAME.from_text("9/9/9/9/9/9/9/9/9 b place - w=12,3 b=12,3")
    text = "9/9/9/9/w3B4/2b1b4/2bb5/9/9 w place - w=11,6 b=8,5"
    assert GAME.from_text(text).to_text() == text


def test_the_rule_sheets_positions_are_possible_ones():
    import re
    from pathlib import Path

    sheet = Path(__file__).resolve().parents[3] / "rules" / "tulaga.md"
    texts = re.findall(r"`([1-9wbWB./]+ [wb] [a-z]+ \S+ w=\d+,\d+ b=\d+,\d+)`", sheet.read_text())
    assert len(texts) >= 2
    for text in texts:
        assert GAME.from_text(text).to_text() == text


def test_prompts_name_each_decision():
    state = position(WALK)
    prompts = [state.prompt(BLACK)]
    for move in WALK_MOVES:
        play(state, move)
        prompts.append(state.prompt(BLACK))
    assert prompts[0] == "Black: place a stone"
    assert prompts[1] == "Black: which Tulaga?"
    assert prompts[2] == "Black: which five go back?"
    assert prompts[3] == "Black: place the rank stone?"
    assert prompts[4] == "Black: reap which way?"


def test_windows_are_every_row_of_five():
    assert len(WINDOWS) == 140
    assert all(w.bit_count() == 5 for w in WINDOWS)


# -- random games -------------------------------------------------------------------------


def _playout_action(state, seat, rng):
    """Random, but leaning towards stones next to one's own, so Tulagas and
    reaps come up often."""
    actions = state.legal_actions(seat)
    if state.phase == "place" and rng.random() < 0.8:
        own = state.simple[seat]
        near = [a for a in actions if GEO.king[a.point] & own]
        if near:
            return rng.choice(near)
    if state.phase != "place" and rng.random() < 0.85:
        taking = [a for a in actions if not isinstance(a, NoRankStone | NoReap)]
        if taking:
            return rng.choice(taking)
    return rng.choice(actions)


def _check_invariants(state, total_rank):
    for seat in (WHITE, BLACK):
        on_board = state.simple[seat].bit_count()
        assert on_board + state.pile[seat] == 12
        assert state.rank_on_board(seat) + state.rank_pile[seat] == total_rank
    occupied = [state.simple[0], state.simple[1], state.rank[0], state.rank[1]]
    for i, a in enumerate(occupied):
        for b in occupied[i + 1 :]:
            assert a & b == 0
    assert GAME.from_text(state.to_text()).to_text() == state.to_text()


@pytest.mark.slow  # conformance plays Tulaga at random in the fast tier
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), n=st.sampled_from([4, 5, 6]))
def test_random_games_keep_the_invariants_and_survive_a_save(seed, n):
    rng = random.Random(seed)
    match = Match("tulaga", {"rank_stones": n}, seed=seed)
    kinds = set()
    for _ in range(400):
        state = match.state
        if state.is_over():
            break
        (seat,) = state.to_act()
        for action in state.legal_actions(seat):
            probe = state.copy()
            probe.apply({seat: action})
            assert state.parse_action(state.notation(action)) == action
        action = _playout_action(state, seat, rng)
        kinds.update(e.kind for e in match.play({seat: action}))
        _check_invariants(match.state, n)
        if len(match.history) % 25 == 0:
            again = Match.from_dict(match.to_dict())
            assert again.state.to_text() == match.state.to_text()
    again = Match.from_dict(match.to_dict())
    assert again.state.to_text() == match.state.to_text()
    assert again.state.result().points == match.state.result().points


def test_random_games_reach_every_kind_of_event():
    kinds = set()
    ends = set()
    for seed in range(60):
        rng = random.Random(seed)
        state = GAME.new({"rank_stones": 4}, seed)
        for _ in range(600):
            if state.is_over():
                ends.add("rank" if "rank stone" in state.result().reason else "stones")
                break
            (seat,) = state.to_act()
            kinds.update(e.kind for e in state.apply({seat: _playout_action(state, seat, rng)}))
    assert {"stone", "tulaga", "return", "rank_stone", "reap", "decline", "game_over"} <= kinds
    assert ends == {"rank", "stones"}


# -- computer play ---------------------------------------------------------------------

# Searches in tests stop on depth and nodes, never on the clock: the same
# result on a fast machine and a slow one.


def test_the_evaluation_is_registered_and_values_threats():
    from game.ai.evaluate import evaluator_for
    from game.games.tulaga.evaluation import evaluate

    assert evaluator_for(GAME.new()) is evaluate
    four = position(
        """
        .........
        .........
        .........
        .........
        .bbbb....
        .........
        .........
        .........
        .........
        """,
        side="w",
    )
    three = position(EMPTY.replace(".........", ".bbb.....", 1), side="w")
    assert evaluate(four, BLACK) > evaluate(three, BLACK) > evaluate(GAME.new(), BLACK)
    assert evaluate(four, WHITE) == -evaluate(four, BLACK)
    # A rank stone on the board outweighs the threats its stones made.
    taken = position(EMPTY.replace(".........", "..B......", 1), side="w", black=(12, 5))
    assert evaluate(taken, BLACK) > evaluate(four, BLACK)


def test_the_evaluation_sees_no_ring_threat_around_an_edge_point():
    from game.games.tulaga.evaluation import evaluate

    # Three Black stones around the edge point b1 threaten nothing (a ring
    # needs a full perimeter); three around b2 threaten a ring.
    edge = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        .........
        bb.......
        b........
        """
    )
    inner = position(
        """
        .........
        .........
        .........
        .........
        .........
        .........
        b........
        .........
        b.b......
        """
    )
    assert evaluate(inner, BLACK) > evaluate(edge, BLACK)
    assert evaluate(edge, BLACK) < 8.0  # no completion point for the side to place


DIAGONAL_FOUR = """
    .........
    .........
    .........
    .........
    ....b....
    ...b.....
    .........
    .b.......
    b........
    """


def test_the_bot_completes_a_tulaga_and_takes_the_rank_stone():
    from game.ai import think_now

    rng = random.Random(3)
    state = position(DIAGONAL_FOUR, side="b")
    action = think_now("search:2", state, BLACK, rng, **UNTIMED)
    assert action == Place(sq("c3"))
    play(state, str(action))
    assert isinstance(think_now("search:2", state, BLACK, rng, **UNTIMED), RankStone)


def test_the_bot_blocks_the_only_completion_point():
    from game.ai import think_now

    state = position(DIAGONAL_FOUR, side="w")
    action = think_now("search:2", state, WHITE, random.Random(4), **UNTIMED)
    assert action == Place(sq("c3"))


# Slow: a whole game between searches; the levels' tests are its fast cover.
@pytest.mark.slow
def test_a_bot_game_finishes():
    from game.ai import make_bot

    state = GAME.new({"rank_stones": 4}, seed=7)
    bot = make_bot("search:2:nodes=300", **UNTIMED)
    rng = random.Random(7)
    plies = 0
    while not state.is_over() and plies < 400:
        (seat,) = state.to_act()
        state.apply({seat: bot.choose(state.view(seat), seat, rng)})
        plies += 1
    assert state.is_over(), state.to_text()
