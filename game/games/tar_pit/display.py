"""Tar Pit Chess on screen (see docs/CONTRACT.md, "The game's display").

Click paths:

- a move: (from, to) on the board, as in chess;
- a throw: one click on the neighbouring piece to throw the tar to (the
  squares are marked); "Keep the tar" is a panel button;
- a piece card: (the card in your hand, the piece to add the checker to):
  click the card, then a marked piece, or drag the card onto it; a checker
  card: one click on the card (or drag it anywhere); "No card" is a button;
- after the opponent's checker card of your colour: one click on one of your
  checkers on the board, or the button "From in front"; then a click on the
  card to discard.

Checkers are discs under the pieces, light for White's and dark for
Black's; the side panel shows the viewer's hand, the draw and discard piles
and the other hand with their counts, and the checkers in front of each
player and in their extra piles. A throw flies as an arrow.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.cards import Card
from game.games.tar_pit.actions import Discard, PlayCard, Return, Skip, Throw
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track
from game.ui.card_widgets import CardHand, CardPiles, CardSlot, Pile
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM

HAND = -10  # the first card of the hand; the i-th is HAND - i
CHECKER = ((238, 230, 212), (92, 52, 40))  # White's light, Black's dark
RIM = ((150, 138, 116), (40, 20, 14))
EDGE = ((112, 98, 80), (44, 22, 16))  # a checker's side, seen under its top
OUTLINE = ((70, 60, 48), (168, 120, 96))  # round its top: dark on light, light on dark
SIDES = ("White", "Black")
TARGET = (232, 160, 48)  # the pieces the tar may be thrown to


def hand_place(i: int) -> int:
    return HAND - i


def _throw(b: Any, e: Any) -> None:
    b.step(Track("arrow", None, e["frm"], e["to"]))


class TarPitAdapter(MoveAdapter):
    hint_markers = frozenset({"tar-target"})
    animations = {"throw": _throw}
    sounds = (
        ("throw", "flight"),
        ("cancel", "shimmer"),
        ("freed", "shimmer"),
        ("card_played", "card"),
    )

    def make_widgets(self) -> list[Any]:
        return [Checkers(), CardHand(self, "Your cards"), CardPiles(self)]

    # -- paths ----------------------------------------------------------------------------
    def _places(self, state: Any, seat: Seat, letter: str) -> list[int]:
        cards = state.table.seen(f"hand{seat}", seat)
        return [hand_place(i) for i, c in enumerate(cards) if c is not None and c.letter == letter]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Throw):
            return (action.to,)
        if isinstance(action, Return):
            return (action.square,) if action.square >= 0 else None
        if isinstance(action, Skip):
            return None
        if isinstance(action, PlayCard | Discard):
            places = self._places(state, seat, action.letter)
            if not places:
                return None
            square = getattr(action, "square", -1)
            return (places[0],) if square < 0 else (places[0], square)
        return super().path_of(state, seat, action)

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        if isinstance(action, PlayCard | Discard):
            square = getattr(action, "square", -1)
            places = self._places(state, seat, action.letter)[1:]
            return [(p,) if square < 0 else (p, square) for p in places]
        if isinstance(action, Throw | Return | Skip):
            return []
        return super().alias_paths(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for a in state.legal_actions(seat):
            if isinstance(a, Skip):
                out.append(Choice(a, None, "Keep the tar" if a.part == "throw" else "No card"))
            elif isinstance(a, Return) and a.square < 0:
                out.append(Choice(a, None, "From in front"))
        return out

    # -- the cards ----------------------------------------------------------------------------
    def cards(self, state: State, seat: Seat | None, area: str) -> list[Any]:
        if area != "hand" or seat is None:
            return []
        cards = state.table.seen(f"hand{seat}", seat)
        order = sorted(range(len(cards)), key=lambda i: _order(cards[i]))
        return [CardSlot(hand_place(i), cards[i]) for i in order]

    def piles(self, state: State, seat: Seat | None) -> list[Any]:
        table = state.table
        discard = table.cards("discard")
        out = [
            Pile("Draw pile", table.count("draw")),
            Pile("Discards", len(discard), discard[-1] if discard else None),
        ]
        others = (0, 1) if seat is None else (1 - seat,)
        for side in others:
            out.append(Pile(f"{SIDES[side]}'s hand", table.count(f"hand{side}")))
        return out

    # -- the board ----------------------------------------------------------------------------
    def markers(self, state: State) -> dict[int, list[str]]:
        out = {sq: [f"checker{colour}"] for sq, colour in getattr(state, "extras", {}).items()}
        if getattr(state, "phase", "") == "throw" and not state.is_over():
            for throw in state.throws():
                out.setdefault(throw.to, []).append("tar-target")
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name == "tar-target":
            width = max(2, rect.width // 14)
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.circle(glow, (*TARGET, 60), glow.get_rect().center, rect.width * 0.48)
            surface.blit(glow, rect)
            pygame.draw.rect(surface, TARGET, rect.inflate(-width, -width), width, border_radius=6)
            return True
        if not name.startswith("checker"):
            return False
        draw_checker(surface, rect, int(name[-1]))
        return True


def draw_checker(surface: pygame.Surface, rect: pygame.Rect, colour: int) -> None:
    """A checker lying flat under the piece on ``rect``: a thick disc seen
    from the side, low in the square, its dark edge and shadow showing on
    either square colour. (Not a circle round the piece: that is the ring
    of a square one can click.)"""
    w, h = rect.width * 0.9, rect.height * 0.32
    thick = max(3, rect.height // 12)
    top = pygame.Rect(0, 0, int(w), int(h))
    top.midbottom = (rect.centerx, rect.bottom - rect.height // 16 - thick)
    side = top.move(0, thick)
    shade = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.ellipse(shade, (0, 0, 0, 70), side.move(-rect.x, -rect.y + 2).inflate(6, 4))
    surface.blit(shade, rect)
    pygame.draw.ellipse(surface, EDGE[colour], side)
    pygame.draw.rect(surface, EDGE[colour], (top.x, top.centery, top.w, thick))
    pygame.draw.ellipse(surface, CHECKER[colour], top)
    pygame.draw.ellipse(surface, OUTLINE[colour], top, max(1, thick // 3))


def _order(card: Card | None) -> tuple:
    if card is None:
        return (9, 9, "")
    kinds = ("pawn", "knight", "bishop", "rook", "queen", "king", "checker")
    return (card.side, kinds.index(card.kind), card.letter)


class Checkers(PanelWidget):
    """The checkers in front of each player and in their extra piles."""

    height = 52

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        state = self.shown("front")
        if state is None:
            return
        font = art.ui_font(13)
        room = self.rect.w - 32
        lines = [self._lines(state, side) for side in (0, 1)]
        form = 0 if all(font.size(line[0])[0] <= room for line in lines) else 1
        y = self.rect.y + 5
        for side in (0, 1):
            r = 7
            centre = (self.rect.x + 14, y + 9)
            pygame.draw.circle(surface, RIM[side], centre, r)
            pygame.draw.circle(surface, CHECKER[side], centre, r - 2)
            colour = TEXT if state.turn == side else TEXT_DIM
            surface.blit(font.render(lines[side][form], True, colour), (self.rect.x + 28, y))
            y += 22

    @staticmethod
    def _lines(state: Any, side: int) -> tuple[str, str]:
        """The long and the short way to say it."""
        on_board = sum(c == side for c in state.extras.values())
        front, spare = state.front[side], state.spare[side]
        return (
            f"{SIDES[side]}: {front} in front, {on_board} on the board, {spare} extra",
            f"{SIDES[side]}: front {front}, board {on_board}, extra {spare}",
        )


ADAPTER = TarPitAdapter()
