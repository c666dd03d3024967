"""Orthodox chess by the FIDE Laws: the chess core as it is."""

from __future__ import annotations

from game.engine import Game
from game.engine.chess import STANDARD_FEN, ChessState
from game.engine.chess.board import BACK_RANK
from game.games import register


@register
class ChessGame(Game):
    id = "chess"
    title = "Chess"
    blurb = "The orthodox game, by the FIDE Laws."
    premoves = True  # Chess960 too
    # Two sides taking turns, no passing: a search may try a null move.
    null_move_safe = True
    # The setup's levels: Normal searches four plies (well under a second
    # in the middlegame), Hard as deep as its time allows.
    # Hard keeps a fixed budget: with its time managed (game/ai/pacing.py,
    # ``stretch=2.5``) it scored 2.5 of 20 against Stockfish Skill 5 at 0.5 s
    # a move in Chess960, against 27.5% with the fixed budget (22.5% before stop 35).
    bot_levels = {"search:2": "search:4", "search:3": "search:24"}

    def new(self, options=None, seed: int = 0) -> ChessState:
        self.normalize_options(options)
        return ChessState(self, STANDARD_FEN, seed)

    def read_text(self, text: str) -> ChessState:
        state = ChessState(self, text)
        # Orthodox castling is from e1/e8 with the corner rooks only (as
        # the FIDE Laws and every other reader of the FEN take it).
        for side, corners in ((0, (0, 7)), (1, (56, 63))):
            named = [sq for sq in corners if state.castling >> sq & 1]
            if (state.castling & BACK_RANK[side]) != sum(1 << sq for sq in named) or (
                named and state.king_square(side) != corners[0] + 4
            ):
                raise ValueError("in Chess only the king on e1/e8 castles, with a corner rook")
        return state
