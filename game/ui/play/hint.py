"""The Hint button (and the H key): the computer suggests a good action to
the person whose decision it is.

The suggestion comes from the computer at the strongest level people choose,
as the game plays it (game/ai/levels.py ``spec_for``: Chess's Hard is a deep
timed search, not the generic depth 3; or the game's own ``hint_bot`` spec,
where a game sets one),
thinking in a worker process of its own (game/ui/play/bots.py) within the
bot's usual limits, so the window never freezes. It is handed only
``match.state.view(seat)``: a hint gives away nothing the person may not
know. A turn of several decisions gets a hint for the decision at hand.

The hint is shown as the action's path (game/ui/adapters.py ``path_of``):
its squares marked on the board with an arrow, its widget places (a card, a
piece in hand) ringed, or the panel button that makes it ringed; and its
notation in the status line ("Hint: Nf3"). It belongs to one decision seen
by one person: anything played, undone or redone, or another person at the
screen, and it is gone. A hint shown makes the game assisted: its score is
kept apart from the best scores (game/records.py). A game that declares
``hints_against_people = False`` (Golf) gives none to a person playing
against other people.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.ai.levels import STRONGEST, spec_for
from game.match import HINT

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene

log = logging.getLogger(__name__)

HINT_COLOUR = (88, 176, 255)
THINKING = "Hint: thinking…"
NO_HINT = "No hint this time: the computer could not think it through"
# A secret choice the other side would exploit if it were predictable (the
# computer itself picks uniformly there): the hint says so instead, short
# enough for the status's line in the smallest window.
AT_RANDOM = "Hint: choose at random"


def hint_level(game: Any) -> str:
    """The bot spec a hint asks: the game's own ``hint_bot`` if it sets
    one, else the game's own player of the strongest level people choose."""
    own = game.hint_bot
    if isinstance(own, str) and own:
        return own
    return spec_for(game, STRONGEST)


@dataclass(frozen=True)
class Shown:
    """A hint on screen: the action, its notation, and where it is made."""

    seat: int
    action: Any
    text: str
    squares: tuple[int, ...]  # board squares of its path, in order
    places: tuple[int, ...]  # widget places of its path (negative ids)


class Hint:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.level = hint_level(scene.game)
        self.seed: int | None = None  # the worker's random seed (None: any; tests fix it)
        self._for: tuple | None = None  # the decision asked about or shown
        self.thinking = False
        self.shown: Shown | None = None
        self.failed = False
        self.at_random = False  # the decision is one to make at random

    # -- whose decision ----------------------------------------------------------------
    def _decision(self) -> tuple:
        """What a hint belongs to: the step, the choices waiting in a
        simultaneous step, the person looking and the person deciding."""
        scene = self.scene
        m, seen = scene.match, scene.seen
        return (id(m.state), len(m.records), tuple(sorted(m.pending)), seen.viewer, seen.actor)

    def can_ask(self) -> bool:
        """A person is to decide, nobody is thinking, nothing is being
        looked back at, and no hint is already out for this decision."""
        scene = self.scene
        m = scene.match
        if scene.closed or m.is_over() or scene.seen.actor is None:
            return False
        if scene.looking_at is not None or scene.viewpoint.covering:
            return False
        if scene.bots.thinking or any(not m.is_human(s) for s in m.waiting_for()):
            return False
        if not scene.game.hints_against_people and _against_people(m, scene.seen.actor):
            return False
        return not self.thinking and self.shown is None and not self.at_random

    def ask(self) -> None:
        """Start thinking about a hint for the person deciding now."""
        if not self.can_ask():
            return
        scene = self.scene
        seat = scene.seen.actor
        self._for = self._decision()
        if _uniform(scene.seen.state, seat):
            self.at_random = True
            scene.refresh()
            return
        try:
            scene.bots.start_hint(seat, self.level, self.seed)
        except Exception:
            log.exception("could not start a hint")
            self.failed = True
        else:
            self.thinking = True
        scene.refresh()

    # -- keeping up ------------------------------------------------------------------------
    def check(self) -> None:
        """After any change (the scene's refresh): a hint for another
        decision or another person goes."""
        if self._for is not None and self._for != self._decision():
            self.clear()

    def clear(self) -> None:
        if self.thinking:
            self.scene.bots.cancel_hint()
        self.thinking = self.failed = self.at_random = False
        self.shown = None
        self._for = None
        self.scene.board.hint = ()

    def update(self) -> None:
        """Every frame: take the answer when it comes."""
        if not self.thinking:
            return
        bots = self.scene.bots
        action = bots.poll_hint()
        if action is None:
            return
        self.thinking = False
        runner = bots.hint_runner
        if runner is not None and runner.last_error:
            self.failed = True  # its answer is a random one: no hint at all
        else:
            self._show(action)
        self.scene.refresh()

    def _show(self, action: Any) -> None:
        scene = self.scene
        state, seat = scene.seen.state, scene.seen.actor
        try:
            text = state.notation(action)
        except Exception:
            text = str(action)
        try:
            path = scene.adapter.path_of(state, seat, action)
        except Exception:
            log.exception("the hint's path")
            path = None
        path = tuple(path or ())
        squares = tuple(p for p in path if p >= 0)
        places = tuple(p for p in path if p < 0)
        self.shown = Shown(seat, action, text, squares, places)
        scene.match.assists.add(HINT)  # an assisted game: kept apart from the best scores
        scene.board.hint = squares if scene.looking_at is None else ()

    def active(self) -> bool:
        """Frames are needed while a hint is being thought about."""
        return self.thinking

    # -- showing ----------------------------------------------------------------------------
    def status(self) -> str:
        """The hint's line in the status box ("" for none)."""
        if self.thinking:
            return THINKING
        if self.failed:
            return NO_HINT
        if self.at_random:
            return AT_RANDOM
        if self.shown is not None:
            return f"Hint: {self.shown.text}"
        return ""

    def draw(self, surface: pygame.Surface) -> None:
        """Ring the hint's widget places and the panel button that makes it
        (the board draws its squares itself)."""
        shown = self.shown
        if shown is None or self.scene.viewpoint.covering or self.scene.looking_at is not None:
            return
        rects = []
        view = self.scene.panel.widget_view  # a place scrolled out of sight is not ringed
        for widget in self.scene.widgets:
            for place in shown.places:
                rect = widget.place_rect(place)
                if rect is not None and view.contains(rect):
                    rects.append(rect)
        for button, choice in self.scene.panel.choice_buttons.items():
            if choice.action == shown.action and button.visible:
                rects.append(button.rect.inflate(6, 6))
        for rect in rects:
            pygame.draw.rect(surface, HINT_COLOUR, rect, 3, border_radius=8)


def _against_people(match: Any, seat: int) -> bool:
    """Does another person play against ``seat`` (a seat in play, not of its team)?"""
    team = match.game.team_of(seat)
    in_play = match.game.seats_in_play(match.options)
    return any(match.is_human(s) for s in in_play if s not in team)


def _uniform(state: Any, seat: int) -> bool:
    try:
        return bool(state.uniform_decision(seat))
    except Exception:
        return False
