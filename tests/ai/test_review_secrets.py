"""``python -m game --review`` of a game still going tells no secret: in
every game that hides something, it refuses without ``--seat``, and with
it the output is the same whatever the other seats hold (their hands, the
deck, their secret choices). Each twin is a game played with another seed
and the other seats' secret choices drawn again, that the seat cannot tell
from the real one at any step (its view reads the same all along). An
outside reviewer read White's secret Masquerade assignment this way."""

from __future__ import annotations

import json
import random

import pytest
from helpers import conformance, secrets_audit, tiers

from game.__main__ import main
from game.ai.analysis import SKIPPED, review, review_lines
from game.match import Match

HIDDEN = secrets_audit.hidden_games()
NODES = 40
STEPS = 6
# Masquerade's secret choice and Zombie's graves in the fast tier (a few
# tenths of a second each); the other games with secrets in the slow one.
FAST = ("masquerade", "zombie")


def random_match(game_id: str, seed: int) -> Match:
    return conformance.random_match(game_id, seed, STEPS)


def views(match: Match, seat: int) -> list[str]:
    state = match.initial_state()
    out = [state.view(seat).to_text()]
    for record in match.records:
        match._apply_step(state, record)
        out.append(state.view(seat).to_text())
    return out


def fulls(match: Match) -> list[str]:
    state = match.initial_state()
    out = [state.to_text()]
    for record in match.records:
        match._apply_step(state, record)
        out.append(state.to_text())
    return out


def twin(match: Match, seat: int, sampled: bool = False) -> Match | None:
    """A game ``seat`` cannot tell from ``match`` at any step, in which the
    others' secrets differ (None if no seed gives one). ``sampled``: the
    twin starts from a sample of the seat's first view (a deck in another
    order) instead of another seed's deal; it is not a save, only a match."""
    seen = views(match, seat)
    for seed in range(match.seed + 1, match.seed + 40):
        rng = random.Random(seed)
        other = Match(match.game_id, seed=match.seed if sampled else seed)
        if sampled:
            start = match.initial_state().view(seat).sample(seat, random.Random(seed))
            other.initial_state = start.copy  # type: ignore[method-assign]
            other.state = start.copy()
        try:
            for record in match.records:
                state = other.state
                step = {}
                for actor in record.actions:
                    if actor == seat:
                        wanted = record.step[actor]
                        step[actor] = next(
                            a for a in state.legal_actions(actor) if state.notation(a) == wanted
                        )
                        continue
                    public = (record.public or record.step)[actor]
                    options = [
                        a for a in state.legal_actions(actor) if state.public_notation(a) == public
                    ]
                    step[actor] = rng.choice(options)
                other.play(step)
        except (StopIteration, IndexError):
            continue
        if views(other, seat) == seen and other.state.to_text() != match.state.to_text():
            return other
    return None


def reviewed(match: Match, seat: int, tmp_path, capsys, *seat_args: str) -> tuple[int, str, str]:
    path = tmp_path / f"{match.game_id}-{match.seed}.json"
    path.write_text(json.dumps(match.to_dict()), encoding="utf-8")
    code = main(["--review", str(path), *seat_args])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=tiers.tier(g, FAST)) for g in HIDDEN])
def test_review_of_a_game_going_on_is_the_same_whatever_the_others_hold(
    game_id, tmp_path, capsys, monkeypatch
):
    monkeypatch.setattr("game.ai.analysis.budget_for", lambda game_id: _Budget(NODES))
    match = random_match(game_id, 7)
    assert not match.is_over()
    seat = len(match.game.seats) - 1  # the last seat: not the one whose secret comes first
    name = match.game.seats[seat]
    code, out, err = reviewed(match, seat, tmp_path, capsys, "--seat", name)
    assert code == 0 and err == "" and out
    other = None if game_id in SKIPPED else twin(match, seat)
    if game_id in SKIPPED:  # one line, the same for every game of it
        assert out == f"No analysis of {match.game.title}: {SKIPPED[game_id]}.\n"
    elif other is not None:  # another deal or other secret choices, saved and reviewed
        assert reviewed(other, seat, tmp_path, capsys, "--seat", name) == (0, out, "")
    elif any(views(match, seat)[i] != full for i, full in enumerate(fulls(match))):
        # Dealt cards the seat holds differ by seed: the deck reordered instead.
        other = twin(match, seat, sampled=True)
        assert other is not None, f"{game_id}: no game the seat cannot tell apart"
        assert review_lines(review(other, viewer=seat), other.game) == out.splitlines()
    # else: at every step of this game the seat sees the whole state (what
    # was hidden was a choice not yet made): there is nothing to tell.
    refused = reviewed(match, seat, tmp_path, capsys)
    if game_id in SKIPPED:  # no analysis at all comes first: nothing to refuse
        assert refused == (0, out, "")
        return
    assert refused[0] == 1 and refused[1] == ""
    assert "--seat" in refused[2] and "Traceback" not in refused[2]


class _Budget:
    def __init__(self, nodes: int) -> None:
        self.nodes = nodes


def test_a_seat_the_game_does_not_have_is_refused_in_words(tmp_path, capsys):
    match = random_match("masquerade", 7)
    code, out, err = reviewed(match, 1, tmp_path, capsys, "--seat", "Purple")
    assert (code, out) == (1, "") and "no seat 'Purple'" in err


def test_a_finished_game_is_reviewed_in_full_without_a_seat(tmp_path, capsys, monkeypatch):
    monkeypatch.setattr("game.ai.analysis.budget_for", lambda game_id: _Budget(NODES))
    match = random_match("masquerade", 7)
    match.resign(0)
    code, out, err = reviewed(match, 0, tmp_path, capsys)
    assert code == 0 and "everything revealed" in out
