"""The chess evaluation's weights are data (tuned_weights.py, written by
scripts/texel_fit.py; hand_weights.py, the first numbers): both sets hold
every weight the evaluation reads, keep the signs a player expects, and the
linear form the fitter fits (evaluation_terms.py) is the evaluation itself.
The fitter recovers known weights from a tiny synthetic set."""

from __future__ import annotations

import importlib.util
import math
import random
from pathlib import Path

import pytest
from helpers.chess_diagrams import fen_of

from game.engine.chess import evaluation, evaluation_terms, hand_weights, tuned_weights
from game.engine.chess.evaluation import WEIGHT_SHAPES, evaluate_board
from game.games import load_all

GAMES = load_all()
SETS = {"tuned": tuned_weights.WEIGHTS, "hand": hand_weights.WEIGHTS}


@pytest.fixture(params=sorted(SETS))
def weights(request):
    """Each weight set in turn, the default one back afterwards."""
    evaluation.use_weights(SETS[request.param])
    yield SETS[request.param]
    evaluation.use_weights(evaluation.WEIGHT_SETS[evaluation.DEFAULT_WEIGHTS])


def position(diagram: str, to_move: str = "w"):
    return GAMES["chess"].from_text(fen_of(diagram, to_move))


def mirrored(diagram: str) -> str:
    """The diagram upside down with the colours swapped."""
    rows = [row.split() for row in diagram.strip().splitlines()]
    return "\n".join(" ".join(p.swapcase() for p in row) for row in reversed(rows))


START = """
    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
"""
MIDDLEGAME = """
    r . b q . r k .
    p p . . b p p p
    . . n . p n . .
    . . . p . . . .
    . . P P . . . .
    . . N . P N . .
    P P . . B P P P
    R . . Q K . . R
"""
EXTRA_QUEEN = """
    . . . . k . . .
    p p p . . p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . Q . . . . .
    P P P . . P P P
    . . . . K . . .
"""


@pytest.mark.parametrize("name", sorted(SETS))
def test_each_set_holds_every_weight_the_evaluation_reads_in_its_shape(name):
    found = SETS[name]
    assert set(found) == set(WEIGHT_SHAPES)
    for key, shape in WEIGHT_SHAPES.items():
        value = found[key]
        if isinstance(shape, tuple):
            assert [len(row) for row in value] == [shape[1]] * shape[0], key
        else:
            assert len(value) == shape, key
    assert all(math.isfinite(v) for v in evaluation_terms.flat(found))


def test_an_extra_queen_is_worth_several_pawns(weights):
    assert evaluate_board(position(EXTRA_QUEEN)) > 5.0
    assert evaluate_board(position(mirrored(EXTRA_QUEEN), "b")) < -5.0


def test_the_symmetric_start_is_worth_only_the_move(weights):
    score = evaluate_board(position(START))
    assert score == pytest.approx(weights["tempo"][0], abs=1e-4)
    assert abs(score) < 0.3


@pytest.mark.parametrize("diagram", [MIDDLEGAME, EXTRA_QUEEN])
def test_the_mirrored_position_with_the_other_side_to_move_negates(weights, diagram):
    white = evaluate_board(position(diagram, "w"))
    black = evaluate_board(position(mirrored(diagram), "b"))
    assert black == pytest.approx(-white, abs=1e-6)


def random_positions(count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    for i in range(count):
        state = GAMES["chess960" if i % 2 else "chess"].new(seed=seed + i)
        for _ in range(rng.randrange(10, 60)):
            if state.result() is not None:
                break
            seat = state.to_act()[0]
            state.apply({seat: rng.choice(state.legal_actions(seat))})
        found.append(state)
    return found


def test_the_fitters_linear_form_is_the_evaluation(weights):
    vector = evaluation_terms.flat(weights)
    for state in [position(MIDDLEGAME), position(EXTRA_QUEEN), *random_positions(6, 7)]:
        evaluation._cache.clear()
        counts = evaluation_terms.terms(state)
        # Tables are kept to 1/65536 of a pawn (evaluation._exact).
        assert evaluation_terms.score(counts, vector) == pytest.approx(
            evaluate_board(state), abs=1e-3
        )


def load_fitter():
    path = Path(__file__).resolve().parents[2] / "scripts" / "texel_fit.py"
    spec = importlib.util.spec_from_file_location("texel_fit", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_fitter_recovers_known_weights_and_k_from_synthetic_results():
    fit = load_fitter()
    rng = random.Random(3)
    k, truth = 0.8, [1.5, -0.5]
    samples = []
    for _ in range(300):
        x = [rng.uniform(-2, 2), rng.uniform(-2, 2)]
        # The expected result itself: the error's minimum is the truth.
        samples.append(([0, 1], x, fit.sigmoid(k * (truth[0] * x[0] + truth[1] * x[1]))))
    assert fit.fit_k(samples, truth) == pytest.approx(k, abs=0.01)
    found = fit.fit_weights(samples, [0.0, 0.0], k, epochs=60, rate=0.05, ridge=0.0, batch=50)
    assert found == pytest.approx(truth, abs=0.05)
    assert fit.error(samples, found, k) < fit.error(samples, [0.0, 0.0], k) / 100
