"""Dealing many hands and counting an event, as worksheet 4 asks, with a result that records how it was made.

A :class:`Count` keeps the rules, the number of deals and the seed, so a check
can deal the same hands again and verify the count: an estimate is accepted as
the result of the dealing asked for, never as a typed number.

>>> from hearts_lab import Rules
>>> dealing = deal_hands(Rules.preset("standard", players=4), 200, seed=5)
>>> count = dealing.count(lambda hand: len(hand) == 13)
>>> count.hits, count.deals, count.value
(200, 200, 1.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ..cards import Card
from ..deal import deal_cards
from ..rules import Rules
from ..stats import wilson_interval

__all__ = ["Count", "Dealing", "deal_hands", "made_by_call"]

#: The mark a dealing's (or a sampling's) ``count`` leaves on the count it returns. It is no dataclass field, so a
#: count built by hand (``Count(rules, deals, seed, hits)``) or changed (``dataclasses.replace``) lacks it.
_MADE = object()


def mark_made(count: object) -> None:
    """Mark ``count`` as returned by the call (only the ``count`` methods call this)."""
    object.__setattr__(count, "_made_by_call", _MADE)


def made_by_call(count: object) -> bool:
    """Whether ``count`` is what a dealing's (sampling's) ``count`` returned, not one built by hand or changed.

    A check reads it before it reads the count, so a count cannot be tried number by number in a hand-built
    ``Count``. (A student who reads this module can still forge the mark; the teacher's grading reads the
    answer cell and refuses a count built by hand there.)

    >>> from hearts_lab import Rules
    >>> dealt = deal_hands(Rules.preset("standard", players=4), 20, seed=5).count(lambda hand: True)
    >>> made_by_call(dealt), made_by_call(Count(dealt.rules, 20, 5, 20))
    (True, False)
    """
    return getattr(count, "__dict__", {}).get("_made_by_call") is _MADE


def _seat0_hands(rules: Rules, deals: int, seed: int) -> Iterable[tuple[Card, ...]]:
    for i in range(deals):
        hands, _ = deal_cards(rules, seed, hand_number=i)
        yield tuple(hands[0])


@dataclass(frozen=True)
class Count:
    """How many of ``deals`` seeded deals (``seed``) gave seat 0 a hand for which the event held."""

    rules: Rules
    deals: int
    seed: int
    hits: int

    @property
    def value(self) -> float:
        """The estimate: hits / deals."""
        return self.hits / self.deals

    @property
    def interval(self) -> tuple[float, float]:
        """A 95 % Wilson interval for the chance of the event."""
        return wilson_interval(self.hits, self.deals)

    def __repr__(self) -> str:
        low, high = self.interval
        return f"{self.hits} of {self.deals:,} deals (seed {self.seed}): {self.value:.4f}, 95% interval [{low:.4f}, {high:.4f}]"


@dataclass(frozen=True)
class Dealing:
    """``deals`` deals of ``rules`` from ``seed`` (deal i is hand number i), ready to count an event on seat 0's hand."""

    rules: Rules
    deals: int
    seed: int

    def hands(self) -> Iterable[tuple[Card, ...]]:
        """Seat 0's hand in each deal, one tuple of cards per deal."""
        return _seat0_hands(self.rules, self.deals, self.seed)

    def count(self, event: Callable[[tuple[Card, ...]], bool]) -> Count:
        """Count the deals in which ``event(hand)`` is true for seat 0's hand."""
        count = Count(self.rules, self.deals, self.seed, sum(1 for hand in self.hands() if event(hand)))
        mark_made(count)
        return count


def deal_hands(rules: Rules, deals: int, *, seed: int) -> Dealing:
    """Deal ``deals`` hands under ``rules`` from ``seed`` (you choose the seed); count an event with ``.count``."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules: expected a Rules value such as Rules.preset('standard', players=4), not {rules!r}.")
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
        raise ValueError(f"deals: expected a whole number of deals, at least 1, not {deals!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ValueError(f"seed: expected a whole number you choose, not {seed!r}.")
    return Dealing(rules, deals, seed)
