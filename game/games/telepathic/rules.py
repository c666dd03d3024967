"""Telepathic Chess (rules/telepathic.md): two teams of two play chess; each
turn one partner secretly predicts with a card which kind of piece the other
will move, and the prediction drags a trophy between the two ends of the
board. Dragged past an end, the trophy costs the team at the other end a
piece.

Built on the chess core with check-based legality, plus king capture when a
removal leaves a king open. A team's turn is several steps (``phase``):

- "predict": the predictor lays a card face down (``Predict``), secret from
  every other seat (its partner included) until the reveal;
- "move": the mover makes a legal chess move; the card is revealed at once,
  the trophy moves (pull, stay, push), the mover picks a card back up and the
  partners swap roles;
- "remove" (when the trophy went past an end): the losing team takes one of
  its pieces other than the king off the board (``Remove``), chosen by the
  partner who makes that team's next move.

A team that has lost eight pieces (``lost``: sixteen less its pieces on the
board) has no face-up card: its prediction must match exactly, or the
trophy is pushed. Never imports pygame.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, Result, Seat
from game.engine.board import bits
from game.engine.cards import Card
from game.engine.chess import GEO, KIND_NAMES, STANDARD_FEN, ChessState, Move
from game.engine.chess.san import check_mark, san
from game.engine.chess.tables import (
    BACK_RANK,
    BLACK,
    KING,
    LETTERS,
    PAWN,
    WHITE,
)
from game.games import register
from game.games.telepathic.actions import CARD_KINDS, CHECKER, Predict, Remove, kind_of

PREDICT, MOVE, REMOVE = "predict", "move", "remove"
PHASES = (PREDICT, MOVE, REMOVE)
PULL, STAY, PUSH = "pull", "stay", "push"
OUTCOMES = (PULL, STAY, PUSH)
UNKNOWN = "?"  # the face-down card in a view that may not see it
TROPHY_NAMES = ("white", "middle", "black")  # trophy -1, 0, 1
SIDE_LETTERS = ("w", "b")
MEMBERS = ("A", "B")  # the two seats of a team, in seat order
EIGHT = 8  # losses after which a team plays without a face-up card
FIELD_NAMES = (
    "phase",
    "predictors",
    "trophy",
    "face-up cards",
    "face-down cards",
    "last reveal",
)


def own_end(side: int) -> int:
    """The trophy place at ``side``'s end of the board."""
    return -1 if side == WHITE else 1


def card_letter(side: int, kind: str | None) -> str:
    if kind is None:
        return "-"
    if kind == UNKNOWN:
        return UNKNOWN
    return Card(side, kind).letter


class TelepathicState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    kings_may_fall = True  # a game won by taking the king still reads back
    extra_field_names = FIELD_NAMES
    FIELDS = ChessState.FIELDS | {
        "phase": None,
        "predictors": None,  # per side: the seat that predicts the side's next turn
        "trophy": None,  # -1 White's end, 0 the middle, 1 Black's end
        "face_up": None,  # per side: the face-up card's kind, or None
        "down": None,  # per side: the face-down card's kind, UNKNOWN, or None
        "last": None,  # the last reveal: (side, down, up, moved, outcome, loser)
    }

    # -- who ------------------------------------------------------------------------------
    def mover(self, side: int) -> Seat:
        """The seat that moves in ``side``'s next (or current) turn."""
        return self.predictors[side] ^ 1

    def remover(self) -> Seat:
        """The seat that removes the losing team's piece: the partner who
        makes that team's next move."""
        loser = self.last[5]
        return self.predictors[loser] if loser == self.turn else self.mover(loser)

    def seat_to_act(self) -> Seat:
        if self.phase == PREDICT:
            return self.predictors[self.turn]
        if self.phase == MOVE:
            return self.mover(self.turn)
        return self.remover()

    def lost(self, side: int) -> int:
        """Pieces ``side`` has lost, by capture or removal (promotion keeps
        the count)."""
        return max(0, 16 - self.occ[side].bit_count())

    def prediction_kinds(self, side: int) -> tuple[str, ...]:
        """The cards ``side``'s predictor may lay: every card not face up,
        and no checker once the team has no face-up card to copy."""
        up = self.face_up[side]
        return tuple(k for k in CARD_KINDS if k != up and (k != CHECKER or up is not None))

    def hand(self, side: int) -> tuple[str, ...] | None:
        """The cards in ``side``'s hand (None: not known in this view)."""
        down = self.down[side]
        if down == UNKNOWN:
            return None
        return tuple(k for k in CARD_KINDS if k not in (self.face_up[side], down))

    def bet(self, side: int) -> str | None:
        """The kind of piece the face-down card bets on (the checker copies
        the face-up card); None while unknown or not laid."""
        down = self.down[side]
        if down in (None, UNKNOWN):
            return None
        return self.face_up[side] if down == CHECKER else down

    # -- the decisions --------------------------------------------------------------------
    def actions_for(self, seat: Seat) -> list[Any]:
        if self.phase == PREDICT:
            return [Predict(k) for k in self.prediction_kinds(self.turn)]
        if self.phase == MOVE:
            return list(self.legal_moves())
        loser = self.last[5]
        kings = self.bb[KING]
        return [Remove(sq) for sq in bits(self.occ[loser] & ~kings)]

    def legal_moves(self) -> list[Move]:
        """Ordinary legal chess moves, and the capture of an enemy king that
        a removal left open (it wins, so it is allowed even in check)."""
        if self._legal is None:
            moves = super().legal_moves()
            them = 1 - self.turn
            king = self.king_square(them)
            attackers = self.attackers(self.turn, king) if king is not None else 0
            if attackers:
                moves = list(moves)
                known = set(moves)
                last_rank = BACK_RANK[them]
                for frm in bits(attackers):
                    promote = self.bb[PAWN] >> frm & 1 and last_rank >> king & 1
                    for kind in self.promotions if promote else (None,):
                        move = Move(frm, king, kind)
                        if move not in known:
                            moves.append(move)
                self._legal = moves
        return self._legal

    def act(self, seat: Seat, action: Any) -> list[Event]:
        events: list[Event] = []
        if isinstance(action, Predict):
            side = self.turn
            self.down = self._with(self.down, side, action.kind)
            self.phase = MOVE
            events.append(Event("predict", seat, {"side": side}))
            events.append(
                Event("predict_card", seat, {"side": side, "kind": action.kind}, frozenset({seat}))
            )
        elif isinstance(action, Remove):
            self._remove(seat, action.square, events)
            self.end_turn(events)
        else:
            self._moved = KIND_NAMES[self.kind_at(1 << action.frm)]
            events = self.play_move(action)
        self._legal = None
        self._result = False
        return events

    @staticmethod
    def _with(pair: tuple, side: int, value: Any) -> tuple:
        return (value, pair[1]) if side == WHITE else (pair[0], value)

    def after_move(self, move: Move, events: list[Event]) -> None:
        side = self.turn
        if self.king_square(1 - side) is None:
            self.down = self._with(self.down, side, None)  # the game ends before the reveal
            return
        up, down, moved = self.face_up[side], self.down[side], self._moved
        bet = up if down == CHECKER else down
        if moved == bet:
            outcome = PULL
        elif up is not None and moved == up:
            outcome = STAY
        else:
            outcome = PUSH
        step = {PULL: own_end(side), STAY: 0, PUSH: -own_end(side)}[outcome]
        start = self.trophy
        place = start + step
        loser = None
        if place < -1:
            loser, place = BLACK, 0  # past White's end: Black loses a piece
        elif place > 1:
            loser, place = WHITE, 0
        self.trophy = place
        if up is not None and down != CHECKER:
            self.face_up = self._with(self.face_up, side, down)  # the old face-up card is taken
        self.down = self._with(self.down, side, None)
        self.last = (side, down, up, moved, outcome, loser)
        events.append(
            Event(
                "reveal",
                self.predictors[side],
                {
                    "side": side,
                    "card": down,
                    "face_up": up,
                    "moved": moved,
                    "outcome": outcome,
                    "trophy_from": start,
                    "trophy_to": place,
                    "past_end": start + step if loser is not None else None,
                    "loser": loser,
                    "picked_up": CHECKER if down == CHECKER or up is None else up,
                },
            )
        )
        self._eight_losses(events)
        if loser is not None and self.occ[loser] & ~self.bb[KING]:
            self.phase = REMOVE

    def turn_open(self) -> bool:
        return self.phase == REMOVE

    def _remove(self, seat: Seat, sq: int, events: list[Event]) -> None:
        piece = self.piece_at(sq)
        bit = 1 << sq
        for k in range(6):
            self.bb[k] &= ~bit
        self.occ[piece.side] &= ~bit
        self.castling &= ~bit
        self.extras.pop(sq, None)
        self.halfmove = 0  # a removal counts as a capture for the fifty-move rule
        events.append(Event("remove", seat, {"square": sq, "piece": piece}))
        self._eight_losses(events)

    def _eight_losses(self, events: list[Event]) -> None:
        """A team's eighth loss puts its face-up card back in its hand."""
        for side in (WHITE, BLACK):
            up = self.face_up[side]
            if up is not None and self.lost(side) >= EIGHT:
                self.face_up = self._with(self.face_up, side, None)
                events.append(Event("eight_lost", None, {"side": side, "kind": up}))

    def next_turn(self) -> None:
        """The partners of the team that moved swap roles; the other team's
        turn begins with its prediction."""
        side = self.turn
        self.predictors = self._with(self.predictors, side, self.predictors[side] ^ 1)
        self.phase = PREDICT
        super().next_turn()

    def _ep_capturable(self) -> bool:
        if self.phase == REMOVE:
            return self.ep is not None  # the other side may take it after the removal
        return super()._ep_capturable()

    # -- the end -----------------------------------------------------------------------------
    def variant_result(self) -> Result | None:
        for side in (WHITE, BLACK):
            if self.king_square(side) is None:
                winner = 1 - side
                return Result.win(self.game, winner, f"{self.game.sides[winner]} captured the king")
        return None

    def orthodox_result(self) -> Result | None:
        return None if self.phase == REMOVE else super().orthodox_result()

    def insufficient_material(self) -> bool:
        """Mate is impossible only if it is so in chess and one side has its
        king alone: a removal can take away a piece that shields a king (a
        bishop against a bishop on one colour is no draw here), but a lone
        king shields nothing and attacks no king. A king a removal has just
        left open is taken first."""
        kings = self.bb[KING]
        both = self.occ[WHITE] & ~kings and self.occ[BLACK] & ~kings
        if both or self.king_attacked(1 - self.turn):
            return False
        return super().insufficient_material()

    def no_move_left(self) -> bool:
        """Judged on the chess moves (the turn begins with a prediction)."""
        return not self.legal_moves()

    def extra_key(self) -> tuple:
        return (self.phase, self.predictors, self.trophy, self.face_up)

    # -- secrets -------------------------------------------------------------------------------
    def hide(self, seat: Seat) -> bool:
        """The face-down card is seen by nobody but the predictor who laid it."""
        side = self.turn
        if self.phase != MOVE or self.down[side] is None or seat == self.predictors[side]:
            return False
        self.down = self._with(self.down, side, UNKNOWN)
        return True

    def fill(self, seat: Seat, rng: random.Random) -> None:
        side = self.turn
        if self.down[side] == UNKNOWN:
            self.down = self._with(self.down, side, rng.choice(self.prediction_kinds(side)))

    # -- words -------------------------------------------------------------------------------
    def prompt(self, seat: Seat) -> str:
        if self.is_over() or seat not in self.to_act():
            return super().prompt(seat)
        name = self.game.seats[seat]
        partner = self.game.seats[seat ^ 1]
        if self.phase == PREDICT:
            return f"{name}: predict which piece {partner} moves"
        if self.phase == MOVE:
            check = ", in check" if self.king_attacked(self.turn) else ""
            return f"{name}: move ({partner} has predicted){check}"
        return f"{name}: remove a piece (not the king)"

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        piece = self.piece_at(square)
        if self.phase == REMOVE:
            if piece is not None and piece.side == self.last[5] and piece.kind == "king":
                return "The king cannot be removed: click another of your pieces"
            return None
        if self.phase == PREDICT:
            return "First choose a prediction card in the side panel"
        return super().stuck_reason(seat, square)

    def notation(self, action: Any) -> str:
        if isinstance(action, Predict):
            return str(action)
        if isinstance(action, Remove):
            piece = self.piece_at(action.square)
            return f"remove {piece.letter.upper()}{GEO.name(action.square)}"
        return san(self, action)

    def step_notation(self, actions: Mapping[Seat, Any], public: bool = False) -> dict[Seat, str]:
        """A mate is judged once the step is played: the prediction, shown
        with the move, may drag the trophy past an end, and a removal then
        comes first (it may open a square for the mated king): "+" then."""
        texts = super().step_notation(actions, public)
        for seat, action in actions.items():
            if isinstance(action, Move) and texts[seat].endswith("#"):
                after = self.copy()
                after._apply(actions)
                texts[seat] = texts[seat].rstrip("#") + check_mark(after, self.turn)
        return texts

    def public_notation(self, action: Any) -> str:
        if isinstance(action, Predict):
            return "predict ?"  # the card stays face down until the reveal
        return self.notation(action)

    # -- the position text ---------------------------------------------------------------------
    def extra_fields(self) -> list[str]:
        if self.last is None:
            last = "-"
        else:
            side, down, up, moved, outcome, loser = self.last
            last = ":".join(
                (
                    SIDE_LETTERS[side],
                    card_letter(side, down),
                    card_letter(side, up),
                    LETTERS[KIND_NAMES.index(moved)],
                    outcome,
                    SIDE_LETTERS[loser] if loser is not None else "-",
                )
            )
        return [
            self.phase,
            "/".join(MEMBERS[self.predictors[s] - 2 * s] for s in (WHITE, BLACK)),
            TROPHY_NAMES[self.trophy + 1],
            "/".join(card_letter(s, self.face_up[s]) for s in (WHITE, BLACK)),
            "/".join(card_letter(s, self.down[s]) for s in (WHITE, BLACK)),
            last,
        ]

    def king_may_stand_attacked(self) -> bool:
        return True  # a removal may leave a king open, for the side to move to take

    def read_extra_fields(self, fields: list[str]) -> None:
        phase, predictors, trophy, face_up, down, last = fields
        if phase not in PHASES:
            raise ValueError(f"the phase is one of {', '.join(PHASES)}, not {phase!r}")
        self.phase = phase
        members = predictors.split("/")
        if len(members) != 2 or any(m not in MEMBERS for m in members):
            raise ValueError("the predictors are A or B for each team, as A/B")
        self.predictors = (MEMBERS.index(members[0]), 2 + MEMBERS.index(members[1]))
        if trophy not in TROPHY_NAMES:
            raise ValueError(f"the trophy is at one of {', '.join(TROPHY_NAMES)}")
        self.trophy = TROPHY_NAMES.index(trophy) - 1
        self.face_up = self._read_pair(face_up, "face-up cards")
        self.down = self._read_pair(down, "face-down cards", hidden=True)
        self.last = self._read_last(last)
        self._check_cards()

    @staticmethod
    def _read_pair(text: str, what: str, hidden: bool = False) -> tuple:
        parts = text.split("/")
        if len(parts) != 2:
            raise ValueError(f"the {what} are one per team, as P/p or -/-")
        out: list[str | None] = []
        for side, part in enumerate(parts):
            if part == "-":
                out.append(None)
            elif part == UNKNOWN and hidden:
                out.append(UNKNOWN)
            else:
                kind = kind_of(part)
                if (part.isupper()) != (side == WHITE):
                    raise ValueError(f"the {what}: White's card is upper case, Black's lower")
                out.append(kind)
        return tuple(out)

    @staticmethod
    def _read_last(text: str) -> tuple | None:
        if text == "-":
            return None
        parts = text.split(":")
        if len(parts) != 6 or parts[0] not in SIDE_LETTERS or parts[4] not in OUTCOMES:
            raise ValueError("the last reveal is side:card:face-up:moved:outcome:loser")
        side = SIDE_LETTERS.index(parts[0])
        down = kind_of(parts[1])
        up = None if parts[2] == "-" else kind_of(parts[2])
        if parts[3].upper() not in LETTERS:
            raise ValueError(f"{parts[3]!r} is not a piece letter")
        moved = KIND_NAMES[LETTERS.index(parts[3].upper())]
        loser = None if parts[5] == "-" else SIDE_LETTERS.index(parts[5])
        return (side, down, up, moved, parts[4], loser)

    def _check_cards(self) -> None:
        for side in (WHITE, BLACK):
            up, down = self.face_up[side], self.down[side]
            if up == CHECKER:
                raise ValueError("the checker is never left face up")
            eight = self.lost(side) >= EIGHT
            if eight and up is not None:
                raise ValueError("a team that has lost eight pieces has no face-up card")
            if not eight and up is None:
                raise ValueError("a team with fewer than eight losses has a face-up card")
            pending = self.phase == MOVE and side == self.turn
            if pending != (down is not None):
                raise ValueError("a face-down card lies only while its team's mover moves")
            if down not in (None, UNKNOWN) and down not in self.prediction_kinds(side):
                raise ValueError("the face-down card is one the predictor may lay")
        if self.phase == REMOVE:
            loser = self.last[5] if self.last else None
            if loser is None or not self.occ[loser] & ~self.bb[KING]:
                raise ValueError("a removal follows a reveal whose loser has a piece to remove")


@register
class TelepathicGame(Game):
    id = "telepathic"
    title = "Telepathic Chess"
    blurb = (
        "Two teams of two: each turn one partner moves while the other secretly "
        "predicts which piece. Good guesses pull the trophy; past the end it costs a piece."
    )
    seats = ("White A", "White B", "Black A", "Black B")
    seat_sides = (0, 0, 1, 1)
    teams = ((0, 1), (2, 3))
    private_views = True  # the face-down prediction
    secrets_shown_by_next_step = True  # the move turns the card over at once
    # The level is how many moves deep the mover's choice looks (evaluation.py,
    # node-bounded). Two deep drew against one deep (the yardstick "greedy"
    # player, which makes the game's own decision at level 1); three beat it
    # 4-0 and five beat three 4-0 (scripts/bench_ai.py --games telepathic
    # --n 4), at about 0.05 s and 0.15 s of search a decision.
    bot_levels = {"search:2": "search:3", "search:3": "search:5"}

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> TelepathicState:
        self.normalize_options(options)
        return TelepathicState(self, f"{STANDARD_FEN} {START_FIELDS}", seed)

    def read_text(self, text: str) -> TelepathicState:
        return TelepathicState(self, text)


START_FIELDS = "predict A/A middle P/p -/- -"
