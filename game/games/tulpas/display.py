"""Tulpas on screen: the Maces adapter plus the Tulpa cards widget, which
shows which Tulpas each side has still to create, and the Tulpas' own
animations (the Ox's strike, the Archer's arrow, a Tulpa appearing).
"""

from __future__ import annotations

from typing import Any

import pygame

from game.games.maces.display import MacesAdapter
from game.games.maces.rules import TULPAS
from game.ui import art
from game.ui.animation import appear, arrow, strike
from game.ui.panel_widgets import PanelWidget

HEIGHT = 104  # the two hands and the last card duel
TEXT = (220, 214, 200)
DIM = (140, 146, 154)
BACK = (36, 40, 46)
MATCH = (120, 200, 130)
MISS = (214, 120, 100)


class TulpaCards(PanelWidget):
    """Display only: picks and guesses are panel buttons. Under the hands,
    the card duel just played, both cards face up (the mover's pick and the
    opponent's guess) with its verdict, bright while its step is the last
    played, dimmed after (until the next duel, or an undo past it): the
    duel's ``reveal`` event, public, is all it is drawn from."""

    height = HEIGHT

    def __init__(self) -> None:
        super().__init__()
        self.duel: tuple[int, Any] | None = None  # (the step it ended, its event)

    def on_events(self, events: list[Any]) -> None:
        for event in events:
            if event.kind == "reveal" and not event.get("certain") and event.audience is None:
                self.duel = (self.seen.step if self.seen is not None else -1, event)

    def shown_duel(self) -> tuple[Any, bool]:
        """The last duel's event (None: none, or undone) and whether its
        step is the last one played."""
        if self.duel is None or self.seen is None or self.duel[0] > self.seen.step:
            return None, False
        return self.duel[1], self.duel[0] == self.seen.step

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        rect = self.rect
        state = self.seen.state if self.seen is not None else None
        hands = getattr(state, "hands", None)
        if hands is None:
            return
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = art.ui_font(15)
        seats = state.game.seats
        row_h = (rect.height - 6) // 3
        icon = max(12, row_h - 4)
        for seat in (0, 1):
            y = rect.y + 3 + seat * row_h
            label = font.render(f"{seats[seat]} Tulpas:", True, TEXT)
            surface.blit(label, (rect.x + 8, y + (row_h - label.get_height()) // 2))
            x = rect.x + 16 + label.get_width()
            hand = hands[seat]
            for kind in TULPAS:
                img = art.piece_surface(seat, kind, icon)
                if kind not in hand:
                    img = img.copy()
                    img.set_alpha(60)  # created (or being placed)
                surface.blit(img, (x, y + 2))
                x += icon + 2
            if not hand:
                done = font.render("all created", True, DIM)
                surface.blit(done, (x + 4, y + (row_h - done.get_height()) // 2))
        self._draw_duel(surface, font, rect.y + 3 + 2 * row_h, row_h, icon)

    def _draw_duel(self, surface: pygame.Surface, font: Any, y: int, row_h: int, icon: int) -> None:
        """Both cards face up, the outcome first (a narrow panel cuts the end):
        "no match · picked [Spider] · guessed [Archer]" (the status line
        names who did which)."""
        event, fresh = self.shown_duel()
        if event is None:
            return
        ink = TEXT if fresh else DIM
        mover = event.seat
        x = self.rect.x + 8
        verdict = ("match", MATCH) if event["match"] else ("no match", MISS)
        verdict = verdict if fresh else (verdict[0], DIM)
        text = art.ui_font(15, "bold").render(verdict[0], True, verdict[1])
        surface.blit(text, (x, y + (row_h - text.get_height()) // 2))
        x += text.get_width() + 6
        parts = (
            ("· picked", mover, event["pick"]),
            ("· guessed", mover, event["guess"]),
        )
        for words, side, kind in parts:
            text = font.render(words, True, ink)
            surface.blit(text, (x, y + (row_h - text.get_height()) // 2))
            x += text.get_width() + 4
            surface.blit(art.piece_surface(side, kind, icon), (x, y + 2))
            x += icon + 6


def duel_words(event: Any, game: Any) -> str:
    """The card duel turned face up, its outcome first (what a narrow
    window must not cut): "No match: White picked Spider, Black guessed
    Archer". A last card is created without a duel: nothing to reveal."""
    if event.get("certain"):
        return ""
    mover = event.seat
    verdict = "Match, the Tulpa is created" if event["match"] else "No match"
    return (
        f"{verdict}: {game.seats[mover]} picked {_title(event['pick'])}, "
        f"{game.seats[1 - mover]} guessed {_title(event['guess'])}"
    )


def _title(kind: str) -> str:
    return kind.replace("_", " ").title()


class TulpasAdapter(MacesAdapter):
    animations = {
        **MacesAdapter.animations,
        "strike": strike("ox", "square"),
        "shot": arrow("archer", "square"),
        "place": appear("square"),
    }
    sounds = (
        ("swing", "blow"),
        ("strike", "blow"),
        ("throw", "flight"),
        ("reveal", "card"),
        ("shot", "capture"),
    )
    reveals = {"reveal": duel_words}

    def make_widgets(self) -> list[Any]:
        return [TulpaCards()]


ADAPTER = TulpasAdapter()
