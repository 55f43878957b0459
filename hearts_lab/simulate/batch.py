"""Many hands at once with numpy: the fast path of :mod:`hearts_lab.simulate`.

The engine (:class:`~hearts_lab.hand.Hand`) is the reference: one place decides
legality. Playing a million hands through it is too slow, so this module is a
second implementation of the *same* rules for two simple policies, played on
thousands of hands in lockstep with array operations:

- ``"random"``: every seat passes a uniformly random set of ``pass_count``
  cards and plays uniformly at random among its distinct legal cards (what
  :class:`~hearts_lab.bots.RandomBot` does, with numpy's random numbers);
- ``"lowest"``: exactly :class:`~hearts_lab.bots.LowestCardBot` (pass the
  highest cards, play the lowest legal card by rank, then suit ♣ ♦ ♥ ♠).

Every parameter is read from the :class:`~hearts_lab.rules.Rules` value (deck,
removed cards, pass schedule and count, opening lead, first-trick rules, what
breaks hearts, card values, moon cards, cancellation, set-aside tricks, the
kitty); a rule field this module does not know raises :class:`UnsupportedRule`
naming it. ``tests/test_simulate.py`` checks that the ``"lowest"`` policy gives
exactly the engine's result on the same deals for every preset and player count.

A card is the integer ``4 * (rank - 2) + suit`` with suits ♣ ♦ ♥ ♠ = 0..3
(OpenSpiel's action numbers), so "lowest by rank, then suit" is the smallest
integer and the suit is ``card & 3``. A seat's cards are 64-bit sets (bit
``c`` for card ``c``; a second set marks cards held twice with two packs), so
each decision — following suit, the first-trick and heart-leading rules, a
uniformly random legal card (the ``r``-th of the set bits, ``r`` drawn
uniformly below their count, found by a broadword select: bytes' running bit
counts compared all at once, then a table) — is a handful of integer operations
per hand, and "this set, or that one if it is empty" is a sign mask rather than
a comparison and a masked copy.
Hands play in lockstep: with ``n`` players every hand has the same number of
plays, only the seat to play differs per hand, so the seats' card sets are kept
in each trick's order of play (row 0 leads) and turned to the winner after it.
The followers of a trick decide all at once (their choices depend on the led
suit only), each drawing its own random number in order of play. The arrays a
trick works on are carved once per call from one block and reused: fresh ones of
a few hundred kilobytes, made and dropped dozens of times a trick, cost as much
in page faults as the arithmetic. The random policy draws exactly as the earlier, slower
versions of this module did (the same calls in the same order), so a seed gives
the same results (``tests/test_simulate_fingerprint.py`` pins them).
The cards a seat collects are a card set too; points, moon cards and Q♠ copies
are counted from those sets once, at the end, in 64-bit integers.

Random passes: a seat dealt from a shuffle holds its cards in uniformly random
order, so its first ``pass_count`` cards are a uniformly random pass; deals
given in another order (:func:`deals_from_hands`) are shuffled per seat first.

>>> import numpy as np
>>> from hearts_lab import Rules
>>> rules = Rules.preset("standard", players=4)
>>> deals = random_deals(rules, 1000, np.random.default_rng(1))
>>> out = play(rules, deals, "random", np.random.default_rng(2))
>>> bool((out.points.sum(axis=1) == 26).all()), out.points.shape
(True, (1000, 4))
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

import numpy as np

from ..arguments import ArgumentError
from ..cards import HEARTS, QUEEN_OF_SPADES, SUITS, Card
from ..core import SUPPORTED_FIELDS as CORE_FIELDS, unsupported_fields
from ..rules import Rules
from .errors import UnsupportedRule

if TYPE_CHECKING:
    from ..hand import Hand

__all__ = [
    "POLICIES",
    "UnsupportedRule",
    "BatchTables",
    "Deals",
    "BatchOutcome",
    "card_index",
    "index_card",
    "random_deals",
    "deals_from_hands",
    "play",
    "games_over",
]

#: The policies the batch path plays.
POLICIES = ("random", "lowest")

#: Rule fields this module implements (those of the rules core). A field outside this set (a future
#: rule option) raises :class:`UnsupportedRule` unless it keeps its default value.
SUPPORTED_FIELDS = CORE_FIELDS


def card_index(card: Card) -> int:
    """The batch number of a card: ``4 * (rank - 2) + suit`` (♣ ♦ ♥ ♠ = 0..3).

    >>> card_index(Card.parse("2C")), card_index(Card.parse("QS")), card_index(Card.parse("AS"))
    (0, 43, 51)
    """
    return 4 * (card.rank - 2) + SUITS.index(card.suit)


def index_card(index: int) -> Card:
    """The card with batch number ``index``.

    >>> index_card(43)
    Q♠
    """
    return Card(int(index) // 4 + 2, SUITS[int(index) % 4])


def _bits(mask: np.ndarray) -> np.uint64:
    """The 64-bit card set of the card numbers where ``mask`` is true."""
    return np.uint64(sum(1 << int(i) for i in np.flatnonzero(mask)))


def _swar_popcount(cards: np.ndarray) -> np.ndarray:
    """The number of set bits of each 64-bit integer (as uint8), for numpy before 2.0, which has
    no ``bitwise_count``: the classic add-the-halves bit count, then a multiply that sums the bytes."""
    x = np.array(cards, dtype=np.uint64)
    x -= (x >> np.uint64(1)) & np.uint64(0x5555555555555555)
    x = (x & np.uint64(0x3333333333333333)) + ((x >> np.uint64(2)) & np.uint64(0x3333333333333333))
    x = (x + (x >> np.uint64(4))) & np.uint64(0x0F0F0F0F0F0F0F0F)
    return ((x * np.uint64(0x0101010101010101)) >> np.uint64(56)).astype(np.uint8)


#: Set bits per 64-bit card set: numpy's own ``bitwise_count`` (numpy 2.0 and later), else the same count by hand.
_popcount = getattr(np, "bitwise_count", _swar_popcount)

# A set of cards is a 64-bit integer: bit ``c`` stands for card number ``c``.
_QS = card_index(QUEEN_OF_SPADES)
_SUIT_OF = np.arange(52) % 4
_HEART = _SUIT_OF == SUITS.index(HEARTS)
_POINT = _HEART | (np.arange(52) == _QS)  # the cards the first-trick and leading rules restrict
_BIT = np.left_shift(np.uint64(1), np.arange(52, dtype=np.uint64))
_SUIT_BITS = np.array([_bits(_SUIT_OF == s) for s in range(4)], dtype=np.uint64)
_CLUB_BITS = _SUIT_BITS[0]
_NOT_HEART = _bits(~_HEART)
_NOT_POINT = _bits(~_POINT)
_QS_BIT = _BIT[_QS]
_ONE = np.uint64(1)
_ALL = np.uint64(2**64 - 1)
#: Games longer than this are refused by the game simulator; card values are checked against it.
_MAX_HANDS_PER_GAME = 10_000
#: Deals are shuffled this many at a time (see :func:`random_deals`).
_SHUFFLE_ROWS = 4096
_U1, _U2, _U3, _U4, _U8, _U56 = (np.uint64(k) for k in (1, 2, 3, 4, 8, 56))
_L8 = np.uint64(0x0101010101010101)  # 1 in every byte
_H8 = np.uint64(0x8080808080808080)  # the top bit of every byte
_BYTE = np.uint64(0xFF)
_BYTE_INDEX = np.uint64(0xFF << 3)
_EXPONENT = np.int64(0x7FF << 52)  # a float64's exponent bits
#: ``_SELECT_BIT[8 * b + r]``: the ``r``-th lowest set bit of the byte ``b`` as a one-bit integer (0 if it has no such bit).
_SELECT_BIT = np.array(
    [([1 << i for i in range(8) if b >> i & 1] + [0] * 8)[r] for b in range(256) for r in range(8)], dtype=np.uint64
)


def _check_supported(rules: Rules) -> None:
    """Refuse a rule field this module does not implement (:func:`hearts_lab.core.unsupported_fields`)."""
    if not isinstance(rules, Rules):
        raise TypeError(f"rules: expected a Rules value, not {type(rules).__name__}.")
    for name in unsupported_fields(rules, SUPPORTED_FIELDS):
        raise UnsupportedRule(
            f"{name}: the batch path does not implement this rule option "
            f"({getattr(rules, name)!r}); use the engine path (method='engine').",
            name,
        )


def games_over(rules: Rules, scores: np.ndarray) -> np.ndarray:
    """Row by row, whether a game at these scores is over: the batch twin of
    :func:`hearts_lab.scoring.game_ends` (some score reached the target and, with
    ``ties="play-on"``, the lowest score is unique; RULES.md §0.9-0.10), for thousands of games
    at once. Like the rest of this module it refuses a rule field it does not know, and
    ``tests/test_simulate.py`` holds it equal to ``game_ends`` on every preset and player count.

    >>> rules = Rules.preset("standard", players=4, ties="play-on")
    >>> games_over(rules, np.array([[100, 20, 20, 50], [100, 20, 30, 50], [99, 0, 0, 0]])).tolist()
    [False, True, False]
    """
    _check_supported(rules)
    scores = np.asarray(scores)
    if scores.ndim != 2 or scores.shape[1] != rules.players:
        raise ArgumentError(f"scores: expected one row of {rules.players} scores per game, not shape {scores.shape}.", "scores")
    over: np.ndarray = scores.max(axis=1) >= rules.target
    if rules.ties == "play-on":
        over &= (scores == scores.min(axis=1)[:, None]).sum(axis=1) == 1
    return over


@dataclass(frozen=True)
class BatchTables:
    """Everything the batch path needs from a :class:`Rules`, as arrays (one entry per card number)."""

    players: int
    decks: int
    hand_size: int
    kitty_size: int
    deck: np.ndarray  # card numbers in play, with multiplicity
    pass_count: int
    pass_schedule: tuple[int, ...]
    opening_lead: str
    first_trick_points: bool
    first_lead_points: bool
    broken_at_start: bool
    breaks: np.ndarray  # bool[52]: playing it breaks hearts
    values: np.ndarray  # int64[52]: penalty points
    moon_cards: np.ndarray  # bool[52]: counts toward the moon
    moon_total: int  # moon cards in the deck (with multiplicity); 0 = no moon
    cancellation: bool
    leader_takes_last: bool
    kitty_trick: int  # the trick (0-based) that carries the kitty (Rules.kitty_trick); -1 for no kitty
    value_sets: tuple[tuple[int, np.uint64], ...]  # (value, the cards worth it as a card set)
    moon_bits: np.uint64  # the moon cards as a card set
    point_bits: np.uint64  # the cards worth more than 0 as a card set

    @classmethod
    def from_rules(cls, rules: Rules) -> BatchTables:
        """Derive the tables; a rule field this module does not implement raises :class:`UnsupportedRule`.

        >>> BatchTables.from_rules(Rules.preset("cancellation", players=7)).kitty_size
        6
        """
        _check_supported(rules)
        deck = np.array(sorted(card_index(c) for c in rules.deck()), dtype=np.int16)
        # Points are 64-bit: refuse card values so large that a game's scores could leave that range.
        copies = Counter(rules.deck())
        largest = sum(abs(value) * copies[card] for card, value in rules.card_points) + rules.moon_reward
        if largest * _MAX_HANDS_PER_GAME >= 2**62:
            raise UnsupportedRule(
                "card_points: these card values are too large for the batch path's 64-bit totals; "
                "use the engine path (method='engine'), which counts with Python integers.",
                "card_points",
            )
        values = np.array([rules.points_of(index_card(i)) for i in range(52)], dtype=np.int64)
        moon = np.zeros(52, dtype=bool)
        for card in rules.moon_card_set:
            moon[card_index(card)] = True
        breaks = np.array([rules.breaks_hearts(index_card(i)) for i in range(52)])
        hand_size = rules.hand_size
        return cls(
            players=rules.players,
            decks=rules.decks,
            hand_size=hand_size,
            kitty_size=rules.kitty_size,
            deck=deck,
            pass_count=rules.pass_count,
            pass_schedule=rules.pass_schedule,
            opening_lead=rules.opening_lead,
            first_trick_points=rules.first_trick_points,
            first_lead_points=rules.first_lead_points,
            broken_at_start=rules.hearts_broken_by == "nothing",
            breaks=breaks,
            values=values,
            moon_cards=moon,
            moon_total=0 if rules.moon == "off" else rules.moon_card_count,
            cancellation=rules.cancellation,
            leader_takes_last=rules.last_trick_set_aside == "leader",
            kitty_trick=-1 if rules.kitty_trick is None else rules.kitty_trick,
            value_sets=tuple((int(v), _bits(values == v)) for v in np.unique(values[values != 0])),
            moon_bits=_bits(moon),
            point_bits=_bits(values > 0),
        )

    def pass_offsets(self, hand_numbers: np.ndarray) -> np.ndarray:
        """The pass offset of each hand number (0 = hold), as ``Rules.pass_offset`` gives it."""
        if self.pass_count == 0:
            return np.zeros(len(hand_numbers), dtype=np.int64)
        schedule = np.array(self.pass_schedule, dtype=np.int64)
        return schedule[np.asarray(hand_numbers, dtype=np.int64) % len(schedule)]


@dataclass(frozen=True)
class Deals:
    """``H`` deals as arrays: ``hands[H, players, hand_size]`` and ``kitty[H, kitty_size]`` hold card
    numbers; ``hand_numbers`` (which pass offset applies) and ``dealers`` are per hand.

    ``shuffled`` says each seat's cards are in uniformly random order (as dealt
    from a shuffle), so the first ``pass_count`` of them are a uniformly random pass.
    """

    hands: np.ndarray
    kitty: np.ndarray
    hand_numbers: np.ndarray
    dealers: np.ndarray
    shuffled: bool = False

    def __len__(self) -> int:
        return len(self.hands)


def random_deals(
    rules: Rules | BatchTables, count: int, rng: np.random.Generator, *, first_hand: int = 0, dealer: int | np.ndarray = 0
) -> Deals:
    """``count`` uniformly random deals; hand ``i`` gets hand number ``first_hand + i``.

    >>> deals = random_deals(Rules.preset("cancellation", players=9), 3, np.random.default_rng(0))
    >>> deals.hands.shape, deals.kitty.shape, deals.hand_numbers.tolist()
    ((3, 9, 11), (3, 5), [0, 1, 2])
    """
    tables = rules if isinstance(rules, BatchTables) else BatchTables.from_rules(rules)
    n, size = tables.players, tables.hand_size
    # Each row is shuffled by ``rng.permuted``, row after row: the same permutations whatever the
    # element type, but numpy swaps pointer-sized elements fastest, so a block of rows at a time is
    # shuffled as such and stored as bytes (card numbers fit in a byte).
    cards = np.empty((count, len(tables.deck)), dtype=np.int8)
    block = np.empty((min(count, _SHUFFLE_ROWS), len(tables.deck)), dtype=np.intp)
    for start in range(0, count, _SHUFFLE_ROWS):
        rows = block[: min(_SHUFFLE_ROWS, count - start)]
        rows[...] = tables.deck
        rng.permuted(rows, axis=1, out=rows)
        cards[start : start + len(rows)] = rows
    hands = cards[:, : n * size].reshape(count, n, size)
    kitty = np.sort(cards[:, n * size :], axis=1)
    dealers = np.broadcast_to(np.asarray(dealer, dtype=np.int64), (count,)).copy()
    return Deals(hands, kitty, np.arange(first_hand, first_hand + count, dtype=np.int64), dealers, shuffled=True)


def deals_from_hands(hands: Sequence[Hand]) -> Deals:
    """The deals of engine hands (their cards as dealt, before passing), for the batch path.

    >>> from hearts_lab import Hand
    >>> deals = deals_from_hands([Hand.deal(Rules.preset("standard", players=4), seed=s) for s in range(2)])
    >>> deals.hands.shape
    (2, 4, 13)
    """
    if not hands:
        raise ValueError("hands: expected at least one hand.")
    n = hands[0].players
    seats = np.array([[[card_index(c) for c in h.dealt(s)] for s in range(n)] for h in hands], dtype=np.int16)
    kitty = np.array([[card_index(c) for c in h.kitty] for h in hands], dtype=np.int16).reshape(len(hands), -1)
    numbers = np.array([h.hand_number for h in hands], dtype=np.int64)
    dealers = np.array([h.dealer for h in hands], dtype=np.int64)
    return Deals(seats, kitty, numbers, dealers, shuffled=False)


@dataclass(frozen=True)
class BatchOutcome:
    """What happened in each of ``H`` hands.

    ``points[H, players]`` (before any moon adjustment), ``shooter[H]`` (-1 for
    none), ``queens[H, players]`` (Q♠ copies collected), ``set_aside[H]`` (tricks
    nobody won), ``unclaimed[H]`` (points nobody collected), ``kitty_holder[H]``
    (-1: no kitty or nobody collected it).
    """

    points: np.ndarray
    shooter: np.ndarray
    queens: np.ndarray
    set_aside: np.ndarray
    unclaimed: np.ndarray
    kitty_holder: np.ndarray

    def __len__(self) -> int:
        return len(self.shooter)


def _pass(tables: BatchTables, deals: Deals, policy: str, rng: np.random.Generator | None) -> np.ndarray:
    """Each seat's cards after the exchange, ``[H, players, hand_size]``."""
    hands = deals.hands
    k, n = tables.pass_count, tables.players
    offsets = tables.pass_offsets(deals.hand_numbers)
    if k == 0 or not offsets.any():
        return hands
    size = tables.hand_size
    if policy == "random":
        if not deals.shuffled:
            assert rng is not None  # play() requires one for the random policy
            order = np.argsort(rng.random(hands.shape), axis=-1)
            hands = np.take_along_axis(hands, order, axis=-1)
        passed, kept = hands[..., :k], hands[..., k:]
    else:  # "lowest" passes its highest cards
        ordered = np.sort(hands, axis=-1)
        passed, kept = ordered[..., size - k :], ordered[..., : size - k]
    rows = np.arange(len(hands))[:, None]
    source = (np.arange(n)[None, :] - offsets[:, None]) % n
    exchanged = np.concatenate([kept, passed[rows, source]], axis=-1)
    return np.where(offsets[:, None, None] > 0, exchanged, hands)


def _none_mask(cards: np.ndarray, out: np.ndarray) -> np.ndarray:
    """All 64 bits set in ``out`` where the card set is empty, none where it is not.

    Sets are below 2**63, so ``cards - 1`` is negative (as a signed integer) just for an empty
    set, and an arithmetic shift spreads its sign bit: a comparison and a masked copy
    (``np.copyto(..., where=)``, slow) become three integer operations.
    """
    np.subtract(cards, _ONE, out=out)
    signed = out.view(np.int64)
    signed >>= 63
    return out


def _or_else(cards: np.ndarray, fallback: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """``cards`` where that set is not empty, else ``fallback``, in ``out`` (which may be ``cards``)."""
    _none_mask(cards, scratch)
    scratch &= fallback
    result: np.ndarray = np.bitwise_or(cards, scratch, out=out)
    return result


class _Arena:
    """Arrays of 8-byte items carved from one block of memory, made once per :func:`play` call.

    The play loop reuses its arrays trick after trick: fresh arrays of a few hundred kilobytes,
    made and dropped dozens of times a trick, cost as much in page faults as the arithmetic.
    And one block rather than dozens of arrays: numpy asks the system for huge pages for a
    block of 4 MiB or more, so touching it the first time costs a few page faults, not thousands.
    """

    def __init__(self, words: int) -> None:
        self._block = np.empty(words, dtype=np.uint64)
        self._used = 0

    def array(self, shape: int | tuple[int, ...], dtype: type = np.uint64) -> np.ndarray:
        """A new contiguous array of 8-byte items (not initialised)."""
        size = int(np.prod(shape))
        if self._used + size > len(self._block):
            raise AssertionError("arena too small")  # a bug in play's count of its arrays
        view: np.ndarray = self._block[self._used : self._used + size].view(dtype).reshape(shape)
        self._used += size
        return view


class _Work:
    """Scratch arrays for :func:`_select_bits` and :func:`_lowest_bits` on up to ``size`` card sets."""

    #: Arrays of ``size`` 8-byte items it takes from an arena.
    ROWS = 5

    def __init__(self, size: int, arena: _Arena | None = None) -> None:
        arena = arena or _Arena(self.ROWS * size)
        self.totals = arena.array(size)
        self.rank = arena.array(size)
        self.shift = arena.array(size)
        self.index = arena.array(size)
        self.scaled = arena.array(size, np.float64)


def _lowest_bits(cards: np.ndarray, out: np.ndarray, work: _Work) -> np.ndarray:
    """The lowest card of each 64-bit card set (which must not be empty), as a one-card set, in ``out``."""
    low = work.index[: cards.size].reshape(cards.shape)
    np.invert(cards, out=low)
    low += _ONE
    result: np.ndarray = np.bitwise_and(cards, low, out=out)
    return result


def _top_bits(cards: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """The highest card of each 64-bit card set, as a one-card set in ``out`` (0 for an empty set).

    A set below 2**53 converts to a float exactly; keeping only the float's exponent
    leaves the power of two of its highest bit, which converts back exactly. ``scratch``: floats.
    """
    np.copyto(scratch, cards, casting="unsafe")
    scratch.view(np.int64)[...] &= _EXPONENT
    np.copyto(out, scratch, casting="unsafe")
    return out


def _suit_sets(bits: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """The set of all cards of the suit of each one-card set, in ``out``; ``scratch``: floats.

    The float exponent of ``2**c`` is ``c + 1023``, and ``c + 1024`` has the suit ``c % 4`` in its low two bits.
    """
    np.copyto(scratch, bits, casting="unsafe")
    suit = scratch.view(np.int64)
    suit >>= 52
    suit += 1
    suit &= 3
    return _SUIT_BITS.take(suit, out=out, mode="clip")


def _byte_counts(cards: np.ndarray, out: np.ndarray, scratch: np.ndarray) -> np.ndarray:
    """The number of set bits in each byte of each 64-bit card set, as the bytes of a 64-bit integer.

    All three arrays are contiguous and of the same size. numpy 2 counts the bytes itself;
    before 2.0, the first steps of the hand-written bit count (:func:`_swar_popcount`) give the same.
    """
    if _popcount is not _swar_popcount:
        np.bitwise_count(cards.view(np.uint8), out=out.view(np.uint8))
        return out
    np.right_shift(cards, _U1, out=out)
    out &= np.uint64(0x5555555555555555)
    np.subtract(cards, out, out=out)
    np.right_shift(out, _U2, out=scratch)
    scratch &= np.uint64(0x3333333333333333)
    out &= np.uint64(0x3333333333333333)
    out += scratch
    np.right_shift(out, _U4, out=scratch)
    out += scratch
    out &= np.uint64(0x0F0F0F0F0F0F0F0F)
    return out


def _select_bits(cards: np.ndarray, draws: np.ndarray, out: np.ndarray, work: _Work) -> np.ndarray:
    """A random card of each 64-bit card set (not empty), as a one-card set in ``out``: the ``r``-th
    lowest (0-based), ``r = floor(draw * the number of cards in the set)``. All arrays are contiguous.

    Broadword select (as in Vigna's rank/select): the byte counts times ``0x0101..01`` are
    the running totals in every byte; comparing all eight with ``r`` at once finds the byte
    holding the card, and a table gives the card within that byte.
    """
    size = cards.size
    totals, rank, shift, index = work.totals[:size], work.rank[:size], work.shift[:size], work.index[:size]
    _byte_counts(cards, totals, index)
    totals *= _L8  # byte j: the cards in bytes 0..j; the top byte holds them all
    np.right_shift(totals, _U56, out=rank)
    scaled = np.multiply(draws, rank.view(np.int64), out=work.scaled[:size])  # (the count is exact as a float)
    np.copyto(rank.view(np.int64), scaled, casting="unsafe")  # floor: below the count
    np.multiply(rank, _L8, out=shift)
    shift |= _H8
    shift -= totals  # no borrows: every byte here is at least 128, every running total at most 52
    shift &= _H8  # bit 7 of byte j: the card lies beyond byte j
    shift >>= _U4  # 8 in each byte before the card's byte
    shift *= _L8
    shift >>= _U56  # their sum: 8 * the number of bytes before the card's byte
    totals <<= _U8
    totals >>= shift
    totals &= _BYTE  # the cards in the bytes below the card's byte
    rank -= totals  # the card's rank within its byte
    np.left_shift(cards, _U3, out=index)
    index >>= shift
    index &= _BYTE_INDEX  # 8 * the value of the card's byte
    index |= rank
    _SELECT_BIT.take(index.view(np.int64), out=out, mode="clip")  # (in range: "clip" writes straight to out)
    out <<= shift
    return out


def _card_sets(cards: np.ndarray, decks: int) -> tuple[np.ndarray, np.ndarray]:
    """64-bit sets of the cards held at least once and twice, from ``cards[..., k]`` card numbers."""
    bits = _BIT[cards]
    once = np.bitwise_or.reduce(bits, axis=-1)
    if decks == 1:
        return once, np.zeros_like(once)
    ordered = np.sort(cards, axis=-1)
    repeated = np.where(ordered[..., 1:] == ordered[..., :-1], _BIT[ordered[..., 1:]], np.uint64(0))
    return once, np.bitwise_or.reduce(repeated, axis=-1)


def _points(tables: BatchTables, cards: np.ndarray) -> np.ndarray:
    """The points of each 64-bit card set in ``cards``: for each card value, that value times
    the number of cards worth it in the set."""
    total = np.zeros(cards.shape, dtype=np.int64)
    for value, mask in tables.value_sets:
        total += value * _popcount(cards & mask).astype(np.int64)
    return total


def _count(cards: np.ndarray, of: np.uint64) -> np.ndarray:
    return _popcount(cards & of)


def _random_pass_sets(tables: BatchTables, deals: Deals) -> np.ndarray:
    """``[n, H]``: each seat's cards after a uniformly random pass, as 64-bit sets (one pack, shuffled deals).

    A seat dealt from a shuffle holds its cards in random order, so it passes the first ``pass_count``.
    """
    count, n, size = deals.hands.shape
    k = tables.pass_count
    cards = deals.hands.reshape(count, n * size)
    kept = np.empty((n, count), dtype=np.uint64)
    passed = np.empty((n, count), dtype=np.uint64)
    bit = np.empty(count, dtype=np.uint64)
    for seat in range(n):
        for j in range(size):
            np.copyto(bit, cards[:, seat * size + j], casting="unsafe")  # a card number ...
            np.left_shift(_ONE, bit, out=bit)  # ... and its one-card set
            held = passed[seat] if j < k else kept[seat]
            if j == 0 or j == k:
                held[...] = bit
            else:
                held |= bit
    if k == 0:
        return kept
    # Seat s receives from seat (s - offset) % n = (s + shift) % n: the rows turned per hand, by
    # an index into the flat array that wraps past its end. A hold hand (offset 0) keeps its own cards.
    offsets = tables.pass_offsets(deals.hand_numbers)
    shift = (n - offsets) % n
    index = np.arange(n * count, dtype=np.intp).reshape(n, count) + shift * count
    received: np.ndarray = kept | passed.reshape(-1).take(index, mode="wrap")
    return received


def play(rules: Rules | BatchTables, deals: Deals, policy: str = "random", rng: np.random.Generator | None = None) -> BatchOutcome:
    """Play every deal to the end under ``policy`` (``"random"`` or ``"lowest"``).

    ``rng`` is required for ``"random"``. Each seat's cards are two 64-bit sets
    (held at least once, held twice), kept in the order of play of the current
    trick (row 0: the leader), so a decision is a few operations on ``H``
    contiguous integers; each seat's collected cards are a 64-bit set too, and
    the points, moon cards and Q♠ are counted once at the end. Memory is under a
    kilobyte per hand with four players (a few with eleven and two packs); the
    caller chunks (see :func:`hearts_lab.simulate.simulate`).

    The ``"lowest"`` policy is the engine's :class:`~hearts_lab.bots.LowestCardBot`:

    >>> from hearts_lab import Hand
    >>> from hearts_lab.bots import LowestCardBot, play_hand
    >>> rules = Rules.preset("cancellation", players=6)
    >>> out = play(rules, deals_from_hands([Hand.deal(rules, seed=3)]), "lowest")
    >>> out.points.tolist(), out.shooter.tolist(), out.set_aside.tolist()
    ([[40, 10, 0, 1, 1, 0]], [-1], [0])
    >>> hand = Hand.deal(rules, seed=3)
    >>> play_hand(hand, [LowestCardBot()] * 6)
    >>> hand.points()
    (40, 10, 0, 1, 1, 0)
    """
    if policy not in POLICIES:
        raise ValueError(f"policy: {policy!r} is not one of {', '.join(map(repr, POLICIES))}.")
    if policy == "random" and rng is None:
        raise ValueError("rng: the 'random' policy needs a numpy Generator.")
    draw = rng if rng is not None else np.random.default_rng(0)  # unused by the "lowest" policy
    tables = rules if isinstance(rules, BatchTables) else BatchTables.from_rules(rules)
    n, size = tables.players, tables.hand_size
    count = len(deals)
    if deals.hands.shape[1:] != (n, size) or deals.kitty.shape[1:] != (tables.kitty_size,):
        raise ValueError(
            f"deals: expected hands of shape (H, {n}, {size}) and a kitty of {tables.kitty_size}, "
            f"got {deals.hands.shape} and {deals.kitty.shape}."
        )
    rows = np.arange(count)
    two_packs = tables.decks > 1
    empty = np.uint64(0)
    if policy == "random" and deals.shuffled and not two_packs:
        once, twice = _random_pass_sets(tables, deals), None  # [n, H]
    else:
        sets = _card_sets(_pass(tables, deals, policy, rng).astype(np.int64), tables.decks)  # [H, n]
        once, twice = np.ascontiguousarray(sets[0].T), np.ascontiguousarray(sets[1].T) if two_packs else None

    leader = (deals.dealers + 1) % n
    has_open = np.zeros(count, dtype=bool)
    open_bit = np.zeros(count, dtype=np.uint64)
    if tables.opening_lead != "left-of-dealer":
        # The lowest club dealt to a seat (not the kitty), led by its first holder from the dealer's left.
        clubs = np.bitwise_or.reduce(once, axis=0) & _CLUB_BITS
        has_open = clubs != empty
        open_bit = clubs & (~clubs + _ONE)
        holder = leader
        for ahead in range(n - 1, -1, -1):  # the nearest holder last, so it wins
            seat = (deals.dealers + 1 + ahead) % n
            holds = (once.reshape(-1).take(seat * count + rows) & open_bit) != empty
            holder = np.where(holds, seat, holder)
        leader = np.where(has_open, holder, leader)

    # Row p of ``hand`` (and ``pair``): the cards of the seat p places after this trick's leader.
    # Each is the first half of a ``[2n, H]`` array; turning the rows per hand (row p of the result
    # is row (p + shift) % n) copies the first half to the second, so that row p + shift < 2n of the
    # doubled array is that row, and takes it by the index ``base + shift * H``.
    # These arrays, and the others of n or n - 1 rows, are made once and reused trick after trick (see ``_Work``).
    # Rows of H 8-byte items: hand and pair twice over (4n each), trick, legal, scratch, draws,
    # index, base, taken and taken_twice (n each), the select's scratch, 12 single rows.
    rows_needed = 4 * n * (1 + two_packs) + 7 * n + n * two_packs + _Work.ROWS * (n - 1) + 12
    arena = _Arena(rows_needed * count)
    base = arena.array((n, count), np.intp)
    base[...] = np.arange(n * count, dtype=np.intp).reshape(n, count)
    index = arena.array((n, count), np.intp)
    offset = arena.array(count, np.intp)

    def turn(doubled: np.ndarray, shift: np.ndarray | None, out: np.ndarray) -> np.ndarray:
        np.copyto(doubled[n:], doubled[:n])
        if shift is not None:  # else: the index of the last turn
            np.multiply(shift, count, out=offset, dtype=np.intp)  # (dtype: numpy 1.26 would multiply a uint8 shift in 16 bits)
            np.add(base, offset, out=index)
        doubled.reshape(-1).take(index, mode="clip", out=out[:n])
        return out

    hand_rows, spare = arena.array((2 * n, count)), arena.array((2 * n, count))
    hand_rows[:n] = once
    hand_rows, spare = turn(hand_rows, leader, spare), hand_rows
    hand = hand_rows[:n]
    if twice is not None:
        pair_rows, spare_pair = arena.array((2 * n, count)), arena.array((2 * n, count))
        pair_rows[:n] = twice
        pair_rows, spare_pair = turn(pair_rows, None, spare_pair), pair_rows
        pair = pair_rows[:n]
    taken = arena.array((n, count))  # each seat's collected cards (by seat number)
    taken[...] = 0
    taken_twice = arena.array((n, count)) if two_packs else None
    if taken_twice is not None:
        taken_twice[...] = 0
    flat_taken, flat_twice = taken.reshape(-1), None if taken_twice is None else taken_twice.reshape(-1)
    pending = np.zeros(count, dtype=np.uint64)  # cards waiting after set-aside tricks
    pending_twice = np.zeros(count, dtype=np.uint64)
    kitty_once, kitty_twice = _card_sets(deals.kitty.astype(np.int64), tables.decks)
    kitty_holder = np.full(count, -1, dtype=np.int8)
    kitty_pending = np.zeros(count, dtype=bool)
    set_aside = np.zeros(count, dtype=np.int8)
    broken = arena.array(count)  # all bits set once hearts are broken
    broken[...] = _ALL if tables.broken_at_start else empty
    break_bits = _bits(tables.breaks)
    trick = arena.array((n, count))  # the cards of this trick as one-card sets, in order of play
    draws = arena.array((n, count), np.float64)  # row p: the random number of the p-th player of this trick
    legal = arena.array((n, count))  # row 0: the leader's legal cards; rows 1..: the followers'
    hits = np.empty((n, count), dtype=bool)
    scratch = arena.array((n, count))
    seen = arena.array(count)  # cards in this trick
    led_bits = arena.array(count)  # the cards of the led suit
    top = arena.array(count)
    cards = arena.array(count)  # scratch
    floats = arena.array(count, np.float64)  # scratch
    no_cards = arena.array(count)
    no_cards[...] = 0
    place = np.zeros(count, dtype=np.uint8)  # the winner, counted from the leader
    winner = arena.array(count, np.int64)
    step = arena.array(count, np.intp)  # leader + place, below 2n
    seat_of = np.arange(2 * n, dtype=np.int64) % n  # the seat ``step`` places after seat 0
    row_of = seat_of.astype(np.intp) * count  # where that seat's row starts in ``taken``
    leader, leading = arena.array(count, np.int64), leader
    leader[...] = leading
    where = arena.array(count, np.intp)
    work = _Work((n - 1) * count, arena)
    random_play = policy == "random"
    one_top = not two_packs or tables.cancellation  # at most one copy of the winning card is played
    lost_once = lost_twice = np.zeros(count, dtype=np.uint64)

    def general_lead(present: np.ndarray, out: np.ndarray) -> None:
        # Hearts may be led once broken, or by a leader holding nothing but hearts and Q♠.
        if tables.broken_at_start:
            np.copyto(out, present)
            return
        np.bitwise_and(present, _NOT_POINT, out=out)
        _none_mask(out, out)  # all set: the leader holds nothing but hearts and Q♠
        out |= broken
        out |= _NOT_HEART
        out &= present

    for number in range(size):
        first = number == 0
        last = number == size - 1
        # The leader (row 0).
        present = hand[0]
        if first and tables.opening_lead == "lowest-club":
            general_lead(present, legal[0])
            np.copyto(legal[0], open_bit, where=has_open)
        elif first and tables.opening_lead == "any-club":
            clubs_held = present & _CLUB_BITS
            general_lead(present, legal[0])
            np.copyto(legal[0], clubs_held, where=clubs_held != empty)
        elif first and not tables.first_lead_points:  # left of dealer: no heart or Q♠ led
            safe = present & _NOT_POINT
            legal[0] = np.where(safe != empty, safe, present)
        else:
            general_lead(present, legal[0])
        # The random policy draws one number per player and trick, in order of play (in the last
        # trick too, where one card is left: the draw is made but not needed).
        if random_play:
            draw.random(out=draws[0])
        if random_play and not last:
            _select_bits(legal[0], draws[0], trick[0], work)
        else:
            _lowest_bits(legal[0], trick[0], work)
        _suit_sets(trick[0], led_bits, floats)
        # The followers (rows 1..n-1) all at once: each follows the led suit if it can.
        rest, follow = hand[1:], legal[1:]
        np.bitwise_and(rest, led_bits, out=follow)
        if first and not tables.first_trick_points:
            other = _or_else(rest & _NOT_POINT, rest, np.empty_like(rest), scratch[1:])
        else:
            other = rest
        _or_else(follow, other, follow, scratch[1:])
        if random_play:
            for position in range(1, n):
                draw.random(out=draws[position])
        if random_play and not last:
            _select_bits(follow.reshape(-1), draws[1:].reshape(-1), trick[1:].reshape(-1), work)
        else:
            _lowest_bits(follow, trick[1:], work)
        if twice is None:
            hand ^= trick
            np.bitwise_or.reduce(trick, axis=0, out=seen)
            paired = no_cards  # with one pack no card is played twice
        else:
            # Two packs: a card held twice loses its second copy first.
            np.bitwise_and(pair, trick, out=scratch)  # the card, if the player held it twice
            pair ^= scratch
            scratch ^= trick  # the card, if the player held it once
            hand ^= scratch
            seen[...] = trick[0]
            paired = np.zeros(count, dtype=np.uint64)  # cards played twice in this trick
            for position in range(1, n):
                paired |= seen & trick[position]
                seen |= trick[position]

        # Resolve the trick (RULES.md §0, §3.6-3.9): highest uncancelled card of the led suit.
        if tables.cancellation:
            np.invert(paired, out=cards)
            cards &= seen
            cards &= led_bits
        else:
            np.bitwise_and(seen, led_bits, out=cards)
        _top_bits(cards, top, floats)
        np.equal(trick, top, out=hits)
        hit = hits.view(np.uint8)
        if one_top:  # the top card was played once (or not at all: no winner, place 0)
            np.multiply(hit[n - 1], np.uint8(n - 1), out=place)
            for position in range(n - 2, 0, -1):
                place += hit[position] * np.uint8(position)
        else:  # two packs without cancellation: the first copy of the top card wins
            place[...] = 0
            for position in range(n - 1, 0, -1):
                np.copyto(place, position, where=hits[position])
            np.copyto(place, 0, where=hits[0])
        np.add(leader, place, out=step)
        seat_of.take(step, out=winner, mode="clip")
        kitty_here = tables.kitty_size > 0 and number == tables.kitty_trick
        if not tables.cancellation:  # every trick is won: nothing waits, nothing is set aside
            pile = seen | kitty_once if kitty_here else seen
            row_of.take(step, out=where, mode="clip")
            where += rows
            if flat_twice is None:
                flat_taken.take(where, out=cards, mode="clip")
                cards |= pile
                flat_taken.put(where, cards, mode="clip")
            else:
                pile_twice = paired | kitty_twice | (seen & kitty_once) if kitty_here else paired
                before = flat_taken.take(where)
                flat_twice.put(where, flat_twice.take(where) | pile_twice | (before & pile))
                flat_taken.put(where, before | pile)
            if kitty_here:
                kitty_holder[:] = winner
            if last:
                break
            np.bitwise_and(seen, break_bits, out=cards)
            broken |= ~_none_mask(cards, cards)
            leader, winner, shift = winner, leader, place
        else:
            won = top != empty
            pile, pile_twice = _union(seen, paired, pending, pending_twice)
            if kitty_here:
                pile, pile_twice = _union(pile, pile_twice, kitty_once, kitty_twice)
            if last and tables.leader_takes_last:
                got = np.ones(count, dtype=bool)
                collector = np.where(won, winner, leader)
            else:
                got = won
                collector = np.where(won, winner, -1)
            at = np.where(got, collector, 0) * count + rows
            if flat_twice is not None:
                before = flat_taken[at]
                flat_twice[at] |= np.where(got, pile_twice | (before & pile), empty)
                flat_taken[at] = before | np.where(got, pile, empty)
            else:
                flat_taken[at] |= np.where(got, pile, empty)
            if tables.kitty_size:
                gets_kitty = got & (kitty_here | ((kitty_holder < 0) & kitty_pending))
                kitty_holder[gets_kitty] = collector[gets_kitty]
                kitty_pending = np.where(got, False, kitty_pending | kitty_here)
            pending = np.where(got, empty, pile)
            pending_twice = np.where(got, empty, pile_twice)
            set_aside += ~won
            if last:
                lost_once, lost_twice = pending, pending_twice
                break
            np.bitwise_and(seen, break_bits, out=cards)
            broken |= ~_none_mask(cards, cards)
            leader = np.where(won, winner, leader)
            shift = np.where(won, place, np.uint8(0))
        # Turn each hand so that the next leader's cards are row 0.
        hand_rows, spare = turn(hand_rows, shift, spare), hand_rows
        hand = hand_rows[:n]
        if twice is not None:
            pair_rows, spare_pair = turn(pair_rows, None, spare_pair), pair_rows
            pair = pair_rows[:n]

    points = _points(tables, taken) + (0 if taken_twice is None else _points(tables, taken_twice))
    moon = _count(taken, tables.moon_bits) + (0 if taken_twice is None else _count(taken_twice, tables.moon_bits))
    queens = _count(taken, _QS_BIT) + (0 if taken_twice is None else _count(taken_twice, _QS_BIT))
    unclaimed = _points(tables, lost_once) + _points(tables, lost_twice)
    if tables.moon_total:
        full = moon == tables.moon_total  # [n, H]
        # An unclaimed card worth points rules the moon out (RULES.md §3.11).
        no_loss = ((lost_once | lost_twice) & tables.point_bits) == empty
        shooter = np.where(full.any(axis=0) & no_loss, full.argmax(axis=0), -1).astype(np.int8)
    else:
        shooter = np.full(count, -1, dtype=np.int8)
    return BatchOutcome(np.ascontiguousarray(points.T), shooter, np.ascontiguousarray(queens.T.astype(np.int8)), set_aside, unclaimed, kitty_holder)


def _union(once_a: np.ndarray, twice_a: np.ndarray, once_b: np.ndarray, twice_b: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Two piles of cards (as sets of cards held at least once and twice) put together; with at
    most two copies of a card in play, a card is held twice if either pile holds it twice or both hold it."""
    return once_a | once_b, twice_a | twice_b | (once_a & once_b)
