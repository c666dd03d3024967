"""Every game of the collection, by id.

Each game is one folder here, registered by being there: ``game/games/<id>/``
holds ``rules.py`` (the ``Game`` subclass, decorated with ``register``;
headless), optionally ``evaluation.py`` (what the computer knows of the game,
headless, on the ai floor) and ``display.py`` (or a ``display/`` package: the
UI adapter, widgets, animations, sounds and markers; the only part that
imports pygame, on the ui floor). ``load_all`` imports every folder;
``game_part`` finds a game's evaluation or display. ``CATALOGUE`` lists the
whole collection in menu order.
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass
from types import ModuleType

from game.engine import Game

REGISTRY: dict[str, Game] = {}


def register(cls: type[Game]) -> type[Game]:
    REGISTRY[cls.id] = cls()
    return cls


@dataclass(frozen=True)
class Entry:
    id: str
    title: str
    players: str


CATALOGUE: tuple[Entry, ...] = (
    Entry("chess", "Chess", "2"),
    Entry("chess960", "Chess960", "2"),
    Entry("maces", "Maces and Horse-apults", "2"),
    Entry("tulpas", "Maces, Horse-apults and Tulpas", "2"),
    Entry("mulligan_stew", "Mulligan Stew Chess", "2"),
    Entry("tulaga", "Tulaga", "2"),
    Entry("zombie", "Zombie Chess", "2"),
    Entry("masquerade", "Masquerade Chess", "2"),
    Entry("telepathic", "Telepathic Chess", "4"),
    Entry("two_move", "Two Move Chess", "2"),
    Entry("adrenaline", "Adrenaline Chess", "2"),
    Entry("tar_pit", "Tar Pit Chess", "2"),
    Entry("golf", "Chess Golf", "1-4"),
    Entry("crowded_house", "Crowded House", "4"),
    Entry("cooperative", "Cooperative Chess", "1-2"),
    Entry("half_alice", "Half Alice Chess", "2"),
    Entry("synchronous", "Synchronous Chess", "2"),
)


def load_all() -> dict[str, Game]:
    """Import every game folder so each registers itself."""
    import game.games as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        if info.ispkg:
            importlib.import_module(f"game.games.{info.name}")
    return REGISTRY


def game_part(game: Game, part: str) -> ModuleType | None:
    """The module ``part`` ("evaluation", "display") of the folder that
    defines ``game``'s class, or of the nearest base class that has one (a
    variant made by subclassing borrows its parent's parts); None if none."""
    for cls in type(game).__mro__:
        folder, _, _ = cls.__module__.rpartition(".")
        if not folder.startswith("game.games."):
            continue
        name = f"{folder}.{part}"
        if name in _missing:
            continue
        try:
            return importlib.import_module(name)
        except ModuleNotFoundError as e:
            if e.name != name:
                raise  # the part exists but something it imports does not
            _missing.add(name)
    return None


_missing: set[str] = set()
