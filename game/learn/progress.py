"""The lessons a person has done, per game, and the games whose lessons
were offered to a newcomer.

The file is ``<data_dir>/lessons.json``, written atomically like the saves
(game/saves.py)::

    {"format": 1,
     "done": {"<game id>": ["<lesson title>", ...]},
     "offered": ["<game id>", ...]}

A lesson is remembered by its title (lessons/<id>.txt keeps titles
unique). ``offered`` lists the games whose lessons were offered once (or
that needed no offer: the person had played them), whatever the answer.
A damaged file is set aside as ``lessons.json.bad`` with a notice, and the
progress starts again empty; a file that cannot be written costs the
progress of this session only. Headless.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game import saves

FORMAT = 1
TITLE_MAX = 200  # a lesson title kept is shorter than this
GAMES_MAX = 64  # games the file remembers (17 today)
OFFER_NEWCOMERS = True  # the setup form offers a newcomer the lessons (tests turn it off)

log = logging.getLogger(__name__)


def progress_path() -> Path:
    return saves.data_dir() / "lessons.json"


@dataclass
class Progress:
    done: dict[str, set[str]] = field(default_factory=dict)
    offered: set[str] = field(default_factory=set)
    trouble: str = ""  # why the file was set aside ("" when it was fine)

    def done_in(self, game_id: str) -> set[str]:
        return set(self.done.get(game_id, ()))

    def to_json(self) -> str:
        data = {
            "format": FORMAT,
            "done": {g: sorted(t) for g, t in sorted(self.done.items()) if t},
            "offered": sorted(self.offered),
        }
        return json.dumps(data, indent=1, sort_keys=True) + "\n"


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= TITLE_MAX


def load() -> Progress:
    """The progress kept, or none. A damaged file is set aside with a
    notice (``trouble`` says why); entries that make no sense are dropped."""
    try:
        path = progress_path()
    except OSError:
        return Progress()
    try:
        data = saves.read_small_json(path)
        if data is None:
            return Progress()
        if not isinstance(data, dict):
            raise ValueError("the progress is not a table")
        done, offered = data.get("done", {}), data.get("offered", [])
        if not isinstance(done, dict) or not isinstance(offered, list):
            raise ValueError("the progress has the wrong shape")
    except ValueError as error:
        saves.set_aside(path, "lessons progress", str(error))
        return Progress(trouble=f"Your lessons progress file was damaged and set aside ({error}).")
    progress = Progress()
    for game_id, titles in list(done.items())[:GAMES_MAX]:
        if _text(game_id) and isinstance(titles, list):
            kept = {t for t in titles if _text(t)}
            if kept:
                progress.done[game_id] = kept
    progress.offered = {g for g in offered[:GAMES_MAX] if _text(g)}
    return progress


def _write(progress: Progress) -> bool:
    """Write the progress; False (logged) when the folder refuses it."""
    if saves.saving_off():
        return False
    try:
        saves._atomic_write(progress_path(), progress.to_json())
    except OSError:
        log.exception("could not keep the lessons progress")
        return False
    return True


def mark_done(game_id: str, title: str) -> bool:
    """Remember that a lesson is done (True when the file was written)."""
    progress = load()
    progress.done.setdefault(game_id, set()).add(title)
    progress.offered.add(game_id)  # someone who took a lesson needs no offer
    return _write(progress)


def offer_due(game_id: str, played: bool, has_lessons: bool) -> bool:
    """Should the setup form offer this game's lessons now? Once only, to a
    person who has neither played the game (``played``) nor done a lesson
    of it. A game already played is remembered as needing no offer."""
    if not OFFER_NEWCOMERS or not has_lessons:
        return False
    progress = load()
    if game_id in progress.offered or progress.done.get(game_id):
        return False
    if played:
        progress.offered.add(game_id)
        _write(progress)
        return False
    return True


def mark_offered(game_id: str) -> bool:
    """The offer was made (whatever the answer): never again."""
    progress = load()
    progress.offered.add(game_id)
    return _write(progress)
