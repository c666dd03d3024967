"""One validator for a save's fields, with its messages in words for players.

``read_fields(d)`` checks everything in a save read from JSON but the moves'
legality (the replay in ``Match.from_dict`` judges those) and returns the
fields ready to use. Every refusal is a ``SaveError`` whose ``kind`` says what
is wrong and whose ``step`` (1-based, or None) says which step; its message is
short and quotes at most a few characters of the file.

Headless: never imports pygame.
"""

from __future__ import annotations

import base64
import binascii
import datetime
import json
import math
import re
import zlib
from dataclasses import dataclass
from typing import Any

FORMAT = 1  # the save format this version writes and reads
HUMAN = "human"
COMPUTER_PREFIX = "computer:"
SEED_MAX = 2**63  # a seed is a whole number below this (saves write 31-bit ones)
MAX_MOVE_TEXT = 200  # characters; a move's notation is a few of them
UNDO, HINT = "undo", "hint"  # the help that makes a game assisted (``Match.assists``)
# A deal of the day dealt again after it was started, or opened from a save
# behind where it was played to (game/learn/daily.py): its future was seen.
RESTART, REWIND = "restart", "rewind"
ASSISTS = (UNDO, HINT, RESTART, REWIND)

# What a SaveError can say is wrong (``SaveError.kind``).
NOT_A_SAVE_KIND = "not_a_save"  # not a save of this app at all
FILE = "file"  # the file cannot be read: missing, a folder, too big, empty
CUT_SHORT_KIND = "cut_short"  # not JSON: damaged or cut short
NEWER = "newer"  # written by a newer version
UNKNOWN_GAME = "unknown_game"
DAMAGED = "damaged"  # a field is missing or unreadable
SETTINGS = "settings"  # options, players or computer levels the game cannot use
START = "start"  # the start position cannot be played
ILLEGAL = "illegal"  # a step the rules refuse (``step`` says which)
LATE = "late"  # a step after the end of the game
FAULT = "fault"  # the rules failed while replaying a step (a bug, not the file)
MISMATCH = "mismatch"  # the moves do not lead to the recorded final position

NOT_A_SAVE = "This file is not a saved game from Chess Variants."
NO_FINAL = "This save is incomplete: it has no final position. It may have been cut short."


class SaveError(Exception):
    """A save that cannot be loaded; ``str(error)`` is a message for people,
    ``kind`` what is wrong (one of the kinds above), ``step`` which step."""

    def __init__(
        self, message: str, path: Any = None, kind: str = DAMAGED, step: int | None = None
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.kind = kind
        self.step = step


def short(text: Any, limit: int = 40) -> str:
    """Something from a file, short enough to quote in a message."""
    text = " ".join("".join(c if c.isprintable() else " " for c in str(text)[:1000]).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def damaged(what: str, kind: str = DAMAGED, step: int | None = None) -> SaveError:
    return SaveError(f"This save is damaged: {what}.", kind=kind, step=step)


def valid_player(text: Any) -> bool:
    """``"human"`` or ``"computer:<level>"`` with a non-empty level."""
    if not isinstance(text, str):
        return False
    if text == HUMAN:
        return True
    return text.startswith(COMPUTER_PREFIX) and len(text) > len(COMPUTER_PREFIX)


def player_from_file(game: Any, player: str) -> str | None:
    """A seat as a file may hold it, the way the match keeps it: a person,
    or a computer at a level game/ai/levels.py ``level_from_file`` allows
    ("computer:EASY" -> "computer:easy"); None for a level it refuses."""
    if player == HUMAN:
        return player
    from game.ai.levels import level_from_file

    level = level_from_file(game, player[len(COMPUTER_PREFIX) :])
    return None if level is None else COMPUTER_PREFIX + level


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True)
class SaveFields:
    """A save's fields, checked: ``steps`` and ``redo`` with seats as numbers."""

    game: Any
    options: dict[str, Any]
    seed: int
    players: list[str]
    names: list[str] | None
    start: str | None
    steps: list[dict[Any, Any]]
    redo: list[dict[Any, Any]]
    final: str
    assisted: tuple[str, ...] = ()  # the help a person had (Match.assists)
    daily: str | None = None  # the deal of the day it plays, its ISO date (Match.daily)
    clock: Any = None  # the game clock (game/clock.py), None for a game without one


# -- what a seat may not see, out of plain sight ------------------------------------------
# A save of a game with secrets keeps the fields that tell them (the seed
# behind every deal and draw, the steps with their secret choices, the
# positions with hands and graves) in one field, compressed and base64
# encoded: obfuscation against a glance at the file, not encryption.
SEALED = "sealed"
SECRET_FIELDS = ("seed", "start", "actions", "redo", "final")
SEALED_MAX = 4_000_000  # characters of the field, and bytes once unpacked


def conceal(d: dict[str, Any]) -> dict[str, Any]:
    """A save's dict with its secret fields packed into ``SEALED``."""
    inner = {k: d[k] for k in SECRET_FIELDS if k in d}
    packed = zlib.compress(json.dumps(inner, separators=(",", ":")).encode("utf-8"))
    out = {k: v for k, v in d.items() if k not in SECRET_FIELDS}
    out[SEALED] = base64.b64encode(packed).decode("ascii")
    return out


def reveal(d: Any) -> Any:
    """The inverse of ``conceal`` (a save without ``SEALED``, as every save
    before it, is returned as it is); SaveError if the field is damaged."""
    if not isinstance(d, dict) or SEALED not in d:
        return d
    sealed = d[SEALED]
    if not isinstance(sealed, str) or len(sealed) > SEALED_MAX:
        raise damaged("its sealed part is unreadable")
    try:
        unpack = zlib.decompressobj()
        raw = unpack.decompress(base64.b64decode(sealed, validate=True), SEALED_MAX)
        if unpack.unconsumed_tail:
            raise ValueError("too big")
        inner = json.loads(raw.decode("utf-8"))
    except (ValueError, binascii.Error, zlib.error, RecursionError):
        raise damaged("its sealed part is unreadable") from None
    if not isinstance(inner, dict) or set(inner) - set(SECRET_FIELDS) or set(inner) & set(d):
        raise damaged("its sealed part is unreadable")
    return {**{k: v for k, v in d.items() if k != SEALED}, **inner}


def _version(text: Any) -> tuple[int, ...] | None:
    """A version text as numbers ("0.1.0" -> (0, 1, 0)); None if it is not one."""
    if not isinstance(text, str) or not re.fullmatch(r"\d{1,6}(\.\d{1,6}){0,3}", text):
        return None
    return tuple(int(part) for part in text.split("."))


def _not_newer(written: Any) -> bool:
    """Was a save written by this version of the app or an older one?"""
    from game import __version__

    theirs, ours = _version(written), _version(__version__)
    return theirs is not None and ours is not None and theirs <= ours


def read_fields(d: Any) -> SaveFields:
    """The fields of a save read from JSON (sealed or not), checked;
    SaveError otherwise."""
    d = reveal(d)
    if not isinstance(d, dict) or "format" not in d:
        raise SaveError(NOT_A_SAVE, kind=NOT_A_SAVE_KIND)
    fmt = d["format"]
    if not _is_int(fmt) or fmt < 1:
        raise damaged("its version number is unreadable")
    if fmt > FORMAT:
        written = d.get("app_version")
        if _not_newer(written):  # "a newer version (0.1.0)" of this very version
            raise damaged(
                f"its version number ({short(fmt, 20)}) "
                f"is not one version {short(written, 20)} writes"
            )
        by = f" ({short(written, 20)})" if isinstance(written, str) else ""
        raise SaveError(
            f"This save was made by a newer version of Chess Variants{by}. "
            "Update the game to open it.",
            kind=NEWER,
        )
    game = _game(d.get("game"))
    options = d.get("options")
    try:
        if not isinstance(options, dict) or not all(_plain(v) for v in options.values()):
            raise ValueError(options)
        options = game.normalize_options(options)
    except (ValueError, TypeError, OverflowError):
        raise damaged(f"its settings are not ones {game.title} has", SETTINGS) from None
    seed = d.get("seed")
    if not _is_int(seed) or abs(seed) >= SEED_MAX:
        raise damaged("the number that sets up its game is missing")
    players = d.get("players")
    if (
        not isinstance(players, list)
        or len(players) != len(game.seats)
        or not all(valid_player(p) for p in players)
    ):
        raise damaged("it does not say properly who plays each side")
    players = [player_from_file(game, p) for p in players]
    if None in players:
        raise damaged(
            "it names a computer player this version does not have,"
            " or one that thinks longer than the game's Hard",
            SETTINGS,
        )
    names = d.get("names")  # saves from before names have none
    if names is not None and (
        not isinstance(names, list)
        or len(names) != len(game.seats)
        or not all(isinstance(n, str) for n in names)
    ):
        raise damaged("the names of its players are unreadable")
    start = _start(game, d.get("start"))
    steps = read_steps(d.get("actions"), game, "its list of moves")
    redo = read_steps(d.get("redo", []), game, "its list of taken-back moves")
    if "final" not in d:
        raise SaveError(NO_FINAL)
    if not isinstance(d["final"], str):
        raise damaged("its final position is unreadable")
    assisted = d.get("assisted", [])  # saves from before it were not helped
    if not isinstance(assisted, list) or not all(a in ASSISTS for a in assisted):
        raise damaged("its note of undo and hints is unreadable")
    daily = d.get("daily")  # saves of free play have none
    if daily is not None and not _iso_day(daily):
        raise damaged("the day of its deal of the day is unreadable")
    clock = _clock(game, options, d.get("clock"))
    return SaveFields(
        game,
        options,
        seed,
        players,
        names,
        start,
        steps,
        redo,
        d["final"],
        tuple(assisted),
        daily,
        clock,
    )


def _clock(game: Any, options: dict[str, Any], raw: Any) -> Any:
    """The saved clock (saves from before clocks, and games without one,
    have none); SaveError when it is unreadable or the game has no clock."""
    if raw is None:
        return None
    from game.clock import Clock, offers_clock

    if not offers_clock(game, options):
        raise damaged(f"it has a clock, which {game.title} is not played with")
    try:
        return Clock.from_dict(raw, len(game.seats))
    except ValueError:
        raise damaged("its clock is unreadable") from None


def _iso_day(text: Any) -> bool:
    """A real calendar day written 2026-11-27."""
    if not isinstance(text, str) or not re.fullmatch(r"\d{4}-\d\d-\d\d", text):
        return False
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return False
    return True


def _plain(value: Any) -> bool:
    """An option value as the setup screen makes them: text, a truth value,
    or a finite number of sane size."""
    if isinstance(value, float):
        return math.isfinite(value)
    if _is_int(value):
        return abs(value) < SEED_MAX
    return isinstance(value, (str, bool)) and len(str(value)) <= 100


def _game(game_id: Any) -> Any:
    if not isinstance(game_id, str) or not game_id:
        raise damaged("it does not say which game it is")
    from game import games

    if game_id not in games.REGISTRY:
        games.load_all()
    game = games.REGISTRY.get(game_id)
    if game is None:
        raise SaveError(
            f"This save is for a game this version does not have ({short(game_id)}).",
            kind=UNKNOWN_GAME,
        )
    return game


def _start(game: Any, start: Any) -> str | None:
    """The position the game began from (None: the game's own start)."""
    if start is None:
        return None
    if not isinstance(start, str):
        raise damaged("its start position is unreadable", START)
    try:
        game.start_from(start)
    except ValueError as e:
        raise SaveError(
            f"This save's start position cannot be played: {short(e, 100)}.", kind=START
        ) from None
    return start


def read_steps(raw: Any, game: Any, what: str) -> list[dict[Any, Any]]:
    """Saved steps with their seats as numbers; SaveError when one cannot be
    a step of this game (the rules judge the moves themselves on replay)."""
    if not isinstance(raw, list):
        raise damaged(f"{what} is unreadable")
    seats = range(len(game.seats))
    out = []
    for index, step in enumerate(raw, 1):
        if not isinstance(step, dict) or not step:
            raise damaged(f"{what} has an unreadable entry", step=index)
        if "resign" in step or "draw" in step or "flag" in step:
            seat = step.get("resign", step.get("flag"))
            if step != {"draw": "agreed"} and not (
                len(step) == 1 and _is_int(seat) and seat in seats
            ):
                raise damaged(f"{what} has an unreadable entry", step=index)
            out.append(step)
            continue
        if "result" in step:  # a result a PGN gave with no reason (Match.record_result)
            if len(step) != 1 or step["result"] not in ("1-0", "0-1", "1/2-1/2"):
                raise damaged(f"{what} has an unreadable entry", step=index)
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
            raise damaged(f"{what} has an unreadable entry", step=index)
        out.append({keys[k]: v for k, v in step.items()})
    return out


def replay_error(kind: str, step: int, which: str) -> SaveError:
    """The words for a step the replay could not play: ``which`` names it as
    players count moves ("move 3 (Nf3)", "a taken-back move")."""
    if kind == LATE:
        message = f"This save is damaged: {which} comes after the end of the game."
    elif kind == ILLEGAL:
        message = (
            f"This save cannot be replayed: {which} is not allowed in its position. "
            "The file may have been edited or damaged."
        )
    else:
        kind = FAULT
        message = (
            f"This save could not be replayed: the rules failed at {which}. "
            "This is a fault in the game, not in your file; the log has the details."
        )
    return SaveError(message, kind=kind, step=step)


MISMATCH_WORDS = (
    "This save does not add up: its moves lead to another position than the one "
    "it recorded. It may have been edited, or written by another version of the game."
)
