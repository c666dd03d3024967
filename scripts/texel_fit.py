"""Fit the chess evaluation's weights to game results (Texel's method), in
pure Python, and write them to game/engine/chess/tuned_weights.py.

The positions come from scripts/texel_data.py (lines ``text;result;game``).
The error is the mean squared difference between ``sigmoid(K * score)`` and
each position's result for White. First K is fitted with the starting
weights (hand_weights.py), then the weights with K fixed. The score is linear
in the weights (game/engine/chess/evaluation_terms.py counts each weight's
share per position, once), so the fit is mini-batch gradient descent (Adam)
on that linear model, with a pull towards the starting weights (``--ridge``)
so that weights the data hardly sees stay where the hand put them. A tenth
of the games (every tenth, whole: a game's positions are alike) is held out;
the weights kept are those of the epoch with the least held-out error
(epoch 0: the starting weights), or of the last with ``--keep last``.

    python scripts/texel_fit.py DATA [DATA ...] [--epochs 30] [--ridge 1e-5]
        [--freeze pst_mg,pst_eg] [--write]

Without ``--write`` it only prints the errors.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import textwrap
import time
from operator import mul
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.engine.chess import evaluation_terms as T  # noqa: E402
from game.engine.chess.evaluation import WEIGHT_SHAPES  # noqa: E402
from game.engine.chess.hand_weights import WEIGHTS as HAND  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "game" / "engine" / "chess" / "tuned_weights.py"

Sample = tuple[list[int], list[float], float]  # (weight indices, counts, result)


def sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def dot(sample: Sample, w: list[float]) -> float:
    return sum(map(mul, sample[1], map(w.__getitem__, sample[0])))


def error(samples: list[Sample], w: list[float], k: float) -> float:
    """Mean squared error of sigmoid(k * score) against the results."""
    total = 0.0
    for s in samples:
        total += (sigmoid(k * dot(s, w)) - s[2]) ** 2
    return total / len(samples)


def fit_k(samples: list[Sample], w: list[float]) -> float:
    """The K that minimises the error (golden-section search on [0.05, 5])."""
    scores = [(dot(s, w), s[2]) for s in samples]

    def err(k: float) -> float:
        return sum((sigmoid(k * x) - r) ** 2 for x, r in scores) / len(scores)

    lo, hi = 0.05, 5.0
    g = (math.sqrt(5) - 1) / 2
    a, b = hi - g * (hi - lo), lo + g * (hi - lo)
    ea, eb = err(a), err(b)
    for _ in range(40):
        if ea < eb:
            hi, b, eb = b, a, ea
            a = hi - g * (hi - lo)
            ea = err(a)
        else:
            lo, a, ea = a, b, eb
            b = lo + g * (hi - lo)
            eb = err(b)
    return (lo + hi) / 2


def fit_weights(
    samples: list[Sample],
    start: list[float],
    k: float,
    epochs: int = 30,
    rate: float = 0.003,
    ridge: float = 1e-5,
    batch: int = 256,
    seed: int = 1,
    report=None,
    frozen: frozenset[int] = frozenset(),
) -> list[float]:
    """Adam on mean((sigmoid(k * w.x) - r)^2) + ridge * |w - start|^2, in
    mini-batches, the ``frozen`` weights kept at their start; ``report(epoch,
    w)`` after each epoch."""
    w = list(start)
    n = len(w)
    m1, m2 = [0.0] * n, [0.0] * n
    b1, b2, eps = 0.9, 0.999, 1e-8
    rng = random.Random(seed)
    order = list(samples)
    step = 0
    for epoch in range(epochs):
        rng.shuffle(order)
        for at in range(0, len(order), batch):
            chunk = order[at : at + batch]
            grad: dict[int, float] = {}
            scale = 2.0 * k / len(chunk)
            for idx, val, result in chunk:
                p = sigmoid(k * sum(map(mul, val, map(w.__getitem__, idx))))
                d = (p - result) * p * (1.0 - p) * scale
                for i, c in zip(idx, val, strict=True):
                    grad[i] = grad.get(i, 0.0) + d * c
            step += 1
            c1, c2 = 1 - b1**step, 1 - b2**step
            # The pull towards the start acts on every weight the batch touched.
            for i, g in grad.items():
                if i in frozen:
                    continue
                g += 2.0 * ridge * (w[i] - start[i])
                m1[i] = b1 * m1[i] + (1 - b1) * g
                m2[i] = b2 * m2[i] + (1 - b2) * g * g
                w[i] -= rate * (m1[i] / c1) / (math.sqrt(m2[i] / c2) + eps)
        if report:
            report(epoch, w)
    return w


def load(paths: list[str]) -> tuple[list[Sample], list[Sample]]:
    """(training, held out): every tenth game held out, whole."""
    from game.games import load_all

    games = load_all()
    train: list[Sample] = []
    held: list[Sample] = []
    for path in paths:
        previous_game, game_no = None, 0
        with open(path) as lines:
            for line in lines:
                text, result, game_id = line.strip().split(";")
                # A game's positions follow each other; a new result or game
                # id or a position far from the last starts a new game.
                board = games[game_id].from_text(text)
                mark = (game_id, result, _pawns_count(text))
                if previous_game is None or _new_game(previous_game, mark):
                    game_no += 1
                previous_game = mark
                counts = T.terms(board)
                idx = sorted(counts)
                sample = (idx, [counts[i] for i in idx], float(result))
                (held if game_no % 10 == 0 else train).append(sample)
    return train, held


def _pawns_count(text: str) -> int:
    return sum(text.split(" ")[0].lower().count(c) for c in "pnbrq")


def _new_game(before: tuple, now: tuple) -> bool:
    """A new game starts where the game or result changes or pieces come back."""
    return before[0] != now[0] or before[1] != now[1] or now[2] > before[2]


def _number(v: float) -> str:
    text = f"{v:.4f}".rstrip("0")
    text = text + "0" if text.endswith(".") else text
    return "0.0" if text == "-0.0" else text


def module_text(weights: dict, header: str) -> str:
    """The Python source of tuned_weights.py for ``weights``."""
    kinds = ("pawn", "knight", "bishop", "rook", "queen", "king")
    lines = [f'"""{header}"""', "", "# fmt: off", "WEIGHTS = {"]
    for name, shape in WEIGHT_SHAPES.items():
        value = weights[name]
        if isinstance(shape, tuple):
            lines.append(f'    "{name}": [')
            for kind, table in zip(kinds, value, strict=True):
                lines.append(f"        [  # {kind}, rank 1 (a1..h1) first")
                for rank in range(8):
                    row = ", ".join(_number(v) for v in table[rank * 8 : rank * 8 + 8])
                    lines.append(f"            {row},")
                lines.append("        ],")
            lines.append("    ],")
        else:
            lines.append(f'    "{name}": [{", ".join(_number(v) for v in value)}],')
    lines.append("}")
    lines.append("# fmt: on")
    return "\n".join(lines) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data", nargs="+", help="files written by texel_data.py")
    parser.add_argument("--epochs", type=int, default=30)
    parser.add_argument("--rate", type=float, default=0.003)
    parser.add_argument("--ridge", type=float, default=1e-5)
    parser.add_argument("--freeze", default="", help="weight names kept as they are, commas")
    parser.add_argument(
        "--keep", choices=("best", "last"), default="best", help="the epoch whose weights to keep"
    )
    parser.add_argument("--write", action="store_true", help="write tuned_weights.py")
    args = parser.parse_args()
    start_cpu = time.process_time()
    train, held = load(args.data)
    print(f"{len(train)} positions to fit, {len(held)} held out ({len(T.KEYS)} weights)")
    w0 = T.flat(HAND)
    k = fit_k(train, w0)
    before = error(train, w0, k), error(held, w0, k)
    print(f"K = {k:.3f}; hand weights: error {before[0]:.5f}, held out {before[1]:.5f}")

    best = [before[1], w0, 0]  # held-out error, weights, epoch

    def report(epoch: int, w: list[float]) -> None:
        held_out = error(held, w, k)
        if held_out < best[0]:
            best[:] = [held_out, list(w), epoch + 1]
        print(
            f"  epoch {epoch + 1}: error {error(train, w, k):.5f}, held out {held_out:.5f}"
            f"  ({time.process_time() - start_cpu:.0f} CPU s)",
            flush=True,
        )

    names = {n for n in args.freeze.split(",") if n}
    if names - set(WEIGHT_SHAPES):
        parser.error(f"unknown weights {sorted(names - set(WEIGHT_SHAPES))}")
    frozen = frozenset(i for i, (name, _) in enumerate(T.KEYS) if name in names)
    last = fit_weights(
        train, w0, k, args.epochs, args.rate, args.ridge, report=report, frozen=frozen
    )
    if args.keep == "last":
        best[:] = [error(held, last, k), last, args.epochs]
    w = best[1]
    print(f"kept the weights of epoch {best[2]} ({args.keep})")
    after = error(train, w, k), error(held, w, k)
    change = f"error {before[0]:.5f} -> {after[0]:.5f}, held out {before[1]:.5f} -> {after[1]:.5f}"
    print(f"fitted: {change}")
    if args.write:
        command = " ".join(["python scripts/texel_fit.py", *sys.argv[1:]])
        header = (
            "The chess evaluation's weights fitted to game results (Texel's method).\n\n"
            f"Written by: {textwrap.fill(command, 88, subsequent_indent='    ')}\n"
            "(generated: do not edit by hand; hand_weights.py has the shapes' meaning).\n"
            f"{len(train)} positions fitted, {len(held)} held out; K = {k:.3f}; mean squared\n"
            f"{change} (epoch {best[2]} of {args.epochs}).\n"
        )
        OUT.write_text(module_text(T.unflat(w), header))
        print(f"wrote {OUT}")


if __name__ == "__main__":
    main()
