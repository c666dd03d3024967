"""Chess Golf in the play scene (see docs/CONTRACT.md, "Game UI adapters").

Click paths:

- a move: (from, to) on the board, pieces of either colour;
- putting a captured piece back: one click on an empty square;
- a bid: one click on a number of the bid pad (places ``BID - n``);
- Reset, "Show solution" (alone: gives the hole up), "Give up" (showing a
  bid) and the dealer's "Deal 2 cards" / "Deal 3 cards": panel buttons.

Markers: the chosen pieces ringed gold ("golf-chosen"; in a three-card hole
after the first capture, the capturer red, "golf-capturer"). When a piece is
picked (``selection_markers``), the neighbours it borrows its moves from are
ringed blue ("golf-lender"), or it wears a crown when its colour has no pair
and it takes the king's step ("golf-kingstep"); its moves are the usual dots.

Animations: a move slides, the captured piece fades under it; a reset fades
the pieces out and back in where the hole began; a piece put back appears.
Each move of a solution shown is a step of its own.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.engine import Action, Seat, State
from game.engine.pieces import Piece
from game.games.golf import hole as H
from game.games.golf.actions import Bid, Deal, GiveUp, Go, Put, Reset
from game.games.golf.display.widgets import BidPad, HoleBar, ScoreCard, bid_place
from game.ui.adapters import Choice, MoveAdapter, Path
from game.ui.animation import Track

MARKS = {
    "golf-chosen": (240, 196, 60),
    "golf-capturer": (226, 74, 60),
    "golf-lender": (90, 170, 255),
    "golf-kingstep": (120, 210, 130),
}


def piece_of(letter: str) -> Piece:
    code = H.code_of_letter(letter)
    return Piece(code // 5, H.KINDS[code % 5])


def _move(b: Any, e: Any) -> None:
    b.flush()  # each move its own step: a solution shown plays move by move
    b.add_slide(piece_of(e["piece"]), e["frm"], e["to"])
    if e.get("captured"):
        b.add_fade(piece_of(e["captured"]), e["to"])


def _reset(b: Any, e: Any) -> None:
    if not e.get("left"):
        return
    b.step(*(Track("fade", None, to=sq) for sq in e["left"]))
    b.step(*(Track("appear", piece_of(letter), to=sq) for sq, letter in e["back"].items()))


def _place(b: Any, e: Any) -> None:
    b.flush()
    b.add(Track("appear", piece_of(e["piece"]), to=e["to"]))


def _bids(event: Any, game: Any) -> str:
    bids = " · ".join(f"{game.seats[s]} {b or 'impossible'}" for s, b in enumerate(event["bids"]))
    return f"Bids: {bids}"


def _hole(event: Any, game: Any) -> str:
    scores = " · ".join(f"{game.seats[s]} {v}" for s, v in enumerate(event["scores"]))
    if event["solved"]:
        return f"{game.seats[event.seat]} showed it. Scores: {scores}"
    return f"Nobody showed it. Scores: {scores}"


def _failed(event: Any, game: Any) -> str:
    return f"{game.seats[event.seat]} did not show it in the bid" if event["failed"] else ""


def _give_up(state: Any, action: GiveUp) -> Choice:
    """Giving the hole up, asked first: alone it scores twice par."""
    if state.solo:
        # Giving up is a rule (no help): the round, a deal of the day too,
        # still counts with that score (game/learn/daily.py counts only hints,
        # take-backs, fresh deals and earlier saves as help).
        ask = (
            f"Give this hole up and see its solution? It scores {2 * (state.par or 0)}; "
            "the round still counts, a deal of the day too."
        )
        return Choice(action, None, "Show solution", ask)
    return Choice(action, None, "Give up", "Give up the demonstration? It fails and scores.")


class GolfAdapter(MoveAdapter):
    show_captured = False  # captured pieces go back on the board
    animations = {
        "golf_move": _move,
        "golf_reset": _reset,
        "golf_place": _place,
    }
    sounds = (("golf_hole", "shimmer"), ("golf_bids", "card"), ("golf_deal", "card"))
    reveals = {"golf_bids": _bids, "golf_hole": _hole, "golf_reset": _failed}

    def __init__(self) -> None:
        self.state: Any = None  # the position the board shows (from ``markers``)

    def make_widgets(self) -> list[Any]:
        return [HoleBar(), BidPad(), ScoreCard()]

    # -- paths ------------------------------------------------------------------------------
    def path_of(self, state: State, seat: Seat, action: Action) -> Path | None:
        if isinstance(action, Go):
            return (action.frm, action.to)
        if isinstance(action, Put):
            return (action.square,)
        if isinstance(action, Bid):
            return (bid_place(action.moves),)
        return None

    def alias_paths(self, state: State, seat: Seat, action: Action) -> list[Path]:
        return []

    def panel_choices(self, state: State, seat: Seat) -> list[Choice]:
        out = []
        for action in state.legal_actions(seat):
            if isinstance(action, Reset):
                out.append(Choice(action, None, "Reset the hole"))
            elif isinstance(action, GiveUp):
                out.append(_give_up(state, action))
            elif isinstance(action, Deal):
                out.append(Choice(action, None, f"Deal {action.cards} cards"))
            elif isinstance(action, Go) and state.showing:  # the solution, a step a click
                out.append(Choice(action, None, f"Next move: {action}"))
        return out

    def last_move_squares(self, state: State) -> tuple[int, ...]:
        return tuple(getattr(state, "last", ()))

    # -- the board ----------------------------------------------------------------------------
    def markers(self, state: State) -> dict[int, list[str]]:
        self.state = state
        goal = getattr(state, "goal", None)
        if goal is None or state.phase not in ("bid", "play"):
            return {}
        out: dict[int, list[str]] = {}
        for sq, code in H.pieces(state.board):
            if goal.capturer is not None:
                if sq == goal.capturer:
                    out[sq] = ["golf-capturer"]
                elif code == goal.need:
                    out[sq] = ["golf-chosen"]
            elif code in goal.cards:
                out[sq] = ["golf-chosen"]
        return out

    def selection_markers(self, path: tuple[int, ...]) -> dict[int, list[str]]:
        """The picked piece's lenders (or its king's step)."""
        state = self.state
        if state is None or len(path) != 1 or path[0] < 0 or state.phase != "play":
            return {}
        lent = H.borrowed(state.board, path[0])
        if H.KING in lent and not lent[H.KING]:
            return {path[0]: ["golf-kingstep"]}
        out: dict[int, list[str]] = {}
        for squares in lent.values():
            for sq in squares:
                if "golf-lender" not in out.setdefault(sq, []):
                    out[sq].append("golf-lender")
        return out

    def draw_marker(self, surface: Any, rect: Any, name: str) -> bool:
        colour = MARKS.get(name)
        if colour is None:
            return False
        width = max(2, rect.width // 14)
        inner = rect.inflate(-width, -width)
        if name == "golf-kingstep":
            _crown(surface, rect, colour)
            return True
        if name == "golf-lender":
            glow = pygame.Surface(rect.size, pygame.SRCALPHA)
            pygame.draw.rect(glow, (*colour, 60), glow.get_rect(), border_radius=8)
            surface.blit(glow, rect)
        pygame.draw.rect(surface, colour, inner, width, border_radius=8)
        return True


def _crown(surface: Any, rect: Any, colour) -> None:
    """A small crown in the square's top left corner, on a green ring."""
    width = max(2, rect.width // 14)
    pygame.draw.rect(surface, colour, rect.inflate(-width, -width), width, border_radius=8)
    s = max(10, rect.width // 4)
    x, y = rect.x + width + 2, rect.y + width + 2
    points = [
        (x, y + s),
        (x, y + s * 0.35),
        (x + s * 0.25, y + s * 0.6),
        (x + s * 0.5, y + s * 0.2),
        (x + s * 0.75, y + s * 0.6),
        (x + s, y + s * 0.35),
        (x + s, y + s),
    ]
    pygame.draw.polygon(surface, colour, points)
    pygame.draw.polygon(surface, (30, 33, 38), points, 1)


ADAPTER = GolfAdapter()
