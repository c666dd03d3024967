"""The shape of the house (shared/ARCHITECTURE.md), checked on the source:
floors import only downwards, no modules import each other round in a
circle, only the UI floor touches pygame, the central UI names no game, and
no module grows past 800 lines."""

from __future__ import annotations

import ast
import functools
import random
from pathlib import Path

import pytest
from helpers.source_tree import GAME, imports, modules, parsed

from game.engine.pieces import KINDS
from game.games import REGISTRY, load_all
from game.ui.adapters import adapter_for
from game.ui.animation import SECONDS, STEP_BUILDERS

ORTHODOX = {"pawn", "knight", "bishop", "rook", "queen", "king"}


def name_of(path: Path) -> str:
    return ".".join(path.relative_to(GAME.parent).with_suffix("").parts)


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


def module_name(path: Path) -> str:
    """A module's dotted name; a package's ``__init__`` is the package."""
    name = name_of(path)
    return name.removesuffix(".__init__")


def _type_checking_only(tree: ast.Module) -> set[int]:
    """The nodes under ``if TYPE_CHECKING:``: read by type checkers, never run."""
    skip: set[int] = set()
    for node in ast.walk(tree):
        test = getattr(node, "test", None)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in (
            getattr(test, "id", None),
            getattr(test, "attr", None),
        ):
            skip |= {id(sub) for stmt in node.body for sub in ast.walk(stmt)}
    return skip


def import_graph() -> dict[str, set[str]]:
    """Module -> the game modules it imports, from every import statement
    in it (those inside functions too: a deferred import still ties the two
    modules together), but not those only type checkers read. ``from p
    import m`` names module ``p.m`` when there is one, else ``p``."""
    paths = {module_name(p): p for p in modules()}
    graph: dict[str, set[str]] = {}
    for name, path in paths.items():
        tree = parsed(path)
        skip = _type_checking_only(tree)
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(tree):
            if id(node) in skip:
                continue
            if isinstance(node, ast.Import):
                found |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([node.module] if node.module else []))
                for alias in node.names:
                    sub = f"{base}.{alias.name}"
                    found.add(sub if sub in paths else base)
        graph[name] = {m for m in found if m in paths and m != name}
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The groups of modules that reach each other through imports (the
    strongly connected components of more than one module), each sorted."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []
    for root in sorted(graph):
        if root in order:
            continue
        work = [(root, iter(sorted(graph[root])))]
        order[root] = low[root] = len(order)
        stack.append(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in order:
                    order[child] = low[child] = len(order)
                    stack.append(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in stack:
                    low[node] = min(low[node], order[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == order[node]:
                group = []
                while True:
                    member = stack.pop()
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    found.append(sorted(group))
    return found


def test_no_import_cycles():
    """No modules import each other round in a circle, not even through an
    import deferred into a function: the scenes open each other through
    game/ui/navigation.py, which no scene imports."""
    assert cycles(import_graph()) == []


def _screens() -> set[str]:
    """The modules that define a screen: a class built on Scene or on
    another screen, which nothing is built on in turn (not a base)."""
    classes = []
    for path in modules():
        for node in ast.walk(parsed(path)):
            if isinstance(node, ast.ClassDef):
                bases = {getattr(base, "id", None) for base in node.bases}
                classes.append((module_name(path), node.name, bases))
    scenes = {"Scene"}
    while True:  # the classes built on Scene, through any number of bases
        more = {name for _, name, bases in classes if bases & scenes} - scenes
        if not more:
            break
        scenes |= more
    bases_used = set().union(*(bases for _, _, bases in classes))
    return {m for m, name, bases in classes if name in scenes - {"Scene"} - bases_used}


def test_only_the_navigator_opens_screens():
    """One place opens the menu, the setup form, a match, the rules...:
    no other module imports a scene's module (the crash drill only looks at
    which screen is up; a package may name its own scene)."""
    screens = _screens()
    assert {"game.ui.menu", "game.ui.setup", "game.ui.play.scene"} <= screens
    allowed = {"game.ui.navigation", "game.ui.drill", "game.ui.play"}
    wrong = {
        (module, imported)
        for module, imported_all in import_graph().items()
        for imported in imported_all & (screens | {"game.ui.play"})
        if module not in allowed
    }
    assert wrong == set()


@pytest.mark.slow  # fast cover: test_no_import_cycles runs the same check on the source fast
def test_the_cycle_check_would_catch_a_cycle():
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a", "e"}, "d": {"a"}, "e": {"e"}}
    assert cycles(graph) == [["a", "b", "c"]]
    graph = import_graph()
    assert "game.ui.menu" in graph["game.ui.navigation"]  # imported in a method: seen
    assert "game.app" not in graph["game.ui.scene"]  # for type checkers only: not


def test_no_module_is_over_800_lines():
    long = {
        name_of(p): n
        for p in modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > 800
    }
    assert long == {}


@functools.cache  # one set for every module checked: it plays 40 steps of every game
def _game_words() -> frozenset[str]:
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
    return frozenset(words - set(STEP_BUILDERS))


def _strings(path: Path) -> set[str]:
    """Every string constant of a module that is not a docstring."""
    tree = parsed(path)
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
