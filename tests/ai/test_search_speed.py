"""The search's fast road: make/unmake and the transposition table's key.

- On states with ``make``/``unmake`` the search plays in place; it must give
  the same best action, score and node count as copying every child.
- ``key()`` tells apart what changes the future of a position: the side to
  move, castling rights, en passant, per-square extras, a variant's own
  fields; Maces' phase and the Maces still to swing; the Tulpa hands.
- ``make`` then ``unmake`` restores the state exactly, over random playouts
  of every game that has them (and the test-only chess variants).
"""

from __future__ import annotations

import pickle
import random

import pytest
from helpers import chess_variants, tiers
from helpers.chess_diagrams import fen_of

from game.ai.evaluate import WIN
from game.ai.search import Limits, Search
from game.engine.board import board_field
from game.games import load_all

GAMES = load_all()
DEEP = Limits(max_depth=3, time_limit=1e9, time_cap=1e9, node_limit=10**9)


def chess(diagram: str, game: str = "chess", **fields):
    return GAMES[game].from_text(fen_of(diagram, **fields))


def maces(diagram: str, side: str = "w", phase: str = "act", ep: str = "-", game="maces"):
    text = f"{board_field(diagram, 10)} {side} {phase} {ep} 0 1"
    if game == "tulpas":
        text += " -/-"
    return GAMES[game].from_text(text)


def search(state, fast: bool, limits: Limits = DEEP):
    seat = state.to_act()[0]
    s = Search(seat, limits, random.Random(7), fast=fast)
    return s.run(state.copy()), s.nodes


# -- the two roads agree ------------------------------------------------------------------
POSITIONS = {
    "a hanging queen": lambda: chess(
        """
        r . b . k . . r
        p p p . . p p p
        . . n . . n . .
        . . . q p . . .
        . . . . . . . .
        . . N . . N . .
        P P P P . P P P
        R . B Q K B . R
        """
    ),
    "castling either way": lambda: chess(
        """
        r . . . k . . r
        p p p . . p p p
        . . n . . n . .
        . . b p p . . .
        . . B . P . b .
        . . N . . N . .
        P P P P . P P P
        R . . . K . . R
        """,
        castling="KQkq",
    ),
    "en passant to take": lambda: chess(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . p P . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . K . . .
        """,
        ep="d6",
    ),
    "Chess960 castling": lambda: chess(
        """
        b b q n n r k r
        p p p . p p p p
        . . . . . . . .
        . . . p . . . .
        . . . . P . . .
        . . . . . . . .
        P P P P . P P P
        B B Q N N R K R
        """,
        game="chess960",
        castling="KQkq",
    ),
    "Maces swinging": lambda: maces(
        """
        . . . . . k . . . .
        . . . . . . . . . .
        . . . . p p . . . .
        . . . . . . . . . .
        . . . . M . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . K . . . .
        """
    ),
    "a Horse-apult by the king": lambda: maces(
        """
        . . . . . k . . . .
        . . . . . m . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . H K . . . .
        . . . . . . . . . .
        """
    ),
    "Tulpas": lambda: maces(
        """
        . . . . . k . . . .
        . . . p . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . M . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . . . . . .
        . . . . . K . . . .
        """,
        game="tulpas",
    ),
    # Their starts, a few actions in (their boards are not chess diagrams).
    "Mulligan Stew": lambda: _played("mulligan_stew", 6),
    "Tulaga": lambda: _played("tulaga", 6),
}


def _played(game_id: str, steps: int):
    state, rng = GAMES[game_id].new(seed=5), random.Random(5)
    for _ in range(steps):
        state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    return state


# Tulaga's searches cost a second; the other games' are its fast check.
@pytest.mark.parametrize(
    "name",
    [pytest.param(n, marks=pytest.mark.slow) if n == "Tulaga" else n for n in sorted(POSITIONS)],
)
@pytest.mark.slow  # fast cover: make/unmake restores every game's state exactly, fast
def test_playing_in_place_and_copying_search_the_same_tree(name):
    state = POSITIONS[name]()
    assert hasattr(state, "make") and hasattr(state, "key")
    (fast, fast_nodes), (slow, slow_nodes) = search(state, True), search(state, False)
    assert fast.action == slow.action
    assert fast.score == slow.score
    assert fast.scores == slow.scores
    assert fast_nodes == slow_nodes


def test_a_mate_found_through_the_table_keeps_its_distance():
    # Back-rank mate in one: the score is a win at ply 1 by either road.
    state = chess(
        """
        . . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . P P P
        R . . . . . K .
        """
    )
    (fast, _), (slow, _) = search(state, True), search(state, False)
    assert str(fast.action) == str(slow.action) == "a1a8"
    assert fast.score == slow.score == WIN - 1


# -- the key tells positions apart -----------------------------------------------------------
OPEN = """
r . . . k . . r
p p p p . p p p
. . . . . . . .
. . . . p . . .
. . . . P . . .
. . . . . . . .
P P P P . P P P
R . . . K . . R
"""


def test_the_key_tells_the_side_to_move():
    assert chess(OPEN, to_move="w").key() != chess(OPEN, to_move="b").key()


def test_the_key_tells_castling_rights():
    keys = {chess(OPEN, castling=c).key() for c in ("KQkq", "Kkq", "Qkq", "KQk", "-")}
    assert len(keys) == 5


def test_the_key_tells_the_en_passant_square():
    diagram = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . p P . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
    """
    assert chess(diagram, ep="d6").key() != chess(diagram).key()


def test_the_key_tells_the_same_position_reached_two_ways():
    a, b = chess(OPEN, castling="KQkq"), chess(OPEN, castling="KQkq")
    for move in ("Ke2", "Ke7", "Ke1", "Ke8"):
        a.apply({a.turn: a.parse_action(move)})
    assert a.key() != b.key()  # the castling rights are gone
    c, d = GAMES["chess"].new(), GAMES["chess"].new()
    for move in ("Nf3", "Nc6", "Nc3"):
        c.apply({c.turn: c.parse_action(move)})
    for move in ("Nc3", "Nc6", "Nf3"):
        d.apply({d.turn: d.parse_action(move)})
    assert c.key() == d.key()


def test_the_key_tells_per_square_extras_and_variant_fields(monkeypatch):
    variants = chess_variants.install(monkeypatch)
    tar = variants["test_tar"]
    board = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    keys = {tar.from_text(f"{board} {extras}").key() for extras in ("-", "b1=1", "c1=1")}
    assert len(keys) == 3  # no tar, tar under the b1 knight, under the c1 bishop
    three = variants["test_three_check"]
    assert three.from_text(f"{board} 3+3").key() != three.from_text(f"{board} 2+3").key()
    marseillais = variants["test_marseillais"]
    one, two = marseillais.from_text(f"{board} 1"), marseillais.from_text(f"{board} 2")
    assert one.key() != two.key()  # one move left in the turn, or two


def test_the_key_tells_maces_phases_and_pending_swings():
    diagram = """
    . . . . . k . . . .
    . . . . . . . . . .
    . . . . p p . . . .
    . . . . . . . . . .
    . . . . M . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . . . . . .
    . . . . . K . . . .
    """
    state = maces(diagram)
    before = state.key()
    state.apply({0: state.parse_action("e6e7")})  # the Mace steps next to two pawns
    assert state.phase == "swing"
    swinging = state.key()
    assert swinging != before
    assert swinging != maces(board_field_of(state)).key()  # same board, not swinging


def board_field_of(state) -> str:
    """The diagram of a Maces state's board (top rank first)."""
    rows = []
    for rank in range(9, -1, -1):
        row = []
        for file in range(10):
            p = state.board[rank * 10 + file]
            row.append("." if p is None else state.letters.char(p))
        rows.append(" ".join(row))
    return "\n".join(rows)


def test_the_key_tells_tulpa_hands():
    empty = maces(OPEN_MACES, game="tulpas")
    full = GAMES["tulpas"].from_text(empty.to_text().rsplit(" ", 1)[0] + " -/awyst")
    assert empty.key() != full.key()


OPEN_MACES = """
. . . . . k . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . . . . . .
. . . . . K . . . .
"""


# -- make and unmake ---------------------------------------------------------------------------
CACHES = {"game", "_legal", "_result", "_rng_shared"}  # worked out again when wanted


def _fingerprint(state) -> bytes:
    fields = {k: v for k, v in vars(state).items() if k not in CACHES}
    return pickle.dumps(fields)


def _games_with_make(monkeypatch) -> list:
    chess_variants.install(monkeypatch)
    from game.games import REGISTRY

    out = []
    for game_id in sorted(REGISTRY):
        game = REGISTRY[game_id]
        state = game.new(seed=1)
        if callable(getattr(state, "make", None)):
            out.append(game_id)
    return out


MAKERS = [
    "adrenaline",
    "chess",
    "chess960",
    "cooperative",
    "half_alice",
    "maces",
    "masquerade",
    "mulligan_stew",
    "synchronous",
    "tar_pit",
    "tulaga",
    "tulpas",
    "two_move",
    "zombie",
]


def test_every_chess_core_game_and_maces_can_make_and_unmake(monkeypatch):
    found = _games_with_make(monkeypatch)
    for game_id in MAKERS:
        assert game_id in found
    for variant in chess_variants.VARIANTS:
        assert variant.id in found


def _make_unmake_params() -> list:
    """Every game that makes and unmakes: the fast tier one seed for 20
    steps, the slow tier two seeds for 60 (the `-long` cases)."""
    ids = MAKERS + [v.id for v in chess_variants.VARIANTS]
    fast = [
        # The sample of helpers/tiers.py (Tulpas makes and unmakes with Maces' code).
        pytest.param(g, (1,), 20, marks=tiers.tier(g), id=g)
        for g in ids
    ]
    long = [pytest.param(g, (1, 2), 60, marks=pytest.mark.slow, id=f"{g}-long") for g in ids]
    return fast + long


@pytest.mark.parametrize(("game_id", "seeds", "steps"), _make_unmake_params())
def test_make_then_unmake_restores_the_state_exactly(game_id, seeds, steps, monkeypatch):
    chess_variants.install(monkeypatch)
    from game.games import REGISTRY

    for seed in seeds:
        rng = random.Random(seed)
        state = REGISTRY[game_id].new(seed=seed)
        for _ in range(steps):
            if state.is_over():
                break
            acting = state.to_act()
            choices = [{s: rng.choice(state.legal_actions(s)) for s in acting} for _ in range(3)]
            for choice in choices:
                applied = state.copy()
                applied.apply(choice)
                before, text, key = _fingerprint(state), state.to_text(), state.key()
                state.make(choice)
                assert state.to_text() == applied.to_text()  # make is apply
                assert state.key() == applied.key()
                assert state.result() == applied.result()
                state.unmake()
                assert state.to_text() == text
                assert state.key() == key
                assert _fingerprint(state) == before
            state.apply(choices[0])


def test_make_nested_deep_and_unmade_in_turn_comes_back(monkeypatch):
    state = GAMES["maces"].new(seed=3)
    rng = random.Random(3)
    start, texts = _fingerprint(state), []
    for _ in range(12):
        if state.is_over():
            break
        texts.append(state.to_text())
        state.make({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
    for text in reversed(texts):
        state.unmake()
        assert state.to_text() == text
    assert _fingerprint(state) == start


# -- the quiescence's captures and the quick "any move?" ------------------------------------
@pytest.mark.parametrize(
    "game_id", tiers.sweep(["chess", "chess960", "adrenaline", "zombie", "half_alice"])
)
def test_noisy_actions_are_the_captures_and_promotions_of_the_legal_actions(game_id):
    for seed in (1, 2, 3):
        rng = random.Random(seed)
        state = GAMES[game_id].new(seed=seed)
        for _ in range(120):
            if state.is_over():
                break
            (seat,) = state.to_act()
            fresh = state.copy()  # nothing listed yet: the direct generator answers
            noisy = fresh.noisy_actions(seat)
            legal = state.legal_actions(seat)
            if noisy is not None:
                pieces = state.pieces()
                wanted = [
                    m
                    for m in legal
                    if m.promotion or (m.to in pieces and pieces[m.to].side != state.turn)
                ]
                assert noisy == wanted
                assert state.noisy_actions(seat) == wanted  # and from the listed moves
            assert fresh.has_legal_move() == bool(legal)
            state.apply({seat: rng.choice(legal)})


def test_no_legal_move_is_known_in_mate_and_stalemate():
    mate = chess(
        """
        R . . . . . k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . K .
        """,
        to_move="b",
    )
    stalemate = chess(
        """
        k . . . . . . .
        . . Q . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . K .
        """,
        to_move="b",
    )
    assert not mate.has_legal_move() and mate.result().reason.startswith("Checkmate")
    assert not stalemate.has_legal_move() and stalemate.result().reason.startswith("Stalemate")
    assert mate.noisy_actions(1) == [] and stalemate.noisy_actions(1) == []


def test_a_promotion_without_a_capture_is_noisy_and_a_quiet_move_is_not():
    state = chess(
        """
        . . . . . . . k
        . P . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        K . . . . . . .
        """
    )
    noisy = state.noisy_actions(0)
    assert {str(m) for m in noisy} == {"b7b8q", "b7b8r", "b7b8b", "b7b8n"}


def test_copies_and_makes_draw_their_own_random_numbers():
    # The chess core copies its generator only when a copy first uses it:
    # the original and the copy still draw the same numbers, apart.
    state = GAMES["chess"].new(seed=3)
    copy = state.copy()
    assert copy.rng is not state.rng and copy.rng.random() == state.rng.random()
    again = state.copy()
    ahead = again.rng.random()
    move = state.legal_actions(0)[0]
    state.make({0: move})
    state.rng.random()  # drawn inside the made move
    state.unmake()
    assert state.rng.random() == ahead  # unmake gave the generator back as it was
