"""Seeded shuffles and deals, identical on every machine and Python version.

The generator is seeded from a SHA-256 digest of ``(seed, hand_number)`` and
the shuffle is a Fisher-Yates built on ``getrandbits`` alone, so neither
hash randomisation nor changes to ``random.shuffle`` can alter a deal.

>>> from hearts_lab import Rules
>>> hands, kitty = deal_cards(Rules.preset("standard", players=4), seed=7)
>>> [len(h) for h in hands], kitty
([13, 13, 13, 13], ())
"""

from __future__ import annotations

import hashlib
import random
from typing import TYPE_CHECKING, Sequence, TypeVar

from .cards import Card

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["rng_for", "shuffled", "deal_cards"]

T = TypeVar("T")


def rng_for(seed: int | str, hand_number: int = 0, purpose: str = "deal") -> random.Random:
    """A Mersenne Twister seeded from ``(purpose, seed, hand_number)`` through SHA-256.

    >>> rng_for(1).getrandbits(32) == rng_for(1).getrandbits(32)
    True
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise TypeError(f"seed: expected a whole number or text, not {seed!r}.")
    digest = hashlib.sha256(f"hearts-lab/{purpose}/{seed}/{hand_number}".encode()).digest()
    return random.Random(int.from_bytes(digest[:16], "big"))


def _below(rng: random.Random, n: int) -> int:
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def shuffled(items: Sequence[T], rng: random.Random) -> list[T]:
    """A new list with ``items`` in a uniformly random order (Fisher-Yates)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = _below(rng, i + 1)
        out[i], out[j] = out[j], out[i]
    return out


def deal_cards(
    rules: Rules, seed: int | str, hand_number: int = 0, dealer: int = 0
) -> tuple[list[list[Card]], tuple[Card, ...]]:
    """Shuffle the deck and deal it one card at a time clockwise, starting left of the dealer.

    The leftover ``rules.kitty_size`` cards form the kitty. Returns the seats'
    cards (each sorted by suit and rank) and the kitty.
    """
    deck = shuffled(rules.deck(), rng_for(seed, hand_number))
    n = rules.players
    dealt = n * rules.hand_size
    hands: list[list[Card]] = [[] for _ in range(n)]
    for k in range(dealt):
        hands[(dealer + 1 + k) % n].append(deck[k])
    for h in hands:
        h.sort(key=Card.sort_key)
    return hands, tuple(sorted(deck[dealt:], key=Card.sort_key))
