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

HEIGHT = 68
TEXT = (220, 214, 200)
DIM = (140, 146, 154)
BACK = (36, 40, 46)


class TulpaCards(PanelWidget):
    """Display only: picks and guesses are panel buttons."""

    height = HEIGHT

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        rect = self.rect
        state = self.seen.state if self.seen is not None else None
        hands = getattr(state, "hands", None)
        if hands is None:
            return
        pygame.draw.rect(surface, BACK, rect, border_radius=6)
        font = art.ui_font(15)
        seats = state.game.seats
        row_h = (rect.height - 6) // 2
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


def duel_words(event: Any, game: Any) -> str:
    """The card duel turned face up: "White picked Spider, Black guessed
    Archer: no match". A last card is created without a duel: nothing to
    reveal."""
    if event.get("certain"):
        return ""
    mover = event.seat
    verdict = "match, the Tulpa is created" if event["match"] else "no match"
    return (
        f"{game.seats[mover]} picked {_title(event['pick'])}, "
        f"{game.seats[1 - mover]} guessed {_title(event['guess'])}: {verdict}"
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
