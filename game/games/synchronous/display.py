"""Synchronous Chess on screen: moves and strikes on the board, a pass as
a panel button, both last moves marked, and a panel line telling what the
last turn's moves were and where blows may be struck."""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.games.synchronous.rules import BLOWS, Pass
from game.ui import art
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track, exchange
from game.ui.panel_widgets import PanelWidget
from game.ui.widgets import CARD_BG, TEXT, TEXT_DIM


class SyncPanel(PanelWidget):
    """The moves just played together and the squares open for blows."""

    height = 78

    def draw(self, surface: pygame.Surface, paths: Any) -> None:
        state = self.shown("open")
        if state is None:
            return
        pygame.draw.rect(surface, CARD_BG, self.rect, border_radius=6)
        font = art.ui_font(14)
        lines = []
        words = state.last_words
        if words:
            lines.append((f"Played together: White {words[0]}, Black {words[1]}", TEXT))
        else:
            lines.append(("Both players choose a move in secret", TEXT_DIM))
        if state.last_blows:
            struck = ", ".join(words for _, words in state.last_blows)
            lines.append((f"Blows struck: {struck}", TEXT))
        if state.phase == BLOWS and state.open:
            sides = state.game.sides
            where = ", ".join(
                f"{sides[side]} on {state.geometry.name(sq)}"
                for sq, (side, _) in sorted(state.open.items())
            )
            lines.append((f"Blows may be struck: {where}", TEXT))
        y = self.rect.y + 6
        for text, colour in lines:
            img = font.render(text, True, colour)
            surface.blit(img, (self.rect.x + 8, y))
            y += img.get_height() + 4


BLOW = (214, 84, 60)  # a square where blows may be struck


def collide(b: Any, e: Any) -> None:
    """Two pieces slide onto one square together, then fall there."""
    square = e["square"]
    b.flush()
    for piece, frm in zip(e["pieces"], e["froms"], strict=True):
        b.add(Track("slide", piece, frm, square))
    b.step(Track("fall", None, to=square))


def _played_together(event: Any, game: Any) -> str:
    white, black = game.sides
    return f"Played together: {white} {event['white']}, {black} {event['black']}"


class SyncAdapter(MoveAdapter):
    sounds = (("collide", "capture"), ("swap", "move"))
    reveals = {"reveal": _played_together}
    animations = {"collide": collide, "swap": exchange}

    def markers(self, state: State) -> dict[int, list[str]]:
        """The squares open for the exchange of blows."""
        if getattr(state, "phase", None) != BLOWS or state.is_over():
            return {}
        return {sq: ["blow"] for sq in state.open}

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        if name != "blow":
            return False
        width = max(2, rect.width // 18)
        pygame.draw.rect(surface, BLOW, rect.inflate(-width, -width), width, border_radius=6)
        return True

    def make_widgets(self) -> list[Any]:
        return [SyncPanel()]

    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Pass):
            return None
        return super().path_of(state, seat, action)

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        return [
            Choice(a, None, "Pass (X)") for a in state.legal_actions(seat) if isinstance(a, Pass)
        ]

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        """Both moves of the turn, or its last blow once one is struck."""
        blows = getattr(state, "last_blows", ())
        if blows:
            last = blows[-1][0]
            return (last.frm, last.to)
        moves = getattr(state, "last_moves", ())
        return tuple(sq for m in moves for sq in (m.frm, m.to))


ADAPTER = SyncAdapter()
