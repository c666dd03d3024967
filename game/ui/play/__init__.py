"""The play scene and its parts (see scene.py)."""

from game.ui.play.scene import PlayScene

__all__ = ["PlayScene"]
