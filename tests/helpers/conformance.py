"""The conformance suite every game runs (tests/test_conformance.py): random
playouts with the protocol's promises checked along the way. Each check
raises AssertionError with a message that says which promise broke.

- the protocol: whoever is to act has a legal action, every legal action
  applies, the game ends with a result;
- text and saves: ``from_text(to_text())`` gives the same position and the
  same choices, finished games too; a save loads back to the same game;
- notation both ways: every action's notation parses back to it;
- copies share nothing: playing on a copy leaves the original as it was;
- secrets: ``view(seat)`` carries no random generator, lets the seat see its
  own choices, reads differently from the full state exactly when it says it
  hides something, and hides what it should: full states drawn by ``sample``
  from a view give that same view back, and the same public notation for
  every action the other seats could take (``check_secrets``); drawn on
  screen for that seat, they give the same pixels (``check_pixels``). What a
  view must hide is each game's to say: its own tests check that;
- choices made together: while a simultaneous step waits for its last seat,
  the first choices show in no state, view or move list
  (``play_choosing_apart``).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from game.engine import IllegalAction, State
from game.engine.draws import THREEFOLD
from game.match import Match

NOTATIONS_PER_STEP = 6  # actions whose notation round trip is checked per step


def playout(game_id: str, seed: int, max_steps: int) -> Iterator[Match]:
    """A match played with random legal actions, yielded before every step
    and once more at the end (finished or not)."""
    rng = random.Random(seed)
    match = Match(game_id, seed=seed)
    for _ in range(max_steps):
        yield match
        if match.is_over():
            return
        state = match.state
        acting = state.to_act()
        assert acting, f"{game_id}: the game is not over, yet nobody is to act"
        choice = {}
        for seat in acting:
            actions = state.legal_actions(seat)
            assert actions, f"{game_id}: {state.game.seats[seat]} is to act with no legal action"
            choice[seat] = rng.choice(actions)
        match.play(choice)
    yield match


def random_match(game_id: str, seed: int, steps: int) -> Match:
    """The match ``playout`` ends with: at most ``steps`` random legal steps."""
    *_, match = playout(game_id, seed, steps)
    return match


def play_choosing_apart(game_id: str, seed: int, max_steps: int) -> int:
    """A random match whose simultaneous steps are chosen one seat at a time
    through ``Match.submit``: until the last seat has chosen, nothing of the
    first choices may show, in the state, any seat's view or any seat's
    move list. Returns how many such steps were checked."""
    rng = random.Random(seed)
    match = Match(game_id, seed=seed)
    checked = 0
    for _ in range(max_steps):
        if match.is_over():
            break
        acting = match.to_act()
        if len(acting) == 1:
            (seat,) = acting
            match.play({seat: rng.choice(match.state.legal_actions(seat))})
            continue
        seats = list(acting)
        rng.shuffle(seats)
        before = match.state.to_text()
        views = {s: match.state.view(s).to_text() for s in range(len(match.game.seats))}
        lists = {s: match.move_list(s) for s in range(len(match.game.seats))}
        for i, seat in enumerate(seats[:-1]):
            action = rng.choice(match.state.legal_actions(seat))
            assert match.submit(seat, action) is None, f"{game_id}: played before all chose"
            assert match.state.to_text() == before, f"{game_id}: a waiting choice is in the state"
            for other in seats[i + 1 :]:
                assert match.state.view(other).to_text() == views[other], (
                    f"{game_id}: {match.game.seats[other]}'s view shows a waiting choice"
                )
                assert match.move_list(other) == lists[other], (
                    f"{game_id}: {match.game.seats[other]}'s move list shows a waiting choice"
                )
        last = seats[-1]
        match.submit(last, rng.choice(match.state.legal_actions(last)))
        checked += 1
    return checked


def texts(state: State, seat: int) -> list[str]:
    return sorted(state.notation(a) for a in state.legal_actions(seat))


def check_protocol(state: State, rng: random.Random) -> None:
    game = state.game
    if state.is_over():
        assert state.to_act() == (), f"{game.id}: a finished game still has someone to act"
        assert state.result().reason, f"{game.id}: a result without a reason"
        assert len(state.result().points) == len(game.seats)
        return
    for seat in state.to_act():
        actions = state.legal_actions(seat)
        for action in rng.sample(actions, min(NOTATIONS_PER_STEP, len(actions))):
            text = state.notation(action)
            assert state.parse_action(text, seat) == action, (
                f"{game.id}: {text!r} reads back as {state.parse_action(text, seat)!r}"
            )
            assert isinstance(state.public_notation(action), str)
    others = [s for s in range(len(game.seats)) if s not in state.to_act()]
    for seat in others:
        assert state.legal_actions(seat) == [], f"{game.id}: a seat not to act has actions"


def check_text(state: State) -> None:
    game = state.game
    text = state.to_text()
    again = game.from_text(text)
    assert again.to_text() == text, f"{game.id}: {text!r} reads back as {again.to_text()!r}"
    if state.is_over() and state.result().reason == THREEFOLD:
        return  # one position cannot carry its history; saves replay it instead
    assert again.is_over() == state.is_over(), f"{game.id}: {text!r} loses whether it is over"
    if state.is_over():
        assert again.result().points == state.result().points, f"{game.id}: {text!r} result"
        return
    assert again.to_act() == state.to_act(), f"{game.id}: {text!r} changes who acts"
    for seat in state.to_act():
        assert texts(again, seat) == texts(state, seat), f"{game.id}: {text!r} changes the choices"


def check_copy(state: State, rng: random.Random) -> None:
    game = state.game
    before = state.to_text()
    twin = state.copy()
    assert twin.to_text() == before
    if not twin.is_over():
        twin.apply({s: rng.choice(twin.legal_actions(s)) for s in twin.to_act()})
    assert state.to_text() == before, f"{game.id}: playing on a copy changed the original"
    if state.rng is not None:
        probe = state.copy()
        probe.rng.random()
        assert state.rng.getstate() != probe.rng.getstate(), f"{game.id}: copies share the rng"


def check_save(match: Match) -> None:
    loaded = Match.from_dict(match.to_dict())
    assert loaded.state.to_text() == match.state.to_text()
    assert loaded.history == match.history


def check_secrets(state: State, seat: int, rng: random.Random, samples: int = 3) -> None:
    """``seat``'s view hides exactly what it should (see the module docstring)."""
    game = state.game
    view = state.view(seat)
    assert view.rng is None, f"{game.id}: a view carries a random generator"
    seen = view.to_text()
    if view.is_partial:
        assert game.private_views, f"{game.id} hides things but shows no privacy screens"
        assert seen != state.to_text(), f"{game.id}: a view says it hides things but hides nothing"
    else:
        assert seen == state.to_text(), f"{game.id}: a view that hides nothing reads differently"
    if seat in state.to_act():
        assert texts(view, seat) == texts(state, seat), (
            f"{game.id}: a seat's view changes its choices"
        )
        assert view.prompt(seat) == state.prompt(seat)
    worlds = [state] + [view.sample(seat, rng) for _ in range(samples)]
    for world in worlds:
        assert world.rng is not None, f"{game.id}: a sample cannot play on"
        again = world.view(seat).to_text()
        assert again == seen, f"{game.id}: a world seat {seat} cannot tell apart has another view"
    for other in state.to_act():
        if other == seat:
            continue
        publics: dict[str, str] = {}
        for world in worlds:
            for action in world.legal_actions(other):
                full = world.notation(action)
                public = world.public_notation(action)
                if full in publics:
                    assert publics[full] == public, (
                        f"{game.id}: the public notation of {full!r} depends on what "
                        f"seat {seat} cannot see ({publics[full]!r} / {public!r})"
                    )
                publics[full] = public


def check_pixels(app: Any, match: Match, seat: int, rng: random.Random) -> None:
    """The play scene drawn for ``seat`` looks the same in every world that
    seat cannot tell apart."""
    import pygame

    from game.ui.play import PlayScene

    players = ["computer:random"] * len(match.players)
    players[seat] = "human"
    real = match.state
    view = real.view(seat)
    shots = []
    for world in (real, view.sample(seat, rng)):
        shown = Match.from_dict({**match.to_dict(), "players": players})
        shown.state = world
        scene = PlayScene(app, shown)
        try:
            surface = pygame.Surface(app.size)
            scene.ui.update(0.01)  # let the labels take their texts (no bot starts)
            scene.draw(surface)
            shots.append(pygame.image.tobytes(surface, "RGB"))
        finally:
            scene.close_runners()
    assert shots[0] == shots[1], f"{match.game_id}: the screen for seat {seat} shows a secret"


def refuses_nonsense(state: State) -> None:
    try:
        state.parse_action("no such move ~", None)
    except IllegalAction:
        return
    raise AssertionError(f"{state.game.id}: nonsense text names an action")
