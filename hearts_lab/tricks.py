"""Tricks: who wins one, with Cancellation Hearts' cancelling pairs (RULES.md §3.6-3.7).

>>> from hearts_lab import Rules
>>> rules = Rules.preset("cancellation", players=6)
>>> plays = [(0, "10S"), (1, "9H"), (2, "9H"), (3, "10S"), (4, "2C"), (5, "3D")]
>>> print(trick_winner(rules, plays))
None
>>> resolve_trick(rules, plays).reason
'Set aside: both 10♠ cancel, both 9♥ cancel, and no other spade was played.'
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Iterable

from .cards import SUIT_NAMES, Card

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Trick", "TrickResult", "resolve_trick", "trick_winner"]

_SINGULAR = {s: n[:-1] for s, n in SUIT_NAMES.items()}


@dataclass(frozen=True)
class TrickResult:
    """The outcome of a complete trick: its ``winner`` (None if set aside), the
    winning card, the cards that cancelled (each listed once) and one sentence saying why."""

    winner: int | None
    winning_card: Card | None
    cancelled: tuple[Card, ...]
    reason: str


def _as_plays(plays: Iterable[tuple[int, Card | str]]) -> list[tuple[int, Card]]:
    return [(seat, Card.parse(card)) for seat, card in plays]


def resolve_trick(rules: Rules, plays: Iterable[tuple[int, Card | str]]) -> TrickResult:
    """Decide a complete trick. ``plays`` are ``(seat, card)`` in play order, leader first.

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("cancellation", players=6)
    >>> resolve_trick(rules, [(0, "9S"), (1, "KS"), (2, "9S"), (3, "2H"), (4, "3S"), (5, "4D")]).reason
    'K♠ wins: both 9♠ cancel.'
    """
    plays = _as_plays(plays)
    if not plays:
        raise ValueError("A trick needs at least one card.")
    led = plays[0][1].suit
    cancelled: tuple[Card, ...] = ()
    if rules.cancellation:
        counts = Counter(card for _, card in plays)
        cancelled = tuple(c for c, n in counts.items() if n > 1)
    best: tuple[int, Card] | None = None
    for seat, card in plays:
        if card.suit == led and card not in cancelled and (best is None or card.rank > best[1].rank):
            best = (seat, card)
    pairs = ", ".join(f"both {c} cancel" for c in cancelled)
    suit_word = _SINGULAR[led]
    if best is None:
        return TrickResult(None, None, cancelled, f"Set aside: {pairs}, and no other {suit_word} was played.")
    if cancelled:
        reason = f"{best[1]} wins: {pairs}."
    elif len(plays) == 1:
        reason = f"{best[1]} wins: the only card."
    else:
        reason = f"{best[1]} wins: the highest {suit_word}."
    return TrickResult(best[0], best[1], cancelled, reason)


def trick_winner(rules: Rules, plays: Iterable[tuple[int, Card | str]]) -> int | None:
    """The seat that wins a complete trick, or None when it is set aside.

    >>> from hearts_lab import Rules
    >>> trick_winner(Rules.preset("standard", players=4), [(2, "5C"), (3, "KC"), (0, "AD"), (1, "2C")])
    3
    """
    return resolve_trick(rules, plays).winner


@dataclass(frozen=True)
class Trick:
    """A trick: played (``complete``) or in progress.

    ``plays`` are ``(seat, card)`` pairs in play order; ``winner`` is None while
    in progress or when the trick was set aside. ``collected`` is every card the
    winner took with it (the trick, any pending pile, the kitty) and ``reason``
    the engine's one-sentence explanation. ``collector`` is the seat that took
    those cards: the winner, or the leader of a set-aside last trick when
    ``last_trick_set_aside="leader"``; None when nobody did.
    """

    number: int
    leader: int
    plays: tuple[tuple[int, Card], ...]
    complete: bool = False
    winner: int | None = None
    cancelled: tuple[Card, ...] = ()
    collected: tuple[Card, ...] = ()
    reason: str = ""
    collector: int | None = None

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def led_suit(self) -> str | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def set_aside(self) -> bool:
        """A complete trick nobody won (RULES.md §3.7)."""
        return self.complete and self.winner is None

    def card_of(self, seat: int) -> Card | None:
        for s, card in self.plays:
            if s == seat:
                return card
        return None

    def __str__(self) -> str:
        played = " ".join(f"{seat}:{card}" for seat, card in self.plays) or "(no cards yet)"
        head = f"Trick {self.number + 1}, led by seat {self.leader}: {played}"
        return f"{head}. {self.reason}" if self.complete else head

    def _repr_html_(self) -> str:
        from .render import display, trick_html

        return trick_html(self, four_colour=display.four_colour)
