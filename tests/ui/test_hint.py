"""The Hint button (and the H key) on the play screen: the computer suggests
an action for the person deciding, thinking in a worker from that person's
own view, and the suggestion shows on the board, on the widgets or on the
panel button that makes it, and in the status line, until anything changes.

Real scenes under SDL's dummy drivers; the hint's search is bounded by its
depth (a time limit that is never met). Positions are diagrams, rank 8 first.
"""

from __future__ import annotations

import random
import time

import pygame
import pytest
from helpers import chess_variants, toy_games
from helpers.bots import UNTIMED
from helpers.chess_diagrams import SCHOLARS_MATE_ON, fen_of
from helpers.ui_driver import PLAY_ADAPTER, drag, key, open_play, press_button, pump, settle

from game.ai import make_bot, think_now
from game.ai.levels import STRONGEST, spec_for
from game.ai.runner import BotRunner
from game.app import MIN_SIZE, App
from game.games import CATALOGUE, load_all
from game.match import Match
from game.ui import art, widgets
from game.ui.adapters import MoveAdapter
from game.ui.board_view import HINT
from game.ui.card_widgets import CardHand, CardLine, CardSlot
from game.ui.play import PlayScene
from game.ui.play.hint import AT_RANDOM, HINT_COLOUR, THINKING, hint_level
from game.ui.play.panel import BUTTON_TEXT_PAD, CONTROLS

# The hint's bot in these tests: depth 2, never stopped by the clock.
# Depth 2 bounds the search; the clock's budget is the most a spec may name
# (game.ai.SPEC_RANGES), so it never cuts the search short.
SPEC = "search:2:time=600:cap=600"
SEED = 11


def with_test_bot(scene: PlayScene) -> PlayScene:
    scene.hints.level, scene.hints.seed = SPEC, SEED
    return scene


def wait_for_hint(app: App, scene: PlayScene, limit: float = 120.0) -> None:
    """Frames until the hint's worker has answered (the limit only stops a
    hung test; nothing here depends on how long the search takes)."""
    end = time.monotonic() + limit
    while scene.hints.thinking:
        assert time.monotonic() < end, "the hint never came"
        pump(app, 1)
        time.sleep(0.005)
    pump(app, 2)


def ask(app: App, scene: PlayScene, how: str = "button") -> None:
    if how == "button":
        press_button(app, scene.panel.buttons["hint"])
    else:
        key(app, pygame.K_h)
    wait_for_hint(app, scene)


def sq(name: str) -> int:
    return (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])


def near(colour, target, tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour[:3], target, strict=True))


def hint_pixels(surface: pygame.Surface, rect: pygame.Rect) -> int:
    """How many pixels of the hint's colour lie on ``rect``'s edge, or just outside it."""
    count = 0
    for r in (rect, rect.inflate(6, 6)):
        for x in range(r.left, r.right):
            for y in (r.top, r.top + 1, r.bottom - 1, r.bottom - 2):
                if surface.get_at((x, y))[:3] == HINT_COLOUR:
                    count += 1
    return count


@pytest.fixture
def mate_in_one(app):
    start = fen_of(SCHOLARS_MATE_ON)
    match = Match("chess", seed=1, players=["human", "computer:random"], start=start)
    return match, with_test_bot(open_play(app, match))


# -- the hint itself -------------------------------------------------------------------
@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_the_hint_finds_the_mate_and_shows_it_on_the_board_and_in_the_status(app, mate_in_one):
    match, scene = mate_in_one
    assert scene.panel.buttons["hint"].is_enabled
    press_button(app, scene.panel.buttons["hint"])
    assert scene.hints.thinking or scene.hints.shown is not None
    if scene.hints.thinking:
        assert THINKING in scene.panel.status_text
        assert not scene.panel.buttons["hint"].is_enabled  # one hint at a time
    wait_for_hint(app, scene)
    assert "Hint: Qxf7#" in scene.panel.status_text
    assert scene.board.hint == (sq("h5"), sq("f7"))
    # Drawn: the two squares are framed in the hint's colour.
    app.step(1 / 60)
    for name in ("h5", "f7"):
        rect = scene.board.square_rect(sq(name))
        assert near(app.window.get_at((rect.x + 1, rect.centery)), HINT), name
    a1 = scene.board.square_rect(sq("a1"))
    assert not near(app.window.get_at((a1.x + 1, a1.centery)), HINT)
    assert match.history == []  # a hint plays nothing
    assert match.assists == {"hint"}  # but the game is assisted (game/records.py)


def test_the_hint_goes_when_a_move_is_played(app, mate_in_one):
    match, scene = mate_in_one
    ask(app, scene, how="key")
    assert scene.board.hint
    drag(app, scene.board.square_center(sq("a2")), scene.board.square_center(sq("a3")))
    settle(app, scene)
    assert match.history[0] == {0: "a3"}
    assert scene.board.hint == () and scene.hints.shown is None
    assert "Hint" not in scene.panel.status_text


def test_the_hint_goes_on_undo(app):
    match = Match("chess", seed=1, players=["human", "human"])
    match.play({0: match.state.parse_action("e4", 0)})
    scene = with_test_bot(open_play(app, match))
    ask(app, scene)
    assert scene.hints.shown is not None and scene.hints.shown.seat == 1
    press_button(app, scene.panel.buttons["undo"])
    press_button(app, widgets.dialogs(scene.ui)[-1].confirm_button)  # Black lets White take back
    assert match.history == []
    assert scene.hints.shown is None and scene.board.hint == ()
    assert scene.panel.buttons["hint"].is_enabled  # White may ask now


def test_the_hint_is_the_bots_choice_from_the_persons_view_and_rings_its_button(app, monkeypatch):
    """toy_climb: no board moves, so the hint rings the panel button that makes it."""
    toy_games.install(monkeypatch)
    match = Match("toy_climb", {"length": 9}, seed=5, players=["human"])
    match.play({0: 1})
    scene = with_test_bot(open_play(app, match))
    ask(app, scene)
    expected = think_now(SPEC, match.state, 0, rng=random.Random(SEED), **UNTIMED)
    assert scene.hints.shown.action == expected
    assert f"Hint: climb {expected}" in scene.panel.status_text
    (button,) = [b for b, c in scene.panel.choice_buttons.items() if c.action == expected]
    app.step(1 / 60)
    assert hint_pixels(app.window, button.rect)
    (other,) = [b for b, c in scene.panel.choice_buttons.items() if c.action != expected]
    assert not hint_pixels(app.window, other.rect)


def _never_weaker(spec: str, than: str) -> bool:
    """``spec`` searches at least as deep and as far as ``than``."""
    bot, other = make_bot(spec, **UNTIMED), make_bot(than, **UNTIMED)
    if spec == than:
        return True
    limits, others = getattr(bot, "limits", None), getattr(other, "limits", None)
    if limits is None or others is None:
        return False
    return limits.max_depth >= others.max_depth and limits.node_limit >= others.node_limit


@pytest.mark.parametrize("game_id", [e.id for e in CATALOGUE])
def test_the_hint_is_the_games_own_strongest_player(game_id):
    """Chess's hint asked the generic depth 3 ("search:3") while its Hard is
    a deep timed search, and suggested Kf1, Stockfish's 10th choice. The hint
    plays as the game's Hard does, or as the game's own hint bot where it
    sets one, which is never weaker."""
    game = load_all()[game_id]
    strongest = spec_for(game, STRONGEST)
    if game.hint_bot:
        assert hint_level(game) == game.hint_bot
        assert _never_weaker(game.hint_bot, strongest), (game.hint_bot, strongest)
    else:
        assert hint_level(game) == strongest
    assert make_bot(hint_level(game), **UNTIMED)  # a spec the bots read


def test_the_chess_hint_is_its_hard_level_in_the_scene(app):
    match = Match("chess", players=["human", "human"])
    scene = open_play(app, match)
    assert scene.hints.level == spec_for(match.game, STRONGEST) == "search:24"


def test_a_games_own_hint_bot_wins(monkeypatch):
    from game.games import REGISTRY

    toy_games.install(monkeypatch)
    climb = REGISTRY["toy_climb"]
    monkeypatch.setattr(type(climb), "hint_bot", "search:6", raising=False)
    assert hint_level(climb) == "search:6"


# -- secrets -------------------------------------------------------------------------------
def test_the_worker_gets_only_the_persons_view(app, monkeypatch):
    toy_games.install(monkeypatch)
    handed = []
    original = BotRunner.start_view

    def spy(self, view, seat, seed=None):
        handed.append((view, seat))
        return original(self, view, seat, seed)

    monkeypatch.setattr(BotRunner, "start_view", spy)
    match = Match("toy_line", seed=4, players=["human", "computer:random"])
    scene = with_test_bot(open_play(app, match))
    ask(app, scene)
    ((view, seat),) = handed
    assert seat == 0 and view.is_partial
    assert view.to_text() == match.state.view(0).to_text() != match.state.to_text()
    assert view.rng is None
    theirs = match.state.cards.cards("hand1")
    assert view.cards.seen("hand1", 0) != list(theirs)  # their hand is blank in it
    assert scene.hints.shown.action in match.state.legal_actions(0)


def test_start_view_thinks_from_the_view_it_is_handed(monkeypatch):
    toy_games.install(monkeypatch)
    match = Match("toy_line", seed=4)
    view = match.state.view(0)
    with BotRunner(SPEC) as runner:
        runner.start_view(view, 0, seed=SEED)
        end = time.monotonic() + 120
        action = None
        while action is None:
            assert time.monotonic() < end
            action = runner.poll()
            time.sleep(0.005)
    assert action == think_now(SPEC, view, 0, rng=random.Random(SEED), **UNTIMED)
    with pytest.raises(ValueError):
        BotRunner(SPEC, start=False).start_view(view, 1)  # not North's to decide


def test_another_person_at_the_screen_takes_the_hint_away(app, monkeypatch):
    toy_games.install(monkeypatch)
    match = Match("toy_line", seed=4, players=["human", "human"])
    scene = with_test_bot(open_play(app, match))
    scene.viewpoint.reveal()  # North takes the screen
    scene.refresh()
    ask(app, scene)
    assert scene.hints.shown is not None and scene.hints.shown.seat == 0
    scene.submit(0, match.state.legal_actions(0)[0])
    settle(app, scene)
    assert scene.viewpoint.covering  # pass to South
    assert scene.hints.shown is None and not scene.panel.buttons["hint"].is_enabled


def test_a_choice_to_make_at_random_gets_that_advice_and_no_search(app, monkeypatch):
    """A secret duel the other side would read if it were predictable (the
    computer picks uniformly there): the hint says to pick at random."""
    toy_games.install(monkeypatch)
    monkeypatch.setattr(toy_games.GuessState, "uniform_decision", lambda self, seat: True)
    match = Match("toy_guess", seed=2, players=["human", "computer:random"])
    scene = with_test_bot(open_play(app, match))
    end = time.monotonic() + 60
    while not scene.panel.buttons["hint"].is_enabled:  # the computer chooses first
        assert time.monotonic() < end
        pump(app, 1)
    assert list(match.pending) == [1]
    key(app, pygame.K_h)
    assert AT_RANDOM in scene.panel.status_text
    assert scene.bots.hint_runner is None  # nothing searched
    assert not scene.panel.buttons["hint"].is_enabled
    scene.submit(0, 1)
    end = time.monotonic() + 60
    while len(match.history) < 1:
        assert time.monotonic() < end
        pump(app, 1)
    assert AT_RANDOM not in scene.panel.status_text


# -- turns of several decisions, widgets ----------------------------------------------------
def test_a_turn_of_two_moves_gets_a_hint_for_the_move_at_hand(app, monkeypatch):
    chess_variants.install(monkeypatch)
    match = Match("test_marseillais", seed=1, players=["human", "human"])
    match.play({0: match.state.parse_action("e4", 0)})  # White's first turn: one move
    scene = with_test_bot(open_play(app, match))
    ask(app, scene)
    first = scene.hints.shown
    assert first.seat == 1 and first.action in match.state.legal_actions(1)
    scene.submit(1, match.state.parse_action("a6", 1))
    settle(app, scene)
    assert match.state.to_act() == (1,)  # Black's second move of the turn
    assert scene.hints.shown is None
    ask(app, scene)
    second = scene.hints.shown
    assert second.seat == 1 and second.action in match.state.legal_actions(1)
    assert second.text in scene.panel.status_text


HAND, LEFT, RIGHT = -10, -1, -2


class LineDisplay(MoveAdapter):
    """The toy line game with its cards in widgets: a card, then an end of the line."""

    def path_of(self, state, seat, action):
        hand = state.cards.seen(f"hand{seat}", seat)
        return (HAND - hand.index(action.card), LEFT if action.end == "left" else RIGHT)

    def cards(self, state, seat, area):
        if area == "hand":
            hand = state.cards.seen(f"hand{seat}", seat) if seat is not None else []
            return [CardSlot(HAND - i, card) for i, card in enumerate(hand)]
        line = [CardSlot(None, card) for card in state.cards.cards("line")]
        return [CardSlot(LEFT, gap=True), *line, CardSlot(RIGHT, gap=True)]

    def make_widgets(self):
        return [CardHand(self), CardLine(self)]


def test_a_hint_made_with_cards_rings_the_card_and_the_place_it_goes(app, monkeypatch):
    toy_games.install(monkeypatch)
    monkeypatch.setattr(PLAY_ADAPTER, lambda game: LineDisplay())
    match = Match("toy_line", seed=4, players=["human", "computer:random"])
    scene = with_test_bot(open_play(app, match))
    ask(app, scene)
    shown = scene.hints.shown
    hand = match.state.cards.cards("hand0")
    card = HAND - list(hand).index(shown.action.card)
    end = LEFT if shown.action.end == "left" else RIGHT
    assert shown.places == (card, end) and shown.squares == ()
    app.step(1 / 60)
    hand_widget, line_widget = scene.widgets
    assert hint_pixels(app.window, hand_widget.place_rect(card))
    assert hint_pixels(app.window, line_widget.place_rect(end))
    other = LEFT if end == RIGHT else RIGHT
    assert not hint_pixels(app.window, line_widget.place_rect(other))


# -- when there is no hint to ask for --------------------------------------------------------
def test_no_hint_while_the_computer_thinks_when_looking_back_or_after_the_end(
    app, mate_in_one, monkeypatch
):
    match, scene = mate_in_one
    scene.submit(0, match.state.parse_action("a3", 0))
    pump(app, 1)
    assert scene.thinking
    assert not scene.panel.buttons["hint"].is_enabled
    key(app, pygame.K_h)
    assert scene.hints.shown is None and not scene.hints.thinking
    end = time.monotonic() + 60
    while len(match.history) < 2:
        assert time.monotonic() < end
        pump(app, 1)
    settle(app, scene)
    assert scene.panel.buttons["hint"].is_enabled
    key(app, pygame.K_LEFT)  # looking back: the button offers the analysis instead
    assert scene.panel.buttons["hint"].text == "Analyse"  # (tests/ui/test_analysis_view.py)
    key(app, pygame.K_h)
    assert scene.hints.shown is None and not scene.hints.thinking
    key(app, pygame.K_END)
    assert scene.panel.buttons["hint"].text == "Hint"
    assert scene.panel.buttons["hint"].is_enabled
    scene.bots.cancel()
    match.resign(0)
    scene.refresh()
    assert "hint" not in scene.panel.buttons  # a finished game's row: Analyse, Rematch
    scene.hints.ask()
    assert not scene.hints.thinking


def test_golf_against_other_people_has_no_hint_for_the_bid_or_the_demonstration(app):
    """A hint would be the solver's answer: the bid to make, the line to show."""
    match = Match("golf", {"players": 2}, 3, ["human"] * 4)
    assert match.state.phase == "bid"
    scene = open_play(app, match)
    scene.viewpoint.reveal()
    scene.refresh()
    assert scene.seen.actor is not None and not scene.hints.can_ask()
    assert not scene.panel.buttons["hint"].is_enabled
    match.play({0: match.state.parse_action("bid 3", 0), 1: match.state.parse_action("bid 4", 1)})
    assert match.state.phase == "play"  # the lower bidder demonstrates
    scene.refresh()
    scene.viewpoint.reveal()
    scene.refresh()
    assert scene.seen.actor is not None and not scene.hints.can_ask()
    scene.hints.ask()
    assert not scene.hints.thinking and scene.hints.shown is None

    alone = open_play(app, Match("golf", {"players": 1}, 3))
    assert alone.hints.can_ask()  # alone it may help (and the round is then assisted)


def test_h_is_in_the_keys_list():
    assert ("H", "a hint: the computer suggests a move") in dict(widgets.KEYS)["Playing"]


# -- the controls grid ------------------------------------------------------------------------
@pytest.mark.parametrize("size", [MIN_SIZE, (1024, 640), (1280, 800)])
@pytest.mark.parametrize(
    "game_id", ["chess", "mulligan_stew", "tulpas", "cooperative", "toy_line_cards"]
)
def test_the_controls_fit_with_no_text_cut(monkeypatch, size, game_id):
    toy_games.install(monkeypatch)
    if game_id == "toy_line_cards":  # tall card widgets: the shortest controls
        monkeypatch.setattr(PLAY_ADAPTER, lambda game: LineDisplay())
        game_id = "toy_line"
    app = App(fullscreen=False, size=size)
    app.running = True
    try:
        scene = open_play(app, Match(game_id, seed=1))
        buttons = scene.panel.buttons
        draws = scene.game.draw_offers  # a score game has no draw to offer
        assert list(buttons) == [k for k, _ in CONTROLS if k != "draw" or draws]
        font = art.ui_font(16)
        window = pygame.Rect((0, 0), size)
        rects = [b.rect for b in buttons.values()]
        for name, button in buttons.items():
            assert window.contains(button.rect), name
            assert scene.panel.rect.contains(button.rect), name
            assert font.size(button.text)[0] <= button.rect.w - 2 * BUTTON_TEXT_PAD, name
            assert button.rect.collidelist([r for r in rects if r is not button.rect]) == -1
        assert scene.panel.moves.rect.bottom <= min(r.top for r in rects)
        # The widgets are seen in their view (which may scroll: tests/ui/test_play_layout.py).
        assert scene.panel.widget_view.collidelist(rects) == -1
    finally:
        app.close()


@pytest.mark.parametrize("size", [MIN_SIZE, (1280, 800)])
def test_the_keys_help_shows_every_key_without_scrolling(size):
    app = App(fullscreen=False, size=size)
    app.running = True
    try:
        open_play(app, Match("chess", seed=1))
        key(app, pygame.K_F1)
        (window,) = [w for w in widgets.dialogs(app.scene.ui) if isinstance(w, widgets.KeysHelp)]
        assert window.text_block.scroll_bar is None
    finally:
        app.close()


def test_the_advice_to_choose_at_random_is_whole_in_the_smallest_window(monkeypatch):
    """It was cut ("Hint: choose at random, so that nobody can read y…")."""
    app = App(fullscreen=False, size=MIN_SIZE)
    app.running = True
    try:
        scene = open_play(app, Match("chess", players=["human", "human"]))
        scene.hints.at_random = True
        scene.refresh()
        assert AT_RANDOM in [label.text for label in scene.panel.status_more]
    finally:
        app.close()
