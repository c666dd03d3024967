"""Chess960: orthodox chess from a shuffled back rank (Fischer's rules for
the start and for castling). The rules are the chess core's; this module
only chooses the start: by its number, at random, or dealt with the card
method of the Chess Kit book (see start.py)."""

from __future__ import annotations

import random

from game.engine import Option
from game.engine.chess import ChessState
from game.games import register
from game.games.chess.rules import ChessGame
from game.games.chess960.start import card_deal_rank, number_of_rank, rank_of_number


class Chess960State(ChessState):
    """Orthodox chess that remembers its start's number for the title."""

    FIELDS = ChessState.FIELDS | {"start_number": None}

    def __init__(self, game, text: str, seed: int = 0, start_number: int | None = None):
        self.start_number = start_number
        super().__init__(game, text, seed)

    def headline(self) -> str:
        return "" if self.start_number is None else f"No. {self.start_number}"


@register
class Chess960Game(ChessGame):
    id = "chess960"
    title = "Chess960"
    blurb = "Fischer's shuffled back rank: same rules, no opening book."
    options = (
        Option(
            "start",
            "Start position",
            "random",
            ("random", "number", "cards"),
            "At random, by its number, or dealt with the card method",
        ),
        Option("number", "Position number (0-959)", 518, help="Used when the start is by number"),
    )

    def normalize_options(self, options):
        merged = super().normalize_options(options)
        try:
            number = int(merged["number"])
        except (TypeError, ValueError):
            raise ValueError("The position number must be a whole number from 0 to 959") from None
        if not 0 <= number <= 959:
            raise ValueError(f"The position number must be from 0 to 959, not {number}")
        merged["number"] = number
        return merged

    def new(self, options=None, seed: int = 0) -> ChessState:
        opts = self.normalize_options(options)
        rng = random.Random(seed)
        if opts["start"] == "number":
            rank = rank_of_number(opts["number"])
        elif opts["start"] == "cards":
            rank = card_deal_rank(rng)
        else:
            rank = rank_of_number(rng.randrange(960))
        return Chess960State(self, start_fen(rank), seed, number_of_rank(rank))

    def read_text(self, text: str) -> Chess960State:
        return Chess960State(self, text)


def start_fen(rank: str) -> str:
    """The FEN of a Chess960 start with back rank ``rank`` ("RNBQKBNR")."""
    return f"{rank.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{rank} w KQkq - 0 1"
