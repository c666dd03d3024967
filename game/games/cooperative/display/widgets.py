"""Cooperative Chess's side-panel widgets: the running score with the kinds
of piece still on the board, the face-up line, and one row with your hand and
the piles (draw, discard, out of the game), built on the generic card
widgets (game/ui/card_widgets.py), with the cards of each step flying where
they go (motion.py): played, turned up, discarded, recycled, brought back.

The line is drawn left to right from the draw pile's end; in the card step
its end is a gap to drop a card on, and when a promoted piece's card is to
be placed, narrow gaps stand between the cards.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Event
from game.engine.chess.tables import KIND_NAMES
from game.games.cooperative.display.motion import Flight, Motions
from game.ui import art
from game.ui import cards as ui_cards
from game.ui.card_widgets import TITLE_H, CardHand, CardLine, CardSlot, Pile, pile_label
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import ACCENT, CARD_BG, TEXT, TEXT_DIM

GONE = (96, 178, 110)
GAP_SHARE = 0.45  # a gap's width, as a share of a card's
SECONDS = {"play": 0.35, "draw": 0.4, "discard": 0.35, "recycle": 0.8, "place": 0.45}
BONUS = 10


def window_height() -> int:
    surface = pygame.display.get_surface() if pygame.display.get_init() else None
    return surface.get_height() if surface is not None else 800


def fitted(tall: int, short: int) -> int:
    """A widget's height: ``tall`` in a window 800 high or more, shrinking
    to ``short`` at 560."""
    share = min(1.0, max(0.0, (window_height() - 560) / 240))
    return round(short + (tall - short) * share)


class ScoreBoard(PanelWidget):
    """The score so far and each kind of piece still on the board (both
    colours together); a kind gone is ticked green: ten points when a king
    falls."""

    @property
    def height(self) -> int:  # type: ignore[override]
        return fitted(54, 36)

    def draw(self, surface: pygame.Surface, paths: Any = None) -> None:
        state = self.seen.state if self.seen is not None else None
        if state is None:
            return
        rect = self.rect
        pygame.draw.rect(surface, CARD_BG, rect, border_radius=6)
        font = art.ui_font(14)
        bold = art.ui_font(14, "bold")
        gone = [k for k in state.kinds_gone() if k != "king"]
        captured = len(state.captured)
        result = state.result()
        best = self.best_words()  # beside the score, before the bonus note
        best_words = [(f"  ·  {best}", font, TEXT_DIM)] if best else []
        if result is not None:
            words = [(result.verdict, bold, ACCENT), *best_words]
        else:
            words = [(f"Captured {captured}", bold, TEXT), *best_words]
            if gone:
                bonus = f"  ·  +{BONUS * len(gone)} when a king falls"
                words.append((bonus, font, TEXT_DIM))
            else:
                words.append(("  ·  clear a kind: +10 with a king", font, TEXT_DIM))
        x, y = rect.x + 8, rect.y + 4
        for text, f, colour in words:
            image = f.render(text, True, colour)
            if x + image.get_width() > rect.right - 6:
                break
            surface.blit(image, (x, y))
            x += image.get_width()
        # The icons' row under the words, else as low as a 14 px icon fits:
        # in the short board (36 px) the counts fell under the widget's edge.
        row = min(rect.y + 4 + font.get_linesize() + 2, rect.bottom - 16)
        size = max(14, min(26, rect.bottom - row - 4))
        step = (rect.w - 16) // 6
        for i, kind in enumerate(KIND_NAMES):
            left = bin(state.bb[i]).count("1")
            cx = rect.x + 8 + i * step
            icon = art.piece_surface(0, kind, size)
            if not left:
                icon = icon.copy()
                icon.set_alpha(70)
            surface.blit(icon, (cx, row))
            gone_word = "gone" if step - size - 4 >= font.size("gone")[0] else "×0"
            label = gone_word if not left else f"×{left}"
            colour = GONE if not left and kind != "king" else TEXT
            small = font if step >= 50 else art.ui_font(12)
            text = small.render(label, True, colour)
            surface.blit(text, (cx + size + 1, row + (size - text.get_height()) // 2))


def slot_rects(slots: list[CardSlot], area: pygame.Rect) -> list[pygame.Rect]:
    """Cards and narrow gaps left to right, overlapping evenly when long."""
    if not slots:
        return []
    width = min(area.width, int(area.height / ui_cards.RATIO))
    while width > 1 and ui_cards.card_height(width) > area.height:
        width -= 1
    widths = [max(4, round(width * GAP_SHARE)) if s.gap else width for s in slots]
    space = max(1, round(width * ui_cards.GAP))
    natural = sum(widths) + space * (len(slots) - 1)
    height = ui_cards.card_height(width)
    top = area.y + (area.height - height) // 2
    out = []
    if natural <= area.width:
        x = area.x
        for w in widths:
            out.append(pygame.Rect(x, top, w, height))
            x += w + space
        return out
    # Too long: each slot advances less than its width, the last ends at the edge.
    advance = sum(widths[:-1])
    scale = (area.width - widths[-1]) / advance if advance else 1.0
    x = float(area.x)
    for w in widths:
        out.append(pygame.Rect(round(x), top, w, height))
        x += w * scale
    return out


def card_news(events: list[Event]) -> tuple:
    """What the step's events did to the line's cards, in order: ("play",
    card), ("draw", card) onto the line, ("discard", card, index), ("place",
    card, index), ("recycle", cards, start). A card drawn into a hand flies
    nowhere."""
    news: list[tuple] = []
    for e in events:
        if e.kind == "card_play":
            news.append(("play", e["card"]))
        elif e.kind == "card_draw" and e.get("to") == "line":
            news.append(("draw", e["card"]))
        elif e.kind in ("card_discard", "card_place"):
            news.append((e.kind.removeprefix("card_"), e["card"], e["index"]))
        elif e.kind == "recycle":
            news.append(("recycle", e["cards"], e["start"]))
    return tuple(news)


LINE_SHORT = "Face-up line (played on the right)"


class CoopLine(CardLine):
    """The face-up line, with the cards of each step flying in and out."""

    def __init__(self, adapter: Any, motions: Motions) -> None:
        super().__init__(adapter, "Face-up line (cards are played on the right)")
        self.motions = motions
        self.hand: HandAndPiles | None = None
        self._step: int | None = None
        self._next = False  # the last refresh came one step on: its events fly
        self._pending: tuple = ()

    @property
    def height(self) -> int:  # type: ignore[override]
        return fitted(100, 58)

    def refresh(self, seen: Any) -> None:
        super().refresh(seen)
        if seen.step != self._step:
            self._next = self._step is not None and seen.step == self._step + 1
            if not self._next:  # a jump (undo, a redo of several steps): no flights
                self._pending = ()
                self.motions.clear()
            self._step = seen.step

    def on_events(self, events: list[Event]) -> None:
        news = card_news(events) if self._next else ()
        self._next = False
        if news:
            self._pending = news  # they fly from the next frame drawn
        else:
            self._pending = ()
            self.motions.clear()

    def _layout(self, paths: Any) -> list[pygame.Rect]:
        return slot_rects(self.slots, self._cards_area())

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        font = art.ui_font(13)
        # The whole title where it fits (at 800 x 560 it ran past the edge).
        words = next(
            (t for t in (self.title, LINE_SHORT) if font.size(t)[0] <= self.rect.w - 16),
            "Face-up line",
        )
        label = font.render(words, True, TEXT if self.slots else TEXT_DIM)
        surface.blit(label, (self.rect.x + 8, self.rect.y + 2))
        self._rects = self._layout(paths)
        if self._pending:
            self._fly(self._pending)
            self._pending = ()
        path = tuple(paths.path) if paths is not None else ()
        targets = paths.targets if paths is not None else set()
        for slot, rect in zip(self.slots, self._rects, strict=True):
            if slot.gap:
                _outline(surface, rect, slot.place in targets or slot.place in path)
                continue
            if slot.card is not None and self.motions.arriving(slot.card, rect):
                continue  # still on its way here
            surface.blit(ui_cards.card_surface(slot.card, rect.width), rect)
            if slot.place is not None and slot.place in targets:
                _ring(surface, rect, ui_cards.HIGHLIGHT)
        if not self.slots:
            empty = art.ui_font(13).render("empty", True, TEXT_DIM)
            surface.blit(empty, empty.get_rect(center=self._cards_area().center))

    # -- the step's cards in flight ----------------------------------------------------
    def _card_rects(self) -> list[pygame.Rect]:
        return [r for s, r in zip(self.slots, self._rects, strict=True) if not s.gap]

    def _where(self, n: int, index: int) -> pygame.Rect:
        """Where card ``index`` stood in a line of ``n`` cards."""
        rects = ui_cards.line_rects(max(1, n), self._cards_area())
        return rects[min(max(0, index), len(rects) - 1)]

    def _pile(self, which: int) -> pygame.Rect:
        areas = self.hand.pile_areas if self.hand is not None else []
        if len(areas) > which:
            return ui_cards.pile_slot(areas[which])
        return self._where(1, 0)

    def _hand_rect(self) -> pygame.Rect:
        hand = self.hand
        if hand is not None and hand._rects:
            r = self._where(1, 0).copy()
            r.center = hand._cards_area().center
            return r
        return self._pile(0)

    def _fly(self, news: tuple) -> None:
        cards = [s.card for s in self.slots if not s.gap]
        rects = self._card_rects()
        n = len(cards)
        delay = 0.0
        for item in news:
            kind = item[0]
            seconds = SECONDS.get(kind, 0.4)
            if kind in ("play", "draw"):
                card = item[1]
                end = rects[-1] if cards and cards[-1] == card else self._where(n + 1, n)
                start = self._hand_rect() if kind == "play" else self._pile(0)
                flip = "up" if kind == "draw" else ""
                self.motions.add(Flight(card, start, end, delay, seconds, flip=flip))
            elif kind == "discard":
                _, card, index = item
                start = self._where(n + 1, index)
                self.motions.add(Flight(card, start, self._pile(1), delay, seconds))
            elif kind == "place":
                _, card, index = item
                end = rects[index] if index < n and cards[index] == card else self._where(n, index)
                self.motions.add(Flight(card, self._pile(1), end, delay, seconds))
            elif kind == "recycle":
                _, group, start_at = item
                draw_pile, out = self._pile(0), self._pile(2)
                for i, card in enumerate(group):
                    begin = self._where(n + len(group), start_at + i)
                    aside = i == len(group) // 2  # which one goes is unseen: any back
                    self.motions.add(
                        Flight(
                            card,
                            begin,
                            out if aside else draw_pile,
                            delay + 0.05 * i,
                            seconds,
                            flip="down",
                            fade=aside,
                            lift=0.35,
                        )
                    )
            delay += seconds


class HandAndPiles(CardHand):
    """One row: your hand on the left (two players; click a card or drag it
    onto the line), the piles on the right: the draw pile with its count,
    the discard pile with its top card, and the cards out of the game. It is
    drawn last, so it also draws the cards in flight over the whole panel."""

    HAND_SHARE = 0.36  # of the width, for two cards
    HANDS_SHARE = 0.6  # no seat (a rule sheet's diagram): both hands

    def __init__(self, adapter: Any, motions: Motions) -> None:
        super().__init__(adapter, "Your hand")
        self.motions = motions
        self.piles: list[Pile] = []
        self.pile_areas: list[pygame.Rect] = []
        self.hands: list[tuple[str, list[Any]]] = []  # each player's, when no seat

    @property
    def height(self) -> int:  # type: ignore[override]
        return fitted(104, 56)

    def refresh(self, seen: Any) -> None:
        super().refresh(seen)
        seat = seen.actor if seen.actor is not None else seen.viewer
        self.piles = list(self.adapter.piles(seen.state, seat))
        state = seen.state
        # A reader who is no seat sees everything: both players' hands.
        self.hands = []
        if seat is None and not getattr(state, "solo", True):
            self.hands = [
                (f"{name}'s hand", list(state.cards.cards(state.hand_of(s))))
                for s, name in enumerate(state.game.seats)
            ]

    def _split(self) -> int:
        """Where the piles begin (no hand: the whole row is theirs)."""
        if self.hands:
            return self.rect.x + round(self.rect.w * self.HANDS_SHARE)
        if not self.slots and getattr(self.seen.state, "solo", True):
            return self.rect.x
        return self.rect.x + round(self.rect.w * self.HAND_SHARE)

    def _draw_hands(self, surface: pygame.Surface, split: int) -> None:
        """Both players' hands side by side, each under its name."""
        font = art.ui_font(13)
        width = (split - self.rect.x - 6) // len(self.hands)
        for i, (title, cards) in enumerate(self.hands):
            left = self.rect.x + 6 + i * width
            if font.size(title)[0] > width - 8:  # a narrow panel: the name alone
                title = title.partition("'")[0]
            label = font.render(title, True, TEXT if cards else TEXT_DIM)
            surface.blit(label, (left + 2, self.rect.y + 2))
            area = pygame.Rect(left, self.rect.y + TITLE_H, width - 6, self.rect.h - TITLE_H - 4)
            for card, rect in zip(cards, ui_cards.hand_rects(len(cards), area), strict=True):
                surface.blit(ui_cards.card_surface(card, rect.width), rect)

    def _cards_area(self) -> pygame.Rect:
        right = self._split()
        return pygame.Rect(
            self.rect.x + 6,
            self.rect.y + TITLE_H,
            right - self.rect.x - 10,
            self.rect.h - TITLE_H - 4,
        )

    def update(self, dt: float) -> None:
        self.motions.update(dt)

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        split = self._split()
        if self.hands:
            pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
            self._rects = []
            self._draw_hands(surface, split)
        elif split > self.rect.x:
            super().draw(surface, paths)  # the background, the title and the hand
        else:
            pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
            self._rects = []
        n = max(1, len(self.piles))
        width = (self.rect.right - split - 4) // n
        self.pile_areas = []
        for i, pile in enumerate(self.piles):
            area = pygame.Rect(split + i * width, self.rect.y + 4, width, self.rect.h - 24)
            self.pile_areas.append(area)
            ui_cards.draw_pile(surface, area, pile.count, pile.top)
            label = pile_label(pile.label, area.w)
            surface.blit(label, label.get_rect(midtop=(area.centerx, area.bottom + 2)))
        self.motions.draw(surface)


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    pygame.draw.rect(
        surface, colour, rect, max(2, rect.width // 16), border_radius=max(2, rect.width // 14)
    )


def _outline(surface: pygame.Surface, rect: pygame.Rect, marked: bool) -> None:
    colour = ui_cards.HIGHLIGHT if marked else (110, 118, 128)
    pygame.draw.rect(surface, colour, rect, 2, border_radius=max(2, rect.width // 6))
