"""Move ordering for game/ai/search.py: which actions a node tries first.

The table's action; for ``frm``/``to`` actions on states with ``pieces()``,
captures and promotions by MVV-LVA, the two killers of the ply, quiet
actions by history (cutoffs weighted by depth squared). ``_captures`` lists
the captures and promotions quiescence searches. A mixin of ``Search``.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Any

from game.ai.evaluate import PIECE_VALUES


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
        board = state.pieces()
        get = board.get
        killers = self.killers.get(ply, ())
        history = self.history
        gain = self._gain
        keyed = []
        for a in actions:
            victim = get(a.to)
            if victim is not None and victim[0] != actor or getattr(a, "promotion", None):
                k = gain(board, a, actor)[1]
            elif a in killers:
                k = 1.0
            else:
                h = history.get(a)
                k = h / (h + 100.0) if h else 0.0  # below 1: after killers
            keyed.append((k, a))
        keyed.sort(key=_by_key)
        loud = 0
        for k, _ in keyed:
            if k < 1.0:
                break
            loud += 1
        self._loud = loud + (first is not None)
        return _first([a for _, a in keyed], first)

    def _captures(self, board: dict, actions, actor: int, state=None) -> list[tuple[float, Any]]:
        """Captures and promotions, best MVV-LVA first, with their gain
        (``actions`` None: the state's ``noisy_actions``)."""
        if actions is None:
            actions = state.noisy_actions(actor)
            if actions is None:
                actions = state.legal_actions(actor)
        if not actions or not self._is_movelike(actions):
            return []
        keyed = []
        gain = self._gain
        get = board.get
        # On the orthodox chess core: a piece taking a cheaper one that is
        # defended loses material; quiescence leaves such captures out.
        defended = state.attackers if self._see else None
        for a in actions:
            victim = get(a.to)
            if victim is not None and victim[0] != actor or getattr(a, "promotion", None):
                g, k = gain(board, a, actor)
                if k > 0.0:
                    if defended is not None and victim is not None:
                        mover = get(a.frm)
                        worth = PIECE_VALUES.get(mover[1], 3.0) if mover is not None else 0.0
                        if worth > g + 0.5 and defended(1 - actor, a.to):
                            continue
                    keyed.append((k, g, a))
        keyed.sort(key=_by_key)
        return [(g, a) for _, g, a in keyed]


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
