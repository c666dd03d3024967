"""Every game of the collection has a rule sheet, and the rules viewer shows it.

Each game in the catalogue has rules/<id>.md: not empty,
opening with a title line that names the game, and (for every sheet but the
first six, written before the convention) a section named Rulings with the
app's answers to what the original rules leave open. The viewer renders each
sheet headless, both directly and when the game is chosen in its list.
"""

from __future__ import annotations

import html
import re

import pytest
from helpers import tiers
from helpers.ui_driver import click, make_app, pump

from game.games import CATALOGUE, load_all
from game.resources import rules_sheet
from game.ui.menu import MainMenu
from game.ui.rules_view import HEADING_SIZES, RulesScene, markdown_to_html

TITLES = {e.id: e.title for e in CATALOGUE}
IDS = list(TITLES)

# The sheets of the first six games predate the Rulings section: chess and
# Chess960 have none, the others give theirs a longer name.
WITHOUT_RULINGS = {"chess", "chess960", "maces", "tulpas", "mulligan_stew", "tulaga"}
NEEDS_RULINGS = [i for i in IDS if i not in WITHOUT_RULINGS]

_RULINGS = re.compile(r"^##\s+Rulings\s*$", re.MULTILINE)
_HEADING = re.compile(r"^(#{1,3})\s+\S", re.MULTILINE)


def sheet(game_id: str) -> str:
    return rules_sheet(game_id).read_text(encoding="utf-8")


def test_the_catalogue_lists_every_registered_game_and_only_those():
    """No game waits in the menu for its rules: nothing is "coming"."""
    assert sorted(IDS) == sorted(load_all())
    assert {e.title for e in CATALOGUE} == {g.title for g in load_all().values()}


def test_the_sheets_needing_rulings_are_the_eleven_later_games():
    assert len(NEEDS_RULINGS) == 11
    assert set(IDS) >= WITHOUT_RULINGS


@pytest.mark.parametrize("game_id", IDS)
def test_sheet_exists_and_opens_with_the_title(game_id):
    path = rules_sheet(game_id)
    assert path.is_file(), f"no rule sheet at {path}"
    text = sheet(game_id)
    assert text.strip()
    first = next(line for line in text.splitlines() if line.strip())
    assert first == f"# {TITLES[game_id]}"
    assert len(re.findall(r"^#\s", text, re.MULTILINE)) == 1  # one title only


@pytest.mark.parametrize("game_id", NEEDS_RULINGS)
def test_sheet_has_a_rulings_section_with_rulings(game_id):
    text = sheet(game_id)
    match = _RULINGS.search(text)
    assert match, "no '## Rulings' section"
    rest = text[match.end() :]
    section = re.split(r"^##\s", rest, flags=re.MULTILINE)[0]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    assert items, "the Rulings section lists no rulings"


@pytest.mark.parametrize("game_id", IDS)
def test_markdown_renders_without_leftover_markup(game_id):
    text = sheet(game_id)
    html = markdown_to_html(text)
    assert TITLES[game_id].split()[0] in html
    # Every heading of the sheet comes out as a heading.
    headings = len(_HEADING.findall(text))
    sizes = sum(html.count(f"pixel_size={size} ") for size in HEADING_SIZES.values())
    assert sizes >= headings
    for leftover in ("**", "](", "\n#"):
        assert leftover not in html


_IN_THE_APP = re.compile(r"^## In the app\s*$", re.MULTILINE)


@pytest.mark.parametrize("game_id", IDS)
def test_sheet_says_how_each_decision_is_made_in_the_app(game_id):
    """Every sheet has an "In the app" section (chess960, mulligan_stew and
    tulaga had none; others called it "Playing in the app"), with a list of
    what to click."""
    text = sheet(game_id)
    match = _IN_THE_APP.search(text)
    assert match, "no '## In the app' section"
    section = re.split(r"^##\s", text[match.end() :], flags=re.MULTILINE)[0]
    items = [line for line in section.splitlines() if line.startswith("- ")]
    assert len(items) >= 3, "the section says little"
    assert re.search(r"\b(click|drag)", section, re.IGNORECASE)


_FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


def plain(html_text: str) -> str:
    """The rendered sheet as a reader sees it: tags gone, a line per <br>."""
    text = re.sub(r"<br>", "\n", html_text)
    return html.unescape(re.sub(r"<[^>]+>", "", text)).replace("\u00a0", " ")


@pytest.mark.parametrize("game_id", IDS)
def test_fenced_blocks_keep_their_lines_and_leave_no_backtick(game_id):
    """Golf's board diagram one row a line, a position text whole, and no
    stray backtick anywhere (a code block read as a paragraph had both)."""
    text = sheet(game_id)
    shown = plain(markdown_to_html(text)).splitlines()
    assert not [line for line in shown if "`" in line]
    at = 0
    for block in _FENCED.findall(text):
        for line in block.rstrip("\n").splitlines():
            # Each line of the block is a line of its own, after the last one.
            at = shown.index(" " + line + " ", at) + 1


def test_a_long_block_line_is_folded_at_a_slash_or_space_never_hyphenated():
    fen = "m1n1qk1n1m/1h1rbbr1h1/pppppppppp/10/10/10/10/PPPPPPPPPP/1H1RBBR1H1/M1N1QK1N1M w - 0 1"
    rows = plain(markdown_to_html(f"```\n{fen}\n```", columns=32)).strip().splitlines()
    assert len(rows) > 2 and all(len(row) <= 32 for row in rows)
    assert [row.strip() for row in rows][0] == "m1n1qk1n1m/1h1rbbr1h1/"
    assert "".join(row.strip() for row in rows).replace(" ", "") == fen.replace(" ", "")


# Every sheet's markdown is checked for every game above; the viewer's layout
# of it costs a third of a second, so only the sample's sheets are laid out
# in the fast tier.
@pytest.mark.parametrize("game_id", tiers.ui_sweep(IDS))
def test_rules_viewer_shows_the_sheet(game_id):
    app = make_app(MainMenu, lambda a: RulesScene(a, game_id))
    try:
        pump(app)
        scene = app.scene
        assert isinstance(scene, RulesScene) and scene.game_id == game_id
        text = scene.text
        assert "no rule sheet" not in text and "could not be read" not in text
        assert f"<b>{TITLES[game_id]}</b>" in text
        if game_id in NEEDS_RULINGS:
            assert "<b>Rulings</b>" in text
    finally:
        app.close()


def test_a_game_chosen_in_the_list_shows_its_sheet():
    app = make_app(MainMenu, RulesScene)
    try:
        pump(app)
        scene = app.scene
        item = next(i for i in scene.list.item_list if i["text"] == TITLES["telepathic"])
        click(app, item["button_element"])
        assert scene.game_id == "telepathic"
        assert "<b>Telepathic Chess</b>" in scene.text and "predict" in scene.text
    finally:
        app.close()
