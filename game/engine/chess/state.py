"""The chess core: orthodox chess as a ``State``, with hooks that variants
override, the way python-chess's variant.py builds each variant on one board.

A variant is a subclass that sets a few class attributes and overrides a
few small methods:

- ``legality``: "check" (a move may not leave the mover's king attacked;
  checkmate and stalemate end the game), "king_capture" (no check rule;
  taking the king wins) or "none" (no royal king; the variant says how the
  game ends); ``kings_may_fall``: under "check", a king may still be taken
  (the game is then over). Also ``en_passant``, ``promotions``, ``castles`` and
  ``castle_through_attack``.
- ``piece_moves(sq)``: the moves the piece on ``sq`` may make (default: its
  orthodox ones; ``moves_as(kind, sq)`` gives any kind's moves from a square).
- ``allows(move)``: a filter on moves (a player's half of the board).
- ``occupancy(sq, side)``: the pieces the piece on ``sq`` sees, own and enemy
  (a mirror side where the others neither block nor can be taken).
- ``is_attacked(sq, by)``: the attack relation that check, mate and castling
  use (adrenaline reaches further). A variant that changes how pieces move
  (``piece_moves`` or ``occupancy``) and not this gets ``attacked_by_moves``:
  check follows the moves the pieces really make.
- ``after_move(move, events)``: what happens after a move (raise a buried
  piece, ask for a further decision by setting a phase).
- ``actions_for(seat)`` / ``act(seat, action)``: decisions besides moves,
  for turns of several steps; call ``end_turn`` when the turn is over.
- ``seat_to_act()`` and ``next_turn()``: who acts now, who acts next.
- ``variant_result()``: how the game ends, before the orthodox rules.
- ``extra_fields()`` / ``read_extra_fields(fields)``: more fields in the
  position text, after FEN's six (``extra_field_names`` names them).
- ``extras``: per-square values that travel with the piece on the square
  (``merge_extras`` says what a capture leaves), and ``FIELDS``: the state's
  fields with how to copy each, so copies never share anything mutable.

Orthodox chess pays nothing for the hooks: a class declares which fast
paths it keeps (``orthodox_moves``, ``moves_only``, ``plain_turns``,
``orthodox_ends``), and one that keeps ``orthodox_moves``
with check-based legality gets the orthodox move generator (pins and
evasion on bitboards). A variant that overrides a hook sets the matching
flag False (``FAST_PATHS``); tests/engine/test_fast_paths.py holds every
class to it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from game.engine.board import bits
from game.engine.chess.board import ChessBoard
from game.engine.chess.movegen import MoveGeneration
from game.engine.chess.san import read_move, san
from game.engine.chess.tables import (
    BACK_RANK,
    BISHOP,
    BLACK,
    GEO,
    KING,
    KNIGHT,
    PAWN,
    PAWN_ATTACKS,
    QUEEN,
    ROOK,
    STANDARD_FEN,
    WHITE,
    Move,
    W,
    castle_squares,
)
from game.engine.draws import FIFTY_MOVES, THREEFOLD, Repetition
from game.engine.pieces import Piece
from game.engine.protocol import (
    Event,
    Game,
    PositionError,
    Result,
    Rounds,
    Seat,
    State,
)

# The hooks behind each of a class's declared fast paths (``orthodox_moves``,
# ``moves_only``, ``plain_turns``, ``orthodox_ends``): a class
# that overrides one of them declares the path lost (tests/engine/
# test_fast_paths.py holds every class to it).
MOVE_HOOKS = ("piece_moves", "allows", "occupancy", "is_attacked", "pseudo_legal_moves")
ACTION_HOOKS = ("actions_for",)
TURN_HOOKS = (
    *("apply", "_apply", "act", "play_move", "after_move", "turn_open", "end_turn", "next_turn"),
    *("push", "merge_extras"),
)
RESULT_HOOKS = (
    *("variant_result", "rules_result", "orthodox_result", "result", "no_move_left"),
    *("to_act", "seat_to_act", "legal_actions", "insufficient_material", "king_attacked"),
)
FAST_PATHS = {
    "orthodox_moves": MOVE_HOOKS,
    "moves_only": ACTION_HOOKS,
    "plain_turns": TURN_HOOKS,
    "orthodox_ends": RESULT_HOOKS,
}

Copier = Callable[[Any], Any] | None
COUNTER_MAX = 100_000  # the move counters of a position text: far beyond any real game


def _legal_copy(moves: list[Move] | None) -> list[Move] | None:
    return list(moves) if moves is not None else None


class ChessState(MoveGeneration, ChessBoard, State):
    """A chess position plus what the draw rules need of its history."""

    geometry = GEO  # the board (squares named like "e4"), for the UI
    has_pieces: ClassVar[bool] = True
    searchable: ClassVar[bool] = True  # make, unmake and key below

    # -- what a variant declares ------------------------------------------------------
    legality: ClassVar[str] = "check"
    en_passant: ClassVar[bool] = True
    promotions: ClassVar[tuple[str, ...]] = ("queen", "rook", "bishop", "knight")
    castles: ClassVar[bool] = True
    castle_through_attack: ClassVar[bool] = False
    # Under check-based legality a king may still be taken, ending the game
    # (a removal leaves it open, moves made together): the text of such a
    # finished game has a side without its king.
    kings_may_fall: ClassVar[bool] = False
    # Both kings may fall at once (moves made together): a finished game's
    # text may have no king at all.
    kings_fall_together: ClassVar[bool] = False
    # A pawn may come back to its own first rank (steps after a move, a pawn
    # rising from a grave there); it still never stands on its last rank.
    pawns_return: ClassVar[bool] = False
    extra_field_names: ClassVar[tuple[str, ...]] = ()
    pawns_promote: ClassVar[bool] = True  # so no pawn stands on the first or last rank
    # Every instance field and how a copy gets its own (None: immutable, shared).
    FIELDS: ClassVar[dict[str, Copier]] = {
        "game": None,
        "_rng": None,  # the generator behind ``rng``: copied when first used
        "_rng_shared": None,
        "is_partial": None,
        "_agreed_result": None,
        "bb": list,
        "occ": list,
        "turn": None,
        "castling": None,
        "ep": None,
        "halfmove": None,
        "fullmove": None,
        "extras": dict,
        "last_move": None,
        "repetition": Repetition.copy,
        "_stack": lambda stack: [],
        "_legal": _legal_copy,
        "_result": None,
        "_undo": lambda undo: [],  # what ``make`` saved, for ``unmake``
    }

    # -- which fast paths the class keeps (declared; a class that overrides a
    # hook of ``FAST_PATHS`` sets that path False, and never is it guessed) ------
    # The pieces move, block and attack as in chess (no ``MOVE_HOOKS``): with
    # check-based legality and no castling through attack, the orthodox move
    # generator (pins and evasions on bitboards) serves.
    orthodox_moves: ClassVar[bool] = True
    # Every decision is a legal move (no ``actions_for``).
    moves_only: ClassVar[bool] = True
    # A move is the whole turn and its events are only told (no
    # ``TURN_HOOKS``): ``make`` moves the pieces straight.
    plain_turns: ClassVar[bool] = True
    # The game ends only as orthodox chess does (no ``RESULT_HOOKS``), so a
    # search may find mate and stalemate from the move list
    # (``result_before_moves``).
    orthodox_ends: ClassVar[bool] = True
    # What ``_derive_paths`` makes of them (and ``_fast``, in MoveGeneration).
    _mutable: ClassVar[tuple[tuple[str, Callable], ...]]
    _plain: ClassVar[bool]
    _plain_moves: ClassVar[bool]
    _core: ClassVar[bool]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        moves_changed = any(
            getattr(cls, name) is not getattr(ChessState, name)
            for name in ("piece_moves", "occupancy")
        )
        if moves_changed and cls.is_attacked is ChessState.is_attacked:
            cls.is_attacked = ChessState.attacked_by_moves  # type: ignore[method-assign,assignment]
        cls._derive_paths()

    @classmethod
    def _derive_paths(cls) -> None:
        """The flags the move generator, ``make`` and the search read, from
        the declarations alone."""
        cls._fast = cls.orthodox_moves and cls.legality == "check" and not cls.castle_through_attack
        cls._mutable = _mutable_fields(cls.FIELDS)
        cls._plain = cls.plain_turns
        cls._plain_moves = cls._fast and cls.moves_only
        cls._core = cls._plain and cls._plain_moves and cls.orthodox_ends

    # -- the random generator: shared by copies until one of them uses it ------------
    _rng: random.Random | None
    _rng_shared: bool

    @property
    def rng(self) -> random.Random | None:
        rng = self._rng
        if self._rng_shared and rng is not None:
            rng = self._rng = copy_random(rng)
            self._rng_shared = False
        return rng

    @rng.setter
    def rng(self, value: random.Random | None) -> None:
        self._rng = value
        self._rng_shared = False

    def copy_rng(self) -> random.Random | None:
        rng = self.rng
        return copy_random(rng) if rng is not None else None

    def __init__(self, game: Game, text: str = STANDARD_FEN, seed: int = 0) -> None:
        self.game = game
        self.rng = random.Random(seed)
        self._undo: list[dict] = []
        self.is_partial = False
        self._agreed_result = None
        self.extras = {}
        self.last_move: Move | None = None
        self._stack: list[tuple] = []
        self._legal: list[Move] | None = None
        self._result: Result | None | bool = False  # False: not worked out yet
        self.set_text(text)
        self.repetition = Repetition([self.position_key()])

    # -- hooks a variant overrides (the defaults are orthodox chess) -----------------------
    def piece_moves(self, sq: int) -> list[Move]:
        return self.moves_as(self.kind_at(1 << sq), sq)

    def allows(self, move: Move) -> bool:
        return True

    def attacked_by_moves(self, sq: int, by: int) -> bool:
        """Could a piece of ``by`` move onto ``sq`` capturing, by the moves
        it makes in this game (``piece_moves``)? An empty ``sq`` is filled
        with a phantom enemy for the question, so pawns attack diagonally."""
        bit = 1 << sq
        occ, turn = self.occ, self.turn
        phantom = not (occ[0] | occ[1]) & bit
        saved = list(occ)
        if phantom:
            occ[1 - by] |= bit
        self.turn = by
        try:
            return any(m.to == sq for frm in bits(occ[by]) for m in self.piece_moves(frm))
        finally:
            self.occ, self.turn = saved, turn

    def occupancy(self, sq: int, side: int) -> tuple[int, int]:
        return self.occ[side], self.occ[1 - side]

    def after_move(self, move: Move, events: list[Event]) -> None:
        """Called after every move with its events so far (append more)."""

    def actions_for(self, seat: Seat) -> list[Any]:
        """The decisions of ``seat`` now (it is to act): the legal moves,
        unless a variant's turn is at another step."""
        return list(self.legal_moves())

    def act(self, seat: Seat, action: Any) -> list[Event]:
        """Carry out one legal decision. A variant with decisions besides
        moves handles them and calls ``end_turn`` when the turn is over."""
        return self.play_move(action)

    def first_rounds(self) -> Rounds:
        return Rounds.at(self.fullmove, self.turn == WHITE)

    def count_round(self, rounds: Rounds) -> Rounds | None:
        """By the side whose turn it is, not the seat deciding: a decision
        inside another side's turn (a zombie rising, a card answered, the
        solitaire player moving Black) belongs to that turn."""
        return rounds.after(self.turn) if len(self.to_act()) == 1 else None

    def seat_to_act(self) -> Seat:
        """The seat whose decision it is: by default the one playing the side
        to move."""
        game = self.game
        if game.seat_sides is None:
            return self.turn
        return game.seat_sides.index(self.turn)

    def next_turn(self) -> None:
        """Pass the turn (the move counter counts Black's moves)."""
        if self.turn == BLACK:
            self.fullmove += 1
        self.turn = 1 - self.turn

    def variant_result(self) -> Result | None:
        """A variant's own end of the game, checked before the orthodox one."""
        return None

    def extra_fields(self) -> list[str]:
        """The variant's fields of the position text, after the six of FEN."""
        return []

    def read_extra_fields(self, fields: list[str]) -> None:
        """Read what ``extra_fields`` wrote; ValueError with a clear message."""

    def extra_key(self) -> tuple:
        """What else, besides the board and extras, makes positions differ for
        the repetition rule."""
        return ()

    # -- the protocol --------------------------------------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        return () if self.is_over() else (self.seat_to_act(),)

    def legal_actions(self, seat: Seat) -> list[Any]:
        if seat not in self.to_act():
            return []
        return self.actions_for(seat)

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        ((seat, action),) = actions.items()
        return self.act(seat, action)

    def play_move(self, move: Move) -> list[Event]:
        """Make a legal move with its events; the turn ends with it unless
        ``after_move`` left the turn open (``turn_open``)."""
        events = self.move_events(move)
        self.push(move, pass_turn=False)
        self._stack.clear()  # protocol moves are never popped
        self.last_move = move
        self.after_move(move, events)
        if not self.turn_open():
            self.end_turn(events)
        return events

    def turn_open(self) -> bool:
        """Does the turn hold more decisions after the move just made?"""
        return False

    def end_turn(self, events: list[Event]) -> None:
        """The turn is over: pass it, record the position for the draw rules,
        and tell of check and of the end."""
        self.next_turn()
        self._legal = None
        self._result = False
        self.repetition.add(self.position_key(), irreversible=self.halfmove == 0)
        if self.king_attacked(self.turn):
            events.append(Event("check", None, {"square": self.king_square(self.turn)}))
        result = self.result()
        if result is not None:
            events.append(Event("game_over", None, {"reason": result.reason}))

    def move_events(self, move: Move) -> list[Event]:
        """What a move does, for the UI to animate (before it is made)."""
        us = self.turn
        seat = self.seat_to_act()
        piece = self.piece_at(move.frm)
        if self.is_castle(move):
            king_to, rook_to = castle_squares(us, move.frm, move.to)
            return [
                Event(
                    "castle",
                    seat,
                    {
                        "king_from": move.frm,
                        "king_to": king_to,
                        "rook_from": move.to,
                        "rook_to": rook_to,
                    },
                ),
                Event("move", seat, {"piece": piece, "frm": move.frm, "to": king_to}),
                Event("move", seat, {"piece": Piece(us, "rook"), "frm": move.to, "to": rook_to}),
            ]
        events = [Event("move", seat, {"piece": piece, "frm": move.frm, "to": move.to})]
        victim = self.piece_at(move.to)
        if victim is not None and victim.side != us:
            events.insert(0, Event("capture", seat, {"square": move.to, "piece": victim}))
        elif piece is not None and piece.kind == "pawn" and move.to == self.ep and self.en_passant:
            square = move.to - W if us == WHITE else move.to + W
            events.insert(
                0, Event("capture", seat, {"square": square, "piece": self.piece_at(square)})
            )
            events.append(Event("en_passant", seat, {"square": square}))
        if move.promotion:
            new = Piece(us, move.promotion)
            events.append(Event("promote", seat, {"square": move.to, "piece": new}))
        return events

    def prompt(self, seat: Seat) -> str:
        name = self.game.seats[seat]
        check = self.legality == "check" and self.king_attacked(self.turn)
        return f"{name} to move, in check" if check else f"{name} to move"

    def stuck_reason(self, seat: Seat, square: int) -> str | None:
        piece = self.piece_at(square)
        if piece is None or piece.side != self.turn:
            return None
        if self.legality == "check" and self.king_attacked(self.turn):
            return f"That {piece.kind} cannot move while your king is in check"
        return f"That {piece.kind} has no legal move now"

    def check_square(self) -> int | None:
        """The king of the side to move if it is attacked, for the UI."""
        return self.king_square(self.turn) if self.king_attacked(self.turn) else None

    def kings_in_danger(self) -> tuple[int, ...]:
        """Either king attacked by the pieces of the other side."""
        out = []
        for side in (0, 1):
            king = self.king_square(side)
            if king is not None and self.is_attacked(king, 1 - side):
                out.append(king)
        return tuple(out)

    def perft(self, depth: int) -> int:
        moves = self.legal_moves()
        if depth <= 1:
            return len(moves) if depth == 1 else 1
        total = 0
        for move in moves:
            self.push(move)
            total += self.perft(depth - 1)
            self.pop()
        return total

    # -- the end -----------------------------------------------------------------------------
    def rules_result(self) -> Result | None:
        if self._result is False:
            self._result = self.variant_result() or self.orthodox_result()
        return self._result  # type: ignore[return-value]

    def orthodox_result(self) -> Result | None:
        game, sides = self.game, self.game.sides
        if self.legality == "king_capture":
            for side in (WHITE, BLACK):
                if self.king_square(side) is None:
                    return Result.win(game, 1 - side, f"{sides[1 - side]} captured the king")
        if self.no_move_left():
            if self.legality == "check" and self.king_attacked(self.turn):
                winner = 1 - self.turn
                return Result.win(game, winner, f"Checkmate: {sides[winner]} wins")
            return Result.draw(game, "Stalemate: a draw")
        if self.legality == "check" and self.insufficient_material():
            return Result.draw(game, "Neither side can mate: a draw")
        if self.halfmove >= 100:
            return Result.draw(game, FIFTY_MOVES)
        if self.repetition.threefold():
            return Result.draw(game, THREEFOLD)
        return None

    def result_before_moves(self) -> Result | None:
        """For a search that lists the legal moves next, on a class that ends
        its games as orthodox chess (``_core``): ``result()`` without looking
        for a position with no legal move, unless the side to move has only
        its king and pawns (where stalemate is a real danger). The caller
        finds mate and stalemate by the empty move list (and then asks
        ``result()``); a checkmate under the fifty-move count is looked for
        here, since it comes first."""
        if self._agreed_result is not None:
            return self._agreed_result
        if self._result is not False:
            return self._result  # type: ignore[return-value]
        bb, side = self.bb, self.turn
        if (
            self.halfmove >= 100
            or not (bb[KNIGHT] | bb[BISHOP] | bb[ROOK] | bb[QUEEN]) & (self.occ[side])
        ):
            return self.rules_result()
        if self.insufficient_material():
            return self.rules_result()
        if self.repetition.threefold():
            return self.rules_result()
        return None

    def no_move_left(self) -> bool:
        """The player to move has nothing to play: mate or stalemate. A
        variant whose turn has steps that are not moves says what counts."""
        if self._plain_moves:
            return not self.has_legal_move()  # often known without listing the moves
        return not self.actions_for(self.seat_to_act())

    def insufficient_material(self) -> bool:
        bb = self.bb
        if bb[PAWN] | bb[ROOK] | bb[QUEEN]:
            return False
        minors = bb[KNIGHT] | bb[BISHOP]
        if not minors & (minors - 1):
            return True  # king against king, or with one minor piece
        if bb[KNIGHT]:
            return False
        light = GEO.light
        return not bb[BISHOP] & light or not bb[BISHOP] & ~light  # bishops on one colour

    # -- keys and copies -----------------------------------------------------------------------
    def position_key(self) -> tuple:
        """Positions that count as the same for threefold repetition: an en
        passant square only counts when the capture is possible."""
        ep = self.ep if self.ep is not None and self._ep_capturable() else None
        extras = tuple(sorted(self.extras.items())) if self.extras else ()
        return (*self.bb, *self.occ, self.turn, self.castling, ep, extras, *self.extra_key())

    def _ep_capturable(self) -> bool:
        if not self.en_passant:
            return False
        ep = self.ep
        if ep is None:
            return False
        if self._fast:  # orthodox pawns: only one beside the skipped square may take
            capturers = PAWN_ATTACKS[1 - self.turn][ep] & self.bb[PAWN] & self.occ[self.turn]
            if not capturers:
                return False
        return any(self.bb[PAWN] & 1 << m.frm and m.to == self.ep for m in self.legal_moves())

    def copy(self) -> ChessState:
        other = object.__new__(type(self))
        fields = other.__dict__
        mine = self.__dict__
        for name, dup in self.FIELDS.items():
            value = mine[name]
            fields[name] = dup(value) if dup is not None and value is not None else value
        if mine["_rng"] is not None:  # both copy the generator if they ever use it
            mine["_rng_shared"] = fields["_rng_shared"] = True
        return other

    # -- for searches: a key for the transposition table, make and unmake ------------------
    def key(self) -> tuple:
        """Positions a search may treat as one: the board, the side to move,
        castling rights, the en passant square, the per-square extras and the
        variant's own fields (its position-text fields and ``extra_key``).
        The move clocks and the history are left out, as engines do."""
        extras = tuple(sorted(self.extras.items())) if self.extras else ()
        key: tuple = (*self.bb, *self.occ, self.turn, self.castling, self.ep, extras)
        if self.extra_field_names:
            key += (*self.extra_fields(),)
        return key + self.extra_key()

    def noisy_actions(self, seat: Seat) -> list[Any] | None:
        """For a search's quiescence, where the moves are orthodox and the
        seats are the sides: the legal moves of ``seat`` that take an enemy
        piece on their square or promote (``legal_actions``' order). None:
        filter ``legal_actions`` instead."""
        if not self._plain_moves or self.game.seat_sides is not None:
            return None
        if seat not in self.to_act():
            return []
        return self.noisy_moves()

    def make(self, actions: Mapping[Seat, Any]) -> None:
        """Apply legal actions (one per seat to act, as ``apply``, but not
        checked again and with no events to keep) so that ``unmake`` can take
        them back exactly: the fields are saved as they are and the state
        goes on with copies of the mutable ones."""
        mine = self.__dict__
        self._undo.append(mine.copy())
        if self._plain and len(actions) == 1:
            self._make_move(*actions.values())
            return
        for name, dup in self._mutable:
            value = mine[name]
            if value is not None:
                mine[name] = dup(value)
        if mine["_rng"] is not None:
            mine["_rng_shared"] = True
        self._apply(actions)

    def _make_move(self, move: Move) -> None:
        """``play_move`` and ``end_turn`` as a class without turn hooks has
        them, less the events: what the search spends most of its time on."""
        self.bb = list(self.bb)  # the saved lists stay as they were
        self.occ = list(self.occ)
        if self.extras:
            self.extras = dict(self.extras)
        self.repetition = self.repetition.copy()
        if self._rng is not None:
            self._rng_shared = True
        self._move_pieces(move)  # ``push`` is orthodox here (a plain class): no stack needed
        self.last_move = move
        self.repetition.add(self.position_key(), irreversible=self.halfmove == 0)

    def make_null(self) -> None:
        """For a search's null move (no such move in the rules): the side to
        move passes, the en passant chance lapses; ``unmake`` takes it back.
        Only searched where the game says passing is sound
        (``null_move_safe``) and ``null_move_allowed`` agrees."""
        mine = self.__dict__
        self._undo.append(mine.copy())
        self.ep = None
        self.turn = 1 - self.turn
        self._legal = None
        self._result = False

    def null_move_allowed(self) -> bool:
        """A null move is a fair test here: the side to move is not in check
        and has a piece besides pawns and its king (else zugzwang is likely)."""
        side = self.turn
        bb = self.bb
        if not (bb[KNIGHT] | bb[BISHOP] | bb[ROOK] | bb[QUEEN]) & self.occ[side]:
            return False
        return not self.king_attacked(side)

    def unmake(self) -> None:
        """Take back the last ``make``."""
        mine = self.__dict__
        saved = self._undo.pop()
        mine.clear()
        mine.update(saved)

    # -- the position text ------------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Read FEN (X-FEN or Shredder-FEN castling; the clocks may be left
        out) and then the variant's own fields."""
        parts = text.split()
        extra = len(self.extra_field_names)
        if len(parts) == 4 and not extra:
            parts += ["0", "1"]
        if len(parts) != 6 + extra:
            names = ", ".join(
                ("board, side, castling, en passant, clocks", *self.extra_field_names)
            )
            if len(names) > 80:  # too many to list in a short refusal: count them
                names = f"this one has {len(parts)}; copy one in a game with Ctrl+C"
            raise ValueError(f"the position text has {6 + extra} fields: {names}")
        board, side, castle, ep, half, full = parts[:6]
        self.read_board(board)
        if side not in ("w", "b"):
            raise ValueError("the side to move is w or b")
        self.turn = WHITE if side == "w" else BLACK
        self.castling = self.read_castling(castle) if self.castles else 0
        self.ep = None if ep == "-" else GEO.square(ep)
        try:
            self.halfmove, self.fullmove = int(half), int(full)
        except ValueError:
            raise ValueError("the move counters must be numbers") from None
        self.read_extra_fields(parts[6:])
        self._legal = None
        self._result = False

    def check_kings(self) -> None:
        """One king a side. A side may lack its king only in a game that
        ends when it falls (a finished game reads back), and never both
        sides unless they fall together."""
        kings = [(self.bb[KING] & self.occ[side]).bit_count() for side in (WHITE, BLACK)]
        may_lack = self.legality != "check" or self.kings_may_fall
        none_left = kings == [0, 0] and not self.kings_fall_together
        if max(kings) > 1 or none_left or (0 in kings and not may_lack):
            raise PositionError("each side needs exactly one king")

    def check_position(self) -> None:
        """What the chess core's rules cannot play: a king too many or (with
        check) missing, a pawn on the first or last rank, an en passant
        square no pawn just skipped, the side not to move in check, move
        counters out of range. Variants extend it with their own fields."""
        self.check_kings()
        pawns = self._misplaced_pawns()
        if pawns and self.pawns_promote:
            name = GEO.name(next(iter(bits(pawns))))
            where = "its last rank" if self.pawns_return else "the first or last rank"
            raise PositionError(f"a pawn on {name}: no pawn stands on {where}")
        if self.ep is not None and not self._ep_plausible():
            raise PositionError(f"no pawn has just skipped {GEO.name(self.ep)}")
        if not 0 <= self.halfmove <= COUNTER_MAX or not 1 <= self.fullmove <= COUNTER_MAX:
            raise PositionError(f"the move counters are 0 to {COUNTER_MAX} and 1 to {COUNTER_MAX}")
        if (
            self.legality == "check"
            and not self.king_may_stand_attacked()
            and self.king_attacked(1 - self.turn)
        ):
            name = "White" if self.turn == BLACK else "Black"
            raise PositionError(f"{name} is in check, but it is not {name}'s move")

    def takes_en_passant(self, move: Move) -> bool:
        """Does ``move`` take a pawn en passant (its notation then has the
        capture mark)? Pawns only, in the core."""
        return move.to == self.ep and self.en_passant and bool(self.bb[PAWN] >> move.frm & 1)

    def check_start(self) -> None:
        """A typed start holds no more than each side's one set: at most
        sixteen pieces, eight pawns, and no more extra officers than pawns
        gone (promotions). A game may reach more (Zombie's risen pieces, a
        card's piece), but never begins with it."""
        for side, name in ((WHITE, "White"), (BLACK, "Black")):
            mine = self.occ[side]
            pawns = (self.bb[PAWN] & mine).bit_count()
            extra = sum(
                max(0, (self.bb[kind] & mine).bit_count() - usual)
                for kind, usual in ((QUEEN, 1), (ROOK, 2), (BISHOP, 2), (KNIGHT, 2))
            )
            if mine.bit_count() > 16 or pawns > 8 or extra > 8 - pawns:
                raise PositionError(f"{name} has more pieces than one chess set holds")

    def _misplaced_pawns(self) -> int:
        """Pawns where the rules never leave one: on the last rank (but those
        whose promotion is still to choose) and, unless they may return, on
        their own first rank."""
        white, black = self.bb[PAWN] & self.occ[WHITE], self.bb[PAWN] & self.occ[BLACK]
        out = white & BACK_RANK[BLACK] | black & BACK_RANK[WHITE]
        if not self.pawns_return:
            out |= white & BACK_RANK[WHITE] | black & BACK_RANK[BLACK]
        return out & ~self.pawns_to_promote()

    def _ep_plausible(self) -> bool:
        """The en passant square is empty, on the third or sixth rank, with
        the pawn that skipped it just beyond. (Not tied to the side to move:
        in some variants the mover's turn goes on after the pawn's move.)"""
        ep = self.ep
        if ep is None:
            return True
        if (self.occ[WHITE] | self.occ[BLACK]) >> ep & 1 or ep // W not in (2, 5):
            return False
        side, beyond = (WHITE, ep + W) if ep // W == 2 else (BLACK, ep - W)
        return bool((self.bb[PAWN] & self.occ[side]) >> beyond & 1)

    def pawns_to_promote(self) -> int:
        """Pawns on the last rank whose promotion is a decision still to make
        (a bitboard; none in orthodox chess, which promotes as it moves)."""
        return 0

    def king_may_stand_attacked(self) -> bool:
        """May the side not to move have its king attacked here? Only while
        the mover's turn holds more decisions, in orthodox turns."""
        return self.turn_open()

    def to_text(self) -> str:
        ep = GEO.name(self.ep) if self.ep is not None and self._ep_capturable() else "-"
        side = "w" if self.turn == WHITE else "b"
        fields = [self.board_text(), side, self.castling_text(), ep]
        fields += [str(self.halfmove), str(self.fullmove), *self.extra_fields()]
        return " ".join(fields)

    # -- notation ---------------------------------------------------------------------------------
    def notation(self, action: Any) -> str:
        """SAN for moves; a variant's other decisions in its own notation."""
        return san(self, action)

    def _parse_action(self, text: str, seat: Seat) -> Any:
        """Moves in SAN or UCI, read by their shape (san.read_move); a
        variant's other decisions by their notation or ``str``."""
        moves = []
        for a in self.legal_actions(seat):
            if type(a) is Move:
                moves.append(a)
            elif text in (self.notation(a), str(a)):
                return a
        return read_move(self, text, moves, written=type(self).notation) if moves else None


def copy_random(rng: random.Random) -> random.Random:
    """A generator in the same state as ``rng`` (quicker than copy.copy)."""
    other = random.Random.__new__(type(rng))
    other.setstate(rng.getstate())
    return other


def _mutable_fields(fields: Mapping[str, Copier]) -> tuple[tuple[str, Callable], ...]:
    """The fields ``make`` gives fresh copies (all with a copier but the undo stack)."""
    return tuple((n, dup) for n, dup in fields.items() if dup is not None and n != "_undo")


ChessState._derive_paths()


def extras_text(extras: Mapping[int, Any], write: Callable[[Any], str] = str) -> str:
    """Per-square extras as a position-text field: "e4=2,c3=1", or "-"."""
    return ",".join(f"{GEO.name(sq)}={write(v)}" for sq, v in sorted(extras.items())) or "-"


def read_extras(field: str, read: Callable[[str], Any]) -> dict[int, Any]:
    """The inverse of ``extras_text``; ValueError on anything malformed."""
    if field == "-":
        return {}
    out: dict[int, Any] = {}
    for item in field.split(","):
        name, eq, value = item.partition("=")
        if not eq:
            raise ValueError(f"an extra is written square=value, not {item!r}")
        out[GEO.square(name)] = read(value)
    return out
