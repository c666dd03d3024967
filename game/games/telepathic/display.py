"""Telepathic Chess on screen: the team panel and the adapter.

The panel (``TelepathicPanel``) shows, from the top: the roles of the turn
(who predicts, who moves), the trophy on its three places between White's
end and Black's end, and for each team its face-up card, the face-down card
(a back until it is turned over; the predictor who laid it sees its face),
the cards in hand and the pieces lost; then what the last reveal did.
The predictor decides by clicking one of its cards in hand; the mover moves
on the board; a removal is a click on one of the team's own pieces.

When a card is turned over the panel animates it: the card flips, then the
trophy slides to its new place (past an end it slides off and comes back to
the middle). The clock of that animation runs only while the panel is drawn,
so a privacy screen holds it until the next person looks.

Card places: ``-30 - i`` for ``CARD_KINDS[i]`` in the predictor's hand.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.cards import Card
from game.games.telepathic.actions import CARD_KINDS, Predict, Remove
from game.ui import art
from game.ui import cards as ui_cards
from game.ui.adapters import MoveAdapter, Path
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, CARD_BORDER, TEXT, TEXT_DIM

BASE = -30
LABEL_W = 52  # the team's name and losses, left of its cards
SHORT_WINDOW = 680  # the play panel's own line between tall and short windows
TROPHY = (226, 182, 64)
TROPHY_EDGE = (120, 88, 20)
TRACK = (58, 68, 82)
ROLE = (236, 196, 52)
FLIP_SECONDS = 0.5
SLIDE_SECONDS = 0.7
OUTCOME_WORDS = {"pull": "pulled", "stay": "stayed", "push": "pushed"}


def place_of(kind: str) -> int:
    return BASE - CARD_KINDS.index(kind)


def kind_of_place(place: int) -> str | None:
    i = BASE - place
    return CARD_KINDS[i] if 0 <= i < len(CARD_KINDS) else None


def reveal_words(state: Any) -> str:
    """The last reveal in a few words, short enough for the panel's line:
    "White bet knight (checker), moved knight: pulled"."""
    if state.last is None:
        return "No card turned over yet"
    side, down, up, moved, outcome, loser = state.last
    name = state.game.sides[side]
    bet = up if down == "checker" else down
    card = f"{bet} (checker)" if down == "checker" else down
    text = f"{name} bet {card}, moved {moved}: {OUTCOME_WORDS[outcome]}"
    if loser is not None:
        text += f"; {state.game.sides[loser]} lost a piece"
    return text


def reveal_event_words(event: Any, game: Any) -> str:
    """A prediction turned over (its ``reveal`` event), in the same words."""
    side, down, up = event["side"], event["card"], event["face_up"]
    bet = up if down == "checker" else down
    card = f"{bet} (checker)" if down == "checker" else down
    text = f"{game.sides[side]} bet {card}, moved {event['moved']}: "
    text += OUTCOME_WORDS[event["outcome"]]
    if event["loser"] is not None:
        text += f"; {game.sides[event['loser']]} lost a piece"
    return text


# Below this height the panel leaves out its first line, who predicts and
# who moves: the status and the whose-turn row say it too.
ROLES_FROM = 140


class TelepathicPanel(PanelWidget):
    TALL, SHORT = 214, 170  # heights for windows at least / below SHORT_WINDOW high
    # Its cards shrink with it: at 800 x 560 its view was 2 px short (24 px
    # with the players on two lines, 68 with four seats' clocks), which cut
    # the words under the cards.
    least_height = 128

    @property
    def height(self) -> int:  # type: ignore[override]
        """Smaller cards in a short window, so the move list keeps some room."""
        window = pygame.display.get_surface()
        tall = window is None or window.get_height() >= SHORT_WINDOW
        return self.TALL if tall else self.SHORT

    def __init__(self) -> None:
        super().__init__()
        self._before: Any = None  # the last state refreshed, to see a reveal happen
        self.anim: dict[str, Any] | None = None  # the reveal being shown, and its clock
        self._drawn = False
        self.captions = True

    # -- a reveal as it happens ------------------------------------------------------
    def refresh(self, seen: Any) -> None:
        before, self._before = self._before, seen.state
        was = self.seen
        super().refresh(seen)
        state = seen.state
        if before is None or not hasattr(state, "last") or state.last is None:
            return
        if was is None or getattr(seen, "step", 0) != getattr(was, "step", 0) + 1:
            return  # a jump (undo, looking back at another step): no reveal happens
        if before.phase == "move" and state.last != before.last and before.turn == state.last[0]:
            self.anim = {"t": 0.0, "last": state.last, "from": before.trophy, "to": state.trophy}
            self._drawn = False  # its clock starts when it is first drawn

    @property
    def animating(self) -> bool:
        return self.anim is not None

    def update(self, dt: float) -> None:
        if self.anim is not None and self._drawn:
            self.anim["t"] += dt
            if self.anim["t"] >= FLIP_SECONDS + SLIDE_SECONDS:
                self.anim = None
        self._drawn = False

    # -- drawing ---------------------------------------------------------------------------
    def _deciding(self) -> Seat | None:
        seen = self.seen
        return seen.actor if seen is not None else None

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        self._drawn = True
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        state = self.shown("trophy")
        if state is None:
            return
        self.rects = {}
        small = art.ui_font(13)
        x0, y = self.rect.x + 8, self.rect.y + 4
        if self.rect.h >= ROLES_FROM:  # drawn smaller, it leaves them to the status
            surface.blit(_fit(small, self._roles(state), self.rect.w - 16, TEXT), (x0, y))
            y += 17
        y = self._draw_trophy(surface, state, y)
        per_team = (self.rect.bottom - 20 - y) // 2
        by_width = (self.rect.w - 16 - LABEL_W - 14) // 7
        self.captions = per_team >= 60  # "up", "down", "in hand" over the cards
        room = per_team - (17 if self.captions else 4)
        card_w = max(16, min(36, by_width, int(room / ui_cards.RATIO)))
        card_h = ui_cards.card_height(card_w)
        for side in (0, 1):
            y = self._draw_team(surface, state, side, y, card_w, card_h, small, paths)
        words = reveal_words(state)
        if self.anim is not None:
            words = "Turning the card over…"
        text = _fit(small, words, self.rect.w - 16)
        surface.blit(text, (x0, self.rect.bottom - 18))

    def _roles(self, state: Any) -> str:
        if state.is_over():
            return "The game is over"
        seats = state.game.seats
        side = state.turn
        if state.phase == "remove":
            loser = state.last[5]
            return f"{seats[state.remover()]} removes a {state.game.sides[loser]} piece"
        return f"Predicts: {seats[state.predictors[side]]} · Moves: {seats[state.mover(side)]}"

    def _trophy_place(self, state: Any) -> float:
        if self.anim is None:
            return float(state.trophy)
        t = self.anim["t"] - FLIP_SECONDS
        start, last = self.anim["from"], self.anim["last"]
        if t <= 0:
            return float(start)
        p = min(1.0, t / SLIDE_SECONDS)
        if last[5] is None:
            end = self.anim["to"]
            return start + (end - start) * _ease(p)
        past = 2.0 if last[5] == 0 else -2.0  # White loses past Black's end
        past = start + (past - start) * 0.6
        if p < 0.5:
            return start + (past - start) * _ease(p * 2)
        return past * (1 - _ease((p - 0.5) * 2))

    def _draw_trophy(self, surface, state, y: int) -> int:
        font = art.ui_font(11)
        left, right = self.rect.x + 46, self.rect.right - 46
        mid = (left + right) // 2
        cy = y + 12
        pygame.draw.line(surface, TRACK, (left - 30, cy), (right + 30, cy), 4)
        for x in (left, mid, right):
            pygame.draw.circle(surface, CARD_BORDER, (x, cy), 9, 2)
        for text, x in (("White's end", left), ("middle", mid), ("Black's end", right)):
            label = font.render(text, True, TEXT_DIM)
            surface.blit(label, label.get_rect(midtop=(x, cy + 11)))
        place = self._trophy_place(state)
        tx = int(mid + place * (right - mid))
        tx = max(self.rect.x + 10, min(self.rect.right - 10, tx))
        pygame.draw.circle(surface, TROPHY, (tx, cy), 8)
        pygame.draw.circle(surface, TROPHY_EDGE, (tx, cy), 8, 2)
        return y + 39

    def _team_cards(self, state, side: int) -> tuple[str | None, str | None, list[str] | None]:
        """(face up, face down: a kind, "?" or None, hand or None if unknown),
        as they lay just before a reveal being animated."""
        if self.anim is not None and self.anim["last"][0] == side:
            _s, down, up, *_ = self.anim["last"]
            return up, down, [k for k in CARD_KINDS if k not in (up, down)]
        hand = state.hand(side)
        return state.face_up[side], state.down[side], list(hand) if hand is not None else None

    def _draw_team(self, surface, state, side, y, card_w, card_h, font, paths) -> int:
        """The team's name and losses in a column, then its cards: face up,
        face down, in hand (captioned above)."""
        x0 = self.rect.x + 8
        turn = side == state.turn and state.phase != "remove" and not state.is_over()
        top = 12 if self.captions else 2
        name = font.render(state.game.sides[side], True, ROLE if turn else TEXT)
        surface.blit(name, (x0, y + top))
        lost_text = font.render(f"lost {state.lost(side)}", True, TEXT_DIM)
        surface.blit(lost_text, (x0, y + top + 16))
        up, down, hand = self._team_cards(state, side)
        x = x0 + LABEL_W
        if self.captions:
            tiny = art.ui_font(11)
            for caption, dx in (("up", 0), ("down", card_w + 4), ("in hand", 2 * card_w + 14)):
                surface.blit(tiny.render(caption, True, TEXT_DIM), (x + dx, y))
            y += 13
        x = self._slot(surface, x, y, card_w, card_h, side, up, "", font)
        x = self._slot(surface, x, y, card_w, card_h, side, down, "", font, flip=True)
        x += 6
        deciding = self._deciding()
        picking = (
            deciding is not None
            and state.phase == "predict"
            and side == state.turn
            and deciding == state.predictors[side]
            and paths is not None
        )
        path = tuple(paths.path) if paths is not None else ()
        if hand is None:  # one of them lies face down: which, this viewer may not know
            for _ in range(6 - (up is not None)):
                surface.blit(ui_cards.card_surface(None, card_w), (x, y))
                x += int(card_w * 0.45)
        else:
            step = int(card_w * (0.8 if picking else 0.6))
            for i, kind in enumerate(hand):
                surface.blit(ui_cards.card_surface(Card(side, kind), card_w), (x, y))
                if picking and kind in state.prediction_kinds(side):
                    shown = card_w if i == len(hand) - 1 else step
                    self.rects[place_of(kind)] = pygame.Rect(x, y, shown, card_h)
                x += step
            for place, rect in self.rects.items():  # over the cards, around what shows
                if place in path:
                    _ring(surface, rect, ui_cards.SELECTED)
                elif picking and paths.can_pick(place):
                    _ring(surface, rect, ui_cards.HIGHLIGHT)
        return y + card_h + 4

    def _slot(self, surface, x, y, w, h, side, kind, label, font, flip=False) -> int:
        rect = pygame.Rect(x, y, w, h)
        if kind is None:
            pygame.draw.rect(surface, CARD_BORDER, rect, 1, border_radius=4)
            tag = font.render(label, True, TEXT_DIM)
            surface.blit(tag, tag.get_rect(center=rect.center))
        else:
            card = None if kind == "?" else Card(side, kind)
            image = ui_cards.card_surface(card, w)
            if flip and self.anim is not None and self.anim["last"][0] == side:
                image = self._flipping(side, kind, w, h)
            surface.blit(image, image.get_rect(center=rect.center))
        return x + w + 4

    def _flipping(self, side: int, kind: str, w: int, h: int) -> pygame.Surface:
        """The face-down card turning over: its back narrows, then its face widens."""
        p = min(1.0, self.anim["t"] / FLIP_SECONDS)
        face = p >= 0.5
        image = ui_cards.card_surface(Card(side, kind) if face else None, w)
        width = max(1, int(w * abs(1 - 2 * p)))
        return pygame.transform.smoothscale(image, (width, h))

    # -- places ------------------------------------------------------------------------------
    def place_image(self, place: int, size: int) -> pygame.Surface | None:
        kind = kind_of_place(place)
        if kind is None or self.seen is None:
            return None
        side = self.seen.state.turn
        return ui_cards.card_surface(Card(side, kind), max(24, int(size * 0.8)))


def _ease(t: float) -> float:
    return 1 - (1 - t) ** 3


def _fit(font: pygame.font.Font, text: str, width: int, colour=TEXT_DIM) -> pygame.Surface:
    """``text`` rendered, cut with an ellipsis to ``width``."""
    if font.size(text)[0] > width:
        while text and font.size(text + "…")[0] > width:
            text = text[:-1]
        text += "…"
    return font.render(text, True, colour)


def _ring(surface: pygame.Surface, rect: pygame.Rect, colour) -> None:
    pygame.draw.rect(surface, colour, rect.inflate(4, 4), 3, border_radius=4)


def _fade_removed(b: Any, e: Any) -> None:
    b.add_fade(e["piece"], e["square"])


class TelepathicAdapter(MoveAdapter):
    # The team rows count the pieces each team lost; the captured row's room
    # goes to the move list (three lines tall beside it).
    show_captured = False
    animations = {"remove": _fade_removed}
    sounds = (("remove", "capture"), ("reveal", "card"), ("predict", "card"))
    reveals = {"reveal": reveal_event_words}

    def make_widgets(self) -> list[Any]:
        return [TelepathicPanel()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Predict):
            return (place_of(action.kind),)
        if isinstance(action, Remove):
            return (action.square,)
        return super().path_of(state, seat, action)

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        if isinstance(action, Predict | Remove):
            return []
        return super().alias_paths(state, seat, action)


ADAPTER = TelepathicAdapter()
