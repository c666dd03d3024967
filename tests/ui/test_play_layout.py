"""Every control of the play scene is reachable at every allowed window
size, in every game: laid out at the app's minimum window (800 x 560), a
wide short one (1280 x 600) and a large one, each game's panel keeps its
buttons inside the window, no two of its parts overlap, the move list shows
three lines, and widgets that do not fit scroll in a view of their own.

Each game is laid out at its start and part-way through a seeded random
game (the panel's choices and the widgets' heights change with the
position), with every mode that changes the panel; and, finished, with an
analysis's graph under the move list (at 1280 x 800 it kept one clipped
line of Masquerade's moves; at 800 x 560 it pushed the buttons out), and
before that, going on, with one shown while looking back: the game's widgets
keep the room they had without it.
"""

from __future__ import annotations

import random

import pygame
import pytest
from helpers import tiers
from helpers.text_ink import clashes, recorded_fonts, widget_texts
from helpers.ui_driver import pump

from game.ai.analysis import Review, StepReview
from game.app import MIN_SIZE, App
from game.clock import Clock
from game.games import REGISTRY, load_all
from game.match import Match
from game.ui import art, widgets
from game.ui.adapters import adapter_for
from game.ui.play import PlayScene
from game.ui.play.analysis_view import HEADER_FONT

load_all()

SIZES = (MIN_SIZE, (1280, 600), (1600, 1000))
ANALYSED_SIZES = (MIN_SIZE, (1280, 800))
STEPS = (0, 9, 20)  # random steps played before the layout is checked
MIN_VIEW = 48  # the least height of a view the widgets scroll in


def _modes() -> list[tuple[str, dict, list[str]]]:
    """(game, options, players): one seat a person, the others the
    computer, and each mode that changes the panel."""
    out = []
    for game_id, game in sorted(REGISTRY.items()):
        seats = len(game.seats)
        players = ["human"] + ["computer:random"] * (seats - 1)
        if game_id == "golf":
            out.append((game_id, {"players": 1}, ["human"] * seats))
            out.append((game_id, {"players": 4}, players))
        elif game_id == "cooperative":
            out.append((game_id, {"mode": "solitaire"}, ["human", "computer:random"]))
            out.append((game_id, {"mode": "two players"}, ["human", "human"]))
        else:
            out.append((game_id, {}, players))
    return out


MODES = _modes()


def _played(game_id: str, options: dict, players: list[str], steps: int) -> Match:
    match = Match(game_id, options, 3, players)
    rng = random.Random(steps)
    for _ in range(steps):
        if match.state.is_over():
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.state.to_act()})
    return match


def _cases() -> list:
    """(size, mode) pairs: every game at the smallest window in both tiers;
    at the other sizes the UI_SAMPLE games (helpers/tiers.py) in both and
    the rest in the slow tier."""
    out = []
    for size in SIZES:
        for mode in MODES:
            game_id, options, _ = mode
            # The largest window: two of the sample (most overlaps show small).
            sampled = (
                size == MIN_SIZE or game_id in tiers.UI_SAMPLE[: 2 if size == SIZES[-1] else None]
            )
            name = f"{size[0]}x{size[1]}-{game_id}-{'-'.join(map(str, options.values()))}"
            marks = [] if sampled else [pytest.mark.slow]
            out.append(pytest.param(size, mode, False, marks=marks, id=name))
    # Analysed: the UI_SAMPLE games in both tiers, the rest in the slow tier.
    for size in ANALYSED_SIZES:
        for mode in MODES:
            game_id, options, _ = mode
            name = f"{size[0]}x{size[1]}-{game_id}-{'-'.join(map(str, options.values()))}-analysed"
            marks = [] if game_id in tiers.UI_SAMPLE else [pytest.mark.slow]
            out.append(pytest.param(size, mode, True, marks=marks, id=name))
    return out


def _analysed_going(scene: PlayScene, where: str) -> None:
    """While the game goes on, an analysis (looking back, from the person's
    view) leaves the game's widgets the room they had without it: the graph
    shrinks or folds away first (it squeezed Tar Pit's hand to a sliver at
    800 x 560 on White's turn)."""
    match, panel = scene.match, scene.panel
    if match.is_over() or not scene.widgets:
        return
    before = panel.widget_view.size
    steps = [StepReview(i, "e4", 0.5, (), "") for i in range(len(match.records))]
    scene.analysis.review = Review(match.game_id, "White", "pawns", 1, False, 0, steps=steps)
    scene.analysis._relayout()
    after = panel.widget_view.size
    assert after[0] >= before[0] and after[1] >= before[1], (
        f"{where}, analysed while going: the widgets' view {before} shrank to {after}"
    )
    _check(scene, f"{where}, analysed while going")
    scene.analysis.review = None


def _analysed(scene: PlayScene) -> None:
    """Finish the game (the person resigns) and show an analysis of it: a
    made-up one, as the strip lays it out whatever its values."""
    match = scene.match
    if not match.is_over():
        scene.after_events(match.resign(match.players.index("human")))
    steps = [StepReview(i, "e4", (-1) ** i * 0.5, (), "") for i in range(len(match.records))]
    scene.analysis.review = Review(match.game_id, "White", "pawns", 1, True, None, steps=steps)
    scene.analysis._relayout()
    strip = scene.analysis.rect
    assert strip.h > 0
    head = art.ui_font(HEADER_FONT).size(scene.analysis.header())[0]
    assert head <= strip.w - 20, "the graph's header runs past its frame"


@pytest.fixture
def sized_app(size):
    app = App(fullscreen=False, size=size)
    app.running = True
    yield app
    for scene in list(app.scenes):
        if isinstance(scene, PlayScene):
            scene.close_runners()
    app.close()


def _controls(scene: PlayScene) -> dict[str, pygame.Rect]:
    """Every part of the panel a person reads or clicks, by name."""
    panel = scene.panel
    parts = {f"button {key}": b.rect for key, b in panel.buttons.items()}
    parts |= {f"choice {c.label}": b.rect for b, c in panel.choice_buttons.items()}
    parts["move list"] = panel.moves.rect
    if scene.analysis.rect.h:
        parts["analysis"] = scene.analysis.rect
    parts["status"] = panel.status_rect
    if panel.widget_view.h:
        parts["widgets"] = panel.widget_view
    if panel.captured_rect.h:
        parts["captured"] = panel.captured_rect
    return parts


def _check(scene: PlayScene, where: str) -> None:
    window = pygame.Rect((0, 0), scene.app.size)
    parts = _controls(scene)
    for name, rect in parts.items():
        assert window.contains(rect), f"{where}: {name} {rect} leaves the window {window.size}"
    names = sorted(parts)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            assert not parts[a].colliderect(parts[b]), f"{where}: {a} overlaps {b}"
    for name, rect in parts.items():
        assert not rect.colliderect(scene.board.outer), f"{where}: {name} over the board"
    # Three lines of moves without scrolling (two where a widget drawn as
    # small as it may be needed the third: Telepathic's four clocks at 800 x 560).
    moves = scene.panel.moves
    lines = 2 if scene.panel.moves_gave else 3
    moves.set_text("<br>".join(["<a href='1'>1. e4 e5</a>"] * lines))
    assert moves.scroll_bar is None, f"{where}: the move list shows fewer than {lines} lines"
    # The widgets: each inside its view, or the view scrolls to every part of them.
    panel = scene.panel
    view = panel.widget_view
    if not scene.widgets:
        return
    _texts_apart(scene, where)
    _decision_in_sight(scene, where)
    if not panel.widgets_scroll:
        for widget in scene.widgets:
            assert view.contains(widget.rect), f"{where}: {type(widget).__name__} is cut"
        return
    assert view.h >= MIN_VIEW, f"{where}: the widgets' view is {view.h} px"
    panel.scroll_widgets(-(10**6))
    assert scene.widgets[0].rect.top == view.top
    panel.scroll_widgets(10**6)
    last = [w for w in scene.widgets if w.rect.h][-1]
    assert last.rect.bottom == view.bottom, f"{where}: the last widget cannot be scrolled to"


def _decision_in_sight(scene: PlayScene, where: str) -> None:
    """The widget a person's decision starts in is in the widgets' view,
    whole if it fits (Tar Pit's hand showed a third of its height at 800 x
    560 in the card step, under the checkers' counts), and none of its words
    is cut by the view's edge (with a clock, half the hand's title showed
    over its cards)."""
    view = scene.panel.widget_view
    firsts = {path[0] for path in scene.input.table if path[0] < 0}
    for widget in scene.widgets:
        if widget.rect.h and any(widget.shows(place) for place in firsts):
            name = type(widget).__name__
            with recorded_fonts():
                texts = widget_texts(widget, scene.input, scene.app.size)
            for words, ink in texts:
                assert view.contains(ink) or not view.colliderect(ink), (
                    f"{where}: {name}'s {words!r} {ink} cut by {view}"
                )
            clicked = widget.places_area()
            if widget.rect.h <= view.h:
                assert view.contains(widget.rect), f"{where}: {name} is cut"
            elif clicked.h <= view.h:  # taller than the view: what is clicked, whole
                assert view.contains(clicked), f"{where}: {name}'s {clicked} cut by {view}"
            else:
                assert clicked.top == view.top, f"{where}: {name}'s {clicked} cut by {view}"
            return


def _texts_apart(scene: PlayScene, where: str) -> None:
    """Each widget's words stay inside it and apart: no label runs into
    another ("Supply: 24 checkers0 under pieces"), no table into its title."""
    with recorded_fonts():
        for widget in scene.widgets:
            if widget.rect.h:
                texts = widget_texts(widget, scene.input, scene.app.size)
                wrong = clashes(widget, texts)
                assert not wrong, f"{where}: {type(widget).__name__}: {'; '.join(wrong)}"


@pytest.mark.parametrize(("size", "mode", "analysed"), _cases())
def test_every_control_is_in_the_window_and_nothing_overlaps(sized_app, mode, analysed):
    game_id, options, players = mode
    for steps in STEPS:
        scene = PlayScene(sized_app, _played(game_id, options, players, steps))
        sized_app.push(scene)
        where = f"{game_id} {options} at {sized_app.size} after {steps} steps"
        if analysed:
            _analysed_going(scene, where)
            _analysed(scene)
            where += ", analysed"
        _check(scene, where)
        scene.close_runners()
        sized_app.pop()


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_wheel_scrolls_widgets_that_do_not_fit_and_hidden_ones_take_no_clicks(monkeypatch):
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    try:
        match = Match("tar_pit", {}, 3, ["human", "computer:random"])
        scene = PlayScene(app, match)
        app.push(scene)
        panel = scene.panel
        assert panel.widgets_scroll  # three widgets under the list: too tall at 800 x 560
        view = panel.widget_view
        below = scene.widgets[-1].rect
        assert below.bottom > view.bottom
        hidden = (below.centerx, view.bottom + 4)
        assert scene.input.place_at(hidden) is None  # under the view: not the widget's
        pygame.mouse.set_pos(view.center)
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
        monkeypatch.setattr(scene, "_drive_bots", lambda: None)
        pump(app, 2)
        assert panel.widget_offset > 0
        assert scene.widgets[-1].rect.bottom < below.bottom
    finally:
        for scene in list(app.scenes):
            if isinstance(scene, PlayScene):
                scene.close_runners()
        app.close()


@pytest.mark.parametrize(
    ("clock", "first_size"),
    [(False, MIN_SIZE), (True, MIN_SIZE), (False, (1280, 800)), (True, (1280, 800))],
    ids=["800x560", "800x560-clock", "resized", "resized-clock"],
)
def test_the_widget_a_decision_starts_in_scrolls_into_sight(clock, first_size):
    """Tar Pit's card step at 800 x 560: the hand under the checkers' counts
    and the "No card" button; the view scrolls to the hand's cards, whole
    (with a clock on, the view is shorter than the hand: its title showed and
    the buttons cut the cards), and again after the window is resized (from
    1280 x 800, where it fitted, only 10 px of the cards showed)."""
    app = App(fullscreen=False, size=first_size)
    app.running = True
    try:
        match = Match("tar_pit", {}, 3, ["human", "computer:random"])
        if clock:
            match.clock = Clock.new(180, 2, 2)
        rng = random.Random(3)
        while not any(c.label == "No card" for c in _choices(match, 0)):
            match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.state.to_act()})
        scene = PlayScene(app, match)
        app.push(scene)
        hand = scene.widgets[1]
        assert hand.slots
        if first_size != MIN_SIZE:
            _check(scene, "tar_pit's card step")
            scene.panel.scroll_widgets(-(10**6))  # the person scrolled; the resize brings it back
            app.window = pygame.display.set_mode(MIN_SIZE, pygame.RESIZABLE)
            scene.resize(MIN_SIZE)  # as the App does (the dummy driver sends no resize)
        assert scene.panel.widgets_scroll
        if hand.rect.h <= scene.panel.widget_view.h:
            assert scene.panel.widget_view.contains(hand.rect)
        _check(scene, f"tar_pit's card step at {app.size}, clock {clock}, from {first_size}")
    finally:
        for shown in list(app.scenes):
            if isinstance(shown, PlayScene):
                shown.close_runners()
        app.close()


def _choices(match: Match, seat: int) -> list:
    state = match.state
    return adapter_for(match.game).panel_choices(state, seat) if seat in state.to_act() else []


# -- the status box's lines ------------------------------------------------------------
def _status_scene(game_id: str, players: list[str]) -> tuple[App, PlayScene]:
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    scene = PlayScene(app, Match(game_id, seed=3, players=players))
    app.push(scene)
    pump(app, 2)
    return app, scene


def _heading_shown(panel) -> str:
    """The status heading as the heading's own style shows it (two lines)."""
    return f"{panel.status.text} {panel.status_spill.text}".strip()


@pytest.mark.parametrize("game_id", tiers.ui_sweep(sorted(load_all())))
def test_a_wrapped_status_heading_stays_in_the_headings_style(game_id, monkeypatch):
    """ "White B: move (White A has / predicted)" put its last word in the
    dim second-line style. Every game's own first heading, and a heading as
    long as two lines, at the smallest window: the heading's words are all in
    the heading's style, and the dim lines hold only what follows it."""
    app, scene = _status_scene(game_id, ["human"] * len(REGISTRY[game_id].seats))
    try:
        panel = scene.panel
        heading, _, rest = panel.status_text.partition("\n")
        shown = _heading_shown(panel)
        assert shown == heading or heading.startswith(shown.removesuffix("…"))
        long = "Choose in secret the piece your partner moves"
        monkeypatch.setattr(scene, "status_line", lambda: f"{long}\nthe rest")
        scene.refresh()
        assert panel.status_spill.text and _heading_shown(panel) == long
        assert [label.text for label in panel.status_more] == ["", "the rest"]
    finally:
        app.close()


def test_a_heading_longer_than_two_lines_goes_on_in_the_smaller_lines(monkeypatch):
    """Golf's daily task was cut "...one takes the oth..." at 800x560."""
    app, scene = _status_scene("chess", ["human", "human"])
    try:
        panel = scene.panel
        words = "A white king and a black knight: one takes the other. Move 1, par 3."
        monkeypatch.setattr(scene, "status_line", lambda: words * 2)
        scene.refresh()
        lines = [panel.status.text, panel.status_spill.text, panel.status_more[1].text]
        assert "…" not in " ".join(lines[:2]) and " ".join(lines).startswith(words)
    finally:
        app.close()


def test_each_status_line_starts_a_line_of_its_own(monkeypatch):
    """ "Hint: choose at random, so that nobody can read y…" was cut: the
    hint ran on after the line before it. Each line starts a label of its
    own; the last wraps over what is left."""
    app, scene = _status_scene("chess", ["human", "human"])
    try:
        panel = scene.panel
        monkeypatch.setattr(scene, "status_line", lambda: "White to move\nHint: Nf3\nsecond")
        scene.refresh()
        assert [label.text for label in panel.status_more] == ["Hint: Nf3", "second"]
        words = "a line that needs both small lines to be read"
        monkeypatch.setattr(scene, "status_line", lambda: f"White to move\n{words}")
        scene.refresh()
        assert " ".join(label.text for label in panel.status_more) == words
    finally:
        app.close()


@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_looking_back_the_way_back_and_the_evaluation_are_both_read_whole(game_id, monkeypatch):
    """At 800 x 560 the status read "... End returns to its…": an analysis's
    long word on the step ran on into the way back, which was cut; then, a
    step's words as long as two heading lines left the way back and the
    evaluation one line to share: "End returns to the game · Eva…". At every
    step of every game, going on and finished, with the longest word an
    analysis gives, the way back and the evaluation (with the mark and the
    better step) each have a line of their own and are read whole; the
    heading keeps to its line and still says it is looking back."""
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    try:
        seats = len(REGISTRY[game_id].seats)
        match = _played(game_id, {}, ["human"] + ["computer:random"] * (seats - 1), 12)
        scene = PlayScene(app, match)
        app.push(scene)
        panel = scene.panel
        evaluation = "Eval +0.3 · ?? better Nbxd7+"
        judged = f"{evaluation} (lost 2.4; ?! 0.5 ? 1 ?? 2)"
        monkeypatch.setattr(scene.analysis, "words", lambda: judged)
        for over in (False, True):
            if over and not match.is_over():
                scene.after_events(match.resign(0))
            for at in range(len(match.records)):  # the last is the game as it is
                scene.looking.go(at)
                scene.refresh()
                if scene.looking_at is None:
                    continue
                back = scene.looking.words().partition("\n")[2]
                labels = [panel.status, panel.status_spill, *panel.status_more]
                shown = [label.text for label in labels]
                where = f"{game_id} at step {at}{', over' if over else ''}: {shown}"
                assert shown[0].startswith("Looking back") and not shown[1], where
                assert shown[2] == back and shown[3].startswith(evaluation), where
                assert all(
                    t == widgets.cut_to_label(lb, t) for lb, t in zip(labels, shown, strict=True)
                ), where
    finally:
        for shown_scene in list(app.scenes):
            if isinstance(shown_scene, PlayScene):
                shown_scene.close_runners()
        app.close()


# -- the players' lines ----------------------------------------------------------------
LONG_NAME = "Bartholomew Gray"  # as long as a name may be (match.NAME_MAX)


def _seat_players(game) -> list[tuple[list[str], list[str]]]:
    """(players, names) as the setup form makes them: a person against
    Normal, every seat Hard; in a game of two, a person against Easy, a
    named person against Normal, and two people, one named."""
    seats = len(game.seats)
    out = [
        (["human"] + ["computer:search:2"] * (seats - 1), []),
        (["computer:search:3"] * seats, []),
    ]
    if seats == 4:  # every level at once; four people with long names
        out += [
            (["human", "computer:search:3", "computer:easy", "computer:search:2"], []),
            (["human"] * 4, [LONG_NAME[: 16 - i] + str(i) for i in range(4)]),
        ]
    if len(game.seats_in_play(game.default_options())) == 2:
        out += [
            (["human", "computer:easy"], []),
            (["human", "computer:search:2"], [LONG_NAME, ""]),
            (["human", "human"], ["", LONG_NAME]),
        ]
    return out


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)], ids=["800x560", "1280x800"])
@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_every_seats_player_is_read_whole(game_id, size):
    """At 800 x 560 the players' line read "White: Human · Black: Computer
    (Nor…" in every two-seat game, and four-seat games lost seats at any
    size (with a clock, "… · Black A 3:00 Computer (Ha…" and no Black B).
    For the players the setup form makes, with a clock where the game
    offers one: each seat's player (and time) is read whole, on a line with
    its seat (or with "the others", "Every seat"), no line cut, and the
    panel keeps every control in the window (up to a line a seat)."""
    from game.clock import offers_clock, shown
    from game.ui.play import seats

    game = REGISTRY[game_id]
    app = App(fullscreen=False, size=size)
    app.running = True
    try:
        for players, names in _seat_players(game):
            for clocked in [False, True] if offers_clock(game, {}) else [False]:
                match = Match(game_id, seed=3, players=players, names=names or None)
                if clocked:
                    match.clock = Clock.new(180, 2, len(game.seats))
                scene = PlayScene(app, match)
                app.push(scene)
                lines = [label.text for label in scene.panel.who_labels]
                where = f"{game_id} {players} {names} clock {clocked}: {lines}"
                _check(scene, where)
                for label in scene.panel.who_labels:
                    assert label.text == widgets.cut_to_label(label, label.text), where
                    assert not label.text.endswith("…"), where
                for seat in game.seats_in_play(match.options):
                    who = seats.player_text(match, seat)
                    named = (game.seats[seat], "others", "Every seat")
                    if clocked:  # its own time beside it, never grouped; a short name may do
                        time = shown(match.clock.left[seat])
                        called = {game.seats[seat], (game.short_seats or game.seats)[seat]}
                        named = tuple(f"{name} {time} " for name in called)
                    assert any(any(n in line for n in named) for line in lines if who in line), (
                        f"{where}: {game.seats[seat]} {who!r}"
                    )
                scene.close_runners()
                app.pop()
    finally:
        app.close()


def test_choices_share_rows_as_before_and_three_a_row_only_where_rows_run_short():
    """A lone choice keeps half the panel's width ("No card"); Tulpas' five
    take three rows in a tall window and two in a short one."""
    from game.ui.play.panel import _choice_rows

    pygame.font.init()
    tulpas = ["Amazon", "Wild Ox", "Archer", "Spider", "Tulpa Mace"]
    assert _choice_rows(["No card"], 266, 8, True) == [([0], 2)]
    assert _choice_rows(tulpas, 266, 8, False) == [([0, 1], 2), ([2, 3], 2), ([4], 2)]
    assert _choice_rows(tulpas, 266, 8, True) == [([0, 1, 2], 3), ([3, 4], 2)]
    wide = ["Play the card you hold"] * 3  # too wide for half: one a row
    assert _choice_rows(wide, 266, 8, True) == [([0], 1), ([1], 1), ([2], 1)]


@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_a_name_too_wide_for_the_status_never_hides_the_prompt(game_id):
    """At 800 x 560 a 16-letter name of Ws filled the status's heading,
    clipped, and "(White) to move" never showed: a name too wide for the
    heading's lines leaves it (the players' line names the seat's person)."""
    from game.match import NAME_MAX

    game = REGISTRY[game_id]
    first = Match(game_id, seed=3).waiting_for()[0]
    players = ["computer:random"] * len(game.seats)
    players[first] = "human"
    names = [""] * len(game.seats)
    names[first] = "W" * NAME_MAX
    from game.clock import offers_clock

    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    try:
        for clocked in [False, True] if offers_clock(game, {}) else [False]:
            match = Match(game_id, seed=3, players=players, names=names)
            if clocked:
                match.clock = Clock.new(600, 5, len(game.seats))
            scene = PlayScene(app, match)
            app.push(scene)
            pump(app, 2)
            panel = scene.panel
            prompt = scene.seen.state.prompt(first)
            shown = [panel.status.text, panel.status_spill.text]
            for label, text in zip((panel.status, panel.status_spill), shown, strict=True):
                assert text == widgets.cut_to_label(label, text), (game_id, shown)
            label = game.seats[first]
            words = (prompt[len(label) :] if prompt.startswith(label) else prompt).split()[:2]
            assert " ".join(words) in " ".join(shown), (game_id, prompt, shown)
            for who in panel.who_labels:  # the players' lines: cut with "…", never clipped
                assert who.text == widgets.cut_to_label(who, who.text), (game_id, who.text)
            scene.close_runners()
            app.pop()
    finally:
        app.close()
