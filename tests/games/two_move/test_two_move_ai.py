"""The computer plays Two Move Chess from its seat's view: it finishes
games on both seats, and takes a king its card reaches."""

import random

import pytest
from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import make_bot, think_now
from game.games import load_all
from game.match import Match

GAME = load_all()["two_move"]


@pytest.mark.slow
def test_computers_on_both_seats_finish_games_deciding_from_their_views():
    bot = make_bot("search:1:nodes=150", **UNTIMED)
    for seed in (1, 2):
        match = Match("two_move", seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            if match.is_over():
                break
            state = match.state
            match.play({s: bot.choose(state.view(s), s, rng) for s in state.to_act()})
        assert match.is_over(), f"seed {seed}: no end in 400 steps"


def test_the_computer_takes_the_king_when_its_card_allows():
    diagram = """
        k.......
        .......P
        ........
        ....b...
        ........
        ........
        ........
        ....K...
    """
    # The bishops cancelled: White's rook card moves twice, then Black's queen.
    state = GAME.from_text(fen_of(diagram) + " move BR/NBQK R2,q2 - BR/BQ")
    first = think_now("search:2:nodes=2000", state, 0, random.Random(1), **UNTIMED)
    assert state.notation(first).startswith("h8=")  # a rook, or a queen (least valuable now)
    state.apply({0: first})
    second = think_now("search:2:nodes=2000", state, 0, random.Random(1), **UNTIMED)
    assert state.notation(second).endswith("xa8")
    state.apply({0: second})
    assert state.result().points == (1.0, 0.0)


def test_the_evaluation_counts_the_danger_to_each_king():
    from game.games.two_move.evaluation import evaluate, king_danger

    quiet = GAME.from_text(
        fen_of(
            """
            ....k...
            pppp.ppp
            ........
            ........
            ........
            ........
            PPPP.PPP
            ....K...
            """
        )
        + " choose -/- - - -"
    )
    rook = GAME.from_text(
        fen_of(
            """
            ....k...
            pppp.ppp
            ........
            ........
            ........
            ....r...
            PPPP.PPP
            ....K...
            """
        )
        + " choose -/- - - -"
    )
    assert king_danger(quiet, 0) == 0
    assert king_danger(rook, 0) > 0 and king_danger(rook, 1) == 0
    # A rook on the open file is worth less to White than the danger it brings.
    assert evaluate(rook, 0) < evaluate(quiet, 0) - 5
