"""Move ordering for game/ai/search.py: which actions a node tries first.

The table's action; for ``frm``/``to`` actions on states with ``pieces()``,
captures and promotions by MVV-LVA, the two killers of the ply, quiet
actions by history (cutoffs weighted by depth squared). On the orthodox
chess core a capture of a cheaper piece is weighed by the static exchange
(``see``): one that loses material goes after the killers, among the quiet
actions (and may be reduced like them), and quiescence leaves it out.
On the chess core too, counter-moves: the quiet answer that last refuted
the move just made (a beta cutoff) is tried after the killers.
``_captures`` lists the captures and promotions quiescence searches. A
mixin of ``Search``.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from game.ai.evaluate import PIECE_VALUES
from game.engine.chess.tables import (
    KIND_NAMES,
    KING,
    KNIGHT_ATT,
    PAWN,
    PAWN_ATTACKS,
    bishop_attacks,
    rook_attacks,
)

#: Material by kind index (pawn .. king) for the static exchange; the king
#: is worth more than everything, so it never captures into a defence.
SEE_VALUES = (1.0, 3.0, 3.25, 5.0, 9.0, 100.0)
LOSING_CAPTURE_KEY = 0.5  # a losing capture's place: after killers, among quiet actions
COUNTER_KEY = 0.999  # chess: the last answer to the move just made, after the killers


def check_test(board: Any) -> Callable[[Any], bool | None]:
    """For the chess core ``board``'s side to move: a test telling whether
    a move gives check straight from its target square, without making it.
    It answers None (make the move to know) for moves that may uncover a
    check or that change what moves: a piece on a line from the enemy king,
    a king, a promotion, an en passant capture."""
    us = board.turn
    bb, occ = board.bb, board.occ
    kings = bb[KING] & occ[1 - us]
    if not kings:
        return lambda move: False
    ksq = kings.bit_length() - 1
    everything = occ[0] | occ[1]
    diagonal, straight = bishop_attacks(ksq, everything), rook_attacks(ksq, everything)
    # The squares from which each kind (pawn .. king) gives check.
    targets = (
        PAWN_ATTACKS[1 - us][ksq],
        KNIGHT_ATT[ksq],
        diagonal,
        straight,
        diagonal | straight,
        0,
    )
    own = occ[us]
    unsure = (diagonal | straight) & own | bb[KING] & own  # may uncover a check
    ep = board.ep
    kind_at = board.kind_at

    def gives_check(move: Any) -> bool | None:
        frm_bit = 1 << move.frm
        if frm_bit & unsure or move.promotion:
            return None
        kind = kind_at(frm_bit)
        if kind == PAWN and move.to == ep:
            return None
        return bool(targets[kind] >> move.to & 1)

    return gives_check


def see(board: Any, frm: int, to: int) -> float:
    """The static exchange of the capture ``frm`` -> ``to`` on the chess
    core ``board`` (its side to move captures): the material it wins when
    both sides go on taking on ``to`` with their cheapest attacker while it
    pays, x-rays included (pins and checks are not looked at). 0 for a
    move onto an empty square."""
    bb, occ = board.bb, board.occ
    bit = 1 << to
    victim = -1
    for kind in range(6):
        if bb[kind] & bit:
            victim = kind
            break
    if victim < 0:
        return 0.0
    attacker = -1
    fbit = 1 << frm
    for kind in range(6):
        if bb[kind] & fbit:
            attacker = kind
            break
    side = 1 if occ[0] & fbit else 0  # the side to answer
    occupied = (occ[0] | occ[1]) ^ fbit
    gains = [SEE_VALUES[victim]]
    on_square = SEE_VALUES[attacker]
    attackers = board.attackers
    while True:
        found = attackers(side, to, occupied) & occupied
        if not found:
            break
        for kind in range(6):
            pick = bb[kind] & found
            if pick:
                break
        gains.append(on_square - gains[-1])
        if max(-gains[-2], gains[-1]) < 0:
            break  # neither side wants to go on
        on_square = SEE_VALUES[kind]
        occupied ^= pick & -pick
        side ^= 1
        if kind == KING:
            # A king may take only where nothing defends: any answer ends it.
            if attackers(side, to, occupied) & occupied:
                gains.pop()
            break
    for i in range(len(gains) - 1, 0, -1):
        gains[i - 1] = -max(-gains[i - 1], gains[i])
    return gains[0]


class Ordering:
    def _killer(self, ply: int, action: Hashable, depth: int = 1) -> None:
        self.history[action] = self.history.get(action, 0) + depth * depth
        slot = self.killers.setdefault(ply, [])
        if action in slot:
            return
        slot.insert(0, action)
        del slot[2:]

    def _is_movelike(self, actions: Sequence[Any]) -> bool:
        a = actions[0]
        return hasattr(a, "frm") and hasattr(a, "to")

    @staticmethod
    def _gain(board: dict, a: Any, actor: int) -> tuple[float, float]:
        """(material won, MVV-LVA key) of an action; (0, 0) for quiet ones.
        ``board`` is the state's ``pieces()``."""
        gain = key = 0.0
        victim = board.get(a.to)
        if victim is not None and victim[0] != actor:
            gain = PIECE_VALUES.get(victim[1], 3.0)
            attacker = board.get(a.frm)
            av = PIECE_VALUES.get(attacker[1], 3.0) if attacker is not None else 0.0
            key = 10.0 * gain + 10.0 - av
        promo = getattr(a, "promotion", None)
        if promo:
            extra = PIECE_VALUES.get(promo, 3.0) - 1.0
            gain += extra
            key += 10.0 * extra
        return gain, key

    def _order(self, state: Any, actions: list, actor: int, ply: int, first: Any = None) -> list:
        """Best first: the table's action, captures and promotions by MVV-LVA,
        the killers, then quiet actions by their history."""
        if not self._pieces or not actions or not self._is_movelike(actions):
            self._loud = len(actions)  # nothing known about them: none is reduced
            killers = self.killers.get(ply)
            if killers:
                front = [a for a in killers if a in actions]
                actions = front + [a for a in actions if a not in front]
            return _first(actions, first)
        if self._see:
            return self._order_chess(state, actions, actor, ply, first)
        board = state.pieces()
        get = board.get
        killers = self.killers.get(ply, ())
        history = self.history
        gain = self._gain
        weigh = self._see
        keyed = []
        for a in actions:
            victim = get(a.to)
            if victim is not None and victim[0] != actor or getattr(a, "promotion", None):
                g, k = gain(board, a, actor)
                if weigh and victim is not None and _dearer(get(a.frm), g):
                    # A dearer piece takes: does the exchange lose?
                    if see(state, a.frm, a.to) < 0.0:
                        k = LOSING_CAPTURE_KEY
            elif a in killers:
                k = 1.0
            else:
                h = history.get(a)
                k = h / (h + 100.0) if h else 0.0  # below 1: after killers
            keyed.append((k, a))
        return self._sorted(keyed, first)

    def _sorted(self, keyed: list, first: Any) -> list:
        """The actions by their keys, best first (``first`` before all),
        counting the loud ones (keys of 1 and above) for the reductions."""
        keyed.sort(key=_by_key)
        loud = 0
        for k, _ in keyed:
            if k < 1.0:
                break
            loud += 1
        self._loud = loud + (first is not None)
        return _first([a for _, a in keyed], first)

    def _order_chess(self, state: Any, actions: list, actor: int, ply: int, first: Any) -> list:
        """``_order`` on the orthodox chess core, read off the bitboards
        (the same keys, so the same order)."""
        bb, enemy = state.bb, state.occ[1 - actor]
        killers = self.killers.get(ply, ())
        history = self.history
        counter = self.counters.get(state.last_move)
        keyed = []
        for a in actions:
            to_bit = 1 << a.to
            promo = a.promotion
            if enemy & to_bit or promo:
                g, k, dearer = _chess_gain(bb, a, to_bit, enemy, promo)
                if dearer and see(state, a.frm, a.to) < 0.0:
                    k = LOSING_CAPTURE_KEY  # a dearer piece takes and the exchange loses
            elif a in killers:
                k = 1.0
            elif a == counter:
                k = COUNTER_KEY
            else:
                h = history.get(a)
                k = h / (h + 100.0) if h else 0.0  # below 1: after killers
            keyed.append((k, a))
        return self._sorted(keyed, first)

    def _captures(self, board: dict | None, actions, actor: int, state=None) -> list:
        """Captures and promotions, best MVV-LVA first, with their gain
        (``actions`` None: the state's ``noisy_actions``; ``board`` the
        state's ``pieces()``, None on the orthodox chess core)."""
        if actions is None:
            actions = state.noisy_moves() if self._core else state.noisy_actions(actor)
            if actions is None:
                actions = state.legal_actions(actor)
        if not actions or not self._is_movelike(actions):
            return []
        if board is None:
            return self._captures_chess(state, actions, actor)
        keyed = []
        gain = self._gain
        get = board.get
        # On the orthodox chess core: a piece taking a cheaper one loses
        # material when the exchange on the square goes against it;
        # quiescence leaves such captures out.
        weigh = self._see
        for a in actions:
            victim = get(a.to)
            if victim is not None and victim[0] != actor or getattr(a, "promotion", None):
                g, k = gain(board, a, actor)
                if k > 0.0:
                    if weigh and victim is not None and _dearer(get(a.frm), g):
                        if see(state, a.frm, a.to) < 0.0:
                            continue
                    keyed.append((k, g, a))
        keyed.sort(key=_by_key)
        return [(g, a) for _, g, a in keyed]

    def _captures_chess(self, state: Any, actions: list, actor: int) -> list:
        """``_captures`` on the orthodox chess core, read off the bitboards."""
        return [
            (g, a)
            for _, g, dearer, a in keyed_captures(state, actions, actor)
            if not dearer or see(state, a.frm, a.to) >= 0.0
        ]


def keyed_captures(state: Any, actions: list, actor: int) -> list:
    """The captures and promotions among ``actions`` on the orthodox chess
    core as (MVV-LVA key, material won, whether a dearer piece takes, move),
    best key first; the static exchange of a dearer piece's capture is left
    to the caller (quiescence works it out only for the captures it tries)."""
    bb, enemy = state.bb, state.occ[1 - actor]
    keyed = []
    for a in actions:
        to_bit = 1 << a.to
        promo = a.promotion
        if enemy & to_bit or promo:
            g, k, dearer = _chess_gain(bb, a, to_bit, enemy, promo)
            if k > 0.0:
                keyed.append((k, g, dearer, a))
    keyed.sort(key=_by_key)
    return keyed


#: ``PIECE_VALUES`` by the chess core's kind index (pawn .. king).
KIND_VALUES = tuple(PIECE_VALUES[name] for name in KIND_NAMES)


def _chess_gain(bb: list, a: Any, to_bit: int, enemy: int, promo: Any) -> tuple:
    """(material won, MVV-LVA key, whether a dearer piece takes) of a capture
    or promotion on the chess core: ``Ordering._gain`` off the bitboards."""
    gain = key = 0.0
    dearer = False
    if enemy & to_bit:
        for kind in range(6):
            if bb[kind] & to_bit:
                break
        gain = KIND_VALUES[kind]
        frm_bit = 1 << a.frm
        for mover in range(6):
            if bb[mover] & frm_bit:
                break
        worth = KIND_VALUES[mover]
        key = 10.0 * gain + 10.0 - worth
        dearer = worth > gain + 0.5
    if promo:
        extra = PIECE_VALUES.get(promo, 3.0) - 1.0
        gain += extra
        key += 10.0 * extra
    return gain, key, dearer


def _dearer(mover: Any, gain: float) -> bool:
    """Is ``mover`` (a piece) worth clearly more than the ``gain`` it takes?"""
    return mover is not None and PIECE_VALUES.get(mover[1], 3.0) > gain + 0.5


def _by_key(item: tuple) -> float:
    return -item[0]


def _first(actions: list, first: Any) -> list:
    """``actions`` with ``first`` (the table's best action) moved to the front."""
    if first is None or not actions or actions[0] == first:
        return actions
    try:
        i = actions.index(first)
    except ValueError:
        return actions
    return [first, *actions[:i], *actions[i + 1 :]]
