"""The shape of the house (shared/ARCHITECTURE.md), checked on the source:
floors import only downwards, only the UI floor touches pygame, the central
UI names no game, and no module grows past 800 lines."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.engine.pieces import KINDS
from game.games import REGISTRY, load_all
from game.ui.adapters import adapter_for
from game.ui.animation import SECONDS, STEP_BUILDERS

GAME = Path(__file__).resolve().parent.parent / "game"
ORTHODOX = {"pawn", "knight", "bishop", "rook", "queen", "king"}


def modules() -> list[Path]:
    return sorted(GAME.rglob("*.py"))


def name_of(path: Path) -> str:
    return ".".join(path.relative_to(GAME.parent).with_suffix("").parts)


def imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found


def on_ui_floor(module: str) -> bool:
    """game/ui, the app, and each game's display module or package."""
    parts = module.split(".")
    return (
        module.startswith("game.ui")
        or module in ("game.app", "game.__main__")
        or (module.startswith("game.games.") and "display" in parts)
    )


def test_only_the_ui_floor_imports_pygame():
    offenders = []
    for path in modules():
        module = name_of(path)
        uses = {m for m in imports(path) if m.split(".")[0] in ("pygame", "pygame_gui")}
        if uses and not on_ui_floor(module):
            offenders.append((module, sorted(uses)))
    assert offenders == []


def test_floors_import_only_downwards():
    """ui -> ai -> games -> engine; a game's evaluation sits on the ai floor
    and its display on the ui floor."""
    wrong = []
    for path in modules():
        module = name_of(path)
        for imported in imports(path):
            if not imported.startswith("game."):
                continue
            floor = imported.split(".")[1]
            if module.startswith("game.engine") and floor in ("games", "ai", "ui", "match"):
                wrong.append((module, imported))
            elif module.startswith("game.games") and not on_ui_floor(module):
                is_evaluation = module.endswith(".evaluation")
                if floor == "ui" or (floor == "ai" and not is_evaluation):
                    wrong.append((module, imported))
            elif module.startswith("game.ai") and floor == "ui":
                wrong.append((module, imported))
    assert wrong == []


def test_no_module_is_over_800_lines():
    long = {
        name_of(p): n
        for p in modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800
    }
    assert long == {}


def _game_words() -> set[str]:
    """What only a game knows: its id and title, its own piece kinds, and
    the event kinds its display animates that are not drawing motions."""
    games = load_all()
    words = set(games) | {g.title for g in games.values()}
    words |= set(KINDS) - ORTHODOX
    for game in games.values():
        state = game.new(seed=1)
        rng = random.Random(1)
        for _ in range(40):  # kinds that only show up in play (Tulaga's stones)
            words |= {p.kind for p in getattr(state, "pieces", dict)().values()} - ORTHODOX
            if state.is_over():
                break
            state.apply({s: rng.choice(state.legal_actions(s)) for s in state.to_act()})
        display = adapter_for(game)
        words |= (set(display.animations) | {kind for kind, _ in display.sounds}) - set(SECONDS)
    return words - set(STEP_BUILDERS)


def _strings(path: Path) -> set[str]:
    """Every string constant of a module that is not a docstring."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return {
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    }


CENTRAL_UI = [p for p in modules() if name_of(p).startswith("game.ui") or p.name == "app.py"]


@pytest.mark.parametrize("path", CENTRAL_UI, ids=name_of)
def test_the_central_ui_names_no_game(path):
    words = _game_words()
    named = {s for s in _strings(path) if s in words or any(f"{w}" == s for w in words)}
    assert named == set(), f"{name_of(path)} names {sorted(named)}"


def test_the_check_would_catch_a_game_name():
    words = _game_words()
    assert {"maces", "mace", "throw", "tulaga", "Mulligan Stew Chess", "spider"} <= words
    assert REGISTRY  # the games are loaded for the check
