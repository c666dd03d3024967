"""The secrets audit (scripts/drill_secrets.py; a bounded run in
tests/test_secrets_audit.py): for every game that hides something, over
positions reached by random play, nothing a seat may not know reaches it.

Every check compares *worlds*: the real state and full states drawn by
``view(seat).sample(seat, rng)``, which agree on everything ``seat`` may
see and differ in what it may not. Whatever reaches the seat must be the
same in all of them:

- the core (``conformance.check_secrets``): the view, the choices, the
  public notation of what the others may do;
- events (``check_events``): the same step taken in two worlds, with the
  seat's own action or the others' actions matched by their public
  notation, must show the seat the same events whenever its views after the
  step agree (an event may only say what the view after it says too);
- pixels: the play scene drawn for the seat (``conformance.check_pixels``),
  and drawn while the same step is animated and once it has landed
  (``check_step_pixels``); nothing in the scene moves by the clock, so
  nothing needs masking or freezing;
- computer players (``check_bot``): a bot deciding for the seat, reached the
  way the app reaches it (``think_now``, the worker of a computer seat, the
  Hint button's worker), with the same seed, chooses the same action in
  every world: a bot that read anything beyond ``view(seat)`` would tell
  the worlds apart. ``received`` records what a bot is handed, to check
  it is a view (no random generator) and nothing more.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import Any

from game.engine import State
from game.games import load_all
from game.match import Match
from helpers import conformance
from helpers.bots import UNTIMED

SAMPLES = 2  # sampled worlds beside the real one
# The bot levels audited in every hidden game, beside the game's own specs.
# Node limits keep each decision small; UNTIMED makes it repeatable.
BOT_NODES = 200
BASE_SPECS = ("random", "search:1", "search:2")


def hidden_games() -> list[str]:
    """The registered games that hide something from some seat: the ones
    whose ``Game`` shows privacy screens (the conformance suite fails a game
    whose views hide things without them)."""
    return sorted(gid for gid, game in load_all().items() if game.private_views)


def bot_specs(game_id: str) -> list[str]:
    """Every spec a computer seat or a hint may use in this game."""
    game = load_all()[game_id]
    specs = list(BASE_SPECS) + list(game.bot_levels.values())
    if game.hint_bot:
        specs.append(game.hint_bot)
    return list(dict.fromkeys(specs))


def positions(game_id: str, seed: int, steps: int, every: int) -> Iterator[Match]:
    """Matches of random play, every ``every`` steps and at the end."""
    for step, match in enumerate(conformance.playout(game_id, seed, steps)):
        if step % every == 0 or match.is_over():
            yield match


def worlds(state: State, seat: int, rng: random.Random, samples: int = SAMPLES) -> list[State]:
    """The real state and ``samples`` full states ``seat`` cannot tell from it."""
    view = state.view(seat)
    out = [state] + [view.sample(seat, rng) for _ in range(samples)]
    seen = view.to_text()
    for world in out:
        assert world.view(seat).to_text() == seen, "a sample does not agree with the view"
    return out


# -- events ---------------------------------------------------------------------------------
def _shown(events: list[Any], seat: int) -> list[str]:
    return [
        repr((e.kind, e.seat, e.data)) for e in events if e.audience is None or seat in e.audience
    ]


def _match_action(world: State, actor: int, seat: int, like: State, action: Any) -> Any:
    """``action`` of ``like`` as ``world`` has it: the seat's own by its full
    notation, another seat's by its public notation (which is all ``seat``
    learns of it). None if ``world`` has no such action."""
    if actor == seat:
        text = like.notation(action)
        return next((a for a in world.legal_actions(actor) if world.notation(a) == text), None)
    public = like.public_notation(action)
    options = [a for a in world.legal_actions(actor) if world.public_notation(a) == public]
    return options[0] if options else None


def check_events(state: State, seat: int, rng: random.Random) -> tuple[int, int]:
    """Take one random step in the real world and the same step (as ``seat``
    knows it) in sampled worlds: where the seat's views after the step agree,
    the events shown to it must agree. Returns (steps compared, steps where
    the step itself told the worlds apart: the views after differ)."""
    if state.is_over():
        return 0, 0
    first, *others = worlds(state, seat, rng)
    choice = {s: rng.choice(first.legal_actions(s)) for s in first.to_act()}
    after = first.copy()
    shown = _shown(after.apply(choice), seat)
    seen = after.view(seat).to_text()
    compared = revealed = 0
    for world in others:
        joint = {}
        for actor, action in choice.items():
            joint[actor] = _match_action(world, actor, seat, first, action)
        if any(a is None for a in joint.values()):
            continue
        twin = world.copy()
        events = twin.apply(joint)
        if twin.view(seat).to_text() != seen:
            revealed += 1
            continue
        compared += 1
        assert _shown(events, seat) == shown, (
            f"{state.game.id}: the events shown to seat {seat} depend on what it cannot "
            f"see:\n{shown}\n{_shown(events, seat)}"
        )
    return compared, revealed


# -- pixels of a step ------------------------------------------------------------------------
def check_step_pixels(app: Any, match: Match, seat: int, rng: random.Random) -> int:
    """The play scene drawn for ``seat`` while one random step is animated
    (three frames in) and once it has landed, in the real world and a
    sampled one, with the same step as ``seat`` knows it: the same pixels
    whenever the seat's views after the step agree. Returns 1 if compared,
    0 if the step told the worlds apart (or the game is over)."""
    import pygame

    from game.ui.play import PlayScene

    state = match.state
    if state.is_over():
        return 0
    first, second = worlds(state, seat, rng, samples=1)
    choice = {s: rng.choice(first.legal_actions(s)) for s in first.to_act()}
    joint = {a: _match_action(second, a, seat, first, act) for a, act in choice.items()}
    if any(a is None for a in joint.values()):
        return 0
    players = ["computer:random"] * len(match.players)
    players[seat] = "human"
    shots, views = [], []
    for world, step in ((first, choice), (second, joint)):
        shown = Match.from_dict({**match.to_dict(), "players": players})
        shown.state = world.copy()
        scene = PlayScene(app, shown)
        try:
            scene.ui.update(0.01)
            for actor, action in step.items():
                scene.submit(actor, action)
            views.append(shown.state.view(seat).to_text())
            pictures = []
            for frames in (3, 600):
                for _ in range(frames):
                    if not scene.board.animating:
                        break
                    scene.board.update(1 / 60)
                    for widget in scene.widgets:
                        widget.update(1 / 60)
                scene.ui.update(0.01)
                surface = pygame.Surface(app.size)
                scene.draw(surface)
                pictures.append(pygame.image.tobytes(surface, "RGB"))
            shots.append(pictures)
        finally:
            scene.close_runners()
    if views[0] != views[1]:
        return 0
    assert shots[0][0] == shots[1][0], (
        f"{state.game.id}: the step animated for seat {seat} shows a secret"
    )
    assert shots[0][1] == shots[1][1], (
        f"{state.game.id}: the screen for seat {seat} after a step shows a secret"
    )
    return 1


# -- computer players ------------------------------------------------------------------------
Route = Callable[[str, State, int, int], str]  # (spec, world, seat, seed) -> notation


def by_think_now(spec: str, world: State, seat: int, seed: int, nodes: int = BOT_NODES) -> str:
    """The in-process route (tests, scripts): ``think_now``."""
    from game.ai import think_now

    action = think_now(spec, world, seat, random.Random(seed), node_limit=nodes, **UNTIMED)
    return world.notation(action)


def untimed(spec: str) -> str:
    """``spec`` made repeatable in a worker (a worker takes only the spec)."""
    if not spec.startswith("search"):
        return spec
    parts = [p for p in spec.split(":") if not p.startswith(("time=", "cap=", "nodes="))]
    return ":".join(parts + ["time=1000", "cap=1000", f"nodes={BOT_NODES}"])


class WorkerRoutes:
    """The app's routes: a computer seat's worker (``BotDriver`` starting a
    ``BotRunner`` from the match) and the Hint button's (``start_hint``, the
    person's view). One worker per spec, closed by ``close``."""

    def __init__(self) -> None:
        self.runners: dict[str, Any] = {}

    def _runner(self, spec: str) -> Any:
        from game.ai.runner import BotRunner

        if spec not in self.runners:
            self.runners[spec] = BotRunner(untimed(spec))
        return self.runners[spec]

    @staticmethod
    def _wait(runner: Any, limit: float = 120.0) -> Any:
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            action = runner.poll()
            if action is not None:
                return action
            time.sleep(0.002)
        raise AssertionError("the worker never answered")

    def computer_seat(self, spec: str, world: State, seat: int, seed: int) -> str:
        runner = self._runner(spec)
        runner.start(world, seat, seed)  # what BotDriver.poll does with the match
        return world.notation(self._wait(runner))

    def hint(self, spec: str, world: State, seat: int, seed: int) -> str:
        runner = self._runner(spec)
        runner.start_view(world.view(seat), seat, seed)  # what BotDriver.start_hint does
        return world.notation(self._wait(runner))

    def close(self) -> None:
        for runner in self.runners.values():
            runner.close()
        self.runners.clear()


def check_bot(
    route: Route, spec: str, state: State, seat: int, rng: random.Random, seed: int
) -> None:
    """The bot ``spec`` reached by ``route`` decides the same for ``seat`` in
    every world it cannot tell apart (same seed)."""
    chosen = {}
    for i, world in enumerate(worlds(state, seat, rng)):
        chosen[i] = route(spec, world, seat, seed)
    assert len(set(chosen.values())) == 1, (
        f"{state.game.id}: {spec} for seat {seat} decides differently in worlds it cannot "
        f"tell apart: {chosen} (seed {seed})"
    )


class Received:
    """Records what the bots in this process are handed (``install``), to
    check each is a view: no random generator, the seat's view's text."""

    def __init__(self) -> None:
        self.states: list[tuple[Any, int]] = []

    def install(self, monkeypatch: Any) -> None:
        from game.ai import RandomBot, SearchBot

        for cls in (RandomBot, SearchBot):
            original = cls.choose

            def choose(bot, state, seat, rng, should_stop=None, _original=original):
                self.states.append((state, seat))
                return _original(bot, state, seat, rng, should_stop)

            monkeypatch.setattr(cls, "choose", choose)

    def check(self, real: State) -> int:
        for state, seat in self.states:
            assert state.rng is None, "a bot was handed a state with its random generator"
            assert state.to_text() == real.view(seat).to_text(), "a bot was handed more"
        return len(self.states)
