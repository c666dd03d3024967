"""Properties every reachable position keeps, for all the games:

- the position text reads back to the same position after every step of
  long random games, finished ones included (``conformance.check_text``);
- where a game has check, no side is ever without its king; where a king
  may be taken, only a finished game has a side without one;
- generators that set up rare mechanics on purpose, and play every sequence
  of decisions from them (bounded): en passant beside Adrenaline's checkers,
  en passant across Half Alice's looking glass, tar and throws beside the
  kings in Tar Pit.

The long playouts of the slowest games and the extra seeds are the slow
tier (``-m slow``; ``-m "not slow"`` leaves them out).
"""

from __future__ import annotations

import random

import pytest
from helpers import conformance, tiers
from helpers.properties import (
    KING_RULES,
    check_board,
    check_kings,
    engine_king_rule,
    explore,
    fen_board,
    mirrored,
    place_kings,
    scatter,
    square_name,
)

from game.engine import PositionError
from game.engine.cards import Card, cards_text
from game.games import load_all
from game.games.tar_pit.rules import universe

GAMES = load_all()
SLOW_PLAYOUTS = {"adrenaline", "half_alice", "tar_pit"}  # seconds per game to the end
# Maces and Zombie cost over a second each here; their conformance playouts
# (maces-short, zombie-short) keep their kings and read back fast.
LONG_SAMPLE = tuple(g for g in tiers.RULES_SAMPLE if g not in ("maces", "zombie"))
MAX_STEPS = 1500


def test_every_game_declares_its_kings_as_its_engine_does():
    assert set(KING_RULES) == set(GAMES)
    for game_id, game in GAMES.items():
        said = engine_king_rule(game.new())
        assert said in (None, KING_RULES[game_id]), f"{game_id}: the engine says {said}"


def _long_playouts(game_id: str, seeds) -> int:
    finished = 0
    for seed in seeds:
        for match in conformance.playout(game_id, seed, MAX_STEPS):
            state = match.state
            conformance.check_text(state)
            check_kings(state)
        finished += match.is_over()
    return finished


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=pytest.mark.slow)
        if g in SLOW_PLAYOUTS
        else pytest.param(g, marks=tiers.tier(g, LONG_SAMPLE))
        for g in sorted(GAMES)
    ],
)
def test_long_random_games_read_back_and_keep_their_kings_at_every_step(game_id):
    assert _long_playouts(game_id, (101,)), f"{game_id}: the game did not end"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_more_long_random_games_read_back_and_keep_their_kings(game_id):
    _long_playouts(game_id, (102,) if game_id in SLOW_PLAYOUTS else (102, 103, 104))


# -- rare mechanics set up on purpose -----------------------------------------------------------
def _keeps_kings_and_board(before, action, after) -> None:
    check_kings(after)
    check_board(after)


def _readable(game_id: str, text: str):
    """The position, or None where the rules refuse it (a set-up that left
    the side not to move in check, say): the generators then draw again."""
    try:
        return GAMES[game_id].from_text(text)
    except PositionError:
        return None


def _adrenaline_en_passant(rng: random.Random):
    """A pawn on its second rank that may step two beside an enemy pawn, the
    kings near, a few pieces, checkers under the pawns and here and there."""
    while True:
        file = rng.randrange(8)
        beside = file + rng.choice((-1, 1))
        if not 0 <= beside < 8:
            continue
        board = {(file, 1): "P", (beside, 3): "p"}
        place_kings(rng, board, (file, 2))
        # One more piece of the mover's at least: a checker must be given
        # somewhere after a capture, the king's capture too.
        scatter(rng, board, rng.choice("NBRQP") + "".join(rng.sample("nbrqp", rng.randint(0, 1))))
        if (file, 2) in board or (file, 3) in board:
            continue
        checkers = {(file, 1): rng.randint(0, 3), (beside, 3): rng.randint(0, 2)}
        for at in board:
            if at not in checkers and rng.random() < 0.25:
                checkers[at] = 1
        to_move = "w"
        if rng.random() < 0.5:
            board, to_move = mirrored(board), "b"
            checkers = {(f, 7 - r): n for (f, r), n in checkers.items()}
        marks = ",".join(f"{square_name(at)}={n}" for at, n in sorted(checkers.items()) if n)
        supply = 24 - sum(checkers.values())
        text = f"{fen_board(board)} {to_move} - - 0 1 {marks or '-'} {supply} -/-/-/-"
        state = _readable("adrenaline", text)
        if state and not state.king_attacked(1 - state.turn) and not state.is_over():
            return state


def test_adrenaline_en_passant_beside_checkers_never_loses_a_king():
    """Two steps beside the enemy pawn (and no extra steps after, which would
    end the chance), then every en passant capture and every way the steps
    its checkers buy can go on."""
    rng = random.Random(26)
    tried = 0
    for _ in range(150):
        state = _adrenaline_en_passant(rng)
        for move in _pawn_double_steps(state):
            tried += 1
            after = _play(state, move)
            if after.phase == "s":
                after = _play(after, "stop")
            if after.is_over() or after.ep is None:
                continue
            (seat,) = after.to_act()
            for capture in after.legal_actions(seat):
                if capture.to == after.ep and after.piece_at(capture.frm).kind == "pawn":
                    taken = _play(after, capture)
                    _keeps_kings_and_board(after, capture, taken)
                    explore(taken, 2, _keeps_kings_and_board, max_nodes=200)
    assert tried > 30


def _pawn_double_steps(state):
    (seat,) = state.to_act()
    return [
        m
        for m in state.legal_actions(seat)
        if abs(m.to - m.frm) == 16 and state.piece_at(m.frm).kind == "pawn"
    ]


def _play(state, action):
    after = state.copy()
    (seat,) = after.to_act()
    if isinstance(action, str):
        action = after.parse_action(action, seat)
    after.apply({seat: action})
    return after


def _half_alice_en_passant(rng: random.Random):
    """A pawn that may step two past pieces on either side of the glass,
    beside an enemy pawn; every piece on the glass or not at random."""
    while True:
        file = rng.randrange(8)
        beside = file + rng.choice((-1, 1))
        if not 0 <= beside < 8:
            continue
        board = {(file, 1): "P", (beside, 3): "p"}
        if rng.random() < 0.7:  # something on the square the pawn passes
            board[(file, 2)] = rng.choice("NBnbp")
        place_kings(rng, board, (file, 2))
        scatter(rng, board, rng.sample("NBRnbrPp", rng.randint(0, 3)))
        glass = [at for at in board if rng.random() < 0.5]
        to_move = "w"
        if rng.random() < 0.5:
            board, to_move = mirrored(board), "b"
            glass = [(f, 7 - r) for f, r in glass]
        marks = ",".join(f"{square_name(at)}=1" for at in sorted(glass))
        text = f"{fen_board(board)} {to_move} - - 0 1 {marks or '-'} -"
        state = _readable("half_alice", text)
        if state and not state.king_attacked(1 - state.turn) and not state.is_over():
            return state


def _no_piece_of_the_mover_vanishes(before, action, after) -> None:
    _keeps_kings_and_board(before, action, after)
    mover = before.turn
    assert after.occ[mover].bit_count() == before.occ[mover].bit_count(), (
        f"half_alice: {before.notation(action)} loses a piece of its own in {before.to_text()}"
    )


def test_half_alice_en_passant_across_the_glass_keeps_every_piece():
    rng = random.Random(26)
    for _ in range(25):
        state = _half_alice_en_passant(rng)
        explore(state, 2, _no_piece_of_the_mover_vanishes, max_nodes=1500)


def _tar_pit_near_the_kings(rng: random.Random):
    """The mover's king with enemy pieces two squares round it, a carrying
    piece of the mover's beside enemy pieces (a throw), and the mover's hand
    of cards of the enemy's pieces there (tar to add)."""
    while True:
        board: dict = {}
        king = (rng.randrange(8), rng.randrange(1, 7))
        board[king] = "K"
        round_king = [
            (king[0] + df, king[1] + dr)
            for df in (-2, -1, 0, 1, 2)
            for dr in (-2, -1, 0, 1, 2)
            if (df, dr) != (0, 0) and 0 <= king[0] + df < 8 and 1 <= king[1] + dr < 7
        ]
        enemies = rng.sample(round_king, 3)
        for at in enemies:
            board[at] = rng.choice("nbrqp")
        carrier = rng.choice([at for at in round_king if at not in board])
        board[carrier] = rng.choice("NBRQ")
        while True:
            black = (rng.randrange(8), rng.randrange(8))
            if black not in board and max(abs(black[0] - king[0]), abs(black[1] - king[1])) > 1:
                break
        board[black] = "k"
        checkers = {carrier: "w"}
        hand = "".join(sorted({board[at].lower() for at in enemies}))[:3]
        to_move = "w"
        if rng.random() < 0.5:
            board, to_move = mirrored(board), "b"
            checkers = {(f, 7 - r): "b" for (f, r) in checkers}
            hand = hand.upper()
        hands = ("", hand) if to_move == "b" else (hand, "")
        rest = [c for c in universe(2)]
        for letter in hands[0] + hands[1]:
            rest.remove(Card.from_letter(letter))
        table = f"draw:{cards_text(rest)}/hand0:{hands[0] or '-'}/hand1:{hands[1] or '-'}"
        on_board = [sum(c == colour for c in checkers.values()) for colour in "wb"]
        spare = "+".join(str(12 - 6 - on_board[c]) for c in (0, 1))
        marks = ",".join(f"{square_name(at)}={c}" for at, c in sorted(checkers.items()))
        fields = f"{marks} 6+6 {spare} {table}/discard:- move -/-/-"
        state = _readable("tar_pit", f"{fen_board(board)} {to_move} - - 0 1 {fields}")
        if state and not state.king_attacked(1 - state.turn) and not state.is_over():
            return state


def _no_turn_ends_with_the_movers_king_attacked(before, action, after) -> None:
    _keeps_kings_and_board(before, action, after)
    mover = before.turn
    if after.turn != mover and not after.is_over():
        assert not after.king_attacked(mover), (
            f"tar_pit: {before.notation(action)} ends the turn in check: {before.to_text()}"
        )


# The fast tier explores 5 positions; the slow tier 20, the first 5 the same.
@pytest.mark.parametrize("positions", [5, pytest.param(20, marks=pytest.mark.slow)])
def test_tar_pit_tar_and_throws_beside_the_kings_never_expose_a_king(positions):
    rng = random.Random(26)
    for _ in range(positions):
        state = _tar_pit_near_the_kings(rng)  # the move, the throw, the card
        explore(state, 3, _no_turn_ends_with_the_movers_king_attacked, max_nodes=600)
