"""Two Move Chess on screen: a card panel and the adapter.

The panel shows, for each side, the cards in hand and the cards face up;
then this turn's revealed cards in playing order, the cancelled ones
crossed out, the card being played ringed with its moves left. Choosing
is clicking two of your cards (in either order), or White's two opening
face-up cards. Chess moves are made on the board, where the pieces the
current card may move are marked as usual.

Card places: ``-20 - i`` for the card kind ``CARD_KINDS[i]`` of the person
deciding.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.cards import Card
from game.games.two_move.actions import CARD_KINDS, Choose, FaceUp, letters
from game.ui import art
from game.ui import cards as ui_cards
from game.ui.adapters import MoveAdapter, Path
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM

BASE = -20
CROSS = (200, 60, 50)


def place_of(kind: str) -> int:
    return BASE - CARD_KINDS.index(kind)


def kind_of_place(place: int) -> str | None:
    i = BASE - place
    return CARD_KINDS[i] if 0 <= i < len(CARD_KINDS) else None


class TwoMoveCards(PanelWidget):
    """Both sides' hands and face-up cards, and this turn's cards."""

    height = 208
    least_height = 140  # smaller cards rather than words cut by a short view

    def __init__(self) -> None:
        super().__init__()

    def _me(self) -> int:
        seen = self.seen
        seat = seen.actor if seen.actor is not None else seen.viewer
        return 0 if seat is None else seat

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        state = self.shown("face_up")
        if state is None:
            return
        font = art.ui_font(13)
        me = self._me()
        row_h = (self.rect.h - 8) // 3
        # The five cards of a side and "face up:" in one row of the widget's
        # width ("none face up" ran past its edge at 800 x 560).
        across = self.rect.w - 16 - 20 - font.size("face up:")[0] - 4 * (len(CARD_KINDS) - 1)
        width = max(18, min(40, int((row_h - 18) / ui_cards.RATIO), across // len(CARD_KINDS)))
        self.rects = {}
        path = tuple(paths.path) if paths is not None else ()
        targets = paths.targets if paths is not None else set()
        picking = paths is not None and not path
        sides = (me, 1 - me)
        for row, side in enumerate(sides):
            y = self.rect.y + 4 + row * row_h
            who = "Your cards" if self.seen.viewer == side or row == 0 else "Their cards"
            name = state.game.sides[side]
            up = state.face_up[side]
            title = f"{who} ({name})" + ("" if up else ", none face up")
            surface.blit(font.render(title, True, TEXT), (self.rect.x + 8, y))
            hand = [k for k in CARD_KINDS if k not in up]
            x = self.rect.x + 8
            cy = y + 16
            hand_label = font.render("hand", True, TEXT_DIM)
            for kind in hand:
                rect = pygame.Rect(x, cy, width, ui_cards.card_height(width))
                surface.blit(ui_cards.card_surface(Card(side, kind), width), rect)
                if row == 0:
                    place = place_of(kind)
                    self.rects[place] = rect
                    if place in path:
                        _ring(surface, rect, ui_cards.SELECTED)
                    elif place in targets or (picking and paths.can_pick(place)):
                        _ring(surface, rect, ui_cards.HIGHLIGHT)
                x += width + 4
            if not hand:
                surface.blit(hand_label, (x, cy + 4))
                x += hand_label.get_width()
            x += 14
            if not up:
                continue
            label = font.render("face up:", True, TEXT_DIM)
            surface.blit(label, (x, cy + 4))
            x += label.get_width() + 6
            for kind in up:
                rect = pygame.Rect(x, cy, width, ui_cards.card_height(width))
                surface.blit(ui_cards.card_surface(Card(side, kind), width), rect)
                x += width + 4
        self._draw_turn(surface, state, font, self.rect.y + 4 + 2 * row_h, width)

    def _draw_turn(self, surface, state, font, y: int, width: int) -> None:
        revealed = state.revealed
        title = "This turn's cards" if state.phase == "move" else "Last turn's cards"
        if state.phase == "open":
            title = "White lays two cards face up first"
        surface.blit(font.render(title, True, TEXT), (self.rect.x + 8, y))
        if not revealed or state.phase == "open":
            return
        cancelled = set(revealed[0]) & set(revealed[1])
        cards = sorted(
            [(s, k) for s in (0, 1) for k in revealed[s]],
            key=lambda c: (CARD_KINDS.index(c[1]), c[0]),
        )
        current = state.queue[0] if state.phase == "move" and state.queue else None
        waiting = {(s, k): n for s, k, n in state.queue} if state.phase == "move" else {}
        x = self.rect.x + 8
        cy = y + 16
        for side, kind in cards:
            rect = pygame.Rect(x, cy, width, ui_cards.card_height(width))
            surface.blit(ui_cards.card_surface(Card(side, kind), width), rect)
            if kind in cancelled:
                pygame.draw.line(surface, CROSS, rect.topleft, rect.bottomright, 3)
                pygame.draw.line(surface, CROSS, rect.topright, rect.bottomleft, 3)
            elif current is not None and (side, kind) == current[:2]:
                _ring(surface, rect, ui_cards.HIGHLIGHT)
            elif state.phase == "move" and (side, kind) not in waiting:
                shade = pygame.Surface(rect.size, pygame.SRCALPHA)
                shade.fill((20, 22, 26, 150))  # played already
                surface.blit(shade, rect)
            left = waiting.get((side, kind))
            if left is not None and (len(cancelled) == 1 or left > 1):
                tag = font.render(f"x{left}", True, TEXT)
                # under the card, or over its foot where the panel ends
                top = min(rect.bottom + 1, self.rect.bottom - tag.get_height())
                surface.blit(tag, (rect.centerx - tag.get_width() // 2, top))
            x += width + 6

    def place_image(self, place: int, size: int) -> pygame.Surface | None:
        kind = kind_of_place(place)
        if kind is None:
            return None
        return ui_cards.card_surface(Card(self._me(), kind), max(24, int(size * 0.8)))


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), 3, border_radius=4)


MOVABLE = (236, 196, 52)  # the pieces the current card may move


def _cards_shown(event: Any, game: Any) -> str:
    """The turn's cards turned up: "Cards: White NB, Black BR (B cancelled)"."""
    white, black = game.sides
    text = f"Cards: {white} {letters(event['white'])}, {black} {letters(event['black'])}"
    if event["cancelled"]:
        text += f" ({letters(event['cancelled'])} cancelled)"
    return text


class TwoMoveAdapter(MoveAdapter):
    hint_markers = frozenset({"card-movable"})
    sounds = (("reveal", "card"),)
    reveals = {"reveal": _cards_shown}

    def markers(self, state: State) -> dict[int, list[str]]:
        """The pieces the card being played may move, ringed."""
        if getattr(state, "phase", None) != "move" or state.is_over():
            return {}
        return {sq: ["card-movable"] for sq in {m.frm for m in state.card_moves()}}

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name != "card-movable":
            return False
        width = max(2, rect.width // 22)
        pygame.draw.rect(surface, MOVABLE, rect.inflate(-width, -width), width, border_radius=6)
        return True

    def make_widgets(self) -> list[Any]:
        return [TwoMoveCards()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Choose | FaceUp):
            return (place_of(action.first), place_of(action.second))
        return super().path_of(state, seat, action)

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        if isinstance(action, Choose | FaceUp):
            return [(place_of(action.second), place_of(action.first))]
        return super().alias_paths(state, seat, action)


ADAPTER = TwoMoveAdapter()
