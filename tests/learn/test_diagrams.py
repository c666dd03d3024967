"""Rule sheet diagrams: every position block of every sheet is read by its
game's own from_text, the info string says what the brief fixes, and the
rules viewer draws the blocks as boards."""

from __future__ import annotations

import re

import pygame
import pytest
from helpers.ui_driver import pump

from game.app import App
from game.games import CATALOGUE, REGISTRY, load_all
from game.learn import diagrams
from game.learn.diagrams import Diagram, DiagramError, Marks, find_diagrams, parse_info
from game.ui import diagram_view
from game.ui.board_view import THEMES
from game.ui.menu import MainMenu
from game.ui.rules_view import RulesScene

IDS = [e.id for e in CATALOGUE]
ILLUSTRATED = IDS  # every sheet has its diagrams
LIGHT, DARK = THEMES["wood"][:2]


@pytest.mark.parametrize("game_id", IDS)
def test_every_diagram_is_read_by_its_games_from_text(game_id):
    for diagram in diagrams.sheet_diagrams(game_id):
        state = diagram.state()  # DiagramError names the sheet and the line
        arrows, rings = diagram.squares(state)
        assert state.to_text()  # a real state of the game
        assert all(0 <= sq for pair in arrows for sq in pair) and all(0 <= sq for sq in rings)


@pytest.mark.parametrize("game_id", ILLUSTRATED)
def test_the_sheet_has_at_least_two_diagrams_each_with_a_caption(game_id):
    found = diagrams.sheet_diagrams(game_id)
    assert len(found) >= diagrams.MIN_PER_SHEET
    assert all(d.marks().caption for d in found)
    count, problems = diagrams.verify()[game_id]
    assert (count, problems) == (len(found), [])


def test_verify_counts_every_game():
    report = diagrams.verify()
    assert set(report) == set(load_all())
    for game_id in ILLUSTRATED:
        assert report[game_id][0] >= 2


# -- the info string ----------------------------------------------------------------------------


def test_a_caption_alone():
    assert parse_info("position The thrown Mace kills the king") == Marks(
        "The thrown Mace kills the king"
    )


def test_caption_arrows_and_rings_as_the_brief_writes_them():
    marks = parse_info("position The thrown Mace kills the king; arrows b2-d3 d3-d5; rings d5")
    assert marks.caption == "The thrown Mace kills the king"
    assert marks.arrows == (("b2", "d3"), ("d3", "d5"))
    assert marks.rings == ("d5",)


def test_no_caption_commas_and_either_order():
    marks = parse_info("position; rings A1, c3 ;arrows E2-E4")
    assert marks == Marks("", (("e2", "e4"),), ("a1", "c3"))
    assert parse_info("position") == Marks()


@pytest.mark.parametrize(
    "info, words",
    [
        ("position Look; here is more", "unknown part"),
        ("position x; arrows e2e4", "FROM-TO"),
        ("position x; arrows e2-", "FROM-TO"),
        ("position x; rings", "names no square"),
        ("position x; rings e4; rings e5", "twice"),
    ],
)
def test_a_bad_info_string_says_what_is_wrong(info, words):
    with pytest.raises(ValueError, match=words):
        parse_info(info)


def test_only_the_word_position_opens_a_block():
    assert diagrams.is_position("position")
    assert diagrams.is_position("position; rings e4")
    assert diagrams.is_position("position Caption")
    assert not diagrams.is_position("positions")
    assert not diagrams.is_position("")
    assert not diagrams.is_position("python")


# -- finding blocks ------------------------------------------------------------------------------

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_blocks_are_found_with_their_lines_and_other_fences_skipped():
    text = (
        "# Chess\n"  # 1
        "\n"
        "```\n"  # 3: a plain code block, with a position block's fence inside
        "```position not a diagram\n"
        "```\n"
        "\n"
        "```position The start; rings e2\n"  # 7
        f"{START}\n"
        "```\n"
    )
    found = find_diagrams(text, "chess", "rules/chess.md")
    assert [(d.line, d.body, d.info) for d in found] == [(7, START, "position The start; rings e2")]
    assert found[0].where == "rules/chess.md line 7"


def test_a_block_never_closed_is_named_by_sheet_and_line():
    with pytest.raises(DiagramError, match=r"rules/chess\.md line 2: .*never closed"):
        find_diagrams(f"x\n```position Open\n{START}\n", "chess", "rules/chess.md")


def test_a_position_the_rules_refuse_is_named_by_sheet_and_line():
    bad = Diagram("chess", "position Two kings", "8/8/8/8/8/8/8/KK6 w - - 0 1", 12, "rules/x.md")
    with pytest.raises(DiagramError, match=r"^rules/x\.md line 12: "):
        bad.state()
    assert diagrams.check(bad)[0].startswith("rules/x.md line 12: ")


def test_a_mark_off_the_board_is_named():
    off = Diagram("chess", "position x; rings i9", START, 3, "rules/chess.md")
    with pytest.raises(DiagramError, match=r"line 3: 'i9' is not a square of the 8x8 board"):
        off.squares(off.state())
    tulaga = Diagram("tulaga", "position x; rings i9", _tulaga_start(), 1, "t")
    assert diagrams.check(tulaga) == []  # the points board is 9 x 9


def _tulaga_start() -> str:
    load_all()
    return REGISTRY["tulaga"].new(None, 0).to_text()


# -- drawing -------------------------------------------------------------------------------------


def _colours(surface: pygame.Surface, rect: pygame.Rect) -> set[tuple[int, int, int]]:
    rect = rect.clip(surface.get_rect())
    return {
        tuple(surface.get_at((x, y)))[:3]
        for x in range(rect.left, rect.right, 3)
        for y in range(rect.top, rect.bottom, 3)
    }


def test_a_diagram_is_drawn_with_the_widgets_beside_the_board_or_under_it(app):
    tulpas = diagrams.sheet_diagrams("tulpas")[0]  # the Amazon placed, the hands shown
    wide = diagram_view.render(tulpas, 760, 420)
    narrow = diagram_view.render(tulpas, 420, 420)
    assert wide.get_width() == 760 and narrow.get_width() == 420
    # Beside: the picture is as tall as the board; under: taller by the widget.
    assert wide.get_height() <= 420 < narrow.get_height()
    for picture in (wide, narrow):
        seen = _colours(picture, picture.get_rect())
        assert LIGHT in seen and DARK in seen  # the board's squares
        assert diagram_view.RING[:3] in seen  # the rings round ranks 1 and 2


def test_the_viewer_draws_the_sheets_diagrams_as_boards(app):
    app.push(MainMenu(app))
    scene = RulesScene(app, "maces")
    app.push(scene)
    pump(app)
    count = len(diagrams.sheet_diagrams("maces"))
    assert count >= 3 and scene.text.count("<img ") == count
    assert scene.images.drawn == count
    assert "takes the king on g10" in scene.text  # a caption, under its board
    # Scrolled to the first picture, the board's squares are on screen.
    box = scene.text_box
    layout = box.text_box_layout
    tops = [r.y for r in layout.layout_rows if any(_is_image(i) for i in r.items)]
    assert len(tops) == count
    box.scroll_bar.set_scroll_from_start_percentage(tops[0] / layout.layout_rect.height)
    pump(app, 4)
    app.scene.draw(app.window)
    seen = _colours(app.window, box.rect)
    assert LIGHT in seen and DARK in seen


def test_the_sheet_without_pictures_grows_when_they_are_drawn(app, monkeypatch):
    app.push(MainMenu(app))
    scene = RulesScene(app, "chess")
    app.push(scene)
    with_boards = scene.text_box.text_box_layout.layout_rect.height
    monkeypatch.setattr(scene, "images", None)
    scene.show("chess")
    without = scene.text_box.text_box_layout.layout_rect.height
    assert with_boards > without + 4 * 150  # four boards, each well over 150 pixels


@pytest.mark.parametrize("size", [(800, 560), (1280, 800)])
def test_pictures_fit_the_lines_the_box_wraps_to(size):
    """A picture wider than the box's lines would never fit one, and
    pygame_gui would try for ever."""
    app = App(fullscreen=False, size=size)
    app.push(MainMenu(app))
    scene = RulesScene(app, "maces")
    app.push(scene)
    assert scene.text_box.scroll_bar is not None
    assert scene.images.width <= scene.text_box.text_wrap_rect.width
    assert scene.images.board_max <= scene.text_box.rect.height - 60
    app.close()


def test_a_diagram_that_cannot_be_read_shows_a_note(app, monkeypatch, tmp_path):
    from game.ui import rules_view

    sheet = tmp_path / "chess.md"
    sheet.write_text("# Chess\n\n```position Broken\n8/8/8 w - - 0 1\n```\n", encoding="utf-8")
    monkeypatch.setattr(rules_view, "rules_sheet", lambda game_id: sheet)
    app.push(MainMenu(app))
    scene = RulesScene(app, "chess")
    app.push(scene)
    pump(app)
    assert "line 3" in scene.text and "<img" not in scene.text


def _is_image(item) -> bool:
    from pygame_gui.core.text.image_layout_rect import ImageLayoutRect

    return isinstance(item, ImageLayoutRect)


@pytest.mark.parametrize("game_id", IDS)
def test_every_games_position_can_be_drawn_as_a_diagram(app, game_id):
    """The Chess Kit's sheets use the same viewer: each game's start, with
    its widgets (cards, hands, piles) beside the board and under it."""
    start = REGISTRY[game_id].new(None, 1).to_text()
    diagram = Diagram(game_id, "position The start", start, 1, f"rules/{game_id}.md")
    for width in (760, 420):
        picture = diagram_view.render(diagram, width, 400)
        assert picture.get_width() == width
        assert {LIGHT, DARK} <= _colours(picture, picture.get_rect())
    assert diagram_view.words_under(diagram).startswith("The start · ")


def test_a_fault_in_drawing_leaves_the_sheet_readable(app, monkeypatch):
    def broken(*args, **kwargs):
        raise RuntimeError("a widget fell over")

    monkeypatch.setattr(diagram_view, "render", broken)
    monkeypatch.setattr(diagram_view, "_FOLDER", None)  # no picture drawn before
    app.push(MainMenu(app))
    scene = RulesScene(app, "chess")
    app.push(scene)
    pump(app)
    assert "could not be drawn" in scene.text and "checkmate" in scene.text


def test_pictures_are_found_in_a_folder_whose_name_has_quotes(app, monkeypatch, tmp_path):
    folder = tmp_path / 'O\'Brien "home"'
    folder.mkdir()
    monkeypatch.setattr(diagram_view, "_FOLDER", folder)
    app.push(MainMenu(app))
    scene = RulesScene(app, "chess960")
    app.push(scene)
    pump(app)
    rows = scene.text_box.text_box_layout.layout_rows
    assert sum(_is_image(i) for r in rows for i in r.items) == 2
    assert len(list(folder.glob("*.png"))) == 2


def test_the_words_under_a_board_say_who_acts_once():
    def words(info: str, body: str = START) -> str:
        return diagram_view.words_under(Diagram("chess", info, body, 1))

    assert words("position The start") == "The start · White to move"
    assert words("position White to move: any of twenty") == "White to move: any of twenty"
    assert words("position") == "White to move"
    mate = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
    assert words("position Mate", mate) == "Mate · Black wins"


def _ink(widget) -> pygame.Rect | None:
    """Where ``widget`` draws when nothing clips it: drawn alone on a large
    clear surface, the box round every pixel it touched."""
    surface = pygame.Surface((widget.rect.right + 400, widget.rect.bottom + 400), pygame.SRCALPHA)
    widget.draw(surface, diagram_view._NoPaths())
    box = surface.get_bounding_rect()
    return box if box.w and box.h else None


@pytest.mark.parametrize("game_id", IDS)
def test_every_diagrams_widgets_draw_whole_within_their_column(app, game_id):
    """A widget beside or under a diagram's board draws inside its own
    rect (the picture clips it there): nothing cut at the column's edge."""
    for diagram in diagrams.sheet_diagrams(game_id):
        for width in (740, 400):
            placed: list = []
            diagram_view.render(diagram, width, 280, placed=placed)
            for widget in placed:
                ink = _ink(widget)
                assert ink is None or widget.rect.contains(ink), (
                    f"{diagram.where} at {width}: {type(widget).__name__} draws {ink}"
                    f" outside {widget.rect}"
                )


def _placed(game_id: str, n: int, width: int = 740) -> dict[str, object]:
    placed: list = []
    diagram_view.render(diagrams.sheet_diagrams(game_id)[n], width, 280, placed=placed)
    return {type(w).__name__: w for w in placed}


def test_zombie_shows_both_burial_charts_whole(app):
    chart = _placed("zombie", 4, 400)["BurialChart"]  # White's grave on c3
    ink = _ink(chart)
    assert ink is not None and chart.rect.contains(ink)
    assert chart.height > 150  # each chart's count under it


def test_cooperative_shows_both_hands_and_no_king_glow(app, monkeypatch):
    glows: list = []
    draw = diagram_view.BoardView.draw

    def spy(self, surface):
        glows.append(tuple(self.danger))
        draw(self, surface)

    monkeypatch.setattr(diagram_view.BoardView, "draw", spy)
    hand = _placed("cooperative", 0)["HandAndPiles"]
    assert [title for title, _ in hand.hands] == ["White's hand", "Black's hand"]
    white = hand.hands[0][1]
    assert [(c.side, c.kind) for c in white] == [(0, "queen")]
    assert glows == [()]  # the black king on e8 could be taken: no check glow


def test_masquerade_shows_both_tables_with_the_choice_known(app):
    tables = _placed("masquerade", 0)["MaskTables"]
    names = {name for name, _row, _col in tables._cells}
    assert names == {"reveal0", "reveal1"}


def test_golf_alone_the_dealer_is_no_you_deals(app):
    bar = _placed("golf", 0)["HoleBar"]
    words = " ".join(text for text, _ in bar.lines(bar.seen.state))
    assert "You deals" not in words and "The dealer deals 2 or 3 cards" in words


def test_a_picture_taller_than_the_box_goes_in_as_slices_it_can_show(app):
    """The text box crops an image to its own view's height: Zombie's board
    with both burial charts under it, at 800x560, is two pictures."""
    images = diagram_view.DiagramImages(400, 280, max_height=327)
    markup = images.html(diagrams.sheet_diagrams("zombie")[4], "#fff", "#f00")
    files = [diagram_view.Path(p) for p in re.findall(r'src="([^"]+)"', markup)]
    assert len(files) == 2
    assert all(pygame.image.load(str(f)).get_height() <= 327 for f in files)
    assert diagram_view.slices(500, [290, 470], 327) == [(0, 290), (290, 500)]
    assert diagram_view.slices(300, [290], 327) == [(0, 300)]
