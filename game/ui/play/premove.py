"""Premoves: the one person at the table, playing the computer in a game
that allows it (``Game.premoves``), may enter their next move while the
computer thinks.

It is kept as the pair of squares clicked or dragged (from, to), one at a
time (a new one replaces it), drawn in its own colour, and played the
moment the person's turn comes if the rules then have an action on that
path; otherwise it is dropped with a word in the status line. A right-click,
Esc, undo and redo, looking back, a privacy screen and the game's end cancel
it. While premoving, any of the person's own pieces (as their view shows
them) may go to any square not holding another of them: whether it is legal
is judged only when the turn comes, by the real rules, so a premove depends
on nothing the person cannot see and tells nothing either.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene

Path = tuple[int, ...]


class _Premove:
    """The action of every premove path (no game's): the path is what counts."""

    def __repr__(self) -> str:
        return "Premove"


PREMOVE = _Premove()

DROPPED = "Premove dropped (not legal)"


class Premoves:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.path: Path | None = None  # the premove waiting for the turn
        self.note = ""  # why the last premove was not played

    def seat(self) -> int | None:
        """The person who may premove now: the only one at the table, in a
        game that allows it, while the computer is to act."""
        scene = self.scene
        m = scene.match
        if (
            not scene.game.premoves
            or m.is_over()
            or scene.looking_at is not None
            or scene.viewpoint.covering
            or scene.viewpoint.holding
        ):
            return None
        humans = scene.viewpoint.humans()
        waiting = m.waiting_for()
        if len(humans) != 1 or not waiting or humans[0] in waiting:
            return None
        return humans[0]

    def table(self, state: Any) -> dict[Path, list[Any]]:
        """The click paths a premove may take now (empty: none): from any of
        the person's pieces to any square not holding another of them."""
        seat = self.seat()
        if seat is None:
            return {}
        side = self.scene.game.side_of(seat)
        pieces = state.pieces()
        own = [sq for sq, piece in pieces.items() if piece.side == side]
        board = self.scene.board
        free = [sq for sq in range(board.width * board.height) if sq not in own]
        return {(a, b): [PREMOVE] for a in own for b in free}

    def take(self, actions: list[Any], path: Path) -> bool:
        """Keep ``path`` as the premove if ``actions`` are a premove's."""
        if not actions or actions[0] is not PREMOVE:
            return False
        self._show(path)
        self.note = ""
        return True

    def cancel(self) -> bool:
        """Forget the premove (True if there was one)."""
        self.note = ""
        if self.path is None:
            return False
        self._show(None)
        return True

    def right_click(self, event: Any) -> bool:
        """A right-click cancels the premove (True if it did)."""
        right = event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3
        if not right or not self.cancel():
            return False
        self.scene.input.clear()
        self.scene.refresh()
        return True

    def check(self) -> None:
        """After every change: what ends the chance of playing it cancels it."""
        scene = self.scene
        if self.path is None:
            return
        if scene.match.is_over() or scene.looking_at is not None or scene.viewpoint.covering:
            self.cancel()

    def update(self) -> None:
        """Play the premove as soon as its person is to decide (not while a
        dialog or a chooser waits): the rules' action on its path, else drop it."""
        scene = self.scene
        path = self.path
        if path is None:
            return
        seat = scene.seen.actor
        if seat is None or scene.dialogs.modal() or scene.chooser is not None:
            return
        self._show(None)
        actions = scene.input.table.get(path)
        if not actions or not scene.decide(list(actions), path, None):
            self.note = DROPPED
            scene.app.sounds.play("illegal")
        scene.refresh()

    def words(self) -> str:
        """The status line's words for the premove ("" for none)."""
        if self.path is None:
            return self.note
        name = self.scene.match.state.geometry.name
        return (
            f"Your premove: {name(self.path[0])}-{name(self.path[-1])}\nRight-click or Esc cancels"
        )

    def _show(self, path: Path | None) -> None:
        self.path = path
        self.scene.board.premove = tuple(path or ())
