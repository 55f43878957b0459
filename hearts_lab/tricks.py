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
from typing import TYPE_CHECKING, Iterable, Sequence

from .cards import SUIT_SINGULAR, Card, CardError, _quote
from .core import _CARD_AT, CODE, trick_winner_codes
from .errors import RulesError, check_rules

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["Trick", "TrickResult", "resolve_trick", "trick_winner"]


@dataclass(frozen=True)
class TrickResult:
    """The outcome of a complete trick: its ``winner`` (None if set aside), the
    winning card, the cards that cancelled (each listed once) and one sentence saying why."""

    winner: int | None
    winning_card: Card | None
    cancelled: tuple[Card, ...]
    reason: str


def _as_plays(rules: Rules, plays: Iterable[tuple[int, Card | str]]) -> list[tuple[int, Card]]:
    """Check ``plays`` against ``rules``: each a (seat, card) pair, seats on the table and distinct,
    at most one card per player, and no card more often than the deck holds it."""
    check_rules(rules)
    if isinstance(plays, (str, bytes)) or not isinstance(plays, Iterable):
        raise RulesError(f"plays: expected (seat, card) pairs in play order, not {_quote(plays)}.", "plays")
    n = rules.players
    out: list[tuple[int, Card]] = []
    for i, pair in enumerate(plays):
        if i >= n:
            raise RulesError(f"plays: a trick has at most {n} cards with {n} players.", "plays")
        if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise RulesError(f"plays[{i}]: expected a (seat, card) pair, not {_quote(pair)}.", "plays")
        seat, card = pair
        if type(seat) is not int or not 0 <= seat < n:
            raise RulesError(f"plays[{i}]: there is no seat {_quote(seat)}; seats are 0 to {n - 1}.", "plays")
        if any(seat == s for s, _ in out):
            raise RulesError(f"plays[{i}]: seat {seat} has already played to this trick.", "plays")
        try:
            out.append((seat, Card.parse(card)))
        except CardError as error:
            raise RulesError(f"plays[{i}]: {error}", "plays") from None
    have = Counter(card for _, card in out)
    deck = rules._deck_counts
    for card, count in have.items():
        if count > deck.get(card, 0):
            held = deck.get(card, 0)
            if not held:
                raise RulesError(f"plays: {card} is not in the deck of these rules.", "plays")
            packs = "one pack holds" if rules.decks == 1 else f"{rules.decks} packs hold"
            raise RulesError(f"plays: {card} is played {count} times but the {packs} only {held}.", "plays")
    return out


def resolve_trick(rules: Rules, plays: Iterable[tuple[int, Card | str]]) -> TrickResult:
    """Decide a complete trick. ``plays`` are ``(seat, card)`` in play order, leader first.

    Each seat plays at most once and no card appears more often than the deck holds it;
    anything else raises :class:`~hearts_lab.errors.RulesError` naming ``plays``.

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("cancellation", players=6)
    >>> resolve_trick(rules, [(0, "9S"), (1, "KS"), (2, "9S"), (3, "2H"), (4, "3S"), (5, "4D")]).reason
    'K♠ wins: both 9♠ cancel.'
    >>> resolve_trick(Rules.preset("standard", players=4), [(0, "QS"), (1, "QS")])
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RulesError: plays: Q♠ is played 2 times but the one pack holds only 1.
    """
    checked = _as_plays(rules, plays)
    if not checked:
        raise RulesError("plays: a trick needs at least one card.", "plays")
    return _resolve(rules.cancellation, checked)


def _winner(cancellation: bool, plays: Sequence[tuple[int, Card]]) -> tuple[int | None, tuple[Card, ...]]:
    """The one trick-winner decision (:func:`hearts_lab.core.trick_winner_codes`) on cards: the winning
    seat (None if set aside) and the cancelled cards (each once, in the order its first copy was
    played); :func:`_resolve` adds the sentence."""
    winner, _, cancelled = trick_winner_codes(cancellation, [(seat, CODE[card]) for seat, card in plays])
    return (winner if winner >= 0 else None), tuple([_CARD_AT[k] for k in cancelled])


def _resolve(cancellation: bool, plays: Sequence[tuple[int, Card]]) -> TrickResult:
    """The decision of :func:`_winner` with its sentence, for plays already checked (the hand's own tricks)."""
    led = plays[0][1].suit
    best_seat, cancelled = _winner(cancellation, plays)
    if best_seat is None:
        pairs = ", ".join(f"both {c} cancel" for c in cancelled)
        return TrickResult(None, None, cancelled, f"Set aside: {pairs}, and no other {SUIT_SINGULAR[led]} was played.")
    best = next(card for seat, card in plays if seat == best_seat)
    if cancelled:
        reason = f"{best} wins: {', '.join(f'both {c} cancel' for c in cancelled)}."
    elif len(plays) == 1:
        reason = f"{best} wins: the only card."
    else:
        reason = f"{best} wins: the highest {SUIT_SINGULAR[led]}."
    return TrickResult(best_seat, best, cancelled, reason)


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

    Facts the engine records so no view re-derives them: ``points`` (the
    penalty points of ``collected``, what the collector scored with this
    trick), ``took_kitty`` (the collector took the kitty with it) and
    ``pending`` (the pile of set-aside cards waiting for a winner after this
    trick; for a trick in progress, the pile waiting now), with
    ``kitty_pending`` true while the face-down kitty rides in that pile.
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
    points: int = 0
    took_kitty: bool = False
    pending: tuple[Card, ...] = ()
    kitty_pending: bool = False

    @property
    def cards(self) -> tuple[Card, ...]:
        return tuple(card for _, card in self.plays)

    @property
    def led_suit(self) -> str | None:
        return self.plays[0][1].suit if self.plays else None

    @property
    def next_leader(self) -> int | None:
        """Who leads after this complete trick: its winner, or its leader again when it was set aside (RULES.md §3.7)."""
        if not self.complete:
            return None
        return self.leader if self.winner is None else self.winner

    @property
    def set_aside(self) -> bool:
        """A complete trick nobody won (RULES.md §3.7)."""
        return self.complete and self.winner is None

    @property
    def winning_card(self) -> Card | None:
        """The card that won this trick, the winner's (None while in progress or when set aside).

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=3, hand_number=3)
        >>> for _ in range(4):
        ...     hand.play(hand.legal_moves()[-1])
        >>> trick = hand.tricks[0]
        >>> trick.winning_card == trick.card_of(trick.winner), trick.winning_card.suit == trick.led_suit
        (True, True)
        """
        return None if self.winner is None else self.card_of(self.winner)

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
