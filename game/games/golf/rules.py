"""Chess Golf (Don Kirkby): a round of puzzles on one board, alone against
par or with several players who bid, demonstrate and score like golfers.

The 16 pieces other than pawns are laid out from a shuffled deck of their
cards (Appendix A's gaps, a1 to h1 and on up the board); the cards are
shuffled again to deal the holes. A hole deals two (or three) cards, the
chosen pieces; one chosen piece must capture the other (or, with three, one
piece must capture the other two). Nobody owns a colour: the one player to
act moves pieces of either colour, each only with moves borrowed from its
neighbours of its own colour (hole.py). After a solved hole the pieces stay
where they are and the demonstrator (or the lone player) puts the captured
pieces back on empty squares; the cards go to the discard pile, which is
shuffled back into the deck when the deck runs short.

Phases of a hole (``phase``):

- ``deal``: only with the dealer's choice option: the dealer deals 2 or 3.
- ``bid`` (several players): every seat at once bids a number of moves
  (0: impossible). The bids are made together (``to_act`` names every seat;
  the match keeps each choice hidden until all are in), so the state only
  ever holds revealed bids.
- ``play``: alone, the player moves until the hole is solved (``Reset``
  starts the hole over, ``GiveUp`` puts the pieces back and shows the
  solution, its moves played one step each, ``showing``; the hole scores
  twice par).
  With several players, the lowest bidder demonstrates (ties: first from the
  dealer's left) and fails on reaching the bid without solving it or on
  ``GiveUp``; the board is reset and the next lowest bidder demonstrates.
- ``place``: the captured pieces go back, one ``Put`` each (not after the
  round's last hole: the round is over at once).
- ``over``: the round is done.

Scores: alone, each hole scores the moves used (twice par when given up)
and the round's result is the strokes over par. Several players: the
scorecard of the rule sheet (rules/golf.md). Never imports pygame.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from game.engine import Event, Game, Option, Result, Rounds, State
from game.engine.board import bits
from game.engine.cards import Card, Table
from game.engine.chess.tables import GEO
from game.engine.pieces import Piece
from game.engine.words import count
from game.games import register
from game.games.golf import hole as H
from game.games.golf.actions import ACTION_TYPES, Bid, Deal, GiveUp, Go, Put, Reset
from game.games.golf.hole import Board, Goal
from game.games.golf.solver import SearchLimit, cached_solve
from game.games.golf.text import MAX_BID, PLACES, read, write

__all__ = [
    "ACTION_TYPES",
    "Bid",
    "Deal",
    "GiveUp",
    "GolfGame",
    "GolfState",
    "Go",
    "Put",
    "Reset",
]

CARD_CHOICES = ("two cards", "three cards", "dealer's choice")
HOLE_CHOICES = (9, 6, 3, 18)
PLAYER_CHOICES = (1, 2, 3, 4)
#: The solver's budget when a hole is dealt to a lone player (a node count,
#: so a replay deals the same holes): a hole it cannot settle is put back.
#: The deal happens in the app's window thread, so this stays small: most
#: holes settle in under a thousand nodes (many three-card ones in under 30),
#: the benchmark's hardest need about 34 000, and a loaded machine searches
#: some thousands a second (scripts/bench_golf.py).
DEAL_NODES = 5_000
REDEALS = 60  # tries to deal a solvable hole to a lone player


def card_of(code: int) -> Card:
    return Card(code // 5, H.KINDS[code % 5])


def code_of(card: Card) -> int:
    return card.side * 5 + H.KINDS.index(card.kind)


UNIVERSE = tuple(card_of(c) for c in H.FULL_SET)


class GolfState(State):
    """A round of Chess Golf; see the module docstring."""

    has_pieces = True

    def __init__(self, game: GolfGame, players: int = 1):
        self.game = game
        self.rng: random.Random | None = None
        self.n = players  # the seats in play: 0..n-1 (the others sit out)
        self.board: Board = (0,) * 10
        self.start: Board = self.board  # the board when the hole began
        self.goal: Goal | None = None
        self.phase = "deal"
        self.hole = 1
        self.holes = 9
        self.deal_mode = CARD_CHOICES[0]
        self.dealer = 0
        self.cards = Table(PLACES)
        self.strokes = 0
        self.par: int | None = None
        self.captured: list[int] = []  # codes taken this hole, to put back
        self.bids: tuple[int, ...] | None = None
        self.demo: int | None = None  # the seat demonstrating
        self.tried: set[int] = set()  # seats that failed to demonstrate this hole
        self.scores: list[tuple[int, ...]] = []  # per finished hole, per seat
        self.pars: list[int] = []  # alone: par of each finished hole
        self.last: tuple[int, ...] = ()  # squares the last step touched
        self.showing = False  # alone, the hole given up: its solution is being shown

    @property
    def solo(self) -> bool:
        return self.n == 1

    # -- reading the position ------------------------------------------------------------
    def pieces(self) -> dict[int, Piece]:
        return {sq: Piece(code // 5, H.KINDS[code % 5]) for sq, code in H.pieces(self.board)}

    def piece_at(self, sq: int) -> Piece | None:
        code = H.code_at(self.board, sq)
        return None if code is None else Piece(code // 5, H.KINDS[code % 5])

    def stuck_reason(self, seat: int, square: int) -> str | None:
        code = H.code_at(self.board, square)
        if code is None or self.phase != "play":
            return None
        side, name = code // 5, H.piece_name(code)
        own = H.side_occupancy(self.board, side)
        if not H.neighbours_of(1 << square) & own and H.has_pair(self.board, side):
            return f"The {name} has no neighbour of its colour"
        return f"The {name} has no move it may make now"

    @property
    def chosen(self) -> tuple[int, ...]:
        return tuple(code_of(c) for c in self.cards.cards("chosen") if c is not None)

    def totals(self) -> tuple[int, ...]:
        return tuple(sum(row[s] for row in self.scores) for s in range(self.n))

    def actor(self) -> int | None:
        if self.phase == "deal":
            return self.dealer
        if self.phase in ("play", "place"):
            return 0 if self.solo else self.demo
        return None

    # -- whose decision -------------------------------------------------------------------
    def to_act(self) -> tuple[int, ...]:
        if self.is_over():
            return ()
        if self.phase == "bid":
            return tuple(range(self.n))
        actor = self.actor()
        return () if actor is None else (actor,)

    def legal_actions(self, seat: int) -> list[Any]:
        if seat not in self.to_act():
            return []
        phase = self.phase
        if phase == "deal":
            return [Deal(2), Deal(3)]
        if phase == "bid":
            return [Bid(n) for n in range(MAX_BID + 1)]
        if phase == "place":
            empty = H.ALL & ~H.occupancy(self.board)
            return [Put(self.captured[0], sq) for sq in bits(empty)]
        if self.showing:  # the solution's next move, and nothing else
            line = self.solution()
            return [Go(line[self.strokes].frm, line[self.strokes].to)] if line else []
        out: list[Any] = [Go(m.frm, m.to) for m in H.legal_moves(self.board, self.goal)]
        if self.solo:
            if self.strokes:
                out.append(Reset())
        out.append(GiveUp())
        return out

    def prompt(self, seat: int) -> str:
        if self.is_over():
            return self.result().reason
        name = self.game.seats[seat]
        phase = self.phase
        if phase == "deal":
            return f"{name}: deal two cards, or three for a harder hole"
        if phase == "bid":
            return f"{name}: bid the moves it takes (0: impossible)"
        if phase == "place":
            return f"{name}: put the captured {H.piece_name(self.captured[0])} on an empty square"
        task = self.task()
        if self.showing:
            return f"The solution, move {self.strokes + 1} of {self.par}: play it to see it."
        if self.solo:
            return f"{task} Move {self.strokes + 1}, par {self.par}."
        bid = self.bids[seat] if self.bids else 0
        return f"{name} shows it in {bid}: {task} Move {self.strokes + 1} of {bid}."

    def solution(self) -> tuple[H.Move, ...]:
        """The shortest line of the hole now, from where it began (empty: none)."""
        if self.goal is None:
            return ()
        return solution_line(self.start, Goal.of(self.chosen))

    def task(self) -> str:
        """What the hole asks, in words."""
        goal = self.goal
        if goal is None:
            return ""
        names = [H.piece_name(c) for c in goal.cards]
        if goal.capturer is not None:
            return (
                f"The {H.piece_name(H.code_at(self.board, goal.capturer))} on "
                f"{GEO.name(goal.capturer)} must now take the {H.piece_name(goal.need)}."
            )
        if len(names) == 2:
            return f"A {names[0]} and a {names[1]}: one takes the other."
        return f"A {names[0]}, a {names[1]} and a {names[2]}: one takes both others."

    # -- playing ---------------------------------------------------------------------------
    def _apply(self, actions: Mapping[int, Any]) -> list[Event]:
        if self.phase == "bid":
            return self._bids(tuple(actions[s].moves for s in range(self.n)))
        ((seat, action),) = actions.items()
        kind = type(action)
        if kind is Deal:
            return self._deal(action.cards)
        if kind is Go:
            return self._move(seat, H.Move(action.frm, action.to))
        if kind is Reset:
            return self._reset(seat)
        if kind is GiveUp:
            return self._give_up(seat)
        return self._put(seat, action)

    def count_round(self, rounds: Rounds) -> Rounds | None:
        """The move list numbers the holes."""
        return Rounds(self.hole)

    # dealing
    def _deal(self, count: int) -> list[Event]:
        events: list[Event] = []
        for attempt in range(REDEALS):
            if self.cards.count("deck") < count:
                self.cards.extend("deck", self.cards.clear("discard"))
                self.cards.shuffle("deck", self.rng)
                events.append(Event("golf_shuffle", None, {"cards": self.cards.count("deck")}))
            drawn = self.cards.draw("deck", "chosen", count)
            goal = Goal.of(code_of(c) for c in drawn)
            if not self.solo:
                break
            par = _par(self.board, goal)
            if par is not None or attempt == REDEALS - 1:
                self.par = par
                break
            # a lone player never gets a hole without a solution (or one too
            # hard to settle): the cards go back and the deck is shuffled
            self.cards.extend("deck", self.cards.clear("chosen"))
            self.cards.shuffle("deck", self.rng)
        self.goal = Goal.of(self.chosen)
        self.start = self.board
        self.strokes = 0
        self.captured = []
        self.phase = "play" if self.solo else "bid"
        self.last = ()
        events.append(Event("golf_deal", self.dealer, {"cards": self.goal.text(), "par": self.par}))
        return events

    def _start_hole(self) -> list[Event]:
        """The next hole (or the end of the round)."""
        self.cards.extend("discard", self.cards.clear("chosen"))
        self.goal = None
        self.bids = None
        self.demo = None
        self.tried = set()
        self.par = None
        self.strokes = 0
        self.showing = False
        if len(self.scores) >= self.holes:
            self.phase = "over"
            return [Event("game_over", None, {"reason": self.result().reason})]
        self.hole = len(self.scores) + 1
        if self.deal_mode == "dealer's choice":
            self.phase = "deal"
            return []
        return self._deal(3 if self.deal_mode == "three cards" else 2)

    # bidding and demonstrating
    def _bids(self, bids: tuple[int, ...]) -> list[Event]:
        self.bids = bids
        events = [Event("golf_bids", None, {"bids": bids})]
        if not any(bids):  # everyone says impossible: zero for all, same dealer
            self.scores.append((0,) * self.n)
            events.append(Event("golf_hole", None, {"scores": self.scores[-1], "solved": False}))
            return events + self._start_hole()
        self.demo = self._next_demonstrator()
        self.phase = "play"
        return events

    def _next_demonstrator(self) -> int | None:
        """The lowest bid above zero not yet tried; ties go to the first
        from the dealer's left."""
        order = [(self.dealer + i) % self.n for i in range(1, self.n + 1)]
        left = [s for s in order if self.bids[s] and s not in self.tried]
        if not left:
            return None
        low = min(self.bids[s] for s in left)
        return next(s for s in left if self.bids[s] == low)

    def _fail(self, seat: int) -> list[Event]:
        """A failed demonstration: the board goes back; the next bidder shows."""
        self.tried.add(seat)
        events = self._reset(seat, failed=True)
        self.demo = self._next_demonstrator()
        if self.demo is not None:
            return events
        # nobody could show it: the failures are scored, zero stays zero,
        # and the same dealer deals the next hole
        row = tuple(self._penalty(s) if s in self.tried else 0 for s in range(self.n))
        self.scores.append(row)
        events.append(Event("golf_hole", None, {"scores": row, "solved": False}))
        return events + self._start_hole()

    def _penalty(self, seat: int) -> int:
        return max((b for s, b in enumerate(self.bids) if s != seat), default=0) + 1

    def _success(self, seat: int) -> list[Event]:
        if self.solo:
            # a hole given up scores twice its par, however its line was shown
            row = (2 * (self.par or 0) if self.showing else self.strokes,)
            self.pars.append(self.par or 0)
            self.showing = False
        else:
            top = max(self.bids) + 1
            row = tuple(
                self._penalty(s) if s in self.tried else (self.bids[s] or top)
                for s in range(self.n)
            )
            self.dealer = seat  # the deal passes to the demonstrator
        self.scores.append(row)
        events = [Event("golf_hole", seat, {"scores": row, "solved": True})]
        self.goal = None
        if self.captured and len(self.scores) < self.holes:
            self.phase = "place"
            return events
        return events + self._start_hole()  # after the last hole nothing goes back

    # moving
    def _move(self, seat: int, move: H.Move) -> list[Event]:
        board, goal, taken = H.play(self.board, self.goal, move)
        code = H.code_at(self.board, move.frm)
        self.board = board
        self.strokes += 1
        self.last = (move.frm, move.to)
        data = {"frm": move.frm, "to": move.to, "piece": H.letter(code)}
        if taken is not None:
            data["captured"] = H.letter(taken)
        events = [Event("golf_move", seat, data)]
        if taken is not None:  # for the sound (its data names no square to animate)
            self.captured.append(taken)
            events.append(Event("capture", seat, data))
        if goal is None:
            return events + self._success(seat)
        self.goal = goal
        if not self.solo and self.strokes >= self.bids[seat]:
            return events + self._fail(seat)
        return events

    def _reset(self, seat: int, failed: bool = False) -> list[Event]:
        """Every piece back where it stood when the hole began. The event
        names the squares left and the pieces put back (for the display)."""
        moved = self.board != self.start
        left = [sq for sq, _ in H.pieces(self.board)]
        back = {sq: H.letter(code) for sq, code in H.pieces(self.start)}
        self.board = self.start
        self.goal = Goal.of(self.chosen)
        self.strokes = 0
        self.captured = []
        self.last = ()
        data = {"failed": failed, "left": left if moved else [], "back": back if moved else {}}
        return [Event("golf_reset", seat, data)]

    def _give_up(self, seat: int) -> list[Event]:
        if not self.solo:
            return self._fail(seat)
        events = self._reset(seat)
        line = self.solution() if self.par else ()
        if not line:  # no solution was found: the hole is skipped, scoring nothing
            self.scores.append((0,))
            self.pars.append(0)
            self.goal = None
            return events + self._start_hole()
        self.showing = True  # its moves follow, one step each, to watch and look back at
        return events

    def _put(self, seat: int, action: Put) -> list[Event]:
        self.board = H.place(self.board, action.code, action.square)
        self.captured.pop(0)
        self.last = (action.square,)
        events = [Event("golf_place", seat, {"to": action.square, "piece": H.letter(action.code)})]
        if self.captured:
            return events
        return events + self._start_hole()

    # -- the end -------------------------------------------------------------------------------
    def rules_result(self) -> Result | None:
        if self.phase != "over":
            return None
        totals = self.totals()
        holes = len(self.scores)
        if self.solo:
            over = totals[0] - sum(self.pars)
            words = (
                "level par" if over == 0 else f"{abs(over)} {'over' if over > 0 else 'under'} par"
            )
            verdict = f"{count(totals[0], 'stroke')} over {count(holes, 'hole')}: {words}"
            return Result.score(
                self.game,
                [over],
                "Your score is your strokes over par",
                verdict,
                lower_is_better=True,
                points=self._padded([1.0 if over <= 0 else 0.0]),
            )
        best = min(totals)
        winners = [self.game.seats[s] for s in range(self.n) if totals[s] == best]
        who = winners[0] if len(winners) == 1 else " and ".join(winners)
        verdict = f"{who} {'wins' if len(winners) == 1 else 'share the win'} with {best}"
        share = 1.0 if len(winners) == 1 else 0.5
        points = [share if totals[s] == best else 0.0 for s in range(self.n)]
        return Result.score(
            self.game,
            totals,
            f"The round is over after {count(holes, 'hole')}",
            verdict,
            lower_is_better=True,
            points=self._padded(points),
        )

    def resign(self, seat: int) -> list[Event]:
        """Quitting ends the round with no score and no winner (rather than
        the others "winning" a round nobody finished; alone there are no
        others at all)."""
        who = "You" if self.solo else self.game.seats[seat]
        reason = f"{who} quit the round: no score"
        self._agreed_result = Result(
            (0.0,) * len(self.game.seats), reason, verdict="Round given up"
        )
        return [Event("game_over", seat, {"reason": reason})]

    def _padded(self, points: list[float]) -> list[float]:
        """Points for every seat of the game (the seats not in play: 0);
        the scores stay those of the seats in play."""
        return points + [0.0] * (len(self.game.seats) - len(points))

    # -- secrets -----------------------------------------------------------------------------------
    def hide(self, seat: int) -> bool:
        return self.cards.hide(seat)

    def fill(self, seat: int, rng: random.Random) -> None:
        self.cards.fill(seat, rng, UNIVERSE)

    # -- copies and text -------------------------------------------------------------------------
    def copy(self) -> GolfState:
        other = GolfState.__new__(GolfState)
        other.__dict__.update(self.__dict__)
        other.cards = self.cards.copy()
        other.captured = list(self.captured)
        other.tried = set(self.tried)
        other.scores = list(self.scores)
        other.pars = list(self.pars)
        other.rng = self.copy_rng()
        return other

    def to_text(self) -> str:
        return write(self)

    def notation(self, action: Any) -> str:
        return str(action)

    def _parse_action(self, text: str, seat: int) -> Any:
        want = " ".join(text.lower().split())
        for action in self.legal_actions(seat):
            if str(action).lower() == want:
                return action
        return None


def _par(board: Board, goal: Goal) -> int | None:
    try:
        return cached_solve(board, goal, DEAL_NODES).length
    except SearchLimit:
        return None


def solution_line(board: Board, goal: Goal) -> tuple[H.Move, ...]:
    """One shortest solution of the hole (empty if there is none)."""
    try:
        return cached_solve(board, goal, None).moves
    except SearchLimit:  # pragma: no cover - no limit given
        return ()


class GolfGame(Game):
    """Chess Golf: one player alone against par, or two to four players who
    bid, demonstrate and score (the option ``players``; the seats after the
    first ``players`` sit out)."""

    id = "golf"
    title = "Chess Golf"
    blurb = "Capture the chosen piece in the fewest moves, borrowing your neighbours' moves."
    seats: tuple[str, ...] = ("Player 1", "Player 2", "Player 3", "Player 4")
    sides = ("White", "Black")
    seat_sides = (0, 0, 0, 0)
    private_views = True  # the deck order; bids wait hidden in the match
    draw_offers = False
    resign_label = "Quit round"
    resign_note = "The round ends here, with no score."
    resign_words = "{seat} quits the round"
    # With other people a hint would be the solver's answer: the bid to make
    # and the line to show (rules/golf.md, "In the app").
    hints_against_people = False
    options = (
        Option(
            "players",
            "Players",
            1,
            PLAYER_CHOICES,
            "Alone against par, or 2-4 players who bid and demonstrate",
        ),
        Option(
            "holes",
            "Holes",
            9,
            HOLE_CHOICES,
            "How many holes the round has",
            tuple(f"A round of {n} holes" for n in HOLE_CHOICES),
        ),
        Option(
            "cards",
            "Cards per hole",
            CARD_CHOICES[0],
            CARD_CHOICES,
            "How many pieces each hole names",
            (
                "Two cards: one piece must take the other",
                "Three cards: one piece must take both others",
                "The dealer deals two or three cards each hole",
            ),
        ),
    )

    #: The Hint button asks the solver (evaluation.py ``decide``) for the
    #: next move of a shortest line, with the largest budget.
    hint_bot = "search:4"

    def seats_in_play(self, options: Mapping[str, Any]) -> tuple[int, ...]:
        """The first ``players`` seats; alone, the other three sit out."""
        return tuple(range(int(options.get("players", 1))))

    def new(self, options: Mapping[str, Any] | None = None, seed: int = 0) -> GolfState:
        opts = self.normalize_options(options)
        rng = random.Random(seed)
        order = list(H.FULL_SET)
        rng.shuffle(order)
        state = GolfState(self, int(opts["players"]))
        state.rng = rng
        state.board = H.layout(order)
        state.holes = int(opts["holes"])
        state.deal_mode = opts["cards"]
        state.dealer = rng.randrange(state.n)
        deck = [card_of(c) for c in H.FULL_SET]
        rng.shuffle(deck)
        state.cards = Table(PLACES, {"deck": deck})
        state._start_hole()
        return state

    def read_text(self, text: str) -> GolfState:
        state = GolfState(self)
        read(state, text)
        state.rng = random.Random(0)
        return state


register(GolfGame)
