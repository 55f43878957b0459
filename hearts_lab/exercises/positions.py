"""Real positions for worksheet questions, replayed by the engine from a seed and a record.

Each position was found by letting seeded :class:`~hearts_lab.bots.HeuristicBot`
players play a seeded deal, and is stored as what they did: the cards each
seat passed and the cards played, in order. :func:`replay` deals the same
cards again and plays the record through :meth:`Hand.pass_cards` and
:meth:`Hand.play`, so the engine checks every card - a position is always
legal - and a question's check asks the same engine for its answer. Storing
the record (not the bots) keeps the positions fixed when the bots improve.

>>> from hearts_lab import Rules
>>> hand = replay(Rules.preset("standard", players=4), seed=42, hand_number=3, plays="2♣")
>>> hand.to_play, hand.trick_number
(0, 0)
>>> replay(Rules.preset("standard", players=4), seed=42, hand_number=3, plays="3♣")
Traceback (most recent call last):
...
hearts_lab.errors.IllegalMove: Seat 3 cannot play 3♣: they do not hold it. Legal: 2♣.
"""

from __future__ import annotations

from typing import Sequence

from ..hand import Hand
from ..rules import Rules

__all__ = ["replay"]


def replay(rules: Rules, seed: int | str, hand_number: int, plays: str = "", passes: Sequence[str] = ()) -> Hand:
    """Deal ``(rules, seed, hand_number)`` (dealer seat 0), make the ``passes`` (one string of
    cards per seat) and play ``plays`` (cards separated by spaces, in order)."""
    hand = Hand.deal(rules, seed=seed, hand_number=hand_number)
    for seat, cards in enumerate(passes):
        hand.pass_cards(seat, cards)
    for card in plays.split():
        hand.play(card)
    return hand
