"""Puzzles (game/learn/puzzles.py, puzzles/<game_id>.txt): every shipped
solution replays through the rules, no other first move wins, the loader
survives hostile files, the day's puzzle is the same everywhere, the solved
marks survive damage, and the Puzzles scene is solved by real clicks."""

from __future__ import annotations

import datetime
import hashlib
import json
from pathlib import Path

import pygame
import pytest
from helpers import tiers
from helpers.chess_diagrams import fen_of
from helpers.ui_driver import choose, click, click_at, pump

from game.games import REGISTRY, load_all
from game.learn import puzzles as P

load_all()
SHIPPED = [g for g in P.GAMES if P.puzzle_file(g).exists()]
# A mate on the chess board, a thrown Mace, a hole at par: the fast sample.
PUZZLE_SAMPLE = ("chess", "maces", "golf")
ALL = [(g, p) for g in SHIPPED for p in P.load(g)]

#: Ra8 mates (the pawns wall the king in); with a second rook on b1, Rb8 mates too.
BACK_RANK = """
    . . . . . . . k
    . . . . . . p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    R {b} . . . . K .
"""


def block(position: str, answer: str, depth: int = 1, extra: str = "") -> str:
    return f"== Test\nposition:\n    {position}\nanswer: {answer}\ndepth: {depth}\n{extra}"


def one(text: str, game_id: str = "chess") -> P.Puzzle:
    puzzles, problems = P.parse(text, game_id)
    assert problems == [] and len(puzzles) == 1
    return puzzles[0]


# -- the shipped puzzles ---------------------------------------------------------------
DEALS = {"cooperative"}  # whole deals (goal: score): 20 or more, not 30
LEAST = {g: 20 if g in DEALS else 30 for g in P.GAMES}


@pytest.mark.parametrize("game_id", P.GAMES)
def test_every_game_ships_thirty_readable_puzzles(game_id):
    text = P.puzzle_file(game_id).read_text(encoding="utf-8")
    puzzles, problems = P.parse(text, game_id)
    assert problems == []
    assert len(puzzles) >= LEAST[game_id]
    assert all(p.is_deal == (game_id in DEALS) for p in puzzles)
    assert text.startswith("# Puzzles for")  # the format is told at the top
    assert len({p.key for p in puzzles}) == len(puzzles)  # no position twice


@pytest.mark.parametrize("game_id", tiers.sweep(SHIPPED, PUZZLE_SAMPLE))
def test_every_solution_replays_through_the_rules(game_id):
    """Deals are whole games: a sample here, every one in the slow tier."""
    game = REGISTRY[game_id]
    every = P.load(game_id)
    for p in every[::5] if game_id in DEALS else every:
        assert P.check(game, p, depth=0) == [], p.title


@pytest.mark.parametrize("game_id", tiers.sweep(SHIPPED, PUZZLE_SAMPLE))
def test_a_sample_is_unique_at_the_checkers_bound(game_id):
    """The fast tier's sample: the first two at the checker's bound, every
    fifth at depth 1 (no second win at once); the slow tier checks all."""
    game = REGISTRY[game_id]
    every = P.load(game_id)
    for p in every[:2]:
        assert P.check(game, p) == [], p.title
    for p in [] if game_id in DEALS else every[2::5]:
        assert P.check(game, p, depth=1, nodes=2000) == [], p.title


@pytest.mark.slow
def test_verify_counts_every_game_and_finds_nothing_wrong():
    """Every puzzle at the checker's bound (about 40 CPU seconds)."""
    found = P.verify()
    assert set(found) == set(P.GAMES)
    for game_id, (count, problems) in found.items():
        assert count >= LEAST[game_id] and problems == [], game_id


def test_the_checker_finds_a_second_winning_move():
    game = REGISTRY["chess"]
    unique = one(block(fen_of(BACK_RANK.format(b=".")), "Ra8#"))
    assert P.check(game, unique) == []
    two = one(block(fen_of(BACK_RANK.format(b="R")), "Ra8#"))
    assert P.check(game, two) == ["Rb8# wins too, within 1 steps"]


#: Black's queen hangs on d5: the rook takes it, and with a knight on c3 the knight can too.
HANGING_QUEEN = """
    . . . . . . k .
    . . . . . p p p
    . . . . . . . .
    . . . q . . . .
    . . . . . . . .
    . . {n} . . . . .
    . . . . . P P P
    . . . R . . K .
"""


def test_a_gain_is_checked_against_every_other_move():
    """goal: gain N: the answer scores N more than any other first move."""
    game = REGISTRY["chess"]
    unique = one(block(fen_of(HANGING_QUEEN.format(n=".")), "Rxd5", extra="goal: gain 3\n"))
    assert unique.goal == "gain" and unique.margin == 3
    assert P.check(game, unique) == []
    two = one(block(fen_of(HANGING_QUEEN.format(n="N")), "Rxd5", extra="goal: gain 3\n"))
    assert P.check(game, two) == ["Nxd5 gains nearly as much"]


def test_the_checker_refuses_lines_the_rules_refuse():
    game = REGISTRY["chess"]
    fen = fen_of(BACK_RANK.format(b="."))
    illegal = P.check(game, one(block(fen, "Ra9#")))
    assert illegal and illegal[0].startswith("step 1 'Ra9#'")
    no_win = P.check(game, one(block(fen, "Ra7 ; h6")))
    assert "a line ends on a reply, not on the learner's step" in no_win
    bad_position = P.check(game, one(block("not a position", "Ra8#")))
    assert bad_position and bad_position[0].startswith("the position:")


# -- hostile files ---------------------------------------------------------------------
HOSTILE = [
    "",
    "\x00\x01\x02",
    "answer: e4",  # before any title
    "== No position\nanswer: e4\ndepth: 1\n",
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", depth=0),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", depth=99),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4 ;  ; e5"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4\nanswer: d4"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="options: {not json\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="options: [1, 2]\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="depth: 2\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="colour: blue\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="goal: gain\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="goal: gain nan\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="goal: par 3\n"),
    block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="goal: everything\n"),
    "== Deep\n" + "options: " + "[" * 10_000 + "\n",
    "== Long\nposition:\n    x\nanswer: " + " ; ".join(["e4"] * 100) + "\ndepth: 1\n",
    "x" * (P.MAX_FILE + 1),
]


@pytest.mark.parametrize("text", HOSTILE, ids=range(len(HOSTILE)))
def test_the_loader_reads_hostile_text_into_short_messages(text):
    puzzles, problems = P.parse(text, "chess")
    assert puzzles == [] or all(p.position for p in puzzles)
    for problem in problems:
        assert len(problem) < 200
    # Nothing is kept that the checker would let through unchecked.
    for p in puzzles:
        assert P.check(REGISTRY["chess"], p)


# -- Cooperative deals (goal: score N) -------------------------------------------------
def deal(seed: str = "7", goal: str = "score 40", extra: str = "") -> str:
    return (
        f'== Deal\noptions: {{"mode": "solitaire"}}\nseed: {seed}\n'
        f"answer: [P] Nh3 ; end\ngoal: {goal}\n{extra}"
    )


def test_a_deal_is_read_with_its_seed_and_score():
    p = one(deal(), "cooperative")
    assert (p.seed, p.target, p.goal, p.is_deal, p.position) == (7, 40, "score", True, "")
    assert p.key != one(deal(seed="8"), "cooperative").key  # marks are per deal


BAD_DEALS = {
    "no seed": (
        '== Deal\noptions: {"mode": "solitaire"}\nanswer: end\ngoal: score 4\n',
        "a deal (goal: score) needs a seed: line",
    ),
    "seed not a number": (deal(seed="twelve"), "seed: must be a whole number"),
    "negative seed": (deal(seed="-3"), "seed: must be a whole number"),
    "huge seed": (deal(seed="9" * 30), "seed: must be a whole number"),
    "two seeds": (deal(extra="seed: 8\n"), "more than one seed: line"),
    "no score": (deal(goal="score"), "goal: score needs the score"),
    "score not a number": (deal(goal="score lots"), "goal: score needs the score"),
    "score zero": (deal(goal="score 0"), "goal: score needs the score"),
    "score with a depth": (deal(extra="depth: 3\n"), "a deal (goal: score) has no depth: line"),
    "seed on a position": (
        block("8/8/8/8/8/8/8/8 w - - 0 1", "e4", extra="seed: 5\n"),
        "seed: is for a deal",
    ),
    "a deal with a position": (
        deal(extra="position:\n    8/8/8/8/8/8/8/8 w - - 0 1\n"),
        "a deal (goal: score) has a seed:, not a position",
    ),
}


@pytest.mark.parametrize("name", BAD_DEALS)
def test_the_loader_refuses_bad_seed_and_goal_lines_in_words(name):
    text, words = BAD_DEALS[name]
    puzzles, problems = P.parse(text, "cooperative")
    assert puzzles == [] and len(problems) == 1
    assert words in problems[0] and len(problems[0]) < 200


def test_the_checker_replays_a_deal_and_confirms_its_score():
    game = REGISTRY["cooperative"]
    p = P.load("cooperative")[0]
    assert P.check(game, p) == []
    steps = p.answers[0]
    wrong_score = one(deal(seed=str(p.seed), goal=f"score {p.target + 1}"), "cooperative")
    wrong_score.answers = [steps]
    assert P.check(game, wrong_score) == [f"the answer scores {p.target}, not {p.target + 1}"]
    short = one(deal(seed=str(p.seed), goal=f"score {p.target}"), "cooperative")
    short.answers = [steps[:-1]]
    assert P.check(game, short) == ["the answer stops before the deal is over"]
    other_deal = one(deal(seed=str(p.seed + 1), goal=f"score {p.target}"), "cooperative")
    other_deal.answers = [steps]
    assert P.check(game, other_deal)[0].startswith("step ")  # another deal: refused


def test_a_bad_block_is_left_out_and_the_others_kept():
    good = block(fen_of(BACK_RANK.format(b=".")), "Ra8#")
    puzzles, problems = P.parse(good + "\n== Bad\nanswer: x\n\n" + good, "chess")
    assert len(puzzles) == 2 and problems == ["line 7 (Bad): no position"]
    assert [p.number for p in puzzles] == [1, 2]


# -- the day's puzzle, difficulty, marks ------------------------------------------------
def test_the_puzzle_of_the_day_is_chosen_by_the_date_alone():
    day = datetime.date(2026, 11, 27)
    digest = hashlib.sha256(b"chess 2026-11-27").digest()
    every = P.load("chess")
    assert P.of_the_day("chess", day) is every[int.from_bytes(digest[:8], "big") % len(every)]
    week = {P.of_the_day("chess", day + datetime.timedelta(days=i)).key for i in range(7)}
    assert len(week) > 1
    assert P.of_the_day("no_such_game", day) is None


def test_difficulty_follows_the_depth_the_solution_needs():
    assert [P.difficulty(d) for d in (1, 2, 3, 4, 5)] == [
        "Easy",
        "Medium",
        "Medium",
        "Hard",
        "Hard",
    ]
    assert {p.difficulty for _, p in ALL} >= {"Easy", "Medium"}
    assert all(p.difficulty == P.difficulty(p.depth) for _, p in ALL if not p.is_deal)


def test_a_deals_difficulty_follows_the_score_to_beat():
    assert [P.score_difficulty(n) for n in (12, 31, 32, 39, 40, 70)] == [
        "Easy",
        "Easy",
        "Medium",
        "Medium",
        "Hard",
        "Hard",
    ]
    assert all(p.difficulty == P.score_difficulty(p.target) for p in P.load("cooperative"))


def test_solved_marks_are_kept_and_a_damaged_file_is_set_aside():
    p = P.load("chess")[0]
    assert P.solved() == set()
    P.mark_solved(p)
    assert P.solved() == {p.key}
    P.solved_path().write_text("{ not json", encoding="utf-8")
    assert P.solved() == set()
    assert P.solved_path().with_name("puzzles.json.bad").exists()
    from game.saves import notices

    assert any("puzzle marks" in n for n in notices())
    P.mark_solved(p)
    assert P.solved() == {p.key}


@pytest.mark.parametrize(
    "newer",
    [
        {"format": 2, "solved": ["chess:abc"], "streaks": {"chess": 12}},
        {"format": 3, "solved": {"chess:abc": {"at": "2026-01-01"}}},
    ],
)
def test_a_newer_marks_file_is_never_written_over(newer):
    """As records.json and lessons.json: a newer version's file is read
    where it can be, and left as it is."""
    text = json.dumps(newer)
    P.solved_path().write_text(text, encoding="utf-8")
    assert P.solved() == ({"chess:abc"} if isinstance(newer["solved"], list) else set())
    P.mark_solved(P.load("chess")[0])
    assert P.solved_path().read_text(encoding="utf-8") == text
    assert not P.solved_path().with_name("puzzles.json.bad").exists()


# -- the scene ---------------------------------------------------------------------------
def open_scene(app):
    from game.ui.menu import MainMenu

    app.push(MainMenu(app))
    pump(app)
    click(app, app.scenes[-1].buttons["puzzles"])
    scene = app.scenes[-1]
    assert type(scene).__name__ == "PuzzlesScene"
    return scene


def square(scene, name: str) -> tuple[int, int]:
    return scene.board.square_center(scene.state.geometry.square(name))


def click_move(app, scene, frm: str, to: str) -> None:
    click_at(app, square(scene, frm))
    click_at(app, square(scene, to))


def settle(app, scene, frames: int = 240) -> None:
    for _ in range(frames):
        pump(app, 1)
        if not scene.active():
            return


@pytest.fixture
def small_app():
    from game.app import App

    app = App(fullscreen=False, size=(800, 560))
    app.running = True
    yield app
    app.scenes.clear()


def first_with(pred):
    return next(p for p in P.load("chess") if pred(p))


def test_the_scene_opens_on_the_puzzle_of_the_day(small_app):
    scene = open_scene(small_app)
    assert scene.daily and scene.puzzle is P.of_the_day(scene.game_id)
    assert any("Puzzle of the day" in t for t in texts_of(scene))


def texts_of(scene) -> list[str]:
    return [getattr(e, "text", "") for e in scene.ui.get_sprite_group().sprites()]


def test_a_puzzle_is_solved_by_real_clicks_with_the_reply_played_for_us(small_app):
    """A two-move puzzle at 800x560: a wrong move is refused and taken back,
    the right one is played, the reply comes by itself, the last move
    solves it and the mark is kept."""
    app = small_app
    scene = open_scene(app)
    puzzle = first_with(lambda p: len(p.answers) == 1 and len(p.answers[0]) == 3)
    scene.start(puzzle)
    state = scene.state
    first = state.parse_action(puzzle.answers[0][0], scene.seat)
    name = state.geometry.name
    wrong = next(
        a
        for a in state.legal_actions(scene.seat)
        if a.frm != first.frm and a.to != first.to and not a.promotion
    )
    click_move(app, scene, name(wrong.frm), name(wrong.to))
    assert "is not it" in scene.note and scene.steps == []
    assert scene.state.to_text() == puzzle.position
    click_move(app, scene, name(first.frm), name(first.to))
    assert scene.steps == puzzle.answers[0][:1]
    settle(app, scene)
    assert scene.steps == puzzle.answers[0][:2]  # the reply, played for us
    last = scene.state.parse_action(puzzle.answers[0][2], scene.seat)
    click_move(app, scene, name(last.frm), name(last.to))
    assert scene.note == "Solved, after a miss."
    assert puzzle.key in P.solved()
    assert scene.state.result() is not None and P.wins_for(scene.state, scene.seat)
    settle(app, scene)
    pump(app)
    assert any(t.startswith("Solved") for t in texts_of(scene))
    if SHOTS.is_dir():
        pygame.image.save(app.window, str(SHOTS / "solved_800x560.png"))


SHOTS = Path("/work/shots/puzzles")  # where a run on the developers' machine leaves a picture


def test_the_scene_says_when_the_marks_file_was_set_aside(small_app):
    P.solved_path().write_text("[1, 2", encoding="utf-8")
    scene = open_scene(small_app)
    assert "puzzle marks file was damaged" in " ".join(texts_of(scene))
    assert P.solved_path().with_name("puzzles.json.bad").exists()


def test_show_solution_plays_the_line_and_marks_nothing(small_app):
    scene = open_scene(small_app)
    puzzle = first_with(lambda p: p.depth == 3)
    scene.start(puzzle)
    click(small_app, scene.buttons["solution"])
    assert scene.steps == scene.puzzle.answers[0]
    assert scene.puzzle.key not in P.solved()


def test_the_game_and_difficulty_drop_downs_choose_the_puzzles(small_app):
    app = small_app
    scene = open_scene(app)
    second = P.games_with_puzzles()[1]
    choose(app, scene.picker, REGISTRY[second].title)
    assert scene.game_id == second and scene.daily
    choose(app, scene.level_picker, "Difficulty: Easy")
    assert scene.level == "Easy" and scene.puzzle.difficulty == "Easy"
    choose(app, scene.level_picker, "Difficulty: Medium")
    assert scene.level == "Medium" and scene.puzzle.difficulty == "Medium"


def test_the_game_picker_lists_every_game_with_puzzles_cooperative_too(small_app):
    scene = open_scene(small_app)
    titles = [REGISTRY[g].title for g in P.games_with_puzzles()]
    assert (
        scene.picker.options_list == [(t, t) for t in titles]
        or [o[0] if isinstance(o, tuple) else o for o in scene.picker.options_list] == titles
    )
    assert "cooperative" in P.games_with_puzzles()
    choose(small_app, scene.picker, REGISTRY["cooperative"].title)
    assert scene.puzzle.game_id == "cooperative" and "play" in scene.buttons


@pytest.mark.parametrize("game_id", SHIPPED)
def test_only_the_difficulties_a_game_has_are_offered(game_id):
    offered = P.difficulties(game_id)
    have = {p.difficulty for p in P.load(game_id)}
    assert set(offered) == have and list(offered) == [d for d in P.DIFFICULTIES if d in have]


def test_the_difficulty_picker_offers_only_the_games_levels_and_the_day_says_its_own(small_app):
    """Chess has no Hard puzzle: Hard is not offered. The puzzle of the day
    is of any difficulty: the picker goes back to All and the panel names it."""
    app = small_app
    scene = open_scene(app)
    choose(app, scene.picker, REGISTRY["golf"].title)
    choose(app, scene.level_picker, "Difficulty: Hard")
    choose(app, scene.picker, REGISTRY["chess"].title)
    offered = [o[0] if isinstance(o, tuple) else o for o in scene.level_picker.options_list]
    assert "Difficulty: Hard" not in offered and "Hard" not in P.difficulties("chess")
    assert scene.level == "All" and scene.level_picker.selected_option[0] == "Difficulty: All"
    assert any(f"Puzzle of the day · {scene.puzzle.difficulty}" in t for t in texts_of(scene))


def test_a_golf_hole_is_played_any_way_and_solved_at_par(small_app):
    """A par puzzle: strokes off the solver's line are played, not refused;
    reaching par without finishing starts the hole again; the solver's line
    finishes it."""
    app = small_app
    scene = open_scene(app)
    puzzle = next(p for p in P.load("golf") if p.depth == 2)
    scene.start(puzzle)

    def stroke(action) -> None:
        click_at(app, scene.board.square_center(action.frm))
        click_at(app, scene.board.square_center(action.to))
        settle(app, scene)

    def not_finishing(state):
        for a in state.legal_actions(scene.seat):
            after = state.copy()
            after.apply({scene.seat: a})
            if getattr(a, "frm", None) is not None and after.result() is None:
                return a
        raise AssertionError("every stroke finishes")

    first = not_finishing(scene.state)
    stroke(first)
    assert len(scene.steps) == 1 and scene.note == "Move 1 of par 2."
    stroke(not_finishing(scene.state))
    assert scene.note == "Par is 2: start again." and scene.steps == []
    assert scene.state.to_text() == puzzle.position
    for text in puzzle.answers[0]:
        stroke(scene.state.parse_action(text, scene.seat))
    assert scene.note == "Solved, after a miss." and puzzle.key in P.solved()
    if SHOTS.is_dir():
        pygame.image.save(app.window, str(SHOTS / "golf_800x560.png"))


@pytest.mark.parametrize(
    "game_id", tiers.sweep([g for g in SHIPPED if g not in DEALS], PUZZLE_SAMPLE)
)
def test_every_game_s_puzzle_shows_on_its_board(small_app, game_id):
    scene = open_scene(small_app)
    scene.start(P.load(game_id)[0])
    pump(small_app)
    assert scene.board is not None and scene.board.shown == dict(scene.state.pieces())
    assert scene.input.table  # the learner's moves are offered
    assert scene.picker.selected_option[0] == REGISTRY[game_id].title
    if SHOTS.is_dir():
        pygame.image.save(small_app.window, str(SHOTS / f"{game_id}_800x560.png"))


# -- a Cooperative deal in the play scene -------------------------------------------------
def open_deal(app, puzzle):
    """The Puzzles scene on ``puzzle``, its "Play this deal" clicked."""
    scene = open_scene(app)
    scene.start(puzzle)
    pump(app)
    assert scene.board is None and "Beat" in " ".join(texts_of(scene))
    click(app, scene.buttons["play"])
    play = app.scenes[-1]
    assert type(play).__name__ == "PlayScene" and play.match.seed == puzzle.seed
    return scene, play


def finish(app, play) -> str:
    assert play.match.is_over()
    for _ in range(4000):  # the moves' animations play out first
        if play.dialogs.game_over is not None:
            return play.dialogs.game_over_text
        pump(app, 1)
    raise AssertionError("no game-over window")


@pytest.mark.slow  # fast cover: the deals replayed above, and the target test below
def test_a_deal_opens_in_the_play_scene_with_its_target_and_reaching_it_marks_it(small_app):
    """The planner's own line played by the person reaches the target exactly."""
    app = small_app
    app.settings["animation_speed"] = 0  # a whole deal's steps, shown at once
    puzzle = P.load("cooperative")[0]
    scene, play = open_deal(app, puzzle)
    panel = [getattr(e, "text", "") for e in play.ui.get_sprite_group().sprites()]
    assert any(f"beat {puzzle.target} points" in t.lower() for t in panel)
    for text in puzzle.answers[0]:
        state = play.match.state
        seat = state.to_act()[0]
        assert play.submit(seat, state.parse_action(text, seat)), text
    said = finish(app, play)
    assert "Puzzle solved: you reached the computer" in said and f"best of {puzzle.target}!" in said
    assert puzzle.key in P.solved()
    assert "best" not in said.replace(f"best of {puzzle.target}", "")  # no best score kept
    play.close_runners()
    app.pop()  # back to the Puzzles scene: the mark shows
    pump(app)
    assert any("solved" in t for t in texts_of(scene))


def test_a_deal_ended_below_the_target_says_so_and_marks_nothing(small_app):
    app = small_app
    puzzle = P.load("cooperative")[0]
    _, play = open_deal(app, puzzle)
    play.match.resign(0)  # "End game" at once: no captures
    said = finish(app, play)
    assert f"best on this deal is {puzzle.target}: {puzzle.target} to go" in said
    assert P.solved() == set()
    play.close_runners()


def test_a_deals_solution_is_the_computers_line_in_words_and_marks_nothing(small_app):
    scene = open_scene(small_app)
    puzzle = P.load("cooperative")[0]
    scene.start(puzzle)
    pump(small_app)
    click(small_app, scene.buttons["solution"])
    from game.ui import widgets

    (window,) = widgets.dialogs(scene.ui)
    assert f"{puzzle.answers[0][1]} ; {puzzle.answers[0][2]}" in window.text_block.html_text
    assert type(small_app.scenes[-1]).__name__ == "PuzzlesScene" and P.solved() == set()


@pytest.mark.parametrize("game_id", ["tulaga", "mulligan_stew"])
def test_the_game_s_own_panel_widgets_show_beside_the_puzzle(small_app, game_id):
    """Tulaga's piles and Mulligan Stew's hand and parts: the widgets the
    play scene and the lessons show, refreshed with the puzzle's position."""
    scene = open_scene(small_app)
    for puzzle in P.load(game_id):  # one without choice buttons (they take the room at 800x560)
        scene.start(puzzle)
        if not scene.choice_buttons():
            break
    pump(small_app)
    shown = [w for w in scene.column.items if w.rect.h]
    assert shown, [type(w).__name__ for w in scene.column.items]
    assert all(w.seen.state.to_text() == scene.state.to_text() for w in shown)
    assert scene.input.sources is scene.column.items
    assert scene.column.view.right <= small_app.size[0]
    if SHOTS.is_dir():
        pygame.image.save(small_app.window, str(SHOTS / f"{game_id}_widgets_800x560.png"))


# -- titles in plain words, a turn shown as one --------------------------------------------
@pytest.mark.parametrize("game_id", [g for g in SHIPPED if g not in DEALS and g != "golf"])
def test_every_title_and_task_count_the_learners_turns_in_words(game_id):
    """ "Mate in one turn", never "Mate in 1"; an Adrenaline capture and the
    move it gives are one turn; a Tulaga gain says what is gained."""
    game = REGISTRY[game_id]
    for p in P.load(game_id):
        state = P.start_state(game, p)
        if p.goal == "gain":
            want = P.gain_title_and_task(game, P.solver(state), p.depth)
        else:
            want = P.title_and_task(game, state, p.answers[0])
        assert (p.title, p.task) == want, p.line
        assert not any(ch.isdigit() for ch in p.title), p.title


def test_a_turn_of_several_steps_is_one_turn_in_the_title_and_the_solution(small_app):
    puzzle = next(p for p in P.load("adrenaline") if p.goal == "only" and len(p.answers[0]) == 2)
    state = P.start_state(REGISTRY["adrenaline"], puzzle)
    ((seat, steps),) = P.turns(state, puzzle.answers[0])  # both steps are the learner's
    assert seat == P.solver(state) and puzzle.title == "Mate in one turn"
    scene = open_scene(small_app)
    scene.start(puzzle)
    click(small_app, scene.buttons["solution"])
    assert scene.note == f"The solution: {steps[0]} then {steps[1]}"
    assert "Adrenaline Chess: mate in one turn" in texts_of(scene)


def test_the_why_is_shown_once_the_solution_is_played(small_app):
    why = "The rook reaches the back rank and the pawns wall the king in."
    puzzle = one(block(fen_of(BACK_RANK.format(b=".")), "Ra8#", extra=f"explain: {why}\n"))
    assert puzzle.explain == why
    scene = open_scene(small_app)
    scene.start(puzzle)
    assert why not in " ".join(texts_of(scene))
    click(small_app, scene.buttons["solution"])
    assert why in " ".join(texts_of(scene))  # wrapped over labels
