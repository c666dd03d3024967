"""The play scene's controls: the panel's buttons and the keys (undo, redo,
flip, hint, offer a draw, resign, save, rules, menu), copying the position,
and a new game with the same players. Each acts on the match through the
scene and brings the scene up to date."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import pygame

from game.learn import daily
from game.match import step_seat
from game.ui import replace_ask, widgets
from game.ui.play.move_list import step_words
from game.ui.play.viewpoint import CONTINUE

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene

log = logging.getLogger(__name__)

DRAW_ACCEPT_MARGIN = 0.5  # the computer takes a draw when this much worse (pawns)


class Controls:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.copied: str | None = None  # the last position copied (Ctrl+C)

    # -- taking back and replaying ------------------------------------------------------------
    def undo(self) -> None:
        """Against the computer: take back at once, to the person's own
        turn. Between people: the one who made the last move asks the
        others, who accept or decline (a takeback request, as online play
        asks), unless everyone else at the table is on their team."""
        scene = self.scene
        match = scene.match
        if not daily.may_undo(match):
            return
        if daily.still_counts(match):  # the day's one counted attempt: ask first
            self._ask_help("undo", "Take back", self._undo_now)
            return
        self._undo_now()

    def _undo_now(self) -> None:
        scene = self.scene
        match = scene.match
        if not match.can_undo:
            return
        if scene.has_computer():
            self._take_back()
            return
        last = match.records[-1].step
        asker = step_seat(last)
        if asker is None:  # a simultaneous step or an agreement: whoever is at the screen
            asker = scene.acting_human()
        team = scene.game.team_of(asker) if asker is not None else ()
        asked = [s for s in scene.viewpoint.humans() if s not in team]
        if not asked:
            self._take_back()
            return
        steps = len(match.records)
        words = step_words(match, asked[0], steps)
        who = match.seat_name(asker) if asker is not None else "A player"
        names = " and ".join(match.seat_name(s) for s in asked)
        widgets.confirm(
            scene.ui,
            "Takeback asked",
            f"{who} asks to take back {words}. {names}, do you accept?",
            lambda: self._take_back(steps),
            yes="Accept",
            no="Decline",
        )

    def hint(self) -> None:
        """The Hint button and the H key; on the day's counted deal, asked first."""
        hints = self.scene.hints
        if hints.can_ask() and daily.still_counts(self.scene.match):
            self._ask_help("hint", "Use a hint", hints.ask)
        else:
            hints.ask()

    def _ask_help(self, kind: str, yes: str, then: Any) -> None:
        """Help on the deal of the day takes it out of the count: say so first."""
        scene = self.scene

        def go() -> None:
            if not scene.closed:
                then()
                scene.refresh()

        ask = widgets.confirm(
            scene.ui, "Today's deal", daily.HELP_ASKED[kind], go, yes=yes, no="Cancel"
        )
        ask.clock_runs = True  # the mover asked: their time goes on (Dialogs.stops_clock)

    def _take_back(self, steps: int | None = None) -> None:
        """Undo (``steps``: only while the history is as long as when asked)."""
        scene = self.scene
        if not scene.match.can_undo or steps not in (None, len(scene.match.records)):
            return
        scene.looking.stop()
        scene.bots.cancel()
        if scene.has_computer():
            scene.match.undo_to_human()
        else:
            scene.match.undo()
        scene.after_jump()

    def redo(self) -> None:
        scene = self.scene
        if not scene.match.can_redo:
            return
        scene.looking.stop()
        scene.bots.cancel()
        scene.premove.cancel()
        m = scene.match
        scene.after_events(m.redo_to_human() if scene.has_computer() else m.redo())

    def flip(self) -> None:
        scene = self.scene
        scene.board.flipped = not scene.board.flipped
        scene.input.clear()

    # -- ending the game --------------------------------------------------------------------
    def offer_draw(self) -> None:
        scene = self.scene
        match = scene.match
        if match.is_over() or not scene.game.draw_offers:
            return
        seat = scene.acting_human()
        if seat is None:
            return
        team = scene.game.team_of(seat)
        others = [s for s in range(len(match.players)) if s not in team]
        people = [s for s in others if match.is_human(s)]
        if not people:
            if all(self._bot_accepts_draw(b) for b in others):
                self._agree_draw()  # the game-over window says so: one dialog
            else:
                widgets.message(scene.ui, "Draw declined", "The computer plays on.")
            return
        names = " and ".join(match.seat_name(s) for s in people)
        widgets.confirm(
            scene.ui,
            "Draw offered",
            f"{match.seat_name(seat)} offers a draw. {names}, do you accept?",
            self._agree_draw,
            yes="Accept",
            no="Decline",
        )

    def _bot_accepts_draw(self, seat: int) -> bool:
        """As a player would: only when it judges itself worse, or when
        nobody can win any more."""
        try:
            from game.ai.evaluate import evaluator_for

            state = self.scene.match.state.view(seat)
            dead = getattr(state, "insufficient_material", None)
            if callable(dead) and dead():
                return True
            score = evaluator_for(state)(state, seat)
        except Exception:
            log.exception("could not judge the draw offer")
            return False
        return score <= -DRAW_ACCEPT_MARGIN

    def _agree_draw(self) -> None:
        scene = self.scene
        if scene.match.is_over():
            return
        scene.bots.cancel()
        scene.after_events(scene.match.agree_draw())

    def resign(self) -> None:
        scene = self.scene
        if scene.match.is_over():
            return
        seat = scene.acting_human()
        if seat is None:
            return

        def do() -> None:
            if not scene.match.is_over():
                scene.bots.cancel()
                scene.after_events(scene.match.resign(seat))

        game = scene.game
        label = game.resign_label
        question = (
            f"Resign the game as {scene.match.seat_name(seat)}?"
            if label == "Resign"
            else f"{label} now? {game.resign_note}".strip()
        )
        if daily.still_counts(scene.match):
            question += " " + daily.ENDS_ATTEMPT
        ask = widgets.confirm(scene.ui, label, question, do, yes=label)
        ask.clock_runs = True  # the mover asked: their time goes on (Dialogs.stops_clock)

    # -- saving, copying ------------------------------------------------------------------------
    def save_name(self) -> str:
        """The name a save is offered: the game and its move ("Chess, move 12")."""
        scene = self.scene
        return f"{scene.game.title}, move {scene.match.move_count()}"

    def open_save(self) -> None:
        self.scene.dialogs.open_save(self.save_name())

    def save_as(self, name: str, replace: bool = False) -> bool:
        """Save the game under ``name``; a save of that name is replaced only
        after asking (``replace``: asked)."""
        from game import saves

        ui = self.scene.ui
        if not replace and replace_ask.asked(ui, name, False, lambda: self.save_as(name, True)):
            return False
        try:
            path = saves.save_named(self.scene.match, name)
        except (saves.SaveError, OSError) as e:
            widgets.message(ui, "Could not save", getattr(e, "message", None) or str(e))
            return False
        widgets.message(ui, "Saved", f"Saved as “{path.stem}”.")
        return True

    def copy_position(self) -> None:
        """Put the position on screen on the clipboard as the game's text
        (FEN for the chess games), to share it or start a game from it."""
        from game.ui import clipboard

        scene = self.scene
        state = scene.shown_state()
        if state.is_partial:
            widgets.message(
                scene.ui,
                "Not copied",
                "This position holds secrets that are not yours to see, so it cannot be copied.",
            )
            return
        text = state.to_text()
        if clipboard.put(text):
            widgets.code_message(scene.ui, "Position copied", "On the clipboard:", text)
        else:
            widgets.code_message(scene.ui, "No clipboard here", "The position is:", text)
        self.copied = text

    def _pgn(self) -> str | None:
        """The match as PGN (game/pgn.py), or None after saying why not."""
        from game import pgn

        try:
            return pgn.export(self.scene.match)
        except pgn.PgnError as e:
            widgets.message(self.scene.ui, "No PGN yet", str(e))
            return None

    def copy_pgn(self) -> None:
        """Put the whole game as PGN on the clipboard."""
        from game.ui import clipboard

        text = self._pgn()
        if text is None:
            return
        if clipboard.put(text):
            widgets.message(self.scene.ui, "PGN copied", "The game is on the clipboard as PGN.")
        else:
            widgets.code_message(self.scene.ui, "No clipboard here", "The game's PGN:", text)
        self.copied = text

    def save_pgn(self, name: str, replace: bool = False) -> bool:
        """Write the game as PGN to pgn/<name>.pgn in the data folder; a file
        of that name is replaced only after asking (``replace``: asked)."""
        from game import saves

        text = self._pgn()
        if text is None:
            return False
        if not replace and replace_ask.asked(
            self.scene.ui, name, True, lambda: self.save_pgn(name, True)
        ):
            return False
        try:
            path = saves.save_pgn(text, name)
        except saves.SaveError as e:
            widgets.message(self.scene.ui, "Could not save", e.message)
            return False
        widgets.message(self.scene.ui, "PGN saved", f"Saved as {path}")
        return True

    # -- leaving ----------------------------------------------------------------------------------
    def open_rules(self) -> None:
        scene = self.scene
        scene.app.navigate.rules(scene.match.game_id)

    def to_menu(self) -> None:
        """Back to the main menu; the game stays in the autosave."""
        scene = self.scene
        scene.autosave()
        scene.close_runners()
        scene.closed = True
        scene.app.navigate.back_to_menu(scene)

    def new_game(self) -> None:
        """The same game, options, players, names and clock, from a new start."""
        self._play_again(swap=False)

    def rematch(self) -> None:
        """As ``new_game``, with the seats' colours swapped: people, computer
        levels and names follow their seats (``Match.again``)."""
        self._play_again(swap=True)

    def rematch_offered(self) -> bool:
        """Alone at the table (Golf alone, Cooperative solitaire) there are
        no colours to swap: "New game" is the fresh deal."""
        scene = self.scene
        return len(scene.game.seats_in_play(scene.match.options)) >= 2

    def _play_again(self, swap: bool) -> None:
        scene = self.scene
        scene.close_runners()
        scene.closed = True
        scene.app.navigate.play(scene.match.again(swap), replace=True)

    def replay_deal(self) -> None:
        """The same deal again, as free play (game/learn/daily.py)."""
        scene = self.scene
        scene.close_runners()
        scene.closed = True
        match = daily.replay_of(scene.match)
        if getattr(scene.match, "puzzle", None) is not None:  # a deal puzzle stays one
            match.puzzle = scene.match.puzzle
        scene.app.navigate.play(match, replace=True)

    # -- keys and buttons ------------------------------------------------------------------------
    def on_key(self, event: pygame.event.Event) -> None:
        scene = self.scene
        ctrl = event.mod & pygame.KMOD_CTRL
        keys = {
            pygame.K_LEFT: lambda: scene.looking.step(-1),
            pygame.K_RIGHT: lambda: scene.looking.step(+1),
            pygame.K_HOME: lambda: scene.looking.go(0),
            pygame.K_END: lambda: scene.looking.go(None),
        }
        with_ctrl = {pygame.K_c: self.copy_position, pygame.K_z: self.undo, pygame.K_y: self.redo}
        alone = {pygame.K_f: self.flip, pygame.K_h: self.hint, pygame.K_a: self.analyse}
        act = (with_ctrl if ctrl else alone).get(event.key) or keys.get(event.key)
        if act is not None:
            act()

    def analyse(self) -> None:
        """The A key: analyse a finished game (one resumed from a save, or
        after the game-over window was closed), as its "Analyse" button does,
        or one going on while looking back (analysis_view.py ``can_start``)."""
        if self.scene.analysis.can_start():
            self.scene.analysis.start()

    def hint_or_analyse(self) -> None:
        """The Hint button, which reads "Analyse" while looking back."""
        if self.scene.looking_at is not None:
            self.analyse()
        else:
            self.hint()

    def on_button(self, element: Any) -> None:
        scene = self.scene
        if scene.dialogs.handle_button(element):
            if not scene.closed:
                scene.refresh()
            return
        actions = {
            "undo": self.undo,
            "redo": self.redo,
            "hint": self.hint_or_analyse,
            "flip": self.flip,
            "draw": self.offer_draw,
            "resign": self.resign,
            "analyse": self.analyse,
            "rematch": self.rematch,
            "new": self.new_game,
            "save": self.open_save,
            "rules": self.open_rules,
            "menu": self.to_menu,
        }
        for key, button in scene.panel.buttons.items():
            if element is button:
                actions[key]()
                break
        else:
            choice = scene.panel.choice_buttons.get(element)
            if choice is None or scene.viewpoint.settling():
                return  # (the rest of a double click on Continue, now under the pointer)
            if choice.action is CONTINUE and scene.viewpoint.holding:
                scene.release_hold()
                return
            seat = scene.seen.actor
            if seat is not None and scene.chooser is None:
                scene.input.clear()
                if choice.ask:
                    ask = widgets.confirm(
                        scene.ui,
                        choice.label,
                        choice.ask,
                        lambda seat=seat, action=choice.action: scene.submit(seat, action),
                        yes=choice.label,
                        no="Cancel",
                    )
                    ask.clock_runs = True  # the mover's own question: their time goes on
                    return
                scene.submit(seat, choice.action)
        if not scene.closed:
            scene.refresh()
