"""Save files, settings and logs in the user data folder.

The folder is ``platformdirs.user_data_dir("ChessVariants", appauthor=False)``,
or ``$CHESS_VARIANTS_HOME`` when that is set (tests and CI use it)::

    <data_dir>/saves/autosave.json   written after every action
    <data_dir>/saves/<name>.json     saves the player named
    <data_dir>/settings.json
    <data_dir>/logs/chess-variants.log

Every file is written atomically (temp file in the same folder, write, flush,
fsync, os.replace), so a crash leaves the old file or the new one, never half
of one. Autosaves are written on a thread of their own, newest first;
``flush()`` waits for the last one. A damaged or foreign save raises
SaveError with a message for people and leaves the file and every other
save alone.

Headless: never imports pygame.
"""

from __future__ import annotations

import atexit
import json
import logging
import math
import os
import re
import shutil
import stat
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.match import FORMAT, Match, SaveError, find_game, valid_player

__all__ = [
    "APP_NAME",
    "DEFAULT_SETTINGS",
    "ENV_HOME",
    "SaveError",
    "SaveInfo",
    "autosave",
    "autosave_path",
    "check_save",
    "clear_autosave",
    "data_dir",
    "delete",
    "flush",
    "has_autosave",
    "list_saves",
    "load",
    "load_autosave",
    "load_settings",
    "log_path",
    "logs_dir",
    "remove_stale_temps",
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
# scripts/drill_crash.py kills the app in the middle of a write on purpose:
# in the drilled app only, game/ui/drill.py sets this to pause the write
# between its steps (called with the file and the step). None everywhere else.
between_steps: Any = None
TEMP_SUFFIX = ".tmp"


def _atomic_write(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that it is either fully there or not."""
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=TEMP_SUFFIX)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            if between_steps is None:
                f.write(text)
            else:
                f.write(text[: len(text) // 2])
                f.flush()
                between_steps(path, "half written")
                f.write(text[len(text) // 2 :])
            f.flush()
            os.fsync(f.fileno())
        if between_steps is not None:
            between_steps(path, "written")
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    _fsync_dir(path.parent)


def remove_stale_temps() -> int:
    """Remove the temp files a crash in the middle of a write left behind
    (the app calls this when it starts); how many there were."""
    removed = 0
    try:
        folders = (data_dir(), saves_dir())
    except OSError:
        return 0
    for folder in folders:
        for path in folder.glob(f".*{TEMP_SUFFIX}"):
            try:
                path.unlink()
                removed += 1
            except OSError:
                log.warning("could not remove the stale temp file %s", path)
    if removed:
        log.info("removed %d temp files left by an interrupted write", removed)
    return removed


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


class _AutosaveWriter:
    """Writes autosaves on a thread of its own, so the fsync (a few
    milliseconds, more on a busy disk) never holds up a frame.

    One write at a time, each as atomic as ever (``_atomic_write``). A
    snapshot handed in while another is being written waits; a newer one
    replaces it, so the newest always lands and stale ones are skipped.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: tuple[Path, str] | None = None
        self._writing: Path | None = None  # the file being written
        self._failed = False  # did the last write fail?
        self._thread: threading.Thread | None = None
        self.written = 0  # files written, for tests and benchmarks

    def submit(self, path: Path, text: str) -> None:
        with self._cond:
            self._pending = (path, text)
            if self._thread is None:
                self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._pending is not None)
                job, self._pending = self._pending, None
                self._writing = job[0]
            failed = False
            try:
                _atomic_write(*job)
            except BaseException:  # a full disk must not end the game, nor this thread
                log.exception("autosave to %s failed", job[0])
                failed = True
            with self._cond:
                self._writing = None
                self._failed = failed
                self.written += not failed
                self._cond.notify_all()

    def flush(self, timeout: float | None = None) -> bool:
        """Wait until every snapshot handed in is on disk; False if the last
        write failed (the file before it is still there) or time ran out."""
        with self._cond:
            idle = self._cond.wait_for(
                lambda: self._pending is None and self._writing is None, timeout
            )
            return idle and not self._failed

    def pending(self, path: Path) -> bool:
        """Is a snapshot of ``path`` waiting or being written?"""
        with self._cond:
            waiting = self._pending is not None and self._pending[0] == path
            return waiting or self._writing == path

    def discard(self, path: Path) -> None:
        """Drop a snapshot of ``path`` not yet written, and wait for one being
        written, so nothing writes ``path`` after this returns."""
        with self._cond:
            if self._pending is not None and self._pending[0] == path:
                self._pending = None
            self._cond.wait_for(lambda: self._writing is None)


_writer = _AutosaveWriter()
atexit.register(_writer.flush, 10.0)  # a last autosave still on its way


# -- saves -------------------------------------------------------------------------
def autosave(match: Match) -> Path:
    """Save the match to saves/autosave.json: the JSON is made now, the
    file written (atomically) on the autosave thread; ``flush()`` waits for it."""
    path = autosave_path()
    _writer.submit(path, _dump(match))
    return path


def flush(timeout: float | None = None) -> bool:
    """Wait until the last autosave is on disk (the app calls this when it
    quits); False if it could not be written or ``timeout`` ran out."""
    return _writer.flush(timeout)


def has_autosave() -> bool:
    """Is there a game to continue (on disk, or on its way there)?"""
    path = autosave_path()
    return _writer.pending(path) or path.exists()


def load_autosave() -> Match | None:
    """The autosaved match (the newest one handed in); None when there is
    none. A damaged autosave raises SaveError and stays in place."""
    _writer.flush()
    path = autosave_path()
    if not path.exists():
        return None
    return load(path)


def clear_autosave() -> None:
    """Forget the autosave (e.g. when its game is finished or abandoned)."""
    path = autosave_path()
    _writer.discard(path)
    path.unlink(missing_ok=True)


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
        d = _read_json(path)
        check_save(d)
        try:
            return Match.from_dict(d)
        except SaveError as e:
            raise SaveError(_replay_words(e.message, e.move)) from e
    except SaveError as e:
        e.path = path
        raise


def delete(path: str | os.PathLike[str]) -> None:
    """Remove a save file (no error if it is already gone)."""
    Path(path).unlink(missing_ok=True)


# -- what is wrong with a save, in words for players ---------------------------------
NOT_A_SAVE = "This file is not a saved game from Chess Variants."
CUT_SHORT = "This save is damaged or cut short, so it cannot be read."
TOO_BIG = "This file is too large to be a saved game ({mb:.0f} MB)."
NO_FINAL = "This save is incomplete: it has no final position. It may have been cut short."


def _damaged(what: str) -> SaveError:
    return SaveError(f"This save is damaged: {what}.")


MAX_SAVE_BYTES = 2_000_000  # a long game is a few hundred KB; anything bigger is not a save


def _short(text: str, limit: int = 40) -> str:
    """Something from a file, short enough to quote in a message."""
    text = " ".join("".join(c if c.isprintable() else " " for c in str(text)).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _read_json(path: Path) -> Any:
    name = _short(path.stem)
    try:
        info = path.stat()  # never open what is not a plain file: a pipe would never end
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"“{name}” is a folder, not a saved game.", path)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(NOT_A_SAVE, path)
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(TOO_BIG.format(mb=info.st_size / 1e6), path)
        with open(path, "rb") as fh:
            raw = fh.read(MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(
            f"The save “{name}” is not there any more; it may have been moved or deleted.",
            path,
        ) from None
    except OSError as e:
        why = f" ({e.strerror})" if e.strerror else ""
        raise SaveError(f"The save “{name}” could not be read{why}.", path) from e
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(TOO_BIG.format(mb=len(raw) / 1e6), path)
    if not raw.strip():
        raise SaveError("This save is empty: nothing was written in it.", path)
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, as some editors write, is fine
    except UnicodeDecodeError:
        raise SaveError(NOT_A_SAVE, path) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:  # bad JSON, a number too long, nesting too deep
        log.info("%s: %s", path, _short(str(e), 200))  # where it broke, for the log
        raise SaveError(CUT_SHORT if text.lstrip().startswith("{") else NOT_A_SAVE, path) from None


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def check_save(d: Any) -> tuple[Any, list[dict[Any, Any]]]:
    """The game of a save read from JSON and its steps (seats as numbers),
    after checking everything but the moves' legality; SaveError in words
    for players when something is missing or wrong."""
    if not isinstance(d, dict) or "format" not in d:
        raise SaveError(NOT_A_SAVE)
    fmt = d["format"]
    if not _is_int(fmt) or fmt < 1:
        raise _damaged("its version number is unreadable")
    if fmt > FORMAT:
        written = d.get("app_version")
        by = f" ({_short(written, 20)})" if isinstance(written, str) else ""
        raise SaveError(
            f"This save was made by a newer version of Chess Variants{by}. "
            "Update the game to open it."
        )
    game_id = d.get("game")
    if not isinstance(game_id, str) or not game_id:
        raise _damaged("it does not say which game it is")
    try:
        game = find_game(game_id)
    except KeyError:
        raise SaveError(
            f"This save is for a game this version does not have ({_short(game_id)})."
        ) from None
    options = d.get("options")
    try:
        if not isinstance(options, dict):
            raise ValueError(options)
        game.normalize_options(options)
    except ValueError:
        raise _damaged(f"its settings are not ones {game.title} has") from None
    if not _is_int(d.get("seed")):
        raise _damaged("the number that sets up its game is missing")
    players = d.get("players")
    if (
        not isinstance(players, list)
        or len(players) != len(game.seats)
        or not all(valid_player(p) for p in players)
    ):
        raise _damaged("it does not say properly who plays each side")
    if not all(_known_level(game, p) for p in players):
        raise _damaged("it names a computer player this version does not have")
    names = d.get("names")  # saves from before names have none
    if names is not None and (
        not isinstance(names, list)
        or len(names) != len(game.seats)
        or not all(isinstance(n, str) for n in names)
    ):
        raise _damaged("the names of its players are unreadable")
    steps = _steps(d.get("actions"), game, "its list of moves")
    _steps(d.get("redo", []), game, "its list of taken-back moves")
    if "final" not in d:
        raise SaveError(NO_FINAL)
    if not isinstance(d["final"], str):
        raise _damaged("its final position is unreadable")
    return game, steps


def _known_level(game: Any, player: str) -> bool:
    """A person, or a computer level the computer players understand."""
    level = player.partition(":")[2]
    if not level:
        return True
    from game.ai import make_bot

    try:
        make_bot(game.bot_levels.get(level, level))
    except (ValueError, TypeError, OverflowError):
        return False
    return True


MAX_MOVE_TEXT = 200  # characters; a move's notation is a few of them


def _steps(raw: Any, game: Any, what: str) -> list[dict[Any, Any]]:
    """Saved steps with their seats as numbers; SaveError when one cannot be
    a step of this game (the rules judge the moves themselves on replay)."""
    if not isinstance(raw, list):
        raise _damaged(f"{what} is unreadable")
    seats = range(len(game.seats))
    out = []
    for step in raw:
        if not isinstance(step, dict) or not step:
            raise _damaged(f"{what} has an unreadable entry")
        if "resign" in step or "draw" in step:
            out.append(step)
            continue
        keys = {
            k: int(k)
            for k in step
            if isinstance(k, str) and k.isascii() and k.isdigit() and len(k) < 4
        }
        if len(keys) != len(step) or not all(
            keys[k] in seats and isinstance(v, str) and len(v) <= MAX_MOVE_TEXT
            for k, v in step.items()
        ):
            raise _damaged(f"{what} has an unreadable entry")
        out.append({keys[k]: v for k, v in step.items()})
    return out


# Match.from_dict's replay messages ("Move 3 (Nf3) is not legal in this
# position"): the step they name, what it says, and what went wrong.
_REPLAY = re.compile(r"^(Move|Undone move) (\d+)(?: \((.*)\))? (.*)$", re.S)


def _replay_words(message: str, number: int | None) -> str:
    """A replay error from Match.from_dict in words for players: moves are
    counted as players count them (White's move and Black's reply are one)."""
    if "do not lead to its final position" in message:
        return (
            "This save does not add up: its moves lead to another position than the one "
            "it recorded. It may have been edited, or written by another version of the game."
        )
    m = _REPLAY.match(message)
    if m is None:
        return message
    kind, shown, problem = m.group(1), m.group(3), m.group(4)
    if kind == "Move":
        which = f"move {number}" if number is not None else "a move"
    else:
        which = "a taken-back move"
    if shown and _short(shown):
        which += f" ({_short(shown)})"
    if "after the game was over" in problem:
        return f"This save is damaged: {which} comes after the end of the game."
    if "not legal" in problem:
        return (
            f"This save cannot be replayed: {which} is not allowed in its position. "
            "The file may have been edited or damaged."
        )
    if "could not be replayed" in problem:
        return (
            f"This save could not be replayed: the rules failed at {which}. "
            "This is a fault in the game, not in your file; the log has the details."
        )
    return _damaged(f"{which} is unreadable").message


@dataclass(frozen=True)
class SaveInfo:
    """One entry of the Load list. ``error`` is a message when the file is
    damaged or foreign (then game fields may be empty)."""

    name: str
    path: Path
    game_id: str
    game_title: str
    modified: float  # seconds since the epoch, as os.stat gives it
    moves: int  # as players count them: White's move and Black's reply are one
    error: str | None = None

    @property
    def ok(self) -> bool:
        return self.error is None


def _move_count(d: dict[str, Any], steps: list[dict[Any, Any]]) -> int:
    """The moves a save lasted as players count them: its ``moves``, which
    saves carry for this list (the rules count them while the steps are
    played); a save without it is replayed to count them."""
    moves = d.get("moves")
    if _is_int(moves) and 0 <= moves <= len(steps):
        return moves
    try:
        return Match.from_dict(d).move_count()
    except SaveError:
        return 0


def _info(path: Path) -> SaveInfo:
    try:
        modified = path.stat().st_mtime
    except OSError:
        modified = 0.0
    name = "".join(c if c.isprintable() else "?" for c in path.stem)  # a name fonts can draw
    try:
        d = _read_json(path)
        game, steps = check_save(d)
    except SaveError as e:
        return SaveInfo(name, path, "", "", modified, 0, e.message)
    return SaveInfo(name, path, game.id, game.title, modified, _move_count(d, steps))


def list_saves(include_autosave: bool = False) -> list[SaveInfo]:
    """Every save, newest first. Only the header of each file is checked
    here; ``load`` replays the moves. Damaged files are listed with
    ``error`` set instead of raising."""
    if include_autosave:
        _writer.flush()  # an autosave on its way is listed as it will be
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
