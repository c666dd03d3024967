"""Cards in flight over the side panel: a card played, turned up, discarded,
recycled or brought back by a promotion flies between the line, the piles
and the hand. The widgets share one ``Motions``; the line widget adds the
flights of a step (from its events), the last widget draws them
over everything else.

A flight eases from one rectangle to another after its ``delay``; it may
turn over on the way (``flip``: the back first, then the face, or the other
way round) and fade out at the end (the card set aside, out of the game).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from game.engine.cards import Card
from game.ui import cards as ui_cards
from game.ui.animation import ease, ease_in_out


@dataclass
class Flight:
    card: Card | None
    start: pygame.Rect
    end: pygame.Rect
    delay: float
    seconds: float
    flip: str = ""  # "up": back to face; "down": face to back
    fade: bool = False  # fades out as it lands (set aside)
    lift: float = 0.0  # rises this much of its height mid-way (a recycled run)
    elapsed: float = 0.0

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.seconds

    def progress(self) -> float:
        if self.seconds <= 0:
            return 1.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.seconds))


class Motions:
    def __init__(self) -> None:
        self.flights: list[Flight] = []

    @property
    def busy(self) -> bool:
        return bool(self.flights)

    def clear(self) -> None:
        self.flights = []

    def add(self, flight: Flight) -> None:
        self.flights.append(flight)

    def update(self, dt: float) -> None:
        for f in self.flights:
            f.elapsed += dt
        self.flights = [f for f in self.flights if not f.done]

    def arriving(self, card: Card, end: pygame.Rect) -> bool:
        """Is a card still on its way to ``end``? (Its slot waits empty.)"""
        return any(f.card == card and f.end == end and not f.done for f in self.flights)

    def draw(self, surface: pygame.Surface) -> None:
        for f in self.flights:
            if not f.started:
                continue
            u = f.progress()
            t = ease_in_out(u) if f.lift else ease(u)
            x = f.start.x + (f.end.x - f.start.x) * t
            y = f.start.y + (f.end.y - f.start.y) * t
            y -= f.lift * f.start.height * math.sin(math.pi * u)
            w = max(8, round(f.start.w + (f.end.w - f.start.w) * t))
            face: Card | None = f.card
            squeeze = 1.0
            if f.flip:
                # Turn over half-way: narrow to an edge and open on the other side.
                showing_face = (u >= 0.5) == (f.flip == "up")
                face = f.card if showing_face else None
                squeeze = max(0.08, abs(math.cos(math.pi * u)))
            image = ui_cards.card_surface(face, w)
            if squeeze < 1.0:
                image = pygame.transform.smoothscale(
                    image, (max(1, round(image.get_width() * squeeze)), image.get_height())
                )
            if f.fade:
                image = image.copy()
                image.set_alpha(round(255 * (1.0 - max(0.0, u - 0.5) * 2)))
            rect = image.get_rect(center=(x + w / 2, y + ui_cards.card_height(w) / 2))
            surface.blit(image, rect)
