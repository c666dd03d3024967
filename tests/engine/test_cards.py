"""Chess cards (game.engine.cards): the Appendix A deck, the places cards lie
in, their text, shuffling, and hiding and dealing back for views and samples."""

from __future__ import annotations

import random
from collections import Counter
from itertools import permutations

import pytest

from game.engine import cards as C
from game.engine.cards import Card, CardCountError, Place, Table
from game.engine.protocol import Game, State

LAYOUT = (
    Place.face_down("draw"),
    Place.hand("hand0", 0),
    Place.hand("hand1", 1),
    Place.face_up("line"),
    Place.face_up("discard"),
    Place.face_down("aside"),
)


def dealt(seed: int = 1) -> Table:
    """The 32 piece cards shuffled, two to each hand, three in the line, two
    set aside unseen, one discarded."""
    table = Table(LAYOUT, {"draw": C.deck(C.PIECES)})
    table.shuffle("draw", random.Random(seed))
    table.draw("draw", "hand0", 2)
    table.draw("draw", "hand1", 2)
    table.draw("draw", "line", 3)
    table.draw("draw", "aside", 2)
    table.draw("draw", "discard")
    return table


# ------------------------------------------------------------------ the deck
def test_full_deck_per_side_follows_appendix_a():
    for side in (0, 1):
        counts = Counter(c.kind for c in C.deck(sides=(side,)))
        assert counts == {
            "pawn": 8,
            "knight": 2,
            "bishop": 2,
            "rook": 2,
            "queen": 1,
            "king": 1,
            "checker": 4,
        }
    whole = C.deck()
    assert len(whole) == 40
    assert Counter(c.side for c in whole) == {0: 20, 1: 20}


def test_gaps_follow_appendix_a():
    assert C.GAPS == {"knight": 1, "bishop": 2, "rook": 3, "queen": 5, "king": 6}
    assert Card(0, "queen").gap == 5
    assert Card(1, "king").gap == 6
    assert Card(0, "pawn").gap is None and Card(1, "checker").gap is None


def test_decks_the_games_need():
    assert len(C.deck(C.PIECES)) == 32  # Cooperative Chess
    assert len(C.deck(C.PIECES_AND_TWO_CHECKERS)) == 36  # Tar Pit
    assert len(C.deck(C.NON_PAWNS)) == 16  # Chess Golf
    assert C.deck(C.ONE_OF_EACH_NON_PAWN, sides=(0,)) == [
        Card(0, k) for k in ("knight", "bishop", "rook", "queen", "king")
    ]  # Two Move Chess, one side
    assert [c.letter for c in C.deck(C.ONE_OF_EACH, sides=(1,))] == list("pnbrqkc")  # Telepathic


def test_deck_order_is_fixed_and_bad_counts_are_refused():
    assert C.deck(C.PIECES) == C.deck(C.PIECES)
    assert C.deck({"queen": 1, "king": 1}) == [
        Card(0, "queen"),
        Card(0, "king"),
        Card(1, "queen"),
        Card(1, "king"),
    ]
    with pytest.raises(ValueError):
        C.deck({"amazon": 1})
    with pytest.raises(ValueError):
        C.deck({"pawn": -1})
    with pytest.raises(ValueError):
        C.deck(sides=(2,))


def test_letters_both_ways():
    for card in set(C.deck()):
        assert Card.from_letter(card.letter) == card
        assert card.letter.isupper() == (card.side == 0)
    assert Card(0, "checker").letter == "C" and Card(1, "knight").letter == "n"
    for bad in ("X", "", "PP", "?", "-"):
        with pytest.raises(ValueError):
            Card.from_letter(bad)


# ---------------------------------------------------------------- the places
def test_place_visibility():
    assert Place.face_up("line").visible_to(0) and Place.face_up("line").visible_to(1)
    assert not Place.face_down("draw").visible_to(0)
    hand = Place.hand("hand1", 1)
    assert hand.visible_to(1) and not hand.visible_to(0)
    team = Place.hand("team", 0, 2)
    assert team.visible_to(2) and not team.visible_to(1)
    with pytest.raises(ValueError):
        Place("Bad name")
    with pytest.raises(ValueError):
        Table([Place.face_up("a"), Place.face_down("a")])


def test_moves_between_places():
    table = Table(LAYOUT, {"draw": C.parse_cards("PNBRQK")})
    assert table.top("draw") == Card(0, "king")
    assert table.draw("draw", "hand0", 2) == [Card(0, "king"), Card(0, "queen")]
    assert table.cards("hand0") == (Card(0, "king"), Card(0, "queen"))
    table.move("hand0", "line", index=0)  # the king to the line
    table.move("draw", "line", at=0)  # the rook to the left end
    table.move("draw", "line", at=1)  # the bishop between them
    assert C.cards_text(table.cards("line")) == "RBK"
    assert table.take_card("line", Card(0, "bishop")) == 1
    table.put("discard", Card(1, "checker"))
    assert table.take("line", 0) == Card(0, "rook")
    assert table.counts() == dict(draw=2, hand0=1, hand1=0, line=1, discard=1, aside=0)
    with pytest.raises(IndexError):
        table.draw("draw", "hand1", 3)
    assert table.count("draw") == 2  # a draw that cannot be made changes nothing
    with pytest.raises(ValueError):
        table.take_card("line", Card(1, "queen"))
    with pytest.raises(KeyError):
        table.count("nowhere")
    with pytest.raises(IndexError):
        table.take("hand1")
    assert table.clear("draw") == [Card(0, "pawn"), Card(0, "knight")]
    assert table.count("draw") == 0


def test_copies_are_independent():
    table = dealt()
    twin = table.copy()
    assert twin == table and twin is not table
    twin.draw("draw", "hand0")
    twin.shuffle("line", random.Random(3))
    twin.put("discard", Card(0, "checker"), at=0)
    assert table == dealt()
    assert twin != table


# ------------------------------------------------------------------- the text
def test_text_round_trips():
    table = dealt()
    text = table.to_text()
    assert text.split()[0].startswith("draw:") and len(text.split()) == len(LAYOUT)
    assert Table.from_text(text, LAYOUT) == table
    assert Table.from_text(text, LAYOUT).to_text() == text
    empty = Table(LAYOUT)
    assert empty.to_text() == "draw:- hand0:- hand1:- line:- discard:- aside:-"
    assert Table.from_text(empty.to_text(), LAYOUT) == empty


def test_text_round_trips_with_unknowns():
    view = dealt()
    view.hide(0)
    text = view.to_text()
    assert "draw:" + "?" * 22 in text and "hand1:??" in text and "aside:??" in text
    assert Table.from_text(text, LAYOUT) == view


def test_text_example():
    table = Table.from_text("draw:PnBr hand0:Qk line:- discard:C", LAYOUT[:2] + LAYOUT[3:5])
    assert table.top("draw") == Card(1, "rook")
    assert table.cards("hand0") == (Card(0, "queen"), Card(1, "king"))
    assert table.count("line") == 0 and table.cards("discard") == (Card(0, "checker"),)


@pytest.mark.parametrize(
    "text",
    [
        "draw:PX hand0:- hand1:- line:- discard:- aside:-",  # no such card
        "draw:P hand0:- hand1:- line:- discard:-",  # a place missing
        "draw:P hand0:- hand1:- line:- discard:- aside:- deck:P",  # a place not in the layout
        "draw:P draw:P hand0:- hand1:- line:- discard:- aside:-",  # a place twice
        "draw: hand0:- hand1:- line:- discard:- aside:-",  # empty must be "-"
        "draw hand0:- hand1:- line:- discard:- aside:-",  # no colon
    ],
)
def test_bad_text_is_refused(text):
    with pytest.raises(ValueError):
        Table.from_text(text, LAYOUT)


# ---------------------------------------------------------------- shuffling
def test_shuffle_is_reproducible_from_the_seed():
    assert dealt(5) == dealt(5)
    assert dealt(5) != dealt(6)
    first = Table(LAYOUT, {"draw": C.deck()})
    second = Table(LAYOUT, {"draw": C.deck()})
    random.seed(1)
    first.shuffle("draw", random.Random(9))
    random.seed(2)  # the global generator plays no part
    second.shuffle("draw", random.Random(9))
    assert first == second


def test_shuffle_needs_a_generator():
    table = dealt()
    with pytest.raises(TypeError):
        table.shuffle("draw", None)  # what a view holds


# ------------------------------------------------------------ hide and fill
def test_hide_blanks_exactly_what_each_seat_may_not_see():
    real = dealt()
    for seat in (0, 1):
        view = real.copy()
        assert view.hide(seat) is True
        assert view.counts() == real.counts()
        for name, place in view.places.items():
            if place.visible_to(seat):
                assert view.cards(name) == real.cards(name), (seat, name)
            else:
                assert set(view.cards(name)) <= {None}, (seat, name)
            assert view.seen(name, seat) == view.cards(name)
        # a seat sees its own hand and never the draw pile or the cards set aside
        assert None not in view.cards(f"hand{seat}")
        assert set(view.cards(f"hand{1 - seat}")) == {None}
        assert set(view.cards("draw")) == {None} and set(view.cards("aside")) == {None}
        assert None not in view.cards("line") + view.cards("discard")


def test_hide_reports_nothing_hidden_when_secret_places_are_empty():
    table = Table(LAYOUT, {"line": C.parse_cards("QqK"), "hand0": C.parse_cards("N")})
    assert table.hide(0) is False
    assert table.hide(1) is True  # hand0 is secret to seat 1


def test_seen_gives_backs_for_secret_places():
    table = dealt()
    assert table.seen("hand1", 0) == (None, None)
    assert table.seen("hand1", 1) == table.cards("hand1")
    assert table.seen("draw", 1) == (None,) * table.count("draw")


def test_fill_is_consistent_with_the_view():
    universe = C.deck(C.PIECES)
    real = dealt()
    for seat in (0, 1):
        view = real.copy()
        view.hide(seat)
        for seed in range(20):
            sample = view.copy()
            sample.fill(seat, random.Random(seed), universe)
            assert sample.unknown_count() == 0
            assert Counter(sample.all_cards()) == Counter(universe)
            for name in view.places:
                for seen, drawn in zip(view.cards(name), sample.cards(name), strict=True):
                    if seen is not None:
                        assert drawn == seen
            assert sample.counts() == real.counts()


def test_fill_draws_every_arrangement_uniformly():
    # Seat 0 holds two cards; the rest of a six-card universe is unknown:
    # three in the draw pile and one in the other hand, 4!/2! = 12 ways.
    universe = C.parse_cards("NNbqRK")
    real = Table(LAYOUT, {"draw": C.parse_cards("Nbq"), "hand0": C.parse_cards("RK")})
    real.put("hand1", Card(0, "knight"))
    view = real.copy()
    view.hide(0)
    rng = random.Random(2024)
    tally: Counter[str] = Counter()
    samples = 2400
    for _ in range(samples):
        sample = view.copy()
        sample.fill(0, rng, universe)
        tally[C.cards_text(sample.cards("draw") + sample.cards("hand1"))] += 1
    arrangements = {"".join(p) for p in permutations("NNbq")}
    assert set(tally) == arrangements and len(arrangements) == 12
    expected = samples / len(arrangements)
    for count in tally.values():
        assert abs(count - expected) < 0.3 * expected  # about 4.5 standard deviations


def test_fill_with_a_fixed_seed_is_reproducible():
    view = dealt()
    view.hide(1)
    a, b = view.copy(), view.copy()
    a.fill(1, random.Random(4), C.deck(C.PIECES))
    b.fill(1, random.Random(4), reversed(C.deck(C.PIECES)))  # universe order plays no part
    assert a == b


def test_fill_refuses_counts_that_cannot_match():
    view = dealt()
    view.hide(0)
    with pytest.raises(CardCountError):
        view.copy().fill(0, random.Random(1), C.deck(C.PIECES)[:-1])  # one card short
    with pytest.raises(CardCountError):
        view.copy().fill(0, random.Random(1), C.deck(C.PIECES) + [Card(0, "queen")])
    with pytest.raises(CardCountError):  # a card seen on the table is not in the universe
        view.copy().fill(0, random.Random(1), C.deck(C.NON_PAWNS) + C.deck({"pawn": 8}, (1,)))


def test_a_view_cannot_predict_the_draw_pile():
    # Two games alike in everything but the order of the draw pile give the
    # same view, so nothing in a view tells the order.
    one, two = dealt(), dealt()
    cards = list(two.cards("draw"))
    two.clear("draw")
    two.extend("draw", reversed(cards))
    assert one != two
    for seat in (0, 1):
        v1, v2 = one.copy(), two.copy()
        v1.hide(seat)
        v2.hide(seat)
        assert v1 == v2 and v1.to_text() == v2.to_text()
        assert not hasattr(v1, "rng") and not hasattr(v1, "__dict__")


# ------------------------------------------------- through the State protocol
class DealGame(Game):
    id = "deal_test"
    title = "Deal"

    def new(self, options=None, seed: int = 0) -> DealState:
        state = DealState()
        state.game = self
        state.rng = random.Random(seed)
        state.table = Table(LAYOUT, {"draw": C.deck(C.PIECES)})
        state.table.shuffle("draw", state.rng)
        state.table.draw("draw", "hand0", 2)
        state.table.draw("draw", "hand1", 2)
        return state


class DealState(State):
    """A state whose only field is its table, to try views and samples."""

    table: Table

    def copy(self) -> DealState:
        twin = DealState()
        twin.game, twin.rng, twin.is_partial = self.game, self.copy_rng(), self.is_partial
        twin.table = self.table.copy()
        return twin

    def hide(self, seat: int) -> bool:
        return self.table.hide(seat)

    def fill(self, seat: int, rng: random.Random) -> None:
        self.table.fill(seat, rng, C.deck(C.PIECES))

    def to_text(self) -> str:
        return self.table.to_text()


def test_views_and_samples_through_the_protocol():
    real = DealGame().new(seed=11)
    view = real.view(0)
    assert view.rng is None and view.is_partial
    assert view.table.cards("hand0") == real.table.cards("hand0")
    assert "?" in view.to_text() and "?" not in real.to_text()
    sample = view.sample(0, random.Random(3))
    assert not sample.is_partial and sample.rng is not None
    assert sample.table.cards("hand0") == real.table.cards("hand0")
    assert Counter(sample.table.all_cards()) == Counter(C.deck(C.PIECES))
    assert real.to_text() == DealGame().new(seed=11).to_text()  # the view changed nothing
