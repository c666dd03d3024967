"""Games as PGN, out and in (headless: never imports pygame).

Out (``export``):
- Chess and Chess960 are standard PGN that other chess programs read: the
  Seven Tag Roster, ``SetUp "1"`` and ``FEN`` for a typed start (always for
  Chess960, with ``Variant "Chess960"``), ``Termination``, and the moves in
  SAN with move numbers.
- Every other game is PGN of the same shape with ``Variant`` naming the game
  (its title), ``Options`` (the options as JSON), ``Seed`` (the number
  behind every deal and draw, so a dealt game comes back the same),
  ``Position`` for a typed start (the game's own position text) and the
  moves in the game's own notation, one token per step. A token escapes
  every character but ASCII letters, digits and ``+#=:-/@>~_`` as ``%XX``
  (the UTF-8 bytes in hex: a space is ``%20``, braces, semicolons,
  brackets, dots, ``!`` and ``?`` never appear raw), a notation that reads
  as a result (``1-0``) has its first character escaped, and a step chosen
  by several seats at once joins their notations with ``&`` in seat order.
  No line starts with a ``%`` token (PGN's escape lines): such a line runs
  on past 79 characters instead.
- Endings: ``Result`` is ``1-0``, ``0-1`` or ``1/2-1/2`` between two teams
  and ``*`` while the game goes on; a game of other teams (solitaire,
  cooperative, four players) writes ``*`` and says its outcome in
  ``Outcome``. As other chess programs write it, ``Termination`` is
  ``normal`` for a game the rules ended, a resignation or an agreed draw,
  ``time forfeit`` for a game lost on time (the clock, game/clock.py),
  ``unterminated`` for a game going on, and absent for a result an imported
  PGN gave without a reason; a comment before the result says how it ended
  ({White resigns.}, {Draw agreed.}, {White ran out of time.}). Older
  exports named the ending in an ``Agreement`` tag: it is still read.
- Players: a person's typed name (``?`` for none), a computer by its level
  as the app names it ("Computer (Normal)"). ``Date`` is the game's date
  where the caller knows it (a save's date), else ``????.??.??``.
- Secrets: a game that hides anything from a seat (a hand, a deck, a secret
  choice) is exported only once it is over, when the rules have shown
  everything; before that ``export`` refuses with ``PgnError``.

In (``import_pgn``): the first game of the text; comments ``{...}`` and
``;`` lines, ``%`` escape lines, NAGs, ``!``/``?`` marks and variations
``(...)`` are skipped, move numbers and the result read. No ``Variant`` (or
``Standard``) is chess, ``Chess960``/``Fischerandom`` Chess960, else the
title or id of one of our games. Every move goes through the one door,
``State.parse_action``, and is played on a ``Match``; what cannot be read or
played is refused with a ``PgnError`` worded like a damaged save's. A
result the moves do not reach ends the game as the PGN says: on time with
``Termination "time forfeit"`` (the seat to act flagged), by resignation or
an agreed draw with ``Termination "normal"``, and with no Termination as
the result alone, with no reason invented (``Match.record_result``). The
clocks of a game lost on time: the flagged seat's at zero, the other's as
the PGN's last ``[%clk]`` comment of it says, else at full time.
"""

from __future__ import annotations

import json
import os
import re
from typing import Any

from game.clock import MAX_INCREMENT, MAX_MINUTES, MIN_SECONDS, Clock, offers_clock
from game.engine import Game, IllegalAction, Seat
from game.match import Match, find_game
from game.save_check import MAX_MOVE_TEXT, SEED_MAX, short

__all__ = ["PgnError", "export", "import_pgn", "is_standard"]

STANDARD = ("chess", "chess960")  # games exported as standard PGN
TEXT_MAX = 2_000_000  # characters of a PGN text we read
MOVES_MAX = 6_000  # steps of a game we replay (a long real game is a few hundred)
SAFE = set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789+#=:-/@>~_")
RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
TOGETHER = "&"  # joins the choices of a simultaneous step
LINE = 79


class PgnError(ValueError):
    """A PGN that cannot be made or read, in words for people."""


def is_standard(game: Game) -> bool:
    return game.id in STANDARD


def _has_secrets(game: Game) -> bool:
    from game.saves import has_secrets

    return has_secrets(game)


# -- out ---------------------------------------------------------------------------
def escape(notation: str) -> str:
    """One notation as a movetext token (see the module's docstring)."""
    out = "".join(
        c if c in SAFE else "".join(f"%{b:02X}" for b in c.encode("utf-8")) for c in notation
    )
    if out in RESULTS or not out:
        out = f"%{ord(out[0]):02X}{out[1:]}" if out else "%"
    return out


def unescape(token: str) -> str:
    try:
        return re.sub(
            r"(?:%[0-9A-Fa-f]{2})+",
            lambda m: bytes.fromhex(m.group(0).replace("%", "")).decode("utf-8"),
            token,
        )
    except UnicodeDecodeError:
        raise PgnError(f"This PGN has a move that cannot be read ({short(token)}).") from None


def _tag(name: str, value: str) -> str:
    value = value.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    return f'[{name} "{value}"]'


TIME_FORFEIT = "time forfeit"  # PGN's Termination for a game lost on time
FLAGGED = " ran out of time"  # the Agreement tag after a seat's name: its flag fell


def result_tag(match: Match) -> str:
    """The PGN result: between two teams who won, else ``*``."""
    result = match.state.result()
    teams = _teams(match.game)
    if result is None or len(teams) != 2:
        return "*"
    first, second = (result.points[team[0]] for team in teams)
    if first == second:
        return "1/2-1/2"
    return "1-0" if first > second else "0-1"


def _teams(game: Game) -> list[tuple[Seat, ...]]:
    teams: list[tuple[Seat, ...]] = []
    for seat in range(len(game.seats)):
        team = tuple(game.team_of(seat))
        if team not in teams:
            teams.append(team)
    return teams


def _player(match: Match, seats: list[Seat]) -> str:
    from game.ai.levels import level_words

    names = []
    for seat in seats:
        if match.is_human(seat):
            names.append(match.name(seat) or "?")
        else:
            names.append(level_words(match.computer_level(seat) or ""))
    named = [n for n in names if n != "?"]
    return " & ".join(named) or "?"


def secret_refusal(game: Game) -> str:
    """Why an unfinished game that hides things has no PGN yet."""
    return (
        f"A game of {game.title} hides what a player may not see while it goes on: "
        "its PGN can be made once the game is over."
    )


def export(match: Match, date: str | None = None) -> str:
    """The match as PGN text (see the module's docstring); PgnError for an
    unfinished game that hides something. ``date``: the game's, as PGN writes
    it ("2026.11.27"), where the caller knows it."""
    game = match.game
    over = match.is_over()
    if not over and _has_secrets(game):
        raise PgnError(secret_refusal(game))
    standard = is_standard(game)
    sides = [game.side_of(s) for s in range(len(game.seats))]
    tags = [
        ("Event", f"{game.title} game"),
        ("Site", "Chess Variants"),
        ("Date", date or "????.??.??"),
        ("Round", "-"),
        ("White", _player(match, [s for s, side in enumerate(sides) if side == 0])),
        ("Black", _player(match, [s for s, side in enumerate(sides) if side == 1])),
        ("Result", result_tag(match)),
    ]
    if standard:
        start = match.start if match.start is not None else match.initial_state().to_text()
        if game.id == "chess960":
            tags.append(("Variant", "Chess960"))
        if game.id == "chess960" or match.start is not None:
            tags += [("SetUp", "1"), ("FEN", start)]
    else:
        tags += [
            ("Variant", game.title),
            ("Options", json.dumps(match.options, sort_keys=True, ensure_ascii=False)),
            ("Seed", str(match.seed)),
        ]
        if match.start is not None:
            tags.append(("Position", match.start))
    if match.clock is not None:  # PGN's own: seconds + increment
        clock = match.clock
        tags.append(("TimeControl", f"{_seconds(clock.base)}+{_seconds(clock.increment)}"))
    last = match.records[-1].step if match.records else {}
    if "flag" in last:
        tags.append(("Termination", TIME_FORFEIT))
    elif "result" not in last:  # a result given with no reason: none is stated
        tags.append(("Termination", "normal" if over else "unterminated"))
    result = match.state.result()
    if result is not None and len(_teams(game)) != 2:
        tags.append(("Outcome", result.headline(game)))
    ending = _ending(match)
    tokens = _movetext(match) + ([f"{{{ending}}}"] if ending else []) + [result_tag(match)]
    return "\n".join(_tag(k, v) for k, v in tags) + "\n\n" + _wrap(tokens) + "\n"


def _ending(match: Match) -> str | None:
    """The comment before the result of a game that did not end on the
    board: "White resigns.", "Draw agreed.", "White ran out of time."."""
    last = match.records[-1].step if match.records else {}
    seats = match.game.seats
    if "resign" in last:
        return f"{seats[last['resign']]} resigns."
    if "draw" in last:
        return "Draw agreed."
    if "flag" in last:
        return f"{match.state.result().reason}."
    return None


def date_of(path: Any) -> str | None:
    """The PGN date of a saved game: the day its file was last written."""
    import datetime
    import os

    try:
        when = datetime.datetime.fromtimestamp(os.stat(path).st_mtime)
    except (OSError, ValueError, OverflowError):
        return None
    return when.strftime("%Y.%m.%d")


def _movetext(match: Match) -> list[str]:
    """The steps as tokens, a move number before the first step it counts."""
    numbers = _chess_numbers(match) if is_standard(match.game) else match.round_numbers()
    tokens: list[str] = []
    shown = None
    clocked = _last_moves(match) if match.clock is not None else set()
    for index, (record, number) in enumerate(zip(match.records, numbers, strict=False)):
        step = record.step
        if any(k in step for k in ("resign", "draw", "flag", "result")):
            break
        token = TOGETHER.join(escape(step[s]) for s in sorted(step))
        if index in clocked:  # the seats' times left at the end, as [%clk] says them
            token += (
                " {" + " ".join(f"[%clk {_clk(match.clock.left[s])}]" for s in sorted(step)) + "}"
            )
        if number is not None and number != shown:  # kept on the line of its move
            black_first = not tokens and len(step) == 1 and match.game.side_of(next(iter(step)))
            token = f"{number}{'...' if black_first else '.'} {token}"
            shown = number
        tokens.append(token)
    return tokens


def _last_moves(match: Match) -> set[int]:
    """The steps after which every seat that chose in it chose no more:
    their clocks show what those seats had left at the end. Not a step of
    a seat whose flag fell: it had time then, and ran out after it."""
    flagged = match.records[-1].step.get("flag") if match.records else None
    last: dict[Seat, int] = {}
    for index, record in enumerate(match.records):
        for seat in record.step:
            if isinstance(seat, int):
                last[seat] = index
    return {
        i
        for i, record in enumerate(match.records)
        if record.step
        and flagged not in record.step
        and all(last.get(s) == i for s in record.step if isinstance(s, int))
    }


def _clk(seconds: float) -> str:
    seconds = max(0.0, seconds)
    hours, rest = divmod(seconds, 3600)
    return f"{int(hours)}:{int(rest // 60):02d}:{rest % 60:04.1f}"


def _chess_numbers(match: Match) -> list[int]:
    """Each move's number as its FEN counts it, from the start's move number."""
    number = int(match.initial_state().to_text().split()[5])
    numbers = []
    for record in match.records:
        numbers.append(number)
        if 1 in record.step:  # Black moved: the next move is White's next number
            number += 1
    return numbers


def _wrap(tokens: list[str]) -> str:
    lines: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > LINE and not token.startswith("%"):
            lines.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    lines.append(line)
    return "\n".join(lines)


# -- in ----------------------------------------------------------------------------
_TAG = re.compile(r'\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]')
_NUMBER = re.compile(r"\d+\.+")
_VARIANTS = {
    "": "chess",
    "standard": "chess",
    "chess": "chess",
    "from position": "chess",
    "chess960": "chess960",
    "chess 960": "chess960",
    "fischerandom": "chess960",
    "fischer random": "chess960",
}


def _untag(value: str) -> str:
    return re.sub(r"\\(.)", lambda m: "\n" if m.group(1) == "n" else m.group(1), value)


def read(text: Any) -> tuple[dict[str, str], list[str], str | None]:
    """The first game of a PGN text: its tags, its move tokens (escaped as
    written) and the result that ends its movetext (None if none does)."""
    lines = _checked(text).splitlines(keepends=True)
    tags: dict[str, str] = {}
    index = 0  # the tag section: [Name "value"] lines, blank and comment lines
    while index < len(lines):
        stripped = lines[index].strip()
        if stripped and stripped[0] not in "%;[":
            break
        found = _TAG.findall(stripped)
        if stripped.startswith("[") and (not found or _TAG.sub("", stripped).strip()):
            raise PgnError(f"This PGN has a tag it cannot read: {short(stripped, 60)}.")
        for name, value in found:
            tags.setdefault(name, _untag(value))
        index += 1
    body = "".join(lines[index:])
    tokens, end = _moves(body)
    if not tags and not tokens and end is None:
        raise PgnError("This is not a PGN text: it has no tags and no moves.")
    if not tags and not _NUMBERED.search(body):
        # Noise, a letter: not a game with an illegal first move.
        raise PgnError("This is not a PGN text: it has no tags and no numbered moves.")
    return tags, tokens, end


_NUMBERED = re.compile(r"(?<![\w.])\d+\s*\.")  # a move number: "1." or "12..."


def _checked(text: Any) -> str:
    """The text, if it can be a PGN at all."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8-sig")
        except UnicodeDecodeError:
            # The PGN standard's own character set is ISO 8859-1 (Latin-1);
            # text in it is read, binary data is refused below.
            text = text.decode("latin-1")
            if any(0x7F <= ord(c) < 0xA0 for c in text):
                raise PgnError("This is not a PGN text: it is not readable text.") from None
    if not isinstance(text, str):
        raise PgnError("This is not a PGN text.")
    text = text.rstrip("\x1a")  # the end-of-file mark of old DOS files
    if len(text) > TEXT_MAX:
        raise PgnError(f"This PGN is too long to read (over {TEXT_MAX:,} characters).")
    if any(ord(c) < 32 and c not in "\t\n\r\f\v" for c in text):
        raise PgnError("This is not a PGN text: it holds binary data.")
    text = text.lstrip("\ufeff")
    if not text.strip():
        raise PgnError("This PGN is empty: there is no game in it.")
    return text


_MOVETEXT = re.compile(
    r"(?P<skip>(?m:^%[^\n]*)|;[^\n]*|\{[^}]*\}|\$\d+)"
    r"|(?P<open>\()|(?P<close>\))"
    r"|(?P<token>[^\s{}();\[\]]+)"
    r"|(?P<bad>\S)"
)
_BAD = {
    "{": "a comment that never ends (a { without its })",
    "}": "a } with no { before it (comments do not nest)",
}


_CLK = re.compile(r"\[%clk\s+(\d{1,3}):(\d{1,2}):(\d{1,2}(?:\.\d{1,6})?)\]")


def comments(text: Any) -> tuple[dict[int, list[float]], str]:
    """What the main line's comments tell: the seconds left after each move
    (counted from 1) that its ``[%clk H:MM:SS]`` comments give (lichess and
    others write them; one for each seat of a step chosen together), and
    the comment after the last move ("White resigns.": how the game ended),
    "" if none."""
    lines = _checked(text).splitlines(keepends=True)
    index = 0
    while index < len(lines) and (not lines[index].strip() or lines[index].strip()[0] in "%;["):
        index += 1
    times: dict[int, list[float]] = {}
    moves = depth = 0
    last = ""
    for found in _MOVETEXT.finditer("".join(lines[index:])):
        kind, token = found.lastgroup, found.group(0)
        if kind in ("open", "close"):
            depth += 1 if kind == "open" else -1
        elif depth or kind == "bad":
            continue
        elif kind == "token" and token in RESULTS:
            break
        elif kind == "token":
            moves += 0 if _NUMBER.fullmatch(token) else 1
            last = ""
        elif kind == "skip" and token.startswith("{"):
            if clocks := _CLK.findall(token):
                times[moves] = [int(h) * 3600 + int(m) * 60 + float(sec) for h, m, sec in clocks]
            else:
                last = token[1:-1].strip()
    return times, last


def _named_ending(comment: str, game: Game) -> str:
    """The ending a last comment names, as the Agreement tag of our older
    exports did ("White resigns", "draw", "White ran out of time"), else ""."""
    words = comment.rstrip(".").strip()
    if words == "Draw agreed":
        return "draw"
    for seat in game.seats:
        if words == f"{seat} resigns" or words.startswith(f"{seat}{FLAGGED}"):
            return words if words.endswith("resigns") else f"{seat}{FLAGGED}"
    return ""


def _moves(body: str) -> tuple[list[str], str | None]:
    """The move tokens of a movetext and the result that ends it."""
    tokens: list[str] = []
    depth = 0  # inside a variation
    for found in _MOVETEXT.finditer(body):
        kind, token = found.lastgroup, found.group(0)
        if kind == "bad":
            what = _BAD.get(token, f"a character it cannot read among its moves ({token})")
            raise PgnError(f"This PGN has {what}.")
        if kind == "open" or kind == "close":
            depth += 1 if kind == "open" else -1
            if depth < 0:
                raise PgnError("This PGN has a ) with no ( before it.")
        if kind != "token" or depth:
            continue
        if token in RESULTS:
            return tokens, token
        token = token[_NUMBER.match(token).end() :] if _NUMBER.match(token) else token
        if token.rstrip("!?"):
            tokens.append(token.rstrip("!?"))
        if len(tokens) > MOVES_MAX:
            raise PgnError(f"This PGN is too long to replay (over {MOVES_MAX:,} moves).")
    if depth:
        raise PgnError("This PGN has a variation that never ends (a ( without its )).")
    return tokens, None


def _game_of(tags: dict[str, str]) -> Game:
    variant = tags.get("Variant", "").strip()
    game_id = _VARIANTS.get(variant.lower())
    if game_id is None:
        from game import games

        games.load_all()
        for game in games.REGISTRY.values():
            if variant.lower() in (game.id, game.title.lower()):
                game_id = game.id
    if game_id is None:
        raise PgnError(f"This PGN is of a game this version does not have ({short(variant)}).")
    return find_game(game_id)


def import_pgn(text: Any) -> Match:
    """The first game of a PGN text replayed through the rules, as a match
    of people at the position it reached; PgnError otherwise."""
    tags, tokens, end = read(text)
    game = _game_of(tags)
    options: Any = None
    seed = 0
    start = None
    if is_standard(game):
        if tags.get("FEN") or tags.get("SetUp") == "1":
            start = tags.get("FEN", "")
        elif game.id == "chess960":  # no FEN: the orthodox start, Chess960's number 518
            options = {"start": "number", "number": 518}
    else:
        try:
            options = json.loads(tags.get("Options", "{}"))
            if not isinstance(options, dict):
                raise ValueError(options)
            options = game.normalize_options(options)
        except (ValueError, TypeError, RecursionError):
            raise PgnError(f"This PGN's options are not ones {game.title} has.") from None
        raw_seed = tags.get("Seed", "0").strip()
        if not re.fullmatch(r"-?\d{1,19}", raw_seed) or abs(int(raw_seed)) >= SEED_MAX:
            raise PgnError("This PGN's seed (the number behind its deals) is unreadable.")
        seed = int(raw_seed)
        start = tags.get("Position")
    if start is not None:
        try:
            game.start_from(start)
        except ValueError as e:
            raise PgnError(
                f"This PGN's start position cannot be played: {short(e, 100)}."
            ) from None
    try:
        match = Match(game.id, options, seed, None, start, _names(game, tags))
    except (ValueError, TypeError, OverflowError):
        raise PgnError(f"This PGN's settings cannot start a game of {game.title}.") from None
    for index, token in enumerate(tokens, 1):
        _play(match, token, index)
    # After the replay (each step would run it), before the ending: only a
    # game with a clock can be lost on time.
    match.clock = _clock(game, match.options, tags.get("TimeControl"))
    times, last = comments(text)
    if match.clock is not None:  # the times left its [%clk] comments give
        for n, record in enumerate(match.records, 1):
            seats = sorted(s for s in record.step if isinstance(s, int))
            if len(times.get(n, ())) == len(seats):
                for seat, left in zip(seats, times[n], strict=True):
                    match.clock.left[seat] = max(0.0, left)
    _finish(match, tags, end, _named_ending(last, game))
    return match


def _clock(game: Game, options: dict[str, Any], control: str | None) -> Clock | None:
    """The clock of a ``TimeControl`` tag ("300+3": seconds + increment) at
    full time (the times left are not in PGN); None for none, "-", or a
    control that is not one of ours (a PGN from elsewhere plays on without)."""
    number = r"(\d{1,6}(?:\.\d{1,6})?)"
    m = re.fullmatch(rf"\s*{number}(?:\+{number})?\s*", control or "")
    if m is None or not offers_clock(game, options):
        return None
    base, increment = float(m.group(1)), float(m.group(2) or 0)
    if not MIN_SECONDS <= base <= MAX_MINUTES * 60 or increment > MAX_INCREMENT:
        return None
    return Clock.new(base, increment, len(game.seats))


def _seconds(value: float) -> str:
    """Seconds as the TimeControl tag writes them: no exponent, at most the
    six decimals ``_clock`` reads."""
    return f"{value:.6f}".rstrip("0").rstrip(".")


def _names(game: Game, tags: dict[str, str]) -> list[str] | None:
    if len(game.seats) != 2:
        return None
    names = [tags.get("White", ""), tags.get("Black", "")]
    return ["" if n.strip() in ("?", "-") or n.startswith("Computer (") else n for n in names]


def _play(match: Match, token: str, index: int) -> None:
    state = match.state
    rounds = match._rounds()
    counted = None if state.is_over() else state.count_round(rounds)
    which = f"move {counted.number} ({short(token)})" if counted else f"move {short(token)}"
    if state.is_over():
        raise PgnError(f"This PGN is damaged: {which} comes after the end of the game.")
    seats = sorted(state.to_act())
    parts = token.split(TOGETHER) if len(seats) > 1 else [token]
    if len(parts) != len(seats):
        raise PgnError(
            f"This PGN cannot be replayed: {which} should name the choices of "
            f"{len(seats)} players made at once."
        )
    try:
        texts = [unescape(part) for part in parts]
        if any(len(text) > MAX_MOVE_TEXT for text in texts):  # no notation is that long
            raise IllegalAction(token)
        match.play(
            {seat: state.parse_action(text, seat) for seat, text in zip(seats, texts, strict=True)}
        )
    except IllegalAction:
        raise PgnError(
            f"This PGN cannot be replayed: {which} is not allowed in its position."
        ) from None


def _finish(match: Match, tags: dict[str, str], end: str | None, named: str = "") -> None:
    """The ending the PGN names (its last comment, or the Agreement tag of
    our older exports), or the one its result and Termination imply, and
    the result checked against the moves."""
    said = tags.get("Result", end or "*").strip()
    if said not in RESULTS:
        raise PgnError(f"This PGN's result is unreadable ({short(said)}).")
    if end is not None and end != said:
        raise PgnError(f"This PGN contradicts itself: its result tag says {said}, its moves {end}.")
    agreement = tags.get("Agreement", "").strip() or named
    game = match.game
    on_time = agreement.endswith(FLAGGED) or (
        not agreement and tags.get("Termination", "").strip().lower() == TIME_FORFEIT
    )
    if on_time and match.clock is None:
        raise PgnError(
            "This PGN says a player ran out of time, but its game has no clock "
            "(no TimeControl tag this game can play)."
        )
    termination = tags.get("Termination", "").strip().lower()
    try:
        if agreement == "draw":  # the Agreement tag of our older exports
            match.agree_draw()
        elif agreement.endswith(" resigns") and agreement[: -len(" resigns")] in game.seats:
            match.resign(game.seats.index(agreement[: -len(" resigns")]))
        elif agreement.endswith(FLAGGED) and agreement[: -len(FLAGGED)] in game.seats:
            match.flag(game.seats.index(agreement[: -len(FLAGGED)]))  # game/clock.py
        elif agreement:
            raise PgnError(f"This PGN names an ending it cannot read ({short(agreement)}).")
        elif not match.is_over() and said != "*" and len(_teams(game)) == 2:
            loser = _teams(game)[1 if said == "1-0" else 0][0]
            acting = match.to_act()
            if on_time and said == "1/2-1/2" and len(acting) == 1:
                match.flag(acting[0])  # a drawn flag: the clock ran for the seat to act
            elif on_time:
                match.flag(loser)
            elif termination == "normal" and said == "1/2-1/2":
                match.agree_draw()  # as chess programs write an agreed draw
            elif termination == "normal":
                match.resign(loser)  # and a resignation
            else:
                match.record_result(said)  # no reason stated: none invented
    except IllegalAction:
        raise PgnError(
            "This PGN is damaged: it names an ending after the end of the game."
        ) from None
    if result_tag(match) != said:
        raise PgnError(
            f"This PGN's result ({said}) is not how its moves end ({result_tag(match)}). "
            "The file may have been edited or damaged."
        )


def open_file(path: Any) -> Match:
    """``import_pgn`` of a file (a PGN file someone chose or typed the path of)."""
    import stat
    from pathlib import Path

    from game.saves import read_regular

    typed = str(path).strip().strip('"')
    path = Path(typed)
    name = short(path.name)
    # The Load screen fills in the PGN folder, which exists once a PGN is saved.
    folder_only = typed.endswith(("/", os.sep))
    try:
        info = path.stat()
        if stat.S_ISDIR(info.st_mode):
            raise PgnError(f"“{name}” is a folder, not a PGN file.")
        if not stat.S_ISREG(info.st_mode):
            raise PgnError(f"“{name}” is not a file with a game in it.")
        if info.st_size > TEXT_MAX * 4:
            raise PgnError(f"“{name}” is too big to be a PGN of one game.")
        raw = read_regular(path, TEXT_MAX * 4)
    except PgnError:
        raise  # a ValueError too, but its words are the right ones
    except FileNotFoundError:
        if folder_only:
            raise PgnError(
                f"No file was named: type the PGN file's name after “{name}/”."
            ) from None
        raise PgnError(f"There is no file “{name}” there.") from None
    except ValueError:  # a NUL byte: no file path can hold one
        raise PgnError(f"“{name.replace(chr(0), '')}”: that is not a file path.") from None
    except OSError as e:
        why = f" ({e.strerror})" if e.strerror else ""
        raise PgnError(f"“{name}” could not be read{why}.") from None
    return import_pgn(raw)
