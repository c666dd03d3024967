"""Where the run-time files are, the same way from source and from the
one-file executable: assets/, rules/ and lessons/ sit beside the ``game`` package,
both in the repository and in PyInstaller's unpack folder."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def asset(*parts: str) -> Path:
    """A file under assets/, e.g. ``asset("pieces", "wK.svg")``."""
    return ROOT.joinpath("assets", *parts)


def rules_sheet(game_id: str) -> Path:
    return ROOT / "rules" / f"{game_id}.md"


def lessons_file(game_id: str) -> Path:
    """A game's lessons (docs/LEARN.md)."""
    return ROOT / "lessons" / f"{game_id}.txt"


def puzzles_file(game_id: str) -> Path:
    """A game's shipped puzzles (puzzles/<game_id>.txt; game/learn/puzzles.py)."""
    return ROOT / "puzzles" / f"{game_id}.txt"
