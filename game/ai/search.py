"""A short game-tree search over the engine protocol.

Alpha-beta over whatever ``to_act()`` says, never assuming that seats take
turns: a node is a max node when the acting seat is on the searching seat's
team (``Game.teams``), a min node otherwise; values are from the searching
seat's side, and with more than two seats the search is "paranoid". Both
kinds of node are written once, as max nodes: a min node turns its window
and its children's scores round (``sign``).

What a state offers is declared (game/engine/protocol.py), never probed.

- Iterative deepening until ``max_depth``, the time budget, the node limit
  or ``should_stop()``; the answer comes from the last completed depth, or
  from the unfinished one once it has searched the last best again. The
  first root action is searched in an aspiration window around its last
  score, the others with a zero window just below the best (again with a
  full one if they may reach it): ties with the best are known exactly and
  one is picked at random, so games vary. With ``Limits.stretch`` above 1
  the time is managed instead (game/ai/pacing.py): a clear choice ends the
  deepening early, a best action that changes or falls earns more time,
  and a depth not expected to finish is not started.
- Two roads visiting the same nodes: a ``searchable`` state (``make(actions)``,
  ``unmake()``) is searched in place, any other copied at each node
  (``fast=False`` forces the copies; tests compare the two).
- A transposition table keyed by a ``searchable`` state's ``key()`` (depth, score with
  its bound, best action; mate scores relative to the position); a bot may
  hand over its table from its last decision in the game (``table=``); it
  is cleared when full.
- Move ordering (game/ai/ordering.py): the table's action; captures and
  promotions by MVV-LVA, the two killers of the ply, quiet actions by
  history (cutoffs weighted by depth squared).
- Principal-variation search with zero windows; late quiet actions searched
  a ply or two shorter first (late move reductions).
- Where the game declares passing sound (``Game.null_move_safe``; its states
  are ``NullMoves``: ``make_null()``, ``null_move_allowed()``): a node in check
  is searched a ply deeper (check extension), null-move
  pruning in zero-window nodes whose static score is past the bound, and
  futility pruning near the leaves (the static score with a margin per ply
  stands for the node, or the quiet actions are skipped), late move
  pruning (at depth 3 or less in zero windows only the first few quiet
  actions and the checks are tried) and deeper late move reductions
  (growing with the logarithms of depth and index, ``_reductions``).
- Quiescence at the leaves (game/ai/quiescence.py): captures and
  promotions only, a stand-pat on the static evaluation, delta pruning.
- On the orthodox chess core (a class that keeps every declared fast path,
  ``ChessState._core``), through one object (game/ai/chess_shortcuts.py):
  the end is looked for before the moves are listed without looking for
  mate and stalemate (``result_before_moves``; the empty move list shows
  them, and quiescence looks for mate only in check); the chess evaluation
  is called straight and lazily (material and tables alone, kept up to
  date move by move by the search, where they lie far outside the
  window); counter-moves in the ordering; a new depth always starts while
  time is left.
- Simultaneous decisions (game/ai/simultaneous.py): at the root against one rival, each side's few
  most promising actions are searched against each other and the mixed
  equilibrium of that matrix game is played (game/ai/matrix.py); with more
  seats, an average over random joint actions. Inside the tree a
  simultaneous node draws one random joint action for the others.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Hashable
from typing import Any

from game.ai.chess_shortcuts import ChessShortcuts, sums_after
from game.ai.evaluate import WIN, Evaluator, evaluator_for, team_of, terminal_value, traits_of
from game.ai.ordering import Ordering, check_test
from game.ai.pacing import EASY_GAP, Pace
from game.ai.quiescence import Quiescence
from game.ai.search_result import Abort, Limits, Result
from game.ai.search_result import OutOfNodes as OutOfNodes  # raised by action_value
from game.ai.simultaneous import Simultaneous
from game.ai.ties import preferred
from game.engine.chess.state import ChessState
from game.engine.deadline import current

INF = math.inf
TIE = 1e-6  # scores this close count as equal at the root
ROOT_WINDOW = 1e-3  # root children are searched with alpha = best - this
CHECK_EVERY = 16  # nodes between node-limit / stop checks (the clock is read at every node)
TABLE_SIZE = 200_000  # transposition table entries kept before it starts afresh
NULL_WINDOW = 1e-4  # the width of a zero window (scores this close count as equal)
ASPIRATION = 0.35  # pawns either side of the last depth's score for the first root action
NULL_MIN_DEPTH = 3  # null-move pruning from this remaining depth
NULL_REDUCTION = 2  # plies a null move's search is shorter (one more from depth 6)
FUTILITY_DEPTH = 2  # futility pruning (where null moves are allowed) up to this depth
FUTILITY_MARGIN = 1.2  # pawns per ply of depth left
LMR_MIN_DEPTH = 3  # late move reductions from this remaining depth
LMR_FROM = 3  # quiet actions from this index on (after the loud ones) are reduced
LMR_ROWS, LMR_COLUMNS = 32, 64  # the reduction tables' sizes (depth, action index)
LMP_DEPTH = 3  # late move pruning (where null moves are allowed) up to this depth
LMP_COUNT = (0, 5, 8, 13)  # quiet actions tried per remaining depth before the rest are pruned
NEXT_DEPTH_SHARE = 0.6  # a new depth starts while less than this share of the time is spent
MATE_ZONE = WIN - 1000  # scores beyond this are wins or losses by the ply
REFUTED = 1.0  # pawns the last best may fall in an unfinished depth before the others compete again
EXACT, LOWER, UPPER = 0, 1, 2  # what a table score is: the value, or a bound on it


def _reductions(pv: bool = False) -> tuple[tuple[int, ...], ...]:
    """Plies a late quiet action is reduced where null moves are sound, by
    remaining depth and index: growing with the logarithms of both (a ply
    less in a principal-variation node), at least one, never into the
    quiescence."""
    rows = []
    for depth in range(LMR_ROWS):
        row = []
        for i in range(LMR_COLUMNS):
            if depth < 1 or i < 1:
                r = 1
            else:
                r = int(0.75 + math.log(depth) * math.log(i) / 2.25) - (1 if pv else 0)
                r = max(1, min(r, depth - 2))
            row.append(r)
        rows.append(tuple(row))
    return tuple(rows)


_LMR = _reductions()
_LMR_PV = _reductions(pv=True)


class Search(Ordering, Quiescence, Simultaneous):
    """One search for ``seat``; make a new one per decision."""

    def __init__(
        self,
        seat: int,
        limits: Limits | None = None,
        rng: random.Random | None = None,
        evaluate: Evaluator | None = None,
        should_stop: Callable[[], bool] | None = None,
        fast: bool = True,
        table: dict | None = None,
        clock: Callable[[], float] | None = None,
    ):
        self.seat = seat
        # A search begun within a bot's decision (a game's own decide that
        # ranks its moves by searching) keeps that decision's deadline, its
        # clock (a deadline read on another clock is long past or far off)
        # and stop request (game/engine/deadline.py); ``run`` sets its own.
        within = current()
        # Seconds; tests inject a fake clock, benchmarks the CPU's.
        self.clock = clock if clock is not None else within.clock
        self.fast = fast
        self.limits = limits or Limits()
        self.rng = rng or random.Random()
        self._evaluate: Any = evaluate  # _prepare fills it in if None
        self.should_stop = should_stop if should_stop is not None else within.should_stop
        self.nodes = 0
        self.deadline = within.at
        self.team: tuple[int, ...] = (seat,)
        self.killers: dict[int, list[Hashable]] = {}
        self.history: dict[Hashable, int] = {}  # action -> cutoffs weighted by depth^2
        self.counters: dict[Hashable, Hashable] = {}  # chess: a move -> the answer that refuted it
        self.trace: list[tuple[int, int, int]] = []  # (depth, root action index, nodes so far)
        self.cut = False  # the search ran out inside _aspire's re-search (it ends there)
        self.pace: Pace | None = None  # the managed time's rule, when Limits.stretch > 1
        self.cutoffs = [0, 0]  # beta cutoffs by a later action, by the first (ordering's yardstick)
        self._counts: dict[int, tuple[int, int]] = {}  # ply -> (actor, legal count)
        self._takes_mobility = False
        # key -> (depth, score, bound, action); a bot may hand over its table
        # from the last decision of the same seat in the same game.
        self.table: dict[Hashable, tuple] = {} if table is None else table
        self._checks = False  # the state tells check: in-check nodes are extended
        self._see = False  # the orthodox chess core: defended pieces are seen
        self._null = False  # null moves may be tried (the game says passing is sound)
        self._loud = 0  # leading actions of the last ordering that are not quiet
        self._extend_limit = 0  # no check extension beyond this ply
        self._make = False
        self._chess: ChessShortcuts | None = None  # the orthodox chess core's shortcuts
        self._core = False  # ... there are some: the quiescence and the ordering have theirs too
        self._board_eval = False  # the chess core's evaluation, called straight
        self._sums: list | None = None  # ... with its running sums kept
        self._keyed = False
        self._noisy = False
        self._by_turns = False  # a seat's further decisions in its turn cost no depth
        self._prepared = False  # _prepare has learnt what the states offer

    # -- entry point ----------------------------------------------------------
    def run(self, state: Any, deadline: float | None = None) -> Result:
        """Search ``state`` (a full state, not a view) for ``self.seat``."""
        start = self.clock()
        budget = min(self.limits.time_limit, self.limits.time_cap)
        self._prepare(state, deadline if deadline is not None else start + budget)

        acting = state.to_act()
        if self.seat not in acting:
            raise ValueError(f"seat {self.seat} is not to act here")
        actions = list(state.legal_actions(self.seat))
        if not actions:
            raise ValueError(f"seat {self.seat} has no legal action")
        if len(actions) == 1:
            return Result(actions[0], 0.0, 0, 0, 0.0, {actions[0]: 0.0})
        self.rng.shuffle(actions)
        self._counts[0] = (self.seat, len(actions))
        if len(acting) > 1:
            return self._run_simultaneous(state, actions, acting, start)
        actions = self._order(state, actions, self.seat, 0)
        pace = None  # a caller's own deadline is kept as it is
        if self.limits.stretch > 1 and deadline is None:
            pace = Pace(budget, min(budget * self.limits.stretch, self.limits.time_cap))
            self.deadline = start + pace.allowance()
        self.pace = pace

        completed: dict | None = None
        completed_depth = 0
        partial: dict = {}
        child = self._child
        try:
            for depth in range(1, max(1, self.limits.max_depth) + 1):
                self._extend_limit = 2 * depth + 2
                partial = {}
                best = -INF
                for i, a in enumerate(actions):
                    if i == 0:
                        v = self._aspire(state, a, depth, completed)
                        if pace is not None and completed is not None:
                            pace.first_fell(completed[a] - v)  # a falling best: think longer
                            self.deadline = start + pace.allowance()
                    else:
                        # A zero window just below the best: only an action
                        # that may tie or beat it is searched exactly.
                        alpha = best - ROOT_WINDOW
                        v = child(state, self.seat, a, depth - 1, alpha, alpha + NULL_WINDOW, 1)
                        if v > alpha:
                            v = child(state, self.seat, a, depth - 1, alpha, INF, 1)
                    partial[a] = v
                    self.trace.append((depth, i, self.nodes))
                    if self.cut:
                        raise Abort
                    if v > best:
                        if pace is not None and i > 0 and completed is not None:
                            pace.root_changed()  # the last best is beaten: think longer
                            self.deadline = start + pace.allowance()
                        best = v
                completed, completed_depth = partial, depth
                # Best first for the next depth; ties keep their random order.
                actions.sort(key=lambda a: -completed[a])
                if best >= WIN - 1000 or best <= -WIN + 1000:
                    break  # a forced result is known; deeper adds nothing
                if self._stops_after(state, actions, depth, completed, pace, start):
                    break
        except Abort:
            pass
        scores = completed if completed is not None else partial
        if completed is not None and actions[0] in partial:
            # Only where the score is in pawns (the chess core): elsewhere a
            # pawn's fall says nothing (Tulaga's score swings more from depth
            # to depth, and the rule made Hard pass up its rank stone).
            refuted = REFUTED if isinstance(state, ChessState) else INF
            scores = _merge(partial, completed, refuted)
        if not scores:
            choice = actions[0]
            return Result(choice, 0.0, 0, self.nodes, self.clock() - start, {})
        return self._pick(scores, completed_depth, start)

    def _stops_after(self, state, actions: list, depth: int, scores: dict, pace, start) -> bool:
        """Does the deepening stop after ``depth`` (``actions`` best first)?
        With a fixed budget, when the next depth would hardly get anywhere;
        with managed time (``pace``), when the choice is clear or the next
        depth is not expected to finish within the allowance."""
        if pace is None:
            chess = self._chess
            share = chess.next_depth_share if chess is not None else NEXT_DEPTH_SHARE
            return self.clock() - start > share * (self.deadline - start)
        pace.depth_done(actions[0], scores[actions[0]], self.nodes)
        if self._easy(state, actions, depth, scores, pace):
            return True
        self.deadline = start + pace.allowance()
        return not pace.go_on(self.clock() - start, self.nodes)

    def _easy(self, state: Any, actions: list, depth: int, scores: dict, pace: Pace) -> bool:
        """Is the choice after ``depth`` (``actions`` best first) clear
        enough to stop? Only one root action is not lost (the others' scores,
        upper bounds from zero windows, are lost), or the best one kept its
        place and a zero-window search two plies shorter proves that every
        other trails it by ``EASY_GAP`` (the bounds cannot tell: they lie
        just below the best). Tried once a search: a fail high ends it soon."""
        best = scores[actions[0]]
        others = [scores[a] for a in actions[1:]]
        if best > -MATE_ZONE and max(others) <= -MATE_ZONE:
            return True  # the one answer that is not lost
        if not pace.gap_worth_proving(depth):
            return False
        pace.gap_tried = True
        return self._clearly_best(state, actions[1:], depth - 3, best - EASY_GAP)

    def _clearly_best(self, state: Any, others: list, depth: int, floor: float) -> bool:
        """Does each of ``others``, searched ``depth`` plies beyond it, stay
        below ``floor``? A zero window: each fails low or one fails high."""
        for a in others:
            if self._child(state, self.seat, a, depth, floor - NULL_WINDOW, floor, 1) >= floor:
                return False
        return True

    def _aspire(self, state: Any, a: Any, depth: int, last: dict | None) -> float:
        """The first root action's score: in a window around its last score,
        again with no window if it falls outside."""
        if last is None or a not in last or abs(last[a]) >= MATE_ZONE:
            return self._child(state, self.seat, a, depth - 1, -INF, INF, 1)
        low, high = last[a] - ASPIRATION, last[a] + ASPIRATION
        v = self._child(state, self.seat, a, depth - 1, low, high, 1)
        if low < v < high:
            return v
        try:
            return self._child(state, self.seat, a, depth - 1, -INF, INF, 1)
        except Abort:
            if v > low:
                raise
            # Out of time with the last best failing low: its bound ``v``
            # stands for it (``_merge`` lets the others compete again), and
            # the depth ends here (``cut``), as it would have at the abort.
            self.cut = True
            return v

    def _prepare(self, state: Any, deadline: float) -> None:
        """Learn what the state offers (make/unmake, keys, capture lists)."""
        self.deadline = deadline
        self.team = team_of(state, self.seat)
        evaluate = self._evaluate or evaluator_for(state)
        self._evaluate = evaluate
        traits = traits_of(evaluate)
        self._takes_mobility = traits.takes_mobility
        if self._takes_mobility and traits.wants_mobility is not None:
            self._takes_mobility = bool(traits.wants_mobility(state))
        # What the state declares (protocol.py: ``has_pieces``, ``searchable``,
        # ``noisy_actions``; the game's ``null_move_safe``, ``depth_by_turns``).
        game = state.game
        self._pieces = state.has_pieces
        self._make = self.fast and state.searchable
        self._keyed = state.searchable
        self._noisy = state.noisy_actions(self.seat) is not None
        self._see = self._noisy and isinstance(state, ChessState)
        chess = (
            ChessShortcuts(state, self.seat, evaluate)
            if self._see and ChessShortcuts.serves(state)
            else None
        )
        self._chess, self._core = chess, chess is not None
        self._board_eval = chess is not None and chess.board_eval
        # The evaluation's running sums, one per move on the path (chess_shortcuts.py).
        self._sums = chess.sums if chess is not None and self._board_eval else None
        # Null moves, and check extension too, only where turns are plain (the
        # checked side answers at once; in games of several steps a turn is
        # not a reply): the states are then ``NullMoves``.
        self._null = self._checks = game.null_move_safe
        # Depth in whole turns where a turn is several decisions of one seat.
        self._by_turns = game.depth_by_turns
        self._prepared = True

    def leaf_value(self, state: Any) -> float:
        """``state`` judged as this search judges its leaves, from
        ``self.seat``'s side: the static evaluation once the captures in
        reach have played out (quiescence, at most ``node_limit`` nodes).
        For searches of another kind (ISMCTS) to call on full states."""
        if not self._prepared:
            self._prepare(state, self.deadline)  # a decision's, or the one ISMCTS set
        elif self._chess is not None and self._sums is not None:
            self._chess.restart(state)
        result = state.result()
        if result is not None:
            return self._terminal(result, 0)
        if len(state.to_act()) != 1 or not self.limits.quiescence:
            return self._static(state)
        self.nodes = 0
        try:
            return self._quiesce(state, -INF, INF, 0, 0)
        except Abort:
            return self._static(state)

    def action_value(self, state: Any, action: Any, depth: int, low: float = -INF) -> float:
        """The value for ``self.seat`` of playing ``action`` (its own) in
        ``state``, searched ``depth`` plies beyond it: exact above ``low``,
        at most ``low`` below it. For a caller that ranks the root moves
        itself (Telepathic); raises OutOfNodes once ``node_limit`` nodes
        are spent over all calls."""
        if not self._prepared:
            self._prepare(state, self.deadline)
        return self._child(state, self.seat, action, depth, low, INF, 1)

    def _pick(self, scores: dict, depth: int, start: float) -> Result:
        best = max(scores.values())
        tied = preferred([a for a, v in scores.items() if v >= best - TIE])
        choice = self.rng.choice(tied)
        return Result(choice, best, depth, self.nodes, self.clock() - start, scores)

    # -- the tree ---------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        # The clock at every node: on a busy machine one node can take a
        # tenth of a second on the wall, and a look every few let a decision
        # run late. The node limit keeps its cadence (the same nodes as ever).
        if self.clock() >= self.deadline:
            raise Abort
        if self.nodes % CHECK_EVERY == 0 and (
            self.nodes >= self.limits.node_limit
            or (self.should_stop is not None and self.should_stop())
        ):
            raise Abort

    def _terminal(self, result, ply: int) -> float:
        v = terminal_value(result, self.seat, self.team)
        if v >= WIN:
            return v - ply  # a quicker win is better
        if v <= -WIN:
            return v + ply  # a later loss is better
        return v

    def _static(
        self, state: Any, ply: int | None = None, low: float = -INF, high: float = INF
    ) -> float:
        """The static score from the searching seat's side; on the chess core
        lazy outside (``low``, ``high``): only what decides against the window."""
        if self._board_eval:  # the chess core's knowledge, the end already looked at
            return self._chess.static(state, low, high)  # type: ignore[union-attr]
        if self._takes_mobility:
            return self._evaluate(state, self.seat, self._mobility(ply))
        return self._evaluate(state, self.seat)

    def _mobility(self, ply: int | None) -> dict | None:
        """Legal action counts per seat, as last seen on the path to ``ply``:
        the actor's own count here and each other seat's at its latest node
        above (one ply stale, but free: the search generated them anyway)."""
        if ply is None:
            return None
        counts = self._counts
        found = {}
        for p in range(ply, -1, -1):
            entry = counts.get(p)
            if entry is not None and entry[0] not in found:
                found[entry[0]] = entry[1]
        return found

    def _child(
        self, state: Any, actor: int, a: Any, depth: int, alpha, beta, ply: int, sign: float = 1.0
    ) -> float:
        """The score of ``state`` after ``actor`` plays ``a``, searched to
        ``depth``. With ``sign`` -1 the window and the score are turned round
        (a node of the other side searched as a max node)."""
        if sign < 0:
            alpha, beta = -beta, -alpha
        sums = self._sums
        if sums is not None:
            sums.append(sums_after(state, a, sums[-1]))
        if self._make:
            state.make({actor: a})
            try:
                if self._by_turns and state.to_act() == (actor,):
                    depth += 1  # the same seat goes on with its turn: depth counts turns
                return sign * self._search(state, depth, alpha, beta, ply)
            finally:
                state.unmake()
                if sums is not None:
                    sums.pop()
        child = state.copy()
        child.apply({actor: a})
        if self._by_turns and child.to_act() == (actor,):
            depth += 1
        try:
            return sign * self._search(child, depth, alpha, beta, ply)
        finally:
            if sums is not None:
                sums.pop()

    def _null_child(self, state: Any, depth: int, alpha, beta, ply: int, sign: float) -> float:
        """The score of ``state`` after its side to move passes (a null move),
        searched to ``depth`` (turned round as in ``_child``); no second null
        move straight after."""
        if sign < 0:
            alpha, beta = -beta, -alpha
        child = state if self._make else state.copy()
        child.make_null()
        try:
            return sign * self._search(child, depth, alpha, beta, ply, False)
        finally:
            child.unmake()

    def _search(
        self, state: Any, depth: int, alpha: float, beta: float, ply: int, allow_null: bool = True
    ) -> float:
        """The score of ``state`` from the searching seat's side, within
        (``alpha``, ``beta``). Both sides' nodes are searched as max nodes:
        ``sign`` turns the scores and the window round for the other side."""
        self._tick()
        chess = self._chess
        if chess is not None:  # mate and stalemate show in the move list below
            result = chess.end(state)
            if result is not None:
                return self._terminal(result, ply)
            actor = state.turn
        else:
            result = state.result()
            if result is not None:
                return self._terminal(result, ply)
            acting = state.to_act()
            if len(acting) != 1:
                return self._simultaneous_node(state, acting, depth, alpha, beta, ply)
            actor = acting[0]
        in_check = self._checks and state.in_check()
        if in_check and ply < self._extend_limit:
            depth += 1  # a check is searched a ply further: it is forcing
        if depth <= 0:
            if self.limits.quiescence:
                return self._quiesce(state, alpha, beta, ply, 0)
            return self._static(state)
        key = first = None
        if self._keyed:
            key = hash(state.key())  # an int keeps the table small; clashes are negligible
            entry = self.table.get(key)
            if entry is not None:
                first = entry[3]
                if entry[0] >= depth:
                    v = _from_table(entry[1], ply)
                    bound = entry[2]
                    if bound == EXACT or (v >= beta if bound == LOWER else v <= alpha):
                        return v
        sign = 1.0 if actor in self.team else -1.0  # the actor's way round
        futile = False  # quiet actions here cannot lift the score to the bound
        if self._null and not in_check and beta - alpha <= 2 * NULL_WINDOW:
            cut, futile = self._prune(state, depth, alpha, beta, ply, sign, allow_null)
            if cut is not None:
                return cut
        actions = chess.moves(state) if chess is not None else state.legal_actions(actor)
        if not actions:
            return self._terminal(state.result(), ply) if chess is not None else self._static(state)
        self._counts[ply] = (actor, len(actions))
        actions = self._order(state, actions, actor, ply, first)
        best, chosen = self._best_of(
            state, actor, actions, depth, alpha, beta, ply, sign, in_check, futile
        )
        if key is not None:
            self._store(key, depth, best, alpha, beta, ply, chosen)
        return best

    def _prune(
        self, state: Any, depth: int, alpha, beta, ply: int, sign: float, allow_null: bool
    ) -> tuple[float | None, bool]:
        """Before the actions of a zero-window node, where null moves are
        sound and the actor is not in check: the score to return at once
        (or None), and whether the quiet actions are futile."""
        futile = False
        if depth <= FUTILITY_DEPTH and -MATE_ZONE < alpha < MATE_ZONE:
            # Near the leaves, far past the bound: take the static score
            # (less a margin) for the node, or skip the quiet actions.
            margin = FUTILITY_MARGIN * depth
            stand = sign * self._static(state, ply, alpha - margin, beta + margin)
            if stand - margin >= (beta if sign > 0 else -alpha):
                return sign * (stand - margin), False
            futile = stand + margin <= (alpha if sign > 0 else -beta)
        if allow_null and depth >= NULL_MIN_DEPTH and state.null_move_allowed():
            # Passing and still holding the bound: a real move would too.
            cut = self._null_prune(state, depth, alpha, beta, ply, sign)
            if cut is not None:
                return cut, futile
        return None, futile

    def _best_of(
        self, state, actor: int, actions, depth: int, alpha, beta, ply: int, sign, in_check, futile
    ) -> tuple[float, Any]:
        """The best score of ``actions`` (searched in this order) from the
        searching seat's side, and the action that scored it. Written for
        the actor's side: ``sign`` turns the window and the scores round."""
        zero = beta - alpha <= 2 * NULL_WINDOW  # a zero-window search
        # Late quiet actions are searched shallower first (late move reductions).
        late = max(self._loud, LMR_FROM) if depth >= LMR_MIN_DEPTH and not in_check else INF
        last = max(self._loud, 1) if futile else INF  # the quiet ones start here
        if self._null and depth <= LMP_DEPTH and zero and not in_check and -MATE_ZONE < alpha:
            # Late move pruning: near the leaves, after the loud actions and
            # the first few quiet ones, only checks are still tried.
            last = min(last, max(self._loud, LMP_COUNT[depth]))
        # Plies each late action is reduced, by its index (None: one ply,
        # two from depth 6 for the second half).
        row = (_LMR if zero else _LMR_PV)[min(depth, LMR_ROWS - 1)] if self._null else None
        lo, hi = (alpha, beta) if sign > 0 else (-beta, -alpha)  # the window, the actor's way
        child = self._child
        chosen = test = None
        best = -INF
        for i, a in enumerate(actions):
            if i >= last:
                if test is None and self._see:
                    test = check_test(state)
                if not self._gives_check(state, actor, a, test):
                    continue
            if i == 0 or lo == -INF:
                v = child(state, actor, a, depth - 1, lo, hi, ply + 1, sign)
            else:
                r = _reduction(i, late, row, depth)
                v = child(state, actor, a, depth - 1 - r, lo, lo + NULL_WINDOW, ply + 1, sign)
                if v > lo and (r or v < hi):
                    v = child(state, actor, a, depth - 1, lo, hi, ply + 1, sign)
            if v > best:
                best, chosen = v, a
                if v > lo:
                    lo = v
                    if lo >= hi:
                        self._killer(ply, a, depth)
                        self.cutoffs[i == 0] += 1
                        if self._see:  # the answer to the move that led here
                            self.counters[state.last_move] = a
                        break
        return sign * best, chosen  # the searching seat's way again

    def _store(self, key: int, depth: int, best: float, alpha, beta, ply: int, chosen) -> None:
        """Keep a node's score in the table, with what it is: exact, or a
        bound where it fell outside its window (``alpha``, ``beta``)."""
        if best <= alpha:
            bound = UPPER
        elif best >= beta:
            bound = LOWER
        else:
            bound = EXACT
        table = self.table
        if len(table) >= TABLE_SIZE:
            table.clear()
        table[key] = (depth, _to_table(best, ply), bound, chosen)

    def _gives_check(self, state: Any, actor: int, a: Any, test=None) -> bool:
        """Does ``a`` give check? ``test`` (``ordering.check_test``) knows most
        moves on the orthodox chess core without making them."""
        if test is not None:
            known = test(a)
            if known is not None:
                return known
        if not self._make:
            child = state.copy()
            child.apply({actor: a})
            return child.in_check()
        state.make({actor: a})
        check = state.in_check()
        state.unmake()
        return check

    def _null_prune(self, state, depth: int, alpha, beta, ply: int, sign: float) -> float | None:
        """The bound to return if the side to move, passing, still reaches it
        (searched ``NULL_REDUCTION`` plies shorter), else None. Turned round
        by ``sign`` as in ``_search``."""
        reduce = NULL_REDUCTION + (1 if depth >= 6 else 0)
        hi = beta if sign > 0 else -alpha
        if sign * self._static(state, ply, alpha, beta) < hi:
            return None
        v = self._null_child(state, depth - 1 - reduce, hi - NULL_WINDOW, hi, ply + 1, sign)
        if v >= hi:
            return sign * (hi if v >= MATE_ZONE else v)
        return None


def _reduction(i: int, late: float, row, depth: int) -> int:
    """Plies the ``i``-th action's first, zero-window search is shortened:
    none before ``late``; the chess table's ``row`` where there is one."""
    if i < late:
        return 0
    if row is not None:
        return row[i] if i < LMR_COLUMNS else row[-1]
    return 2 if depth >= 6 and i >= 2 * late else 1


def _merge(partial: dict, completed: dict, refuted: float = REFUTED) -> dict:
    """An unfinished depth's scores (its first action, the last best, done);
    the actions it did not reach keep their last scores, below its best,
    unless the deeper look refuted that best (it fell by more than
    ``refuted``, say a piece left en prise): then they keep their last
    scores as they are, and one of them is played instead of the move just
    found to lose."""
    first = next(iter(partial))
    if completed.get(first, -INF) - partial[first] > refuted:
        scores = dict(completed)
    else:
        top = max(partial.values()) - 2 * ROOT_WINDOW
        scores = {a: min(v, top) for a, v in completed.items()}
    scores.update(partial)
    return scores


def _to_table(v: float, ply: int) -> float:
    """A score as the table keeps it: a win or loss counted from the position."""
    if v >= MATE_ZONE:
        return v + ply
    if v <= -MATE_ZONE:
        return v - ply
    return v


def _from_table(v: float, ply: int) -> float:
    if v >= MATE_ZONE:
        return v - ply
    if v <= -MATE_ZONE:
        return v + ply
    return v
