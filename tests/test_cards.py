"""Cards: parsing, printing, ordering and the one-pack / two-pack decks (RULES.md §0)."""

from __future__ import annotations

from collections import Counter

import pytest

from hearts_lab import Card, CardError, format_cards, parse_cards
from hearts_lab.cards import QUEEN_OF_SPADES, RANKS, SUITS, full_pack


@pytest.mark.parametrize(
    "text",
    # The last three: an emoji picker's suit (U+2660 U+FE0F) or text-style selector, and a full-width Q (NFKC).
    ["Q♠", "QS", "qs", "Qs", "qS", " Q♠ ", "Q♤", "q♠", "Q\u2660\ufe0f", "Q\u2660\ufe0e", "\uff31\u2660"],
)
def test_parse_queen_of_spades_spellings(text):
    assert Card.parse(text) == Card(12, "S") == QUEEN_OF_SPADES


@pytest.mark.parametrize("text", ["10h", "TH", "10♥", "th", "T♡", "10H"])
def test_parse_ten_of_hearts_spellings(text):
    card = Card.parse(text)
    assert card == Card(10, "H")
    assert str(card) == "10♥"


@pytest.mark.parametrize("text", ["", "1S", "11S", "QX", "Q", "♠", "QSS", "10", "Joker", "0H", "Q\ufe0f", "\u041e\u2660"])
def test_parse_rejects_non_cards_with_value_error(text):
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert isinstance(info.value, ValueError)
    assert repr(text) in str(info.value)


def test_parse_rejects_non_text():
    with pytest.raises(CardError):
        Card.parse(12)  # type: ignore[arg-type]


def test_parse_is_identity_on_cards():
    card = Card(3, "D")
    assert Card.parse(card) is card


def test_every_card_prints_and_parses_back():
    for card in full_pack():
        assert Card.parse(str(card)) == card
        assert Card.parse(card.ascii) == card
        assert Card.parse(card.ascii.lower()) == card


def test_str_and_ascii_forms():
    assert [str(Card(r, "C")) for r in (2, 10, 11, 12, 13, 14)] == ["2♣", "10♣", "J♣", "Q♣", "K♣", "A♣"]
    assert Card(10, "D").ascii == "TD"
    assert Card(14, "S").name == "ace of spades"
    assert Card(12, "S").name == "queen of spades"
    assert Card(7, "H").name == "7 of hearts"


def test_rank_order_two_low_ace_high():
    ranks = [Card.parse(t).rank for t in ["2C", "3C", "4C", "5C", "6C", "7C", "8C", "9C", "10C", "JC", "QC", "KC", "AC"]]
    assert ranks == sorted(ranks) == list(range(2, 15))


def test_full_pack_is_52_distinct_cards_by_suit_then_rank():
    pack = full_pack()
    assert len(pack) == len(set(pack)) == 52
    assert Counter(c.suit for c in pack) == {s: 13 for s in SUITS}
    assert list(pack) == sorted(pack, key=Card.sort_key)
    assert pack[0] == Card(2, "C") and pack[-1] == Card(14, "S")
    assert {c.rank for c in pack} == set(RANKS)


def test_sort_key_orders_clubs_diamonds_hearts_spades():
    cards = parse_cards("AS 2H KD 3C")
    assert [str(c) for c in sorted(cards, key=Card.sort_key)] == ["3♣", "K♦", "2♥", "A♠"]


def test_point_cards_are_hearts_and_queen_of_spades():
    point = [c for c in full_pack() if c.is_point_card]
    assert len(point) == 14
    assert QUEEN_OF_SPADES in point
    assert all(c.suit == "H" for c in point if c != QUEEN_OF_SPADES)


def test_identical_copies_are_equal_values():
    # Two packs: the two copies of a card are the same value (RULES.md §0).
    a, b = Card.parse("9H"), Card.parse("9♥")
    assert a == b and hash(a) == hash(b)
    assert Counter([a, b])[Card(9, "H")] == 2


def test_parse_cards_and_format_cards():
    assert parse_cards("2♣, QS 10h") == [Card(2, "C"), Card(12, "S"), Card(10, "H")]
    assert parse_cards(["ah", Card(2, "D")]) == [Card(14, "H"), Card(2, "D")]
    assert format_cards(parse_cards("QS 2C 5H 3C")) == "2♣ 3♣ 5♥ Q♠"
    assert format_cards(parse_cards("QS 2C"), sort=False) == "Q♠ 2♣"
    with pytest.raises(CardError):
        parse_cards("2C ZZ")


def test_card_html_has_accessible_name():
    html = Card.parse("QS")._repr_html_()
    assert "queen of spades" in html
