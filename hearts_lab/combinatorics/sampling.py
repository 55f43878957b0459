"""Checking a formula two ways: by listing every deal, and by dealing with the engine.

:func:`estimate` deals with the engine's own shuffle
(:func:`hearts_lab.deal.deal_cards`, which :meth:`Hand.deal <hearts_lab.Hand.deal>`
uses: the cards of ``Hand.deal(rules, seed, hand_number=i)`` are those of
deal ``i`` here) and reports the share of deals where an event happened,
with a Wilson confidence interval. :func:`enumerate_deals` lists every deal
of the physical cards of a small deck, each equally likely, so a probability
can be counted exactly.

>>> from hearts_lab.combinatorics import small_deck_rules
>>> rules = small_deck_rules("AH KH 2C 3C", players=2)
>>> by_enumeration(no_hearts(), rules)
Fraction(1, 6)
>>> est = estimate(no_hearts(), rules, deals=600, seed=0)
>>> est.contains(1/6)
True
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations, islice
from math import sqrt
from typing import Callable, Iterable, Iterator, Sequence

from ..arguments import ArgumentError, check_count
from ..cards import HEARTS, QUEEN_OF_SPADES, SUIT_NAMES, Card, _quote
from ..deal import check_seed, deal_cards
from ..errors import check_rules
from ..rules import Rules
from ..stats import wilson_interval as _wilson, z_for
from .counting import physical_deal_count
from .exact import Exact
from .odds import CountingError, _suit
from .table import Table

__all__ = [
    "Deal",
    "Event",
    "Estimate",
    "sample_deals",
    "deal_sample",
    "enumerate_deals",
    "by_enumeration",
    "estimate",
    "estimates",
    "compare",
    "wilson_interval",
    "no_hearts",
    "void",
    "queen_with_hearts",
    "dealt_moon",
    "kitty_points",
    "kitty_point_total",
    "pair",
    "pair_count",
    "both_queens",
    "hearts_count",
]


@dataclass(frozen=True)
class Deal:
    """The cards dealt: one tuple per seat, then the kitty."""

    rules: Rules
    hands: tuple[tuple[Card, ...], ...]
    kitty: tuple[Card, ...]


#: The most deals one estimate deals (about 20 µs each: 2,000,000 take under a minute).
MAX_DEALS = 2_000_000
#: The most deals :func:`deal_sample` keeps (each about 1 KB: 200,000 are some 200 MB).
MAX_KEPT_DEALS = 200_000


def sample_deals(rules: Rules, deals: int, seed: int | str = 0) -> Iterator[Deal]:
    """``deals`` seeded deals from the engine: deal ``i`` is hand number ``i`` of ``seed``.

    >>> from hearts_lab import Hand, Rules
    >>> rules = Rules.preset("cancellation", players=7)
    >>> third = list(sample_deals(rules, 3, seed=5))[2]
    >>> third.hands[4] == Hand.deal(rules, seed=5, hand_number=2).dealt(4)
    True
    """
    # Checked here, when called, not at the first next(): the generator below only deals.
    check_rules(rules)
    count = check_count(deals, "deals", low=0, high=MAX_DEALS)
    return _sample_deals(rules, count, check_seed(seed))


def _sample_deals(rules: Rules, deals: int, seed: int | str) -> Iterator[Deal]:
    for i in range(deals):
        hands, kitty = deal_cards(rules, seed, hand_number=i)
        yield Deal(rules, tuple(map(tuple, hands)), kitty)


def deal_sample(rules: Rules, deals: int, seed: int | str = 0) -> tuple[Deal, ...]:
    """The first ``deals`` seeded deals as a tuple, to check several events on the same deals.

    >>> from hearts_lab import Rules
    >>> sample = deal_sample(Rules.preset("standard", players=4), 1000, seed=2)
    >>> est = estimate(no_hearts(), sample[0].rules, deals=sample)
    >>> est.deals
    1000
    """
    check_rules(rules)
    check_count(deals, "deals", low=1, high=MAX_KEPT_DEALS)  # every deal is kept: about 1 KB each
    return tuple(sample_deals(rules, deals, seed))


def enumerate_deals(rules: Rules, limit: int = 1_000_000) -> Iterator[Deal]:
    """Every deal of the physical cards (two copies told apart), each equally likely.

    Refuses decks with more than ``limit`` deals.

    >>> from hearts_lab.combinatorics import small_deck_rules
    >>> deals = list(enumerate_deals(small_deck_rules("AH AH 2C", players=2)))
    >>> len(deals), deals[0].hands, deals[0].kitty
    (6, ((2♣,), (A♥,)), (A♥,))
    """
    check_rules(rules)
    limit = check_count(limit, "limit", low=0)  # nan or inf would compare False below and list every deal
    total = int(physical_deal_count(rules).value)
    if total > limit:
        raise CountingError(f"limit: these rules have {total} deals, more than the limit of {limit} to list.")
    return _enumerate_deals(rules)  # checked above, when called; the generator only lists


def _enumerate_deals(rules: Rules) -> Iterator[Deal]:
    deck = rules.deck()
    n, h = rules.players, rules.hand_size

    def deal_from(remaining: tuple[int, ...], seat: int) -> Iterator[tuple[tuple[int, ...], ...]]:
        if seat == n:
            yield (remaining,)
            return
        for chosen in combinations(remaining, h):
            left = tuple(i for i in remaining if i not in chosen)
            for rest in deal_from(left, seat + 1):
                yield (chosen, *rest)

    for piles in deal_from(tuple(range(len(deck))), 0):
        cards = [tuple(deck[i] for i in pile) for pile in piles]
        yield Deal(rules, tuple(cards[:-1]), cards[-1])


@dataclass(frozen=True)
class Event:
    """Something that does or does not happen in a deal (``test`` returns a bool),
    or a number read off a deal (``test`` returns an int)."""

    label: str
    test: Callable[[Deal], bool | int]

    def __call__(self, deal: Deal) -> bool | int:
        return self.test(deal)


def by_enumeration(event: Event | Callable[[Deal], bool | int], rules: Rules, limit: int = 1_000_000) -> Fraction:
    """The exact probability (or mean, for a count) of ``event`` over every physical deal.

    >>> from hearts_lab.combinatorics import small_deck_rules
    >>> by_enumeration(pair_count(), small_deck_rules("AH AH 2C 2C", players=2))
    Fraction(1, 3)
    """
    check_rules(rules)
    total = 0
    count = 0
    for deal in enumerate_deals(rules, limit):
        total += int(event(deal))
        count += 1
    return Fraction(total, count)


def wilson_interval(hits: int, trials: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``hits/trials`` (see :mod:`hearts_lab.stats`).

    >>> [round(x, 4) for x in wilson_interval(0, 100)]
    [0.0, 0.037]
    """
    try:
        return _wilson(hits, trials, confidence)
    except ValueError as error:
        raise CountingError(str(error)) from None


@dataclass(frozen=True)
class Estimate:
    """What dealing showed: the share of ``deals`` where the event happened (or the mean
    of a count), and a ``confidence`` interval ``[low, high]`` around it."""

    label: str
    value: float
    low: float
    high: float
    deals: int
    confidence: float
    hits: int | None = None

    def contains(self, exact: Exact | Fraction | float) -> bool:
        """Whether an exact answer lies inside the interval."""
        return self.low <= float(exact) <= self.high

    def __str__(self) -> str:
        level = f"{self.confidence:.0%}"
        seen = f" ({self.hits} of {self.deals} deals)" if self.hits is not None else f" (mean of {self.deals} deals)"
        return f"{self.label}: {self.value:.4g}{seen}, {level} interval [{self.low:.4g}, {self.high:.4g}]"


def _summarise(label: str, outcomes: list[bool | int], confidence: float) -> Estimate:
    deals = len(outcomes)
    if all(isinstance(x, bool) for x in outcomes):
        hits = sum(outcomes)
        low, high = wilson_interval(hits, deals, confidence)
        return Estimate(label, hits / deals, low, high, deals, confidence, hits)
    mean = sum(outcomes) / deals
    var = sum((x - mean) ** 2 for x in outcomes) / (deals - 1)
    half = z_for(confidence) * sqrt(var / deals)
    return Estimate(label, mean, mean - half, mean + half, deals, confidence)


def estimates(
    events: Iterable[Event | Callable[[Deal], bool | int]],
    rules: Rules,
    deals: int | Sequence[Deal] = 20_000,
    seed: int | str = 0,
    confidence: float = 0.95,
) -> tuple[Estimate, ...]:
    """Deal ``deals`` times with the engine and estimate every event on the same deals.

    ``deals`` may also be deals already made (a :func:`deal_sample`), to reuse them.

    A yes/no event gets a Wilson interval; a count gets its mean with a
    normal-approximation interval.

    >>> from hearts_lab import Rules
    >>> pairs, queens = estimates([pair(), both_queens()], Rules.preset("cancellation", players=8), deals=500, seed=1)
    >>> pairs.deals, queens.deals
    (500, 500)
    """
    check_rules(rules)
    check_rules(rules)
    if isinstance(deals, int) and not isinstance(deals, bool):
        check_count(deals, "deals", low=2, high=MAX_DEALS)
        source: Iterable[Deal] = sample_deals(rules, deals, seed)
    else:
        if isinstance(deals, (str, bytes, dict)) or not isinstance(deals, Iterable):
            raise CountingError(f"deals: expected a number of deals or deals from deal_sample, not {_quote(deals)}.")
        source = list(islice(deals, MAX_KEPT_DEALS + 1))
        if len(source) > MAX_KEPT_DEALS or not all(isinstance(d, Deal) for d in source):
            raise CountingError(f"deals: expected at most {MAX_KEPT_DEALS:,} deals made by deal_sample.")
        if len(source) <= 1:
            raise CountingError(f"deals: expected at least 2 deals, not {len(source)}.")
        if any(d.rules != rules for d in source):
            raise CountingError("deals: these deals were dealt under other rules than the ones given.")
    if isinstance(events, (str, bytes)) or not isinstance(events, Iterable):
        raise CountingError(f"events: expected a list of events (no_hearts(), pair(), ...), not {_quote(events)}.")
    events = list(islice(events, 101))
    if not events or len(events) > 100 or not all(callable(e) for e in events):
        raise CountingError("events: expected 1 to 100 events, each an Event such as no_hearts() or a function of a deal.")
    outcomes: list[list[bool | int]] = [[] for _ in events]
    for deal in source:
        for seen, event in zip(outcomes, events):
            seen.append(event(deal))
    return tuple(
        _summarise(getattr(e, "label", getattr(e, "__name__", "event")), seen, confidence)
        for e, seen in zip(events, outcomes)
    )


def estimate(
    event: Event | Callable[[Deal], bool | int],
    rules: Rules,
    deals: int | Sequence[Deal] = 20_000,
    seed: int | str = 0,
    confidence: float = 0.95,
) -> Estimate:
    """Deal ``deals`` times with the engine and estimate the chance of ``event`` (see :func:`estimates`).

    >>> from hearts_lab import Rules
    >>> print(estimate(both_queens(), Rules.preset("cancellation", players=8), deals=2000, seed=3))
    seat 0 is dealt both Q♠: 0.013 (26 of 2000 deals), 95% interval [0.008887, 0.01898]
    """
    check_rules(rules)
    return estimates([event], rules, deals, seed, confidence)[0]


def compare(pairs: Iterable[tuple[Exact, Estimate]]) -> Table:
    """A table setting exact answers beside what dealing showed.

    >>> from hearts_lab import Rules
    >>> from hearts_lab.combinatorics import p_both_queens
    >>> rules = Rules.preset("cancellation", players=8)
    >>> print(compare([(p_both_queens(rules), estimate(both_queens(), rules, deals=2000, seed=3))]))
    question                   exact    formula                dealt  95% interval      inside?
    -------------------------  -------  ---------------------  -----  ----------------  -------
    one seat is dealt both Q♠  0.01456  C(102, 11)/C(104, 13)  0.013  [0.00889, 0.019]  yes
    """
    if isinstance(pairs, (str, bytes, dict)) or not isinstance(pairs, Iterable):
        raise CountingError(f"pairs: expected (exact, estimate) pairs, not {_quote(pairs)}.")
    pairs = list(islice(pairs, 1001))
    if len(pairs) > 1000 or not all(
        isinstance(p, tuple) and len(p) == 2 and isinstance(p[0], Exact) and isinstance(p[1], Estimate) for p in pairs
    ):
        raise CountingError("pairs: expected at most 1,000 pairs (exact answer, estimate), e.g. [(p_pair(rules), estimate(pair(), rules))].")
    rows = []
    for exact, est in pairs:
        rows.append(
            (
                exact.description,
                f"{float(exact):.4g}",
                exact.text,
                f"{est.value:.4g}",
                f"[{est.low:.3g}, {est.high:.3g}]",
                est.contains(exact),
            )
        )
    level = f"{pairs[0][1].confidence:.0%}" if pairs else "95%"
    return Table(("question", "exact", "formula", "dealt", f"{level} interval", "inside?"), rows)


# -- events matching the exact formulas ------------------------------------------------


def _seat(seat: object) -> int | None:
    """An event's seat (None: some seat), checked when the event is made; the deal's size by :func:`_hand_of`."""
    return None if seat is None else check_count(seat, "seat", low=0)


def _whole_seat(seat: object) -> int:
    return check_count(seat, "seat", low=0)


def _hand_of(deal: Deal, seat: int) -> tuple[Card, ...]:
    if seat >= len(deal.hands):
        raise ArgumentError(f"seat: these rules deal {len(deal.hands)} hands (seats 0 to {len(deal.hands) - 1}), not seat {seat}.", "seat")
    return deal.hands[seat]


def _seat_label(seat: int | None) -> str:
    return "some seat" if seat is None else f"seat {seat}"


def _any_seat(seat: int | None, test: Callable[[tuple[Card, ...], Rules], bool]) -> Callable[[Deal], bool]:
    if seat is None:
        return lambda d: any(test(hand, d.rules) for hand in d.hands)
    return lambda d: test(_hand_of(d, seat), d.rules)


def no_hearts(seat: int | None = 0) -> Event:
    """``seat`` (None: some seat) is dealt no hearts — matches :func:`p_no_hearts`."""
    seat = _seat(seat)
    return Event(f"{_seat_label(seat)} is dealt no hearts", _any_seat(seat, lambda h, r: all(c.suit != HEARTS for c in h)))


def void(suit: str | None = None, seat: int = 0) -> Event:
    """``seat`` holds no card of ``suit`` (None: is void in some suit of the deck) — matches :func:`p_void`."""
    seat = _whole_seat(seat)
    if suit is not None:
        code = _suit(suit)
        return Event(f"seat {seat} is dealt no {SUIT_NAMES[code]}", lambda d: all(c.suit != code for c in _hand_of(d, seat)))

    def test(d: Deal) -> bool:
        return bool(_suits_in(d.rules) - {c.suit for c in _hand_of(d, seat)})

    return Event(f"seat {seat} is void in some suit", test)


@lru_cache(maxsize=64)
def _suits_in(rules: Rules) -> frozenset[str]:
    return frozenset(c.suit for c in rules.deck())


def queen_with_hearts(k: int, seat: int = 0) -> Event:
    """``seat`` holds a Q♠ and at least ``k`` hearts — matches :func:`p_queen_with_hearts`."""
    seat = _whole_seat(seat)
    k = check_count(k, "k", low=0)
    return Event(
        f"seat {seat} is dealt the Q♠ and at least {k} hearts",
        lambda d: QUEEN_OF_SPADES in _hand_of(d, seat) and sum(c.suit == HEARTS for c in _hand_of(d, seat)) >= k,
    )


@lru_cache(maxsize=64)
def _holds_moon(hand: Sequence[Card], rules: Rules) -> bool:
    """``hand`` holds every moon card of ``rules`` (:attr:`Rules.moon_card_set`, copies counted)."""
    need = rules.moon_card_set
    return not need - Counter(c for c in hand if c in need)


def dealt_moon(seat: int | None = 0) -> Event:
    """``seat`` (None: some seat) is dealt every moon card (:attr:`Rules.moon_card_set`) — matches :func:`p_dealt_moon`."""
    seat = _seat(seat)
    return Event(f"{_seat_label(seat)} is dealt every moon card", _any_seat(seat, _holds_moon))


def kitty_points() -> Event:
    """The kitty holds a point card — matches :func:`p_kitty_points`."""
    return Event("the kitty holds a point card", lambda d: any(d.rules.points_of(c) for c in d.kitty))


def kitty_point_total() -> Event:
    """Points in the kitty (a count) — its mean matches :func:`expected_kitty_points`."""
    return Event("points in the kitty", lambda d: d.rules.points(d.kitty))


def pair_count(seat: int = 0) -> Event:
    """How many cards ``seat`` holds both copies of (a count) — matches :func:`expected_pairs`."""
    seat = _whole_seat(seat)
    return Event(f"pairs in seat {seat}'s hand", lambda d: len(_hand_of(d, seat)) - len(set(_hand_of(d, seat))))


def pair(seat: int = 0) -> Event:
    """``seat`` holds both copies of some card — matches :func:`p_pair`."""
    seat = _whole_seat(seat)
    return Event(f"seat {seat} is dealt both copies of some card", lambda d: len(set(_hand_of(d, seat))) < len(_hand_of(d, seat)))


def both_queens(seat: int | None = 0) -> Event:
    """``seat`` (None: some seat) holds both Q♠ — matches :func:`p_both_queens`."""
    seat = _seat(seat)
    return Event(f"{_seat_label(seat)} is dealt both Q♠", _any_seat(seat, lambda h, r: h.count(QUEEN_OF_SPADES) == 2))


def hearts_count(seat: int = 0) -> Event:
    """How many hearts ``seat`` is dealt (a count)."""
    seat = _whole_seat(seat)
    return Event(f"hearts in seat {seat}'s hand", lambda d: sum(c.suit == HEARTS for c in _hand_of(d, seat)))
