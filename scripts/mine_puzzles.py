"""Mine puzzles from the computer's own games.

Plays computer games headless (a searching side against the Easy level,
colours swapped each game, a few random opening moves for variety), then
looks at every position where one seat begins its turn: a puzzle is a
position where exactly one first move forces a win (mate, the king taken:
the rules' own end) within ``--depth`` steps, found by the game's search
with its pruning off (game/learn/puzzles.py ``winning_moves``), bounded by
depth and nodes, never the clock. Its line goes on with the longest
defence and the learner's only winning move each time; where two moves win
alike the line ends (or lists both when both end the game at once).

Deterministic from ``--seed``: the same command writes the same file. Prints
per game how many positions it tried and kept, and per game id the totals
with the CPU seconds spent.

    nice python scripts/mine_puzzles.py --games chess,maces [--seed 1]
        [--depth 3] [--nodes 20000] [--target 40] [--max-games 40]
        [--bot-nodes 1500] [--tail 12] [--out puzzles]

Only the last ``--tail`` turn starts of each game are tried: the wins the
search can see lie near the end, and the rest of a game costs searches
that find nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.ai import make_bot  # noqa: E402
from game.ai.levels import spec_for  # noqa: E402
from game.games import REGISTRY, load_all  # noqa: E402
from game.learn.puzzles import (  # noqa: E402
    GAMES,
    PLANNER_LEVEL,
    gain_title_and_task,
    gaining_move,
    load,
    planner_line,
    title_and_task,
    winning_moves,
    wins_for,
)

WHAT = {
    "*": "positions where one first move wins and no other does",
    "golf": "holes graded by par, finished within par in any way (goal: par)",
    "tulaga": "positions where one first move gains far more than any other (goal: gain)",
    "cooperative": "solitaire deals with the best score the planner reached (goal: score N)",
}
DEAL_HEADER = """\
# A Cooperative puzzle is a whole solitaire deal, played in the play scene:
#   seed: N              the game's seed (the deal); options: the solitaire mode
#   goal: score N        the score the planner reached on it: reach or beat it
#   answer: ...          the planner's line, every step of the deal (no position:,
#                        no depth:); the checker replays it and confirms the score
"""
RANDOM_PLIES = 4  # random opening decisions, so the games differ
MAX_PLIES = 300
HEADER = """\
# Puzzles for {title}: {what}.
# Mined by scripts/mine_puzzles.py (each puzzle's source: says from what); the
# format is documented in game/learn/puzzles.py and docs/PUZZLES.md:
#   == title
#   position:            the position text (what the game's from_text reads),
#       ...              each line indented four spaces
#   task: one sentence
#   answer: step ; step ; ...   every seat's steps in the game's notation; the
#                        learner plays the first seat's, the rest reply
#   depth: N             steps the first move needs to reach the win (par: the
#                        most steps of the learner's that finish it)
#   goal: par            (golf) any line finishing within depth steps wins
#   source: how it was mined (seed, game, ply, search bounds)
"""


def play_game(game, seed: int, bot_nodes: int):
    """One computer game: the states where a seat begins its turn, with the
    ply, and how it ended."""
    rng = random.Random(seed)
    state = game.new(game.default_options(), seed)
    strong = make_bot(
        spec_for(game, "search:2"), node_limit=bot_nodes, time_limit=600, time_cap=600
    )
    weak = make_bot("easy")
    strong_seat = seed % 2
    starts = []
    previous = None
    for ply in range(MAX_PLIES):
        if state.result() is not None:
            break
        acting = state.to_act()
        if len(acting) == 1 and acting[0] != previous:
            starts.append((ply, state.copy()))
        if len(acting) == 1:
            previous = acting[0]
        joint = {}
        for seat in acting:
            if ply < RANDOM_PLIES:
                joint[seat] = rng.choice(list(state.legal_actions(seat)))
            else:
                bot = strong if seat == strong_seat else weak
                joint[seat] = bot.choose(state.view(seat), seat, rng)
        state.apply(joint)
    result = state.result()
    return starts, (result.reason if result else "max plies")


def finishing(state, seat, action) -> bool:
    child = state.copy()
    child.apply({seat: action})
    return wins_for(child, seat)


def build_lines(state, seat, first, distance, nodes, seed):
    """The answer lines after ``first`` (which wins in ``distance`` steps):
    the longest defence, the only winning move, ... None when the line
    cannot be followed within the bounds."""
    steps = [state.notation(first)]
    own = 1  # the steps up to the learner's last one
    s = state.copy()
    s.apply({seat: first})
    left = distance - 1
    while s.result() is None and left > 0:
        actor = s.to_act()[0]
        if actor == seat:
            wins = winning_moves(s, seat, left, nodes, seed)
            if not wins:
                return None
            if len(wins) == 1:
                action = next(iter(wins))
            elif all(finishing(s, seat, a) for a in wins):
                return [steps + [s.notation(a)] for a in wins]
            else:
                return [steps[:own]]  # two ways on: the learner's part ends here
        else:
            action, worst = None, -1
            for reply in s.legal_actions(actor):
                child = s.copy()
                child.apply({actor: reply})
                if child.result() is not None:
                    far = 0 if wins_for(child, seat) else 99
                else:
                    wins = winning_moves(child, seat, left - 1, nodes, seed)
                    if wins is None:
                        return None
                    far = min(wins.values()) if wins else 99
                if far > worst:
                    action, worst = reply, far
            if worst == 99:
                return None  # a defence holds: the search was wrong about the win
        steps.append(s.notation(action))
        s.apply({actor: action})
        if actor == seat:
            own = len(steps)
        left -= 1
    if not wins_for(s, seat):
        return None
    return [steps]


def write_block(out, game, state, seat, lines, distance, source) -> None:
    title, task = title_and_task(game, state, lines[0])
    out.append(f"== {title}")
    out.append("position:")
    out.extend("    " + row for row in state.to_text().splitlines())
    out.append(f"task: {task}")
    out.extend("answer: " + " ; ".join(steps) for steps in lines)
    out.append(f"depth: {distance}")
    out.append(f"source: {source}")
    out.append("")


def keep_gain(out, game, state, seat, seed, ply, args) -> int:
    """A decisive gain (``--gain``): the one first move that scores the
    margin more than any other, seen 1 (else 2) steps on and confirmed a
    step deeper. The answer is that move."""
    for depth in (1, 2):
        found = gaining_move(state, seat, depth, args.gain, args.nodes, seed)
        if found is None:
            continue
        action, wrong = found
        if wrong:
            return 0
        title, task = gain_title_and_task(game, seat, depth)
        out.append(f"== {title}")
        out.append("position:")
        out.extend("    " + row for row in state.to_text().splitlines())
        out.append(f"task: {task}")
        out.append(f"answer: {state.notation(action)}")
        out.append(f"depth: {depth}")
        out.append(f"goal: gain {args.gain:g}")
        out.append(
            f"source: mine_puzzles.py seed {seed}, ply {ply}; gain {args.gain:g} at depth {depth},"
            f" confirmed at {depth + 1}; {args.nodes} nodes"
        )
        out.append("")
        return 1
    return 0


def mine(game, args) -> tuple[int, int, list[str]]:
    seen: set[str] = set()
    if args.from_game:  # a top-up: the puzzles already kept are not kept again
        seen = {p.position for p in load(game.id)}
    out: list[str] = []
    tried = kept = 0
    for i in range(args.from_game, args.max_games):
        if kept >= args.target:
            break
        seed = args.seed * 1000 + i
        starts, how = play_game(game, seed, args.bot_nodes)
        g_tried = g_kept = 0
        for ply, state in starts[-args.tail :]:
            text = state.to_text()
            if text in seen or state.result() is not None:
                continue
            seen.add(text)
            seat = state.to_act()[0]
            g_tried += 1
            if args.gain:
                g_kept += keep_gain(out, game, state, seat, seed, ply, args)
                continue
            wins = winning_moves(state, seat, args.depth, args.nodes, seed, stop_after=2)
            if not wins or len(wins) != 1:
                continue
            first, distance = next(iter(wins.items()))
            lines = build_lines(state, seat, first, distance, args.nodes, seed)
            if lines is None:
                continue
            source = (
                f"mine_puzzles.py seed {seed}, ply {ply}; depth {args.depth}, "
                f"{args.nodes} nodes; bots {spec_for(game, 'search:2')}"
                f" nodes={args.bot_nodes} v easy"
            )
            write_block(out, game, state, seat, lines, distance, source)
            g_kept += 1
        tried += g_tried
        kept += g_kept
        print(
            f"  {game.id} game {i + 1} (seed {seed}, {len(starts)} turns, {how}):"
            f" tried {g_tried}, kept {g_kept}",
            flush=True,
        )
    return tried, kept, out


PAR_ONE_SHARE = 4  # at most one hole in this many is a par 1 (a single capture)


def mine_golf(game, args) -> tuple[int, int, list[str]]:
    """Chess Golf holes graded by par: the first hole of a solo round dealt
    from each seed, made a round of one hole (finished at par, it is won),
    with the solver's shortest line as the answer."""
    from game.games.golf.actions import Go

    out: list[str] = []
    seen: set[str] = set()
    tried = kept = ones = 0
    for i in range(args.max_games):
        if kept >= args.target:
            break
        seed = args.seed * 1000 + i
        dealt = game.new({"players": 1, "holes": 9}, seed)
        dealt.holes = 1  # a round of this one hole
        state = game.from_text(dealt.to_text())
        tried += 1
        line = [state.notation(Go(m.frm, m.to)) for m in state.solution()]
        par = state.par
        if not line or par != len(line) or state.to_text() in seen:
            continue
        if par == 1 and (ones + 1) * PAR_ONE_SHARE > kept + PAR_ONE_SHARE:
            continue
        seen.add(state.to_text())
        ones += par == 1
        out.append(f"== Par {par}")
        out.append("position:")
        out.extend("    " + row for row in state.to_text().splitlines())
        out.append(f"task: {state.task()} Par {par}.")
        out.append("answer: " + " ; ".join(line))
        out.append(f"depth: {par}")
        out.append("goal: par")
        out.append(
            f"source: mine_puzzles.py seed {seed}: the first hole of a solo round,"
            " the solver's line"
        )
        out.append("")
        kept += 1
        print(f"  golf seed {seed}: par {par}", flush=True)
    return tried, kept, out


def mine_cooperative(game, args) -> tuple[int, int, list[str]]:
    """Cooperative solitaire deals: the game's own planner (puzzles.PLANNER_LEVEL,
    bounded by its counts of plans and replies) plays each deal through from
    its seed; its score is the target, its line the answer."""
    options = {"mode": "solitaire"}
    out: list[str] = []
    tried = kept = 0
    for i in range(args.max_games):
        if kept >= args.target:
            break
        seed = args.seed * 1000 + i
        tried += 1
        steps, state = planner_line(game, options, seed)
        if state.result() is None:
            continue  # past the step bound: not a finished deal
        score = state.score()
        out.append(f"== Deal {seed}: beat {score}")
        out.append(f"options: {json.dumps(options)}")
        out.append(f"seed: {seed}")
        out.append(f"task: Beat {score} points: the computer's best on this deal.")
        out.append("answer: " + " ; ".join(steps))
        out.append(f"goal: score {score}")
        out.append(
            f"source: mine_puzzles.py seed {seed}: the planner (level {PLANNER_LEVEL}) "
            f"played it through in {len(steps)} steps; {state.result().reason}"
        )
        out.append("")
        kept += 1
        print(f"  cooperative seed {seed}: {score} points, {len(steps)} steps", flush=True)
    return tried, kept, out


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--nodes", type=int, default=20000)
    parser.add_argument("--target", type=int, default=40)
    parser.add_argument("--max-games", type=int, default=40)
    parser.add_argument("--bot-nodes", type=int, default=1500)
    parser.add_argument("--tail", type=int, default=12)
    parser.add_argument(
        "--gain",
        type=float,
        default=0.0,
        help="mine decisive gains of this margin (evaluation units) instead of wins",
    )
    parser.add_argument(
        "--from-game",
        type=int,
        default=0,
        help="start at this game of the seed's sequence and add to the file (a top-up)",
    )
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "puzzles"))
    args = parser.parse_args(argv)
    load_all()
    for game_id in args.games.split(","):
        game = REGISTRY[game_id]
        start = time.process_time()
        miner = {"golf": mine_golf, "cooperative": mine_cooperative}.get(game_id, mine)
        tried, kept, blocks = miner(game, args)
        spent = time.process_time() - start
        print(f"{game_id}: tried {tried}, kept {kept}, {spent:.0f} CPU s", flush=True)
        folder = Path(args.out)
        folder.mkdir(parents=True, exist_ok=True)
        what = WHAT.get(game_id, WHAT["*"])
        text = HEADER.format(title=game.title, what=what)
        text += (DEAL_HEADER if game_id == "cooperative" else "") + "\n"
        path = folder / f"{game_id}.txt"
        if args.from_game and path.exists():
            text = path.read_text(encoding="utf-8").rstrip("\n") + "\n\n"
        text += "\n".join(blocks)
        path.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
