"""Maces, Horse-apults and Tulpas (rules/tulpas.md): the Maces game plus
five Tulpas a side, created by a secret card duel before each turn.

``TulpasState`` is a ``MacesState`` with the hands of uncreated Tulpas and
three more turn phases:

- ``duel``: before the turn, while the mover has Tulpas to create, both
  seats choose at once, the mover a ``Pick``, the opponent a ``Guess`` of
  one of the mover's uncreated types;
- ``place`` (after a match): the mover places the new Tulpa;
- ``ox``: after a Wild Ox's move, gore one adjacent enemy (``OxStrike``) or
  not (``OxDecline``), before the Maces swing.

The Tulpas' powers are MacesState's hooks: the Amazon, Wild Ox, Spider and
Tulpa Mace move by their piece data, the Archer steps and shoots, the
Spider's web makes its enemy neighbours frozen, the Tulpa Mace is one more
Mace kind. Never imports pygame.
"""

from __future__ import annotations

from game.engine import Event
from game.engine.board import KING_STEPS, bits
from game.engine.pieces import Piece
from game.games import register
from game.games.maces.pieces import BLACK, GEO, WHITE, relative_rank
from game.games.maces.rules import ACT, MacesGame, MacesState, Move
from game.games.tulpas.actions import Guess, OxDecline, OxStrike, Pick, Place, Shot
from game.games.tulpas.pieces import LETTERS, TULPA_LETTER_OF, TULPAS

DUEL, PLACE, OX = "duel", "place", "ox"


def _title(kind: str) -> str:
    return kind.replace("_", " ").title()


class TulpasState(MacesState):
    """A position of the Tulpas game: ``hands`` holds each seat's uncreated
    Tulpa kinds (in the order of ``TULPAS``)."""

    piece_letters = LETTERS
    mace_kinds = frozenset({"mace", "tulpa_mace"})
    extra_fields = ("the Tulpa hands",)

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        self.hands: list[list[str]] = [list(TULPAS), list(TULPAS)]
        self.placing: str | None = None  # the Tulpa kind being placed
        self.ox: int | None = None  # the Wild Ox that may gore

    # -- the Spider's web -------------------------------------------------------------
    def frozen_mask(self, seat: int) -> int:
        """``seat``'s pieces next to an enemy Spider: they may not act."""
        webs = mine = 0
        for sq, p in enumerate(self.board):
            if p is None:
                continue
            if p.side == seat:
                mine |= 1 << sq
            elif p.kind == "spider":
                webs |= GEO.king[sq]
        return webs & mine

    def is_frozen(self, sq: int) -> bool:
        """Is the piece on ``sq`` caught in an enemy Spider's web?"""
        p = self.board[sq]
        if p is None:
            return False
        for n in bits(GEO.king[sq]):
            q = self.board[n]
            if q is not None and q.kind == "spider" and q.side != p.side:
                return True
        return False

    def frozen_squares(self) -> list[int]:
        return [sq for sq, p in enumerate(self.board) if p is not None and self.is_frozen(sq)]

    # -- whose decision and which choices -----------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.phase == DUEL and not self.is_over():
            return (WHITE, BLACK)
        return super().to_act()

    def acts_after_choice(self) -> int | None:
        return self.turn if self.phase == DUEL and not self.is_over() else None

    def at_turn_start(self) -> bool:
        return self.phase in (ACT, DUEL, PLACE)

    def uniform_decision(self, seat: int) -> bool:
        """The card duel: a predictable pick or guess could be exploited."""
        return self.phase == DUEL

    def _generate(self, seat: int) -> list:
        if self.phase == DUEL:
            hand = self.hands[self.turn]
            return [Pick(k) for k in hand] if seat == self.turn else [Guess(k) for k in hand]
        if self.phase == PLACE:
            return [Place(self.placing, sq) for sq in self._home_squares(self.turn)]
        if self.phase == OX:
            return [OxStrike(self.ox, v) for v in self.victims(self.ox)] + [OxDecline(self.ox)]
        return super()._generate(seat)

    def _piece_actions(self, us: int, sq: int, kind: str, own: int, occ: int, out: list) -> None:
        if kind == "archer":
            self._archer_actions(sq, own, occ, out)
        else:
            super()._piece_actions(us, sq, kind, own, occ, out)

    def _archer_actions(self, sq: int, own: int, occ: int, out: list) -> None:
        """One or two squares along the eight lines without jumping; or a shot
        at the first piece within two squares, if it is an enemy."""
        reach = 0
        for df, dr in KING_STEPS:
            ray = GEO.ray(sq, df, dr, occ, 2)
            reach |= ray
            hit = ray & occ
            if hit and not hit & own:
                out.append(Shot(sq, hit.bit_length() - 1))
        out.extend(Move(sq, to) for to in bits(reach & ~own))

    def _home_squares(self, seat: int) -> list[int]:
        """The empty squares of ``seat``'s first two ranks."""
        return [
            sq for sq in range(GEO.size) if self.board[sq] is None and relative_rank(seat, sq) < 2
        ]

    # -- applying -----------------------------------------------------------------------
    def _step(self, actions, events: list) -> None:
        if self.phase == DUEL:
            self._duel(actions[self.turn].kind, actions[1 - self.turn].kind, events)
        elif self.phase == PLACE:
            self._place(actions[self.turn], events)
        elif self.phase == OX:
            self._strike(actions[self.turn], events)
        else:
            super()._step(actions, events)

    def _carry_out(self, action, ep: int | None, events: list) -> None:
        if isinstance(action, Shot):
            target = action.target
            self._remove(target, events, "shot", archer=action.archer, square=target)
        else:
            super()._carry_out(action, ep, events)

    def _after_action(self, action, events: list) -> bool:
        """A Wild Ox that moved, free and next to an enemy, may gore first."""
        if not isinstance(action, Move):
            return False
        sq = action.to
        if self.board[sq].kind != "wild_ox" or self.is_frozen(sq) or not self.victims(sq):
            return False
        self.phase, self.ox = OX, sq
        return True

    def _strike(self, action, events: list) -> None:
        if isinstance(action, OxStrike):
            self._remove(action.target, events, "strike", ox=action.ox, square=action.target)
        if self.ended:
            return  # the gore took the king: the text keeps naming the Ox (ox:<square>)
        self.ox = None
        self._begin_swings(events)

    # -- the card duel and the new Tulpa ---------------------------------------------------
    def _start_turn(self, events: list) -> None:
        """The card duel before a turn, while the mover has Tulpas to create."""
        self.phase = ACT
        hand = self.hands[self.turn]
        if not hand:
            return
        if len(hand) > 1:
            self.phase = DUEL
            return
        kind = hand[0]  # one card left: the match is certain
        data = {"pick": kind, "guess": kind, "match": True, "certain": True}
        events.append(Event("reveal", self.turn, data))
        self._matched(kind, events)

    def _duel(self, pick: str, guess: str, events: list) -> None:
        match = pick == guess
        events.append(Event("reveal", self.turn, {"pick": pick, "guess": guess, "match": match}))
        if match:
            self._matched(pick, events)
        else:
            self.phase = ACT

    def _matched(self, kind: str, events: list) -> None:
        if self._home_squares(self.turn):
            self.hands[self.turn].remove(kind)
            self.phase, self.placing = PLACE, kind
        else:
            events.append(Event("creation_lost", self.turn, {"kind": kind}))
            self.phase = ACT

    def _place(self, action: Place, events: list) -> None:
        piece = Piece(self.turn, action.kind)
        self.board[action.sq] = piece
        self.placing = None
        self.phase = ACT
        self.last_move = action
        events.append(Event("place", self.turn, {"square": action.sq, "piece": piece}))

    def _key(self) -> tuple:
        return super()._key() + (tuple(map(tuple, self.hands)),)

    # -- prompts and copies -----------------------------------------------------------------
    def prompt(self, seat: int) -> str:
        if not self.is_over():
            if self.phase == DUEL:
                if seat == self.turn:
                    return "Choose in secret the Tulpa you try to create"
                who = self.game.seats[self.turn]
                return f"Guess in secret which Tulpa {who} tries to create"
            if seat == self.turn and self.phase == PLACE:
                return f"Place your {_title(self.placing)} on your first two ranks"
            if seat == self.turn and self.phase == OX:
                return f"Strike with the Wild Ox on {GEO.name(self.ox)}, or decline"
        return super().prompt(seat)

    # The duel's secret choices wait in the Match until both are made, so the
    # state hides nothing: ``view`` and ``sample`` are the base ones.
    def _own_mutables(self) -> None:
        super()._own_mutables()
        self.hands = [list(h) for h in self.hands]

    def _key_fields(self) -> tuple:
        """Maces' key, with the Tulpa being placed, the Wild Ox that may gore
        and the hands."""
        hands = tuple(map(tuple, self.hands))
        return (*super()._key_fields(), self.placing, self.ox, hands)

    # -- text -------------------------------------------------------------------------------
    def _phase_text(self) -> str:
        if self.phase == OX:
            return f"ox:{GEO.name(self.ox)}"
        if self.phase == PLACE:
            mark = TULPA_LETTER_OF[self.placing]
            return f"place:{mark if self.turn == WHITE else mark.lower()}"
        return super()._phase_text()

    def _extra_text(self) -> list[str]:
        white = "".join(TULPA_LETTER_OF[k] for k in self.hands[WHITE]) or "-"
        black = "".join(TULPA_LETTER_OF[k].lower() for k in self.hands[BLACK]) or "-"
        return [f"{white}/{black}"]

    def _read_extra_text(self, fields: list[str]) -> None:
        hands = fields[0].split("/")
        if len(hands) != 2:
            raise ValueError("the Tulpa hands are two lists separated by /")
        self.hands = []
        for seat, field in enumerate(hands):
            pieces = [] if field == "-" else [LETTERS.piece(c) for c in field]
            kinds = [p.kind for p in pieces]
            if any(p.side != seat or p.kind not in TULPAS for p in pieces) or len(
                set(kinds)
            ) != len(kinds):
                raise ValueError(f"bad Tulpa hand {field!r}")
            self.hands.append(sorted(kinds, key=TULPAS.index))

    def _read_phase(self, phase: str) -> None:
        name, _, rest = phase.partition(":")
        if name == DUEL and not rest:
            if len(self.hands[self.turn]) < 2:
                raise ValueError("a card duel needs two or more Tulpas left to create")
            self.phase = DUEL
        elif name == OX:
            self.ox = GEO.square(rest)
            if self.board[self.ox] != (self.turn, "wild_ox"):
                raise ValueError(f"there is no Wild Ox of the side to move on {rest}")
            self.phase = OX
        elif name == PLACE:
            piece = LETTERS.piece(rest)
            if piece.kind not in TULPAS or piece.side != self.turn:
                raise ValueError(f"{rest!r} is not a Tulpa of the side to move")
            if piece.kind in self.hands[self.turn]:  # the duel's match took it out
                raise ValueError(
                    f"the {_title(piece.kind)} being placed is still in "
                    f"{self.game.sides[self.turn]}'s hand"
                )
            self.placing, self.phase = piece.kind, PLACE
        else:
            super()._read_phase(phase)

    def _check_goes_on(self) -> None:
        if self.phase == OX:
            where = f"the Wild Ox on {GEO.name(self.ox)}"
            if not self.victims(self.ox):
                raise ValueError(f"{where} has no enemy next to it to gore")
            if self.is_frozen(self.ox):
                raise ValueError(f"{where} is held in a web and cannot gore")
        elif self.phase == PLACE and not self._home_squares(self.turn):
            side = self.game.sides[self.turn]
            raise ValueError(f"there is no empty square on {side}'s first two ranks for the Tulpa")
        super()._check_goes_on()

    # -- notation -----------------------------------------------------------------------------
    def _written(self, action) -> str:
        if isinstance(action, Shot):
            return f"Y{action}"
        if isinstance(action, OxStrike):
            return f"W{action}"
        return super()._written(action)


@register
class TulpasGame(MacesGame):
    id = "tulpas"
    title = "Maces, Horse-apults and Tulpas"
    blurb = (
        "Maces and Horse-apults, plus five Tulpas per side brought to life by a "
        "secret card duel before each turn: Amazon, Wild Ox, Archer, Spider, Tulpa Mace."
    )
    private_views = True  # the card duel's secret choices
    premoves = False  # a secret card duel opens each turn
    state_class = TulpasState
