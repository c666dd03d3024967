"""Declared capabilities hold: every class says which of the chess core's
fast paths it keeps and what a search or the board view may use, and the
declarations match the methods the class really overrides."""

from __future__ import annotations

import pytest
from helpers.chess_variants import VARIANTS

from game.engine.chess.state import FAST_PATHS, ChessState
from game.engine.protocol import State
from game.games import load_all

GAMES = load_all()
STATES = sorted(
    {type(game.new(seed=1)) for game in GAMES.values()} | {v.state for v in VARIANTS},
    key=lambda cls: cls.__qualname__,
)
CHESS_STATES = [cls for cls in STATES if issubclass(cls, ChessState)]


def _overrides(cls: type, names: tuple[str, ...], base: type = ChessState) -> list[str]:
    mine = {name: getattr(cls, name, None) for name in names}
    return [name for name in names if mine[name] not in (None, getattr(base, name, None))]


def wrong_declarations(cls: type[ChessState]) -> list[str]:
    """What ``cls`` declares against its overrides: a fast path kept while
    one of its hooks is overridden, or given up with none overridden."""
    out = []
    for path, hooks in FAST_PATHS.items():
        changed = _overrides(cls, hooks)
        if getattr(cls, path) == bool(changed):
            out.append(f"{path}={getattr(cls, path)} (overrides: {changed or 'none'})")
    return out


@pytest.mark.parametrize("cls", CHESS_STATES, ids=lambda cls: cls.__qualname__)
def test_each_chess_class_declares_the_fast_paths_its_hooks_allow(cls):
    assert wrong_declarations(cls) == []


def test_an_override_the_declaration_does_not_know_is_caught():
    class NewMoves(ChessState):  # changes the moves, keeps the declared fast path
        def allows(self, move):
            return move.to != 0

    class NewEnd(ChessState):
        orthodox_ends = False  # declared, but the other hook is not

        def variant_result(self):
            return None

        def after_move(self, move, events):
            pass

    assert wrong_declarations(NewMoves) == ["orthodox_moves=True (overrides: ['allows'])"]
    assert wrong_declarations(NewEnd) == ["plain_turns=True (overrides: ['after_move'])"]


def test_the_orthodox_classes_keep_every_fast_path():
    for cls in (ChessState, type(GAMES["chess960"].new(seed=1))):
        assert cls._fast and cls._plain and cls._plain_moves and cls._core


@pytest.mark.parametrize("cls", STATES, ids=lambda cls: cls.__qualname__)
def test_the_optional_parts_are_declared(cls):
    searching = _overrides(cls, ("make", "unmake", "key"), State)
    assert cls.searchable == bool(searching), searching
    if cls.searchable:
        assert len(searching) == 3, f"searchable needs make, unmake and key: {searching}"
    assert cls.has_pieces == bool(_overrides(cls, ("pieces",), State))


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_game_safe_for_null_moves_has_states_that_pass(game_id):
    game = GAMES[game_id]
    if not game.null_move_safe:
        return
    state = game.new(seed=1)
    assert state.searchable
    for name in ("make_null", "null_move_allowed", "in_check"):
        assert callable(getattr(state, name))
