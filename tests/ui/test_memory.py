"""What a long session must not pile up (scripts/bench_memory.py measures it)."""

from __future__ import annotations

import weakref

import pygame
import pytest
from helpers.ui_driver import make_app, pump

import game.app as app_module
from game.match import Match
from game.ui import widgets
from game.ui.menu import MainMenu
from game.ui.play import PlayScene
from game.ui.rules_view import RulesScene


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_a_scene_that_leaves_is_freed_at_once(app):
    app.push(MainMenu(app))
    rules = RulesScene(app, "chess")
    app.push(rules)
    pump(app, 2)
    gone = weakref.ref(rules)
    ui = weakref.ref(rules.ui)
    app.pop()
    del rules
    pump(app, 1)
    assert gone() is None and ui() is None  # its elements and surfaces with it


@pytest.mark.slow  # fast cover: test_a_scene_that_leaves_is_freed_at_once fast
def test_memory_is_reclaimed_once_after_each_scene_change(app, monkeypatch):
    calls = []
    monkeypatch.setattr(app_module, "reclaim_memory", lambda: calls.append(app.scene))
    app.push(MainMenu(app))
    app.push(RulesScene(app, "chess"))
    pump(app, 2)
    assert calls == []  # pushing frees nothing
    app.pop()
    pump(app, 3)
    assert len(calls) == 1 and isinstance(calls[0], MainMenu)
    app.replace(RulesScene(app, "tulaga"))
    pump(app, 2)
    assert len(calls) == 2


@pytest.mark.slow  # fast cover: test_a_scene_that_leaves_is_freed_at_once fast
def test_elements_removed_from_a_manager_leave_nothing_behind(app):
    """pygame_gui 0.6 keeps a rect for each element removed, forever."""
    app.push(MainMenu(app))
    for _ in range(5):
        app.scene.rebuild()
    pump(app, 1)
    assert app.scene.ui.get_sprite_group().lostsprites == []
    match = Match("chess", seed=2, players=["human", "human"])
    play = PlayScene(app, match)
    app.push(play)
    for san in ("e4", "e5", "Nf3", "Nc6"):
        seat = match.to_act()[0]
        play.submit(seat, match.state.parse_action(san, seat))
        pump(app, 2)
    assert play.ui.get_sprite_group().lostsprites == []


def test_the_backdrop_is_kept_for_two_window_sizes_at_most():
    widgets._backdrop_cache.clear()
    for size in ((800, 600), (1024, 768), (1280, 800), (1024, 768)):
        widgets.draw_backdrop(pygame.Surface(size))
    assert list(widgets._backdrop_cache) == [(1280, 800), (1024, 768)]


def test_reclaiming_without_glibc_only_collects(monkeypatch):
    monkeypatch.setattr(app_module, "_glibc", lambda: None)  # macOS, Windows
    app_module.reclaim_memory()


def test_screens_made_one_after_another_do_not_make_text_slower():
    """Each new UIManager used to add pygame_gui's translation folder to
    python-i18n's search path again, and every text drawn was searched for
    in every copy of it: the path stays one folder long, and a text is
    looked up in the folders once."""
    import i18n
    from i18n import resource_loader

    app = make_app()
    listed = []
    real = resource_loader.os.listdir

    def counting(path):
        listed.append(path)
        return real(path)

    for _ in range(5):
        app.new_ui_manager()
    assert len(i18n.load_path) == len(set(i18n.load_path))
    resource_loader.os.listdir = counting
    try:
        for _ in range(3):
            i18n.t("A label that is no translation key.")
    finally:
        resource_loader.os.listdir = real
    assert len(listed) <= len(i18n.load_path)
    app.close()
