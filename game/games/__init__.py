"""Every game of the collection, by id.

A game module defines a ``Game`` subclass and decorates it with ``register``.
``CATALOGUE`` lists the whole collection in menu order, so games that are not
built yet still show in the menu as coming.
"""

from __future__ import annotations

from dataclasses import dataclass

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
    Entry("golf", "Chess Golf", "1+"),
    Entry("crowded_house", "Crowded House", "4"),
    Entry("cooperative", "Cooperative Chess", "1-2"),
    Entry("half_alice", "Half Alice Chess", "2"),
    Entry("synchronous", "Synchronous Chess", "2"),
)


def load_all() -> dict[str, Game]:
    """Import every game module so each registers itself."""
    import importlib
    import pkgutil

    import game.games as pkg

    for info in pkgutil.iter_modules(pkg.__path__):
        importlib.import_module(f"game.games.{info.name}")
    return REGISTRY
