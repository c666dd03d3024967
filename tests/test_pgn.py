"""PGN out and in (game/pgn.py): every game round-trips through PGN to the
same moves and final position, python-chess (the test oracle) reads the
Chess and Chess960 exports to the same position, PGN from elsewhere is read
with its comments, variations and marks skipped, and hostile texts get a
clear refusal, never a traceback."""

from __future__ import annotations

import io
import random

import chess
import chess.pgn
import pytest
from helpers.hostile_saves import clear
from helpers.tiers import sweep

from game import pgn, saves
from game.__main__ import main
from game.engine import PositionError
from game.games import REGISTRY, load_all
from game.match import GIVEN_REASON, Match

load_all()
GAMES = sorted(REGISTRY)


def random_game(game_id: str, seed: int, steps: int, start: str | None = None) -> Match:
    """A game of random legal steps, ended (when ``seed`` says so) by a
    resignation or an agreed draw."""
    rng = random.Random(seed)
    match = Match(game_id, seed=seed, start=start)
    while not match.is_over() and len(match.records) < steps:
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    if not match.is_over() and seed % 3 == 1:
        match.resign(rng.randrange(len(match.game.seats)))
    elif not match.is_over() and seed % 3 == 2 and match.game.draw_offers:
        match.agree_draw()
    return match


def a_start(game_id: str, seed: int, steps: int = 6) -> str | None:
    """A typed start: the position after a few random steps, if the rules
    accept it as a start (None otherwise)."""
    text = random_game(game_id, seed, steps).state.to_text()
    try:
        REGISTRY[game_id].start_from(text)
    except PositionError:
        return None
    return text


def assert_round_trip(match: Match) -> str:
    text = pgn.export(match)
    back = pgn.import_pgn(text)
    assert back.history == match.history
    assert back.state.to_text() == match.state.to_text()
    assert back.start == match.start or pgn.is_standard(match.game)
    assert pgn.export(back) == text
    return text


# Moves as squares (Chess, Maces), steps with spaces and seats together
# (Golf, Telepathic): the other games in the slow tier.
@pytest.mark.parametrize("game_id", sweep(GAMES, ("chess", "maces", "golf", "telepathic")))
def test_random_games_come_back_from_pgn_the_same(game_id):
    secrets = saves.has_secrets(REGISTRY[game_id])
    for seed in range(4):
        match = random_game(game_id, seed, (8, 40, 120, 400)[seed])
        if secrets and not match.is_over():
            with pytest.raises(pgn.PgnError, match="once the game is over"):
                pgn.export(match)
            continue
        assert_round_trip(match)


@pytest.mark.parametrize("game_id", sweep(GAMES))
def test_a_typed_start_and_the_options_come_back(game_id):
    game = REGISTRY[game_id]
    options = {o.key: o.choices[-1] for o in game.options if o.choices}
    match = Match(game_id, options, seed=11)
    match.resign(0)  # over: a game with secrets is exported only then
    back = pgn.import_pgn(assert_round_trip(match))
    # Chess960's start comes back as its FEN (standard PGN), the others' options as they were.
    assert back.options == match.options or pgn.is_standard(game)
    start = a_start(game_id, 5)
    if start is not None:
        match = random_game(game_id, 4, 30, start)  # seed 4: resigned if not over
        text = assert_round_trip(match)
        assert ("Position" in text) != pgn.is_standard(game)


@pytest.mark.parametrize("game_id", ["chess", "chess960"])
def test_python_chess_reads_our_exports_to_the_same_position(game_id):
    for seed in range(12):
        start = a_start(game_id, seed, 6 + seed % 2) if seed % 3 == 2 else None  # Black first too
        match = random_game(game_id, seed, 40 + 30 * seed, start)
        text = pgn.export(match)
        read = chess.pgn.read_game(io.StringIO(text))
        assert not read.errors, read.errors
        assert read.end().board().fen() == match.state.to_text()
        assert read.headers["Result"] == pgn.result_tag(match)
        assert len(list(read.mainline_moves())) == sum(1 for s in match.history if 0 in s or 1 in s)


def test_a_pgn_from_elsewhere_is_read_without_its_comments_and_variations():
    text = """[Event "Casual game"]
[Site "https://example.org/abc"]
[White "Ann"]
[Black "Bob"]
[Result "1-0"]
[WhiteElo "1500"]

% an escape line
1.e4 {[%clk 0:03:00]} e5 $1 2. Nf3!? (2. Bc4 {the Bishop's opening} Nf6 (2... Bc5))
2... Nc6 ; a rest-of-line comment
3. Bb5 a6?! 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 1-0

[Event "The second game is not read"]

1. d4 *
"""
    match = pgn.import_pgn(text)
    oracle = chess.pgn.read_game(io.StringIO(text)).end().board()
    assert match.state.to_text() == oracle.fen()
    # 1-0 with no mate and no Termination: the result as given, no reason invented.
    assert match.history[-1] == {"result": "1-0"}
    assert match.state.result().reason == GIVEN_REASON
    assert "resign" not in " ".join(match.move_list()).lower()
    assert match.names == ["Ann", "Bob"]
    assert pgn.result_tag(match) == "1-0"


def test_a_chess960_pgn_from_elsewhere_castles_by_its_rules():
    text = """[Variant "Chess960"]
[SetUp "1"]
[FEN "bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1"]
[Result "*"]

1. Ng3 Ng6 2. O-O O-O 3. c4 c5 *
"""
    match = pgn.import_pgn(text)
    assert match.game_id == "chess960"
    oracle = chess.pgn.read_game(io.StringIO(text)).end().board()
    assert match.state.to_text() == oracle.fen()


def test_python_chess_reads_chess960_castling_from_our_export():
    match = Match("chess960", start="bqnbrkrn/pppppppp/8/8/8/8/PPPPPPPP/BQNBRKRN w KQkq - 0 1")
    for san in ("Ng3", "Ng6", "O-O", "O-O"):
        seat = match.to_act()[0]
        match.play({seat: match.state.parse_action(san, seat)})
    read = chess.pgn.read_game(io.StringIO(pgn.export(match)))
    assert read.end().board().fen() == match.state.to_text()
    assert "K" not in match.state.to_text().split()[2]  # White castled: no rights left


def test_a_chess960_pgn_without_a_fen_starts_from_the_orthodox_position():
    match = pgn.import_pgn('[Variant "Chess960"]\n\n1. e4 e5 *')
    assert (
        match.state.to_text()
        == chess.Board("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2").fen()
    )


def test_notation_with_spaces_braces_and_semicolons_is_escaped_and_read_back():
    for notation in ("give up", "[Kp] a3", "{a;b} (c)", "$1", "1-0", "e4!?", "%20", "é", "12."):
        token = pgn.escape(notation)
        assert pgn.unescape(token) == notation
        assert all(c in pgn.SAFE or c == "%" for c in token), token
        assert token not in pgn.RESULTS and not token[0].isdigit() or "." not in token


# -- hostile texts --------------------------------------------------------------------
def refused(text) -> str:
    with pytest.raises(pgn.PgnError) as caught:
        pgn.import_pgn(text)
    message = str(caught.value)
    assert clear(message), message
    return message


CHESS_HEAD = '[Event "?"]\n[Result "*"]\n\n'


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "empty"),
        ("   \n\n ", "empty"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "not a PGN"),
        (b"\x81\x9d\xfa", "not readable text"),  # not UTF-8, and control codes in Latin-1
        ("x" * (pgn.TEXT_MAX + 1), "too long"),
        ('[Variant "Crazyhouse"]\n\n1. e4 *', "does not have (Crazyhouse)"),
        (CHESS_HEAD + "1. e4 e5 2. Ke3 *", "move 2 (Ke3) is not allowed"),
        (CHESS_HEAD + "1. e4 Qh4 *", "move 1 (Qh4) is not allowed"),
        ('[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 1-0', "result (1-0) is not how its moves end"),
        ('[Result "1-0"]\n\n1. f3 e5 2. g4 Qh4# 0-1', "contradicts itself"),
        ('[Result "2-0"]\n\n1. e4 *', "result is unreadable"),
        (CHESS_HEAD + "1. e4 { a { nested } comment } e5 *", "comments do not nest"),
        (CHESS_HEAD + "1. e4 { never closed", "never ends"),
        (CHESS_HEAD + "1. e4 (1. d4 *", "never ends"),
        (CHESS_HEAD + "1. e4 ) e5 *", "no ( before it"),
        ('[Event "no end\n\n1. e4 *', "tag it cannot read"),
        ("1. f3 e5 2. g4 Qh4# 3. a3 *", "comes after the end of the game"),
        ('[Variant "Maces and Horse-apults"]\n[Options "[1]"]\n\n*', "options are not ones"),
        ('[Variant "maces"]\n[Options "{\\"x\\": 1}"]\n\n*', "options are not ones"),
        ('[Variant "maces"]\n[Seed "twelve"]\n\n*', "seed"),
        ('[Variant "maces"]\n[Position "not a position"]\n\n*', "start position cannot"),
        ('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n*', "start position cannot"),
        ('[Variant "synchronous"]\n\n1. e4 *', "2 players made at once"),
        (CHESS_HEAD + "1. %FF *", "cannot be read"),
        (CHESS_HEAD + "1. e4 " + "N" * 100_000 + " *", "is not allowed"),
        ('[Agreement "White sulks"]\n\n1. e4 *', "ending it cannot read"),
        ("a/+XgBs0fD28n8X5kLq9Zm9v\nYmFyYmF6cXV4eXo=", "not a PGN text"),  # base64 noise
        ("Dear Sam, the move e4 was bad.", "not a PGN text"),
    ],
)
def test_hostile_pgn_is_refused_clearly(text, words):
    assert words in refused(text)


def test_a_latin1_file_with_a_dos_end_mark_is_read(tmp_path):
    """The PGN standard's character set is ISO 8859-1; old DOS files end in Ctrl-Z."""
    path = tmp_path / "latin1.pgn"
    path.write_bytes('[Event "Café"]\n[White "Sørensen"]\n\n1. e4 *\n\x1a'.encode("latin-1"))
    match = pgn.open_file(path)
    assert match.history == [{0: "e4"}] and match.names[0] == "Sørensen"


def test_a_folder_with_no_file_named_says_so(tmp_path):
    """The Load screen fills in the PGN folder, which is not there before the
    first PGN is saved: not "there is no file pgn there"."""
    with pytest.raises(pgn.PgnError, match="No file was named") as caught:
        pgn.open_file(f"{tmp_path}/pgn/")
    assert clear(str(caught.value))


def test_a_typed_path_with_a_nul_byte_is_no_file_path():
    with pytest.raises(pgn.PgnError, match="not a file path") as caught:
        pgn.open_file("/tmp/a\0b.pgn")
    assert clear(str(caught.value)) and "\0" not in str(caught.value)


def test_ten_thousand_moves_are_refused_before_any_is_replayed():
    moves = " ".join(f"{n}. Nf3 Nf6 {n}. Ng1 Ng8" for n in range(1, 2501))
    assert "too long to replay" in refused(CHESS_HEAD + moves + " *")


@pytest.mark.slow  # fast cover: the hostile texts above, each refused in words
def test_damaged_copies_of_real_pgn_import_or_are_refused_clearly():
    """Cut, flip and splice real exports at random: never anything but a
    match or a clear PgnError."""
    rng = random.Random(7)
    texts = [pgn.export(random_game(g, 2, 60)) for g in ("chess", "maces", "synchronous")]
    for _ in range(200):
        text = rng.choice(texts)
        i, j = sorted(rng.randrange(len(text) + 1) for _ in range(2))
        damaged = rng.choice(
            [
                text[:i],
                text[:i] + text[j:],
                text[:i] + rng.choice('{}()[];%$"\\ \n.&x') + text[i:],
                text[:i] + text[i:j][::-1] + text[j:],
            ]
        )
        try:
            pgn.import_pgn(damaged)
        except pgn.PgnError as e:
            assert clear(str(e)), str(e)


# -- secrets --------------------------------------------------------------------------
def test_an_unfinished_game_with_secrets_is_not_exported():
    match = random_game("telepathic", 0, 6)
    assert not match.is_over()
    message = str(pytest.raises(pgn.PgnError, pgn.export, match).value)
    assert clear(message) and "once the game is over" in message


def test_a_finished_dealt_game_comes_back_with_the_same_deal():
    match = random_game("golf", 1, 20)  # seed 1: resigned when not over
    back = pgn.import_pgn(pgn.export(match))
    assert back.seed == match.seed
    assert back.initial_state().to_text() == match.initial_state().to_text()


# -- the command line -----------------------------------------------------------------
def test_the_command_line_prints_a_saves_pgn(capsys):
    match = random_game("chess", 0, 20)
    path = saves.save_named(match, "twenty")
    assert main(["--pgn", str(path)]) == 0
    assert capsys.readouterr().out == pgn.export(match, date=pgn.date_of(path))


@pytest.mark.parametrize("what", ["missing", "damaged", "secret"])
def test_the_command_line_refuses_clearly(capsys, what):
    if what == "missing":
        path = saves.saves_dir() / "nothing here.json"
    elif what == "damaged":
        path = saves.saves_dir() / "damaged.json"
        path.write_text('{"format": 1, "game": "chess"', encoding="utf-8")
    else:
        path = saves.save_named(random_game("telepathic", 0, 6), "secret")
    assert main(["--pgn", str(path)]) == 1
    out = capsys.readouterr()
    assert out.out == "" and "Traceback" not in out.err and clear(out.err.strip())
