"""The position text of Chess Golf: the board (a FEN board field), the
phase, then ``key=value`` fields and the card places::

    <board> <phase> players=1 hole=3/9 deal=2 dealer=0 start=<board> goal=Kb strokes=1
    par=3 captured=- bids=- demo=- tried=- scores=4;2 pars=3;2 last=c4,d5
    deck:?????????? chosen:Kb discard:Rq

``shown=1`` follows ``last`` while a lone player's hole given up shows its
solution (``strokes``: the moves of it shown so far).

``goal`` is the chosen cards' letters, with ``@<square>:<letter>`` once the
first capture of a three-card hole is made (where the capturer stands and
what it must still take). ``scores`` has a row per finished hole, the seats'
scores separated by commas; ``-`` stands for nothing. Never imports pygame.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from game.engine.cards import Place, Table
from game.engine.chess.tables import GEO
from game.games.golf import hole as H
from game.games.golf.hole import Goal

if TYPE_CHECKING:
    from game.games.golf.rules import GolfState

PHASES = ("deal", "bid", "play", "place", "over")
MAX_BID = 15  # bids run 0 (impossible) to this
PLACES = (Place.face_down("deck"), Place.face_up("chosen"), Place.face_up("discard"))
DEAL_TOKENS = {"two cards": "2", "three cards": "3", "dealer's choice": "choice"}
DEAL_MODES = {v: k for k, v in DEAL_TOKENS.items()}


def _nums(values) -> str:
    return ",".join(str(v) for v in values) or "-"


def _goal_text(goal: Goal | None) -> str:
    if goal is None:
        return "-"
    text = goal.text()
    if goal.capturer is not None:
        text += f"@{GEO.name(goal.capturer)}:{H.letter(goal.need)}"
    return text


def write(state: GolfState) -> str:
    fields = [
        H.fen_board(state.board),
        state.phase,
        f"players={state.n}",
        f"hole={state.hole}/{state.holes}",
        f"deal={DEAL_TOKENS[state.deal_mode]}",
        f"dealer={state.dealer}",
        f"start={H.fen_board(state.start)}",
        f"goal={_goal_text(state.goal)}",
        f"strokes={state.strokes}",
        f"par={'-' if state.par is None else state.par}",
        f"captured={''.join(H.letter(c) for c in state.captured) or '-'}",
        f"bids={'-' if state.bids is None else _nums(state.bids)}",
        f"demo={'-' if state.demo is None else state.demo}",
        f"tried={_nums(sorted(state.tried))}",
        f"scores={';'.join(_nums(row) for row in state.scores) or '-'}",
        f"pars={_nums(state.pars)}",
        f"last={','.join(GEO.name(sq) for sq in state.last) or '-'}",
    ]
    if state.showing:  # only then: other positions read as they always did
        fields.append("shown=1")
    fields.append(state.cards.to_text())
    return " ".join(fields)


def _ints(text: str) -> list[int]:
    return [] if text == "-" else [int(v) for v in text.split(",")]


def read(state: GolfState, text: str) -> None:
    """Fill ``state`` from ``write``'s text; ValueError with a message."""
    parts = text.split()
    if len(parts) < 3:
        raise ValueError("a Chess Golf position is a board, a phase and its fields")
    state.board = H.from_fen_board(parts[0])
    if parts[1] not in PHASES:
        raise ValueError(f"unknown phase {parts[1]!r}; one of {', '.join(PHASES)}")
    state.phase = parts[1]
    fields: dict[str, str] = {}
    places = []
    for token in parts[2:]:
        if "=" in token:
            key, _, value = token.partition("=")
            fields[key] = value
        elif ":" in token:
            places.append(token)
        else:
            raise ValueError(f"{token!r} is neither key=value nor place:cards")
    need = ("hole", "deal", "dealer", "start", "goal", "strokes", "par", "captured")
    need += ("bids", "demo", "tried", "scores", "pars", "last")
    missing = [k for k in need if k not in fields]
    if missing:
        raise ValueError(f"fields missing: {', '.join(missing)}")
    try:
        state.n = int(fields.get("players", "1"))
        if not 1 <= state.n <= len(state.game.seats):
            raise ValueError(f"players is 1 to {len(state.game.seats)}, not {state.n}")
        hole, _, holes = fields["hole"].partition("/")
        state.hole, state.holes = int(hole), int(holes)
        if fields["deal"] not in DEAL_MODES:
            raise ValueError(f"deal is 2, 3 or choice, not {fields['deal']!r}")
        state.deal_mode = DEAL_MODES[fields["deal"]]
        state.dealer = int(fields["dealer"])
        state.start = H.from_fen_board(fields["start"])
        state.strokes = int(fields["strokes"])
        state.par = None if fields["par"] == "-" else int(fields["par"])
        state.demo = None if fields["demo"] == "-" else int(fields["demo"])
        state.tried = set(_ints(fields["tried"]))
        state.bids = None if fields["bids"] == "-" else tuple(_ints(fields["bids"]))
        rows = [] if fields["scores"] == "-" else fields["scores"].split(";")
        state.scores = [tuple(_ints(r)) for r in rows]
        state.pars = _ints(fields["pars"])
    except ValueError as e:
        raise ValueError(f"bad field: {e}") from None
    captured = fields["captured"]
    state.captured = [] if captured == "-" else [H.code_of_letter(ch) for ch in captured]
    last = fields["last"]
    state.last = () if last == "-" else tuple(GEO.square(s) for s in last.split(","))
    state.goal = _read_goal(fields["goal"])
    if fields.get("shown", "0") not in ("0", "1"):
        raise ValueError("shown is 1 (the solution of a hole given up) or left out")
    state.showing = fields.get("shown") == "1"
    state.cards = Table.from_text(" ".join(places), PLACES)
    _check(state)


COUNT_MAX = 999  # strokes and par: far past any hole


def _check(state: GolfState) -> None:
    """What the rules can reach, or ValueError with what is not."""
    n = state.n
    seats = range(n)
    if state.dealer not in seats or (state.demo is not None and state.demo not in seats):
        raise ValueError(f"a seat number is outside 0..{n - 1}")
    if any(len(row) != n for row in state.scores) or (state.bids and len(state.bids) != n):
        raise ValueError(f"scores and bids need one number per seat ({n})")
    if state.bids and not all(0 <= b <= MAX_BID for b in state.bids):
        raise ValueError(f"bids run from 0 to {MAX_BID}")
    if not 1 <= state.hole <= state.holes:
        raise ValueError("the hole number must lie within the round")
    if state.phase == "play" and state.goal is None:
        raise ValueError("a hole in play needs its goal")
    if state.phase == "play" and n > 1 and (state.demo is None or state.bids is None):
        raise ValueError("a demonstration needs the bids and the demonstrator")
    if not 0 <= state.strokes <= COUNT_MAX or not 0 <= (state.par or 0) <= COUNT_MAX:
        raise ValueError(f"strokes and par are counts from 0 to {COUNT_MAX}")
    if state.showing and (state.phase != "play" or n > 1 or not state.par):
        raise ValueError("only a lone player's hole in play, with its par, shows its solution")
    if state.showing:
        _check_shown(state)
    if state.phase == "place" and not state.captured:
        raise ValueError("the place phase needs captured pieces to put back")
    on_board = [c for _, c in H.pieces(state.board)]
    if len(on_board) + len(state.captured) > 16:
        raise ValueError("more than the 16 pieces of a set")
    used = Counter(on_board + state.captured)
    if any(n > H.FULL_SET.count(code) for code, n in used.items()):
        raise ValueError("more pieces of a kind than the set has")


def _check_shown(state: GolfState) -> None:
    """A solution being shown has a move left, and the board is where its
    moves so far have led from the hole's start."""
    line = state.solution()
    if len(line) != state.par:
        raise ValueError("the par is not the length of the solution shown")
    if state.strokes >= len(line):
        raise ValueError("the solution shown has no move left to play")
    board, goal = state.start, Goal.of(state.chosen)
    for move in line[: state.strokes]:
        board, goal, _ = H.play(board, goal, move)
        if goal is None:
            break
    if board != state.board:
        raise ValueError("the board is not where the solution shown has led")


def _read_goal(text: str) -> Goal | None:
    if text == "-":
        return None
    letters, at, rest = text.partition("@")
    goal = Goal.of(H.code_of_letter(ch) for ch in letters)
    if at:
        square, _, need = rest.partition(":")
        goal = goal._replace(capturer=GEO.square(square), need=H.code_of_letter(need))
    return goal
