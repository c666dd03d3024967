"""Cooperative Chess positions for tests: the board as a diagram (rank 8
first), the card places as letters (upper case White, lower case Black),
and every card not named put in the draw pile, so a test names only the
cards that matter."""

from __future__ import annotations

import random
from collections import Counter

from helpers.bots import UNTIMED
from helpers.chess_diagrams import fen_of

from game.ai import think_now
from game.engine.cards import cards_text, parse_cards
from game.games import load_all
from game.games.cooperative.text import UNIVERSE

GAME = load_all()["cooperative"]


def position(
    diagram: str,
    *,
    mode: str = "duo",
    to_move: str = "w",
    step: str = "move",
    top: str = "",
    draw: str | None = None,
    hand0: str = "",
    hand1: str = "",
    line: str = "",
    discard: str = "",
    aside: str = "",
    captured: str = "",
    drawn: str = "",
    castling: str = "-",
    ep: str = "-",
    runs: str = "",
):
    """A state from a diagram and its cards. ``draw`` (bottom to top) gives
    the whole draw pile; otherwise it holds every card not named elsewhere,
    with ``top`` on top (``top``'s last letter is drawn first)."""
    named = Counter(parse_cards(hand0 + hand1 + line + discard + aside + top))
    if step.startswith("place="):
        named[parse_cards(step[6:])[0]] += 1
    if draw is None:
        rest = Counter(UNIVERSE)
        rest.subtract(named)
        assert all(n >= 0 for n in rest.values()), f"more cards than the deck: {rest}"
        draw = cards_text(sorted(rest.elements())) + top if rest.total() else top
    fields = [
        mode,
        step,
        f"draw:{draw or '-'}",
        f"hand0:{hand0 or '-'}",
        f"hand1:{hand1 or '-'}",
        f"line:{line or '-'}",
        f"discard:{discard or '-'}",
        f"aside:{aside or '-'}",
        captured or "-",
        drawn or "-",
        "-",
        runs or "-",
    ]
    text = fen_of(diagram, to_move, castling, ep) + " " + " ".join(fields)
    return GAME.from_text(text)


def seat_of(state) -> int:
    return state.to_act()[0]


def play(state, *steps: str):
    """Apply steps given in the game's notation; return the last events."""
    events = []
    for text in steps:
        seat = seat_of(state)
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def names(state, seat=None) -> list[str]:
    """The notations of the legal actions, sorted."""
    seat = seat_of(state) if seat is None else seat
    return sorted(state.notation(a) for a in state.legal_actions(seat))


def cards(state, place: str) -> str:
    return cards_text(state.cards.cards(place))


def start_of_game() -> str:
    return """
        r n b q k b n r
        p p p p p p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P P P P P
        R N B Q K B N R
        """


def turn(state, spec, seed=1) -> list[str]:
    """The bot ``spec`` plays the side to move's whole turn; its steps in notation."""
    side, steps = state.turn, []
    rng = random.Random(seed)
    while not state.is_over() and state.turn == side:
        seat = state.to_act()[0]
        action = think_now(spec, state, seat, rng, **UNTIMED)
        steps.append(state.notation(action))
        state.apply({seat: action})
    return steps
