"""Cooperative Chess in the play scene (see docs/CONTRACT.md, "Game UI adapters").

Click paths:

- a move or a capture: (from, to) on the board; a pawn reaching its last
  rank opens the chooser among the kinds its promotion may take;
- playing a card (two players): (hand card, the line's open end): click a
  card, then the line (or the card again), or drag it onto the line;
- placing a promoted piece's card: one click on a gap of the line;
- ending the turn: the panel button "End turn".

Markers: the captures the line allows now, for the side to move: the
pieces that may be taken ringed red ("coop-target"; a king in gold,
"coop-king") and the pieces that may take them ringed softly
("coop-attacker").

Widgets (widgets.py): the score with the kinds still on the board, the
face-up line, your hand with the piles (draw, discard, out of the game);
the cards of each step fly where they go (motion.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.pieces import Piece
from game.games.cooperative.actions import EndTurn, PlaceCard, PlayCard
from game.games.cooperative.display import places as P
from game.games.cooperative.display.motion import Motions
from game.games.cooperative.display.widgets import SECONDS, CoopLine, HandAndPiles, ScoreBoard
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track
from game.ui.card_widgets import CardSlot, Pile

MARKS = {
    "coop-target": (226, 74, 60),
    "coop-king": (240, 196, 60),
    "coop-attacker": (120, 190, 255),
}


def wait(seconds: float):
    """A pause on the board while the cards of an event fly in the panel
    (the board keeps the frames coming; nothing on it moves)."""

    def build(b: Any, e: Any) -> None:
        if e.kind == "card_draw" and e.get("to") != "line":
            return  # into a hand: nothing flies
        b.step(Track("slide", None, None, None, seconds=seconds))

    return build


class CoopAdapter(MoveAdapter):
    show_captured = False  # the score widget counts them
    marks_kings_in_danger = False  # no check, no enemy: taking a king scores
    hint_markers = frozenset({"coop-king", "coop-target", "coop-attacker"})
    animations = {
        "card_play": wait(SECONDS["play"]),
        "card_draw": wait(SECONDS["draw"]),
        "card_discard": wait(SECONDS["discard"]),
        "recycle": wait(SECONDS["recycle"]),
        "card_place": wait(SECONDS["place"]),
    }
    sounds = (("recycle", "shimmer"), ("card_place", "card"), ("card_play", "card"))

    def make_widgets(self) -> list[Any]:
        motions = Motions()
        line = CoopLine(self, motions)
        hand = HandAndPiles(self, motions)
        line.hand = hand
        return [ScoreBoard(), line, hand]

    # -- paths ------------------------------------------------------------------------------
    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, PlayCard):
            return (self._hand_place(state, seat, action.card), P.LINE_END)
        if isinstance(action, PlaceCard):
            return (P.gap(action.index),)
        if isinstance(action, EndTurn):
            return None
        return (action.frm, action.to)

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        if isinstance(action, PlayCard):
            place = self._hand_place(state, seat, action.card)
            return [(place,)] + [(place, P.line(i)) for i in range(len(state.line()))]
        if isinstance(action, EndTurn):
            return [(sq,) for sq in next_colour_squares(state)]
        if isinstance(action, PlaceCard):
            return []
        return super().alias_paths(state, seat, action)

    def keeps_selection(self, action: Action) -> bool:
        return isinstance(action, EndTurn)  # the piece clicked is the next colour's first pick

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        return [
            Choice(a, None, "End turn") for a in state.legal_actions(seat) if isinstance(a, EndTurn)
        ]

    def choices(self, state: State, seat: Seat, actions: Sequence[Action]) -> list[Choice]:
        out = []
        side = getattr(state, "turn", 0)
        for a in actions:
            kind = getattr(a, "promotion", None)
            if kind:
                out.append(Choice(a, Piece(side, kind), kind.title()))
            else:
                out.append(Choice(a, None, state.notation(a)))
        return out

    @staticmethod
    def _hand_place(state: Any, seat: Seat, card: Any) -> int:
        hand = list(state.cards.cards(state.hand_of(seat)))
        return P.hand(hand.index(card)) if card in hand else P.HAND

    # -- the cards ----------------------------------------------------------------------------
    def cards(self, state: State, seat: Seat | None, area: str) -> list[Any]:
        if area == "hand":
            if seat is None or getattr(state, "solo", True):
                return []
            hand = state.cards.seen(state.hand_of(seat), seat)
            return [CardSlot(P.hand(i), card) for i, card in enumerate(hand)]
        line = list(state.line())
        phase = getattr(state, "phase", "")
        if phase == "place" and not state.is_over():
            gaps = set(state_placements(state))
            out = []
            for i, card in enumerate(line):
                if i in gaps:
                    out.append(CardSlot(P.gap(i), gap=True))
                out.append(CardSlot(None, card))
            if len(line) in gaps:
                out.append(CardSlot(P.gap(len(line)), gap=True))
            return out
        if phase == "card" and not state.is_over():
            cards = [CardSlot(P.line(i), card) for i, card in enumerate(line)]
            return [*cards, CardSlot(P.LINE_END, gap=True)]
        return [CardSlot(None, card) for card in line]

    def piles(self, state: State, seat: Seat | None) -> list[Any]:
        table = state.cards
        discard = table.cards("discard")
        return [
            Pile("Draw pile", table.count("draw")),
            Pile("Discarded", len(discard), discard[-1] if discard else None),
            Pile("Out of game", table.count("aside")),
        ]

    # -- the board ----------------------------------------------------------------------------
    def markers(self, state: State) -> dict[int, list[str]]:
        if state.is_over() or state.phase == "place":
            return {}
        out: dict[int, list[str]] = {}
        for move in state.moves_now()[1]:
            victim = state.victim(move)
            name = "coop-king" if victim.kind == "king" else "coop-target"
            square = move.to
            if victim.kind == "pawn" and state.piece_at(move.to) is None:
                square = move.to - 8 if state.turn == 0 else move.to + 8  # en passant
            if name not in out.setdefault(square, []):
                out[square].append(name)
            marks = out.setdefault(move.frm, [])
            if "coop-attacker" not in marks:
                marks.append("coop-attacker")
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        colour = MARKS.get(name)
        if colour is None:
            return False
        width = max(2, rect.width // (12 if name != "coop-attacker" else 20))
        inner = rect.inflate(-width, -width)
        if name == "coop-attacker":
            pygame.draw.rect(surface, colour, inner, width, border_radius=6)
            return True
        glow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.circle(glow, (*colour, 70), glow.get_rect().center, rect.width * 0.45)
        surface.blit(glow, rect)
        pygame.draw.rect(surface, colour, inner, width, border_radius=6)
        return True


def next_colour_squares(state: Any) -> list[int]:
    """Alone, after the quiet move, with only captures left: the pieces of
    the colour to move next that no capture takes now. A click on one ends
    the turn (the captures are declined) and picks it for that colour's turn,
    so declining costs no End turn click."""
    if not state.solo or state.phase != "capture" or state.is_over():
        return []
    taken = set()
    for move in state.moves_now()[1]:  # the square of each piece a capture takes
        en_passant = state.piece_at(move.to) is None
        taken.add(
            move.to - 8
            if en_passant and state.turn == 0
            else move.to + 8
            if en_passant
            else move.to
        )
    return [sq for sq, p in state.pieces().items() if p.side != state.turn and sq not in taken]


def state_placements(state: Any) -> list[int]:
    from game.games.cooperative.line import placements

    return placements(state.line(), state.placing)


ADAPTER = CoopAdapter()
