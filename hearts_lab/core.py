"""The rules core: a compact position and every play rule decided once, for the hand and the solver.

A card is a small integer, its *code* ``suit * 16 + rank`` (suits ♣ ♦ ♥ ♠ = 0..3,
ranks 2..14), so the ranks of one suit compare directly; a set of distinct cards
is a bitmask with bit ``code`` set, as python-chess keeps its board. With two
packs a seat's cards are two masks: the cards it holds, and the cards it holds twice.

:class:`Core` holds what one :class:`~hearts_lab.rules.Rules` value means for
the play, and decides, on codes and masks: which cards a seat may play
(:meth:`Core.legal`), who wins a trick (:meth:`Core.winner`; with the trick's points and
flags, :attr:`Core.decide_trick`), who collects it
(:meth:`Core.collector`), which trick carries the kitty (:attr:`Core.kitty_trick`)
and who may still shoot the moon (:meth:`Core.moon_owner`).
:class:`~hearts_lab.hand.Hand` and :mod:`hearts_lab.solve` both call these; the
numpy batch path (:mod:`hearts_lab.simulate.batch`) is the one declared twin,
held equal by its differential test.

>>> from hearts_lab import Rules
>>> from hearts_lab.cards import parse_cards
>>> core = Core.of(Rules.preset("standard", players=4))
>>> hand = mask_of(parse_cards("2C 9C QS 5H"))
>>> cards_of(core.legal(hand, led=HEARTS_SUIT, first=False, broken=True, opening=0)[0])
(5♥,)
>>> core.winner([(0, code(Card.parse("9H"))), (1, code(Card.parse("KH"))), (2, code(Card.parse("AS")))])
(1, 45, ())
>>> place, _, _, total = core.decide_trick([code(Card.parse("9H")), code(Card.parse("QS"))])
>>> place, total >> POINTS_SHIFT, total & MOON_FLAG
(0, 14, 2)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import TYPE_CHECKING, ClassVar, TypeAlias, TypeVar, cast

from .cards import (
    CLUBS,
    HEARTS,
    POINT_CARDS,
    SPADES,
    SUITS,
    Card,
    full_pack,
)
from .errors import MoveRule, RulesError

if TYPE_CHECKING:
    from .rules import Rules

__all__ = [
    "BREAKS_FLAG",
    "CLUBS_SUIT",
    "HEARTS_SUIT",
    "MOON_FLAG",
    "POINTS_SHIFT",
    "POINT_MASK",
    "POSITIVE_FLAG",
    "SPADES_SUIT",
    "SUIT_MASKS",
    "SUPPORTED_FIELDS",
    "Core",
    "bit",
    "card_of",
    "cards_of",
    "code",
    "codes_of",
    "mask_of",
    "trick_winner_codes",
]

T = TypeVar("T")

CLUBS_SUIT, HEARTS_SUIT, SPADES_SUIT = SUITS.index(CLUBS), SUITS.index(HEARTS), SUITS.index(SPADES)

#: A card's code: suit index * 16 + rank.
CODE: dict[Card, int] = {c: SUITS.index(c.suit) * 16 + c.rank for c in full_pack()}
#: A card's bit: ``1 << code``.
BIT: dict[Card, int] = {c: 1 << k for c, k in CODE.items()}
_CARD_OF: list[Card | None] = [None] * 64
for _card, _code in CODE.items():
    _CARD_OF[_code] = _card
del _card, _code

#: The cards of each suit, as masks.
SUIT_MASKS: tuple[int, ...] = tuple(0x7FFC << (16 * s) for s in range(4))
#: The hearts and the Q♠, the cards the first-trick and leading rules restrict.
POINT_MASK: int = sum(BIT[c] for c in POINT_CARDS)
_CLUBS_MASK, _HEARTS_MASK = SUIT_MASKS[CLUBS_SUIT], SUIT_MASKS[HEARTS_SUIT]
# Complements within the 64 bits a mask uses: ``held & ~POINT_MASK`` would make a negative number at
# every call, and CPython works a bitwise operation on a negative number through a complemented copy.
_NOT_POINTS, _NOT_HEARTS = (1 << 64) - 1 - POINT_MASK, (1 << 64) - 1 - _HEARTS_MASK


def code(card: Card) -> int:
    """A card's code, ``suit * 16 + rank``.

    >>> code(Card.parse("2C")), code(Card.parse("QS"))
    (2, 60)
    """
    return CODE[card]


def card_of(k: int) -> Card:
    """The card of a code.

    >>> card_of(60)
    Q♠
    """
    card = _CARD_OF[k] if type(k) is int and 0 <= k < 64 else None
    if card is None:
        raise RulesError(f"code: {k!r} is not a card's code.", "code")
    return card


def bit(card: Card) -> int:
    """A card's bit, ``1 << code(card)``."""
    return BIT[card]


def mask_of(cards: Iterable[Card]) -> int:
    """The set of distinct cards among ``cards``, as a mask.

    >>> from hearts_lab.cards import parse_cards
    >>> cards_of(mask_of(parse_cards("QS 2C 2C")))
    (2♣, Q♠)
    """
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _suit_table(suit: int, of: Sequence[T]) -> list[tuple[T, ...]]:
    """Every set of cards of one suit, by its 13-bit chunk (ranks 2..14 at bits 0..12): built by adding
    the highest card to the set below it, so each entry costs one tuple concatenation."""
    table: list[tuple[T, ...]] = [()] * 8192
    for chunk in range(1, 8192):
        high = chunk.bit_length() - 1
        table[chunk] = table[chunk ^ (1 << high)] + (of[suit * 16 + high + 2],)
    return table


# Each suit's cards (and codes) by chunk: 4 x 8192 tuples, about 3 MB, built in a few ms on import.
#: The card of each valid code (the other entries are never read through this view).
_CARD_AT = cast("list[Card]", _CARD_OF)
_CARDS_BY_CHUNK: list[list[tuple[Card, ...]]] = [_suit_table(s, _CARD_AT) for s in range(4)]
_CODES_BY_CHUNK: list[list[tuple[int, ...]]] = [_suit_table(s, list(range(64))) for s in range(4)]
_C0, _C1, _C2, _C3 = _CARDS_BY_CHUNK


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of a mask, by suit (♣ ♦ ♥ ♠) then rank.

    >>> cards_of(SUIT_MASKS[HEARTS_SUIT])[:3]
    (2♥, 3♥, 4♥)
    """
    return _C0[mask >> 2 & 0x1FFF] + _C1[mask >> 18 & 0x1FFF] + _C2[mask >> 34 & 0x1FFF] + _C3[mask >> 50 & 0x1FFF]


def suit_cards(mask: int, suit: int) -> tuple[Card, ...]:
    """The cards of one suit in a mask, by rank."""
    return _CARDS_BY_CHUNK[suit][mask >> (16 * suit + 2) & 0x1FFF]


def codes_of(mask: int) -> tuple[int, ...]:
    """The codes of a mask, ascending.

    >>> from hearts_lab.cards import parse_cards
    >>> codes_of(mask_of(parse_cards("3C QS")))
    (3, 60)
    """
    t = _CODES_BY_CHUNK
    return t[0][mask >> 2 & 0x1FFF] + t[1][mask >> 18 & 0x1FFF] + t[2][mask >> 34 & 0x1FFF] + t[3][mask >> 50 & 0x1FFF]


def trick_winner_codes(cancellation: bool, plays: Sequence[tuple[int, int]]) -> tuple[int, int, tuple[int, ...]]:
    """The one trick-winner decision (RULES.md §3.6-3.7) on ``(seat, code)`` plays, leader first
    (:attr:`Core.winner` for a rule set; :func:`hearts_lab.tricks.resolve_trick` on cards):
    the winning seat and its card's code (-1, -1 when the trick is set aside, or, for a trick in
    progress, when no card is winning it yet), and the cancelled codes, each once, in the
    order its first copy was played."""
    codes = [c for _, c in plays]
    index, best, cancelled, _ = (_cancelled_decision if cancellation else _UNCANCELLED_NO_TALLY)(codes)
    return (plays[index][0] if index >= 0 else -1), best, cancelled


def _cancelled_decision(codes: Sequence[int]) -> tuple[int, int, tuple[int, ...], int]:
    """:func:`trick_winner_codes` under cancellation, on the codes in play order: the winner's place in
    that order (-1: none), its code, the cancelled codes, and 0 (no tally)."""
    led = codes[0] >> 4
    cancelled: tuple[int, ...] = ()
    if len(codes) > 1:
        seen: list[int] = []
        for c in codes:
            if c in seen:
                if c not in cancelled:
                    cancelled += (c,)
            else:
                seen.append(c)
        if len(cancelled) > 1:
            cancelled = tuple(c for c in seen if c in cancelled)
    best = -1
    index = -1
    for i, c in enumerate(codes):
        if c >> 4 == led and c > best and c not in cancelled:
            best, index = c, i
    return index, best, cancelled, 0


def _uncancelled_winner(plays: Sequence[tuple[int, int]]) -> tuple[int, int, tuple[int, ...]]:
    """:func:`trick_winner_codes` with nothing cancelled: the highest card of the suit led (its first copy)."""
    return trick_winner_codes(False, plays)


#: A trick's decision on its codes in play order: ``(the winner's place in that order, its code, cancelled codes, tally total)``.
TrickDecision: TypeAlias = Callable[[Sequence[int]], tuple[int, int, tuple[int, ...], int]]


def _uncancelled_trick(tally: Sequence[int]) -> TrickDecision:
    """The trick-winner decision with nothing cancelled: the highest card of the suit led (its first copy),
    and the codes' ``tally`` entries summed in the same pass (:attr:`Core.decide_trick`), as one function
    of the codes: a closure over ``tally``, which the hand and the solver call directly (a
    :func:`functools.partial` would run it in a nested interpreter loop)."""

    def decide_trick(codes: Sequence[int]) -> tuple[int, int, tuple[int, ...], int]:
        if len(codes) == 4:
            # Four cards, the whole trick of four players: the loop below, unrolled (the engine's hot path).
            a, b, c, d = codes
            top = a | 15  # above the suit led's highest code (rank 14) and below the next suit's lowest
            best, place = a, 0
            if best < b <= top:
                best, place = b, 1
            if best < c <= top:
                best, place = c, 2
            if best < d <= top:
                best, place = d, 3
            return place, best, (), tally[a] + tally[b] + tally[c] + tally[d]
        best = codes[0]
        top = best | 15
        total = 0
        for c in codes:
            total += tally[c]
            if best < c <= top:
                best = c
        return codes.index(best), best, (), total

    return decide_trick


def _cancelled_trick(tally: Sequence[int]) -> TrickDecision:
    """The trick-winner decision under cancellation (:func:`_cancelled_decision`), and the codes'
    ``tally`` entries summed (:attr:`Core.decide_trick`), as one function of the codes."""

    def decide_trick(codes: Sequence[int]) -> tuple[int, int, tuple[int, ...], int]:
        index, best, cancelled, _ = _cancelled_decision(codes)
        total = 0
        for c in codes:
            total += tally[c]
        return index, best, cancelled, total

    return decide_trick


_UNCANCELLED_NO_TALLY = _uncancelled_trick((0,) * 64)


#: The fields of a sum of :attr:`Core.tally` entries: how many moon cards, cards worth more than 0 and
#: hearts breakers it counts (8 bits each), and above them (from bit :data:`POINTS_SHIFT`) the points.
MOON_FLAG, POSITIVE_FLAG, BREAKS_FLAG, POINTS_SHIFT = 0xFF, 0xFF00, 0xFF0000, 24


#: Rule fields the rules core and the searches built on it (:mod:`hearts_lab.solve`) implement. A
#: code path with shortcuts of its own refuses a rule field outside its set (a future option, a
#: subclass's field) unless it keeps its default value: :func:`unsupported_fields`, which the batch
#: path (:mod:`hearts_lab.simulate.batch`) calls too.
SUPPORTED_FIELDS = frozenset(
    {
        "players", "name", "decks", "removed", "pass_count", "pass_schedule", "opening_lead",
        "first_trick_points", "first_lead_points", "hearts_broken_by", "card_points", "moon",
        "moon_reward", "moon_cards", "cancellation", "last_trick_set_aside", "kitty_to", "target", "ties",
    }
)


def unsupported_fields(rules: Rules, supported: frozenset[str]) -> list[str]:
    """The init fields of ``rules`` outside ``supported`` that differ from their default.

    >>> from hearts_lab import Rules
    >>> unsupported_fields(Rules.preset("standard", players=4), SUPPORTED_FIELDS)
    []
    """
    out = []
    for f in dataclasses.fields(rules):
        if not f.init or f.name in supported:
            continue
        if f.default is not dataclasses.MISSING:
            default = f.default
        elif f.default_factory is not dataclasses.MISSING:
            default = f.default_factory()
        else:
            out.append(f.name)
            continue
        if getattr(rules, f.name) != default:
            out.append(f.name)
    return out


class Core:
    """What one rule set means for the play of a hand, and the play rules on codes and masks.

    Build it with :meth:`of` (one per rule set, cached).
    """

    __slots__ = (
        "__weakref__",
        "breakers",
        "cancellation",
        "deck_bits",
        "decide_trick",
        "first_lead_points",
        "first_trick_points",
        "hand_size",
        "hearts_open",
        "kitty_trick",
        "last_trick",
        "leader_collects_last",
        "moon",
        "moon_mask",
        "moon_on",
        "next_seat",
        "one_pack",
        "opening_card",
        "opening_lead",
        "pass_count",
        "pass_targets",
        "play_from",
        "players",
        "positive",
        "positive_mask",
        "rules",
        "tally",
        "trick_order",
        "value",
        "value_groups",
        "winner",
    )

    _cache: ClassVar[dict[int, tuple[Rules, Core]]] = {}

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        #: ``winner(plays)``: :func:`trick_winner_codes` under these rules' ``cancellation``.
        self.winner = partial(trick_winner_codes, True) if rules.cancellation else _uncancelled_winner
        self.players = rules.players
        self.hand_size = rules.hand_size
        self.last_trick = rules.hand_size - 1
        self.kitty_trick = -1 if rules.kitty_trick is None else rules.kitty_trick
        self.cancellation = rules.cancellation
        self.first_trick_points = rules.first_trick_points
        self.first_lead_points = rules.first_lead_points
        self.opening_lead = rules.opening_lead
        self.leader_collects_last = rules.last_trick_set_aside == "leader"
        self.moon_on = rules.moon != "off"
        moon_set = rules.moon_card_set if self.moon_on else {}
        #: By code: the card's points, whether it counts toward the moon, whether it is worth more than 0.
        self.value = [0] * 64
        self.moon = [False] * 64
        self.positive = [False] * 64
        for card, k in CODE.items():
            self.value[k] = rules.points_of(card)
            self.moon[k] = card in moon_set
            self.positive[k] = self.value[k] > 0
        self.moon_mask = mask_of(c for c in CODE if c in moon_set)
        self.positive_mask = mask_of(c for c in CODE if rules.points_of(c) > 0)
        groups: dict[int, int] = {}
        for k in CODE.values():
            if self.value[k]:
                groups[self.value[k]] = groups.get(self.value[k], 0) | 1 << k
        #: (points, mask of the cards worth them) for each value other than 0.
        self.value_groups: tuple[tuple[int, int], ...] = tuple(sorted(groups.items()))
        #: The cards whose play breaks hearts (option ``hearts_broken_by``), and whether hearts start broken.
        self.breakers = mask_of(c for c in CODE if rules.breaks_hearts(c))
        self.hearts_open = rules.hearts_broken_by == "nothing"
        #: By code, four of the facts above in one number, so that a trick's cards are counted by one sum:
        #: in the fields :data:`MOON_FLAG` (a moon card: 1), :data:`POSITIVE_FLAG` (worth more than 0: 1 << 8)
        #: and :data:`BREAKS_FLAG` (breaks hearts: 1 << 16), and the card's points from bit :data:`POINTS_SHIFT`.
        #: A sum over at most 255 cards keeps each count in its field; ``total >> POINTS_SHIFT`` is their
        #: points, negative ones included.
        self.tally = [
            self.moon[k] | self.positive[k] << 8 | (self.breakers >> k & 1) << 16 | self.value[k] << POINTS_SHIFT
            for k in range(64)
        ]
        #: ``decide_trick(codes)``, on a trick's codes in play order: :attr:`winner`'s decision, with the winner
        #: as its place in that order (-1: none), then its code and the cancelled codes, and, fourth, the codes'
        #: :attr:`tally` entries summed: what the hand and the solver need of a trick just completed, in one call.
        self.decide_trick: TrickDecision = (_cancelled_trick if rules.cancellation else _uncancelled_trick)(self.tally)
        # -- the table, read once per rule set: the hand reads these instead of asking Rules each time.
        n = rules.players
        #: The seat after each seat (clockwise, the way play moves).
        self.next_seat: tuple[int, ...] = tuple(rules.play_order(s)[1] for s in range(n))
        #: For each dealer, every seat from the dealer's left round to the dealer (the deal's and trick 1's order).
        self.play_from: tuple[tuple[int, ...], ...] = tuple(rules.play_order(d)[1:] + (d,) for d in range(n))
        #: For each leader, the seats in the order they play its trick (a place in a trick is a seat here).
        self.trick_order: tuple[tuple[int, ...], ...] = tuple(rules.play_order(s) for s in range(n))
        self.pass_count = rules.pass_count
        #: For each pass offset of the schedule, the seat each seat passes to.
        self.pass_targets: dict[int, tuple[int, ...]] = {
            k: tuple(rules.pass_target(s, k) for s in range(n)) for k in set(rules.pass_schedule) | {0}
        }
        self.opening_card = rules.opening_card
        #: One pack: each card of ``rules.deck()`` as its bit (a seat's cards are then the sum of their bits).
        self.one_pack = rules.decks == 1
        self.deck_bits: tuple[int, ...] = tuple(BIT[c] for c in rules.deck()) if self.one_pack else ()

    @classmethod
    def of(cls, rules: Rules) -> Core:
        """The core of ``rules`` (made once per rule set)."""
        hit = cls._cache.get(id(rules))
        if hit is not None and hit[0] is rules:
            return hit[1]
        core = cls(rules)
        if len(cls._cache) > 256:
            cls._cache.clear()
        cls._cache[id(rules)] = (rules, core)
        return core

    # -- the play rules ---------------------------------------------------------------------

    def legal(self, held: int, led: int, first: bool, broken: bool, opening: int) -> tuple[int, MoveRule | None]:
        """The one legality decision (RULES.md §0, §1.3-1.5, §3.4-3.5): the cards a seat holding
        ``held`` may play, and the rule that removed the others (None: nothing removed).

        ``led`` is the suit led (-1 for a lead), ``first`` whether this is the first trick,
        ``broken`` whether hearts are broken and ``opening`` the bit of the card that must
        open the hand (0 if none). With two packs ``held`` holds each distinct card once.
        """
        if led >= 0:
            follow = held & SUIT_MASKS[led]
            if follow:
                return follow, (None if follow == held else "follow-suit")
            if first and not self.first_trick_points:
                safe = held & _NOT_POINTS
                if safe and safe != held:
                    return safe, "first-trick-points"
            return held, None
        if first:
            lead = self.opening_lead
            if lead == "lowest-club":
                if opening:
                    return opening, (None if opening == held else "opening-lead")
            elif lead == "any-club":
                clubs = held & _CLUBS_MASK
                if clubs:  # no club in this hand (the only one in the kitty): the leading rules below
                    return clubs, (None if clubs == held else "opening-lead")
            elif not self.first_lead_points:
                safe = held & _NOT_POINTS
                if safe and safe != held:
                    return safe, "opening-lead"
                return held, None
        if not broken and held & _HEARTS_MASK and held & _NOT_POINTS:
            # A heart may be led once broken, or when the leader holds nothing but hearts and Q♠.
            return held & _NOT_HEARTS, "hearts-not-broken"
        return held, None

    def collector(self, winner: int, leader: int, number: int) -> int:
        """Who collects trick ``number`` and its pile: the winner; a set-aside last trick goes to its
        leader under ``last_trick_set_aside="leader"``, else to nobody (-1); an earlier set-aside
        trick waits in the pile for the next winner (-1)."""
        if winner >= 0:
            return winner
        if number == self.last_trick and self.leader_collects_last:
            return leader
        return -1

    def moon_owner(self, owner: int, collector: int, moon_cards: bool, point_cards: bool) -> int:
        """Who may still shoot the moon after a pile is settled: ``owner`` is -1 while no moon card
        has been collected, a seat while only that seat has collected moon cards, -2 once nobody
        can. ``collector`` took the pile (-1: nobody ever will, RULES.md §3.11); ``moon_cards`` and
        ``point_cards`` say whether it held a moon card or a card worth more than 0."""
        if owner == -2:
            return -2
        if collector < 0:
            return -2 if moon_cards or point_cards else owner
        if not moon_cards:
            return owner
        if owner == -1 or owner == collector:
            return collector
        return -2
