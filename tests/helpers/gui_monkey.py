"""GUI monkey: random clicks, drags, keys and window resizes through the real
App under SDL's dummy driver, in every scene of every registered game.

Each game gets a share of the events (``--events``, 100,000 by default) in a
fresh App with its own user data folder, starting at the main menu. The
monkey clicks at random pixels, but more often at what can be clicked: the
live buttons, drop-downs and list items of the top scene, the game's card
in the menu, and in the play scene the board squares and widget places
that start or continue a move, the chooser's options and the privacy
screen, so it gets deep into games; it drags (press, motions, release),
presses keys (Esc, Enter, Tab, Space, arrows, Home, End, letters, F1, Ctrl+Z,
Ctrl+Y, Ctrl+C, the play scene's F and H), scrolls, and resizes the window
from below MIN_SIZE up to 1920 x 1200. Seats are whatever it picks in the
setup form, computers included; it keeps going while they think.

It checks that no exception escapes a frame and that the app logs no error
it carried on from (each one is printed with the seed, game and event
number: ``--game ID --seed S --events N`` replays that game's part of the
run up to there; the computer's thinking runs in worker
processes, so its timing can differ between runs) and prints how long
frames took (p50, p99, max, and how many took over FRAME_BOUND seconds),
and per game the events, the scenes reached, the moves made and the games
finished (events count for the game whose part of the run it is, moves and
ends for the game they were made in: the monkey may wander into another
game from the menu; a redo counts as a move again), and the distinct
warnings (pygame_gui says when a label's text does not fit).

Run it long with scripts/drill_monkey.py; tests/ui/test_monkey.py runs it short.
"""

from __future__ import annotations

import contextlib
import logging
import os
import random
import sys
import tempfile
import time
import traceback
import warnings
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

FRAME_BOUND = 0.5  # seconds; a frame longer than this counts as a stall
MAX_SIZE = (1920, 1200)
DT = 1 / 60  # game time per frame: animations advance the same on every run

LETTERS = "abcdefghijklmnopqrstuvwxyz0123456789 "
KEYS = [
    pygame.K_ESCAPE,
    pygame.K_RETURN,
    pygame.K_TAB,
    pygame.K_SPACE,
    pygame.K_LEFT,
    pygame.K_RIGHT,
    pygame.K_UP,
    pygame.K_DOWN,
    pygame.K_HOME,
    pygame.K_END,
    pygame.K_BACKSPACE,
    pygame.K_DELETE,
    pygame.K_PAGEUP,
    pygame.K_PAGEDOWN,
    pygame.K_F1,
    pygame.K_f,
    pygame.K_h,
]
CTRL_KEYS = [pygame.K_z, pygame.K_y, pygame.K_c, pygame.K_v, pygame.K_a]


@dataclass
class Fault:
    game: str
    seed: int
    event: int
    scene: str
    text: str
    summary: str

    def __str__(self) -> str:
        last = self.summary
        return (
            f"{self.game} seed {self.seed} event {self.event} in {self.scene}: {last}\n"
            f"  replay: python scripts/drill_monkey.py --game {self.game} "
            f"--seed {self.seed} --events {self.event + 1}\n{self.text}"
        )


@dataclass
class Tally:
    events: int = 0
    scenes: Counter = field(default_factory=Counter)
    moves: int = 0
    finished: int = 0
    quits: int = 0
    faults: list[Fault] = field(default_factory=list)


@dataclass
class Report:
    tallies: dict[str, Tally] = field(default_factory=dict)
    frames: list[float] = field(default_factory=list)
    slowest: tuple[float, str, int] = (0.0, "", 0)
    warnings: Counter = field(default_factory=Counter)  # distinct warnings seen

    @property
    def faults(self) -> list[Fault]:
        return [f for t in self.tallies.values() for f in t.faults]


class _SeededSystemRandom(random.Random):
    """Stands in for random.SystemRandom so a match's seed comes from the
    monkey's seed and a run can be replayed."""

    def __init__(self, *_args):
        super().__init__(random.getrandbits(64))


@contextlib.contextmanager
def cap_thinking(seconds: float) -> Iterator[None]:
    """Computer seats think at most ``seconds`` a move (their spec gets a
    ``time=``), so the monkey sees many moves; the window stays as busy."""
    from game.ai import runner

    original = runner.BotRunner.__init__

    def init(self, spec: str, **kwargs):
        if spec.startswith("search") and "time=" not in spec and seconds:
            spec = f"{spec}:time={seconds}"
        original(self, spec, **kwargs)

    runner.BotRunner.__init__ = init
    try:
        yield
    finally:
        runner.BotRunner.__init__ = original


class _Errors(logging.Handler):
    """Errors the app logs and carries on from (a failing marker, a bot that
    raised): each is an exception the monkey reports, though no frame
    failed."""

    def __init__(self, monkey: Monkey):
        super().__init__(logging.ERROR)
        self.monkey = monkey

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage()
        if record.exc_info:
            text += "\n" + "".join(traceback.format_exception(*record.exc_info))
        summary = f"logged by {record.name}: {record.getMessage().splitlines()[0]}"
        self.monkey.fault(text, summary, restart=False)


class Monkey:
    def __init__(self, game_id: str, seed: int, events: int, report: Report):
        self.game_id = game_id
        self.seed = seed
        self.events = events
        self.report = report
        self.tally = report.tallies.setdefault(game_id, Tally())
        self.rng = random.Random(f"{seed}:{game_id}")
        self.count = 0  # events posted so far in this game's part
        self.app = None
        self._seen_matches: dict[int, tuple[int, bool]] = {}  # id(match): steps, over
        self._where, self._stay, self._patience = "", 0, 0  # the scene and events spent there
        self._gestures = 0
        self.playing = False  # in a playing spell: mostly moves, in the play scene

    # -- the app ---------------------------------------------------------------------------
    def _new_app(self) -> None:
        from game.app import App
        from game.ui.menu import MainMenu

        self._close_app()
        self.app = App(fullscreen=False)
        self.app.running = True
        self.app.push(MainMenu(self.app))

    def _close_app(self) -> None:
        app, self.app = self.app, None
        if app is None:
            return
        try:
            for scene in list(app.scenes):
                close = getattr(scene, "close_runners", None)
                if close is not None:
                    close()
            app.close()
        except Exception:
            traceback.print_exc()

    def scene_name(self) -> str:
        from game.ui import widgets

        scene = self.app.scene
        name = type(scene).__name__ if scene is not None else "none"
        if scene is not None and widgets.dialogs(scene.ui):
            return f"{name}+dialog"
        viewpoint = getattr(scene, "viewpoint", None)
        if viewpoint is not None and viewpoint.covering:
            return f"{name}+privacy"
        bots = getattr(scene, "bots", None)
        if bots is not None and bots.thinking:
            return f"{name}+thinking"
        return name

    # -- running ---------------------------------------------------------------------------
    def run(self) -> None:
        random.seed(f"{self.seed}:{self.game_id}:global")
        saved = random.SystemRandom
        random.SystemRandom = _SeededSystemRandom
        errors = _Errors(self)
        logging.getLogger().addHandler(errors)
        try:
            with warnings.catch_warnings(record=True) as seen:
                warnings.simplefilter("always")
                self._new_app()
                while self.count < self.events:
                    self.gesture()
                    for w in seen:
                        self.report.warnings[f"{w.category.__name__}: {w.message}"] += 1
                    seen.clear()
                self._frames(2)
        finally:
            logging.getLogger().removeHandler(errors)
            random.SystemRandom = saved
            self._close_app()

    def post(self, event: pygame.event.Event, frames: int = 1) -> None:
        """Post one event and run ``frames`` frames of the real loop."""
        if self.count >= self.events:
            return
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            pygame.mouse.set_pos(event.pos)
        pygame.event.post(event)
        self.count += 1
        self.tally.events += 1
        self.tally.scenes[self.scene_name()] += 1
        self._frames(frames)

    def _frames(self, n: int) -> None:
        for _ in range(n):
            app = self.app
            if not app.running:  # Quit was chosen: start the app again
                self.tally.quits += 1
                self._new_app()
                app = self.app
            t0 = time.perf_counter()
            try:
                app.step(DT)
            except Exception:
                summary = traceback.format_exception_only(*sys.exc_info()[:2])[-1].strip()
                self.fault(traceback.format_exc(), summary)
                return
            took = time.perf_counter() - t0
            self.report.frames.append(took)
            if took > self.report.slowest[0]:
                self.report.slowest = (took, self.game_id, self.count)
            self._observe()

    def fault(self, text: str, summary: str, restart: bool = True) -> None:
        """Report an exception; after one that escaped a frame, start a new app."""
        try:
            where = self.scene_name()
        except Exception:
            where = "?"
        fault = Fault(self.game_id, self.seed, max(0, self.count - 1), where, text, summary)
        self.tally.faults.append(fault)
        print(f"EXCEPTION {fault}", flush=True)
        if restart:
            self._new_app()

    def _observe(self) -> None:
        app = self.app
        if not app.running or app.scene is None:
            return
        match = getattr(app.scene, "match", None)
        if match is None:
            return
        key = id(match)
        steps, over = self._seen_matches.get(key, (len(match.history), match.is_over()))
        now = len(match.history)
        tally = self.report.tallies.setdefault(match.game_id, Tally())
        if now > steps:
            tally.moves += now - steps
        if match.is_over() and not over:
            tally.finished += 1
        self._seen_matches[key] = (now, match.is_over())

    # -- gestures --------------------------------------------------------------------------
    def gesture(self) -> None:
        name = self.scene_name()
        if name != self._where:
            self._where, self._stay = name, 0
            self._patience = self.rng.randint(1, 4 if "+" in name or "Rules" in name else 10)
        self._stay += 1
        if name not in ("PlayScene", "PlayScene+thinking", "PlayScene+privacy", "MainMenu"):
            if self._stay > self._patience:  # head back towards a game
                self._stay = 0
                self.home()
                return
        self._gestures += 1
        if self._gestures % 150 == 0:  # now and then: play a while, then wander again
            self.playing = not self.playing
        r = self.rng.random()
        if self.playing and name.startswith("PlayScene"):
            r = r * 0.6 if r < 0.75 else r - 0.1  # aimed clicks and drags mostly
        if r < 0.50:
            self.click(self.aimed_point())
        elif r < 0.60:
            self.click(self.random_point(), button=self.rng.choice((1, 1, 1, 3)))
        elif r < 0.70:
            self.drag()
        elif r < 0.92:
            self.key()
        elif r < 0.94:
            self.resize()
        elif r < 0.96:
            self.post(
                pygame.event.Event(
                    pygame.MOUSEWHEEL,
                    x=0,
                    y=self.rng.choice((-3, -1, 1, 3)),
                    flipped=False,
                    precise_x=0.0,
                    precise_y=0.0,
                )
            )
        else:  # let time pass: animations land, computers answer
            self._frames(self.rng.randint(1, 30))
            self.count += 1
            self.tally.events += 1

    def home(self) -> None:
        """Start the game from its setup form, else Esc (a dialog closes,
        a scene goes back)."""
        scene = self.app.scene
        start = getattr(scene, "start_button", None)
        if start is not None and self.scene_name() == "SetupScene":
            self.click(start.rect.center)
            self._frames(3)
        else:
            down = dict(key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0)
            self.post(pygame.event.Event(pygame.KEYDOWN, **down), frames=0)
            self.post(pygame.event.Event(pygame.KEYUP, **down), frames=2)

    def random_point(self) -> tuple[int, int]:
        w, h = self.app.size
        return self.rng.randrange(w), self.rng.randrange(h)

    def aimed_point(self) -> tuple[int, int]:
        """A point on something that answers a click, or a random one."""
        from game.ui import widgets

        scene = self.app.scene
        points = []
        if scene is not None:
            if hasattr(scene, "input") and not widgets.dialogs(scene.ui):
                points = self._play_points(scene)
            elif hasattr(scene, "cards") and self.rng.random() < 0.5:
                card = scene.cards.get(self.game_id)
                if card is not None and card.is_enabled:
                    points = [card.rect.center]
            if not points:
                points = self._ui_points(scene)
        if not points:
            return self.random_point()
        x, y = self.rng.choice(points)
        return int(x), int(y)

    def _ui_points(self, scene) -> list[tuple[int, int]]:
        from pygame_gui.core import UIElement
        from pygame_gui.elements import UIButton, UITextEntryLine

        out = []
        for el in scene.ui.get_sprite_group().sprites():
            if not isinstance(el, UIElement) or not el.visible or not el.alive():
                continue
            if isinstance(el, (UIButton, UITextEntryLine)) and el.is_enabled:
                out.append(el.rect.center)
        return out

    def _play_points(self, scene) -> list[tuple[int, int]]:
        """Board places and choice buttons of a scene with a board to click
        (the play scene; a lesson or a puzzle, which have no privacy screen
        and keep their choice buttons themselves)."""
        viewpoint = getattr(scene, "viewpoint", None)
        if viewpoint is not None and viewpoint.covering:
            return [self.random_point()] if self.rng.random() < 0.7 else []
        chooser = getattr(scene, "chooser", None)  # the play scene's; a puzzle keeps none
        if chooser is not None:
            return [r.center for r in chooser.rects()]
        if self.rng.random() < (0.02 if self.playing else 0.15):
            return []  # the panel's buttons instead
        inp = scene.input
        if inp is None:  # the puzzles' screen between puzzles: no board to click
            return []
        if inp.path:
            places = list(inp.extensions(inp.path))
        else:
            places = sorted({p[0] for p in inp.table})
        panel = getattr(scene, "panel", None)
        buttons = getattr(panel, "choice_buttons", None) or getattr(scene, "choice_buttons", {})
        out = [b.rect.center for b in buttons if b.visible]
        for place in places:
            point = self._place_point(scene, place)
            if point is not None:
                out.append(point)
        return out

    def _place_point(self, scene, place: int) -> tuple[int, int] | None:
        if place >= 0:
            return scene.board.square_center(place)
        for widget in getattr(scene, "widgets", ()):
            rect = getattr(widget, "place_rect", None)
            rect = rect(place) if rect is not None else None
            if rect is not None:
                return rect.center
        return None

    def click(self, pos: tuple[int, int], button: int = 1) -> None:
        self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        self.post(
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button),
            frames=self.rng.choice((1, 2, 3)),
        )

    def drag(self) -> None:
        a = self.aimed_point()
        b = self.aimed_point() if self.rng.random() < 0.7 else self.random_point()
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
        steps = self.rng.randint(1, 8)
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            self.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(1, 0, 0)))
        self.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1), frames=2)

    def key(self) -> None:
        r = self.rng.random()
        mod = 0
        if r < 0.15:
            key, mod, text = self.rng.choice(CTRL_KEYS), pygame.KMOD_CTRL, ""
        elif r < 0.35:
            text = self.rng.choice(LETTERS)
            key = ord(text)
        else:
            key, text = self.rng.choice(KEYS), ""
            if key == pygame.K_SPACE:
                text = " "
        down = dict(key=key, mod=mod, unicode=text, scancode=0)
        self.post(pygame.event.Event(pygame.KEYDOWN, **down), frames=0)
        if text:
            self.post(pygame.event.Event(pygame.TEXTINPUT, text=text), frames=0)
        self.post(pygame.event.Event(pygame.KEYUP, **down), frames=self.rng.choice((1, 2)))

    def resize(self) -> None:
        from game.app import MIN_SIZE

        if self.rng.random() < 0.3:  # the smallest the app allows, or under it
            w = self.rng.randint(MIN_SIZE[0] - 200, MIN_SIZE[0])
            h = self.rng.randint(MIN_SIZE[1] - 200, MIN_SIZE[1])
        else:
            w = self.rng.randint(MIN_SIZE[0], MAX_SIZE[0])
            h = self.rng.randint(MIN_SIZE[1], MAX_SIZE[1])
        pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.post(pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h), frames=2)


# -- the run ----------------------------------------------------------------------------------
def drill(
    game_ids: list[str],
    seed: int,
    events: int,
    home: str | None = None,
    think: float = 0.3,
    verbose: bool = False,
) -> Report:
    """Run the monkey over ``game_ids`` with ``events`` spread evenly across
    them; each game's part has its own user data folder under ``home``;
    computers think at most ``think`` seconds a move (0: as set up)."""
    report = Report()
    base = Path(home or tempfile.mkdtemp(prefix="monkey-"))
    share, extra = divmod(events, len(game_ids))
    with cap_thinking(think):
        for i, game_id in enumerate(game_ids):
            _drill_one(game_id, seed, share + (i < extra), base, report, verbose)
    return report


def _drill_one(game_id: str, seed: int, events: int, base: Path, report: Report, verbose: bool):
    folder = base / game_id
    folder.mkdir(parents=True, exist_ok=True)
    os.environ["CHESS_VARIANTS_HOME"] = str(folder)
    t0 = time.perf_counter()
    Monkey(game_id, seed, events, report).run()
    if verbose:
        t = report.tallies[game_id]
        print(
            f"{game_id}: {t.events} events, {t.moves} moves, {t.finished} ended, "
            f"{len(t.faults)} exceptions, {time.perf_counter() - t0:.0f} s",
            flush=True,
        )


def percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def print_report(report: Report, seconds: float) -> None:
    print(f"\n{'game':<15}{'events':>8}{'moves':>7}{'ended':>6}{'quits':>6}{'faults':>7}  scenes")
    for game_id, t in sorted(report.tallies.items()):
        kinds = sorted({name.split("+")[0] for name in t.scenes})
        extras = sorted({name.split("+")[1] for name in t.scenes if "+" in name})
        where = ", ".join(kinds) + (f" (+ {', '.join(extras)})" if extras else "")
        print(
            f"{game_id:<15}{t.events:>8}{t.moves:>7}{t.finished:>6}{t.quits:>6}"
            f"{len(t.faults):>7}  {where}"
        )
    frames = report.frames
    total = sum(t.events for t in report.tallies.values())
    slow = sum(f > FRAME_BOUND for f in frames)
    took, game_id, event = report.slowest
    print(
        f"\n{total} events, {len(frames)} frames in {seconds:.0f} s; frame time "
        f"p50 {percentile(frames, 0.5) * 1000:.1f} ms, p99 {percentile(frames, 0.99) * 1000:.1f} "
        f"ms, max {took * 1000:.0f} ms ({game_id}, event {event}); "
        f"{slow} frames over {FRAME_BOUND} s"
    )
    if report.warnings:
        print(f"warnings ({sum(report.warnings.values())}, {len(report.warnings)} distinct):")
        for text, n in report.warnings.most_common(10):
            print(f"  {n:6d}  {text[:150]}")
    print(f"exceptions: {len(report.faults)}")
    for fault in report.faults:
        print(f"  {str(fault).splitlines()[0]}")
