"""The play scene with the games that bring their own adapters and widgets
(Maces, Tulpas, Tulaga, Mulligan Stew): panel room for widgets, the
adapter's art and markers, event animations, prefix paths, hand-tray drags
and secret choices. Real scenes under SDL's dummy drivers, driven by posted
events through the App loop.
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from game.app import App  # noqa: E402
from game.engine.pieces import Piece  # noqa: E402
from game.games import load_all  # noqa: E402
from game.match import Match  # noqa: E402
from game.ui.adapters import MoveAdapter  # noqa: E402
from game.ui.play import PlayScene  # noqa: E402

load_all()


def sq(scene: PlayScene, name: str) -> int:
    return scene.match.state.geometry.square(name)


def panel_rects(scene: PlayScene) -> list[pygame.Rect]:
    """Everything else in the side panel that a widget must not cover."""
    rects = [scene.panel.moves.rect, scene.panel.status_rect]
    rects += [b.rect for b in scene.panel.buttons.values()]
    rects += [b.rect for b in scene.panel.choice_buttons]
    if scene.adapter.show_captured:
        rects.append(scene.panel.captured_rect)
    return rects


# -- 1. room for the per-game widgets ---------------------------------------------------
@pytest.mark.parametrize("game_id", ["tulpas", "tulaga", "mulligan_stew"])
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_each_widget_gets_its_own_rectangle_in_the_panel(app, game_id, size):
    scene = open_play(app, Match(game_id, seed=3))
    scene.resize(size)
    assert scene.widgets, game_id
    rects = [w.rect for w in scene.widgets]
    for widget in scene.widgets:
        assert widget.rect.h == widget.height > 0
        assert scene.panel_rect.contains(widget.rect)
        others = panel_rects(scene) + [r for r in rects if r is not widget.rect]
        for rect in others:
            assert not widget.rect.colliderect(rect), (rect, widget.rect)
            assert rect.bottom <= size[1], rect  # nothing pushed off the window
        # The widget draws inside its rectangle: pixels outside stay untouched.
        surface = pygame.Surface(app.size)
        surface.fill((1, 2, 3))
        widget.draw(surface, scene.input)
        marked = pygame.mask.from_threshold(surface, (1, 2, 3), (1, 1, 1, 255))
        marked.invert()
        assert marked.get_bounding_rects(), f"{type(widget).__name__} drew nothing"
        for r in marked.get_bounding_rects():
            assert widget.rect.contains(r), (r, widget.rect)


@pytest.mark.fast  # the smoke test of this screen (tests/conftest.py)
def test_no_widget_and_the_move_list_keeps_the_room(app):
    scene = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    assert scene.widgets == []
    tulpas = open_play(app, Match("tulpas", seed=1))
    assert tulpas.panel.moves.rect.h < scene.panel.moves.rect.h


# -- 2. show_captured --------------------------------------------------------------------
def test_an_adapter_can_hide_the_captured_row(app):
    tulaga = open_play(app, Match("tulaga", seed=1))
    assert not tulaga.adapter.show_captured
    assert tulaga.panel.captured == [] and tulaga.panel.captured_rect.h == 0
    chess = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    assert chess.adapter.show_captured and len(chess.panel.captured) == 2


def test_a_hidden_captured_row_draws_nothing(app, monkeypatch):
    class NoCaptures(MoveAdapter):
        show_captured = False

    match = Match("chess960", {"start": "number", "number": 0}, 7)
    match.play({0: match.state.parse_action("e4")})
    match.play({1: match.state.parse_action("d5")})
    match.play({0: match.state.parse_action("exd5")})
    monkeypatch.setattr(PLAY_ADAPTER, lambda game: NoCaptures())
    scene = open_play(app, match)
    assert scene.panel.captured == []
    monkeypatch.undo()
    shown = open_play(app, Match.from_dict(match.to_dict()))
    assert any(taken for _, taken, _ in shown.panel.captured)


# -- 3. the adapter's own art and markers ------------------------------------------------
class Painting(MoveAdapter):
    """Paints "glow" markers itself and draws every pawn as a red square."""

    def __init__(self):
        self.painted: list[str] = []

    def markers(self, state):
        return {state.geometry.square("e4"): ["glow", "xmark"]}

    def draw_marker(self, surface, rect, name):
        if name != "glow":
            return False
        self.painted.append(name)
        pygame.draw.rect(surface, (0, 255, 0), rect.inflate(-4, -4))
        return True

    def piece_image(self, piece, size):
        if piece.kind != "pawn":
            return None
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        surf.fill((255, 0, 0, 255))
        return surf


def test_the_adapter_paints_its_markers_and_pieces(app, monkeypatch):
    adapter = Painting()
    monkeypatch.setattr(PLAY_ADAPTER, lambda game: adapter)
    scene = open_play(app, Match("chess960", {"start": "number", "number": 0}, 7))
    board = scene.board
    surface = pygame.Surface(app.size)
    adapter.painted.clear()
    board.draw(surface)
    assert adapter.painted == ["glow"]
    rect = board.square_rect(sq(scene, "e4"))
    assert surface.get_at(rect.center)[:3] == (0, 255, 0)
    # "glow" got no badge; the unknown "xmark" did (one badge, bottom right).
    assert (sq(scene, "e4"), "glow") in board._painted
    assert (sq(scene, "e4"), "xmark") not in board._painted
    r = max(7, board.square // 7)

    def badge_pixels(i: int) -> int:
        cx, cy = rect.right - r - 2 - i * (2 * r + 2), rect.bottom - r - 2
        return sum(
            surface.get_at((x, y))[:3] == (30, 33, 38)
            for x in range(cx - r, cx + r)
            for y in range(cy - r, cy + r)
        )

    assert badge_pixels(0) == 0  # the painted "glow": no "G" badge
    assert badge_pixels(1) > 0  # the unknown "xmark": an "X" badge
    # Pawns come from the adapter, the rest from the SVGs.
    e2 = board.square_rect(sq(scene, "e2"))
    assert surface.get_at((e2.x + 2, e2.y + 2))[:3] == (255, 0, 0)
    assert board.art.get(Piece(0, "king")).get_at((1, 1)).a == 0


# -- 4. animations from the engines' events ---------------------------------------------
import random  # noqa: E402
import re  # noqa: E402

from helpers.ui_driver import (  # noqa: E402
    PLAY_ADAPTER,
    click_at,
    drag,
    open_play,
    press_button,
    pump,
    settle,
    square_at,
)

from game.engine import Event  # noqa: E402
from game.engine.cards import Card  # noqa: E402
from game.ui.adapters import adapter_for  # noqa: E402
from game.ui.animation import STEP_BUILDERS, Animator, steps_from_events  # noqa: E402
from game.ui.board_view import BoardView  # noqa: E402

# Events that change nothing on the board (or say it in words only).
NOT_DRAWN = {"check", "game_over", "reveal", "creation_lost", "tulaga", "decline", "skip", "pass"}


def _pieces(state) -> dict:
    return dict(state.pieces())


@pytest.mark.parametrize(
    "game_id",
    ["maces", "chess960"]
    + [pytest.param(g, marks=pytest.mark.slow) for g in ("tulpas", "tulaga", "mulligan_stew")],
)
def test_the_animation_of_every_event_ends_on_the_true_position(game_id):
    """Random games: every event kind the engine sends has a builder, and
    the animation's steps, applied to the position before, give exactly the
    position after (the board never needs to diff to get there)."""
    pygame.display.init()
    surface = pygame.Surface((800, 800))
    seen: set[str] = set()
    builders = {**STEP_BUILDERS, **adapter_for(load_all()[game_id]).animations}
    for seed in range(6):
        match = Match(game_id, seed=seed)
        rng = random.Random(seed)
        board = BoardView(match.state.geometry.width, match.state.geometry.height)
        board.set_rect(pygame.Rect(0, 0, 800, 800))
        for _ in range(160):
            if match.is_over():
                break
            before = _pieces(match.state)
            acts = {s: rng.choice(match.state.legal_actions(s)) for s in match.state.to_act()}
            events = match.play(acts)
            after = _pieces(match.state)
            kinds = {e.kind for e in events}
            seen |= kinds
            assert kinds <= set(builders) | NOT_DRAWN, kinds
            shown = dict(before)
            animator = Animator()
            animator.add(steps_from_events(events, builders=builders), shown, after)
            while animator.busy:
                step = animator.current
                step.elapsed = step.duration * 0.5
                board.shown = shown
                board._draw_step(surface, step)  # every kind draws
                animator.update(step.duration, shown)
            assert shown == after, (events, acts)
    assert seen - NOT_DRAWN, seen


class Spy(BoardView):
    """A board that records where it draws pieces: (piece, centre, scale, alpha)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.blits: list[tuple] = []
        self.arrows = 0

    def _blit(self, surface, piece, center, scale=1.0, alpha=1.0):
        self.blits.append((piece, center, scale, alpha))
        super()._blit(surface, piece, center, scale, alpha)

    def _draw_arrow(self, surface, tr, u):
        self.arrows += 1
        super()._draw_arrow(surface, tr, u)


def spy_board(game_id: str, width=10, height=10, speed=1.0) -> Spy:
    """A spying board that animates ``game_id``'s own events as its display does."""
    pygame.display.init()
    b = Spy(width, height, {"animation_speed": speed})
    b.set_rect(pygame.Rect(0, 0, 600, 600))
    b.use_adapter(adapter_for(load_all()[game_id]))
    return b


def finish(board: BoardView) -> None:
    for _ in range(50):
        if not board.animating:
            return
        board.update(10)
    raise AssertionError("still animating")


def at_progress(board: Spy, p: float) -> list[tuple]:
    """Draw the current step at progress ``p``; the pieces drawn."""
    step = board.animator.current
    step.elapsed = step.duration * p
    board.blits.clear()
    board.draw(pygame.Surface((700, 700)))
    return list(board.blits)


N = Piece(0, "knight")
P = Piece(0, "pawn")
BP = Piece(1, "pawn")
CARD = Card(0, "knight")
MACE = Piece(0, "mace")


def test_a_thrown_piece_flies_in_an_arc_and_grows_at_the_apex():
    b = spy_board("maces")
    b.set_position({11: MACE, 12: P})  # b2, c2 on a 10-wide board
    throw = Event("throw", 0, {"apult": 11, "piece": P, "frm": 12, "to": 16})  # c2 -> g2
    b.animate([throw], {11: MACE, 16: P})
    assert b.animating and 12 in b.hidden_squares()
    (ax, ay), (bx, _) = b.square_center(12), b.square_center(16)
    heights = []
    for p in (0.25, 0.5, 0.75):
        [(piece, (x, y), scale, _)] = [d for d in at_progress(b, p) if d[0] == P]
        assert ax < x < bx
        heights.append(ay - y)  # above the straight (level) line
        if p == 0.5:
            assert scale > 1.1  # nearer the eye at the apex
    assert heights[1] > heights[0] > 0 and heights[1] > heights[2] > 0
    assert heights[1] > b.square * 0.5
    finish(b)
    assert not b.animating and b.shown == {11: MACE, 16: P}


def test_a_swing_lunges_then_the_victim_falls_once():
    b = spy_board("maces")
    b.set_position({11: MACE, 12: BP})
    events = [
        Event("swing", 0, {"mace": 11, "victim_square": 12, "piece": BP}),
        Event("capture", 0, {"square": 12, "piece": BP}),
    ]
    steps = steps_from_events(events, builders=b.builders)
    assert [sorted(t.kind for t in s.tracks) for s in steps] == [["fall", "lunge"]]
    b.animate(events, {11: MACE})
    home = b.square_center(11)
    start = at_progress(b, 0.1)
    mid = at_progress(b, 0.5)
    end = at_progress(b, 0.95)
    mace_mid = next(c for p, c, *_ in mid if p == MACE)
    assert mace_mid[0] > home[0] + b.square * 0.3  # struck towards the victim (east)
    mace_end = next(c for p, c, *_ in end if p == MACE)
    assert abs(mace_end[0] - home[0]) < b.square * 0.1  # and back
    victim_start = next(d for d in start if d[0] == BP)
    victim_end = next(d for d in end if d[0] == BP)
    assert victim_start[2] == 1.0 and victim_start[3] == 1.0  # not hit yet
    assert victim_end[2] < 0.7 and victim_end[3] < 0.2  # fallen: small, faded
    finish(b)
    assert b.shown == {11: MACE}


def test_a_shot_flies_an_arrow_then_the_target_falls():
    b = spy_board("tulpas")
    archer = Piece(0, "archer")
    b.set_position({11: archer, 15: BP})
    b.animate(
        [
            Event("shot", 0, {"archer": 11, "square": 15, "piece": BP}),
            Event("capture", 0, {"square": 15, "piece": BP}),
        ],
        {11: archer},
    )
    at_progress(b, 0.3)
    assert b.arrows == 1
    assert not any(t.kind == "fade" for t in b.animator.current.tracks)
    finish(b)
    assert b.shown == {11: archer}


def test_teleport_swap_drop_and_place():
    b = spy_board("mulligan_stew", 8, 8)
    mage, assassin, rook = Piece(0, "mage"), Piece(0, "assassin"), Piece(0, "rook")
    b.set_position({0: assassin, 9: mage, 10: rook})
    b.animate([Event("teleport", 0, {"piece": assassin, "frm": 0, "to": 18})], {})
    [(_, c, _, a)] = [d for d in at_progress(b, 0.2) if d[0] == assassin]
    assert c == b.square_center(0) and a < 1
    [(_, c, _, a)] = [d for d in at_progress(b, 0.8) if d[0] == assassin]
    assert c == b.square_center(18) and 0 < a < 1
    finish(b)
    swap = Event("swap", 0, {"a": 9, "b": 10, "piece_a": mage, "piece_b": rook})
    b.animate([swap], {18: assassin, 9: rook, 10: mage})
    mid = {p: c for p, c, *_ in at_progress(b, 0.5)}
    line_y = b.square_center(9)[1]
    assert mid[mage][1] != line_y and mid[rook][1] != line_y  # off the line, passing
    assert mid[mage][1] != mid[rook][1]
    finish(b)
    assert b.shown == {18: assassin, 9: rook, 10: mage}
    knight = Piece(0, "knight")
    b.animate([Event("drop", 0, {"piece": knight, "to": 27})], {27: knight})
    [(_, c, _, _)] = [d for d in at_progress(b, 0.3) if d[0] == knight]
    assert c[1] < b.square_center(27)[1]  # falling in from above
    finish(b)
    b.use_adapter(adapter_for(load_all()["tulpas"]))  # a Tulpa made where it stands
    b.animate([Event("place", 0, {"square": 36, "piece": N})], {27: knight, 36: N})
    [(_, c, scale, _)] = [d for d in at_progress(b, 0.15) if d[0] == N]
    assert c == b.square_center(36) and scale < 0.9  # scaling in
    finish(b)
    assert b.shown == {27: knight, 36: N}


def test_tulaga_stones_appear_go_back_and_are_reaped():
    white, black = Piece(0, "stone"), Piece(1, "stone")
    rank_w, rank_b = Piece(0, "rank_stone"), Piece(1, "rank_stone")
    b = spy_board("tulaga", 9, 9)
    b.set_position({})
    b.animate([Event("stone", 0, {"point": 40, "seat": 0})], {40: white})
    [(piece, _, scale, _)] = at_progress(b, 0.1)
    assert piece == white and scale < 1  # the stone from the position after
    finish(b)
    b.set_position({1: white, 2: white, 3: white, 50: rank_b, 51: black})
    b.animate(
        [
            Event("return", 0, {"points": (1, 2, 3), "seat": 0}),
            Event("rank_stone", 0, {"point": 2, "seat": 0}),
        ],
        {2: rank_w, 50: rank_b, 51: black},
    )
    faded = [a for p, _, _, a in at_progress(b, 0.5) if p == white]
    assert len(faded) == 3 and all(a < 1 for a in faded)
    finish(b)
    b.animate(
        [Event("reap", 0, {"direction": "N", "from": 2, "points": (50, 51), "replaced": (50,)})],
        {2: rank_w, 50: rank_w},
    )
    falling = {p for p, *_ in at_progress(b, 0.5)}
    assert {rank_b, black} <= falling
    finish(b)
    assert b.shown == {2: rank_w, 50: rank_w}


# The chess core's builders and every game display's own.
ALL_BUILDERS = dict(STEP_BUILDERS)
for _game in load_all().values():
    ALL_BUILDERS.update(adapter_for(_game).animations)


@pytest.mark.parametrize("kind", sorted(ALL_BUILDERS))
def test_animation_speed_scales_every_kind_and_zero_is_instant(kind):
    samples = {
        "move": {"piece": P, "frm": 1, "to": 2},
        "capture": {"square": 2, "piece": BP},
        "en_passant": {"square": 2, "piece": BP},
        "castle": {"king_from": 4, "king_to": 6, "rook_from": 7, "rook_to": 5},
        "promote": {"square": 2, "piece": N},
        "throw": {"apult": 0, "piece": P, "frm": 1, "to": 3},
        "swing": {"mace": 0, "victim_square": 1, "piece": BP},
        "strike": {"ox": 0, "square": 1, "piece": BP},
        "shot": {"archer": 0, "square": 3, "piece": BP},
        "teleport": {"piece": P, "frm": 1, "to": 3},
        "swap": {"a": 1, "b": 2, "piece_a": P, "piece_b": N},
        "collide": {"square": 2, "pieces": (P, BP), "froms": (1, 3)},
        "drop": {"piece": N, "to": 3},
        "place": {"square": 3, "piece": N},
        "stone": {"point": 3, "seat": 0},
        "rank_stone": {"point": 3, "seat": 0},
        "return": {"points": (1, 2), "seat": 0},
        "reap": {"points": (1, 2), "replaced": (1,), "seat": 0},
        "card_play": {"card": CARD},
        "card_draw": {"card": CARD, "to": "line"},
        "card_discard": {"card": CARD, "index": 0},
        "card_place": {"card": CARD, "index": 0},
        "recycle": {"cards": (CARD,) * 4, "start": 0},
        "rise": {"square": 3, "piece": P},
        "destroy": {"square": 3, "piece": P, "captured": False},
        "attempt_failed": {"frm": 1, "to": 3},
        "golf_move": {"piece": "N", "frm": 1, "to": 2, "captured": "q"},
        "golf_reset": {"left": [1, 2], "back": {3: "N", 4: "q"}},
        "golf_place": {"piece": "N", "to": 3},
        "remove": {"square": 3, "piece": P},
    }
    event = Event(kind, 0, samples[kind])
    slow = sum(s.duration for s in steps_from_events([event], 1.0, builders=ALL_BUILDERS))
    fast = sum(s.duration for s in steps_from_events([event], 2.0, builders=ALL_BUILDERS))
    assert slow > 0 and fast == pytest.approx(slow / 2)
    instant = steps_from_events([event], 0.0, builders=ALL_BUILDERS)
    assert all(s.duration == 0 for s in instant)


def test_the_scene_sounds_match_the_events(app, monkeypatch):
    played: list[str] = []
    monkeypatch.setattr(app.sounds, "play", lambda name: played.append(name))
    scene = open_play(app, Match("maces", seed=1))
    for name in ("b2", "c3", "d1"):
        click_at(app, square_at(scene, name))
    assert played[-1] == "flight"
    events = [
        Event("move", 0, {"piece": MACE, "frm": 1, "to": 2}),
        Event("swing", 0, {"mace": 2, "victim_square": 3, "piece": BP}),
        Event("capture", 0, {"square": 3, "piece": BP}),
    ]
    scene._play_sound(events)
    assert played[-1] == "blow"
    scene._play_sound([Event("capture", 0, {"square": 3, "piece": BP}), events[0]])
    assert played[-1] == "capture"
    # Each game's display names the sounds of its own events.
    scene._play_sound([Event("teleport", 0, {"piece": P, "frm": 1, "to": 2})])
    assert played[-1] == "move"  # Maces has no teleports
    stew = open_play(app, Match("mulligan_stew", seed=1))
    stew._play_sound([Event("teleport", 0, {"piece": P, "frm": 1, "to": 2})])
    assert played[-1] == "shimmer"
    tulpas = open_play(app, Match("tulpas", seed=1))
    tulpas._play_sound([Event("reveal", 0, {"pick": "amazon", "guess": "archer"})])
    assert played[-1] == "card"


# -- 5. a complete path that longer paths extend -------------------------------------------
def maces_match(diagram_rows: list[str]) -> Match:
    """A Maces match from a position (rows top first, 10 wide), White to act."""
    rows = []
    for line in diagram_rows:
        row, empty = "", 0
        for cell in line:
            if cell == ".":
                empty += 1
                continue
            if empty:
                row, empty = row + str(empty), 0
            row += cell
        rows.append(row + (str(empty) if empty else ""))
    match = Match("maces", seed=1)
    match.state = match.game.from_text("/".join(rows) + " w act - 0 1")
    return match


APULT_AND_KNIGHT = [
    ".........k",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    ".Hn.......",
    ".........K",
]


def test_a_prefix_path_waits_for_a_confirming_click(app):
    match = maces_match(APULT_AND_KNIGHT)
    scene = open_play(app, match)
    b2, c2, a4 = sq(scene, "b2"), sq(scene, "c2"), sq(scene, "a4")
    click_at(app, square_at(scene, "b2"))
    click_at(app, square_at(scene, "c2"))
    assert match.history == []  # not played: throws of c2 go on from here
    assert scene.board.path == [b2, c2]
    assert {a4, c2} <= scene.board.target_squares  # a landing, or c2 again to capture
    pump(app, 1)
    assert "again" in scene.panel.status_text  # the player is told
    click_at(app, square_at(scene, "c2"))
    settle(app, scene)
    assert match.history == [{0: "Hb2xc2"}]
    assert "again" not in scene.panel.status_text


def test_a_prefix_path_goes_on_to_the_longer_one(app):
    match = maces_match(APULT_AND_KNIGHT)
    scene = open_play(app, match)
    for name in ("b2", "c2", "a4"):
        click_at(app, square_at(scene, name))
    settle(app, scene)
    assert match.history == [{0: "Hb2:c2>a4"}]


def test_a_dragged_prefix_path_plays_at_once(app):
    match = maces_match(APULT_AND_KNIGHT)
    scene = open_play(app, match)
    drag(app, square_at(scene, "b2"), square_at(scene, "c2"))
    settle(app, scene)
    assert match.history == [{0: "Hb2xc2"}]


def test_the_prefix_rule_for_any_adapter(app, monkeypatch):
    class Stepping(MoveAdapter):
        """Made up: a pawn's double step is clicked through its middle square,
        so e2-e3 is a prefix of e2-e3-e4."""

        def path_of(self, state, seat, action):
            if abs(action.to - action.frm) == 16 and state.piece_at(action.frm).kind == "pawn":
                return (action.frm, (action.frm + action.to) // 2, action.to)
            return (action.frm, action.to)

    monkeypatch.setattr(PLAY_ADAPTER, lambda game: Stepping())
    match = Match("chess960", {"start": "number", "number": 0}, 7)
    scene = open_play(app, match)
    click_at(app, square_at(scene, "e2"))
    click_at(app, square_at(scene, "e3"))
    assert match.history == []
    assert scene.board.target_squares == {sq(scene, "e3"), sq(scene, "e4")}
    click_at(app, square_at(scene, "e4"))
    settle(app, scene)
    assert match.history == [{0: "e4"}]
    click_at(app, square_at(scene, "d7"))
    click_at(app, square_at(scene, "d6"))
    click_at(app, square_at(scene, "d6"))  # confirms the single step
    settle(app, scene)
    assert match.history[-1] == {1: "d6"}
    # A click elsewhere puts a waiting prefix down without playing it.
    click_at(app, square_at(scene, "f2"))
    click_at(app, square_at(scene, "f3"))
    click_at(app, square_at(scene, "a5"))
    settle(app, scene)
    assert len(match.history) == 2 and scene.board.path == []
    assert "again" not in scene.panel.status_text


# -- 6. the hand tray: click-click and drag ------------------------------------------------
def tray_of(scene: PlayScene):
    from game.ui.panel_widgets import PieceTray

    return next(w for w in scene.widgets if isinstance(w, PieceTray))


def test_drag_a_piece_from_the_hand_tray_onto_the_board(app):
    match = Match("mulligan_stew", seed=1)
    scene = open_play(app, match)
    tray = tray_of(scene)
    (slot, piece), *_ = tray.slots
    assert piece == (0, "mage")
    start = tray.slot_rects()[slot].center
    # Half way: the piece is in the air and drawn under the mouse, not in the tray.
    pygame.mouse.set_pos(start)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pump(app, 1)
    target = square_at(scene, "b3")
    mid = ((start[0] + target[0]) // 2, (start[1] + target[1]) // 2)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=mid, rel=(0, 0), buttons=(1,)))
    pump(app, 1)
    assert scene.input.dragging and scene.board.path == [slot]
    assert sq(scene, "b3") in scene.board.target_squares
    dragging = pygame.Surface(app.size)
    scene.draw(dragging)
    scene.input.dragging = False
    resting = pygame.Surface(app.size)
    scene.draw(resting)
    scene.input.dragging = True

    def differs(rect: pygame.Rect) -> bool:
        return any(
            dragging.get_at((x, y)) != resting.get_at((x, y))
            for x in range(rect.left, rect.right, 2)
            for y in range(rect.top, rect.bottom, 2)
        )

    half = scene.board.square // 3
    assert differs(pygame.Rect(mid[0] - half, mid[1] - half, 2 * half, 2 * half))  # in the air
    assert differs(tray.slot_rects()[slot])  # and not in the tray
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    pump(app, 1)
    settle(app, scene)
    assert match.history == [{0: "Mb3"}]


def test_a_hand_piece_dropped_off_target_goes_back_and_click_click_still_works(app):
    match = Match("mulligan_stew", seed=1)
    scene = open_play(app, match)
    tray = tray_of(scene)
    (slot, _piece), *_ = tray.slots
    rect = tray.slot_rects()[slot]
    drag(app, rect.center, square_at(scene, "e5"))  # not a legal drop
    assert match.history == [] and not scene.input.dragging and scene.board.path == []
    # A press and a small wobble back into the tray keeps it picked.
    drag(app, rect.center, rect.move(6, 0).center)
    assert scene.board.path == [slot]
    click_at(app, square_at(scene, "b3"))
    settle(app, scene)
    assert match.history == [{0: "Mb3"}]


# -- 7. secret choices stay secret until the step is complete ---------------------------------
def visible_texts(scene: PlayScene) -> str:
    """Everything the panel says in words: labels, buttons, the move list."""
    out = [scene.panel.moves_text, scene.panel.status_text]
    for element in scene.ui.get_sprite_group().sprites():
        text = getattr(element, "text", None)
        if isinstance(text, str):
            out.append(text)
    out += [c.label for c in scene.panel.choices]
    return "\n".join(out)


def test_a_pending_pick_is_never_shown_to_the_other_player(app):
    """Black, the guesser, takes the screen first (the mover chooses last and
    then moves without another handover); White never sees the guess."""
    match = Match("tulpas", seed=1)
    scene = open_play(app, match)
    assert match.game.private_views and match.to_act() == (0, 1)
    assert scene.viewpoint.waiting_for == 1
    click_at(app, scene.board.outer.center)  # Black takes the screen
    guess = next(b for b, c in scene.panel.choice_buttons.items() if c.label == "Amazon")
    press_button(app, guess)
    assert list(match.pending) == [1] and match.history == []
    assert scene.viewpoint.covering and scene.viewpoint.waiting_for == 0
    click_at(app, scene.board.outer.center)  # White takes the screen
    said = visible_texts(scene)
    assert "guess" not in said.lower() and "No moves yet" in scene.panel.moves_text
    pick = next(b for b, c in scene.panel.choice_buttons.items() if c.label == "Archer")
    press_button(app, pick)
    settle(app, scene)
    # Now both are revealed together.
    assert match.history == [{0: "pick Y", 1: "guess A"}]
    assert "pick Y" in scene.panel.moves_text and "guess A" in scene.panel.moves_text


def test_the_computers_secret_guess_waits_unseen(app):
    import time

    match = Match("tulpas", seed=1, players=["human", "computer:random"])
    scene = open_play(app, match)
    deadline = time.monotonic() + 30
    while not match.pending and time.monotonic() < deadline:
        pump(app, 1)
    assert list(match.pending) == [1]  # the computer has guessed, in secret
    guess = match.state.notation(match.pending[1])
    said = visible_texts(scene)
    assert guess not in said and "guess" not in said.lower()
    pick = next(iter(scene.panel.choice_buttons))
    press_button(app, pick)
    settle(app, scene)
    assert len(match.history) == 1 and guess in scene.panel.moves_text


# -- what the screenshots showed ---------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_a_long_prompt_wraps_into_the_second_status_line(app, size):
    match = Match("mulligan_stew", seed=1)
    scene = open_play(app, match)
    scene.resize(size)
    scene.panel.status_text = ""
    scene.refresh()
    prompt = match.state.prompt(0)
    label = scene.panel.status
    assert label.font.size(label.text)[0] <= label.rect.w
    panel = scene.panel
    lines = [label, panel.status_spill, *panel.status_more]  # the heading goes on in its style
    shown = " ".join(line.text for line in lines if line.text)
    assert shown.startswith(prompt)


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)])
def test_the_tulpas_duel_panel_fits_a_small_window(app, size):
    """Five card buttons, the cards widget and the controls in 640 pixels."""
    match = Match("tulpas", seed=1, players=["human", "computer:random"])
    scene = open_play(app, match)
    scene.resize(size)
    assert len(scene.panel.choice_buttons) == 5
    rects = panel_rects(scene) + [w.rect for w in scene.widgets]
    for rect in rects:
        assert rect.bottom <= size[1], rect
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            if a is not scene.panel.status_rect and b is not scene.panel.status_rect:
                assert not a.colliderect(b), (a, b)


def test_the_move_list_numbers_rounds_from_the_seat_that_opens():
    pygame.display.init()
    app = App(size=(1280, 800))
    try:
        match = Match("tulaga", seed=1)
        for name in ("e5", "d4", "f6"):
            match.play({match.to_act()[0]: match.state.parse_action(name)})
        scene = PlayScene(app, match)
        lines = [re.sub("<[^>]+>", "", line) for line in scene.panel.moves_text.split("<br>")]
        assert lines == ["1. e5 d4", "2. f6"]  # Black opens Tulaga
        chess = PlayScene(app, Match("chess960", {"start": "number", "number": 0}, 7))
        chess.match.play({0: chess.match.state.parse_action("e4")})
        chess.refresh()
        assert re.sub("<[^>]+>", "", chess.panel.moves_text) == "1. e4"
    finally:
        app.close()


def test_the_captured_row_counts_captures_in_whole_points_not_pieces_made(app):
    # A created Tulpa is no capture: nothing taken, no lead.
    match = Match("tulpas", seed=1, players=["human", "computer:random"])
    match.submit(0, next(a for a in match.state.legal_actions(0) if str(a) == "pick A"))
    match.submit(1, next(a for a in match.state.legal_actions(1) if str(a) == "guess A"))
    match.play({0: match.state.legal_actions(0)[0]})  # the Amazon is placed
    scene = open_play(app, match)
    assert [(side, taken, lead) for side, taken, lead in scene.panel.captured] == [
        (0, [], 0),
        (1, [], 0),
    ]
    # A bishop (3.25 in the engine's eyes) counts 3 for the side that took it.
    chess = Match("chess", seed=1)
    for san in ("e4", "d5", "Bb5+", "c6", "d3", "cxb5"):
        chess.play({chess.to_act()[0]: chess.state.parse_action(san)})
    scene = open_play(app, chess)
    white, black = scene.panel.captured
    assert [p.kind for p in black[1]] == ["bishop"] and black[2] == 3 and white[2] == -3


def test_a_game_begun_from_a_position_counts_captures_from_there(app):
    start = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"
    scene = open_play(app, Match("chess", seed=1, start=start))
    assert [(side, taken, lead) for side, taken, lead in scene.panel.captured] == [
        (0, [], 0),
        (1, [], 0),
    ]
