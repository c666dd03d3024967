"""The inventor's notation for Mulligan Stew Chess, both ways
(rules/mulligan_stew.md, "Notation"): ``Cd5``, ``P:a5``, ``Mb3`` (a drop),
``Md1@Kb3`` (a swap: the Mage's new square, then the piece it swapped with
and that piece's new square), ``e7=Q``, ``+`` for taking a king and ``++``
for taking the last one; ours: ``--`` for a part declined."""

from __future__ import annotations

from game.engine.notation import disambiguation
from game.games.mulligan_stew.actions import SKIP_TEXT, Drop, Move, Promote, Skip, Swap
from game.games.mulligan_stew.tables import GEO, LETTERS


def describe(state, action, actions=None) -> str:
    """``action`` in notation; ``state`` is the position before it and
    ``actions`` its legal actions (worked out if not given)."""
    if actions is None:
        actions = state.legal_actions(state.turn)
    board = state.board
    t = type(action)
    if t is Skip:
        return SKIP_TEXT
    if t is Drop:
        letter = LETTERS.letter_of[action.kind]
        # "Mb3" would read as a move when a Mage on the board can go there too.
        clash = any(
            type(a) is Move
            and a.to == action.to
            and board[a.frm] is not None
            and board[a.frm].kind == action.kind
            for a in actions
        )
        return f"{letter}{'@' if clash else ''}{GEO.name(action.to)}"
    if t is Swap:
        other = board[action.to]
        letter = "" if other.kind == "pawn" else LETTERS.letter_of[other.kind]
        return f"M{GEO.name(action.to)}@{letter}{GEO.name(action.frm)}"
    if t is Promote:
        return f"{GEO.name(action.square)}={LETTERS.letter_of[action.kind]}"
    piece = board[action.frm]
    victim = board[action.to]
    capture = victim is not None
    to = GEO.name(action.to)
    promotion = getattr(action, "promotion", None)
    rivals = [
        a.frm
        for a in actions
        if type(a) is t
        and a.to == action.to
        and a.frm != action.frm
        and board[a.frm].kind == piece.kind
        and getattr(a, "promotion", None) == promotion
    ]
    dis = disambiguation(GEO, action.frm, rivals)
    if piece.kind == "pawn" and not capture and not dis:
        text = to
    else:
        text = LETTERS.letter_of[piece.kind] + dis + (":" if capture else "") + to
    if promotion:
        text += "=" + LETTERS.letter_of[promotion]
    if capture and victim.kind == "king":
        text += "++" if len(state.kings(victim.side)) == 1 else "+"
    return text


def parse(state, text: str):
    """The legal action ``text`` names: the notation (``x`` for ``:`` and a
    missing ``+`` are accepted), the coordinate form of ``str(action)``, or
    a drop written ``M@b3``. None if none."""
    actions = state.legal_actions(state.turn)
    raw = text.strip()
    clean = raw.rstrip("+#!?").replace("x", ":")
    # Every action's notation names its target square: only those whose
    # target the text names are written out to compare.
    for a in actions:
        if a.to >= 0 and GEO.name(a.to) not in clean:
            continue
        if describe(state, a, actions).rstrip("+") == clean:
            return a
    lowered = raw.lower()
    for a in actions:
        if str(a) == lowered:
            return a
    dropped = len(clean) >= 3 and clean[1] == "@" and clean[0].isupper()
    if clean.upper().startswith("M@") or dropped:
        for a in actions:
            if type(a) is Drop and str(a).lower() == clean.lower():
                return a
    return None
