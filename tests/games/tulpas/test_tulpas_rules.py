"""Maces, Horse-apults and Tulpas: the card duel, placement and the five
Tulpas, as 10 x 10 diagrams (top rank first). Letters as in Maces plus
A Amazon, W Wild Ox, Y Archer, S Spider, T Tulpa Mace."""

import random
from fractions import Fraction

import pytest
from helpers.bots import UNTIMED

from game.engine.board import board_field
from game.games import load_all
from game.games.maces.pieces import GEO, PROMOTIONS
from game.games.tulpas.actions import Guess, OxDecline, Pick, Place
from game.games.tulpas.pieces import TULPAS
from game.match import Match

GAMES = load_all()
sq = GEO.square


def position(diagram: str, side="w", phase="act", hands="-/-"):
    return GAMES["tulpas"].from_text(f"{board_field(diagram, 10)} {side} {phase} - 0 1 {hands}")


def play(state, *texts: str):
    events = []
    for text in texts:
        (seat,) = state.to_act()
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def names(state, seat=None):
    seat = state.to_act()[0] if seat is None else seat
    return {state.notation(a) for a in state.legal_actions(seat)}


def duel(state, pick: str, guess: str):
    mover = state.turn
    return state.apply({mover: Pick(pick), 1 - mover: Guess(guess)})


# -- the card duel ---------------------------------------------------------------------
def test_start_is_a_card_duel_with_simultaneous_hidden_choices():
    game = GAMES["tulpas"]
    assert game.private_views
    state = game.new()
    assert state.to_text().endswith(" w duel - 0 1 AWYST/awyst")
    assert state.to_act() == (0, 1)
    assert state.legal_actions(0) == [Pick(k) for k in TULPAS]
    assert state.legal_actions(1) == [Guess(k) for k in TULPAS]
    assert "secret" in state.prompt(0) and "Guess" in state.prompt(1)
    # The state holds no secret: a choice waits in the Match until both chose.
    match = Match("tulpas", seed=1)
    assert match.submit(0, Pick("amazon")) is None
    assert match.state.view(1).to_text() == match.state.to_text()
    assert match.waiting_for() == (1,)
    events = match.submit(1, Guess("spider"))
    reveal = next(e for e in events if e.kind == "reveal")
    assert (reveal["pick"], reveal["guess"], reveal["match"]) == ("amazon", "spider", False)
    assert match.state.phase == "act" and match.state.hands[0] == list(TULPAS)


def match_chance(state) -> Fraction:
    """The chance of a match when the guesser guesses uniformly, whatever
    the picker does: count (pick, guess) pairs from the legal actions."""
    picks = state.legal_actions(state.turn)
    guesses = state.legal_actions(1 - state.turn)
    hits = sum(p.kind == g.kind for p in picks for g in guesses)
    return Fraction(hits, len(picks) * len(guesses))


def quiet_pawn_move(state, seat):
    """A pawn step that stays on its own half of the board."""
    for a in state.legal_actions(seat):
        piece = state.piece_at(a.frm) if a.frm is not None else None
        if piece == (seat, "pawn") and 3 <= (a.to // 10 if seat == 0 else 9 - a.to // 10) <= 4:
            if state.piece_at(a.to) is None:
                return a
    raise AssertionError("no quiet pawn move")


def test_creation_chances_one_in_five_then_four_three_two_then_certain():
    state = GAMES["tulpas"].new()
    chances = []
    placed = []
    last_events = []
    while True:
        if state.turn == 0:
            if state.phase == "duel":
                chances.append(match_chance(state))
                kind = state.hands[0][0]
                events = duel(state, kind, kind)
            else:  # one Tulpa left: no duel, it simply appears
                chances.append(Fraction(1))
                assert state.phase == "place"
                events = last_events
                reveal = next(e for e in events if e.kind == "reveal")
                assert reveal["match"] and reveal["certain"]
                kind = state.placing
            assert state.phase == "place" and state.placing == kind
            home = state.legal_actions(0)
            assert {a.sq for a in home} == {
                s for s in range(20) if state.piece_at(s) is None
            }  # every empty square of ranks 1 and 2
            place = home[0]
            events = state.apply({0: place})
            assert [e.kind for e in events] == ["place"]
            assert state.piece_at(place.sq) == (0, kind)
            placed.append(kind)
            if not state.hands[0]:
                break
            # White moves, Black's duel fails, Black moves.
            state.apply({0: quiet_pawn_move(state, 0)})
        assert state.turn == 1 and state.phase == "duel"
        black = state.hands[1]
        duel(state, black[0], black[1])
        act = quiet_pawn_move(state, 1)
        last_events = state.apply({1: act})
    assert chances == [Fraction(1, n) for n in (5, 4, 3, 2, 1)]
    assert sorted(placed) == sorted(TULPAS)
    assert state.hands == [[], list(TULPAS)]
    # With no Tulpas left, White's turns start straight with the action.
    state.apply({0: state.legal_actions(0)[0]})
    duel(state, "amazon", "archer")
    state.apply({1: state.legal_actions(1)[0]})
    assert state.turn == 0 and state.phase == "act"


def test_no_empty_home_square_loses_the_creation_but_not_the_card():
    full = "RRRRRRRRRR"
    diagram = "\n".join(["k........."] + ["." * 10] * 7 + [full, "RRRRRKRRRR"])
    state = position(diagram, phase="duel", hands="AW/aw")
    events = duel(state, "wild_ox", "wild_ox")
    assert "creation_lost" in [e.kind for e in events]
    assert state.phase == "act" and state.hands[0] == ["amazon", "wild_ox"]


def test_pawns_promote_to_non_tulpas_or_a_mace():
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
    promos = {a.promotion for a in state.legal_actions(0) if a.frm == sq("a9")}
    assert promos == set(PROMOTIONS)
    assert not promos & set(TULPAS)


def test_position_text_round_trips():
    for text in (
        "9k/10/10/10/10/10/10/10/10/9K w duel - 0 1 AWYST/awyst",
        "9k/10/10/10/10/10/10/10/10/9K b place:s - 4 9 -/aw",  # the duel took s out
        "9k/10/10/10/10/5n4/4W5/10/10/9K w ox:e4 - 0 3 AY/-",  # n next to the Ox
        "9k/10/10/10/10/10/10/10/10/9K w act - 0 1 -/-",
    ):
        assert GAMES["tulpas"].from_text(text).to_text() == text
    for bad in (
        "9k/10/10/10/10/10/10/10/10/9K w duel - 0 1 A/awyst",  # one card: no duel
        "9k/10/10/10/10/10/10/10/10/9K w act - 0 1 aw/-",  # wrong case
        "9k/10/10/10/10/10/10/10/10/9K w act - 0 1 AA/-",
        "9k/10/10/10/10/10/10/10/10/9K w act - 0 1",
        "9k/10/10/10/10/10/10/10/10/9K w place:Q - 0 1 -/-",
    ):
        with pytest.raises(ValueError):
            GAMES["tulpas"].from_text(bad)


# -- the Tulpas -------------------------------------------------------------------------
def test_amazon_moves_as_queen_and_knight():
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
        A........K
        """
    )
    amazon = {a.to for a in state.legal_actions(0) if a.frm == sq("a1")}
    expected = {sq(f"a{r}") for r in range(2, 11)} | {sq(f"{f}1") for f in "bcdefghi"}
    expected |= {sq(f"{f}{i + 2}") for i, f in enumerate("bcdefghij")} | {sq("b3"), sq("c2")}
    assert amazon == expected


def test_wild_ox_knight_move_then_optional_strike():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ...pn.....
        ..........
        ..W.......
        ..........
        .........K
        """
    state = position(diagram)
    play(state, "Wc3xd5")  # a knight capture, then a horn thrust
    assert state.phase == "ox"
    assert state.prompt(0) == "Strike with the Wild Ox on d5, or decline"
    assert names(state) == {"Wd5xe5", "no strike"}
    events = play(state, "Wd5xe5")
    assert state.piece_at(sq("e5")) is None and state.turn == 1
    assert [e.kind for e in events] == ["strike", "capture"]

    state = position(diagram)
    play(state, "Wc3xd5", "no strike")
    assert state.piece_at(sq("e5")) == (1, "knight") and state.turn == 1

    # A quiet knight move with nobody next to the landing square: no strike step.
    state = position(diagram)
    play(state, "Wc3-b1")
    assert state.turn == 1


def test_wild_ox_strike_on_the_king_wins():
    state = position(
        """
        ..........
        ..........
        ..........
        ..........
        ..........
        ....k.....
        ..........
        ..W.......
        ..........
        .........K
        """
    )
    play(state, "Wc3-e4", "We4xe5")
    assert state.result().points == (1.0, 0.0)


def test_wild_ox_landing_in_a_web_cannot_strike():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ...sn.....
        ..........
        ..W.......
        ..........
        .........K
        """
    )
    play(state, "Wc3-e4")  # next to the Spider on d5: caught
    assert state.turn == 1


def test_archer_moves_two_without_jumping_or_shoots_the_first_piece():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..n.......
        ...P......
        ....Y.r...
        ..........
        ..q......K
        """
    )
    acts = names(state)
    archer = {n for n in acts if n.startswith("Ye3")}
    # Shots: g3 (two squares east, nothing between), c1 (two squares south-west).
    # The pawn on d4 blocks the way north-west to c5.
    assert {n for n in archer if "*" in n} == {"Ye3*g3", "Ye3*c1"}
    moves = {n for n in archer if "*" not in n}
    assert "Ye3-c5" not in moves and "Ye3xc5" not in moves
    assert {"Ye3-f3", "Ye3xg3", "Ye3-e5", "Ye3-e1", "Ye3-d2", "Ye3xc1"} <= moves
    play(state, "Ye3*g3")
    assert state.piece_at(sq("g3")) is None
    assert state.piece_at(sq("e3")) == (0, "archer")


def test_archer_shot_at_the_king_wins():
    state = position(
        """
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ....Y.k...
        ..........
        .........K
        """
    )
    events = play(state, "Ye3*g3")
    assert state.result().points == (1.0, 0.0)
    assert [e.kind for e in events] == ["shot", "capture", "game_over"]


def test_spider_freezes_adjacent_enemies():
    diagram = """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        .pM.......
        .sH.......
        .P.......K
        """
    state = position(diagram)
    frozen = set(state.frozen_squares())
    assert frozen == {sq("c3"), sq("c2"), sq("b1")}
    acts = state.legal_actions(0)
    assert not [a for a in acts if a.frm in frozen]  # no move, no throw
    play(state, "Kj1-i1")
    assert state.piece_at(sq("b3")) == (1, "pawn")  # the frozen Mace did not swing
    # A Spider steps like a king and captures by displacement.
    assert "Sb2xb1" in names(state)


def test_a_piece_in_a_web_cannot_be_thrown():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ...s......
        ..R.......
        .H........
        ..N......K
        """
    )
    throws = {a.piece for a in state.legal_actions(0) if hasattr(a, "apult")}
    assert throws == {sq("c1")}  # the c3 Rook is held in the d4 Spider's web


def test_removing_the_spider_frees_the_other_mace_in_the_same_turn():
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
        .M.Ms.....
        ..n......K
        """
    )
    # d2's Mace is in the web of e2; b2's Mace is free and hits c1 only.
    play(state, "Kj1-i1")
    assert state.piece_at(sq("c1")) is None  # forced: b2xc1
    assert state.piece_at(sq("e2")) == (1, "spider")  # d2 is held
    assert state.turn == 1


def test_tulpa_mace_swings_with_the_two_maces():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        p...p...p.
        M...T...M.
        .........K
        """
    )
    play(state, "Kj1-i1")
    assert not {state.piece_at(sq(n)) for n in ("a3", "e3", "i3")} - {None}


def test_no_legal_action_is_a_draw():
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
        .s........
        K.........
        """
    )
    assert state.result().points == (0.5, 0.5)
    assert "no legal action" in state.result().reason
    assert state.to_act() == ()


def test_duel_is_marked_as_a_uniform_choice_for_bots():
    state = GAMES["tulpas"].new()
    assert state.uniform_decision(0) and state.uniform_decision(1)
    duel(state, "amazon", "spider")
    assert not state.uniform_decision(0)


# -- random games -----------------------------------------------------------------------
# Seed 0 is the fast check; the other seeds run in the slow tier.
@pytest.mark.parametrize(
    "seed", [0] + [pytest.param(s, marks=pytest.mark.slow) for s in range(1, 4)]
)
# Slow; fast cover: conformance's tulpas-short and to-the-end cases keep the invariants fast
@pytest.mark.slow
def test_random_games_keep_every_invariant(seed):
    rng = random.Random(seed)
    match = Match("tulpas", seed=seed)
    game = GAMES["tulpas"]
    steps = 0
    while not match.is_over() and steps < 500:
        state = match.state
        text = state.to_text()
        assert game.from_text(text).to_text() == text
        acting = state.to_act()
        for seat in acting:
            actions = state.legal_actions(seat)
            assert actions
            if steps % 5 == 0 and len(acting) == 1:
                for a in actions:
                    state.copy().apply({seat: a})
                    assert state.parse_action(state.notation(a), seat) == a
        for seat in acting:
            match.submit(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    loaded = Match.from_dict(match.to_dict())
    assert loaded.state.to_text() == match.state.to_text()
    assert loaded.history == match.history


def test_ox_decline_is_its_own_action():
    assert OxDecline(5) != OxDecline(6)
    assert Place("amazon", 3) != Place("spider", 3)


# Slow: a whole game against a search; Maces' bot tests are its fast cover.
@pytest.mark.slow
def test_random_against_search_finishes_quickly():
    from game.ai import make_bot

    rng = random.Random(5)
    state = GAMES["tulpas"].new(seed=5)
    search = make_bot("search:2", node_limit=256, samples=1, **UNTIMED)
    bots = {1: search, 0: make_bot("random")}
    steps = 0
    while not state.is_over() and steps < 800:
        acting = state.to_act()
        state.apply({s: bots[s].choose(state.view(s), s, rng) for s in acting})
        steps += 1
    assert state.is_over()
    assert state.result().points == (0.0, 1.0)


def test_a_click_on_a_piece_that_cannot_act_says_why():
    state = position(
        """
        .........k
        ..........
        ..........
        ..........
        ..........
        ..........
        ..........
        ..Y.......
        PPs.......
        MR.......K
        """
    )
    assert state.stuck_reason(0, sq("c3")) == "That archer is held in a Spider's web"
    assert state.stuck_reason(0, sq("a1")) == "That mace has no legal action now"
    assert state.stuck_reason(0, sq("c2")) is None  # not White's piece
    assert state.stuck_reason(1, sq("c2")) is None  # not Black's turn
