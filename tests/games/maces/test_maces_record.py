"""Maces and Tulpas: the written record of a step (the move list and the
save) names every piece that step removed, and why (issue 27). A swing made
by itself follows the step's text in brackets; ``#`` marks the capture of a
king. Diagrams top rank (10) first, White upper case, "." empty."""

from __future__ import annotations

import random
import re
from collections import Counter

import pytest
from helpers import tiers

from game.engine import IllegalAction
from game.engine.board import board_field
from game.games import load_all
from game.games.maces.rules import GEO, Throw
from game.match import Match

load_all()
sq = GEO.square


def start(diagram: str, side: str = "w", game: str = "maces") -> str:
    text = f"{board_field(diagram, 10)} {side} act - 0 1"
    return text + (" -/-" if game == "tulpas" else "")


def played(match: Match, *texts: str) -> list[str]:
    """Play the texts, each by the seat to act; the texts the match records."""
    for text in texts:
        (seat,) = match.state.to_act()
        match.play({seat: match.state.parse_action(text, seat)})
    return [step[seat] for step in match.history[-len(texts) :] for seat in step]


# -- the cases of the issue -------------------------------------------------------------
def test_a_thrown_mace_writes_the_swing_it_makes_on_landing():
    """Black's throw of the j10 Mace to j7 took White's Mace on j6."""
    match = Match(
        "maces",
        seed=1,
        start=start(
            """
            .....k...m
            ........h.
            ..........
            ..........
            .........M
            ..........
            ..........
            ..........
            ..........
            .....K....
            """,
            side="b",
        ),
    )
    assert played(match, "Hi9:j10>j7") == ["Hi9:j10>j7 (Mj7xj6)"]
    assert match.state.piece_at(sq("j6")) is None


def test_the_compulsory_swing_after_a_chosen_one_is_written():
    """Me5-e6: both Maces reach f7, so White chooses the order; e6 takes d7,
    and the g6 Mace's compulsory swing on f7 follows by itself."""
    match = Match("maces", seed=1, start="5k4/10/10/3p1p4/6M3/4M5/10/10/10/5K4 w act - 0 1")
    assert played(match, "Me5-e6", "Me6!", "Me6xd7") == ["Me5-e6", "Me6!", "Me6xd7 (Mg6xf7)"]
    assert match.move_list() == ["Me5-e6", "Me6!", "Me6xd7 (Mg6xf7)"]


def test_choosing_a_mace_with_one_victim_writes_its_swing():
    """The chosen e6 Mace has f7 alone: it swings at once, then g6 on h7."""
    match = Match(
        "maces",
        seed=1,
        start=start(
            """
            .....k....
            ..........
            ..........
            .....p.p..
            ......M...
            ....M.....
            ..........
            ..........
            ..........
            .....K....
            """
        ),
    )
    assert played(match, "Me5-e6", "Me6!") == ["Me5-e6", "Me6! (Me6xf7, Mg6xh7)"]


def test_a_throw_that_kills_the_king_says_so():
    """The king thrown next to the h10 Mace: the Mace takes it, game over."""
    match = Match(
        "maces",
        seed=1,
        start=start(
            """
            .......M..
            ..........
            ...kH.....
            ..........
            ..........
            ..........
            ..........
            ..........
            ..........
            .....K....
            """
        ),
    )
    assert played(match, "He8:d8>g9") == ["He8:d8>g9 (Mh10xg9#)"]
    assert match.is_over() and match.state.result().reason == "White captured the king"


def test_a_king_taken_by_the_action_itself_is_marked():
    match = Match(
        "maces",
        seed=1,
        start=start(
            """
            .....k....
            ..........
            ..........
            ..........
            ..........
            ..........
            ..........
            ..........
            ..........
            .....R..K.
            """
        ),
    )
    assert played(match, "Rf1xf10") == ["Rf1xf10#"]


# -- saves: both writings read back ---------------------------------------------------------
def test_a_save_in_the_old_writing_still_loads_and_shows_the_new_one():
    match = Match("maces", seed=1, start="5k4/10/10/3p1p4/6M3/4M5/10/10/10/5K4 w act - 0 1")
    played(match, "Me5-e6", "Me6!", "Me6xd7")
    old = match.to_dict()
    old["actions"] = [{k: v.split(" (")[0] for k, v in s.items()} for s in old["actions"]]
    assert old["actions"][-1] == {"0": "Me6xd7"}  # as saves of earlier versions hold it
    loaded = Match.from_dict(old)
    assert loaded.state.to_text() == match.state.to_text()
    assert loaded.move_list() == ["Me5-e6", "Me6!", "Me6xd7 (Mg6xf7)"]
    assert Match.from_dict(match.to_dict()).history == match.history


def test_a_written_aftermath_must_be_what_happens():
    match = Match("maces", seed=1, start="5k4/10/10/3p1p4/6M3/4M5/10/10/10/5K4 w act - 0 1")
    played(match, "Me5-e6", "Me6!")
    state = match.state
    with pytest.raises(IllegalAction):
        state.parse_action("Me6xd7 (Mg6xe7)")
    with pytest.raises(IllegalAction):
        state.parse_action("Me6xd7#")
    assert state.parse_action("Me6xd7 (Mg6xf7)") == state.parse_action("e6xd7")


# -- the property: over random games, the text names exactly what left the board ---------
_VICTIM = re.compile(r"[x*]([a-j]\d+)")
_BRACKETS = re.compile(r"^(.*?)(#?)(?: \((.*)\))?$")


def named_victims(text: str) -> tuple[list[str], bool, list[tuple[str, str]]]:
    """The squares a step's text names as taken (its own capture, then each
    bracketed swing), whether it marks a king taken, and the swinging
    Maces as (letter, square)."""
    own, king, swings = _BRACKETS.match(text).groups()
    squares = _VICTIM.findall(own) if ":" not in own else []  # a throw takes nothing
    maces = []
    for item in swings.split(", ") if swings else []:
        m = re.fullmatch(r"([A-Z])([a-j]\d+)x([a-j]\d+)(#?)", item)
        assert m, f"{item!r} in {text!r} is not a swing"
        maces.append((m[1], m[2]))
        squares.append(m[3])
        king = king or m[4]
    return squares, bool(king), maces


def lost_pieces(before, action, after) -> Counter:
    """The pieces of ``before`` missing from ``after``, read off the two
    boards (a pawn promoted where it stands counts as that pawn)."""
    was = Counter(before.pieces().values())
    now = Counter(after.pieces().values())
    promo = getattr(action, "promotion", None)
    if promo and after.piece_at(action.to) is not None:
        pawn = before.piece_at(action.frm)
        now[after.piece_at(action.to)] -= 1
        now[pawn] += 1
    kind = getattr(action, "kind", None)
    if type(action).__name__ == "Place":
        now[(before.turn, kind)] -= 1
    was.subtract(now)
    assert all(n >= 0 for n in was.values()), f"{action}: a piece appeared from nowhere"
    return +was


def pieces_named(before, action, squares: list[str]) -> Counter:
    """The pieces on the named squares when they were taken: a thrown piece
    on its landing square, a pawn taken en passant behind the square named."""
    out = Counter()
    for name in squares:
        s = sq(name)
        if isinstance(action, Throw) and s == action.to:
            out[before.piece_at(action.piece)] += 1
        elif before.piece_at(s) is None:  # en passant: the pawn beside the mover
            out[before.piece_at(GEO.square(name[0] + GEO.name(action.frm)[1:]))] += 1
        else:
            out[before.piece_at(s)] += 1
    return out


@pytest.mark.parametrize("game_id", tiers.sweep(["maces", "tulpas"]))
def test_every_step_names_every_piece_it_removed(game_id):
    seen = Counter()
    for seed in range(6):
        rng = random.Random(seed)
        match = Match(game_id, seed=seed)
        for _ in range(400):
            if match.is_over():
                break
            before = match.state.copy()
            choice = {s: rng.choice(before.legal_actions(s)) for s in before.to_act()}
            match.play(choice)
            after = match.state
            if len(choice) > 1:  # the card duel takes nothing
                assert lost_pieces(before, None, after) == Counter()
                continue
            ((seat, action),) = choice.items()
            text = match.history[-1][seat]
            squares, king, maces = named_victims(text)
            lost = lost_pieces(before, action, after)
            where = f"seed {seed} {before.to_text()!r} {text!r}"
            assert pieces_named(before, action, squares) == lost, where
            assert king == any(p.kind == "king" for p in lost), where
            for letter, name in maces:  # the Mace named stands there, the mover's
                mace = after.piece_at(sq(name))
                assert mace is not None and mace.side == seat, where
                assert mace.kind in before.mace_kinds, where
                assert before.letters.letter_of[mace.kind] == letter, where
            seen["swings written"] += len(maces)
            seen["kings"] += king
    assert seen["swings written"] >= 20 and seen["kings"] >= 3, seen
