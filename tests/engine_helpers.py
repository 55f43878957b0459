"""Helpers for the engine tests: hand-crafted deals and scripted play.

``small_hand`` builds a preset with a stripped deck (only the cards listed),
so a scenario can spell out every card of every seat in a few words while
every other rule of the preset stays as it is.
"""

from __future__ import annotations

from collections import Counter
from typing import Sequence

from hearts_lab import Card, Hand, Rules, parse_cards
from hearts_lab.cards import full_pack


def small_rules(preset: str, players: int, cards: Sequence[str], **changes) -> Rules:
    """The ``preset`` rules with a deck of exactly ``cards`` (copies listed twice with two packs)."""
    base = Rules.preset(preset, players=players)
    keep = Counter(parse_cards(" ".join(cards)))
    removed = Counter(full_pack() * base.decks) - keep
    changes.setdefault("pass_count", 0)
    return Rules.preset(preset, players=players, removed=tuple(removed.elements()), **changes)


def small_hand(preset: str, hands: Sequence[str], kitty: str = "", dealer: int = 0, **changes) -> Hand:
    """A hand of ``preset`` whose deck is exactly the cards dealt here; no passing."""
    rules = small_rules(preset, len(hands), [*hands, kitty], **changes)
    return Hand.from_cards(rules, list(hands), kitty, dealer=dealer, passing=False)


def play(hand: Hand, script: str) -> None:
    """Play ``"seat:card seat:card ..."``, checking that it is each seat's turn."""
    for step in script.split():
        seat, card = step.split(":")
        assert hand.to_play == int(seat), f"expected seat {seat} to play {card}, but it is seat {hand.to_play}'s turn"
        hand.play(card)


def cards(text: str) -> tuple[Card, ...]:
    """Cards sorted by suit then rank, as the engine returns them."""
    return tuple(sorted(parse_cards(text), key=Card.sort_key))


def one_suit_each() -> list[str]:
    """Standard 4 players: seat 0 all clubs, 1 diamonds, 2 hearts, 3 spades.

    Seat 0 wins every trick (it leads clubs, nobody else holds one), so it
    collects all 52 cards and shoots the moon.
    """
    return [" ".join(str(c) for c in full_pack() if c.suit == s) for s in "CDHS"]


def finish_lowest(hand: Hand) -> None:
    """Play the first legal card until the hand is over."""
    while hand.phase == "play":
        hand.play(hand.legal_moves()[0])


def moon_deal(rules: Rules, hand_number: int = 0, dealer: int = 0) -> Hand:
    """Seat 0 wins trick 1 with A♣, then leads its 12 hearts and collects 2♥ and the Q♠ on the way.

    Nothing the other seats do can stop it: seat 1 must give up 2♥ on the first
    heart lead and seat 3, void in hearts, must discard the Q♠ on one of them.
    """
    return Hand.from_cards(
        rules,
        [
            "A♣ 3♥ 4♥ 5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥ Q♥ K♥ A♥",
            "2♣ 3♣ 4♣ 5♣ 6♣ 2♥ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦",
            "7♣ 8♣ 9♣ 10♣ 9♦ 10♦ J♦ Q♦ K♦ A♦ 2♠ 3♠ 4♠",
            "J♣ Q♣ K♣ Q♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♠ A♠",
        ],
        hand_number=hand_number,
        dealer=dealer,
        passing=False,
    )
