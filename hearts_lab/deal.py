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
from _random import Random as _MersenneTwister
from typing import TYPE_CHECKING, Sequence, TypeVar

from .cards import CARD_INDEX, Card, _quote
from .errors import RulesError, check_rules

if TYPE_CHECKING:
    from .rules import Rules

__all__ = ["rng_for", "shuffled", "deal_cards", "deal_order", "check_seed", "MAX_SEED_BITS", "MAX_SEED_TEXT"]

T = TypeVar("T")


#: A seed is a whole number of at most this many bits (negative allowed) or text of at most this many characters.
MAX_SEED_BITS = 256
MAX_SEED_TEXT = 256


def check_seed(seed: object) -> int | str:
    """``seed`` if it can seed a deal: a whole number (at most 256 bits) or short text.

    >>> check_seed(7), check_seed("class 3B")
    (7, 'class 3B')
    >>> check_seed(float("nan"))
    Traceback (most recent call last):
    ...
    hearts_lab.errors.RulesError: seed: expected a whole number or text, not nan.
    """
    if type(seed) is int:
        if seed.bit_length() > MAX_SEED_BITS:
            raise RulesError(f"seed: a whole number of at most {MAX_SEED_BITS} bits, not one of {seed.bit_length()} bits.", "seed")
        return seed
    if type(seed) is str:
        if len(seed) > MAX_SEED_TEXT:
            raise RulesError(f"seed: text of at most {MAX_SEED_TEXT} characters, not {len(seed)}.", "seed")
        if not seed.isascii():
            try:
                seed.encode("utf-8")  # a deal is seeded from these bytes: a lone surrogate has none
            except UnicodeEncodeError:
                raise RulesError("seed: text that is not valid Unicode (a lone surrogate); type the seed again.", "seed") from None
        return seed
    raise RulesError(f"seed: expected a whole number or text, not {_quote(seed)}.", "seed")


def rng_for(seed: int | str, hand_number: int = 0, purpose: str = "deal") -> random.Random:
    """A Mersenne Twister seeded from ``(purpose, seed, hand_number)`` through SHA-256.

    >>> rng_for(1).getrandbits(32) == rng_for(1).getrandbits(32)
    True
    """
    check_seed(seed)
    return random.Random(_seed_number(seed, hand_number, purpose))


def _seed_number(seed: int | str, hand_number: int, purpose: str) -> int:
    """The number that seeds the generator of ``(purpose, seed, hand_number)``: 128 bits of SHA-256."""
    # surrogatepass: the same bytes as UTF-8 for any real text, and no UnicodeEncodeError for a caller's odd purpose.
    digest = hashlib.sha256(f"hearts-lab/{purpose}/{seed}/{hand_number}".encode("utf-8", "surrogatepass")).digest()
    return int.from_bytes(digest[:16], "big")


def _below(rng: random.Random, n: int) -> int:
    bits = n.bit_length()
    value = rng.getrandbits(bits)
    while value >= n:
        value = rng.getrandbits(bits)
    return value


def _steps(size: int) -> tuple[tuple[int, int], ...]:
    """The Fisher-Yates steps for ``size`` items: each position ``i`` from the last down to 1, with
    the bits needed for a number below ``i + 1``."""
    return tuple((i, (i + 1).bit_length()) for i in range(size - 1, 0, -1))


_STEPS = [_steps(size) for size in range(129)]  # made once for every deck size up to two packs and more


def shuffled(items: Sequence[T], rng: _MersenneTwister) -> list[T]:
    """A new list with ``items`` in a uniformly random order (Fisher-Yates).

    >>> sorted(shuffled("hearts", rng_for(1))) == sorted("hearts"), shuffled("ab", rng_for(1)) == shuffled("ab", rng_for(1))
    (True, True)
    """
    out = list(items)
    getrandbits = rng.getrandbits
    for i, bits in _STEPS[len(out)] if len(out) < len(_STEPS) else _steps(len(out)):
        # _below(rng, i + 1), inlined: the same draws, so the same deals.
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        out[i], out[j] = out[j], out[i]
    return out


def deal_order(rules: Rules, seed: int | str, hand_number: int, dealer: int, items: Sequence[T]
               ) -> tuple[list[list[T]], list[T]]:
    """The one deal: ``items``, one per card of ``rules.deck()`` (the cards themselves, or their bits),
    shuffled with ``seed`` and ``hand_number``, then dealt one card at a time clockwise,
    starting left of the dealer; the leftover cards form the kitty. Returns each seat's cards in
    the order dealt, and the kitty. Arguments are the caller's to check (:func:`deal_cards` does).

    >>> from hearts_lab import Rules
    >>> rules = Rules.preset("standard", players=4)
    >>> hands, _ = deal_order(rules, 7, 0, 0, rules.deck())
    >>> [sorted(h) for h in hands] == [sorted(h) for h in deal_cards(rules, 7)[0]]
    True
    """
    # _random.Random is random.Random without its Python-level seed(): the same generator, seeded alike.
    deck = shuffled(items, _MersenneTwister(_seed_number(seed, hand_number, "deal")))
    n = rules.players
    dealt = n * rules.hand_size
    # Card k goes to seat (dealer + 1 + k) % n: seat s gets every n-th card from its first.
    hands: list[list[T]] = [[] for _ in range(n)]
    for k in range(n):
        hands[(dealer + 1 + k) % n] = deck[k:dealt:n]
    return hands, deck[dealt:]


def deal_cards(
    rules: Rules, seed: int | str, hand_number: int = 0, dealer: int = 0
) -> tuple[list[list[Card]], tuple[Card, ...]]:
    """Shuffle the deck and deal it one card at a time clockwise, starting left of the dealer.

    The leftover ``rules.kitty_size`` cards form the kitty. Returns the seats'
    cards (each sorted by suit and rank) and the kitty.
    """
    check_rules(rules)
    if type(hand_number) is not int or hand_number < 0:
        raise RulesError(f"hand_number: expected a whole number 0 or more, not {_quote(hand_number)}.", "hand_number")
    if type(dealer) is not int or not 0 <= dealer < rules.players:
        raise RulesError(f"dealer: expected a seat from 0 to {rules.players - 1}, not {_quote(dealer)}.", "dealer")
    check_seed(seed)
    hands, kitty = deal_order(rules, seed, hand_number, dealer, rules.deck())
    key = CARD_INDEX.__getitem__
    return [sorted(h, key=key) for h in hands], tuple(sorted(kitty, key=key))
