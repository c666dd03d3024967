"""Match: playing, undo/redo, the move list and the save format (as dicts)."""

from __future__ import annotations

import importlib.util
import json

import pytest
from helpers.toy_games import install
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import __version__
from game.engine import IllegalAction
from game.games import load_all
from game.match import FORMAT, NAME_MAX, Match, SaveError, clean_name


@pytest.fixture(autouse=True)
def _toys(monkeypatch):
    install(monkeypatch)


def roundtrip(match: Match) -> Match:
    return Match.from_dict(json.loads(json.dumps(match.to_dict())))


def legal_texts(match: Match) -> dict[int, list[str]]:
    st_ = match.state
    return {s: sorted(str(a) for a in st_.legal_actions(s)) for s in range(len(match.players))}


# -- making a match ----------------------------------------------------------------
def test_defaults():
    m = Match("toy_nim")
    assert m.players == ["human", "human"]
    assert isinstance(m.seed, int)
    assert m.options == {"heap": 10}
    assert m.history == [] and not m.can_undo and not m.can_redo
    assert m.state.to_text() == "10 0"


def test_random_seeds_differ():
    assert len({Match("toy_guess").seed for _ in range(8)}) > 1


@pytest.mark.parametrize(
    "kwargs",
    [
        {"game_id": "no_such_game"},
        {"game_id": "toy_nim", "options": {"heap": 7}},
        {"game_id": "toy_nim", "options": {"colour": "red"}},
        {"game_id": "toy_nim", "players": ["human"]},
        {"game_id": "toy_nim", "players": ["human", "robot"]},
        {"game_id": "toy_nim", "players": ["human", "computer:"]},
        {"game_id": "toy_nim", "seed": "12"},
    ],
)
def test_bad_arguments(kwargs):
    with pytest.raises(ValueError):
        Match(**kwargs)


def test_players():
    m = Match("toy_nim", players=["human", "computer:3"])
    assert m.is_human(0) and not m.is_human(1)
    assert m.computer_level(1) == "3" and m.computer_level(0) is None


# -- playing -----------------------------------------------------------------------
def test_play_records_notation_and_returns_events():
    m = Match("toy_nim", seed=1)
    events = m.play({0: 3})
    assert [e.kind for e in events] == ["take"]
    assert m.history == [{0: "take 3"}]
    assert m.state.to_text() == "7 1"
    assert m.move_list() == ["take 3"]


def test_illegal_actions_raise_and_leave_everything():
    m = Match("toy_nim", seed=1)
    m.play({0: 1})
    m.play({1: 1})
    m.undo()  # seat 1 to act, one step to redo
    before = (m.state.to_text(), list(m.history), m.can_redo)
    for bad in ({0: 1}, {1: 4}, {0: 1, 1: 1}, {}, {1: "1"}):
        with pytest.raises(IllegalAction):
            m.play(bad)
        assert (m.state.to_text(), list(m.history), m.can_redo) == before


def test_no_play_after_the_end():
    m = Match("toy_nim", options={"heap": 5}, seed=0)
    for seat, n in [(0, 3), (1, 2)]:
        m.play({seat: n})
    assert m.is_over() and m.state.result().points == (0.0, 1.0)
    with pytest.raises(IllegalAction):
        m.play({0: 1})
    with pytest.raises(IllegalAction):
        m.resign(0)
    with pytest.raises(IllegalAction):
        m.agree_draw()


def test_resign_and_draw_are_history():
    m = Match("toy_nim", seed=0)
    m.play({0: 1})
    events = m.resign(1)
    assert events[0].kind == "game_over"
    assert m.state.result().points == (1.0, 0.0)
    assert m.history[-1] == {"resign": 1}
    assert m.move_list() == ["take 1", "Second resigns"]
    m.undo()
    assert not m.is_over() and m.to_act() == (1,)
    m.agree_draw()
    assert m.state.result().points == (0.5, 0.5)
    assert m.move_list()[-1] == "Draw agreed"
    n = roundtrip(m)
    assert n.history == m.history and n.state.result().points == (0.5, 0.5)


def test_resign_bad_seat():
    m = Match("toy_nim")
    with pytest.raises(IllegalAction):
        m.resign(5)


# -- undo and redo -------------------------------------------------------------------
def test_undo_redo():
    m = Match("toy_nim", seed=0)
    texts = [m.state.to_text()]
    for seat, n in [(0, 1), (1, 2), (0, 3)]:
        m.play({seat: n})
        texts.append(m.state.to_text())
    assert m.undo() == 1 and m.state.to_text() == texts[2]
    assert m.undo(2) == 2 and m.state.to_text() == texts[0]
    assert not m.can_undo and m.can_redo
    assert m.undo() == 0
    m.redo()
    assert m.state.to_text() == texts[1] and m.history == [{0: "take 1"}]
    m.redo()
    m.redo()
    assert m.state.to_text() == texts[3] and not m.can_redo
    assert m.redo() == []


def test_play_clears_redo():
    m = Match("toy_nim", seed=0)
    m.play({0: 1})
    m.undo()
    assert m.can_redo
    m.play({0: 2})
    assert not m.can_redo
    assert m.history == [{0: "take 2"}]


def test_undo_to_human_takes_back_the_computer_reply_too():
    m = Match("toy_nim", seed=0, players=["human", "computer:random"])
    m.play({0: 1})  # human
    m.play({1: 2})  # computer's reply
    assert m.undo_to_human() == 2
    assert m.history == [] and m.to_act() == (0,)
    # while the computer is still to reply, one step is enough
    m.play({0: 3})
    assert m.undo_to_human() == 1 and m.to_act() == (0,)
    assert m.undo_to_human() == 0


def test_undo_to_human_with_computer_first():
    m = Match("toy_nim", seed=0, players=["computer:2", "human"])
    m.play({0: 1})  # computer opens
    m.play({1: 1})  # human
    m.play({0: 1})  # computer
    assert m.undo_to_human() == 2 and m.to_act() == (1,)
    # the computer's opening move cannot be taken back to a human turn: undo to start
    assert m.undo_to_human() == 1 and m.history == []
    assert m.redo_to_human() and m.to_act() == (1,)


def test_undo_to_human_without_humans_undoes_one():
    m = Match("toy_nim", seed=0, players=["computer:random", "computer:random"])
    m.play({0: 1})
    m.play({1: 1})
    assert m.undo_to_human() == 1


def test_undo_resign_against_computer():
    m = Match("toy_nim", seed=0, players=["human", "computer:random"])
    m.play({0: 1})
    m.play({1: 1})
    m.resign(0)
    assert m.undo_to_human() == 1 and not m.is_over() and m.to_act() == (0,)


# -- simultaneous choices, hidden information, chance --------------------------------
def test_simultaneous_step_and_move_list():
    m = Match("toy_guess", seed=5)
    assert m.to_act() == (0, 1)
    m.play({0: 1, 1: 2})
    assert m.history == [{0: "guess 1", 1: "guess 2"}]
    assert m.move_list() == ["North: guess 1 / South: guess 2"]
    with pytest.raises(IllegalAction):
        m.play({0: 1})  # South missing


def test_submit_waits_for_every_seat():
    m = Match("toy_guess", seed=5)
    assert m.submit(1, 2) is None
    assert m.pending == {1: 2} and m.waiting_for() == (0,)
    assert m.history == []
    events = m.submit(0, 3)
    assert events and events[0].kind == "reveal"
    assert m.history == [{0: "guess 3", 1: "guess 2"}] and m.pending == {}
    with pytest.raises(IllegalAction):
        m.submit(0, 9)
    # sequential games play at once
    n = Match("toy_nim", seed=0)
    assert n.submit(0, 2) is not None and n.history == [{0: "take 2"}]
    with pytest.raises(IllegalAction):
        n.submit(0, 1)  # not First's turn


def test_view_hides_the_other_card():
    m = Match("toy_guess", seed=5)
    secrets = list(m.state.secrets)
    assert m.state.view(0).secrets == [secrets[0], 0]
    assert m.state.view(1).secrets == [0, secrets[1]]


def play_guess(m: Match, guesses):
    for a, b in guesses:
        m.play({0: a, 1: b})


def test_seeded_chance_replays_the_same():
    guesses = [(1, 2), (3, 3), (2, 1)]
    a, b = Match("toy_guess", seed=99), Match("toy_guess", seed=99)
    play_guess(a, guesses)
    play_guess(b, guesses)
    assert a.state.to_text() == b.state.to_text()
    # deals differ between seeds (check several so the test is not fragile)
    deals = {Match("toy_guess", options={"cards": 4}, seed=s).state.to_text() for s in range(20)}
    assert len(deals) > 1


def test_undo_keeps_the_deal():
    m = Match("toy_guess", options={"rounds": 5}, seed=7)
    texts = [m.state.to_text()]
    for g in [(1, 2), (2, 2), (3, 1)]:
        m.play({0: g[0], 1: g[1]})
        texts.append(m.state.to_text())
    m.undo(3)
    assert m.state.to_text() == texts[0]
    for i in range(3):
        m.redo()
        assert m.state.to_text() == texts[i + 1]
    # the RNG continues the same way after undo+redo as without
    ref = Match("toy_guess", options={"rounds": 5}, seed=7)
    play_guess(ref, [(1, 2), (2, 2), (3, 1), (1, 1)])
    m.play({0: 1, 1: 1})
    assert m.state.to_text() == ref.state.to_text()


# -- the save format -------------------------------------------------------------------
def test_to_dict_shape():
    m = Match("toy_guess", options={"rounds": 4}, seed=3, players=["human", "computer:2"])
    play_guess(m, [(1, 1), (2, 3)])
    m.undo()
    d = m.to_dict()
    assert d == {
        "format": FORMAT,
        "app_version": __version__,
        "game": "toy_guess",
        "options": {"rounds": 4, "cards": 3},
        "seed": 3,
        "players": ["human", "computer:2"],
        "actions": [{"0": "guess 1", "1": "guess 1"}],
        "redo": [{"0": "guess 2", "1": "guess 3"}],
        "final": m.state.to_text(),
        "moves": 0,  # a duel a step: no move counted
        "assisted": ["undo"],  # a move taken back: kept apart from best scores
    }
    json.dumps(d)


@pytest.mark.parametrize("game_id", ["toy_nim", "toy_guess"])
def test_roundtrip(game_id):
    m = Match(game_id, seed=11, players=["computer:random", "human"])
    for _ in range(4):
        if m.is_over():
            break
        m.play({s: m.state.legal_actions(s)[-1] for s in m.to_act()})
    m.undo()
    n = roundtrip(m)
    assert n.state.to_text() == m.state.to_text()
    assert legal_texts(n) == legal_texts(m)
    assert n.history == m.history
    assert n.players == m.players and n.seed == m.seed and n.options == m.options
    assert n.move_list() == m.move_list()
    assert n.can_redo
    n.redo()
    m.redo()
    assert n.state.to_text() == m.state.to_text() and not n.can_redo
    # undo in the loaded match replays as well
    assert n.undo(10) == m.undo(10)
    assert n.state.to_text() == m.state.to_text()


def test_from_dict_accepts_str_action_text_and_canonicalises():
    m = Match("toy_nim", seed=0)
    d = m.to_dict()
    d["actions"] = [{"0": "2"}, {"1": "take 1"}]  # str(action) works too
    d["final"] = "7 0"
    n = Match.from_dict(d)
    assert n.history == [{0: "take 2"}, {1: "take 1"}]


def good_dict() -> dict:
    m = Match("toy_nim", seed=0)
    for seat, n in [(0, 1), (1, 2), (0, 3)]:
        m.play({seat: n})
    m.undo()
    return m.to_dict()


def broken(**changes) -> dict:
    d = good_dict()
    for k, v in changes.items():
        if v is KeyError:
            del d[k]
        else:
            d[k] = v
    return d


@pytest.mark.parametrize(
    "data, kind, step, words",
    [
        (lambda: [1, 2], "not_a_save", None, "not a saved game"),
        (lambda: "hello", "not_a_save", None, "not a saved game"),
        (lambda: {}, "not_a_save", None, "not a saved game"),
        (lambda: broken(format=3, app_version="9.0"), "newer", None, "newer version"),
        (lambda: broken(format=3), "damaged", None, "its version number (3) is not one version"),
        (lambda: broken(format="1"), "damaged", None, "version number"),
        (lambda: broken(format=0), "damaged", None, "version number"),
        (lambda: broken(game="chess_on_mars"), "unknown_game", None, "(chess_on_mars)"),
        (lambda: broken(game=7), "damaged", None, "which game"),
        (lambda: broken(game=KeyError), "damaged", None, "which game"),
        (lambda: broken(seed="12"), "damaged", None, "number that sets up"),
        (lambda: broken(seed=True), "damaged", None, "number that sets up"),
        (lambda: broken(seed=1.5), "damaged", None, "number that sets up"),
        (lambda: broken(seed=10**30), "damaged", None, "number that sets up"),
        (lambda: broken(options=[]), "settings", None, "settings are not ones"),
        (lambda: broken(options={"heap": 8}), "settings", None, "settings are not ones"),
        (lambda: broken(options={"heap": float("inf")}), "settings", None, "settings"),
        (lambda: broken(players="human"), "damaged", None, "who plays"),
        (lambda: broken(players=["human"]), "damaged", None, "who plays"),
        (lambda: broken(players=["human", 3]), "damaged", None, "who plays"),
        (
            lambda: broken(players=["human", "computer:search:60:time=nan"]),
            "settings",
            None,
            "computer player",
        ),
        (lambda: broken(actions={"0": "take 1"}), "damaged", None, "list of moves"),
        (lambda: broken(actions=KeyError), "damaged", None, "list of moves"),
        (lambda: broken(actions=["take 1"]), "damaged", 1, "unreadable entry"),
        (lambda: broken(actions=[{}]), "damaged", 1, "unreadable entry"),
        (
            lambda: broken(actions=[{"0": "take 1"}, {"1": "take 4"}]),
            "illegal",
            2,
            "move 1 (take 4) is not allowed",
        ),
        (
            lambda: broken(actions=[{"0": "take 1"}, {"0": "take 1"}]),
            "illegal",
            2,
            "(take 1) is not allowed",
        ),
        (lambda: broken(actions=[{"0": "take 1"}, {"1": 2}]), "damaged", 2, "unreadable entry"),
        (lambda: broken(actions=[{"x": "take 1"}]), "damaged", 1, "unreadable entry"),
        (lambda: broken(actions=[{"5": "take 1"}]), "damaged", 1, "unreadable entry"),
        (lambda: broken(actions=[{"resign": 9}]), "damaged", 1, "unreadable entry"),
        (
            lambda: broken(actions=[{"resign": 0}, {"1": "take 1"}]),
            "late",
            2,
            "after the end of the game",
        ),
        (lambda: broken(final="3 1"), "mismatch", None, "does not add up"),
        (lambda: broken(final=None), "damaged", None, "final position"),
        (lambda: broken(final=KeyError), "damaged", None, "no final position"),
        (lambda: broken(redo={"0": "x"}), "damaged", None, "taken-back moves"),
        (
            lambda: broken(redo=[{"1": "take 3"}]),
            "illegal",
            3,
            "a taken-back move (take 3) is not allowed",
        ),
        (lambda: broken(start=7), "start", None, "start position"),
        (lambda: broken(start="no heap"), "start", None, "start position cannot be played"),
    ],
)
def test_from_dict_errors(data, kind, step, words):
    """One validator: each refusal carries its kind and step, in short words."""
    with pytest.raises(SaveError) as info:
        Match.from_dict(data())
    error = info.value
    assert (error.kind, error.step) == (kind, step), error.message
    assert words in error.message
    assert error.message[0].isupper() and error.message.endswith(".")
    assert len(error.message) <= 200


def test_newer_format_message_in_full():
    with pytest.raises(SaveError) as info:
        Match.from_dict(broken(format=3, app_version="2.0.0"))
    assert str(info.value) == (
        "This save was made by a newer version of Chess Variants (2.0.0). "
        "Update the game to open it."
    )


def test_good_dict_loads():
    n = Match.from_dict(good_dict())
    assert n.state.to_text() == "7 0" and n.can_redo


# -- random sequences of operations --------------------------------------------------
ops = st.lists(
    st.tuples(
        st.sampled_from(["play", "undo", "redo", "human", "resign", "save"]), st.integers(0, 9)
    ),
    max_size=30,
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(game_id=st.sampled_from(["toy_nim", "toy_guess"]), seq=ops, seed=st.integers(0, 2**31 - 1))
def test_random_operations_keep_match_consistent(game_id, seq, seed):
    m = Match(
        game_id,
        options={"rounds": 5} if game_id == "toy_guess" else None,
        seed=seed,
        players=["human", "computer:random"],
    )
    for op, k in seq:
        if op == "play" and not m.is_over():
            m.play(
                {s: m.state.legal_actions(s)[k % len(m.state.legal_actions(s))] for s in m.to_act()}
            )
        elif op == "undo":
            m.undo(1 + k % 3)
        elif op == "redo":
            m.redo()
        elif op == "human":
            m.undo_to_human()
        elif op == "resign" and not m.is_over():
            m.resign(k % 2)
        elif op == "save":
            m = roundtrip(m)
        # the state always equals a fresh replay of the history
        fresh = Match.from_dict(m.to_dict())
        assert fresh.state.to_text() == m.state.to_text()
        assert len(m.move_list()) == len(m.history)


# -- orthodox chess and Chess960 (once game/games/chess.py exists) -------------------
needs_chess = pytest.mark.skipif(
    importlib.util.find_spec("game.games.chess") is None, reason="game.games.chess not built yet"
)


@needs_chess
def test_chess_san_history_and_roundtrip():
    m = Match("chess", seed=0, players=["human", "computer:random"])
    for san in ["e4", "e5", "Nf3", "Nc6", "Bb5"]:
        m.play({m.to_act()[0]: m.state.parse_action(san)})
    assert m.move_list() == ["e4", "e5", "Nf3", "Nc6", "Bb5"]
    n = roundtrip(m)
    assert n.state.to_text() == m.state.to_text()
    assert legal_texts(n) == legal_texts(m)
    assert n.undo_to_human() == 1 and n.to_act() == (0,)


@needs_chess
def test_chess_undo_to_human_against_computer():
    m = Match("chess", seed=0, players=["human", "computer:random"])
    m.play({0: m.state.parse_action("e4")})
    m.play({1: m.state.parse_action("e5")})
    start = Match("chess", seed=0).state.to_text()
    assert m.undo_to_human() == 2 and m.state.to_text() == start


@needs_chess
def test_chess_fools_mate_ends_and_illegal_save_move():
    m = Match("chess", seed=0)
    for san in ["f3", "e5", "g4", "Qh4#"]:
        m.play({m.to_act()[0]: m.state.parse_action(san)})
    assert m.is_over() and m.state.result().points == (0.0, 1.0)
    d = m.to_dict()
    d["actions"][3] = {"1": "Qxh7"}
    with pytest.raises(SaveError, match=r"move 2 \(Qxh7\) is not allowed in its position") as info:
        Match.from_dict(d)
    assert (info.value.kind, info.value.step) == ("illegal", 4)


@needs_chess
def test_chess960_seed_picks_the_start_and_roundtrips():
    starts = {Match("chess960", seed=s).state.to_text() for s in range(12)}
    assert len(starts) > 1
    m = Match("chess960", seed=1234)
    for _ in range(6):
        seat = m.to_act()[0]
        m.play({seat: sorted(m.state.legal_actions(seat), key=str)[0]})
    n = roundtrip(m)
    assert n.state.to_text() == m.state.to_text()
    assert legal_texts(n) == legal_texts(m)
    assert n.history == m.history


# -- a match begun from a position ------------------------------------------------
MATE_IN_ONE = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"


def test_a_match_can_begin_from_a_position_and_keeps_it_through_saves_and_undo():
    m = Match("chess", seed=3, start=MATE_IN_ONE)
    assert m.state.to_text() == MATE_IN_ONE
    m.play({0: m.state.parse_action("Ra8#")})
    assert m.is_over()
    loaded = Match.from_dict(m.to_dict())
    assert loaded.start == MATE_IN_ONE and loaded.state.to_text() == m.state.to_text()
    m.undo()
    assert m.state.to_text() == MATE_IN_ONE
    assert m.state_at(0).to_text() == MATE_IN_ONE


def test_a_start_that_is_no_position_is_refused_with_the_games_words():
    with pytest.raises(ValueError, match="6 fields"):
        Match("chess", seed=1, start="not a position")
    bad = Match("chess", seed=1).to_dict() | {"start": "8/8/8 w - - 0 1"}
    with pytest.raises(SaveError, match="start position cannot be played: .*8 ranks") as info:
        Match.from_dict(bad)
    assert info.value.kind == "start"


def test_state_at_gives_each_position_of_the_game():
    m = Match("chess", seed=1)
    texts = [m.state.to_text()]
    for san in ("e4", "e5", "Nf3"):
        m.play({m.to_act()[0]: m.state.parse_action(san)})
        texts.append(m.state.to_text())
    assert [m.state_at(n).to_text() for n in range(4)] == texts


# -- the players' names ------------------------------------------------------------
def test_no_names_given_means_none_and_the_seats_read_as_always():
    m = Match("toy_nim", seed=1)
    assert m.names == ["", ""]
    assert [m.seat_name(s) for s in (0, 1)] == [m.game.seats[0], m.game.seats[1]]
    assert "names" not in m.to_dict()  # a save without names reads as it always did


def test_names_are_kept_for_people_and_saved():
    m = Match("toy_nim", seed=1, players=["human", "human"], names=["Ann", "Bob"])
    assert m.names == ["Ann", "Bob"]
    assert m.seat_name(0) == f"Ann ({m.game.seats[0]})"
    m.play({0: 2})
    n = roundtrip(m)
    assert n.names == ["Ann", "Bob"] and n.history == m.history


def test_a_computer_seat_keeps_no_name():
    m = Match("toy_nim", seed=1, players=["human", "computer:2"], names=["Ann", "Deep Blue"])
    assert m.names == ["Ann", ""]
    assert m.seat_name(1) == m.game.seats[1]


def test_names_are_cleaned_of_control_characters_and_cut_to_length():
    m = Match("toy_nim", seed=1, names=["  Ann\x00\x1b[31m\n  Lee ", "B" * 40])
    assert m.names == ["Ann[31m Lee", "B" * NAME_MAX]
    assert clean_name("\u202eevil\u200b") == "evil"  # format characters too


@pytest.mark.parametrize("names", [["Ann"], "Ann", ["Ann", 7], ["Ann", None]])
def test_names_that_are_not_a_name_per_seat_are_refused(names):
    with pytest.raises(ValueError):
        Match("toy_nim", seed=1, names=names)


def test_an_older_save_without_names_loads_with_none():
    d = Match("toy_nim", seed=1, names=["Ann", "Bob"]).to_dict()
    del d["names"]
    assert Match.from_dict(d).names == ["", ""]


@pytest.mark.parametrize("names", ["Ann", ["Ann"], ["Ann", 7], {"0": "Ann"}, [None, None]])
def test_a_save_with_unreadable_names_is_refused_with_a_message(names):
    d = Match("toy_nim", seed=1).to_dict() | {"names": names}
    with pytest.raises(SaveError, match="names of its players are unreadable"):
        Match.from_dict(d)


def test_a_save_with_hostile_names_loads_them_cleaned():
    d = Match("toy_nim", seed=1).to_dict() | {"names": ["x" * 100_000, "\x07bell\ufeff"]}
    assert Match.from_dict(d).names == ["x" * NAME_MAX, "bell"]


@pytest.mark.parametrize("game_id", sorted(load_all()))
def test_ending_a_game_is_written_as_the_game_names_it(game_id):
    """A game whose players stop rather than resign ("End game", "Quit
    round") never writes "resigns" in the move list."""
    match = Match(game_id, seed=1)
    seat = match.to_act()[0]
    match.resign(seat)
    line = match.move_list()[-1]
    if match.game.resign_label == "Resign":
        assert line == f"{match.game.seats[seat]} resigns"
    else:
        assert "resign" not in line.lower() and line
