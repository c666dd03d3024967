"""The computer in Telepathic Chess: the predictor runs its partner's own
move choice on its view and bets on that kind (the checker for the face-up
kind); the mover keeps to near-best moves of the kind its partner will
predict; the removal keeps the king safe and gives up the least valuable
piece; computer seats play whole games. Searches are bounded by nodes."""

from __future__ import annotations

import random
from collections import Counter

from helpers.bots import UNTIMED
from telepathic_positions import GAME, act, position, reveal, sq

from game.ai import make_bot, think_now
from game.ai.levels import spec_for
from game.games.telepathic import evaluation
from game.games.telepathic.actions import Predict, Remove
from game.match import Match

W_A, W_B, B_A, B_B = range(4)
LEVEL = "search:1"


def both_partners(state):
    """The predictor's card, then the mover's move, each from its own view;
    the events of the move."""
    (predictor,) = state.to_act()
    card = think_now(LEVEL, state, predictor, random.Random(1), **UNTIMED)
    state.apply({predictor: card})
    (mover,) = state.to_act()
    move = think_now(LEVEL, state, mover, random.Random(2), **UNTIMED)
    return card, state.apply({mover: move})


def test_at_the_start_the_predictor_bets_on_a_pawn_with_the_checker():
    card, events = both_partners(GAME.new())
    assert card == Predict("checker")  # the pawn lies face up: the checker copies it
    assert reveal(events)["moved"] == "pawn" and reveal(events)["outcome"] == "pull"


def test_the_predictor_finds_its_partners_piece_in_random_positions():
    pulls = 0
    for seed in range(4):
        match = Match("telepathic", seed=seed)
        rng = random.Random(seed)
        for _ in range(14 + seed):  # random steps into the game, ending at a prediction
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
        state = match.state
        while state.phase != "predict" and not state.is_over():
            (seat,) = state.to_act()
            state.apply({seat: rng.choice(state.legal_actions(seat))})
        if state.is_over():
            continue
        _card, events = both_partners(state)
        pulls += reveal(events)["outcome"] == "pull"
    assert pulls >= 3


# White to move: Nxd5 wins the queen; nothing else comes close.
LOOSE_QUEEN = """
    rnb.kbnr
    ppp..ppp
    ........
    ...q....
    ........
    ..N.....
    PPPP.PPP
    R.BQKBNR
"""


def test_a_lone_good_move_is_predicted_by_its_kind():
    state = position(LOOSE_QUEEN, castling="KQkq", face_up="P/p")
    card, events = both_partners(state)
    assert card == Predict("knight")
    assert state.piece_at(sq("d5")).kind == "knight"
    assert reveal(events)["outcome"] == "pull"


def test_among_near_best_moves_the_mover_keeps_to_the_kind_most_of_them_share(monkeypatch):
    state = GAME.new()
    act(state, "predict N")
    knight = state.parse_action("Nf3")
    pawns = [state.parse_action(t) for t in ("e4", "d4", "c4")]
    scores = {m: -5.0 for m in state.legal_moves()}
    scores[knight] = 1.0  # the best move, alone of its kind
    scores.update({pawns[0]: 0.9, pawns[1]: 0.85, pawns[2]: 0.8})
    monkeypatch.setattr(evaluation, "move_scores", lambda s, level: scores)
    choice = evaluation.team_choice(state.view(W_B), 1)
    assert choice.kind == "pawn" and choice.move == pawns[0]


def easy_moves(state, seeds=range(20)) -> Counter:
    """The moves Easy's mover plays after its partner's prediction."""
    (predictor,) = state.to_act()
    easy = spec_for(GAME, "easy")
    state.apply({predictor: think_now(easy, state, predictor, random.Random(0))})
    (mover,) = state.to_act()
    return Counter(
        state.notation(think_now(easy, state, mover, random.Random(seed))) for seed in seeds
    )


def test_easy_moves_by_its_own_hand_and_still_takes_a_free_queen():
    # Level 1's move is one coordinated choice; Easy's own hand wavers among
    # moves that look alike (its partner's bet then misses now and then)
    # but never lets a queen go.
    assert spec_for(GAME, "easy") == "easy"
    assert easy_moves(position(LOOSE_QUEEN, castling="KQkq", face_up="P/p")) == Counter(
        {"Nxd5": 20}
    )
    assert len(easy_moves(GAME.new())) >= 5


def test_the_removal_keeps_the_king_safe_and_gives_up_the_least_valuable_piece():
    # White must remove: the e2 pawn shields the king from the rook, so the
    # a2 pawn goes; with the a2 pawn gone too, the knight goes before the shield.
    diagram = """
        ....r..k
        ........
        ........
        ........
        ........
        ........
        P...P...
        .N..K...
        """
    state = position(diagram, trophy="black", face_up="-/-")
    events = act(state, "predict K", "a3")
    assert reveal(events)["loser"] == 0
    assert think_now(LEVEL, state, W_A, random.Random(1), **UNTIMED) == Remove(sq("a3"))
    state = position(diagram.replace("P...P...", "....P..."), trophy="black", face_up="-/-")
    act(state, "predict K", "Nc3")
    assert state.phase == "remove"
    assert think_now(LEVEL, state, W_A, random.Random(1), **UNTIMED) == Remove(sq("c3"))


def test_an_open_king_is_taken_at_once():
    state = position(
        """
        R...k...
        ....q...
        ........
        ........
        ........
        ........
        ........
        ....K...
        """,
        to_move="b",
        face_up="-/-",
    )
    card, events = both_partners(state)
    assert card == Predict("queen")
    assert state.is_over() and state.result().points == (0.0, 0.0, 1.0, 1.0)


def test_four_computers_finish_a_game():
    start = position(
        """
        ......k.
        .....pp.
        .......p
        ........
        ........
        ........
        PP......
        R..QK...
        """,
        face_up="-/-",
    ).to_text()
    match = Match("telepathic", seed=1, start=start, players=["computer:search:1"] * 4)
    bots = [make_bot(LEVEL, **UNTIMED) for _ in range(4)]
    rng = random.Random(1)
    for _ in range(400):
        if match.is_over():
            break
        (seat,) = match.to_act()
        match.play({seat: bots[seat].choose(match.state.view(seat), seat, rng)})
    assert match.is_over() and len(match.history) > 10
    assert match.state.result().points in ((1.0, 1.0, 0.0, 0.0), (0.5,) * 4)


def test_the_evaluation_likes_the_trophy_at_its_own_end():
    state = position(trophy="white")
    assert evaluation.evaluate(state, W_A) > evaluation.evaluate(state, B_A)
    state = position(trophy="middle")
    assert evaluation.evaluate(state, W_A) == evaluation.evaluate(state, B_A)


def test_normal_looks_three_moves_deep_and_hard_five(monkeypatch):
    """The setup's levels reach the mover's choice as its depth: Normal three
    moves, Hard five (two drew against the one-deep yardstick, four lost to
    three)."""
    depths = []

    def scores(state, level):
        depths.append(level)
        return {m: 0.0 for m in state.legal_moves()}

    monkeypatch.setattr(evaluation, "move_scores", scores)
    state = GAME.new()
    act(state, "predict N")
    for setup_level in ("computer:search:2", "computer:search:3"):
        spec = GAME.bot_levels[setup_level.removeprefix("computer:")]
        think_now(spec, state.view(W_B), W_B, **UNTIMED)
    assert depths == [3, 5]
