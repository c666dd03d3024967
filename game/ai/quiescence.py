"""Quiescence for game/ai/search.py: the leaves searched on until quiet.

Captures and promotions only (a state's ``noisy_actions`` lists them), a
stand-pat on the static evaluation, delta pruning by
``evaluate.PIECE_VALUES`` and, on the orthodox chess core, no capture that
loses material by the static exchange (``ordering.see``). A game whose
loud actions are not captures lists its own: its evaluation may declare
``loud_actions(state, seat)`` (``evaluate.declare``), the actions that change the score at
once, best first, each with an upper estimate of its gain in the
evaluation's units (``[(gain, action), ...]``; Tulaga: the placements that
complete a Tulaga, then the rank stone and the reap); quiescence searches
those instead. A mixin of ``Search``: it uses the search's ``_tick``,
``_terminal``, ``_static``, ``_captures``, ``_evaluate`` and fields.
"""

from __future__ import annotations

from typing import Any

from game.ai.chess_shortcuts import sums_after
from game.ai.evaluate import traits_of
from game.ai.ordering import keyed_captures, see

QUIESCENCE_DEPTH = 6  # capture plies after the nominal depth
DELTA_MARGIN = 2.0  # quiescence skips captures that cannot come this close to alpha


class Quiescence:
    _own_loud: Any = None  # the evaluation's ``loud_actions`` (False: none), learnt at first use

    def _quiet_child(self, state, actor, a, alpha, beta, ply: int, qdepth: int) -> float:
        sums = self._sums  # the chess evaluation's running sums, where kept
        if sums is not None:
            sums.append(sums_after(state, a, sums[-1]))
        if self._make:
            state.make({actor: a})
            try:
                return self._quiesce(state, alpha, beta, ply, qdepth)
            finally:
                state.unmake()
                if sums is not None:
                    sums.pop()
        child = state.copy()
        child.apply({actor: a})
        try:
            return self._quiesce(child, alpha, beta, ply, qdepth)
        finally:
            if sums is not None:
                sums.pop()

    def _quiesce(self, state: Any, alpha: float, beta: float, ply: int, qdepth: int) -> float:
        # Called with a state that is not over and has exactly one seat to act
        # (the caller checked), or recursively after a capture.
        if self._core:
            return self._quiesce_core(state, alpha, beta, ply, qdepth)
        if qdepth:
            self._tick()
            result = state.result()
            if result is not None:
                return self._terminal(result, ply)
            acting = state.to_act()
            if len(acting) != 1:
                return self._static(state)
        else:
            acting = state.to_act()
        actor = acting[0]
        own = self._own_loud
        if own is None:
            own = self._own_loud = traits_of(self._evaluate).loud_actions or False
        if self._noisy or own:  # the loud actions are listed: the others need not be
            self._counts.pop(ply, None)
            actions = None
        else:
            actions = state.legal_actions(actor)
            self._counts[ply] = (actor, len(actions))
        stand = self._static(state, ply)
        if qdepth >= QUIESCENCE_DEPTH or not (self._pieces or own):
            return stand
        return self._loud_search(state, actor, stand, alpha, beta, ply, qdepth, actions, own)

    def _quiesce_core(self, state: Any, alpha: float, beta: float, ply: int, qdepth: int) -> float:
        """``_quiesce`` on the orthodox chess core: the end is looked for
        without listing the moves (``result_before_moves``), and mate only
        where the side to move is in check; stalemate beyond that is left to
        the evaluation, as engines do."""
        if qdepth:
            self._tick()
            result = state.result_before_moves()
            if result is not None:
                return self._terminal(result, ply)
        actor = state.turn
        if state.king_attacked(actor) and not state.has_legal_move():
            return self._terminal(state.result(), ply)
        self._counts.pop(ply, None)
        stand = self._static(state, ply, alpha, beta)
        if qdepth >= QUIESCENCE_DEPTH:
            return stand
        return self._loud_search(state, actor, stand, alpha, beta, ply, qdepth)

    def _loud_search(
        self, state, actor, stand, alpha, beta, ply: int, qdepth: int, actions=None, own=None
    ) -> float:
        """A quiescence node after its stand-pat ``stand``: the loud actions
        best first (``actions``, ``own``: as ``_loud_list`` takes them; the
        chess core lists its captures itself), each skipped when even its
        gain cannot reach the window."""
        ours = actor in self.team
        if ours:
            if stand >= beta:
                return stand  # standing pat is already too good: no capture list needed
            if stand > alpha:
                alpha = stand
        else:
            if stand <= alpha:
                return stand
            if stand < beta:
                beta = stand
        if self._core:
            loud = keyed_captures(state, state.noisy_moves(), actor)
        else:
            loud = [(0.0, g, False, a) for g, a in self._loud_list(state, actions, actor, own)]
        # The static exchange is worked out only for the captures tried (not
        # for the ones delta pruning skips or a cutoff spares).
        best = stand
        quiet_child = self._quiet_child
        for _key, gain, dearer, a in loud:
            if ours:
                if stand + gain + DELTA_MARGIN <= alpha:
                    continue  # even winning the piece cannot lift us to alpha
            elif stand - gain - DELTA_MARGIN >= beta:
                continue
            if dearer and see(state, a.frm, a.to) < 0.0:
                continue  # a dearer piece takes and the exchange loses
            v = quiet_child(state, actor, a, alpha, beta, ply + 1, qdepth + 1)
            if ours:
                if v > best:
                    best = v
                    if v > alpha:
                        alpha = v
                        if alpha >= beta:
                            break
            elif v < best:
                best = v
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
        return best

    def _loud_list(self, state: Any, actions, actor: int, own) -> list:
        """(gain, action) pairs to search, best first: the evaluation's own
        ``loud_actions`` where it has them, else the captures."""
        if own:
            return own(state, actor)
        return self._captures(None if self._see else state.pieces(), actions, actor, state)
