"""Synchronous Chess (rules/synchronous.md): both players choose a move at
once, the moves are played together, then an exchange of blows.

Built on the chess core (orthodox moves, no en passant). A turn is:

- "move": both seats choose a move legal in ordinary chess in the position
  (a king in check may only step to a square not attacked: no blocks, no
  captures of the checker by another piece). The Match keeps each choice
  hidden until both are in, so the state itself hides nothing. The moves
  are played together (``resolve``): a move onto an enemy piece that stayed
  captures it; onto a square an enemy piece left captures nothing (pieces
  may swap or pass through each other); two moves onto one square capture
  both pieces.
- "blows": on each square where a piece just landed that an enemy piece
  attacked before the moves and still attacks, that enemy side may strike
  (capture it) or pass (``PASS``); then the other side may strike back on
  that square, and so on. Each piece strikes once a turn. When both sides
  may strike at the same moment they choose at once, and their strikes are
  played together by the same rules as the moves.

A king capture ends the game at once (both kings at once: a draw); so does
checkmate (both sides at once: a draw). Never imports pygame.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NamedTuple

from game.engine import Event, Game, PositionError, Result, Rounds, Seat
from game.engine.actions import distinct
from game.engine.board import bits
from game.engine.chess import GEO, STANDARD_FEN, ChessState, Move
from game.engine.chess.san import check_mark, move_text, read_move
from game.engine.chess.tables import BACK_RANK, BLACK, KIND_INDEX, KING, WHITE, castle_squares
from game.engine.draws import FIFTY_MOVES, THREEFOLD
from game.engine.pieces import Piece
from game.games import register

MOVE, BLOWS = "move", "blows"
SIDE_LETTER = ("w", "b")


@distinct
class Pass(NamedTuple):
    """No strike (written X)."""

    @property
    def frm(self) -> int:
        return -1

    @property
    def to(self) -> int:
        return -1

    def __str__(self) -> str:
        return "X"


PASS = Pass()


class SyncState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    kings_may_fall = True  # a game won by taking the king still reads back
    kings_fall_together = True  # both taken in one turn: a drawn game reads back too
    en_passant = False
    extra_field_names = ("phase", "open squares", "pieces that struck")
    FIELDS = ChessState.FIELDS | {
        "phase": None,
        "open": dict,
        "struck": None,
        "last_moves": None,
        "last_words": None,
        "last_blows": None,
        "_side_moves": dict,
    }

    def __init__(self, game: Game, text: str = STANDARD_FEN, seed: int = 0) -> None:
        self._side_moves: dict[Any, list[Move]] = {}  # moves by side, cached
        self.last_moves: tuple[Move, ...] = ()  # the last turn's two moves (display)
        self.last_words: tuple[str, ...] = ()  # and their notation
        self.last_blows: tuple[tuple[Move, str], ...] = ()  # this turn's strikes, with notation
        super().__init__(game, text, seed)

    # -- moves of either side ------------------------------------------------------------
    def _changed(self) -> None:
        self._legal = None
        self._result = False
        self._side_moves = {}

    def king_may_stand_attacked(self) -> bool:
        return True  # both sides move at once: either king may stand attacked

    def check_position(self) -> None:
        super().check_position()
        if self.phase == BLOWS and not self.is_over() and not self.to_act():
            raise PositionError("the blows phase needs a blow someone can strike")

    def _as_side(self, side: int, fn):
        saved = self.turn, self._legal
        self.turn, self._legal = side, None
        try:
            return fn()
        finally:
            self.turn, self._legal = saved

    def chess_moves(self, side: int) -> list[Move]:
        """``side``'s legal moves in ordinary chess in this position."""
        key = ("chess", side)
        if key not in self._side_moves:
            self._side_moves[key] = self._as_side(side, lambda: list(self.legal_moves()))
        return self._side_moves[key]

    def moves_of(self, side: int) -> list[Move]:
        """The moves ``side`` may choose now: ordinary chess moves, but with
        the king attacked only king steps (never castling)."""
        if side not in self._side_moves:
            moves = self.chess_moves(side)
            if self.king_attacked(side):
                king = self.king_square(side)
                moves = [m for m in moves if m.frm == king and not self._castle(side, m)]
            self._side_moves[side] = moves
        return self._side_moves[side]

    def _castle(self, side: int, move: Move) -> bool:
        own = self.occ[side]
        return bool(self.bb[KING] & own & 1 << move.frm and own & 1 << move.to)

    def strikes(self, side: int) -> list[Move]:
        """``side``'s strikes: legal chess captures onto the squares where it
        may strike, by pieces that have not struck this turn (the first
        strike on a square by a piece that attacked it before and after)."""
        key = ("strikes", side)
        if key not in self._side_moves:
            self._side_moves[key] = self._strikes(side)
        return self._side_moves[key]

    def _strikes(self, side: int) -> list[Move]:
        mine = {sq: first for sq, (s, first) in self.open.items() if s == side}
        if not mine:
            return []
        out = []
        for m in self.chess_moves(side):
            if m.to not in mine or m.frm in self.struck or self._castle(side, m):
                continue
            if not self.occ[1 - side] >> m.to & 1:
                continue
            first = mine[m.to]
            if first is None or m.frm in first:
                out.append(m)
        return out

    # -- the protocol ----------------------------------------------------------------------
    def to_act(self) -> tuple[Seat, ...]:
        if self.is_over():
            return ()
        if self.phase == MOVE:
            return (WHITE, BLACK)
        return tuple(s for s in (WHITE, BLACK) if self.strikes(s))

    def seat_to_act(self) -> Seat:
        acting = self.to_act()
        return acting[0] if acting else WHITE

    def legal_actions(self, seat: Seat) -> list[Any]:
        if seat not in self.to_act():
            return []
        return self.actions_for(seat)

    def actions_for(self, seat: Seat) -> list[Any]:
        if self.phase == MOVE:
            return list(self.moves_of(seat))
        return [*self.strikes(seat), PASS]

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        events: list[Event] = []
        if self.phase == MOVE:
            self._moves(dict(actions), events)
        else:
            self._blows(dict(actions), events)
        self._changed()
        if self.is_over():
            events.append(Event("game_over", None, {"reason": self.result().reason}))
        return events

    # -- playing moves together ---------------------------------------------------------------
    def resolve(self, moves: Mapping[int, Move], events: list) -> list[tuple[int, int, int]]:
        """Play the moves of both sides (or one) at once. Returns the pieces
        that landed and stay, as (side, from, to). Events: a capture of each
        piece that stayed where an enemy landed, the moves (a castle as one
        event), a "swap" for two pieces that took each other and a "collide"
        for two pieces lost on one square (instead of their moves), then
        promotions."""
        plans: list[tuple[int, int, int, Piece, Piece]] = []  # side, from, to, before, after
        castles: dict[int, Event] = {}
        for side, m in sorted(moves.items()):
            piece = self.piece_at(m.frm)
            if self._castle(side, m):
                king_to, rook_to = castle_squares(side, m.frm, m.to)
                rook = Piece(side, "rook")
                plans.append((side, m.frm, king_to, piece, piece))
                plans.append((side, m.to, rook_to, rook, rook))
                data = {"king_from": m.frm, "king_to": king_to, "rook_from": m.to}
                castles[side] = Event("castle", side, {**data, "rook_to": rook_to})
                self.castling &= ~BACK_RANK[side]
                continue
            plans.append((side, m.frm, m.to, piece, Piece(side, m.promotion or piece.kind)))
            if piece.kind == "king":
                self.castling &= ~BACK_RANK[side]
            if piece.kind == "pawn":
                self.halfmove = 0
        vacated = {plan[1] for plan in plans}
        for plan in plans:
            self.castling &= ~(1 << plan[1] | 1 << plan[2])
            self._take(plan[1])
        targets: dict[int, list[tuple]] = {}
        for plan in plans:
            targets.setdefault(plan[2], []).append(plan)
        landed = []
        captures, collisions = [], []
        for to, landers in targets.items():
            stayed = self.piece_at(to) if to not in vacated else None
            if stayed is not None:
                self._take(to)
                captures.append(Event("capture", 1 - stayed.side, {"square": to, "piece": stayed}))
                self.halfmove = 0
            if len({plan[0] for plan in landers}) > 1:
                data = {
                    "square": to,
                    "pieces": [plan[3] for plan in landers],
                    "froms": [plan[1] for plan in landers],
                }
                collisions.append(Event("collide", None, data))
                self.halfmove = 0
                continue
            side, frm, _, _, after = landers[0]
            self._put(to, after)
            landed.append((side, frm, to))
        lost = {frm for e in collisions for frm in e["froms"]}
        events += captures
        if len(plans) == 2 and not castles and not lost:
            (_, f1, t1, p1, _), (_, f2, t2, p2, _) = plans
            if f1 == t2 and f2 == t1:  # two pieces took each other: they swap
                data = {"a": f1, "b": f2, "piece_a": p1, "piece_b": p2}
                events.append(Event("swap", None, data))
                lost = {f1, f2}
        for side, frm, to, before, _ in plans:
            if side in castles:
                if not lost & {castles[side]["king_from"], castles[side]["rook_from"]}:
                    if frm == castles[side]["king_from"]:
                        events.append(castles[side])
                    continue
            if frm not in lost:
                events.append(Event("move", side, {"piece": before, "frm": frm, "to": to}))
        events += collisions
        for side, m in moves.items():
            if m.promotion and (side, m.frm, m.to) in landed:
                new = Piece(side, m.promotion)
                events.append(Event("promote", side, {"square": m.to, "piece": new}))
        self._changed()
        return landed

    def _take(self, sq: int) -> None:
        bit = 1 << sq
        for i in range(6):
            self.bb[i] &= ~bit
        self.occ[0] &= ~bit
        self.occ[1] &= ~bit

    def _put(self, sq: int, piece: Piece) -> None:
        bit = 1 << sq
        self.bb[KIND_INDEX[piece.kind]] |= bit
        self.occ[piece.side] |= bit

    def _moves(self, moves: dict[int, Move], events: list) -> None:
        self.last_words = (self.notation(moves[WHITE]), self.notation(moves[BLACK]))
        white, black = self.last_words
        self.last_blows = ()
        events.append(Event("reveal", None, {"white": white, "black": black}))
        # Which enemy pieces attacked each landing square before the moves.
        before: dict[tuple[int, int], int] = {}
        moved_to: dict[int, int] = {}
        for side, m in moves.items():
            for frm, to in self._plan_squares(side, m):
                before[side, to] = self.attackers(1 - side, to)
                moved_to[frm] = to
        self.halfmove += 2
        self.last_moves = (moves[WHITE], moves[BLACK])
        self.last_move = moves[WHITE]
        landed = self.resolve(moves, events)
        self.struck = frozenset()
        self.open = {}
        if self._kings_gone():
            return
        for side, _frm, to in landed:
            enemy = 1 - side
            was = before.get((side, to), 0)
            still = self.attackers(enemy, to)
            first = frozenset(
                sq for sq in (moved_to.get(s, s) for s in bits(was)) if still >> sq & 1
            )
            if first:
                self.open[to] = (enemy, first)
        self.phase = BLOWS
        self._next_blow()

    def _plan_squares(self, side: int, m: Move) -> list[tuple[int, int]]:
        """(from, to) of each piece a move carries (two for castling)."""
        if self._castle(side, m):
            king_to, rook_to = castle_squares(side, m.frm, m.to)
            return [(m.frm, king_to), (m.to, rook_to)]
        return [(m.frm, m.to)]

    def _blows(self, actions: dict[int, Any], events: list) -> None:
        strikes = {s: a for s, a in actions.items() if isinstance(a, Move)}
        self.last_blows += tuple((m, self.notation(m)) for _, m in sorted(strikes.items()))
        for side, a in actions.items():
            if isinstance(a, Pass):
                events.append(Event("pass", side, {}))
                for sq in [sq for sq, (s, _) in self.open.items() if s == side]:
                    del self.open[sq]
        for m in strikes.values():
            self.open.pop(m.to, None)
        captured_before = {m.to for m in strikes.values()}
        landed = self.resolve(strikes, events)
        vacated = {m.frm for m in strikes.values()}
        struck = set(self.struck) - vacated - captured_before
        for side, _frm, to in landed:
            struck.add(to)
            self.open[to] = (1 - side, None)
        self.struck = frozenset(struck)
        self.last_move = next(iter(strikes.values()), self.last_move)
        if self._kings_gone():
            return
        self._next_blow()

    def _next_blow(self) -> None:
        """Close the squares nobody can strike on; end the turn when none is open."""
        self._changed()
        for sq in list(self.open):
            side, _first = self.open[sq]
            if not any(m.to == sq for m in self.strikes(side)):
                del self.open[sq]
        self._changed()
        if not self.open:
            self._end_turn()

    def _end_turn(self) -> None:
        self.phase = MOVE
        self.open = {}
        self.struck = frozenset()
        self.fullmove += 1
        self._changed()
        self.repetition.add(self.position_key(), irreversible=self.halfmove == 0)

    def _kings_gone(self) -> bool:
        return any(self.king_square(s) is None for s in (WHITE, BLACK))

    # -- the end -----------------------------------------------------------------------------
    def orthodox_result(self) -> Result | None:
        game, sides = self.game, self.game.sides
        gone = [s for s in (WHITE, BLACK) if self.king_square(s) is None]
        if len(gone) == 2:
            return Result.draw(game, "Both kings captured at once: a draw")
        if gone:
            return Result.win(game, 1 - gone[0], f"{sides[1 - gone[0]]} captured the king")
        if self.phase != MOVE:
            return None
        mated = [s for s in (WHITE, BLACK) if not self.moves_of(s) and self.king_attacked(s)]
        if len(mated) == 2:
            return Result.draw(game, "Both kings checkmated at once: a draw")
        if mated:
            return Result.win(game, 1 - mated[0], f"Checkmate: {sides[1 - mated[0]]} wins")
        if any(not self.moves_of(s) for s in (WHITE, BLACK)):
            return Result.draw(game, "Stalemate: a draw")
        if self.occ[WHITE] | self.occ[BLACK] == self.bb[KING]:
            return Result.draw(game, "Only the kings are left: a draw")
        if self.halfmove >= 100:
            return Result.draw(game, FIFTY_MOVES)
        if self.repetition.threefold():
            return Result.draw(game, THREEFOLD)
        return None

    def check_square(self) -> int | None:
        for side in (WHITE, BLACK):
            if self.king_attacked(side):
                return self.king_square(side)
        return None

    def extra_key(self) -> tuple:
        return (self.phase, tuple(sorted(self.open.items())), self.struck)

    # -- words ----------------------------------------------------------------------------------
    def prompt(self, seat: Seat) -> str:
        name = self.game.seats[seat]
        if self.is_over() or seat not in self.to_act():
            return f"{name} waits"
        if self.phase == MOVE:
            if self.king_attacked(seat):
                return f"{name}: in check, choose a king move in secret"
            return f"{name}: choose a move in secret"
        squares = ", ".join(GEO.name(sq) for sq, (s, _) in sorted(self.open.items()) if s == seat)
        return f"{name}: strike on {squares}, or pass (X)"

    def notation(self, action: Any) -> str:
        if isinstance(action, Pass):
            return "X"
        # No check mark: whether the move checks depends on the other
        # side's move, played with it (``step_notation`` judges the step).
        side = self.piece_at(action.frm).side
        moves = self.chess_moves(side)  # the rivals, without generating them again
        saved = self.turn, self._legal, self._result
        self.turn, self._legal = side, list(moves)
        try:
            return move_text(self, action, moves)
        finally:
            self.turn, self._legal, self._result = saved

    def step_notation(self, actions: Mapping[Seat, Any], public: bool = False) -> dict[Seat, str]:
        """Each move's text with the check mark of the whole step: judged
        once both moves (or strikes) are played together."""
        texts = super().step_notation(actions, public)
        if set(actions) != set(self.to_act()):
            return texts
        after = self.copy()
        after._apply(actions)
        for seat, action in actions.items():
            if isinstance(action, Move):
                texts[seat] += check_mark(after, seat)
        return texts

    def public_notation(self, action: Any) -> str:
        return self.notation(action)

    def _parse_action(self, text: str, seat: Seat) -> Any:
        actions = self.legal_actions(seat)
        if text in ("X", str(PASS)):
            return PASS if PASS in actions else None
        moves = [a for a in actions if isinstance(a, Move)]
        saved = self.turn, self._legal, self._result
        self.turn, self._legal = seat, list(self.chess_moves(seat))  # as ``notation`` sees it
        try:
            return read_move(self, text, moves, written=type(self).notation)
        finally:
            self.turn, self._legal, self._result = saved

    # -- the position text -----------------------------------------------------------------------
    def extra_fields(self) -> list[str]:
        items = []
        for sq, (side, first) in sorted(self.open.items()):
            who = "*" if first is None else ".".join(GEO.name(s) for s in sorted(first))
            items.append(f"{GEO.name(sq)}:{SIDE_LETTER[side]}:{who}")
        struck = ",".join(GEO.name(s) for s in sorted(self.struck))
        return [self.phase, ",".join(items) or "-", struck or "-"]

    def read_extra_fields(self, fields: list[str]) -> None:
        phase, open_text, struck = fields
        if phase not in (MOVE, BLOWS):
            raise ValueError(f"the phase is move or blows, not {phase!r}")
        self.phase = phase
        self.open = {}
        for item in [] if open_text == "-" else open_text.split(","):
            parts = item.split(":")
            if len(parts) != 3 or parts[1] not in SIDE_LETTER:
                raise ValueError(f"an open square is written e5:b:d7.c6 or e5:w:*, not {item!r}")
            first = None if parts[2] == "*" else frozenset(map(GEO.square, parts[2].split(".")))
            self.open[GEO.square(parts[0])] = (SIDE_LETTER.index(parts[1]), first)
        self.struck = (
            frozenset() if struck == "-" else frozenset(map(GEO.square, struck.split(",")))
        )
        if self.turn != WHITE:
            raise ValueError("both sides move at once: the side field is always w")
        if phase == MOVE and (self.open or self.struck):
            raise ValueError("squares are open for blows only in the blows phase")
        self._side_moves = {}

    def count_round(self, rounds: Rounds) -> Rounds | None:
        """A round is a turn: the two moves and the blows after them."""
        if self.phase == MOVE:
            return Rounds(rounds.number + 1)
        return rounds if rounds.number else None


@register
class SynchronousGame(Game):
    id = "synchronous"
    title = "Synchronous Chess"
    blurb = (
        "Both players choose a move in secret and play them at the same time; "
        "then an exchange of blows. Capture or checkmate the king."
    )
    private_views = True  # the secret choices wait in the match

    def new(self, options=None, seed: int = 0) -> SyncState:
        self.normalize_options(options)
        return SyncState(self, f"{STANDARD_FEN} move - -", seed)

    def read_text(self, text: str) -> SyncState:
        return SyncState(self, text)
