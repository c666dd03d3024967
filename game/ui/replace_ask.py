"""Ask before a save or a PGN file replaces another of the same name.

Every Chess game at move 2 is offered the name "Chess, move 2", so a save
under the offered name could silently replace an earlier game's. The play
scene's Save and Save PGN, and the Load screen's Save PGN, ask first."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game import saves
from game.ui import widgets


def asked(ui: Any, name: str, pgn: bool, write: Callable[[], object]) -> bool:
    """If a save (``pgn``: a PGN file) named ``name`` is there already, ask
    whether to replace it, ``write()`` on Replace, and answer True; else
    False: the caller writes at once."""
    taken = saves.taken_name(name, pgn)
    if taken is None:
        return False
    what = "PGN file" if pgn else "save"
    widgets.confirm(
        ui,
        f"Replace the {what}?",
        f"A {what} named “{taken}” is there already. Replace it with this game?",
        write,
        yes="Replace",
    )
    return True
