"""The app fixture the play-scene tests share (see ui_driver.py for the
gestures that drive it)."""

import pytest
from ui_driver import make_app


@pytest.fixture
def app():
    """A 1280 x 800 App with no scene; bot workers and the window are closed
    after the test."""
    from game.ui.play import PlayScene

    a = make_app()
    yield a
    for scene in list(a.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    a.close()
