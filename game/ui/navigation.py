"""Where the app goes next: the one place that opens its screens.

A scene never builds another scene: it asks ``app.navigate`` to open the
menu, a game's setup form, a match, the rules, the saves or the settings,
or to go back. This module alone imports the scenes' modules, each when it
is first opened (the menu starts without the play scene), so the scenes do
not import each other and no import cycle runs through them
(tests/test_layout.py).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.ui import widgets

if TYPE_CHECKING:
    from game.app import App
    from game.ui.scene import Scene

log = logging.getLogger(__name__)

# A save that made the rules themselves fail (a bug, not the player's file).
REPLAY_FAULT = (
    "The game could not be replayed because of a fault in the game itself, not in "
    "your file. The log file in the game's data folder has the details."
)
#: The Load screen's Analyse of a game between people that hides things and
#: is still going: the app cannot know who is at the screen.
ANALYSE_FROM_YOUR_SIDE = (
    "This game is still going and hides things from each player. Load it, and "
    "once the screen is yours, look back (Left arrow) and press Analyse: it is "
    "analysed from your own side."
)


class Navigator:
    def __init__(self, app: App) -> None:
        self.app = app

    def _open(self, scene: Scene, replace: bool = False) -> Scene:
        if replace:
            self.app.replace(scene)
        else:
            self.app.push(scene)
        return scene

    # -- the screens -------------------------------------------------------------------
    def menu(self) -> Scene:
        """A fresh main menu over whatever is on the stack (the app's first
        screen; after a fault the stack is empty)."""
        from game.ui.menu import MainMenu

        return self._open(MainMenu(self.app))

    def setup(self, game_id: str) -> Scene:
        from game.ui.setup import SetupScene

        return self._open(SetupScene(self.app, game_id))

    def play(self, match: Any, replace: bool = False) -> Scene:
        """Show ``match`` in the play scene, over the current scene or
        instead of it (the setup form, the saves, the last game)."""
        from game.ui.play import PlayScene  # loaded when a game starts, not with the menu

        note = self._daily_note(match)
        scene = self._open(PlayScene(self.app, match), replace)
        if note:
            self._message("Deal of the day", note)
        return scene

    @staticmethod
    def _daily_note(match: Any) -> str | None:
        """A deal of the day's claim checked and its day noted as started
        (game/learn/daily.py); words for the player, or None."""
        if getattr(match, "daily", None) is None:
            return None
        from game.learn import daily

        try:
            return daily.on_open(match)
        except Exception:  # an unwritable data folder: the game is still played
            log.exception("the deal of the day could not be noted")
            return None

    def rules(self, game_id: str | None = None) -> Scene:
        """The rule sheets, open at ``game_id``'s (None: the first)."""
        from game.ui.rules_view import RulesScene

        return self._open(RulesScene(self.app, game_id))

    def learn(self, game_id: str | None = None) -> Scene:
        """The lessons: the games first, or one game's lessons."""
        from game.ui.learn_menu import LearnMenu

        return self._open(LearnMenu(self.app, game_id))

    def lesson(self, lessons: list, index: int, show: bool = False, replace: bool = False) -> bool:
        """One lesson (``show``: playing its answer); False, and a message
        why, when the rules refuse it (a broken lesson file)."""
        from game.ui.learn_scene import LessonScene

        try:
            scene = LessonScene(self.app, lessons, index, show)
        except Exception as error:  # a lesson the rules cannot play: said, not a fault
            log.exception("lesson %d of %s cannot be shown", index, lessons[index].game_id)
            self._message("Cannot show this lesson", f"{lessons[index].title}: {error}")
            return False
        self._open(scene, replace)
        return True

    def saves(self) -> Scene:
        from game.ui.load_scene import LoadScene

        return self._open(LoadScene(self.app))

    def puzzles(self, game_id: str | None = None) -> Scene:
        from game.ui.puzzles_scene import PuzzlesScene

        return self._open(PuzzlesScene(self.app, game_id))

    def puzzle_deal(self, puzzle: Any) -> Scene:
        """A deal puzzle (goal: score; game/learn/puzzles.py) as a game of
        free play on its seed in the play scene, with its target to beat;
        the play scene judges it at the end and keeps the solved mark."""
        from game.match import Match

        match = Match(puzzle.game_id, puzzle.options, puzzle.seed)
        match.puzzle = puzzle  # not saved: a deal continued later is free play
        return self.play(match)

    def settings(self) -> Scene:
        from game.ui.settings_scene import SettingsScene

        return self._open(SettingsScene(self.app))

    def stats(self, game_id: str | None = None) -> Scene:
        """The statistics page, open at ``game_id``'s (None: the game started
        last from a setup form, else the first game's)."""
        from game.ui.setup import last_game
        from game.ui.stats_scene import StatsScene

        return self._open(StatsScene(self.app, game_id or last_game(self.app.settings)))

    def daily(self, game_id: str) -> Scene:
        """Today's deal of ``game_id`` (game/learn/daily.py), in place of
        the scene on top (its setup form)."""
        from game.learn import daily
        from game.saves import load_autosave

        try:
            autosaved = load_autosave()
        except Exception:  # a damaged autosave: deal afresh
            log.exception("the autosave could not be read for the deal of the day")
            autosaved = None
        try:
            match, note = daily.deal_today(game_id, autosaved)
        except Exception:  # unreadable statistics: deal, the result is judged at the end
            log.exception("the deal of the day's start could not be checked")
            match, note = daily.new_match(game_id), None
        scene = self.play(match, replace=True)
        if note:
            self._message("Deal of the day", note)
        return scene

    # -- leaving -----------------------------------------------------------------------
    def back(self) -> None:
        """The scene on top closes; the one under it shows again."""
        self.app.pop()

    def back_to_menu(self, scene: Scene) -> None:
        """``scene`` (on top) closes for the menu under it, or for a fresh
        menu when nothing is under it."""
        app = self.app
        if len(app.scenes) > 1 and app.scene is scene:
            app.pop()
        else:
            from game.ui.menu import MainMenu

            app.replace(MainMenu(app))

    # -- a match from a file -------------------------------------------------------------
    def open_save(self, path: Path, replace: bool = False, analyse: bool = False) -> bool:
        """Load the save at ``path`` and show it (``analyse``: with its
        analysis started, game/ui/play/analysis_view.py); on failure say why
        over the current scene and return False."""
        from game.saves import SaveError, load
        from game.ui.play.viewpoint import Viewpoint

        try:
            match = load(path)
        except SaveError as e:
            self._message("Cannot load this save", e.message)
            return False
        except Exception:  # a rules bug met while replaying
            log.exception("loading %s failed", path)
            self._message("Cannot load this save", REPLAY_FAULT)
            return False
        if analyse and not match.is_over() and Viewpoint(match).private():
            # Nobody is at the screen yet: whose view would be searched?
            self._message("Cannot analyse yet", ANALYSE_FROM_YOUR_SIDE)
            return False
        try:
            scene = self.play(match, replace=replace)
            if analyse:
                scene.analysis.start()
        except Exception:  # a position the rules read but cannot show or play
            log.exception("showing %s failed", path)
            self._message("Cannot load this save", REPLAY_FAULT)
            return False
        return True

    def continue_game(self) -> bool:
        """Show the game in the autosave; False (and a message why) when
        there is none or it cannot be restored."""
        from game.saves import SaveError, load_autosave

        try:
            match = load_autosave()
        except SaveError as e:
            self._message(
                "Cannot continue",
                f"The last game could not be restored. {e.message}\n"
                "The file was left as it is; your other saves are safe.",
            )
            return False
        except Exception:  # a bug in a game's rules while replaying
            log.exception("autosave failed to load")
            self._message("Cannot continue", REPLAY_FAULT)
            return False
        if match is None:
            self._message("Nothing to continue", "There is no unfinished game.")
            return False
        self.play(match)
        return True

    def _message(self, title: str, text: str) -> None:
        scene = self.app.scene
        if scene is not None:
            widgets.message(scene.ui, title, text)
