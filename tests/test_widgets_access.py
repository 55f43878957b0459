"""Headless checks of what keyboard and screen-reader users get from the widgets (issue 16).

Where the focus goes after each click on the play table, the sentence that
announces the bots' cards, the visible reason for grey cards, the stepper's
labelled card box, and the table drawing that scales to its width. The
browser side (axe-core, real key presses) is in tests/browser/.
"""
from __future__ import annotations

import re

import ipywidgets as widgets
import pytest

from hearts_lab import Hand, Rules
from hearts_lab.bots import LowestCardBot, play_hand
from hearts_lab.render import seat_table_html
from hearts_lab.widgets import DealStepper
from hearts_lab.widgets.play_table import PlayTable


@pytest.fixture
def focused(monkeypatch):
    """The widgets asked to take the keyboard focus, in order."""
    asked: list[widgets.DOMWidget] = []
    monkeypatch.setattr(widgets.DOMWidget, "focus", lambda self: asked.append(self))
    return asked


def legal_buttons(table: PlayTable) -> list[widgets.Button]:
    legal = set(table.hand.legal_moves())
    return [b for b, c in zip(table.card_buttons, table._button_cards) if c in legal]


def test_focus_moves_to_a_playable_card_after_the_pass_and_after_each_card(focused):
    table = PlayTable(seed=1)
    for button in table.card_buttons[-3:]:
        button.value = True
    table.pass_button.click()
    assert table.hand.phase == "play" and focused, "the Pass button disappears: the focus must go somewhere"
    assert focused[-1] is legal_buttons(table)[0] and not focused[-1].disabled
    for _ in range(3):
        focused.clear()
        legal_buttons(table)[0].click()
        assert focused and focused[-1] in legal_buttons(table), "after a card, the focus lands on a card that may be played"


def test_focus_goes_to_next_hand_when_the_hand_ends(focused):
    table = PlayTable(Rules.preset("standard", players=4), seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    while len(table.hand.cards(0)) > 1:
        table.play(table.hand.legal_moves()[0])
    assert not focused, "a method called from a cell leaves the focus in the notebook"
    legal_buttons(table)[0].click()
    assert table.hand.phase == "over" and focused[-1] is table.next_button


def test_the_message_names_each_bot_card_and_the_trick_winner():
    table = PlayTable(seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    before = len([p for t in table.hand.tricks for p in t.plays]) + len(table.hand.current_trick.plays)
    card = table.hand.legal_moves()[0]
    table.play(card)
    text = re.sub("<[^>]+>", "", table.message_html.value)
    replies = [p for t in table.hand.tricks for p in t.plays][before + 1:] + [
        p for p in table.hand.current_trick.plays if p[0] != 0]
    assert replies, "the bots replied to the student's card"
    for seat, played in replies:
        assert re.search(f"Seat {seat} (played|led) {played} \\(trick \\d+\\)\\.", text), (seat, played, text)
    assert f"Trick {table.hand.tricks[-1].number + 1}: {table.hand.tricks[-1].reason}" in text
    assert "aria-live='polite'" in table.message_html.value and "role='status'" in table.message_html.value


def test_a_refused_action_is_announced_assertively():
    table = PlayTable(seed=1)
    table.pass_cards(table.hand.cards(0)[:2])  # two cards, three are needed
    assert "role='alert'" in table.message_html.value and "aria-live='assertive'" in table.message_html.value
    assert table.hand.phase == "pass"


def test_grey_cards_are_named_beside_the_reason():
    table = PlayTable(seed=1)
    table.pass_cards(table.hand.cards(0)[-3:])
    grey = [c for b, c in zip(table.card_buttons, table._button_cards) if b.disabled]
    assert grey
    why = table.why_html.value
    for card in grey:
        assert str(card) in why, (card, why)
    assert "Why some cards are grey (" in why and "cannot play" in why


def test_stepper_card_box_is_a_labelled_number_field():
    hand = Hand.deal(Rules.preset("standard", players=4), seed=3)
    play_hand(hand, [LowestCardBot()] * 4)
    stepper = DealStepper(hand)
    assert isinstance(stepper.slider, widgets.BoundedIntText) and stepper.slider.description == "cards played"
    stepper.slider.value = 10
    assert "Card 10 of 52." in stepper.status.value


@pytest.mark.parametrize("players", [4, 7, 11])
def test_the_table_drawing_scales_with_its_width(players):
    hand = Hand.deal(Rules.preset("cancellation" if players > 4 else "standard", players=players), seed=4)
    out = seat_table_html(hand)
    assert "container-type:inline-size" in out and "max-width:1000px" in out
    # Inside the box every length is relative to its width: no fixed pixel positions or font sizes are left.
    assert not re.search(r"(left|top|width|height|font-size|min-width):\d+(\.\d+)?px", out.split("hl-table'", 1)[1])
