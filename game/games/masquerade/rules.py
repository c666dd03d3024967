"""Masquerade Chess (rules/masquerade.md): chess where the king, queen, rooks,
bishops and knights capture by patterns the opponent chose in secret.

Built on the chess core with king-capture legality (no check; castling
ignores attacks). The game starts with both seats choosing at once an
``Assign``: the five patterns for the opponent's types (masks.py). Then each
turn is a move without capture or a capture attempt: a masked piece may try
any capture that one of the five patterns could make from its square; if its
own secret pattern makes it, it is played, otherwise nothing moves and the
turn is over. Pawns capture as in chess. Every attempt and its result goes in
the public record (``tried``), from which each side deduces its own patterns.

Secrets: ``assign[s]`` is the patterns ``s`` gave the other side's pieces,
hidden from that other side; ``sample`` draws one the record still allows.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, Seat
from game.engine.board import bits
from game.engine.chess import GEO, STANDARD_FEN, ChessState, Move
from game.engine.chess.san import san
from game.engine.chess.tables import BACK_RANK, KNIGHT, LETTERS, PAWN, QUEEN
from game.games import register
from game.games.masquerade import masks as M
from game.games.masquerade.actions import Assign

SETUP_ACTIONS = [Assign(a) for a in M.ALL]


class MasqueradeState(ChessState):
    # The core's fast paths this class gives up (its hooks override them).
    orthodox_moves = False
    moves_only = False
    plain_turns = False
    orthodox_ends = False
    legality = "king_capture"
    castle_through_attack = True
    extra_field_names = (
        "White's patterns for Black",
        "Black's patterns for White",
        "White's attempts",
        "Black's attempts",
    )
    FIELDS = ChessState.FIELDS | {
        "assign": list,
        "tried": lambda t: [list(x) for x in t],
        "last_attempt": None,
    }
    # The last turn's attempt (frm, to, worked), for the display; None after
    # any other move. Not in the position text (the record says what counts).
    last_attempt: tuple[int, int, bool] | None = None

    # -- setup ---------------------------------------------------------------------------
    @property
    def setting_up(self) -> bool:
        return self.assign[0] == "" or self.assign[1] == ""

    def to_act(self) -> tuple[Seat, ...]:
        if self.setting_up and not self.is_over():
            return (0, 1)
        return super().to_act()

    def acts_after_choice(self) -> Seat | None:
        return self.seat_to_act() if self.setting_up and not self.is_over() else None

    def actions_for(self, seat: Seat) -> list[Any]:
        if self.setting_up:
            return list(SETUP_ACTIONS)
        return list(self.legal_moves())

    def uniform_decision(self, seat: Seat) -> bool:
        return self.setting_up  # a predictable assignment could be exploited

    def _apply(self, actions: Mapping[Seat, Any]) -> list[Event]:
        if not self.setting_up:
            return super()._apply(actions)
        self.assign = [actions[0].patterns, actions[1].patterns]
        return [Event("assigned", seat, {}, frozenset({seat})) for seat in (0, 1)]

    # -- moves and attempts -------------------------------------------------------------------
    def piece_moves(self, sq: int) -> list[Move]:
        kind = self.kind_at(1 << sq)
        if kind == PAWN:
            return self.moves_as(PAWN, sq)
        enemy = self.occ[1 - self.turn]
        quiet = [m for m in self.moves_as(kind, sq) if not enemy >> m.to & 1]
        reach = {m.to for m in self.moves_as(QUEEN, sq)} | {m.to for m in self.moves_as(KNIGHT, sq)}
        return quiet + [Move(sq, to) for to in sorted(reach) if enemy >> to & 1]

    def after_move(self, move: Move, events: list[Event]) -> None:
        for side in (0, 1):  # a captured king takes its castling rights along
            if self.king_square(side) is None:
                self.castling &= ~BACK_RANK[side]

    def king_attacked(self, side: int) -> bool:
        return False  # nobody knows what attacks what: no check

    def kings_in_danger(self) -> tuple[int, ...]:
        """A king that an enemy piece could take by the pattern the king's
        side gave it: only that side knows it, so a view marks its own king
        alone."""
        if self.setting_up or self.is_over():
            return ()
        out = []
        for side in (0, 1):
            king = self.king_square(side)
            given = self.assign[side]  # the patterns of the enemy's pieces
            if king is None or not given:
                continue
            enemy = 1 - side
            for sq in bits(self.occ[enemy]):
                kind = self.kind_at(1 << sq)
                if kind != PAWN:
                    kind = LETTERS.index(M.pattern(given, LETTERS[kind]))
                if any(m.to == king for m in self.moves_as(kind, sq, enemy)):
                    out.append(king)
                    break
        return tuple(out)

    def patterns_reaching(self, frm: int, to: int) -> str:
        """The patterns that would capture from ``frm`` on ``to``, now."""
        return "".join(
            p for p in M.TYPES if any(m.to == to for m in self.moves_as(LETTERS.index(p), frm))
        )

    def is_attempt(self, move: Move) -> bool:
        """A capture by a masked piece (its result depends on its pattern)."""
        kind = self.kind_at(1 << move.frm)
        return kind != PAWN and bool(self.occ[1 - self.turn] >> move.to & 1)

    def act(self, seat: Seat, action: Any) -> list[Event]:
        if not self.is_attempt(action):
            self.last_attempt = None
            return self.play_move(action)
        us = self.turn
        kind = self.kind_at(1 << action.frm)
        letter = LETTERS[kind]
        reach = self.patterns_reaching(action.frm, action.to)
        own = M.pattern(self.assign[1 - us], letter)
        ok = own in reach
        self.tried[us] = [*self.tried[us], (letter, reach, ok)]
        self.last_attempt = (action.frm, action.to, ok)
        data = {
            "frm": action.frm,
            "to": action.to,
            "piece": self.piece_at(action.frm),
            "target": self.piece_at(action.to),
            "ok": ok,
        }
        attempt = Event("attempt", seat, data)
        if ok:
            return [attempt, *self.play_move(action)]
        # Nothing moves; the turn is over.
        events = [attempt, Event("attempt_failed", seat, data)]
        self.ep = None
        self.halfmove += 1
        self.last_move = None
        self._legal = None
        self.end_turn(events)
        return events

    # -- secrets ---------------------------------------------------------------------------
    def hide(self, seat: Seat) -> bool:
        if self.setting_up:
            return False
        self.assign[1 - seat] = None
        return True

    def fill(self, seat: Seat, rng: random.Random) -> None:
        self.assign[1 - seat] = rng.choice(M.consistent(self.tried[seat]))

    # -- notation and prompts -----------------------------------------------------------------
    def notation(self, action: Any) -> str:
        if isinstance(action, Assign):
            return str(action)
        return san(self, action).rstrip("+#")

    def public_notation(self, action: Any) -> str:
        if isinstance(action, Assign):
            return "assign"
        return self.notation(action)

    def prompt(self, seat: Seat) -> str:
        if self.setting_up and not self.is_over():
            other = self.game.seats[1 - seat]
            return f"Choose in secret how {other}'s pieces capture"
        text = super().prompt(seat)
        if self.last_attempt is not None and not self.last_attempt[2] and not self.is_over():
            who = self.game.seats[1 - seat]
            text += f" ({who}'s capture on {GEO.name(self.last_attempt[1])} failed)"
        return text

    # -- the position text ----------------------------------------------------------------------
    def extra_fields(self) -> list[str]:
        def write(a: str | None) -> str:
            return "?" if a is None else a or "-"

        return [
            write(self.assign[0]),
            write(self.assign[1]),
            M.attempts_text(self.tried[0]),
            M.attempts_text(self.tried[1]),
        ]

    def read_extra_fields(self, fields: list[str]) -> None:
        def read(field: str) -> str | None:
            if field == "?":
                return None
            return "" if field == "-" else M.read_assignment(field)

        self.last_attempt = None
        self.assign = [read(fields[0]), read(fields[1])]
        if (self.assign[0] == "") != (self.assign[1] == ""):
            raise ValueError("both assignments are made together")
        self.tried = [M.read_attempts(fields[2]), M.read_attempts(fields[3])]
        for side in (0, 1):
            if self.assign[1 - side] and not M.agrees(self.assign[1 - side], self.tried[side]):
                raise ValueError(f"{self.game.sides[side]}'s attempts disagree with its patterns")

    def extra_key(self) -> tuple:
        return (self.setting_up,)


START_FIELDS = "- - - -"


@register
class MasqueradeGame(Game):
    id = "masquerade"
    title = "Masquerade Chess"
    kings_left_attacked = True
    blurb = "Your opponent chose in secret how your pieces capture: find out by trying."
    private_views = True  # each side's assignment
    # One sampled world of the secret assignment each. Four worlds share
    # the time and reach no deeper: Normal so scored 4-2 against greedy, one
    # world 5-0-1; Hard at depth 3 on four worlds 1-3 against Normal, on one
    # world 3-1, then +8 =3 -5 of 16. Hard now goes on to depth 4 while its
    # time lasts: +12 =2 -6 of 20 against Normal, reaching depth 3.0-3.9
    # against Normal's 2.0 (scripts/bench_ai.py, --time 1.5).
    # Easy blind to the answers and with a loose hand: looking at them on
    # 40% of decisions it beat that Normal 11-7 (2 draws) of 20, blind at
    # wander=250 it scored 35% of 20, at 400 20% of 10 and 100% of 10
    # against random (issue 31; scripts/bench_ai.py --time 0.5
    # --random-plies 2, load about 30-40).
    bot_levels = {
        "easy": "easy:look=0:wander=400",
        "search:2": "search:2:samples=1",
        "search:3": "search:4:samples=1",
    }

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> MasqueradeState:
        self.normalize_options(options)
        return MasqueradeState(self, f"{STANDARD_FEN} {START_FIELDS}", seed)

    def read_text(self, text: str) -> MasqueradeState:
        return MasqueradeState(self, text)
