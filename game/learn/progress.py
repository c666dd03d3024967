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
progress starts again empty. A file of a newer format (from a newer version
of the app) is read for what this one understands and never written over,
as records.json and stats.json are. What cannot be written (that file, or a
data folder that refuses) is kept for the session: lessons done and offers
made are remembered until the app closes. Headless.
"""

from __future__ import annotations

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


# Marks the file could not take, per progress file: remembered for the session.
_unwritten: dict[Path, Progress] = {}


@dataclass
class Progress:
    done: dict[str, set[str]] = field(default_factory=dict)
    offered: set[str] = field(default_factory=set)
    trouble: str = ""  # why the file was set aside ("" when it was fine)
    newer: bool = False  # the file comes from a newer version: never written over

    def done_in(self, game_id: str) -> set[str]:
        return set(self.done.get(game_id, ()))

    def to_data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "done": {g: sorted(t) for g, t in sorted(self.done.items()) if t},
            "offered": sorted(self.offered),
        }


def _text(value: Any) -> bool:
    return isinstance(value, str) and 0 < len(value) <= TITLE_MAX


def load() -> Progress:
    """The progress kept, or none, with this session's marks the file could
    not take. A damaged file is set aside with a notice (``trouble`` says
    why); entries that make no sense are dropped."""
    try:
        path = progress_path()
    except OSError:
        return Progress()
    progress = _read(path)
    unwritten = _unwritten.get(path)
    if unwritten is not None:
        for game_id, titles in unwritten.done.items():
            progress.done.setdefault(game_id, set()).update(titles)
        progress.offered |= unwritten.offered
    return progress


def _read(path: Path) -> Progress:
    try:
        data = saves.read_small_json(path)
        if data is None:
            return Progress()
        if not isinstance(data, dict):
            raise ValueError("the progress is not a table")
        done, offered = data.get("done", {}), data.get("offered", [])
        if not isinstance(done, dict) or not isinstance(offered, list):
            if saves.newer_format(data, FORMAT):  # a newer shape: nothing this version understands
                return Progress(newer=True)
            raise ValueError("the progress has the wrong shape")
    except ValueError as error:
        saves.set_aside(path, "lessons progress", str(error))
        return Progress(trouble=f"Your lessons progress file was damaged and set aside ({error}).")
    progress = Progress(newer=saves.newer_format(data, FORMAT))
    for game_id, titles in list(done.items())[:GAMES_MAX]:
        if _text(game_id) and isinstance(titles, list):
            kept = {t for t in titles if _text(t)}
            if kept:
                progress.done[game_id] = kept
    progress.offered = {g for g in offered[:GAMES_MAX] if _text(g)}
    return progress


def _write(progress: Progress) -> bool:
    """Write the progress; False when it cannot be (a folder that refuses
    it, logged; a file of a newer format, left as it is)."""
    if saves.saving_off():
        return False
    try:
        return saves.write_small_json(progress_path(), progress.to_data(), newer=progress.newer)
    except OSError:
        log.exception("could not keep the lessons progress")
        return False


def _keep(progress: Progress, game_id: str, title: str | None = None) -> bool:
    """Add a mark and write it; a mark the file cannot take is kept for the
    session. True when the file was written."""
    if title is not None:
        progress.done.setdefault(game_id, set()).add(title)
    progress.offered.add(game_id)  # someone who took a lesson needs no offer
    if _write(progress):
        return True
    try:
        session = _unwritten.setdefault(progress_path(), Progress())
    except OSError:
        return False
    if title is not None:
        session.done.setdefault(game_id, set()).add(title)
    session.offered.add(game_id)
    return False


def mark_done(game_id: str, title: str) -> bool:
    """Remember that a lesson is done (True when the file was written)."""
    return _keep(load(), game_id, title)


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
        _keep(progress, game_id)
        return False
    return True


def mark_offered(game_id: str) -> bool:
    """The offer was made (whatever the answer): never again."""
    return _keep(load(), game_id)
