"""Hostile saves: damaged and hostile save files through the loader and the
Load screen.

Builds a real save of every registered game (a seeded random game of each,
some of them finished), then ``--count`` damaged and hostile files made from
them: cut short at random points, a wrong type in a field (every field, the
moves included), huge numbers, deep nesting, unknown games and options,
illegal moves, a newer format, binary junk, non-UTF-8 text, empty files, a
folder or a pipe where a file should be, a file of ``--big-mb`` MB, ...

Each goes, alone with the real saves, into a fresh saves folder and through
``saves.load``, ``saves.list_saves`` and the real Load screen (headless:
the list, the entry selected, Load pressed). It must give a clear message
(or load, when the damage left a valid save), never raise, take under a
second, and leave every other save (and the file itself) as it was: they
are hashed before and after. Prints the figures: cases by kind, failures,
the slowest cases.
"""

from __future__ import annotations

import copy
import hashlib
import json
import os
import random
import shutil
import stat
import sys
import tempfile
import time
import traceback
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

# Seconds of CPU time: no file may take longer to load or to show. CPU time,
# not the clock: on a shared machine the clock also counts other programs.
SLOW = 1.0
MESSAGE_MAX = 300  # characters: a clear message is short


# -- real saves ------------------------------------------------------------------------
def real_saves(rng: random.Random) -> dict[str, dict[str, Any]]:
    """A save of every registered game: a random game of up to 60 steps
    (played to its end where it ends sooner), by random players."""
    from game.clock import Clock, offers_clock
    from game.games import REGISTRY, load_all
    from game.match import Match

    load_all()
    out = {}
    for game_id in sorted(REGISTRY):
        game = REGISTRY[game_id]
        players = [
            rng.choice(["human", "computer:random", "computer:search:2"]) for _ in game.seats
        ]
        match = Match(game_id, seed=rng.randrange(2**31), players=players)
        steps = rng.randrange(2, 60)
        for _ in range(steps):
            if match.is_over():
                break
            acting = match.to_act()
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in acting})
        if match.can_undo and rng.random() < 0.3:
            match.undo(1)  # a save with a move taken back (its "redo")
        if offers_clock(game, match.options):  # its fields are damaged like the others
            match.clock = Clock(300.0, 3.0, [299.5 - s for s in range(len(game.seats))])
        out[game_id] = match.to_dict()
    return out


# -- damage ------------------------------------------------------------------------------
WRONG_VALUES: list[Any] = [None, True, False, 0, -1, 1.5, "", "x", [], {}, [1, "a"], {"a": 1}]


def _paths(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every place inside a JSON value, as a path of keys and indexes."""
    out = [prefix] if prefix else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            out += _paths(v, (*prefix, i))
    return out


def _set(d: Any, path: tuple, value: Any) -> None:
    for key in path[:-1]:
        d = d[key]
    d[path[-1]] = value


def _text(d: Any) -> bytes:
    return (json.dumps(d, indent=1, ensure_ascii=False) + "\n").encode("utf-8")


# Makes a hostile file at the path (or returns the path it chose instead).
Maker = Callable[[random.Random, dict[str, Any], Path], Path | None]
MAKERS: dict[str, Maker] = {}


def kind(name: str) -> Callable[[Maker], Maker]:
    def register(f: Maker) -> Maker:
        MAKERS[name] = f
        return f

    return register


def _write(path: Path, data: bytes) -> None:
    path.write_bytes(data)


@kind("cut short")
def _truncated(rng, base, path):
    data = _text(base)
    _write(path, data[: rng.randrange(len(data))])


@kind("wrong type")
def _wrong_type(rng, base, path):
    d = copy.deepcopy(base)
    where = rng.choice(_paths(d))
    old = d
    for key in where:
        old = old[key]
    value = rng.choice([v for v in WRONG_VALUES if type(v) is not type(old)])
    _set(d, where, value)
    _write(path, _text(d))


@kind("missing field")
def _missing(rng, base, path):
    d = copy.deepcopy(base)
    del d[rng.choice(list(d))]
    _write(path, _text(d))


@kind("huge number")
def _huge(rng, base, path):
    d = copy.deepcopy(base)
    big = rng.choice([10**18, 2**63, 10**300, -(10**300), 10**4000])
    where = rng.choice(["format", "seed", "options", "seat", "players", "final"])
    if where == "seat" and d["actions"]:
        step = rng.choice(d["actions"])
        seat = next(iter(step))
        step[str(big)] = step.pop(seat)
    elif where == "options":
        d["options"] = {k: big for k in d["options"]} or {"players": big}
    else:
        d[where] = big
    text = _text(d)
    if rng.random() < 0.3:  # more digits than Python reads by default
        text = text.replace(b'"format": 1', b'"format": ' + b"9" * 5000, 1)
    _write(path, text)


@kind("float or infinity")
def _floats(rng, base, path):
    d = copy.deepcopy(base)
    d[rng.choice(["format", "seed"])] = rng.choice([1.0, float("inf"), float("nan"), 1e308])
    _write(path, json.dumps(d).encode())  # Infinity and NaN as Python writes them


@kind("infinite option")
def _infinite_option(rng, base, path):
    """An option (Chess960's start number, say) of Infinity, NaN or a huge float."""
    d = copy.deepcopy(base)
    value = rng.choice([float("inf"), float("-inf"), float("nan"), 1e308, -1e308])
    keys = list(d["options"]) or ["number"]
    d["options"] = dict(d["options"], **{rng.choice(keys): value})
    _write(path, json.dumps(d).encode())  # Infinity and NaN as Python writes them


@kind("bad computer level")
def _bad_level(rng, base, path):
    """A computer level the setup never offers, with numbers out of range."""
    d = copy.deepcopy(base)
    bad = [
        "computer:search:60:time=nan",
        "computer:search:2:time=inf",
        "computer:search:2:time=-1",
        "computer:search:1000000",
        "computer:search:2:nodes=-5",
        "computer:search:2:nodes=" + "9" * 40,
        "computer:ismcts:iterations=0",
        "computer:search:2:samples=0",
        # Numbers in range, but thinking for minutes a move: longer than any level.
        "computer:search:40:time=600:cap=600",
        "computer:search:3:time=60",
        "computer:ismcts:time=120:cap=120",
        "computer:search:2:time=5:stretch=9",
    ]
    d["players"][rng.randrange(len(d["players"]))] = rng.choice(bad)
    _write(path, _text(d))


@kind("damaged start")
def _damaged_start(rng, base, path):
    """A start position the rules cannot play (or no position at all)."""
    d = copy.deepcopy(base)
    final = d["final"]
    board, _, rest = final.partition(" ")
    starts = [
        "x" * rng.choice([10, 10_000]),
        "",
        "8/8/8 w - - 0 1",
        # a pawn where none can stand, kings gone, counters of 0 and -1
        board.replace("K", "P", 1) + " " + rest,
        board.replace("k", "1", 1) + " " + rest,
        final.replace(" 1 ", " 0 ", 1).replace(" 0 1", " -1 0"),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNp w - - 0 1",
    ]
    d["start"] = rng.choice(starts)
    _write(path, _text(d))


@kind("damaged seal")
def _damaged_seal(rng, base, path):
    """A sealed save (as games with secrets write them) with its sealed field
    cut, flipped, or unpacking to something huge or foreign."""
    import base64
    import zlib

    from game.save_check import SEALED, conceal

    d = conceal(copy.deepcopy(base))
    sealed = d[SEALED]
    d[SEALED] = rng.choice(
        [
            sealed[: rng.randrange(len(sealed))],
            sealed[::-1],
            sealed.replace("A", "B"),
            base64.b64encode(zlib.compress(b"[" * 200_000)).decode(),
            base64.b64encode(zlib.compress(b" " * 20_000_000)).decode(),
            base64.b64encode(zlib.compress(b'{"seed": 1, "format": 2}')).decode(),
            None,
        ]
    )
    _write(path, _text(d))


@kind("deep nesting")
def _deep(rng, base, path):
    depth = rng.choice([1000, 100_000, 500_000])
    inner = "[" * depth + "]" * depth
    where = rng.choice(["top", "options", "actions", "players"])
    if where == "top":
        _write(path, inner.encode())
        return
    d = copy.deepcopy(base)
    d[where] = "@@DEEP@@"
    _write(path, _text(d).replace(b'"@@DEEP@@"', inner.encode()))


@kind("unknown game")
def _unknown_game(rng, base, path):
    d = copy.deepcopy(base)
    d["game"] = rng.choice(["martian_chess", "", "CHESS", "../../etc/passwd", "x" * 100_000])
    _write(path, _text(d))


@kind("unknown option")
def _unknown_option(rng, base, path):
    d = copy.deepcopy(base)
    d["options"] = dict(d["options"], **{rng.choice(["speed", "", "💣", "x" * 5000]): 1})
    _write(path, _text(d))


@kind("bad option value")
def _bad_option(rng, base, path):
    d = copy.deepcopy(base)
    if d["options"]:
        key = rng.choice(list(d["options"]))
        d["options"][key] = rng.choice([-1, 10**9, 10**30, "x", [], {}, None, True, 2.5])
    else:
        d["options"] = rng.choice([[], "x", None, 3])
    _write(path, _text(d))


@kind("illegal move")
def _illegal(rng, base, path):
    d = copy.deepcopy(base)
    if not d["actions"]:
        d["actions"] = [{"0": "Ke8"}]
    else:
        steps = d["actions"]
        how = rng.choice(["swap", "repeat", "drop", "other seat"])
        i = rng.randrange(len(steps))
        if how == "swap" and len(steps) > 1:
            j = rng.randrange(len(steps))
            steps[i], steps[j] = steps[j], steps[i]
        elif how == "repeat":
            steps.insert(i, copy.deepcopy(steps[i]))
        elif how == "drop":
            del steps[i]
        else:
            seat = next(iter(steps[i]))
            if seat.isdigit():
                steps[i] = {str((int(seat) + 1) % len(d["players"])): steps[i][seat]}
    _write(path, _text(d))


@kind("junk move text")
def _junk_move(rng, base, path):
    d = copy.deepcopy(base)
    junk = rng.choice(["", " ", "zz9", "e4 e5", "\x00", "é" * 50, "Z" * 100_000, "0-0-0-0", "{}"])
    if d["actions"]:
        step = rng.choice(d["actions"])
        step[next(iter(step))] = junk
    else:
        d["actions"] = [{"0": junk}]
    _write(path, _text(d))


@kind("edited final position")
def _final(rng, base, path):
    d = copy.deepcopy(base)
    d["final"] = rng.choice(["", "8/8/8/8/8/8/8/8 w - - 0 1", d["final"][::-1], "x" * 50_000])
    _write(path, _text(d))


@kind("bad player")
def _bad_player(rng, base, path):
    d = copy.deepcopy(base)
    bad = ["robot", "computer:", "computer:search:x", "computer:minimax", "human ", "computer:nope"]
    d["players"][rng.randrange(len(d["players"]))] = rng.choice(bad)
    _write(path, _text(d))


@kind("newer format")
def _newer(rng, base, path):
    d = copy.deepcopy(base)
    d["format"] = rng.choice([2, 3, 99])
    d["app_version"] = rng.choice(["9.0", None, 12, "x" * 10_000])
    _write(path, _text(d))


@kind("not a save")
def _other_json(rng, base, path):
    _write(path, rng.choice([b"[]", b'"save"', b"42", b"null", b"true", b"{}", b'{"a": 1}']))


@kind("binary junk")
def _binary(rng, base, path):
    _write(path, bytes(rng.randrange(256) for _ in range(rng.randrange(1, 5000))))


@kind("not UTF-8")
def _not_utf8(rng, base, path):
    text = json.dumps(base, indent=1, ensure_ascii=False).replace('"final"', '"finalé"')
    _write(path, text.encode(rng.choice(["latin-1", "utf-16", "utf-32", "cp1252"])))


@kind("byte order mark")
def _bom(rng, base, path):
    _write(path, b"\xef\xbb\xbf" + _text(base))


@kind("empty")
def _empty(rng, base, path):
    _write(path, rng.choice([b"", b" ", b"\n\n", b"\x00" * 100]))


@kind("folder")
def _folder(rng, base, path):
    path.mkdir()
    (path / "inside.json").write_bytes(_text(base))


@kind("pipe")
def _pipe(rng, base, path):
    if hasattr(os, "mkfifo"):
        os.mkfifo(path)
    else:  # pragma: no cover - Windows has no named pipes in folders
        path.mkdir()


@kind("link to a pipe")
def _link_to_pipe(rng, base, path):
    if not hasattr(os, "mkfifo"):  # pragma: no cover - Windows
        _write(path, b"")
        return
    pipe = path.with_name(f".pipe-{path.stem}")
    os.mkfifo(pipe)
    os.symlink(pipe, path)


@kind("link to nowhere")
def _dangling(rng, base, path):
    try:
        os.symlink(path.with_name("nothing-here"), path)
    except OSError:  # pragma: no cover - no symlinks allowed here
        _write(path, b"")


@kind("endless file")
def _endless(rng, base, path):
    target = "/dev/zero" if os.path.exists("/dev/zero") else None
    try:
        if target is None:
            raise OSError
        os.symlink(target, path)
    except OSError:  # pragma: no cover
        _write(path, b"\x00" * 1000)


@kind("unreadable")
def _unreadable(rng, base, path):
    _write(path, _text(base))
    path.chmod(0)


@kind("duplicate keys")
def _duplicate(rng, base, path):
    text = _text(base)
    _write(path, text.replace(b'"game":', b'"game": "chess", "game":', 1))


@kind("many moves")
def _many(rng, base, path):
    d = copy.deepcopy(base)
    n = rng.choice([10_000, 60_000])
    step = d["actions"][0] if d["actions"] else {"0": "e4"}
    d["actions"] = [step] * n
    d["redo"] = [step] * rng.choice([0, n])
    _write(path, _text(d))


@kind("odd file name")
def _odd_name(rng, base, path):
    """Bytes that are not UTF-8 and control characters in the file's name."""
    odd = rng.choice([b"\xff\xfe", b"\x1b[31m", b"\x7f", b"\xc3", b"\xe2\x80\xae"])
    name = os.fsencode(path.stem) + b" " + odd + b".json"
    target = Path(os.fsdecode(os.path.join(os.fsencode(path.parent), name)))
    data = _text(base)
    _write(target, data if rng.random() < 0.5 else data[: len(data) // 2])
    return target


@kind("big file")
def _big(rng, base, path, megabytes: int = 50):
    d = copy.deepcopy(base)
    d["final"] = "@@BIG@@"
    head, tail = _text(d).split(b"@@BIG@@")
    with open(path, "wb") as fh:
        fh.write(head)
        chunk = b"x" * (1 << 20)
        for _ in range(megabytes):
            fh.write(chunk)
        fh.write(tail)


# -- one case --------------------------------------------------------------------------
def digest(path: Path) -> str | None:
    try:
        if path.is_symlink() or not path.is_file():
            return f"not a file: {path.lstat().st_mode:o}"
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as e:
        return f"unreadable: {e.errno}"


def clear(message: Any) -> bool:
    """A message for people: words, short, no traceback, no control characters."""
    return (
        isinstance(message, str)
        and 10 <= len(message) <= MESSAGE_MAX
        and "Traceback" not in message
        and all(c == "\n" or c.isprintable() for c in message)
    )


@dataclass
class Outcome:
    kind: str
    index: int
    seconds: float = 0.0  # the slower of the two below, on the clock
    cpu: float = 0.0  # the same in CPU time, which a busy machine does not stretch
    loader: float = 0.0  # saves.load of the file
    screen: float = 0.0  # listing it, selecting it and pressing Load until the answer shows
    build: float = 0.0  # making the Load screen's list again (every file in the folder)
    message: str | None = None  # what the player read (None: it loaded)
    failures: list[str] = field(default_factory=list)


def run_case(
    app: Any,
    kind_name: str,
    index: int,
    maker: Maker,
    base: dict,
    rng: random.Random,
    folder: Path,
    others: dict[Path, str | None],
    big_mb: int,
) -> Outcome:
    """Make one hostile file beside the real saves and feed it through
    ``saves.load``, ``saves.list_saves`` and the Load screen."""
    from game import saves
    from game.ui.load_scene import LoadScene
    from game.ui.play import PlayScene
    from game.ui.widgets import dialogs

    out = Outcome(kind_name, index)
    path = folder / f"hostile-{index:04d}.json"
    if maker is _big:
        _big(rng, base, path, big_mb)
    else:
        path = maker(rng, base, path) or path  # a maker may choose the name itself
    own = digest(path)

    # 1. the loader
    start, cpu = time.perf_counter(), time.process_time()
    try:
        saves.load(path)
    except saves.SaveError as e:
        out.message = e.message
        if not clear(e.message):
            out.failures.append(f"unclear message from load: {e.message[:200]!r}")
    except BaseException as e:  # noqa: BLE001 - any other exception is what we look for
        out.failures.append(f"load raised {type(e).__name__}: {traceback.format_exc()[-600:]}")
    loader = time.perf_counter() - start
    loader_cpu = time.process_time() - cpu

    # 2. the list and the Load screen (the real scene, its list made again)
    screen = screen_cpu = 0.0
    try:
        start, cpu = time.perf_counter(), time.process_time()
        every = saves.list_saves()
        listed = [i for i in every if i.path == path]
        screen += time.perf_counter() - start
        screen_cpu += time.process_time() - cpu
        hidden = [p.name for p in others if not any(i.path == p and i.ok for i in every)]
        if hidden:  # one bad file must never hide the others
            out.failures.append(f"the Load list lost {len(hidden)} real saves")
        if listed and listed[0].error is not None and not clear(listed[0].error):
            out.failures.append(f"unclear message in the list: {listed[0].error[:200]!r}")
        scene = app.scene
        assert isinstance(scene, LoadScene)
        start = time.perf_counter()
        scene.rebuild()  # reads the folder again, as coming back to the screen does
        out.build = time.perf_counter() - start
        index_of = next((i for i, s in enumerate(scene.saves) if s.path == path), None)
        if index_of is None:
            if out.message is None:
                out.failures.append("a save that loads is not in the Load list")
        else:
            start, cpu = time.perf_counter(), time.process_time()
            scene.select(index_of)
            scene.load_selected()
            app.step(1 / 60)
            screen += time.perf_counter() - start
            screen_cpu += time.process_time() - cpu
            top = app.scene
            if isinstance(top, PlayScene):
                if out.message is not None:
                    out.failures.append("the Load screen opened a save the loader refused")
                top.close_runners()
                app.replace(LoadScene(app))
            elif not dialogs(top.ui):
                out.failures.append("the Load screen showed no message")
            else:
                for window in dialogs(top.ui):
                    window.kill()
    except BaseException as e:  # noqa: BLE001
        out.failures.append(
            f"the Load screen raised {type(e).__name__}: {traceback.format_exc()[-600:]}"
        )
    out.loader, out.screen = loader, screen
    out.seconds = max(loader, screen)
    out.cpu = max(loader_cpu, screen_cpu)
    if out.cpu > SLOW:
        out.failures.append(f"took {out.cpu:.2f} s of CPU ({out.seconds:.2f} s on the clock)")

    # 3. nothing else touched, the file itself neither
    if digest(path) != own:
        out.failures.append("the hostile file was changed")
    for other, before in others.items():
        if digest(other) != before:
            out.failures.append(f"{other.name} was changed")
    _remove(path)
    return out


def _remove(path: Path) -> None:
    try:
        path.chmod(stat.S_IRWXU)
    except OSError:
        pass
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


# -- the drill ---------------------------------------------------------------------------
def drill(count: int, seed: int, big_mb: int, quiet: bool = False) -> list[Outcome]:
    """Run ``count`` cases (every kind in turn, the big file once) in a fresh
    data folder; the outcomes."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    home = Path(tempfile.mkdtemp(prefix="drill-saves-"))
    old_home = os.environ.get("CHESS_VARIANTS_HOME")
    os.environ["CHESS_VARIANTS_HOME"] = str(home)
    try:
        from game import saves
        from game.app import App
        from game.ui.load_scene import LoadScene
        from game.ui.menu import MainMenu

        rng = random.Random(seed)
        bases = real_saves(rng)
        folder = saves.saves_dir()
        others = {}
        for game_id, d in bases.items():
            p = folder / f"real {game_id}.json"
            p.write_bytes(_text(d))
            others[p] = digest(p)
        app = App(fullscreen=False)
        app.running = True
        app.push(MainMenu(app))
        app.push(LoadScene(app))
        base_times = {}
        for game_id in bases:
            start = time.perf_counter()
            saves.load(folder / f"real {game_id}.json")
            base_times[game_id] = time.perf_counter() - start
        kinds = [k for k in MAKERS if k != "big file"]
        if os.name == "posix" and os.geteuid() == 0:
            kinds.remove("unreadable")  # root reads everything
        outcomes = []
        for i in range(count):
            middle = count // 2  # the big file, once, in the middle
            name = "big file" if i == middle else kinds[(i - (i > middle)) % len(kinds)]
            base = bases[rng.choice(sorted(bases))]
            outcomes.append(run_case(app, name, i, MAKERS[name], base, rng, folder, others, big_mb))
            if not quiet and (i + 1) % 100 == 0:
                print(f"  {i + 1} files", file=sys.stderr)
        app.close()
        slowest = max(base_times, key=base_times.get)
        steps = len(bases[slowest]["actions"])
        print(
            f"real saves: {len(bases)} games; slowest to load: {slowest} "
            f"({steps} steps) {base_times[slowest]:.3f} s"
        )
        return outcomes
    finally:
        if old_home is None:
            os.environ.pop("CHESS_VARIANTS_HOME", None)
        else:
            os.environ["CHESS_VARIANTS_HOME"] = old_home
        shutil.rmtree(home, ignore_errors=True)


def report(outcomes: list[Outcome]) -> int:
    by_kind: dict[str, list[Outcome]] = defaultdict(list)
    for o in outcomes:
        by_kind[o.kind].append(o)
    failed = [o for o in outcomes if o.failures]
    print(f"hostile saves: {len(outcomes)} files, {len(by_kind)} kinds of damage")
    print(
        f"{'kind':<24}{'files':>6}{'refused':>9}{'loaded':>8}{'failed':>8}"
        f"{'slowest s':>11}{'CPU s':>8}"
    )
    for name in sorted(by_kind):
        group = by_kind[name]
        refused = sum(o.message is not None for o in group)
        print(
            f"{name:<24}{len(group):>6}{refused:>9}{len(group) - refused:>8}"
            f"{sum(bool(o.failures) for o in group):>8}{max(o.seconds for o in group):>11.3f}"
            f"{max(o.cpu for o in group):>8.3f}"
        )
    messages = Counter(o.message for o in outcomes if o.message is not None)
    print(f"distinct messages: {len(messages)}; longest {max(map(len, messages), default=0)} chars")
    print(
        f"loader: slowest {max(o.loader for o in outcomes):.3f} s; Load screen (list, select, "
        f"Load): slowest {max(o.screen for o in outcomes):.3f} s; remaking its list: slowest "
        f"{max(o.build for o in outcomes):.3f} s"
    )
    print("slowest files:")
    for o in sorted(outcomes, key=lambda o: -o.cpu)[:5]:
        print(
            f"  {o.cpu:6.3f} s CPU ({o.seconds:.3f} s clock)  #{o.index} {o.kind}: "
            f"{(o.message or 'loaded')[:60]}"
        )
    print(f"failures: {len(failed)}")
    failed.sort(key=lambda o: all(f.startswith("took") for f in o.failures))
    for o in failed[:20]:
        print(f"  #{o.index} {o.kind}: {o.failures}")
    return 1 if failed else 0
