"""Who is looking at the screen, worked out in one place, and the privacy
screen that covers the whole window between two people.

The play scene draws everything (board, prompt, move list, hand, widgets,
panel buttons) from one ``Seen``: the viewer's seat and that seat's
``view()`` of the state. The viewer is:

- nobody in particular (None: everything is shown) when the game is over,
  when the game keeps no secrets between people (``Game.private_views`` is
  False), or when no person plays;
- the only person at the table, when one person plays against the computer;
- with two or more people, the person the privacy screen last handed the
  screen to. When the next person to decide is someone else, the screen is
  covered ("Pass to Black") until that person clicks. When several people
  choose at once, the one at the screen chooses first (no handover for it);
  otherwise the screen goes last to the one who acts after the choice
  (``State.acts_after_choice``), so even the game's first duel costs one
  handover.

A public reveal (a step whose event the game's adapter declares in its
``reveals``: bids, cards played together) is *held*: it stays on screen,
unscreened, until someone presses Continue; only then may the privacy
screen rise (``hold`` and ``release``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

import pygame

from game.engine import Game, Seat, State
from game.ui import art


class _Continue:
    """The action of the Continue button under a held reveal (no game's)."""

    def __repr__(self) -> str:
        return "Continue"


CONTINUE = _Continue()

# Seconds after the screen changes under the pointer (a privacy screen
# rising, a held reveal let go) during which clicks are taken for the rest
# of a fast double click and do nothing: they must not hand the screen over,
# choose the button now under the pointer, or look back (pygame_gui's
# double-click time). Keys act at once.
CLICK_GRACE = 0.5


@dataclass(frozen=True)
class Seen:
    """What the screen may show now: ``state`` is ``view(viewer)`` (the full
    state when ``viewer`` is None); ``actor`` is the person whose decision
    the board and the panel take now (None while covered, or when nobody
    present is to decide); ``names`` the names typed for the seats ("" for
    none), which everyone at the table knows; ``step`` the steps played."""

    game: Game
    state: State
    viewer: Seat | None
    actor: Seat | None
    names: tuple[str, ...] = ()
    step: int = 0


class Viewpoint:
    def __init__(self, match: Any) -> None:
        self.match = match
        self.shown: Seat | None = None  # the person the screen was last handed to
        self.covering = False
        self.waiting_for: Seat | None = None  # the person the cover waits for
        self._pressed = False  # a left button went down while covering
        self._quiet_until = float("-inf")  # see CLICK_GRACE
        self.holding: tuple[str, ...] = ()  # the words of a public reveal held in sight
        self._cache: tuple[tuple, Seen] | None = None
        self.check()

    # -- who ----------------------------------------------------------------------------
    def humans(self) -> list[Seat]:
        """The people at the table (seats a mode leaves out do not count)."""
        m = self.match
        in_play = m.game.seats_in_play(m.options)
        return [s for s in range(len(m.players)) if m.is_human(s) and s in in_play]

    def private(self) -> bool:
        """Do people at this screen need screens between them?"""
        return self.match.game.private_views and len(self.humans()) >= 2

    def _waiting(self) -> list[Seat]:
        """The people still to choose, the one who acts after the choice
        last (the mover decides once the others have chosen)."""
        m = self.match
        last = m.state.acts_after_choice()
        waiting = [s for s in m.waiting_for() if m.is_human(s)]
        return sorted(waiting, key=lambda s: s == last)

    def check(self) -> bool:
        """After every step: cover the screen if the next person to decide is
        not the one it was handed to. Returns ``covering``."""
        m = self.match
        if not self.private() or m.is_over() or self.holding:
            self.covering = False
            return False
        waiting = self._waiting()
        if self.shown in waiting:  # the person at the screen chooses first
            self.covering = False
        elif waiting:
            if not self.covering:
                self._pressed = False
                self._settle()
            self.covering, self.waiting_for = True, waiting[0]
        return self.covering

    def hold(self, words: tuple[str, ...]) -> bool:
        """Keep a public reveal in sight before any privacy screen (people
        at one screen only: one person sees it as it lands). True if held."""
        if not words or not self.private() or self.match.is_over():
            return False
        self.holding, self.covering = tuple(words), False
        return True

    def release(self) -> None:
        """Continue: the reveal has been seen; the privacy screen may rise."""
        self.holding = ()
        self._settle()
        self.check()

    def _settle(self) -> None:
        self._quiet_until = time.monotonic() + CLICK_GRACE

    def settling(self) -> bool:
        """Whether a click now is the rest of a double click on what was
        there a moment ago (CLICK_GRACE)."""
        return time.monotonic() < self._quiet_until

    def reveal(self) -> None:
        self._pressed = False
        if self.covering:
            self.shown, self.covering = self.waiting_for, False

    @property
    def viewer(self) -> Seat | None:
        m = self.match
        if m.is_over() or not m.game.private_views:
            return None
        humans = self.humans()
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        return self.shown

    @property
    def actor(self) -> Seat | None:
        """The person whose decision the board takes now."""
        m = self.match
        if m.is_over() or self.covering or self.holding:
            return None
        waiting = self._waiting()
        if self.shown in waiting:
            return self.shown
        return waiting[0] if waiting else None

    def seen(self) -> Seen:
        """The state as the viewer may see it (made once per step)."""
        m = self.match
        viewer = self.viewer
        key = (id(m.state), len(m.records), tuple(m.pending), viewer, self.covering, self.holding)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        state = m.state if viewer is None else m.state.view(viewer)
        seen = Seen(m.game, state, viewer, self.actor, tuple(m.names), len(m.records))
        self._cache = (key, seen)
        return seen

    # -- the cover -------------------------------------------------------------------------
    def handle(self, event: pygame.event.Event) -> bool:
        """While covering, a click anywhere (or Enter or Space) hands the
        screen over; every other input is swallowed. True if used. The click
        must begin on the cover: the release of the click that made the last
        choice (a choice made on the press) does not hand the screen over."""
        if not self.covering:
            self._pressed = False
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1:
            self._pressed = True
        elif event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 1) == 1:
            if self._pressed and not self.settling():
                self.reveal()
            self._pressed = False
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_SPACE):
            self.reveal()
        return True

    def cover_words(self) -> tuple[str, str]:
        """What the cover says: "Pass to Ann" and who that is, "Ann (White
        queen side)" ("Pass to White" and "White" when nobody gave a name)."""
        seat = self.waiting_for
        if seat is None:
            return "Pass to", ""
        m = self.match
        return f"Pass to {m.name(seat) or m.game.seats[seat]}", m.seat_name(seat)

    def draw_cover(self, surface: pygame.Surface) -> None:
        """The whole window, so nothing of the last person's view shows."""
        rect = surface.get_rect()
        surface.fill((22, 25, 31))
        title, who = self.cover_words()
        card = pygame.Rect(0, 0, min(560, rect.w - 40), min(220, rect.h - 40))
        card.center = rect.center
        pygame.draw.rect(surface, (40, 46, 56), card, border_radius=14)
        pygame.draw.rect(surface, (217, 164, 90), card, 2, border_radius=14)
        big = art.ui_font(max(22, card.h // 6), "bold")
        small = art.ui_font(max(14, card.h // 14))
        if big.size(title)[0] > card.w - 32:
            big = art.ui_font(max(16, card.h // 9), "bold")
        ready = f"{who}: click or press Enter when you are ready."
        if small.size(ready)[0] > card.w - 32:  # a long name: who on a line of its own
            texts = [who, "Click or press Enter when you are ready."]
        else:
            texts = [ready]
        colours = [(190, 196, 204)] * len(texts) + [(154, 165, 177)]
        texts.append("Everyone else, please look away.")
        image = big.render(title, True, (236, 229, 216))
        lines = [small.render(t, True, c) for t, c in zip(texts, colours, strict=True)]
        heading = small.render(self.match.game.title, True, (154, 165, 177))
        surface.blit(heading, heading.get_rect(midbottom=(card.centerx, card.y - 14)))
        hint = small.render("Esc: menu", True, (110, 118, 128))
        surface.blit(hint, hint.get_rect(midtop=(card.centerx, card.bottom + 14)))
        y = card.centery - (image.get_height() + sum(i.get_height() + 6 for i in lines)) // 2
        surface.blit(image, image.get_rect(midtop=(card.centerx, y)))
        y += image.get_height() + 12
        for line in lines:
            surface.blit(line, line.get_rect(midtop=(card.centerx, y)))
            y += line.get_height() + 6
