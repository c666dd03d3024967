"""The program's own source, read as syntax trees for the checks on the
house's shape (tests/test_layout.py) and on the packaging
(tests/test_packaging.py): each module is parsed once per test session, as
several checks walk every one of them."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

GAME = Path(__file__).resolve().parent.parent.parent / "game"


def modules() -> list[Path]:
    """Every module of the program, in a stable order."""
    return sorted(GAME.rglob("*.py"))


@functools.cache
def parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def imports(path: Path) -> set[str]:
    """The absolute module names ``path`` imports (relative imports left out)."""
    found = set()
    for node in ast.walk(parsed(path)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
    return found
