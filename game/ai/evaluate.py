"""How good a position is for one seat: the evaluation registry.

An evaluator is ``evaluate(state, seat) -> float``, a score from ``seat``'s
point of view in pawns (a pawn is 1.0). A game teaches the bots in its own
folder: ``game/games/<id>/evaluation.py`` defines ``evaluate`` (built with
``make_material_eval`` and its own terms, or from scratch). Chess-like games
without one (states with ``pieces()``) share ``chess_eval``: on the chess
core with two sides, the chess knowledge of game/engine/chess/evaluation.py;
elsewhere ``chess_like_eval``, material, a little mobility and a little
centralisation (the base the games' own evaluations build on); others are judged by their end
only (0 while the game is on); the search breaks ties at random.

Terminal states are scored by ``terminal_value``: ``WIN`` for a win, ``-WIN``
for a loss, 0 for a draw, far outside any material score; a score game's
final score counts as that many pawns (lower-is-better scores negated).

This module never imports pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from game.engine.chess.board import ChessBoard
from game.engine.chess.evaluation import evaluate_board
from game.engine.chess.state import ChessState
from game.engine.chess.tables import KIND_NAMES

Evaluator = Callable[..., float]  # (state, seat[, mobility[, pieces]]) -> score


@dataclass(frozen=True)
class Traits:
    """What an evaluation declares about itself, with ``declare``; the search
    reads it with ``traits_of`` instead of looking for attributes."""

    # Called as evaluate(state, seat, mobility): the legal-move count per seat.
    takes_mobility: bool = False
    # ... but only on the states for which this says so (None: on all).
    wants_mobility: Callable[[Any], bool] | None = None
    # The game's own loud actions for the quiescence search:
    # (state, seat) -> [(gain, action)], best first (None: the captures).
    loud_actions: Callable[[Any, int], list] | None = None


PLAIN = Traits()
_traits: dict[Callable[..., float], Traits] = {}


def declare(evaluate: Evaluator, **traits: Any) -> Evaluator:
    """Declare ``evaluate``'s traits (see ``Traits``); returns it unchanged."""
    _traits[evaluate] = Traits(**traits)
    return evaluate


def traits_of(evaluate: Evaluator) -> Traits:
    return _traits.get(evaluate, PLAIN)


WIN = 100_000.0
SCORE_UNIT = 1.0  # pawns per point of a score game's final score

#: Material in pawns. Fairy kinds are the Chess Kit pieces; a game may register
#: its own table with ``make_material_eval``.
PIECE_VALUES: dict[str, float] = {
    "pawn": 1.0,
    "knight": 3.0,
    "bishop": 3.25,
    "rook": 5.0,
    "queen": 9.0,
    "king": 0.0,
    "mace": 3.5,
    "horse_apult": 4.0,
    "amazon": 12.0,
    "wild_ox": 4.0,
    "archer": 4.5,
    "spider": 3.0,
    "assassin": 3.5,
    "cardinal": 7.0,
    "mage": 3.0,
}

#: Unknown kinds count this much, so a new fairy piece is never worth nothing.
DEFAULT_PIECE_VALUE = 3.0

MOBILITY_WEIGHT = 0.02  # pawns per legal action of the seat to act
CENTRE_WEIGHT = 0.04  # pawns per step closer to the centre, per minor/pawn

# Kinds that like the centre. Long-range pieces care less.
_CENTRE_KINDS = {"pawn": 1.0, "knight": 1.0, "bishop": 0.5, "queen": 0.25}


def terminal_value(result: Any, seat: int, team: tuple[int, ...] | None = None) -> float:
    """The end of the game from ``seat``'s point of view.

    Win/draw/loss: ``WIN`` for a win, ``-WIN`` for a loss, 0 for a draw; the
    best result in ``seat``'s team (default: its own team in the game) is
    compared with the best result outside it, and when everyone is on one
    team its result in [0, 1] maps onto [-WIN, WIN]. Score games: the team's
    score less the best other team's score (the score alone when nobody else
    plays), negated when lower is better, ``SCORE_UNIT`` pawns per point.
    """
    members = team if team else (seat,)
    if result.scores is not None:
        sign = -1.0 if result.lower_is_better else 1.0
        scores = result.scores
        mine = max(sign * scores[s] for s in members)
        others = [sign * v for i, v in enumerate(scores) if i not in members]
        return SCORE_UNIT * (mine - max(others) if others else mine)
    points = result.points
    mine = max(points[s] for s in members)
    others = [v for i, v in enumerate(points) if i not in members]
    if not others:
        return (2.0 * mine - 1.0) * WIN
    diff = mine - max(others)
    if diff > 0:
        return WIN
    if diff < 0:
        return -WIN
    return 0.0


def team_of(state: Any, seat: int) -> tuple[int, ...]:
    """``seat``'s team in the state's game (the seat alone if it has none)."""
    return state.game.team_of(seat)


def outcome_only(state: Any, seat: int) -> float:
    """For games nobody taught the bots: only the end counts."""
    result = state.result()
    return 0.0 if result is None else terminal_value(result, seat, team_of(state, seat))


class _Centre:
    """Per board size, how central each square is (0 at the rim)."""

    _cache: dict[tuple[int, int], list[float]] = {}

    @classmethod
    def table(cls, width: int, height: int) -> list[float]:
        key = (width, height)
        table = cls._cache.get(key)
        if table is None:
            cx, cy = (width - 1) / 2, (height - 1) / 2
            table = []
            for sq in range(width * height):
                f, r = sq % width, sq // width
                dist = max(abs(f - cx), abs(r - cy))
                table.append(max(cx, cy) - dist)
            cls._cache[key] = table
        return table


def make_material_eval(
    values: Mapping[str, float] | None = None,
    mobility_weight: float = MOBILITY_WEIGHT,
    centre_weight: float = CENTRE_WEIGHT,
) -> Evaluator:
    """An evaluator for states with ``pieces() -> {sq: Piece(side, kind)}``.

    Pieces belong to sides (colours), not seats: the score for ``seat`` is
    its side's material minus the mean of the other sides' material, plus
    ``centre_weight`` per step of centralisation of pawns and minor pieces,
    plus ``mobility_weight`` times the number of legal actions of the seat
    to act (a tempo-like term: positive when ``seat``'s side acts, negative
    when another side does). Mobility counts come from the search, which
    generated them anyway, so evaluation never generates moves.
    """
    table = dict(PIECE_VALUES)
    if values:
        table.update(values)
    centre_kinds = _CENTRE_KINDS
    on_bitboards = _BitboardMaterial(table, centre_kinds)

    def evaluate(
        state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
    ) -> float:
        result = state.result()
        if result is not None:
            return terminal_value(result, seat, team_of(state, seat))
        game = state.game
        geometry = state.geometry
        centre = _Centre.table(geometry.width, geometry.height) if geometry else None
        nsides = len(game.sides)
        mine = game.side_of(seat)
        if nsides == 2 and isinstance(state, ChessBoard):
            material, positional = on_bitboards.count(state)  # the same sums, quicker
        else:
            material = [0.0] * nsides
            positional = [0.0] * nsides
            get = table.get
            if pieces is None:
                pieces = state.pieces()
            for sq, piece in pieces.items():
                owner = piece[0]
                if owner is None or not 0 <= owner < nsides:
                    continue
                kind = piece[1]
                material[owner] += get(kind, DEFAULT_PIECE_VALUE)
                if centre is not None:
                    w = centre_kinds.get(kind)
                    if w:
                        positional[owner] += w * centre[sq]
        score = material[mine] + centre_weight * positional[mine]
        if nsides > 1:
            others = sum(material) - material[mine]
            others += centre_weight * (sum(positional) - positional[mine])
            score -= others / (nsides - 1)
        if mobility_weight and mobility and len(mobility) > 1:
            ours = [n for s, n in mobility.items() if game.side_of(s) == mine]
            theirs = [n for s, n in mobility.items() if game.side_of(s) != mine]
            if ours and theirs:
                score += mobility_weight * (sum(ours) / len(ours) - sum(theirs) / len(theirs))
        return score

    return declare(evaluate, takes_mobility=True)


class _BitboardMaterial:
    """Material and centralisation of a chess-core position (8 x 8, two
    sides) counted on its bitboards: per kind, the pieces on each ring of the
    centre table. Every value is a multiple of 1/4, so the sums are exactly
    those of the square-by-square loop."""

    def __init__(self, table: Mapping[str, float], centre_kinds: Mapping[str, float]):
        self.values = tuple(table.get(name, DEFAULT_PIECE_VALUE) for name in KIND_NAMES)
        weights = tuple(centre_kinds.get(name, 0.0) for name in KIND_NAMES)
        centre = _Centre.table(8, 8)
        rings = sorted({v for v in centre if v})
        masks = [(v, sum(1 << sq for sq, c in enumerate(centre) if c == v)) for v in rings]
        # Per kind with a centre weight: (kind, [(weight * ring value, ring mask)...]).
        self.central = tuple(
            (kind, tuple((w * v, mask) for v, mask in masks)) for kind, w in enumerate(weights) if w
        )

    def count(self, state: Any) -> tuple[list[float], list[float]]:
        bb, occ = state.bb, state.occ
        material, positional = [0.0, 0.0], [0.0, 0.0]
        for side in (0, 1):
            own = occ[side]
            total = 0.0
            for kind, value in enumerate(self.values):
                total += value * (bb[kind] & own).bit_count()
            material[side] = total
            pos = 0.0
            for kind, rings in self.central:
                pieces = bb[kind] & own
                if pieces:
                    for weight, mask in rings:
                        pos += weight * (pieces & mask).bit_count()
            positional[side] = pos
        return material, positional


chess_like_eval = make_material_eval()


def chess_eval(
    state: Any, seat: int, mobility: Mapping[int, int] | None = None, pieces: dict | None = None
) -> float:
    """The evaluation of chess-like games without an evaluation.py: on the
    chess core with two sides, the chess knowledge of
    game/engine/chess/evaluation.py (tapered piece-square tables, pawn
    structure, king safety, bishop pair, rooks on files, mobility); on any
    other board, ``chess_like_eval`` (material, centre and mobility; games
    with their own evaluation.py build on that one and keep it)."""
    if isinstance(state, ChessState) and len(state.bb) == 6 and len(state.game.sides) == 2:
        result = state.result()
        if result is not None:
            return terminal_value(result, seat, team_of(state, seat))
        score = evaluate_board(state)
        return score if state.game.side_of(seat) == 0 else -score
    return chess_like_eval(state, seat, mobility, pieces)


# Mobility except on the chess core, whose knowledge counts it itself.
declare(chess_eval, takes_mobility=True, wants_mobility=lambda s: not isinstance(s, ChessBoard))

_by_game: dict[type, Evaluator] = {}


def evaluator_for(state: Any) -> Evaluator:
    """The ``evaluate`` of the game's own ``evaluation.py`` (its folder, or
    the nearest parent game's); ``chess_eval`` for any other state that
    has ``pieces()``; otherwise ``outcome_only``."""
    from game.games import game_part

    game = state.game
    found = _by_game.get(type(game))
    if found is None:
        module = game_part(game, "evaluation")
        if module is not None:
            found = module.evaluate
        elif state.has_pieces:
            found = chess_eval
        else:
            found = outcome_only
        _by_game[type(game)] = found
    return found


_decisions: dict[type, Any] = {}


def own_decision(state: Any) -> Any:
    """The game's own ``decide(state, seat, rng, level)`` from its
    evaluation.py, if it brings one (a game whose computer player is not a
    search: a solver), else None."""
    from game.games import game_part

    game = state.game
    if type(game) not in _decisions:
        module = game_part(game, "evaluation")
        _decisions[type(game)] = getattr(module, "decide", None)
    return _decisions[type(game)]


def piece_value(kind: str, values: Mapping[str, float] = PIECE_VALUES) -> float:
    return values.get(kind, DEFAULT_PIECE_VALUE)
