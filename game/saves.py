"""Save files, settings and logs in the user data folder.

The folder is ``platformdirs.user_data_dir("ChessVariants", appauthor=False)``,
or ``$CHESS_VARIANTS_HOME`` when that is set (tests and CI use it)::

    <data_dir>/saves/autosave.json   written after every action
    <data_dir>/saves/<name>.json     saves the player named
    <data_dir>/settings.json
    <data_dir>/logs/chess-variants.log

Every file is written atomically (temp file in the same folder, write, flush,
fsync, os.replace), so a crash leaves the old file or the new one, never half
of one. A damaged or foreign save raises SaveError with a message for people
and leaves the file and every other save alone.

Headless: never imports pygame.
"""

from __future__ import annotations

import json
import logging
import math
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.match import FORMAT, Match, SaveError, find_game

__all__ = [
    "APP_NAME",
    "DEFAULT_SETTINGS",
    "ENV_HOME",
    "SaveError",
    "SaveInfo",
    "autosave",
    "autosave_path",
    "clear_autosave",
    "data_dir",
    "delete",
    "list_saves",
    "load",
    "load_autosave",
    "load_settings",
    "log_path",
    "logs_dir",
    "sanitize_name",
    "save_named",
    "save_settings",
    "saves_dir",
    "settings_path",
]

APP_NAME = "ChessVariants"
ENV_HOME = "CHESS_VARIANTS_HOME"
AUTOSAVE = "autosave"

DEFAULT_SETTINGS: dict[str, Any] = {
    "sound": True,
    "animation_speed": 1.0,
    "board_theme": "wood",
    "show_legal_moves": True,
    "fullscreen": False,
}

log = logging.getLogger(__name__)


# -- folders -----------------------------------------------------------------------
def data_dir() -> Path:
    """The app's user data folder (created if missing)."""
    home = os.environ.get(ENV_HOME)
    path = Path(home) if home else Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path


def saves_dir() -> Path:
    path = data_dir() / "saves"
    path.mkdir(parents=True, exist_ok=True)
    return path


def logs_dir() -> Path:
    path = data_dir() / "logs"
    path.mkdir(parents=True, exist_ok=True)
    return path


def log_path() -> Path:
    """The log file (its folder exists; the file may not yet)."""
    return logs_dir() / "chess-variants.log"


def settings_path() -> Path:
    return data_dir() / "settings.json"


def autosave_path() -> Path:
    return saves_dir() / f"{AUTOSAVE}.json"


# -- writing -----------------------------------------------------------------------
def _atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that it is either fully there or not."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable where the platform allows it."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _dump(match: Match) -> str:
    return json.dumps(match.to_dict(), indent=1, ensure_ascii=False) + "\n"


# -- saves -------------------------------------------------------------------------
def autosave(match: Match) -> Path:
    """Write the match to saves/autosave.json (atomically)."""
    path = autosave_path()
    _atomic_write(path, _dump(match))
    return path


def load_autosave() -> Match | None:
    """The autosaved match; None when there is none. A damaged autosave
    raises SaveError and stays in place."""
    path = autosave_path()
    if not path.exists():
        return None
    return load(path)


def clear_autosave() -> None:
    """Forget the autosave (e.g. when its game is finished or abandoned)."""
    autosave_path().unlink(missing_ok=True)


_RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)}


def sanitize_name(name: str) -> str:
    """A file stem made from what the player typed: letters, digits, spaces
    and ``-_()`` kept, anything else becomes ``_``; never empty, never a
    name Windows refuses, never the autosave's name."""
    kept = "".join(c if c.isalnum() or c in " -_()" else "_" for c in str(name))
    stem = " ".join(kept.split()).strip(" ._")[:80].strip(" ._")
    if not stem:
        stem = "save"
    if stem.lower() in _RESERVED or stem.lower() == AUTOSAVE:
        stem = f"{stem} (saved)"
    return stem


def save_named(match: Match, name: str) -> Path:
    """Save under a name the player chose (sanitised); overwrites a save of
    the same name. Returns the file's path."""
    path = saves_dir() / f"{sanitize_name(name)}.json"
    _atomic_write(path, _dump(match))
    return path


def load(path: str | os.PathLike[str]) -> Match:
    """The match saved in ``path``, replayed through the rules; SaveError if
    the file cannot be read or is not a valid save."""
    path = Path(path)
    try:
        return Match.from_dict(_read_json(path))
    except SaveError as e:
        e.path = path
        raise


def delete(path: str | os.PathLike[str]) -> None:
    """Remove a save file (no error if it is already gone)."""
    Path(path).unlink(missing_ok=True)


def _read_json(path: Path) -> Any:
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"The save {path.name} does not exist", path) from None
    except OSError as e:
        raise SaveError(f"The save {path.name} could not be read ({e.strerror})", path) from e
    if not raw.strip():
        raise SaveError("This save file is empty", path)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError("This file is not a saved game (it is not text)", path) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        if text.lstrip().startswith("{"):
            msg = f"This save file is damaged or cut short (line {e.lineno}, column {e.colno})"
        else:
            msg = "This file is not a saved game (it is not JSON)"
        raise SaveError(msg, path) from None


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Load list. ``error`` is a message when the file is
    damaged or foreign (then game fields may be empty)."""

    name: str
    path: Path
    game_id: str
    game_title: str
    modified: float  # seconds since the epoch, as os.stat gives it
    moves: int
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _info(path: Path) -> SaveInfo:
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    name = path.stem
    try:
        d = _read_json(path)
        if not isinstance(d, dict) or "format" not in d:
            raise SaveError("This file is not a saved game")
        fmt = d["format"]
        if not isinstance(fmt, int) or isinstance(fmt, bool) or not 1 <= fmt <= FORMAT:
            raise SaveError(f"This save has a format this version cannot read ({fmt!r})")
        game_id = d.get("game")
        if not isinstance(game_id, str):
            raise SaveError("The save does not say which game it is")
        actions = d.get("actions")
        if not isinstance(actions, list):
            raise SaveError("The save's move list is damaged")
        try:
            title = find_game(game_id).title
        except KeyError:
            return SaveInfo(
                name,
                path,
                game_id,
                game_id,
                modified,
                len(actions),
                f"This save is for a game this version does not have ({game_id!r})",
            )
        return SaveInfo(name, path, game_id, title, modified, len(actions))
    except SaveError as e:
        return SaveInfo(name, path, "", "", modified, 0, e.message)


def list_saves(include_autosave: bool = False) -> list[SaveInfo]:
    """Every save, newest first. Only the header of each file is checked
    here; ``load`` replays the moves. Damaged files are listed with
    ``error`` set instead of raising."""
    infos = []
    for path in saves_dir().glob("*.json"):
        if path.stem == AUTOSAVE and not include_autosave:
            continue
        if path.name.startswith("."):
            continue
        infos.append(_info(path))
    infos.sort(key=lambda i: (-i.modified, i.name.lower()))
    return infos


# -- settings ----------------------------------------------------------------------
def _valid_setting(key: str, value: Any) -> bool:
    default = DEFAULT_SETTINGS.get(key)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if isinstance(default, float):
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and math.isfinite(value)
            and value >= 0  # 0 is "animations off"
        )
    if isinstance(default, str):
        return isinstance(value, str) and bool(value)
    return True  # a key this module has no default for: kept as given


def _merged(settings: dict[str, Any]) -> dict[str, Any]:
    merged = dict(DEFAULT_SETTINGS)
    for key, value in settings.items():
        if _valid_setting(key, value):
            merged[key] = value
        else:
            log.warning("setting %r has a bad value %r; using %r", key, value, merged.get(key))
    return merged


def load_settings() -> dict[str, Any]:
    """The settings with defaults filled in. A damaged settings file gives
    the defaults and is kept beside as settings.json.bad; a bad value gives
    that key's default."""
    path = settings_path()
    if not path.exists():
        return dict(DEFAULT_SETTINGS)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise ValueError("settings are not a table")
    except (OSError, UnicodeDecodeError, ValueError) as e:
        log.warning("settings file %s is damaged (%s); using defaults", path, e)
        try:
            shutil.copyfile(path, path.with_name(path.name + ".bad"))
        except OSError:
            pass
        return dict(DEFAULT_SETTINGS)
    return _merged(data)


def save_settings(settings: dict[str, Any]) -> None:
    """Write the settings (defaults merged in) atomically."""
    merged = _merged(settings)
    _atomic_write(settings_path(), json.dumps(merged, indent=2, sort_keys=True) + "\n")
