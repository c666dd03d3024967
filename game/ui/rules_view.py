"""The rules viewer: the games on the left, the chosen rule sheet on the right.

Rule sheets are markdown files in rules/; ``markdown_to_html`` turns the
small subset they use (headings, paragraphs, lists, bold, italic, code,
fenced code blocks, tables) into pygame_gui's HTML subset for a scrolling
UITextBox.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable

import pygame
from pygame_gui.elements import UISelectionList, UITextBox

from game.games import CATALOGUE, REGISTRY, load_all
from game.learn.diagrams import Diagram, is_position
from game.resources import rules_sheet
from game.ui import widgets
from game.ui.diagram_view import DiagramImages
from game.ui.widgets import FormScene

HEADING = "#e3b774"
CODE = widgets.CODE_COLOUR
DIM = "#9aa5b1"
BLOCK_BG = "#10151b"  # behind a fenced block's lines (the sheet's card is lighter)
HEADING_SIZES = {1: 26, 2: 20, 3: 17}
BODY_SIZE = 16
MONO_SIZE = widgets.MONO_SIZE

# A position block's markup from its info string, lines and opening line.
Figure = Callable[[str, list[str], int], str | None]
ERROR = "#e08070"

_CODE = re.compile(r"`([^`]+)`")
_BOLD = re.compile(r"\*\*(.+?)\*\*|__(.+?)__")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])|(?<!\w)_(?!\s)(.+?)(?<!\s)_(?!\w)")
_LIST = re.compile(r"^\s*([-*+]|\d+[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```+|~~~+)")
_TABLE_RULE = re.compile(r"^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$")


def _mono(text: str, colour: str = CODE) -> str:
    return f"<font face='app_mono' pixel_size={MONO_SIZE} color='{colour}'>{text}</font>"


def inline(text: str) -> str:
    """One line of markdown (bold, italic, code) as pygame_gui HTML."""
    parts = []
    pos = 0
    # Code spans first, so nothing inside them is read as markup.
    for m in _CODE.finditer(text):
        parts.append(_emphasis(html.escape(text[pos : m.start()], quote=False)))
        parts.append(_mono(html.escape(m.group(1), quote=False)))
        pos = m.end()
    parts.append(_emphasis(html.escape(text[pos:], quote=False)))
    return "".join(parts)


def _emphasis(text: str) -> str:
    text = _BOLD.sub(lambda m: f"<b>{m.group(1) or m.group(2)}</b>", text)
    return _ITALIC.sub(lambda m: f"<i>{m.group(1) or m.group(2)}</i>", text)


def _cells(line: str) -> list[str]:
    line = line.strip()
    if line.startswith("|"):
        line = line[1:]
    if line.endswith("|"):
        line = line[:-1]
    return [c.strip() for c in line.split("|")]


def _table(rows: list[str]) -> list[str]:
    """A table, plainly: each row on its own line, cells set apart."""
    out = []
    header = True
    for row in rows:
        if _TABLE_RULE.match(row):
            continue
        cells = [inline(c) for c in _cells(row)]
        sep = f"<font color='{DIM}'>  ·  </font>"
        line = sep.join(cells)
        out.append(f"<b>{line}</b>" if header else line)
        header = False
    return out


def _block(lines: list[str], columns: int | None) -> str:
    """A fenced code block: its lines as written, one under another, in the
    monospaced face on a darker ground, nothing in them read as markup (a
    board diagram, a position text). A line longer than ``columns`` goes on
    under itself."""
    rows = []
    for line in lines:
        for piece in widgets.fold(line, columns):
            body = piece.lstrip(" ")
            lead = "\u00a0" * (len(piece) - len(body))  # indentation kept, not collapsed
            rows.append(_mono("\u00a0" + lead + html.escape(body, quote=False) + "\u00a0"))
    return f"<body bgcolor='{BLOCK_BG}'>" + "<br>".join(rows) + "</body><br><br>"


def markdown_to_html(text: str, columns: int | None = None, figure: Figure | None = None) -> str:
    """The markdown subset of the rule sheets as pygame_gui HTML;
    ``columns``: how many monospaced characters a line of the box holds;
    ``figure``: the markup for a position block (its info string, its
    lines and the line of its opening fence), else it shows as code."""
    out: list[str] = []
    prose: list[str] = []
    fence: str | None = None  # the open fence's marker, inside a code block
    info = ""  # the open fence's info string
    start = 0  # the open fence's line
    block: list[str] = []
    for number, line in enumerate(text.replace("\r\n", "\n").split("\n"), start=1):
        opening = _FENCE.match(line)
        if fence is None and opening:
            out.append(_prose("\n".join(prose)))
            prose.clear()
            fence = opening.group(1)
            info, start = line.strip()[len(fence) :].strip(), number
        elif fence is None:
            prose.append(line)
        elif opening and opening.group(1).startswith(fence):
            shown = figure(info, block, start) if figure and is_position(info) else None
            out.append(shown if shown is not None else _block(block, columns and columns - 2))
            fence = None
            block.clear()
        else:
            block.append(line.rstrip().expandtabs(4))
    if fence is not None:  # a block never closed runs to the end of the sheet
        out.append(_block(block, columns and columns - 2))
    out.append(_prose("\n".join(prose)))
    body = "".join(out)
    while body.endswith("<br>"):
        body = body[: -len("<br>")]
    return body


def _prose(text: str) -> str:
    """Markdown without code blocks as HTML, ending in a blank line."""
    out: list[str] = []
    paragraph: list[str] = []
    table: list[str] = []

    def flush() -> None:
        if paragraph:
            out.append(inline(" ".join(paragraph)) + "<br><br>")
            paragraph.clear()
        if table:
            out.append("<br>".join(_table(table)) + "<br><br>")
            table.clear()

    in_list = False
    for raw in text.split("\n"):
        line = raw.rstrip()
        if not line.strip():
            flush()
            if in_list:
                out.append("<br>")
                in_list = False
            continue
        if line.lstrip().startswith("|"):
            if paragraph:
                flush()
            table.append(line)
            continue
        if table:
            flush()
        heading = _HEADING.match(line)
        if heading:
            flush()
            if in_list:
                out.append("<br>")
                in_list = False
            level = min(len(heading.group(1)), 3)
            size = HEADING_SIZES[level]
            out.append(
                f"<font pixel_size={size} color='{HEADING}'><b>{inline(heading.group(2))}</b>"
                "</font><br>"
            )
            continue
        if re.fullmatch(r"\s*([-*_])(\s*\1){2,}\s*", line):  # a rule line
            flush()
            continue
        item = _LIST.match(line)
        if item:
            flush()
            marker = item.group(1)
            bullet = "•" if marker in "-*+" else marker
            indent = "    " if raw[: len(raw) - len(raw.lstrip())] else ""
            out.append(
                f"{indent}<font color='{HEADING}'>{bullet}</font>  {inline(item.group(2))}<br>"
            )
            in_list = True
            continue
        if in_list and raw.startswith((" ", "\t")):  # a list item carried on
            out[-1] = out[-1][: -len("<br>")] + " " + inline(line.strip()) + "<br>"
            continue
        if line.startswith(">"):
            line = "*" + line.lstrip("> ").strip() + "*"
        if in_list:
            out.append("<br>")
            in_list = False
        paragraph.append(line.strip())
    flush()
    if in_list:
        out.append("<br>")
    return "".join(out)


def sheet_html(
    game_id: str, columns: int | None = None, images: DiagramImages | None = None
) -> str:
    """The rule sheet of a game as HTML, or a note that there is none yet;
    with ``images``, its position blocks drawn as boards."""
    title = next((e.title for e in CATALOGUE if e.id == game_id), game_id)
    path = rules_sheet(game_id)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return (
            f"<font pixel_size={HEADING_SIZES[1]} color='{HEADING}'><b>{html.escape(title)}</b>"
            f"</font><br><br><i>There is no rule sheet for {html.escape(title)} yet.</i>"
        )
    except (OSError, UnicodeDecodeError) as e:
        return f"<i>The rule sheet for {html.escape(title)} could not be read ({e}).</i>"
    figure = None
    if images is not None:
        sheet = f"{path.parent.name}/{path.name}"

        def figure(info: str, lines: list[str], line: int) -> str | None:
            diagram = Diagram(game_id, info, "\n".join(lines).strip(), line, sheet)
            return images.html(diagram, DIM, ERROR)

    return markdown_to_html(text, columns, figure)


class RulesScene(FormScene):
    def __init__(self, app, game_id: str | None = None):
        if not REGISTRY:
            load_all()
        ids = [e.id for e in CATALOGUE]
        self.game_id = game_id if game_id in ids else ids[0]
        super().__init__(app)

    def build(self) -> None:
        w, h = self.app.size
        ui = self.ui
        top = max(16, min(40, h // 22))
        widgets.label(ui, pygame.Rect(0, top, w, 64), "Rules", "#title")
        content_w = min(1140, w - 48)
        left = (w - content_w) // 2
        body_top = top + 84
        body_h = h - body_top - 24 - 56
        list_w = min(300, content_w // 3)
        # Titles shortened to the items' width (the scroll bar and the items'
        # padding taken off), else the longest ran under the scroll bar.
        font = ui.get_theme().get_font(["selection_list.button"])
        titles = [(widgets.fit(e.title, font, list_w - 48), f"#rules_{e.id}") for e in CATALOGUE]
        selected = next(t for t in titles if t[1] == f"#rules_{self.game_id}")
        self.list = UISelectionList(
            pygame.Rect(left, body_top, list_w, body_h),
            titles,
            ui,
            default_selection=selected,
            starting_height=2,
        )
        card = pygame.Rect(left + list_w + 20, body_top, content_w - list_w - 20, body_h)
        self.boards.append(card)
        # The box's padding insets the text, its scroll bar on the card's right.
        self.text_rect = pygame.Rect(card.left + 14, card.top + 2, card.width - 18, card.height - 4)
        self.text_box: UITextBox | None = None
        # The box's padding and its scroll bar come off its width.
        self.columns = widgets.mono_columns(self.text_rect.width - 40)
        # Pictures as wide as the text (narrower than the lines the box wraps
        # to once its scroll bar is in: a wider picture would never fit a
        # line, and pygame_gui would try for ever), boards short enough that
        # one shows whole in the box with a line of text above and below it.
        self.images = DiagramImages(
            self.text_rect.width - 60,
            min(440, self.text_rect.height - 90),
            self.app.settings,
            self.text_rect.height - 40,  # the box's view, less its padding
        )
        self._show_text()
        self.back_button = widgets.button(
            ui, pygame.Rect(left, h - 24 - 46, 160, 46), "Back", "#menu_button"
        )

    def _show_text(self) -> None:
        if self.text_box is not None:
            self.text_box.kill()
        self.text_box = UITextBox(
            sheet_html(self.game_id, self.columns, self.images),
            self.text_rect,
            self.ui,
            object_id="#rules_text",
        )

    def show(self, game_id: str) -> None:
        """Show another game's sheet."""
        self.game_id = game_id
        self._show_text()

    @property
    def text(self) -> str:
        """The sheet as shown, HTML included (for tests)."""
        return self.text_box.html_text if self.text_box is not None else ""

    def on_button(self, element: object) -> None:
        if element is self.back_button:
            self.back()

    def on_changed(self, element: object, text: str) -> None:
        if element is self.list:
            chosen = self.list.get_single_selection(include_object_id=True)
            if chosen:
                self.show(chosen[1].removeprefix("#rules_"))
