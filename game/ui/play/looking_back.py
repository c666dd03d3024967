"""Looking back: the play scene shows the position after an earlier step
(a click in the move list, the arrow keys, Home and End) while the game
waits; nothing can be played meanwhile, and the viewer sees that position
as they may see it (its ``view``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from game.ui.play.move_list import step_words

if TYPE_CHECKING:
    from game.ui.play.scene import PlayScene


class LookingBack:
    def __init__(self, scene: PlayScene) -> None:
        self.scene = scene
        self.at: int | None = None  # the steps played in the position shown (None: now)
        self.state: Any = None  # that position, as the viewer may see it

    def go(self, steps: int | None) -> None:
        """Show the position after ``steps`` steps (None, or the last step:
        the game as it is now)."""
        scene = self.scene
        total = len(scene.match.records)
        if steps is None or steps >= total:
            self.stop()
        else:
            self.at = max(0, steps)
            state = scene.match.state_at(self.at)
            viewer = scene.seen.viewer
            self.state = state if viewer is None else state.view(viewer)
        scene.chooser = None
        scene.board.pending = None
        scene.refresh()
        scene.sync_board()

    def stop(self) -> None:
        """Back to the game as it is now (the board is not redrawn here)."""
        self.at, self.state = None, None

    def step(self, delta: int) -> None:
        """``delta`` steps later (or earlier) than the position shown."""
        now = self.at if self.at is not None else len(self.scene.match.records)
        self.go(now + delta)

    def words(self) -> str:
        """The notice: the step looked at as the move list writes it, with
        its number ("Looking back: after 1... e5")."""
        if self.at == 0:
            return "Looking back: the start"
        scene = self.scene
        return f"Looking back: after {step_words(scene.match, scene.seen.viewer, self.at)}"
