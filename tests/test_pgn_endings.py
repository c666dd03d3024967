"""How a game ended, out to PGN and back, as other chess programs write it:
``Termination "normal"`` and a comment ({White resigns.}, {Draw agreed.})
for a resignation or an agreed draw, ``"time forfeit"`` and the clocks'
``[%clk]`` for a game lost on time, and a result a PGN gives with no reason
kept as just that result (an outside reviewer saw a 1-0 from elsewhere
shown as "Black resigned", both clocks full after a time-out, and level
ids as player names). Every ending of a sample of games comes back the
same; python-chess reads our chess exports' result and termination."""

from __future__ import annotations

import io
import json
import random

import chess.pgn
import pytest
from helpers.hostile_saves import clear

from game import pgn, saves
from game.__main__ import main
from game.clock import Clock, offers_clock
from game.match import GIVEN_REASON, Match

#: Chess (standard PGN), Maces (ours), Synchronous (moves made together),
#: Golf (one seat: its result is ``*``).
SAMPLE = ("chess", "maces", "synchronous", "golf")


def played(game_id: str, steps: int = 4, seed: int = 3) -> Match:
    match = Match(game_id, seed=seed)
    if offers_clock(match.game, match.options):
        match.clock = Clock.new(90.0, 2.0, len(match.game.seats))
    rng = random.Random(seed)
    while not match.is_over() and len(match.records) < steps:
        match.play({s: rng.choice(list(match.state.legal_actions(s))) for s in match.to_act()})
        if match.clock is not None:
            match.clock.left = [t - 3.5 for t in match.clock.left]  # time went by
    return match


def ended(game_id: str) -> list[tuple[str, Match]]:
    out = []
    resigned = played(game_id)
    resigned.resign(resigned.to_act()[0])
    out.append(("resign", resigned))
    game = resigned.game
    if game.draw_offers:
        agreed = played(game_id)
        agreed.agree_draw()
        out.append(("draw", agreed))
    timed = played(game_id)
    if timed.clock is not None:
        seat = timed.to_act()[0]
        timed.clock.left[seat] = 0.0
        timed.flag(seat)
        out.append(("flag", timed))
    if len({tuple(game.team_of(s)) for s in range(len(game.seats))}) == 2:
        given = played(game_id)
        given.record_result("0-1")
        out.append(("result", given))
    return out


@pytest.mark.parametrize("game_id", SAMPLE)
def test_every_ending_comes_back_from_pgn_the_same(game_id):
    for kind, match in ended(game_id):
        text = pgn.export(match)
        assert "Agreement" not in text  # no tag of our own for the ending
        back = pgn.import_pgn(text)
        assert back.history == match.history, kind
        assert back.state.result() == match.state.result(), kind
        together = any(len(r.step) > 1 for r in match.records)
        if match.clock is not None and not (kind == "flag" and together):
            assert back.clock.left == pytest.approx(match.clock.left, abs=0.05), kind
        elif match.clock is not None:  # moves made together with the flagged seat's
            assert back.clock.left == pytest.approx([0.0, 90.0]), "no [%clk], full time"
        termination = {"resign": "normal", "draw": "normal", "flag": "time forfeit"}.get(kind)
        assert (
            (f'[Termination "{termination}"]' in text)
            if termination
            else ("Termination" not in text)
        )


def test_a_resignation_is_written_as_chess_programs_write_it():
    match = played("chess")
    match.resign(0)
    text = pgn.export(match)
    assert '[Termination "normal"]' in text and text.rstrip().endswith("{White resigns.} 0-1")
    read = chess.pgn.read_game(io.StringIO(text))
    assert read.headers["Result"] == "0-1" and read.headers["Termination"] == "normal"
    assert read.end().comment.endswith("White resigns.")  # after White's clock


def test_a_time_out_keeps_the_clocks_it_had():
    match = played("chess")
    match.clock.left[match.to_act()[0]] = 0.0
    match.flag(match.to_act()[0])
    text = pgn.export(match)
    assert '[Termination "time forfeit"]' in text and "[%clk 0:01:" in text
    back = pgn.import_pgn(text)
    assert back.clock.left == pytest.approx(match.clock.left, abs=0.05)
    assert 0.0 in back.clock.left and back.clock.left != [90.0, 90.0]


def test_a_result_with_no_reason_stays_just_that_result():
    text = '[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 1-0\n'
    match = pgn.import_pgn(text)
    assert match.history[-1] == {"result": "1-0"}
    assert match.state.result().reason == GIVEN_REASON
    assert match.move_list()[-1] == "1-0 (as the PGN gives it)"
    # Saved and loaded, it stays that result.
    back = saves.load(saves.save_named(match, "given"))
    assert back.history == match.history and back.state.result() == match.state.result()


@pytest.mark.parametrize(
    "termination, result, step",
    [
        ("Normal", "1-0", {"resign": 1}),
        ("normal", "1/2-1/2", {"draw": "agreed"}),
        ("Time forfeit", "0-1", {"flag": 0}),
    ],
)
def test_a_termination_from_elsewhere_names_the_ending(termination, result, step):
    text = (
        f'[Result "{result}"]\n[Termination "{termination}"]\n[TimeControl "180+2"]\n\n'
        f"1. e4 e5 2. Nf3 {result}\n"
    )
    match = pgn.import_pgn(text)
    assert match.history[-1] == step


def test_our_older_exports_with_an_agreement_tag_are_still_read():
    text = '[Result "0-1"]\n[Termination "normal"]\n[Agreement "White resigns"]\n\n1. e4 0-1\n'
    assert pgn.import_pgn(text).history[-1] == {"resign": 0}


def test_players_are_named_as_the_app_names_them_and_the_date_is_written(tmp_path):
    match = Match("chess", players=["human", "computer:search:2"], names=["Ann", ""])
    match.resign(0)
    text = pgn.export(match, date="2026.11.27")
    assert '[White "Ann"]' in text and '[Black "Computer (Normal)"]' in text
    assert '[Date "2026.11.27"]' in text
    assert '[Date "????.??.??"]' in pgn.export(match)


def test_the_command_line_writes_the_saves_date(capsys):
    match = played("chess")
    path = saves.save_named(match, "dated")
    assert main(["--pgn", str(path)]) == 0
    assert f'[Date "{pgn.date_of(path)}"]' in capsys.readouterr().out
    assert pgn.date_of(path)[:2] == "20"


def test_a_given_result_in_a_game_of_one_side_is_a_damaged_save(tmp_path):
    saved = played("golf").to_dict()
    saved["actions"] = [*saved.get("actions", []), {"result": "1-0"}]
    path = tmp_path / "golf.json"
    path.write_text(json.dumps(saved), encoding="utf-8")
    with pytest.raises(saves.SaveError) as caught:
        saves.load(path)
    assert clear(str(caught.value))


@pytest.mark.parametrize(
    "where, words",
    [("folder", "is a folder, not a PGN file"), ("device", "is not a file with a game in it")],
)
def test_opening_a_folder_or_a_device_says_what_it_is(tmp_path, where, words):
    path = tmp_path if where == "folder" else "/dev/zero"
    with pytest.raises(pgn.PgnError) as caught:
        pgn.open_file(path)
    assert words in str(caught.value) and "file path" not in str(caught.value)
