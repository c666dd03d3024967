"""Telepathic Chess positions for tests, written as diagrams (rank 8 first),
and a helper that plays whole turns: the predictor's card, then the move."""

from __future__ import annotations

from helpers.chess_diagrams import fen_of

from game.engine.chess import GEO
from game.games import load_all

GAME = load_all()["telepathic"]

START = """
rnbqkbnr
pppppppp
........
........
........
........
PPPPPPPP
RNBQKBNR
"""


def sq(name: str) -> int:
    return GEO.square(name)


def position(
    diagram: str = START,
    to_move: str = "w",
    castling: str = "-",
    phase: str = "predict",
    predictors: str = "A/A",
    trophy: str = "middle",
    face_up: str = "P/p",
    down: str = "-/-",
    last: str = "-",
    half: int = 0,
):
    """A position from a diagram and the game's own fields (face-up cards
    as letters, White's upper case: "N/b"; "-" for none)."""
    fields = f"{phase} {predictors} {trophy} {face_up} {down} {last}"
    return GAME.from_text(f"{fen_of(diagram, to_move, castling, half=half)} {fields}")


def act(state, *texts: str):
    """Each text is the next decision of whoever is to act; the events of
    the last one."""
    events = []
    for text in texts:
        (seat,) = state.to_act()
        events = state.apply({seat: state.parse_action(text, seat)})
    return events


def turn(state, card: str, move: str):
    """A whole turn: the predictor lays ``card`` (a letter), the mover plays
    ``move``; the events of the move (with the reveal)."""
    return act(state, f"predict {card}", move)


def reveal(events):
    (event,) = [e for e in events if e.kind == "reveal"]
    return event
