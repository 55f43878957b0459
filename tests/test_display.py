"""How engine objects show themselves in a notebook: readable text, HTML with suit
colours and screen-reader labels, and the four-colour deck switch."""

from __future__ import annotations

import pytest

from hearts_lab import Card, Hand, Rules
from hearts_lab.render import FOUR_COLOURS, SUIT_COLOURS, display


@pytest.fixture
def four_colour():
    display.four_colour = True
    yield
    display.four_colour = False


def test_card_html_has_its_colour_and_a_label():
    html = Card.parse("2C")._repr_html_()
    assert SUIT_COLOURS["C"] in html and 'aria-label="2 of clubs"' in html


def test_four_colour_switch_reaches_cards_tricks_and_hands(four_colour):
    hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
    hand.play("2C")
    assert FOUR_COLOURS["C"] in Card.parse("2C")._repr_html_()
    assert FOUR_COLOURS["C"] in hand.current_trick._repr_html_()
    assert FOUR_COLOURS["D"] in hand._repr_html_()


def test_hand_text_shows_every_seat_the_trick_and_the_turn():
    hand = Hand.deal(Rules.preset("cancellation", players=7), seed=3, hand_number=0)
    text = str(hand)
    assert all(f"seat {s}:" in text for s in range(7))
    assert "kitty:" in text and "passing 3 cards" in text
    html = hand._repr_html_()
    assert html.count("aria-label=") == 7 * 14 + 6
