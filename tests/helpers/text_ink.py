"""Where a widget's words land: draw it on a surface that notes each blit of
a text rendered by a font from ``art.ui_font`` (every widget's font), as the
rectangle of the text's ink (not the font's line box, which may overlap the
next line's and be right). A layout test then asks that no two texts of a
widget overlap and that each stays in the widget: "Supply: 24 checkers0
under pieces" was two labels run together at 800 x 560."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest

from game.ui import art

GAP = 3  # the least room between two texts side by side, in pixels


class _Font(pygame.font.Font):
    """A font that remembers the surfaces it rendered."""

    rendered: list[tuple[pygame.Surface, str]] = []

    def render(self, text: Any, *args: Any, **kwargs: Any) -> pygame.Surface:
        surface = super().render(text, *args, **kwargs)
        _Font.rendered.append((surface, str(text)))
        return surface


class _Page(pygame.Surface):
    """A surface that notes where each rendered text is blitted."""

    def __init__(self, size: tuple[int, int]) -> None:
        super().__init__(size, pygame.SRCALPHA)
        self.texts: list[tuple[str, pygame.Rect]] = []

    def blit(self, source: pygame.Surface, dest: Any, *args: Any, **kwargs: Any) -> pygame.Rect:
        done = super().blit(source, dest, *args, **kwargs)
        words = next((t for s, t in _Font.rendered if s is source), None)
        if words is not None and words.strip():
            ink = source.get_bounding_rect()
            if args and args[0] is not None:  # an area of the source only
                ink = ink.clip(pygame.Rect(args[0]))
                ink.move_ip(-args[0][0], -args[0][1])
            at = dest.topleft if isinstance(dest, pygame.Rect) else dest
            ink.move_ip(int(at[0]), int(at[1]))
            self.texts.append((words, ink))
        return done


@contextmanager
def recorded_fonts() -> Iterator[None]:
    """Within: ``art.ui_font`` makes fonts that note their texts."""
    fonts: dict[tuple[str, int], _Font] = {}

    def ui_font(size: int = 15, name: str = "regular") -> _Font:
        if (name, size) not in fonts:
            fonts[name, size] = _Font(str(art.font_path(name)), size)
        return fonts[name, size]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(art, "ui_font", ui_font)
        try:
            yield
        finally:
            _Font.rendered.clear()


def widget_texts(widget: Any, paths: Any, size: tuple[int, int]) -> list[tuple[str, pygame.Rect]]:
    """The texts ``widget`` draws at its rect (inside ``recorded_fonts``),
    each with its ink's rectangle on a page of ``size``."""
    page = _Page(size)
    _Font.rendered.clear()
    widget.draw(page, paths)
    _Font.rendered.clear()
    return page.texts


def clashes(widget: Any, texts: list[tuple[str, pygame.Rect]]) -> list[str]:
    """What is wrong with the texts of ``widget``: one out of its rect, two
    over each other or closer than ``GAP`` side by side."""
    out = []
    for words, ink in texts:
        if not widget.rect.contains(ink):
            out.append(f"{words!r} {ink} leaves the widget {widget.rect}")
    for i, (a, ra) in enumerate(texts):
        for b, rb in texts[i + 1 :]:
            # Side by side, at least a narrow space apart ("checkers0" touched).
            if ra.inflate(2 * GAP, 0).colliderect(rb):
                out.append(f"{a!r} {ra} runs into {b!r} {rb}")
    return out
