"""Small shared pieces of UI: dialogs, the backdrop, layout helpers.

Dialogs belong to a scene's UIManager (``ui``) and need nothing else from
the scene: ``confirm`` calls ``on_yes`` itself when the player confirms.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import UIButton, UIDropDownMenu, UILabel, UIPanel, UITextEntryLine
from pygame_gui.windows import UIConfirmationDialog, UIMessageWindow

from game.ui.kept_panel import Panel
from game.ui.scene import Scene

if TYPE_CHECKING:
    from game.app import App

# The palette the theme uses, for things drawn by hand.
BG_TOP = (35, 42, 52)
BG_BOTTOM = (17, 20, 25)
ACCENT = (217, 164, 90)
TEXT = (236, 229, 216)
TEXT_DIM = (154, 165, 177)
CARD_BG = (37, 45, 55)
CARD_BORDER = (58, 68, 82)

DIALOG_WIDTH = 460


def escape(text: str) -> str:
    """Plain text made safe for pygame_gui's HTML subset (newlines kept)."""
    return html.escape(str(text), quote=False).replace("\n", "<br>")


def _dialog_rect(ui: pygame_gui.UIManager, text: str, extra: int) -> pygame.Rect:
    w, h = ui.window_resolution
    chars_per_line = 48
    lines = sum(max(1, -(-len(part) // chars_per_line)) for part in str(text).split("\n"))
    height = min(h - 40, 150 + extra + 24 * lines)
    width = min(w - 40, DIALOG_WIDTH)
    rect = pygame.Rect(0, 0, width, height)
    rect.center = (w // 2, h // 2)
    return rect


def message(ui: pygame_gui.UIManager, title: str, text: str) -> UIMessageWindow:
    """A message box with an OK button, centred, over everything else."""
    return UIMessageWindow(
        _dialog_rect(ui, text, 0),
        escape(text),
        ui,
        window_title=title,
        always_on_top=True,
    )


MONO_SIZE = 15  # the monospaced face of code in rich text (rule sheets, messages)
CODE_COLOUR = "#f2c888"


def mono_columns(width: int) -> int:
    """How many characters of the monospaced face fit in ``width`` px."""
    from game.ui import art

    font = art.ui_font(MONO_SIZE, "mono")
    return max(8, width // max(1, font.size("0" * 10)[0] // 10))


def fold(line: str, columns: int | None) -> list[str]:
    """A line of code cut into pieces of at most ``columns`` characters,
    after a space or a slash where one falls (a position text's ranks), so
    a text box never cuts it itself: it would add hyphens, which a position
    text may hold."""
    pieces = []
    while columns and len(line) > columns:
        cut = max(line.rfind(" ", 0, columns), line.rfind("/", 0, columns - 1)) + 1
        if cut <= columns // 2:
            cut = columns
        pieces.append(line[:cut].rstrip(" "))
        line = line[cut:]
    return [*pieces, line]


def code_message(ui: pygame_gui.UIManager, title: str, words: str, code: str) -> UIMessageWindow:
    """A message of ``words`` and, under them, ``code`` (a position text)
    in the monospaced face, folded after its slashes or spaces."""
    rect = _dialog_rect(ui, f"{words}\n{code}\n", 0)
    lines = fold(code, mono_columns(rect.width - 60))
    mono = "<br>".join(
        f"<font face='app_mono' pixel_size={MONO_SIZE} color='{CODE_COLOUR}'>{escape(p)}</font>"
        for p in lines
    )
    return UIMessageWindow(
        rect, f"{escape(words)}<br>{mono}", ui, window_title=title, always_on_top=True
    )


BUTTON_ROOM = 18  # px between a dialog button's words and its edges
BUTTON_MIN = 96  # a dialog button's least width
BUTTON_H, BUTTON_EDGE = 32, 8  # its height; the gap round it (the dialog's text stops 50 px up)


class _Confirm(UIConfirmationDialog):
    def __init__(self, rect, text, ui, title, yes, on_yes, no):
        super().__init__(
            rect,
            escape(text),
            ui,
            window_title=title,
            action_short_name=yes,
            blocking=True,
            always_on_top=True,
        )
        if no is not None:
            self.cancel_button.set_text(no)
        self._on_yes = on_yes
        self._roomy_buttons()

    def _roomy_buttons(self) -> None:
        """pygame_gui sizes the buttons to their words, edge to edge: give
        each BUTTON_ROOM both sides (and a width a click finds), right to left."""
        # Cancel's right edge is BUTTON_EDGE from the dialog's right; Confirm's
        # anchors put its right edge BUTTON_EDGE from Cancel's left.
        for button in (self.cancel_button, self.confirm_button):
            width = max(BUTTON_MIN, button.font.size(button.text)[0] + 2 * BUTTON_ROOM)
            button.set_dimensions((width, BUTTON_H))
            button.set_relative_position((-BUTTON_EDGE - width, -BUTTON_EDGE - BUTTON_H))

    def process_event(self, event: pygame.event.Event) -> bool:
        confirmed = (
            event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element == self.confirm_button
        )
        consumed = super().process_event(event)
        if confirmed and self._on_yes is not None:
            on_yes, self._on_yes = self._on_yes, None
            on_yes()
        return consumed


def confirm(
    ui: pygame_gui.UIManager,
    title: str,
    text: str,
    on_yes: Callable[[], None],
    yes: str = "OK",
    no: str | None = None,
) -> UIConfirmationDialog:
    """Ask before doing something; ``on_yes()`` runs when the player confirms.
    Cancel (or ``no``: its label), the close button or Esc just close the dialog."""
    return _Confirm(_dialog_rect(ui, text, 10), text, ui, title, yes, on_yes, no)


def dialogs(ui: pygame_gui.UIManager) -> list:
    """The dialog windows open in ``ui``, top last."""
    return [w for w in ui.get_window_stack().get_full_stack() if w.alive()]


def close_top_dialog(ui: pygame_gui.UIManager) -> bool:
    """Close the top dialog (for Esc); False when there was none."""
    stack = dialogs(ui)
    if not stack:
        return False
    stack[-1].kill()
    return True


def close_open_list(ui: pygame_gui.UIManager) -> bool:
    """Close an opened drop-down's list, nothing chosen (for Esc, before
    leaving the screen); False when none was open."""
    for element in ui.get_sprite_group().sprites():
        if isinstance(element, UIDropDownMenu) and element.alive():
            state = element.current_state
            if state is element.menu_states["expanded"] and not state.should_transition:
                state.should_transition = True  # closed on the next update
                return True
    return False


# -- the keys -------------------------------------------------------------------------
# Every key the app answers to, by where it works: the one list the F1 help
# shows (the play scene's keys are in game/ui/play/scene.py's ``_on_key``).
KEYS: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = (
    (
        "Everywhere",
        (
            ("F1", "this list of keys"),
            ("F11", "fullscreen on or off"),
            ("Esc", "close a dialog or go back; quit from the menu"),
        ),
    ),
    (
        "Playing",
        (
            ("Ctrl+Z", "take back a move"),
            ("Ctrl+Y", "play a taken-back move again"),
            ("Left, Right", "look back through the moves"),
            ("Home, End", "look at the start, back to the game"),
            ("F", "flip the board"),
            ("H", "a hint: the computer suggests a move"),
            ("A", "analyse the game: ?!, ? and ?? mark costly steps"),
            ("Ctrl+C", "copy the position as text"),
            ("Esc", "cancel a premove, else pause"),
        ),
    ),
)
KEYS_HELP_SIZE = (520, 520)


def keys_html() -> str:
    """KEYS as pygame_gui HTML: a heading per place, then key and meaning."""
    width = max(len(k) for _, rows in KEYS for k, _ in rows) + 2
    parts = []
    for place, rows in KEYS:
        parts.append(f"<font color='#e3b774'><b>{escape(place)}</b></font>")
        for key, meaning in rows:
            padded = escape(key.ljust(width)).replace(" ", "&nbsp;")
            parts.append(f"<font face='app_mono' pixel_size=15>{padded}</font>{escape(meaning)}")
        parts.append("")
    return "<br>".join(parts).removesuffix("<br>")


class KeysHelp(UIMessageWindow):
    """The F1 window listing KEYS."""

    def __init__(self, ui: pygame_gui.UIManager):
        w, h = ui.window_resolution
        rect = pygame.Rect(0, 0, min(w - 40, KEYS_HELP_SIZE[0]), min(h - 40, KEYS_HELP_SIZE[1]))
        rect.center = (w // 2, h // 2)
        super().__init__(rect, keys_html(), ui, window_title="Keys", always_on_top=True)


def toggle_keys_help(ui: pygame_gui.UIManager) -> KeysHelp | None:
    """F1: show the keys, or close them when they are showing."""
    shown = [w for w in dialogs(ui) if isinstance(w, KeysHelp)]
    if shown:
        for window in shown:
            window.kill()
        return None
    return KeysHelp(ui)


# -- layout ---------------------------------------------------------------------------
def fit(text: str, font, width: int) -> str:
    """``text`` shortened with an ellipsis until ``font`` draws it in ``width``."""
    if font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def wrap_words(text: str, font, width: int) -> list[str]:
    """``text`` in lines that ``font`` draws in ``width``, broken between
    words (a word too long for a line is left for ``fit`` to shorten)."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font.size(f"{lines[-1]} {word}")[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [""]


def drop_down(
    ui: pygame_gui.UIManager, options: list[str], start: str, rect: pygame.Rect, object_id: str
) -> UIDropDownMenu:
    """A drop-down at ``rect`` (in the window) whose list opens upward when
    the window's edge would cut it below and there is more room above (at
    800 x 560 the chess form's clock list reached the edge and "Custom"
    needed scrolling): the theme's class ``@opens_up``."""
    ids = ["drop_down_menu.selection_list", "selection_list"]
    item_h = int(ui.get_theme().get_misc_data("list_item_height", ids) or 20)
    needed = len(options) * item_h + 4  # the list's border
    below = ui.window_resolution[1] - rect.bottom
    up = needed > below and rect.top > below
    oid = ObjectID(object_id=object_id, class_id="@opens_up") if up else object_id
    return UIDropDownMenu(options, start, rect, ui, object_id=oid)


def centred(size: tuple[int, int], width: int, height: int, top: int | None = None) -> pygame.Rect:
    """A rect of this size centred in the window (or at ``top``)."""
    w, h = size
    rect = pygame.Rect(0, 0, min(width, w), min(height, h))
    rect.centerx = w // 2
    if top is None:
        rect.centery = h // 2
    else:
        rect.top = top
    return rect


def button(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    object_id: str | None = None,
    tool_tip: str | None = None,
    starting_height: int = 2,
) -> UIButton:
    return UIButton(
        rect,
        text,
        ui,
        object_id=object_id,
        tool_tip_text=tool_tip,
        starting_height=starting_height,
    )


def label(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    object_id: str | None = None,
    starting_height: int = 2,
) -> UILabel:
    label = UILabel(rect, text, ui, object_id=object_id)
    if starting_height != 1:
        label.change_layer(starting_height)
    return label


def panel(ui: pygame_gui.UIManager, rect: pygame.Rect, object_id: str | None = None) -> UIPanel:
    return Panel(rect, starting_height=1, manager=ui, object_id=object_id)


def title_bar(ui: pygame_gui.UIManager, size: tuple[int, int], title: str) -> UILabel:
    """The big heading at the top of a full-screen scene."""
    rect = pygame.Rect(0, 0, size[0], 64)
    rect.top = max(16, min(44, size[1] // 20))
    return label(ui, rect, title, "#title")


# -- the backdrop --------------------------------------------------------------------
# The backdrop at the window's size, and at the one before (fullscreen and
# back): a window-sized surface is 4 to 8 MB, so no more are kept.
BACKDROPS_KEPT = 2
_backdrop_cache: dict[tuple[int, int], pygame.Surface] = {}


def _make_backdrop(size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size)
    # A vertical gradient drawn as a 1-pixel column, then stretched.
    column = pygame.Surface((1, max(h, 1)))
    for y in range(h):
        t = y / max(h - 1, 1)
        colour = [round(a + (b - a) * t) for a, b in zip(BG_TOP, BG_BOTTOM, strict=True)]
        column.set_at((0, y), colour)
    surf.blit(pygame.transform.scale(column, (w, h)), (0, 0))
    # A faint chequer in the lower right corner, fading out.
    cell = max(40, min(w, h) // 12)
    pattern = pygame.Surface((cell * 8, cell * 8), pygame.SRCALPHA)
    for r in range(8):
        for c in range(8):
            if (r + c) % 2 == 0:
                alpha = max(0, int(7 * (r + c) / 14))
                pattern.fill((255, 236, 200, alpha), (c * cell, r * cell, cell, cell))
    surf.blit(pattern, (w - cell * 6, h - cell * 5))
    # A thin warm line under the title area.
    return surf.convert() if pygame.display.get_surface() is not None else surf


def draw_card(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A rounded card behind a form (drawn by hand, so drop-downs, which
    pygame_gui puts on the lowest layer, stay above it)."""
    pygame.draw.rect(surface, CARD_BG, rect, border_radius=12)
    pygame.draw.rect(surface, CARD_BORDER, rect, width=1, border_radius=12)


def draw_backdrop(surface: pygame.Surface) -> None:
    """The calm dark background every menu-like scene sits on."""
    size = surface.get_size()
    back = _backdrop_cache.pop(size, None)  # popped and put back: newest last
    if back is None:
        back = _make_backdrop(size)
        while len(_backdrop_cache) >= BACKDROPS_KEPT:
            del _backdrop_cache[next(iter(_backdrop_cache))]
    _backdrop_cache[size] = back
    surface.blit(back, (0, 0))


# -- a base for the menu-like scenes ------------------------------------------------
class FormScene(Scene):
    """A scene laid out by ``build()`` from the window size, rebuilt on
    resize, drawn over the backdrop. Esc closes a dialog, else ``back()``.
    Subclasses react in ``on_button(element)``, ``on_changed(element, text)``
    and ``on_double_click(element, text)``."""

    def __init__(self, app: App):
        super().__init__(app)
        self.boards: list[pygame.Rect] = []  # card backgrounds drawn under the UI
        self.build()

    def build(self) -> None:
        raise NotImplementedError

    def rebuild(self) -> None:
        self.ui.clear_and_reset()
        self.boards = []
        self.build()

    def resize(self, size: tuple[int, int]) -> None:
        self.ui.set_window_resolution(size)
        self.rebuild()

    def back(self) -> None:
        self.app.navigate.back()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if not close_open_list(self.ui) and not close_top_dialog(self.ui):
                self.back()
            return
        self.ui.process_events(event)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            self.on_button(event.ui_element)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            self.on_changed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_SELECTION_LIST_NEW_SELECTION:
            self.on_changed(event.ui_element, event.text)
        elif event.type == pygame_gui.UI_SELECTION_LIST_DOUBLE_CLICKED_SELECTION:
            self.on_double_click(event.ui_element, event.text)

    def on_button(self, element: object) -> None:
        pass

    def on_changed(self, element: object, text: str) -> None:
        pass

    def on_double_click(self, element: object, text: str) -> None:
        """An item of a selection list was double-clicked."""

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface)
        for rect in self.boards:
            draw_card(surface, rect)
        self.ui.draw_ui(surface)


# -- text that must fit a label ---------------------------------------------------------
def wrapped_labels(
    ui: pygame_gui.UIManager,
    rect: pygame.Rect,
    text: str,
    style: str,
    lines: int,
    container: Any = None,
) -> int:
    """``text`` in labels of ``style``, one per line of ``rect``'s height,
    wrapped at words onto up to ``lines`` lines (the last cut with "…");
    returns the height used. Built empty first: pygame_gui warns about a
    label made with a text wider than itself."""
    first = UILabel(rect, "", ui, container=container, object_id=style)
    parts = wrap_for_label(first, text, lines)
    first.set_text(parts[0])
    for i, part in enumerate(parts[1:], 1):
        UILabel(rect.move(0, i * rect.height), part, ui, container=container, object_id=style)
    return rect.height * len(parts)


def wrap_for_label(label: Any, text: str, lines: int) -> list[str]:
    """``text`` split at words into at most ``lines`` pieces that fit
    ``label``'s width, the last cut short with "…" if need be."""
    out = []
    rest = text
    while rest and len(out) < lines - 1:
        head, rest = fit_label(label, rest)
        out.append(head)
    if rest or not out:
        out.append(cut_to_label(label, rest))
    return out


def cut_to_label(label: Any, text: str) -> str:
    font = getattr(label, "font", None)
    width = label.rect.width - 6
    if font is None or font.size(text)[0] <= width:
        return text
    while text and font.size(text + "…")[0] > width:
        text = text[:-1]
    return text.rstrip() + "…"


def fit_label(label: Any, text: str) -> tuple[str, str]:
    """Split ``text`` at a word so the first part fits ``label``'s width."""
    font = getattr(label, "font", None)
    width = label.rect.width - 6
    if font is None or font.size(text)[0] <= width:
        return text, ""
    words = text.split(" ")
    for n in range(len(words) - 1, 0, -1):
        head = " ".join(words[:n])
        if font.size(head)[0] <= width:
            return head, " ".join(words[n:])
    return text, ""


class HintedEntry(UITextEntryLine):
    """A text field whose placeholder (a seat's label, the computer's level,
    a hint) is shown dimmed, so it does not read as something typed in."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._own_colour = self.text_colour
        self._show_dim()

    def _show_dim(self) -> None:
        dim = not self.text and not self.is_focused
        want = pygame.Color(TEXT_DIM) if dim else self._own_colour
        if self.text_colour != want:
            self.text_colour = want
            self.rebuild()
            if self.is_focused and not self.text:
                # rebuild() draws the placeholder into an empty field even while
                # it is typed in ("Ann" showed as "AnnWhite"): focus() clears it.
                self.focus()

    def update(self, time_delta: float) -> None:
        super().update(time_delta)
        self._show_dim()
