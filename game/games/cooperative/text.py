"""Cooperative Chess's position text and secrets.

The text is FEN's six fields and then, separated by spaces:

- the mode: ``solo`` or ``duo``;
- the step of the turn: ``card``, ``move``, ``capture``, ``place=Q`` (the
  card of a promoted piece waiting to be placed) or ``end``;
- the card places (game/engine/cards.py's ``name:cards``, ``?`` for a card
  not known in a view, ``-`` for none): ``draw:`` (bottom to top),
  ``hand0:``, ``hand1:``, ``line:`` (from the draw pile outwards),
  ``discard:`` and ``aside:`` (set aside unseen, one per recycled run);
- the captured pieces in order (``pPn``, or ``-``);
- the cards turned onto the line at the start of this turn, until its first
  step (solitaire: the move list names them), or ``-``;
- the square a pawn skipped with a double step this turn, which the next
  turn may take en passant, or ``-``;
- the recycled runs, oldest first (``PPNQ,nnbp``, or ``-``): public, since
  the line is face up, and what a seat knows of the cards set aside.

A solitaire start: ``rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1
solo move draw:...(31 cards) hand0:- hand1:- line:p discard:- aside:- - p - -``.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from game.engine.cards import PIECES, Card, Place, Table, cards_text, deck, parse_cards
from game.engine.chess import GEO
from game.engine.pieces import Piece

FIELD_NAMES = (
    "mode",
    "step",
    "draw pile",
    "hand 0",
    "hand 1",
    "line",
    "discard pile",
    "set aside",
    "captured",
    "drawn this turn",
    "en passant next turn",
    "recycled runs",
)
PHASES = ("card", "move", "capture", "end")
PLACES = (
    Place.face_down("draw"),
    Place.hand("hand0", 0),
    Place.hand("hand1", 1),
    Place.face_up("line"),
    Place.face_up("discard"),
    Place.face_down("aside"),
)
UNIVERSE = tuple(deck(PIECES))  # the 32 piece cards


def start_fields(mode: str) -> str:
    """The fields of a game about to be dealt: every card in the draw pile."""
    places = " ".join(f"{p.name}:-" for p in PLACES[1:])
    return f"{mode} move draw:{cards_text(UNIVERSE)} {places} - - - -"


def write(state: Any) -> list[str]:
    phase = state.phase
    if phase == "place":
        phase = f"place={state.placing.letter}"
    runs = ",".join(cards_text(run) for run in state.runs) or "-"
    ep = GEO.name(state.pending_ep) if state.pending_ep is not None else "-"
    return [
        state.mode,
        phase,
        *state.cards.to_text().split(),
        "".join(p.letter for p in state.captured) or "-",
        cards_text(state.drawn),
        ep,
        runs,
    ]


def read(state: Any, fields: list[str]) -> None:
    """Read ``write``'s fields into ``state``; ValueError saying what is wrong."""
    mode, phase, *rest = fields
    places, (captured, drawn, ep, runs) = rest[:6], rest[6:]
    if mode not in ("solo", "duo"):
        raise ValueError(f"the mode is solo or duo, not {mode!r}")
    state.mode = mode
    state.placing = None
    if phase.startswith("place="):
        try:
            state.placing = Card.from_letter(phase[6:])
        except ValueError:
            raise ValueError(f"place= names a card, not {phase[6:]!r}") from None
        phase = "place"
    elif phase not in PHASES:
        raise ValueError(f"the step is one of {', '.join(PHASES)} or place=<card>, not {phase!r}")
    if phase == "card" and mode == "solo":
        raise ValueError("solitaire has no hand to play a card from")
    state.phase = phase
    state.cards = Table.from_text(" ".join(places), PLACES)
    try:
        state.captured = [] if captured == "-" else [Piece.from_letter(c) for c in captured]
        state.drawn = [c for c in parse_cards(drawn) if c is not None]
        state.runs = [] if runs == "-" else [tuple(parse_cards(r)) for r in runs.split(",")]
    except ValueError as e:
        raise ValueError(f"a card or piece letter: {e}") from None
    state.pending_ep = None if ep == "-" else GEO.square(ep)
    _check(state, UNIVERSE)


def _check(state: Any, universe: tuple[Card, ...]) -> None:
    cards = state.cards
    known = Counter(c for c in cards.all_cards() if c is not None)
    if state.placing is not None:
        known[state.placing] += 1
    missing = Counter(universe)
    missing.subtract(known)
    if any(n < 0 for n in missing.values()):
        extra = "".join(sorted(c.letter for c, n in missing.items() if n < 0))
        raise ValueError(f"more cards than the 32 of the deck: {extra}")
    if sum(missing.values()) != cards.unknown_count():
        raise ValueError("the places do not hold the 32 cards of the deck")
    for seat in (0, 1):
        hand = cards.cards(f"hand{seat}")
        if any(c is not None and c.kind == "king" for c in hand):
            raise ValueError("a king card is never held: it goes to the line")
        if len(hand) > 2:
            raise ValueError("a hand holds two cards at most")
        if hand and state.mode == "solo":
            raise ValueError("solitaire has no hands")
    if len(state.runs) != cards.count("aside"):
        raise ValueError("one card is set aside for each recycled run")
    for run in state.runs:
        if len(run) < 4 or None in run or len({c.side for c in run}) != 1:
            raise ValueError("a recycled run is four or more cards of one colour")


def fill(state: Any, rng: random.Random) -> None:
    """Deal the blanks of a view at random, as the seat could not tell them
    apart: the other hand gets no king (kings are never held), each card set
    aside is one of its run's cards that are not seen anywhere, and the draw
    pile gets the rest in a random order."""
    table = state.cards
    pool = Counter(UNIVERSE)
    pool.subtract(c for c in table.all_cards() if c is not None)
    if state.placing is not None:
        pool[state.placing] -= 1
    order = sorted(pool.elements())  # a fixed order: the result depends on rng alone

    def take(allowed) -> Card:
        choices = [c for c in order if allowed(c)] or order
        card = rng.choice(choices)
        order.remove(card)
        return card

    contents = {name: list(table.cards(name)) for name in table.places}
    for name in ("hand0", "hand1"):
        hand = contents[name]
        for i, card in enumerate(hand):
            if card is None:
                hand[i] = take(lambda c: c.kind != "king")
    aside = contents["aside"]
    for i, card in enumerate(aside):
        if card is None:
            run = state.runs[i] if i < len(state.runs) else ()
            aside[i] = take(lambda c, run=run: c in run)
    rng.shuffle(order)
    draw = contents["draw"]
    for i, card in enumerate(draw):
        if card is None:
            draw[i] = order.pop()
    state.cards = Table(tuple(table.places.values()), contents)
