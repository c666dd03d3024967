"""Looking back: the play scene shows the position after an earlier step
(a click in the move list, the arrow keys, Home and End) while the game
waits; nothing can be played meanwhile, and the viewer sees that position
as they may see it (its ``view``). Everything on screen follows that
position: the board, the panel's widgets and captured pieces; nothing of
the present (the hint, a selection, the legal-move rings) stays."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui.play.move_list import step_words
from game.ui.play.viewpoint import Seen

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene


class LookingBack:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.at: int | None = None  # the steps played in the position shown (None: now)
        self.state: Any = None  # that position, as the viewer may see it
        self._seen: tuple[tuple, Seen] | None = None  # ``seen``, made once per position

    def go(self, steps: int | None) -> None:
        """Show the position after ``steps`` steps (None, or the last step:
        the game as it is now)."""
        scene = self.scene
        total = len(scene.match.records)
        if steps is None or steps >= total:
            self.stop()
        else:
            self.at = max(0, steps)
            self.state = self.seen(scene.seen).state
        scene.chooser = None
        scene.board.pending = None
        scene.refresh()
        scene.sync_board()

    def stop(self) -> None:
        """Back to the game as it is now (the board is not redrawn here)."""
        self.at, self.state = None, None

    def seen(self, now: Seen) -> Seen:
        """What the screen shows while looking back, given what it shows of
        the game ``now``: the position looked at as the same viewer may see
        it (a viewer who changed meanwhile, say at the game's end, sees it
        anew), with nobody to decide in it."""
        scene = self.scene
        key = (self.at, now.viewer, len(scene.match.records))
        if self._seen is None or self._seen[0] != key:
            state = scene.match.state_at(self.at)
            if now.viewer is not None:
                state = state.view(now.viewer)
            self._seen = (key, Seen(now.game, state, now.viewer, None, now.names, self.at))
        seen = self._seen[1]
        self.state = seen.state
        return seen

    def step(self, delta: int) -> None:
        """``delta`` steps later (or earlier) than the position shown."""
        now = self.at if self.at is not None else len(self.scene.match.records)
        self.go(now + delta)

    def words(self) -> str:
        """The notice: the step looked at as the move list writes it, with
        its number ("Looking back: after 1... e5"), and the way back."""
        at = self.at
        where = f"Looking back: after {self._step(at)}" if at else self.short_heading()
        back = "the last move" if self.scene.match.is_over() else "the game"
        # Short enough for the narrowest panel (800x560); a click on the last move works too.
        return f"{where}\nEnd returns to {back}"

    def short_heading(self) -> str:
        """The notice's first line in fewer words ("Looking back: 1... e5"),
        for a panel where the long one would take two lines."""
        at = self.at
        return f"Looking back: {self._step(at)}" if at else "Looking back: the start"

    def _step(self, at: int) -> str:
        return step_words(self.scene.match, self.scene.seen.viewer, at)
