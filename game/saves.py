"""Save files, settings and logs in the user data folder.

The folder is ``platformdirs.user_data_dir("ChessVariants", appauthor=False)``,
or ``$CHESS_VARIANTS_HOME`` when that is set (tests and CI use it)::

    <data_dir>/saves/autosave.json   written after every action
    <data_dir>/saves/<name>.json     saves the player named
    <data_dir>/pgn/<name>.pgn        games saved as PGN (game/pgn.py)
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
import errno
import json
import logging
import os
import stat
import tempfile
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

from game.match import Match, SaveError
from game.save_check import (
    CUT_SHORT_KIND,
    FILE,
    NOT_A_SAVE,
    NOT_A_SAVE_KIND,
    conceal,
    read_fields,
    reveal,
    short,
)

__all__ = [
    "APP_NAME",
    "DEFAULT_SETTINGS",
    "ENV_HOME",
    "SaveError",
    "SaveInfo",
    "autosave",
    "autosave_path",
    "autosave_trouble",
    "check_data_folder",
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
    "read_save_dict",
    "notices",
    "saving_off",
    "log_path",
    "logs_dir",
    "remove_stale_temps",
    "sanitize_name",
    "save_named",
    "save_pgn",
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
    "mark_attacked_kings": True,
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


# -- a data folder that cannot be written ------------------------------------------------
_saving_off = False  # set by check_data_folder: the folder cannot be made or written


def check_data_folder() -> bool:
    """Can the data folder be made and written (the app asks when it
    starts)? If not, saving is off for this run, said once in the window."""
    global _saving_off
    try:
        folder = saves_dir()
        fd, probe = tempfile.mkstemp(dir=folder, prefix=".probe.", suffix=TEMP_SUFFIX)
        os.close(fd)
        os.unlink(probe)
    except OSError as e:
        _saving_off = True
        log.warning("the data folder cannot be written (%s): saving is off", e)
        notice("Saving is off: the game's data folder cannot be written.")
        return False
    _saving_off = False
    return True


def saving_off() -> bool:
    return _saving_off


def write_failure_words(error: OSError) -> str:
    """Why a file could not be written, for people (never the raw error)."""
    if error.errno == errno.ENOSPC:
        return "the disk is full"
    if error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
        return "the game's data folder may not be written to"
    return "the game's data folder cannot be written to"


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


_SECRETS: dict[str, bool] = {}  # game id -> does it hide anything from a seat?


def has_secrets(game: Any) -> bool:
    """Does the game hide anything from some seat (a hand, a deck, a grave,
    a secret choice)? Its saves are then sealed (``save_check.conceal``)."""
    if game.id not in _SECRETS:
        state = game.new(None, 0)
        hidden = any(state.view(seat).is_partial for seat in range(len(game.seats)))
        _SECRETS[game.id] = hidden or bool(getattr(game, "private_views", False))
    return _SECRETS[game.id]


def _dump(match: Match) -> str:
    d = match.to_dict()
    if has_secrets(match.game):
        d = conceal(d)
    return json.dumps(d, indent=1, ensure_ascii=False) + "\n"


def read_save_dict(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A save file's fields as ``Match.to_dict`` gives them (sealed ones
    unpacked), for scripts and tests that look inside."""
    return reveal(_read_json(Path(path)))


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
        self._error: OSError | None = None  # why, until the window has said it
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
            error = None
            try:
                _atomic_write(*job)
            except BaseException as e:  # a full disk must not end the game, nor this thread
                log.exception("autosave to %s failed", job[0])
                failed = True
                error = e if isinstance(e, OSError) else OSError(0, "")
            with self._cond:
                self._writing = None
                if failed and not self._failed:
                    self._error = error  # the first of a run of failures is told
                elif not failed:
                    self._error = None  # saved after all: nothing is lost, nothing to tell
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

    def trouble(self) -> str | None:
        with self._cond:
            error, self._error = self._error, None
        if error is None:
            return None
        return f"The game could not be saved automatically: {write_failure_words(error)}."

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
def autosave(match: Match) -> Path | None:
    """Save the match to saves/autosave.json: the JSON is made now, the
    file written (atomically) on the autosave thread; ``flush()`` waits for it."""
    if _saving_off:
        return None
    path = autosave_path()
    _writer.submit(path, _dump(match))
    return path


def autosave_trouble() -> str | None:
    """Words for the window when the last autosave could not be written
    (once for each run of failures), else None."""
    return _writer.trouble()


def flush(timeout: float | None = None) -> bool:
    """Wait until the last autosave is on disk (the app calls this when it
    quits); False if it could not be written or ``timeout`` ran out."""
    return _writer.flush(timeout)


def has_autosave() -> bool:
    """Is there a game to continue (on disk, or on its way there)?"""
    try:
        path = autosave_path()
    except OSError:  # no data folder: nothing kept
        return False
    return _writer.pending(path) or path.exists()


def load_autosave() -> Match | None:
    """The autosaved match (the newest one handed in); None when there is
    none. A damaged autosave raises SaveError and stays in place."""
    _writer.flush()
    try:
        path = autosave_path()
    except OSError:  # no data folder: nothing kept
        return None
    if not path.exists():
        return None
    return load(path)


def clear_autosave() -> None:
    """Forget the autosave (e.g. when its game is finished or abandoned)."""
    path = autosave_path()
    _writer.discard(path)
    path.unlink(missing_ok=True)


# Allowed in file names on Windows, macOS and Linux alike (none of <>:"/\\|?*).
NAME_PUNCTUATION = " -_(),.'!&+#=@;[]"
_RESERVED = {"con", "prn", "aux", "nul"} | {f"{d}{i}" for d in ("com", "lpt") for i in range(1, 10)}


def sanitize_name(name: str) -> str:
    """A file stem made from what the player typed: letters, digits, spaces
    and the punctuation every system allows in a file name (``NAME_PUNCTUATION``:
    the default "Chess, move 4" was saved as "Chess_ move 4") kept, anything
    else becomes ``_``; never empty, never a name Windows refuses, never the
    autosave's name."""
    kept = "".join(c if c.isalnum() or c in NAME_PUNCTUATION else "_" for c in str(name))
    stem = " ".join(kept.split()).strip(" ._")[:80].strip(" ._")
    if not stem:
        stem = "save"
    # Windows refuses a reserved name before any dot too ("con.x.json").
    base, dot, rest = stem.partition(".")
    if base.rstrip().lower() in _RESERVED or stem.lower() == AUTOSAVE:
        stem = f"{base} (saved){dot}{rest}"
    return stem


def save_named(match: Match, name: str) -> Path:
    """Save under a name the player chose (sanitised); overwrites a save of
    the same name. Returns the file's path."""
    return _write_named(saves_dir, f"{sanitize_name(name)}.json", _dump(match), "game")


def taken_name(name: str, pgn: bool = False) -> str | None:
    """The name a save (or a PGN file) of ``name`` would be written under,
    if one of that name is there already (it would be replaced); else None."""
    stem = sanitize_name(name)
    try:
        folder = data_dir() / "pgn" if pgn else saves_dir()
        return stem if (folder / f"{stem}{'.pgn' if pgn else '.json'}").exists() else None
    except OSError:  # no folder to look in: the write will say why
        return None


def save_pgn(text: str, name: str) -> Path:
    """Write a game's PGN (game/pgn.py ``export``) to pgn/<name>.pgn, the
    name sanitised as a save's; overwrites one of the same name."""

    def folder() -> Path:
        path = data_dir() / "pgn"
        path.mkdir(parents=True, exist_ok=True)
        return path

    return _write_named(folder, f"{sanitize_name(name)}.pgn", text, "PGN")


def _write_named(folder: Callable[[], Path], file_name: str, text: str, what: str) -> Path:
    """Write ``text`` to ``folder()/file_name`` at once and whole; SaveError
    in words if saving is off or the write fails."""
    try:
        if _saving_off:
            raise OSError(errno.EACCES, "saving is off")
        path = folder() / file_name
        _atomic_write(path, text)
    except OSError as e:
        log.warning("saving the %s %s failed: %s", what, file_name, e)
        raise SaveError(
            f"The {what} could not be saved: {write_failure_words(e)}.", kind=FILE
        ) from None
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


# -- what is wrong with a save, in words for players ---------------------------------
CUT_SHORT = "This save is damaged or cut short, so it cannot be read."
TOO_BIG = "This file is too large to be a saved game ({mb:.0f} MB)."

MAX_SAVE_BYTES = 2_000_000  # a long game is a few hundred KB; anything bigger is not a save


def read_regular(path: Path, limit: int) -> bytes:
    """At most ``limit`` bytes of ``path``, opened only if it is a regular
    file (never blocking on a pipe or a device, whatever a link points to);
    OSError otherwise."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise OSError(0, "not a regular file")
        with os.fdopen(fd, "rb") as fh:
            fd = -1
            return fh.read(limit)
    finally:
        if fd >= 0:
            os.close(fd)


def _read_json(path: Path) -> Any:
    name = short(path.stem)
    try:
        info = path.stat()  # never open what is not a plain file: a pipe would never end
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(f"“{name}” is a folder, not a saved game.", path, FILE)
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(NOT_A_SAVE, path, NOT_A_SAVE_KIND)
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(TOO_BIG.format(mb=info.st_size / 1e6), path, FILE)
        raw = read_regular(path, MAX_SAVE_BYTES + 1)
    except FileNotFoundError:
        raise SaveError(
            f"The save “{name}” is not there any more; it may have been moved or deleted.",
            path,
        ) from None
    except OSError as e:
        why = f" ({e.strerror})" if e.strerror else ""
        raise SaveError(f"The save “{name}” could not be read{why}.", path, FILE) from e
    if len(raw) > MAX_SAVE_BYTES:
        raise SaveError(TOO_BIG.format(mb=len(raw) / 1e6), path, FILE)
    if not raw.strip():
        raise SaveError("This save is empty: nothing was written in it.", path, FILE)
    try:
        text = raw.decode("utf-8-sig")  # a byte order mark, as some editors write, is fine
    except UnicodeDecodeError:
        raise SaveError(NOT_A_SAVE, path, NOT_A_SAVE_KIND) from None
    try:
        return json.loads(text)
    except (ValueError, RecursionError) as e:  # bad JSON, a number too long, nesting too deep
        log.info("%s: %s", path, short(str(e), 200))  # where it broke, for the log
        if text.lstrip().startswith("{"):
            raise SaveError(CUT_SHORT, path, CUT_SHORT_KIND) from None
        raise SaveError(NOT_A_SAVE, path, NOT_A_SAVE_KIND) from None


def check_save(d: Any) -> tuple[Any, list[dict[Any, Any]]]:
    """The game of a save read from JSON and its steps (seats as numbers),
    checked by the one validator (``save_check.read_fields``) but for the
    moves' legality; SaveError in words for players otherwise."""
    fields = read_fields(d)
    return fields.game, fields.steps


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
    if isinstance(moves, int) and not isinstance(moves, bool) and 0 <= moves <= len(steps):
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
    try:
        paths = list(saves_dir().glob("*.json"))
    except OSError:  # no data folder: no saves
        return []
    for path in paths:
        if path.stem == AUTOSAVE and not include_autosave:
            continue
        if path.name.startswith("."):
            continue
        infos.append(_info(path))
    infos.sort(key=lambda i: (-i.modified, i.name.lower()))
    return infos


# -- small data files: settings and records ------------------------------------------
SMALL_FILE_BYTES = 256_000  # settings and records are a few KB

# One-line notices for the window (the main menu shows them): a damaged file
# set aside, saving off. Each is said once.
_notices: list[str] = []


def notice(text: str) -> None:
    if text not in _notices:
        _notices.append(text)


def notices() -> list[str]:
    return list(_notices)


def read_small_json(path: Path) -> Any:
    """The JSON in a small data file, or None if there is none; ValueError
    (with a short reason) if it is no regular file, too big, or no JSON."""
    try:
        raw = read_regular(path, SMALL_FILE_BYTES + 1)
    except FileNotFoundError:
        return None
    except OSError as e:
        raise ValueError(e.strerror or "not a regular file") from None
    if len(raw) > SMALL_FILE_BYTES:
        raise ValueError("too big")
    try:
        return json.loads(raw.decode("utf-8-sig"))
    except (ValueError, RecursionError) as e:  # bad JSON, bad UTF-8, nesting too deep
        raise ValueError(short(e, 80)) from None


def newer_format(data: Any, current: int) -> bool:
    """Whether a small data file says a newer version wrote it (its "format"
    above ``current``): such a file is read for what this version
    understands and never written over, which would drop what it keeps."""
    fmt = data.get("format") if isinstance(data, dict) else None
    return isinstance(fmt, int) and not isinstance(fmt, bool) and fmt > current


def write_small_json(path: Path, data: Any, newer: bool = False) -> bool:
    """Write a small data file atomically, keys sorted, unless ``newer`` (a
    newer version's file: logged and left as it is). False when not written."""
    if newer:
        log.warning("%s comes from a newer version: left as it is", path.name)
        return False
    _atomic_write(path, json.dumps(data, indent=1, sort_keys=True) + "\n")
    return True


def set_aside(path: Path, what: str, why: str) -> None:
    """Rename a damaged data file to <name>.bad, log it and tell the window."""
    aside = path.with_name(path.name + ".bad")
    n = 1
    while aside.exists():  # an earlier damaged copy is kept too
        n += 1
        aside = path.with_name(f"{path.name}.bad{n}")
    try:
        os.replace(path, aside)
    except OSError:
        log.exception("could not set the damaged %s aside", what)
    log.warning("%s file %s is damaged (%s); set aside as %s", what, path, why, aside.name)
    notice(f"Your {what} file was damaged; it was set aside as {aside.name}.")


# -- settings ----------------------------------------------------------------------
ANIMATION_SPEEDS = (0.1, 10.0)  # a speed between these, or 0 for no animations
# Per game id, a short list of texts: the seats, the names, the clock ([choice, typed]).
REMEMBERED = ("last_players", "last_names", "last_clocks")


def _valid_setting(key: str, value: Any) -> bool:
    """Is ``value`` one ``key`` can have? Each known setting has its range."""
    if key in REMEMBERED:
        return isinstance(value, dict) and all(
            isinstance(k, str)
            and len(k) <= 40
            and isinstance(v, list)
            and len(v) <= 8
            and all(isinstance(x, str) and len(x) <= 200 for x in v)
            for k, v in value.items()
        )
    if key == "last_options":  # per game id, the options chosen from a list
        return isinstance(value, dict) and all(
            isinstance(k, str)
            and len(k) <= 40
            and isinstance(v, dict)
            and len(v) <= 16
            and all(
                isinstance(o, str) and len(o) <= 40 and isinstance(x, (str, int, float, bool))
                for o, x in v.items()
            )
            for k, v in value.items()
        )
    default = DEFAULT_SETTINGS.get(key)
    if isinstance(default, bool):
        return isinstance(value, bool)
    if key == "animation_speed":
        low, high = ANIMATION_SPEEDS
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and (value == 0 or low <= value <= high)  # False for nan
        )
    if isinstance(default, str):
        return isinstance(value, str) and 0 < len(value) <= 40
    return True  # a key this version does not know (a newer one's): kept as given


def _merged(settings: dict[str, Any]) -> dict[str, Any]:
    merged = dict(DEFAULT_SETTINGS)
    for key, value in settings.items():
        if _valid_setting(key, value):
            merged[key] = value
        else:
            log.warning("setting %.40r has a bad value %.60r; using its default", key, value)
    return merged


def load_settings() -> dict[str, Any]:
    """The settings with defaults filled in, each checked against its range.
    A damaged settings file (no JSON, no table, too big, not a file) is set
    aside as settings.json.bad with a notice, and the defaults are used; a
    bad value gives that key's default. No data folder: the defaults."""
    try:
        path = settings_path()
    except OSError:
        return dict(DEFAULT_SETTINGS)
    try:
        data = read_small_json(path)
        if data is not None and not isinstance(data, dict):
            raise ValueError("settings are not a table")
    except ValueError as e:
        set_aside(path, "settings", str(e))
        return dict(DEFAULT_SETTINGS)
    return _merged(data or {})


def save_settings(settings: dict[str, Any]) -> None:
    """Write the settings (defaults merged in) atomically."""
    merged = _merged(settings)
    _atomic_write(settings_path(), json.dumps(merged, indent=2, sort_keys=True) + "\n")
