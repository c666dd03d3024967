"""The crash drill's driver, inside the app it drills (scripts/drill_crash.py).

Inert: game/__main__.py imports this module only when the environment
variable CHESS_VARIANTS_DRILL names a report file, so it runs the same from
source and from the built executable.

The driver runs after every frame of the real main loop. At start it presses
Continue on the menu (a posted click on the button) when there is a game to
continue, and reports where the game resumed; otherwise, and whenever a game
ends or has run a few more steps, it opens a new game of a random registered kind
with random seats (people and computers). The computer seats think as usual;
for the people it picks a random legal action of the person deciding (from
the view on screen) and hands it to the play scene's ``submit``, the handler
that a click or a panel button ends in; a privacy screen is passed with the
space bar, as a person would.

It appends one JSON line per event to the report file, with no buffering,
so a SIGKILL loses nothing written: ``new`` and ``resumed`` (the game, its
seed, its steps so far and their digest, the temp files in the saves folder),
``fault`` (an unexpected exception sent the app back to the menu: the driver
closes the window and presses Continue, as a player would; then
``continued``),
``played`` (a step made), ``saved`` (the autosave on disk holds every step
so far) and ``write`` (an autosave write between two of its steps). With
CHESS_VARIANTS_DRILL_PAUSE (seconds), every atomic write pauses at each
step (half the text written; all written and synced, before the rename), so
the drill can kill the app in the middle of a write on purpose.
"""

from __future__ import annotations

import hashlib
import json
import os
import random
import time
from typing import Any

import pygame

ENV = "CHESS_VARIANTS_DRILL"  # the report file
SEED_ENV = "CHESS_VARIANTS_DRILL_SEED"
PAUSE_ENV = "CHESS_VARIANTS_DRILL_PAUSE"
# A game runs a number of steps in this range (the same for the same game and
# seed, through every restart), then a new one begins.
GAME_STEPS = (2, 12)
LEVELS = ("human", "human", "computer:random", "computer:random", "computer:search:1")


def digest(steps: list[Any]) -> str:
    """The steps of a game (as a save writes them), in a few characters."""
    text = json.dumps([{str(k): v for k, v in s.items()} for s in steps], sort_keys=True)
    return hashlib.sha1(text.encode("utf-8")).hexdigest()[:16]


class Driver:
    def __init__(self, app: Any, report: str, seed: int, pause: float) -> None:
        self.app = app
        self.fd = os.open(report, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        self.rng = random.Random(seed)
        self.pause = pause
        self.phase = "start"
        self.scene: Any = None  # the play scene being driven
        self.played = 0  # steps reported played in it
        self.saved = 0  # steps reported on disk
        self.wait = 0  # frames before the next person acts
        self.limit = 0  # steps after which the game gives way to a new one
        self.faulted = False  # Continue is pressed after a fault, not after a start
        from game import saves

        if pause > 0:
            saves.between_steps = self.between_steps
        handed_in = saves.autosave

        def autosave(match: Any) -> Any:  # a step is reported before any write can hold it
            scene = self.scene
            same = scene is not None and (match.game_id, match.seed) == (
                scene.match.game_id,
                scene.match.seed,
            )
            if same:  # the scene's match, or the copy a fault keeps (App.fault)
                self._report_played(match)
            return handed_in(match)

        saves.autosave = autosave

    def report(self, event: str, **fields: Any) -> None:
        line = json.dumps({"ev": event, "t": round(time.time(), 4), **fields}) + "\n"
        os.write(self.fd, line.encode("utf-8"))  # one write on an append-only file

    def between_steps(self, path: Any, step: str) -> None:
        """The autosave thread, in the middle of an atomic write: say so and wait."""
        if path.name.startswith("autosave"):
            self.report("write", step=step)
            time.sleep(self.pause)

    # -- every frame ---------------------------------------------------------------
    def tick(self) -> None:
        from game.ui.menu import MainMenu
        from game.ui.play import PlayScene
        from game.ui.widgets import dialogs

        pygame.event.post(pygame.event.Event(pygame.USEREVENT))  # keep the frames coming
        top = self.app.scene
        if self.phase == "start" and isinstance(top, MainMenu):
            button = top.buttons["continue"]
            if button.is_enabled:
                self._click(button.rect.center)
                self.phase = "continuing"
            else:
                self.new_game()
            return
        if self.phase == "continuing":
            if isinstance(top, PlayScene):
                self._take(top, "continued" if self.faulted else "resumed")
            elif isinstance(top, MainMenu) and dialogs(top.ui):  # Continue refused
                texts = [getattr(w, "html_message", "") for w in dialogs(top.ui)]
                self.report("refused", message=" ".join(map(str, texts))[:300])
                self.new_game()
            return
        if self.phase == "playing" and isinstance(top, MainMenu):
            # App.fault went back to the menu: say so, close its window, Continue.
            self.report("fault")
            for window in dialogs(top.ui):
                window.kill()
            self.phase, self.faulted = "start", True
            return
        if isinstance(top, PlayScene) and top is self.scene:
            self.drive(top)

    def drive(self, scene: Any) -> None:
        from game import saves

        match = scene.match
        steps = len(match.records)
        self._report_played(match)
        if steps > self.saved and not saves._writer.pending(saves.autosave_path()):
            self.saved = steps
            self.report("saved", n=steps, digest=digest(match.history))
        if match.is_over() or steps >= self.limit:
            if steps == self.saved:
                self.new_game()
            return
        if scene.viewpoint.covering:
            self._key(pygame.K_SPACE)
            return
        seat = scene.seen.actor
        if seat is None or not match.is_human(seat) or scene.board.animating:
            return
        if self.wait > 0:
            self.wait -= 1
            return
        self.wait = self.rng.randrange(0, 4)
        actions = scene.seen.state.legal_actions(seat)
        if actions:
            scene.submit(seat, self.rng.choice(actions))

    def _report_played(self, match: Any) -> None:
        steps = len(match.records)
        for n in range(self.played + 1, steps + 1):
            self.report("played", n=n, digest=digest(match.history[:n]))
        self.played = max(self.played, steps)

    # -- games -----------------------------------------------------------------------
    def new_game(self) -> None:
        from game.games import REGISTRY
        from game.match import Match

        game_id = self.rng.choice(sorted(REGISTRY))
        game = REGISTRY[game_id]
        players = [self.rng.choice(LEVELS) for _ in game.seats]
        match = Match(game_id, seed=self.rng.randrange(2**31), players=players)
        old = self.scene
        if old is not None:
            old.closed = True
            old.close_runners()
        self.app.navigate.play(match, replace=old is not None and old is self.app.scene)
        self._take(self.app.scene, "new")

    def _take(self, scene: Any, event: str) -> None:
        from game import saves

        m = scene.match
        self.scene, self.phase = scene, "playing"
        self.limit = random.Random(f"{m.game_id} {m.seed}").randrange(*GAME_STEPS)
        self.played = self.saved = len(m.records)
        temps = sorted(p.name for p in saves.saves_dir().iterdir() if p.name.endswith(".tmp"))
        self.report(
            event,
            game=m.game_id,
            seed=m.seed,
            players=m.players,
            n=len(m.records),
            digest=digest(m.history),
            over=m.is_over(),
            temps=temps,
        )

    # -- input ---------------------------------------------------------------------------
    def _click(self, pos: tuple[int, int]) -> None:
        pygame.mouse.set_pos(pos)
        for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            extra = {"rel": (0, 0), "buttons": (0, 0, 0)} if kind == pygame.MOUSEMOTION else {}
            pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, **extra))

    def _key(self, key: int) -> None:
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))


def attach(app: Any, report: str) -> Driver:
    """Drive ``app`` after each of its frames, reporting to ``report``."""
    driver = Driver(
        app,
        report,
        int(os.environ.get(SEED_ENV, "0") or 0),
        float(os.environ.get(PAUSE_ENV, "0") or 0),
    )
    step = app.step

    def step_and_drive(dt: float, draw: bool = True) -> bool:
        drawn = step(dt, draw)
        driver.tick()
        return drawn

    quit_app = app.quit

    def quit_and_say_why() -> None:  # nothing in the drill quits: whatever did, say so
        import traceback

        driver.report("quit", stack=traceback.format_stack(limit=8)[:-1])
        quit_app()

    app.step = step_and_drive
    app.quit = quit_and_say_why
    return driver
