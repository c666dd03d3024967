"""The window, the main loop, the scene stack and the settings.

``App`` owns one display surface and a stack of scenes; the top scene gets
every event and is updated and drawn once a frame. Each scene builds its own
pygame_gui UIManager with ``new_ui_manager()`` so it always has the project's
theme and fonts (only the fonts shipped in assets/fonts, never a system font).
"""

from __future__ import annotations

import copy
import ctypes
import gc
import json
import logging
import os
import sys
import time
from collections import deque
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from game import __version__, saves
from game.resources import asset
from game.ui import art
from game.ui.navigation import Navigator
from game.ui.scene import (
    clear_tooltips,
    keep_windows_in_view,
    release_mouse,
    ui_animating,
    ui_picture,
)
from game.ui.sound import Sounds

if TYPE_CHECKING:
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

TITLE = "Chess Variants"
DEFAULT_SIZE = (1280, 800)
MIN_SIZE = (800, 560)
FPS = 60
MAX_DT = 0.1  # a longer gap (an idle wait, a slow scene build) counts as this much
IDLE_WAIT = 0.25  # with nothing moving, the loop sleeps up to this long for an event
IDLE_POLL = 0.008  # seconds between looks at the event queue while it sleeps
SAVE_FLUSH_SECONDS = 10.0  # how long quitting waits for the last autosave
# scripts/bench_startup.py: the app writes time.time() into this file once
# its first frame is on screen.
FIRST_FRAME_ENV = "CHESS_VARIANTS_FIRST_FRAME_FILE"
# Frames in a row that fail while the fault window is up before the app
# gives up (it stops with exit code 1 rather than spin on a broken menu).
FAULT_GIVE_UP = 120


# The fonts every manager knows, by the names the theme and rich text use.
FONTS = {
    "app_sans": ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    "app_mono": ("FiraCode-Regular.ttf", "FiraCode-Regular.ttf"),
}
# Sizes the scenes' rich text uses (rule sheets, dialogs), loaded up front so
# pygame_gui never loads a font in the middle of a frame.
PRELOAD = [
    ("app_sans", size, style)
    for size in (14, 15, 16, 17, 18, 20, 22, 26, 30)
    for style in ("regular", "bold", "italic", "bold_italic")
] + [("app_mono", size, "regular") for size in (13, 14, 15)]


_THEME_CACHE: dict[str, Any] | None = None


# -- memory ----------------------------------------------------------------------------
def _glibc() -> Any:
    """The C library when it is glibc (Linux), else None."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        libc = ctypes.CDLL("libc.so.6")
    except OSError:
        return None
    return libc if hasattr(libc, "malloc_trim") else None


class _Manager(pygame_gui.UIManager):
    """A UIManager that shares one theme (its parsed colours and fonts, and
    the cache of drawn button shapes) with every other screen of the app:
    parsing, loading and drawing them afresh for each screen was about 40%
    of the time a screen took to build."""

    shared: Any = None  # the theme, once the first manager has parsed it

    def create_new_theme(self, theme_path: Any = None) -> Any:
        if _Manager.shared is None:
            _Manager.shared = super().create_new_theme(theme_path)
        return _Manager.shared


_i18n_search: Any = None  # python-i18n's own search, wrapped by _search_once
# The texts searched for, by hash (a move list's whole text is one: keeping
# the texts would keep every move list shown), forgotten when many.
_searched: set[int] = set()
SEARCHED_MAX = 50_000


def _search_once(key: str, locale: str | None = None) -> None:
    import i18n

    locale = locale or i18n.get("locale")
    mark = hash((key, locale))
    if mark not in _searched:
        if len(_searched) >= SEARCHED_MAX:
            _searched.clear()
        _searched.add(mark)
        _i18n_search(key, locale)


def _quiet_translations() -> None:
    """pygame_gui passes every text it draws through python-i18n, which
    searches its translation folders again for each text it does not know
    (all of ours), and each new UIManager adds its folder to the search once
    more: a session's every label cost a growing number of folder listings.
    Keep the folder once, and search for each text only once."""
    global _i18n_search
    import i18n
    from i18n import resource_loader

    i18n.load_path[:] = list(dict.fromkeys(i18n.load_path))
    if resource_loader.search_translation is not _search_once:
        _i18n_search = resource_loader.search_translation
        resource_loader.search_translation = _search_once


def reclaim_memory() -> None:
    """After a scene has gone: free it now (pygame_gui's elements refer to
    each other, so only the cycle collector frees them and their surfaces),
    and have glibc hand the freed memory back to the system: it kept it, and
    a session's resident memory climbed by hundreds of MB of freed surfaces
    and fonts (scripts/bench_memory.py)."""
    gc.collect()
    libc = _glibc()
    if libc is not None:
        libc.malloc_trim(0)


def theme_dict() -> dict[str, Any]:
    """assets/theme.json with its font paths made absolute (they are written
    relative to assets/ so the theme works from source and the executable)."""
    global _THEME_CACHE
    if _THEME_CACHE is None:
        with open(asset("theme.json"), encoding="utf-8") as fh:
            theme = json.load(fh)
        for block in theme.values():
            font = block.get("font") if isinstance(block, dict) else None
            if not font:
                continue
            for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
                if key in font:
                    font[key] = str(asset(*font[key].split("/")))
        _THEME_CACHE = theme
    return copy.deepcopy(_THEME_CACHE)


class App:
    def __init__(self, fullscreen: bool | None = None, size: tuple[int, int] = DEFAULT_SIZE):
        pygame.init()
        saves.check_data_folder()  # if it cannot be written: saving off, said in the menu
        self.settings: dict[str, Any] = saves.load_settings()
        if fullscreen is not None:
            self.settings["fullscreen"] = bool(fullscreen)
        pygame.display.set_caption(TITLE)
        pygame.display.set_icon(art.icon_surface())
        self._windowed_size = tuple(size)
        self.fullscreen = False
        self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.navigate = Navigator(self)  # opens the screens (game/ui/navigation.py)
        self.frame_times: deque[float] = deque(maxlen=600)
        self.frames_drawn = 0
        self._dirty = True  # the next frame must be drawn (a new scene, a resize)
        self._shown: tuple = ()  # ui_picture of the last frame drawn
        self._scene_gone = False  # a scene left the stack: reclaim its memory
        self.running = False
        self.sounds = Sounds(enabled=bool(self.settings["sound"]))
        self.version = __version__
        self.faults = 0  # unexpected exceptions met by the main loop
        self.fault_dialog: Any = None  # the "something went wrong" window while it is up
        self._fault_streak = 0  # frames in a row that failed
        self._faults_under_dialog = 0
        self.exit_code = 0
        # Last: going fullscreen resizes the scenes, so the App must be whole
        # (it failed here on every start once F11 had been pressed).
        if self.settings.get("fullscreen"):
            self._set_fullscreen(True)
        saves.remove_stale_temps()  # left by a crash in the middle of a write

    # -- the window ---------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.window.get_size()

    def _set_fullscreen(self, on: bool) -> None:
        if on == self.fullscreen:
            return
        try:
            if on:
                self._windowed_size = self.window.get_size()
                desktop = pygame.display.get_desktop_sizes()
                full = desktop[0] if desktop else self._windowed_size
                self.window = pygame.display.set_mode(full, pygame.FULLSCREEN)
            else:
                self.window = pygame.display.set_mode(self._windowed_size, pygame.RESIZABLE)
        except pygame.error:
            log.exception("could not switch fullscreen")
            return
        self.fullscreen = on
        self._resize_scenes()

    def toggle_fullscreen(self) -> None:
        self._set_fullscreen(not self.fullscreen)
        self.settings["fullscreen"] = self.fullscreen
        self.save_settings()

    def _on_resize(self, size: tuple[int, int]) -> None:
        w, h = max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1])
        if (w, h) != tuple(size):
            self.window = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        else:
            self.window = pygame.display.get_surface()
        if not self.fullscreen:
            self._windowed_size = (w, h)
        self._resize_scenes()

    def _resize_scenes(self) -> None:
        self._dirty = True
        size = self.size
        for scene in self.scenes:
            if getattr(scene, "_app_size", None) != size:
                scene._app_size = size
                scene.resize(size)
                keep_windows_in_view(scene.ui)

    # -- the UI --------------------------------------------------------------------
    def new_ui_manager(self) -> pygame_gui.UIManager:
        """A manager with the project's theme and fonts."""
        theme = theme_dict() if _Manager.shared is None else None
        manager = _Manager(self.size, theme, enable_live_theme_updates=False)
        _quiet_translations()
        for name, (regular, bold) in FONTS.items():
            manager.add_font_paths(
                name,
                str(asset("fonts", regular)),
                str(asset("fonts", bold)),
                str(asset("fonts", regular)),
                str(asset("fonts", bold)),
            )
        fonts = manager.get_theme().get_font_dictionary()
        wanted = []
        for name, size, style in PRELOAD:
            font_id = fonts.create_font_id(size, name, "bold" in style, "italic" in style, True)
            if not fonts.check_font_preloaded(font_id):
                wanted.append({"name": name, "point_size": size, "style": style})
        manager.preload_fonts(wanted)
        return manager

    # -- settings ------------------------------------------------------------------
    def apply_settings(self) -> None:
        """Make the current ``settings`` take effect and tell every scene."""
        self._set_fullscreen(bool(self.settings.get("fullscreen")))
        self.sounds.set_enabled(bool(self.settings["sound"]))
        for scene in self.scenes:
            hook = getattr(scene, "settings_changed", None)
            if hook is not None:
                hook()

    def save_settings(self) -> None:
        try:
            saves.save_settings(self.settings)
        except OSError:  # an unwritable data folder must not stop the game
            log.exception("could not write settings")

    # -- the scene stack -----------------------------------------------------------
    @property
    def scene(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        if self.scenes:
            self._hand_over(self.scenes[-1])
            self.scenes[-1].leave()
        scene._app_size = self.size
        self._dirty = True
        self.scenes.append(scene)
        scene.enter()

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        scene = self.scenes.pop()
        self._hand_over(scene)
        scene.leave()
        self._dirty = self._scene_gone = True
        if self.scenes:
            top = self.scenes[-1]
            if getattr(top, "_app_size", None) != self.size:
                top._app_size = self.size
                top.resize(self.size)
            top.enter()
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            old = self.scenes.pop()
            self._hand_over(old)
            old.leave()
            self._scene_gone = True
        self.push(scene)

    def _hand_over(self, scene: Scene) -> None:
        """The top scene changes: the old one lets go of the mouse, so no
        button of it stays held by a press whose release goes elsewhere."""
        try:
            release_mouse(scene.ui)
        except Exception:
            log.exception("releasing the mouse in %s failed", type(scene).__name__)

    def quit(self) -> None:
        """Leave the main loop at the end of this frame; every scene on the
        stack gets its ``on_quit`` hook first (the play scene autosaves)."""
        for scene in reversed(self.scenes):
            hook = getattr(scene, "on_quit", None)
            if hook is None:
                continue
            try:
                hook()
            except Exception:
                log.exception("on_quit of %s failed", type(scene).__name__)
        self.flush_saves()
        self.running = False

    def flush_saves(self) -> None:
        """Wait for the last autosave to be on disk (it is written off the frame)."""
        if not saves.flush(timeout=SAVE_FLUSH_SECONDS):
            log.error("the last autosave may not have been written")

    # -- the loop ------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.QUIT:
            self.quit()
            return
        if event.type == pygame.VIDEORESIZE:
            self._on_resize(event.size)
            return
        if event.type == pygame.WINDOWSIZECHANGED:
            self._on_resize((event.x, event.y))
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        scene = self.scene
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F1 and scene is not None:
            from game.ui.widgets import toggle_keys_help

            toggle_keys_help(scene.ui)
            return
        if scene is not None:
            if event.type == pygame.MOUSEBUTTONDOWN:
                clear_tooltips(scene.ui)
            scene.handle(event)

    def step(self, dt: float, draw: bool = True) -> bool:
        """One frame: events, update, then draw and flip when ``draw`` is set
        or anything happened or moves (the main loop passes False). True
        when it drew."""
        events = pygame.event.get()
        for event in events:
            self.handle(event)
            if not self.running:
                return False
        scene = self.scene
        if scene is None:
            self.running = False
            return False
        moving = scene.active()
        scene.update(dt)
        scene = self.scene  # update may have changed scenes
        if scene is None:
            self.running = False
            return False
        # pygame_gui 0.6 keeps the rect of every element removed from a
        # manager in a list nothing empties: a slow leak in long-lived scenes.
        scene.ui.get_sprite_group().lostsprites.clear()
        drawn = self._draw(scene, draw or bool(events) or moving)
        if self._scene_gone:  # after the new scene is on screen
            self._scene_gone = False
            reclaim_memory()
        return drawn

    def _draw(self, scene: Scene, needed: bool) -> bool:
        """Draw and flip when ``needed`` or anything changed or moves."""
        changed = needed or self._dirty or self.needs_frames()
        if not changed and ui_picture(scene.ui) == self._shown:
            return False
        self._dirty = False
        scene.draw(self.window)
        pygame.display.flip()
        self._shown = ui_picture(scene.ui)
        self.frames_drawn += 1
        first_frame_file = os.environ.pop(FIRST_FRAME_ENV, None)  # so only once
        if first_frame_file:
            try:
                with open(first_frame_file, "w", encoding="utf-8") as fh:
                    fh.write(repr(time.time()))
            except OSError:
                log.exception("could not write %s", first_frame_file)
        return True

    def needs_frames(self) -> bool:
        """Is something moving or waiting: the top scene says so, or its
        pygame_gui widgets animate by themselves (see game/ui/scene.py)?"""
        scene = self.scene
        return scene is not None and (scene.active() or ui_animating(scene.ui))

    def _wait(self) -> None:
        """Sleep until an event comes, or IDLE_WAIT passes. Short sleeps and a
        look at the queue cost a third of pygame.event.wait's polling (which
        wakes every millisecond) for at most IDLE_POLL more latency."""
        deadline = time.perf_counter() + IDLE_WAIT
        while not pygame.event.peek() and time.perf_counter() < deadline:
            time.sleep(IDLE_POLL)

    def run(self, max_frames: int | None = None, max_seconds: float | None = None) -> int:
        """The main loop; returns the process exit code. Frames are drawn at
        up to FPS while anything happens or moves; idle, the loop sleeps.
        ``max_frames`` (smoke runs) never sleeps: N frames back to back."""
        if not self.scenes:
            self.navigate.menu()
        self.running = True
        frames = 0
        began = last = time.perf_counter()
        while self.running:
            start = time.perf_counter()
            dt = min(start - last, MAX_DT)
            last = start
            try:
                self.step(dt, draw=False)
                self._fault_streak = 0
            except Exception:
                self.fault()
            frames += 1
            self.frame_times.append(time.perf_counter() - start)
            if max_frames is not None and frames >= max_frames:
                break
            if max_seconds is not None and time.perf_counter() - began >= max_seconds:
                break
            if not self.running:
                break
            if max_frames is not None or self._dirty or self.needs_frames():
                self.clock.tick(FPS)
            else:
                self._wait()
        self.running = False
        return self.exit_code

    # -- unexpected exceptions -----------------------------------------------------
    def fault(self) -> None:
        """An exception escaped a frame (a scene's events, update or drawing,
        or a computer seat polled from its update): write its traceback to
        the log file, keep the game in the autosave (each scene's
        ``on_fault``), go back to a fresh menu and say so there, with the log
        file's path. A fault while that window is up is only logged; when
        every frame fails for FAULT_GIVE_UP frames the app stops (exit code 1)."""
        from game import logfile

        exc = sys.exc_info()
        log_file = logfile.ensure()
        self.faults += 1
        self._fault_streak += 1
        if self.fault_dialog is not None and self.fault_dialog.alive():
            self._faults_under_dialog += 1
            if self._faults_under_dialog <= 3:  # enough to see it; not a log full of it
                log.error("another unexpected exception while its window is up", exc_info=exc)
            if self._fault_streak >= FAULT_GIVE_UP:
                self._give_up(log_file)
            return
        name = type(self.scene).__name__ if self.scene is not None else "no scene"
        log.error("unexpected exception in %s; back to the menu", name, exc_info=exc)
        try:
            self._recover(log_file)
        except Exception:
            log.exception("could not go back to the menu after the exception")
            self._give_up(log_file)

    def _recover(self, log_file: Any) -> None:
        from game.ui.fault import FaultDialog

        kept = False
        for scene in reversed(self.scenes):
            hook = getattr(scene, "on_fault", None)
            try:
                if hook is not None and hook():
                    kept = True
            except Exception:
                log.exception("on_fault of %s failed", type(scene).__name__)
            self._hand_over(scene)
            try:
                scene.leave()
            except Exception:
                log.exception("leaving %s failed", type(scene).__name__)
        self.scenes.clear()
        self.flush_saves()
        kept = kept or saves.has_autosave()
        menu = self.navigate.menu()
        self.fault_dialog = FaultDialog(menu.ui, log_file, kept)
        self._faults_under_dialog = 0
        self._scene_gone = True

    def _give_up(self, log_file: Any) -> None:
        where = f"; the log file is {log_file}" if log_file is not None else ""
        log.critical("the app keeps failing and stops%s", where)
        print(f"Chess Variants stopped after an unexpected error{where}", file=sys.stderr)
        self.exit_code = 1
        self.flush_saves()  # no scene's on_quit: its game may be half-changed
        self.running = False

    def close(self) -> None:
        for scene in reversed(self.scenes):
            scene.leave()
        self.scenes.clear()
        self.flush_saves()
        pygame.display.quit()
