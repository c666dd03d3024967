"""Chess cards: a card per piece (and checker cards), and the places they lie.

The deck follows Appendix A of the chess-kit rules: each side has 8 pawns,
2 knights, 2 bishops, 2 rooks, a queen, a king and 4 checker cards, and the
non-pawn pieces carry a "gap" (how many empty squares to leave before the
piece when cards lay out a board). Games build the decks they need with
``deck`` and keep every place a card can lie in one ``Table``, a single field
of their state. Shuffling is only ever done with the random generator passed
in (the state's seeded one), so a replay deals the same cards.

Secrets follow the State protocol: ``Table.hide(seat)`` blanks (None) every
card the seat may not see, keeping the counts; ``Table.fill(seat, rng,
universe)`` deals the blanks back at random from the cards the seat cannot
account for.

Position text: places in layout order, separated by spaces, each
``name:cards`` with one letter per card (``Card.letter``: P N B R Q K C,
upper case White, lower case Black), ``?`` for a card not known in a view and
``-`` for an empty place, e.g. ``draw:????? hand0:Qk hand1:?? line:- discard:Cn``.
A place's cards are written in list order: a pile from bottom to top (its
last card is the top), a line left to right, a hand as held.
"""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import NamedTuple

KINDS = ("pawn", "knight", "bishop", "rook", "queen", "king", "checker")
LETTERS = {
    "pawn": "P",
    "knight": "N",
    "bishop": "B",
    "rook": "R",
    "queen": "Q",
    "king": "K",
    "checker": "C",
}
KIND_OF_LETTER = {letter: kind for kind, letter in LETTERS.items()}

# Appendix A: one side's whole deck, and the gap before each non-pawn piece.
FULL_DECK = {
    "pawn": 8,
    "knight": 2,
    "bishop": 2,
    "rook": 2,
    "queen": 1,
    "king": 1,
    "checker": 4,
}
GAPS = {"knight": 1, "bishop": 2, "rook": 3, "queen": 5, "king": 6}

# Per-side counts the games deal from (pass one to ``deck``).
PIECES = {kind: n for kind, n in FULL_DECK.items() if kind != "checker"}  # 16: the army
NON_PAWNS = {kind: n for kind, n in PIECES.items() if kind != "pawn"}  # 8: Chess Golf
ONE_OF_EACH_NON_PAWN = dict.fromkeys(NON_PAWNS, 1)  # 5: Two Move Chess
ONE_OF_EACH = dict.fromkeys(KINDS, 1)  # 7: Telepathic Chess
PIECES_AND_TWO_CHECKERS = {**PIECES, "checker": 2}  # 18: Tar Pit Chess

UNKNOWN = "?"
EMPTY = "-"


class Card(NamedTuple):
    side: int  # 0 White, 1 Black
    kind: str  # one of KINDS

    @property
    def letter(self) -> str:
        letter = LETTERS[self.kind]
        return letter if self.side == 0 else letter.lower()

    @property
    def gap(self) -> int | None:
        """Empty squares to leave before this piece when laying out (None: no gap)."""
        return GAPS.get(self.kind)

    @property
    def is_piece(self) -> bool:
        return self.kind != "checker"

    @staticmethod
    def from_letter(char: str) -> Card:
        kind = KIND_OF_LETTER.get(char.upper()) if len(char) == 1 else None
        if kind is None:
            raise ValueError(f"no card has the letter {char!r}")
        return Card(0 if char.isupper() else 1, kind)

    def __str__(self) -> str:
        return self.letter


def deck(counts: Mapping[str, int] = FULL_DECK, sides: Iterable[int] = (0, 1)) -> list[Card]:
    """The cards ``counts`` names (per side) for each of ``sides``, in a fixed
    order: side by side, kinds in KINDS order. Shuffle with the state's rng."""
    out: list[Card] = []
    for side in sides:
        if side not in (0, 1):
            raise ValueError(f"a card's side is 0 (White) or 1 (Black), not {side!r}")
        for kind in KINDS:
            n = counts.get(kind, 0)
            if n < 0:
                raise ValueError(f"negative count {n} for {kind}")
            out.extend([Card(side, kind)] * n)
    unknown = set(counts) - set(KINDS)
    if unknown:
        raise ValueError(f"no card kind {sorted(unknown)}; expected some of {KINDS}")
    return out


def cards_text(cards: Iterable[Card | None]) -> str:
    """Letters for ``cards``, ``?`` for an unknown one, ``-`` for none."""
    text = "".join(UNKNOWN if c is None else c.letter for c in cards)
    return text or EMPTY


def parse_cards(text: str) -> list[Card | None]:
    """The inverse of ``cards_text``."""
    if text == EMPTY:
        return []
    return [None if ch == UNKNOWN else Card.from_letter(ch) for ch in text]


# --------------------------------------------------------------------- places
_NAME = re.compile(r"[a-z][a-z0-9_]*")


@dataclass(frozen=True)
class Place:
    """Where cards can lie, and who may see their faces.

    ``seen_by``: None for face up to everyone (a face-up line, a discard
    pile); a set of seats for a hand (its owner, or a team); the empty set
    for face down to everyone (the draw pile, cards set aside unseen)."""

    name: str
    seen_by: frozenset[int] | None = None

    def __post_init__(self) -> None:
        if not _NAME.fullmatch(self.name):
            raise ValueError(f"place name {self.name!r}: lower-case letters, digits and _")

    @classmethod
    def face_up(cls, name: str) -> Place:
        return cls(name, None)

    @classmethod
    def face_down(cls, name: str) -> Place:
        return cls(name, frozenset())

    @classmethod
    def hand(cls, name: str, *seats: int) -> Place:
        if not seats:
            raise ValueError("a hand is seen by at least one seat")
        return cls(name, frozenset(seats))

    def visible_to(self, seat: int) -> bool:
        return self.seen_by is None or seat in self.seen_by


class CardCountError(ValueError):
    """The blanks of a view cannot be dealt from the universe given."""


class Table:
    """Every place of a game's cards: ordered lists of ``Card`` (None for a
    card unknown in a view), one per ``Place`` of the layout."""

    __slots__ = ("places", "_cards")
    __hash__ = None  # type: ignore[assignment]  # mutable

    def __init__(
        self, places: Sequence[Place], contents: Mapping[str, Iterable[Card | None]] | None = None
    ):
        contents = contents or {}
        self.places: dict[str, Place] = {}
        for place in places:
            if place.name in self.places:
                raise ValueError(f"two places are called {place.name!r}")
            self.places[place.name] = place
        unknown = set(contents) - set(self.places)
        if unknown:
            raise ValueError(f"no place {sorted(unknown)} in this table")
        self._cards: dict[str, list[Card | None]] = {
            name: list(contents.get(name, ())) for name in self.places
        }

    # -- reading ---------------------------------------------------------------
    def cards(self, place: str) -> tuple[Card | None, ...]:
        """The cards of ``place`` as this table holds them (top/right last)."""
        return tuple(self._list(place))

    def count(self, place: str) -> int:
        return len(self._list(place))

    def counts(self) -> dict[str, int]:
        return {name: len(cards) for name, cards in self._cards.items()}

    def top(self, place: str) -> Card | None:
        """The last card of ``place`` (the top of a pile); IndexError if empty."""
        cards = self._list(place)
        if not cards:
            raise IndexError(f"{place} is empty")
        return cards[-1]

    def seen(self, place: str, seat: int) -> tuple[Card | None, ...]:
        """The cards of ``place`` as ``seat`` sees them: None for each card it
        may not see (what a UI draws as a card back)."""
        cards = self._list(place)
        if self.places[place].visible_to(seat):
            return tuple(cards)
        return (None,) * len(cards)

    def all_cards(self) -> list[Card | None]:
        """Every card in layout order, unknown ones as None."""
        return [c for cards in self._cards.values() for c in cards]

    # -- moving ------------------------------------------------------------------
    def put(self, place: str, card: Card | None, at: int | None = None) -> None:
        """Add ``card`` to ``place``: at the end (the top, the right) by
        default, or before index ``at`` (0: the start, the left)."""
        if card is not None and not isinstance(card, Card):
            raise TypeError(f"not a card: {card!r}")
        cards = self._list(place)
        if at is None:
            cards.append(card)
        else:
            if not -len(cards) <= at <= len(cards):
                raise IndexError(f"index {at} outside {place} ({len(cards)} cards)")
            cards.insert(at, card)

    def extend(self, place: str, cards: Iterable[Card | None]) -> None:
        for card in cards:
            self.put(place, card)

    def take(self, place: str, index: int = -1) -> Card | None:
        """Remove and return the card at ``index`` (default the top/last)."""
        cards = self._list(place)
        if not cards:
            raise IndexError(f"{place} is empty")
        return cards.pop(index)

    def take_card(self, place: str, card: Card) -> int:
        """Remove one ``card`` (the one nearest the top/end) from ``place``;
        return the index it had. ValueError if it is not there."""
        cards = self._list(place)
        for i in range(len(cards) - 1, -1, -1):
            if cards[i] == card:
                del cards[i]
                return i
        raise ValueError(f"{card.letter} is not in {place}")

    def move(self, source: str, dest: str, index: int = -1, at: int | None = None) -> Card | None:
        """Take the card at ``index`` of ``source`` and put it in ``dest``
        (at the end, or before index ``at``); return it."""
        card = self.take(source, index)
        self.put(dest, card, at)
        return card

    def draw(self, source: str, dest: str, n: int = 1) -> list[Card | None]:
        """Move ``n`` cards one by one from the top of ``source`` to the end of
        ``dest``; return them in the order drawn. IndexError (and no change)
        if ``source`` holds fewer than ``n``."""
        if n > self.count(source):
            raise IndexError(f"cannot draw {n} from {source} ({self.count(source)} cards)")
        return [self.move(source, dest) for _ in range(n)]

    def clear(self, place: str) -> list[Card | None]:
        """Empty ``place``; return what it held."""
        cards = self._list(place)
        out = list(cards)
        cards.clear()
        return out

    def shuffle(self, place: str, rng: random.Random) -> None:
        """Shuffle ``place`` with ``rng`` (the state's seeded generator; a view
        has none, so shuffling in a view fails loudly)."""
        if not isinstance(rng, random.Random):
            raise TypeError("shuffle needs the state's random generator")
        rng.shuffle(self._list(place))

    # -- secrets -----------------------------------------------------------------
    def hide(self, seat: int) -> bool:
        """Blank (None) every card ``seat`` may not see, keeping the counts.
        True if any place holds cards hidden from ``seat``."""
        hidden = False
        for name, place in self.places.items():
            cards = self._cards[name]
            if cards and not place.visible_to(seat):
                cards[:] = [None] * len(cards)
                hidden = True
        return hidden

    def unknown_count(self) -> int:
        return sum(c is None for c in self.all_cards())

    def fill(self, seat: int, rng: random.Random, universe: Iterable[Card]) -> None:
        """Deal the blanks of a view: the cards of ``universe`` (a multiset,
        every card of the game) that are not seen anywhere on this table go
        into the unknown slots in a uniformly random arrangement drawn with
        ``rng``. CardCountError if the counts cannot match."""
        del seat  # the blanks of this view already mark what the seat could not see
        missing = Counter(universe)
        missing.subtract(c for c in self.all_cards() if c is not None)
        extra = sorted(c.letter for c, n in missing.items() if n < 0 for _ in range(-n))
        if extra:
            raise CardCountError(f"cards on the table that the universe lacks: {''.join(extra)}")
        pool = sorted(missing.elements())  # fixed order: the result depends on rng alone
        blanks = self.unknown_count()
        if len(pool) != blanks:
            raise CardCountError(
                f"{blanks} unknown cards but {len(pool)} cards of the universe are unseen"
            )
        rng.shuffle(pool)
        deal = iter(pool)
        for cards in self._cards.values():
            for i, card in enumerate(cards):
                if card is None:
                    cards[i] = next(deal)

    # -- copies, text, comparison ----------------------------------------------
    def copy(self) -> Table:
        return Table(tuple(self.places.values()), self._cards)

    def to_text(self) -> str:
        return " ".join(f"{name}:{cards_text(cards)}" for name, cards in self._cards.items())

    @classmethod
    def from_text(cls, text: str, places: Sequence[Place]) -> Table:
        """Read ``to_text``'s format for the layout ``places`` (every place
        once, in any order); ValueError on anything else."""
        layout = {p.name for p in places}
        contents: dict[str, list[Card | None]] = {}
        for field in text.split():
            name, colon, letters = field.partition(":")
            if not colon or not letters:
                raise ValueError(f"{field!r} is not place:cards")
            if name not in layout:
                raise ValueError(f"no place {name!r}; expected {sorted(layout)}")
            if name in contents:
                raise ValueError(f"place {name!r} given twice")
            contents[name] = parse_cards(letters)
        missing = layout - set(contents)
        if missing:
            raise ValueError(f"places missing from {text!r}: {sorted(missing)}")
        return cls(places, contents)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Table):
            return NotImplemented
        return self.places == other.places and self._cards == other._cards

    def __repr__(self) -> str:
        return f"Table({self.to_text()!r})"

    def _list(self, place: str) -> list[Card | None]:
        try:
            return self._cards[place]
        except KeyError:
            raise KeyError(f"no place {place!r}; this table has {list(self._cards)}") from None
