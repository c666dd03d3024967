"""Secrets at rest: a save of a game with secrets keeps what a seat may not
see (the seed behind the deals, the steps with their secret choices, the
positions with hands and graves) out of plain sight in one sealed field;
the rest stays readable JSON, and saves written before load as ever."""

from __future__ import annotations

import base64
import json
import random
import zlib

import pytest

from game import saves
from game.games import load_all
from game.match import Match
from game.save_check import SEALED, conceal

GAMES = load_all()
SECRET_GAMES = sorted(gid for gid, game in GAMES.items() if saves.has_secrets(game))


def played(game_id: str, steps: int = 12) -> Match:
    rng = random.Random(5)
    match = Match(game_id, seed=987654321)
    for _ in range(steps):
        if match.is_over():
            break
        match.play({s: rng.choice(match.state.legal_actions(s)) for s in match.to_act()})
    return match


def test_the_games_with_secrets_are_the_card_and_hidden_games():
    assert {"tar_pit", "zombie", "telepathic", "two_move", "golf"} <= set(SECRET_GAMES)
    assert "chess" not in SECRET_GAMES


@pytest.mark.parametrize("game_id", SECRET_GAMES)
def test_a_save_keeps_the_secrets_out_of_plain_sight_and_loads_back(game_id):
    match = played(game_id)
    path = saves.save_named(match, "secret")
    text = path.read_text(encoding="utf-8")
    d = json.loads(text)
    assert set(d) >= {"format", "game", "options", "players", SEALED}
    assert not {"seed", "actions", "final", "redo"} & set(d)
    assert "987654321" not in text and match.state.to_text() not in text
    for record in match.records:
        for notation in record.step.values():
            if isinstance(notation, str) and len(notation) > 3:
                assert f'"{notation}"' not in text
    loaded = saves.load(path)
    assert loaded.state.to_text() == match.state.to_text() and loaded.history == match.history
    assert saves.read_save_dict(path) == match.to_dict()


@pytest.mark.parametrize("game_id", ["tar_pit", "chess"])
def test_a_plain_save_from_before_still_loads(game_id):
    match = played(game_id)
    path = saves.saves_dir() / "old.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    assert saves.load(path).state.to_text() == match.state.to_text()


@pytest.mark.parametrize(
    "sealed",
    [
        "not base64!",
        base64.b64encode(b"not zlib").decode(),
        7,
        "A" * 1_000_000,
        base64.b64encode(zlib.compress(b" " * 10_000_000)).decode(),  # unpacks too big
    ],
)
def test_a_damaged_sealed_field_is_refused_in_words(sealed):
    d = conceal(played("tar_pit", 4).to_dict()) | {SEALED: sealed}
    path = saves.saves_dir() / "damaged.json"
    path.write_text(json.dumps(d), encoding="utf-8")
    with pytest.raises(saves.SaveError, match="sealed part is unreadable"):
        saves.load(path)
    (info,) = saves.list_saves()
    assert not info.ok


def test_a_sealed_field_may_not_repeat_a_plain_one():
    d = conceal(played("tar_pit", 4).to_dict()) | {"seed": 1}
    with pytest.raises(saves.SaveError, match="sealed part"):
        Match.from_dict(d)
