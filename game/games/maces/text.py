"""The texts of a Maces position: the position text (a FEN dialect, see
rules/maces.md) and the action notation, both ways.

``MacesText`` is a mixin of ``MacesState``: it reads and writes the state's
fields. A sister game extends the hooks: ``_phase_text``/``_read_phase``
(its own turn phases), ``_check_goes_on`` (what a phase needs to go on),
``_extra_text``/``_read_extra_text`` (fields after the six of Maces).
"""

from __future__ import annotations

from game.engine import Result
from game.games.maces.actions import ChooseMace, Move, Swing, Throw, promotion_suffix
from game.games.maces.pieces import BLACK, GEO, WHITE, W

ACT, SWING = "act", "swing"


class MacesText:
    extra_fields: tuple[str, ...] = ()  # what the fields after the sixth hold

    # -- writing ----------------------------------------------------------------------
    def to_text(self) -> str:
        ep = GEO.name(self.ep) if self.ep is not None else "-"
        fields = [self.board_text(), "wb"[self.turn], self._phase_text(), ep]
        fields += [str(self.halfmove), str(self.fullmove)]
        return " ".join(fields + self._extra_text())

    def _phase_text(self) -> str:
        if self.phase == SWING:
            chosen = GEO.name(self.chosen) if self.chosen is not None else "-"
            others = [GEO.name(m) for m in self.pending if m != self.chosen]
            return f"swing:{chosen}:{','.join(others) or '-'}"
        return self.phase

    def _extra_text(self) -> list[str]:
        return []

    # -- reading ----------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        parts = text.split()
        want = 6 + len(self.extra_fields)
        if len(parts) != want:
            extra = "".join(f" and {what}" for what in self.extra_fields)
            raise ValueError(
                f"the position text has {want} fields: board, side, phase, en passant, "
                f"clocks{extra}"
            )
        board, side, phase, ep, half, full = parts[:6]
        self.set_board_text(board)
        if side not in ("w", "b"):
            raise ValueError("the side to move is w or b")
        self.turn = WHITE if side == "w" else BLACK
        for seat in (WHITE, BLACK):
            if len(self.find(seat, "king")) > 1:
                raise ValueError("a side has at most one king")
        self.ep = None if ep == "-" else GEO.square(ep)
        try:
            self.halfmove, self.fullmove = int(half), int(full)
        except ValueError:
            raise ValueError("the move counters must be numbers") from None
        self._read_extra_text(parts[6:])
        self._read_phase(phase)
        missing = [s for s in (WHITE, BLACK) if self.king_square(s) is None]
        if len(missing) == 2:
            raise ValueError("both kings are missing")
        if missing:
            winner = 1 - missing[0]
            self.ended = Result.win(
                self.game, winner, f"{self.game.sides[winner]} captured the king"
            )
        else:  # a finished game's phase only tells where its last turn stopped
            self._check_goes_on()
        self.repetition.reset(self._key() if self.at_turn_start() else None)

    def _read_extra_text(self, fields: list[str]) -> None:
        pass

    def _read_phase(self, phase: str) -> None:
        """The phase field's form and the pieces it names."""
        name, _, rest = phase.partition(":")
        if name == ACT and not rest:
            self.phase = ACT
        elif name == SWING:
            chosen, _, others = rest.partition(":")
            self.chosen = None if chosen == "-" else GEO.square(chosen)
            squares = [] if others in ("", "-") else [GEO.square(s) for s in others.split(",")]
            if self.chosen is not None:
                squares.insert(0, self.chosen)
            for sq in squares:
                p = self.board[sq]
                if p is None or p.side != self.turn or p.kind not in self.mace_kinds:
                    raise ValueError(f"there is no Mace of the side to move on {GEO.name(sq)}")
                if squares.count(sq) > 1:
                    raise ValueError(f"the Mace on {GEO.name(sq)} is listed twice")
            self.pending = squares
            self.phase = SWING
        else:
            raise ValueError(f"unknown turn phase {phase!r}")

    def _check_goes_on(self) -> None:
        """ValueError unless the phase has a decision to make: a text must
        never give a game that nobody can move on."""
        if self.phase != SWING:
            return
        for m in self.pending:
            if not self.victims(m):
                raise ValueError(f"the Mace on {GEO.name(m)} has no enemy next to it to swing at")
        if self.chosen is not None and self.is_frozen(self.chosen):
            raise ValueError(f"the Mace on {GEO.name(self.chosen)} is held in a web")
        if all(self.is_frozen(m) for m in self.pending):
            raise ValueError("the swing phase has no Mace left to swing")

    # -- notation ---------------------------------------------------------------------
    def notation(self, action) -> str:
        """The action in the notation of rules/maces.md (before applying it),
        naming every piece it removes: its own text, ``#`` when that takes
        the king, then the swings that follow by themselves in brackets
        (``Me5-e6 (Mg6xf7)``, ``Hi9:j10>j7 (Mj7xj6#)``)."""
        return self._written(action) + self._aftermath(action)

    def _written(self, action) -> str:
        """The action's own text, without what follows it."""
        if isinstance(action, Move):
            piece = self.board[action.frm]
            cap = self.board[action.to] is not None or (
                piece is not None
                and piece.kind == "pawn"
                and action.to == self.ep
                and action.frm % W != action.to % W
            )
            head = "" if piece is None or piece.kind == "pawn" else self._letter(piece.kind)
            sep = "x" if cap else "-"
            frm, to = GEO.name(action.frm), GEO.name(action.to)
            return f"{head}{frm}{sep}{to}{promotion_suffix(action.promotion)}"
        if isinstance(action, Throw):
            squares = f"{GEO.name(action.apult)}:{GEO.name(action.piece)}>{GEO.name(action.to)}"
            return f"H{squares}{promotion_suffix(action.promotion)}"
        if isinstance(action, Swing | ChooseMace):
            piece = self.board[action.mace]
            head = self._letter(piece.kind) if piece is not None else "M"
            return f"{head}{action}"
        return str(action)

    def _aftermath(self, action) -> str:
        """What the action removes beyond its own text, found by playing it
        on a copy: ``#`` if its own capture takes the king, and the swings it
        sets off with no further decision, `` (Mg6xf7, Mc3xd4#)``. A swing
        the action names itself (``Me6xd7``) is its own capture."""
        if self.to_act() != (self.turn,):
            return ""  # a card duel: nothing leaves the board
        probe = self.copy()
        events = probe._apply({self.turn: action})
        own_king = False
        swings: list[str] = []
        mace = None  # the Mace whose swing the next capture is
        for event in events:
            if event.kind == "swing":
                mace = event.data["mace"]
            elif event.kind == "capture":
                king = "#" if event.data["piece"].kind == "king" else ""
                own = mace is None or isinstance(action, Swing) and mace == action.mace
                if own and not swings:
                    own_king = own_king or bool(king)
                else:
                    letter = self._letter(probe.board[mace].kind)
                    victim = GEO.name(event.data["square"])
                    swings.append(f"{letter}{GEO.name(mace)}x{victim}{king}")
                mace = None
        tail = "#" if own_king else ""
        return tail + (f" ({', '.join(swings)})" if swings else "")

    def _letter(self, kind: str) -> str:
        return self.letters.letter_of[kind]

    def _parse_action(self, text: str, seat: int):
        """The legal action ``text`` names, in either form, in any letter
        case. A move or throw is written out only if the text names its
        target square (the notation always does): loading a save stays cheap.
        What follows the action's own text (``#``, the swings in brackets)
        may be left out, as saves before it had it; if written, it must be
        what the action does."""
        base = text.partition(" (")[0].removesuffix("#")
        lowered = base.lower()
        named = [
            a
            for a in self.legal_actions(seat)
            if type(a) not in (Move, Throw) or GEO.name(a.to) in lowered
        ]
        found = next((a for a in named if base in (self._written(a), str(a))), None)
        if found is None:
            found = next(
                (a for a in named if lowered in (self._written(a).lower(), str(a).lower())), None
            )
        tail = text[len(base) :]
        if found is not None and tail and tail.lower() != self._aftermath(found).lower():
            return None
        return found
