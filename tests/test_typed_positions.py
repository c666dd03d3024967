"""Typed positions (the setup screen's "Start from", a save's start, --load)
go through ``Game.from_text``: what the rules cannot play is refused with a
short PositionError, and whatever is accepted plays.

The property test feeds every game mutated and random texts made by
scripts/fuzz_positions.py's makers (hypothesis picks the seeds: derandomized,
a bounded number of examples, steps counted, never timed)."""

from __future__ import annotations

import importlib.util
import random
import re
import sys
from pathlib import Path

import pytest
from helpers.chess_diagrams import fen_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.engine import PositionError
from game.engine.chess import ChessState
from game.engine.protocol import MESSAGE_MAX
from game.games import load_all
from game.match import Match

ROOT = Path(__file__).resolve().parent.parent
GAMES = load_all()


def _fuzz():
    spec = importlib.util.spec_from_file_location(
        "fuzz_positions", ROOT / "scripts/fuzz_positions.py"
    )
    module = importlib.util.module_from_spec(spec)
    sys.modules["fuzz_positions"] = module
    spec.loader.exec_module(module)
    return module


fuzz = _fuzz()
REAL_TEXTS = {gid: fuzz.real_texts(game, random.Random(7), games=2) for gid, game in GAMES.items()}


@pytest.mark.parametrize("game_id", sorted(GAMES))
@settings(
    derandomize=True,
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(seed=st.integers(0, 2**32), noise=st.booleans())
def test_a_typed_position_is_refused_or_plays(game_id, seed, noise):
    game = GAMES[game_id]
    rng = random.Random(seed)
    real = REAL_TEXTS[game_id]
    text = fuzz.random_text(rng, rng.choice(real)) if noise else fuzz.mutate(rng.choice(real), rng)
    assert fuzz.play_text(game, text, rng, steps=6) in ("accepted", "refused")


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_every_real_position_reads_back(game_id):
    for text in REAL_TEXTS[game_id]:
        assert GAMES[game_id].from_text(text).to_text() == text


def refusal(game_id: str, text: str) -> str:
    with pytest.raises(PositionError) as error:
        GAMES[game_id].from_text(text)
    message = str(error.value)
    assert 0 < len(message) <= MESSAGE_MAX
    return message


PAWN_ON_ITS_FIRST_RANK = """
    r n b q k b n r
    p p p p p p p p
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P .
    R N B Q K B N P
"""


@pytest.mark.parametrize("game_id", ["chess", "chess960", "synchronous", "cooperative"])
def test_a_pawn_on_its_first_rank_is_refused(game_id):
    text = fen_of(PAWN_ON_ITS_FIRST_RANK)
    start = GAMES[game_id].new(None, 1).to_text().split()
    text = " ".join([text.split()[0], start[1], "-", *start[3:]])
    assert "h1" in refusal(game_id, text)


@pytest.mark.parametrize("game_id", ["adrenaline", "zombie"])
def test_a_pawn_may_stand_on_its_first_rank_but_never_on_its_last(game_id):
    # Adrenaline's steps and Zombie's graves bring a pawn back to its first
    # rank; no rule leaves one on its last.
    start = GAMES[game_id].new(None, 1).to_text().split()
    text = " ".join([fen_of(PAWN_ON_ITS_FIRST_RANK).split()[0], start[1], "-", *start[3:]])
    assert GAMES[game_id].from_text(text)
    last_rank = text.replace("rnbqkbnr/pppppppp", "rnbqkbnP/ppppppp1", 1)
    assert "h8" in refusal(game_id, last_rank)


#: Black to move, yet White's king stands attacked: White would take it.
WHITE_IN_CHECK_BLACK_TO_MOVE = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . q . . .
    . . . . K . . .
"""


@pytest.mark.parametrize("game_id", ["chess", "tar_pit", "crowded_house"])
def test_the_side_not_to_move_in_check_is_refused(game_id):
    board = fen_of(WHITE_IN_CHECK_BLACK_TO_MOVE, to_move="b").split()[:4]
    start = GAMES[game_id].new(None, 1).to_text().split()
    text = " ".join([*board, *start[4:]])
    assert "White is in check" in refusal(game_id, text)


@pytest.mark.parametrize("counters", ["0 0", "-1 1", "0 -1", "0 100000000"])
def test_move_counters_out_of_range_are_refused(counters):
    text = "4k3/8/8/8/8/8/8/4K3 w - - " + counters
    assert "move counters" in refusal("chess", text)


def test_an_en_passant_square_no_pawn_skipped_is_refused():
    assert "e3" in refusal("chess", "4k3/8/8/8/8/8/8/4K3 b - e3 0 1")


def test_adrenaline_has_no_more_checkers_than_its_set():
    text = "4k3/8/8/8/8/8/8/4K3 w - - 0 1 e1=1000000 0 -/-/-/-"
    assert "24 checkers" in refusal("adrenaline", text)
    assert GAMES["adrenaline"].from_text("7k/8/8/8/8/8/8/K7 w - - 0 1 a1=3 21 -/-/-/-")


def test_golf_has_no_more_pieces_of_a_kind_than_its_set():
    state = GAMES["golf"].new(None, 3)
    fields = state.to_text().split()
    fields[0] = "qqq5/8/8/8/8/8/8/8"
    assert "set" in refusal("golf", " ".join(fields))


def test_a_long_text_is_refused_without_being_echoed():
    text = "x" * 10_137
    assert len(refusal("chess", text)) < 100
    junk = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w " + "Q" * 3000 + " - 0 1"
    refusal("chess", junk)


#: No king on either side: no game with kings can be played from here.
NO_KINGS = """
    . . . . . . . .
    . . . . p . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . P . . .
    . . . . . . . .
"""

#: Two white kings.
TWO_WHITE_KINGS = """
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . K K . . .
"""


def _on_the_games_fields(game_id: str, diagram: str) -> str:
    """The diagram's board with the rest of the game's own start text."""
    start = GAMES[game_id].new(None, 1).to_text().split()
    return " ".join([fen_of(diagram).split()[0], "w", "-", "-", *start[4:]])


CHESS_CORE_GAMES = sorted(
    gid for gid, game in GAMES.items() if isinstance(game.new(None, 1), ChessState)
)


@pytest.mark.parametrize("game_id", CHESS_CORE_GAMES)
@pytest.mark.parametrize("diagram", [NO_KINGS, TWO_WHITE_KINGS], ids=["no_kings", "two_kings"])
def test_every_chess_core_game_refuses_a_board_without_its_kings(game_id, diagram):
    # King-capture games (Two Move, Masquerade) accepted a board with no king
    # at all and opened it already decided; Cooperative took two white kings.
    # (Synchronous alone may lose both kings in one turn: that draw reads back.)
    if game_id == "synchronous" and diagram is NO_KINGS:
        assert GAMES[game_id].from_text(_on_the_games_fields(game_id, diagram)).is_over()
        return
    message = refusal(game_id, _on_the_games_fields(game_id, diagram))
    # (Telepathic refuses the thin board sooner: lost pieces need face-up cards.)
    assert "king" in message or game_id == "telepathic"


@pytest.mark.parametrize("game_id", ["two_move", "masquerade"])
def test_a_finished_position_reads_back_but_is_no_start(game_id):
    # White's king is gone: a king-capture game that ended reads back (its
    # text round-trips), but a game cannot begin from it.
    text = _on_the_games_fields(game_id, TWO_WHITE_KINGS.replace("K K", ". .", 1))
    game = GAMES[game_id]
    assert game.from_text(text).is_over()
    with pytest.raises(PositionError, match="already over"):
        game.start_from(text)
    with pytest.raises(PositionError, match="already over"):
        Match(game_id, start=text)


#: Black has ten queens: no chess set holds them, though promotions could.
TEN_QUEENS = """
    q q q q k q q q
    q q q . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    P P P P P P P P
    R N B Q K B N R
"""


@pytest.mark.parametrize("game_id", ["chess", "cooperative", "two_move"])
def test_a_typed_start_holds_no_more_than_one_set_each(game_id):
    # The rules may reach such a board (eight promotions), so the text reads;
    # a game cannot begin from it (Cooperative played 24 queens a side).
    game = GAMES[game_id]
    text = _on_the_games_fields(game_id, TEN_QUEENS)
    assert game.from_text(text).to_text() == text
    with pytest.raises(PositionError, match="one chess set"):
        game.start_from(text)
    with pytest.raises(PositionError, match="one chess set"):
        Match(game_id, start=text)
    fewer = text.replace("qqqqkqqq/qqq5", "qqqqkqqq/qq6", 1)  # nine: eight promoted
    assert fewer != text
    assert game.start_from(fewer)


@settings(max_examples=150, derandomize=True, deadline=None)
@given(st.randoms(use_true_random=False), st.booleans())
def test_typed_castling_rights_agree_with_python_chess(rng, fischer):
    """A back rank of king and rooks with a random castling field: what we
    accept castles exactly as python-chess (its castling validation, the
    oracle) lets it; rights it would drop, we refuse."""
    chess = pytest.importorskip("chess")
    files = rng.sample(range(8), 3 if fischer else 1)
    rank = ["."] * 8
    if fischer:
        king = files[0]  # the rooks fall on either side, or both on one
        for f in files[1:]:
            rank[f] = "R"
    else:
        king = 4
        for f in (0, 7):
            if rng.random() < 0.8:
                rank[f] = "R"
    rank[king] = "K"
    row = re.sub(r"\.+", lambda run: str(len(run.group())), "".join(rank))
    # Mostly the rooks' own files, so that rights on both of them come up.
    rook_files = "".join("ABCDEFGH"[f] for f in range(8) if rank[f] == "R")
    letters = "".join(dict.fromkeys("KQ" + rook_files + rng.choice("ABCDEFGH")))
    field = "".join(rng.sample(letters, rng.randint(1, 2)))
    field = field + "".join(rng.sample(letters, rng.randint(0, 2))).lower() or "-"
    fen = f"{row.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{row} w {field} - 0 1"
    game_id = "chess960" if fischer else "chess"
    try:
        ours = GAMES[game_id].from_text(fen)
    except PositionError:
        ours = None
    try:
        board = chess.Board(fen, chess960=fischer)
        theirs = board if board.clean_castling_rights() == board.castling_rights else None
    except ValueError:
        theirs = None
    if ours is None:
        assert theirs is None or not theirs.castling_rights, fen
        return
    assert theirs is not None, fen
    ours_castles = {(a.frm, a.to > a.frm) for a in ours.legal_moves() if ours.is_castle(a)}
    their_castles = {
        (m.from_square, m.to_square > m.from_square)
        for m in theirs.legal_moves
        if theirs.is_castling(m)
    }
    assert ours_castles == their_castles, fen
