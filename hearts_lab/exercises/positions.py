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

from ..cards import Card
from ..hand import Hand
from ..rules import Rules
from ..tricks import Trick

__all__ = ["PositionView", "TrickView", "replay"]


def replay(rules: Rules, seed: int | str, hand_number: int, plays: str = "", passes: Sequence[str] = ()) -> Hand:
    """Deal ``(rules, seed, hand_number)`` (dealer seat 0), make the ``passes`` (one string of
    cards per seat) and play ``plays`` (cards separated by spaces, in order)."""
    hand = Hand.deal(rules, seed=seed, hand_number=hand_number)
    for seat, cards in enumerate(passes):
        hand.pass_cards(seat, cards)
    for card in plays.split():
        hand.play(card)
    return hand


class PositionView:
    """What a worksheet shows of a position: the picture, each seat's cards, the trick so far.

    It answers nothing by itself (no legal moves, no points, no winner of the
    trick in progress): the question is for the student. ``print(view)`` shows
    the same picture the engine prints.

    >>> from hearts_lab import Rules
    >>> view = PositionView(replay(Rules.preset("standard", players=4), seed=42, hand_number=3, plays="2♣"))
    >>> view.to_play, view.trick, view.hearts_broken
    (0, ((3, 2♣),), False)
    >>> hasattr(view, "legal_moves")
    False
    """

    __slots__ = ("_text", "_cards", "to_play", "trick", "led_suit", "hearts_broken", "trick_number", "players")

    def __init__(self, hand: Hand) -> None:
        self._text = str(hand)
        self._cards = tuple(tuple(hand.cards(s)) for s in range(hand.players))
        self.players = hand.players
        self.to_play = hand.to_play
        self.trick = tuple(hand.current_trick.plays)
        self.led_suit = hand.current_trick.led_suit
        self.hearts_broken = bool(hand.hearts_broken)
        self.trick_number = hand.trick_number + 1

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now."""
        return self._cards[seat]

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text


class TrickView:
    """A finished trick as the worksheet shows it: who led, the plays in order, who won (None: set aside).

    >>> from hearts_lab import Rules
    >>> hand = replay(Rules.preset("standard", players=4), seed=2, hand_number=3, plays="2♣ 3♣ 4♣ A♣")
    >>> view = TrickView(hand.tricks[0]); view.winner, len(view.plays)
    (2, 4)
    """

    __slots__ = ("_text", "number", "leader", "plays", "winner", "cancelled")

    def __init__(self, trick: Trick) -> None:
        self._text = str(trick)
        self.number = trick.number + 1
        self.leader = trick.leader
        self.plays = tuple(trick.plays)
        self.winner = trick.winner
        self.cancelled = tuple(sorted(set(trick.cancelled), key=lambda c: c.sort_key()))

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text
