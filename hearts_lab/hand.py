"""One hand of Hearts: the deal, the pass, the play of every trick and its points.

>>> from hearts_lab import Rules
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7)
>>> hand.phase, hand.pass_offset
('pass', 1)
>>> for seat in range(4):
...     hand.pass_cards(seat, hand.cards(seat)[-3:])
>>> hand.phase, hand.to_play, hand.legal_moves()
('play', 1, (2♣,))
>>> hand.play("2C")
>>> while hand.phase == "play":
...     hand.play(hand.legal_moves()[0])
>>> sum(hand.points())
26
"""

from __future__ import annotations

import dataclasses
from collections import Counter, abc
from itertools import islice
from typing import Iterable, Literal, NamedTuple, Sequence, TypeAlias, get_args

from .arguments import seat_index
from .cards import (
    CARD_INDEX,
    SUIT_SINGULAR,
    SUITS,
    Card,
    CardError,
    _quote,
    format_cards,
)
from .core import (
    _C0,
    _C1,
    _C2,
    _C3,
    _CARD_AT,
    _CARDS_BY_CHUNK,
    BIT,
    BREAKS_FLAG,
    CODE,
    MOON_FLAG,
    POINTS_SHIFT,
    POSITIVE_FLAG,
    SUIT_MASKS,
    Core,
    cards_of,
)
from .deal import check_seed, deal_cards, deal_order
from .errors import IllegalMove, IllegalPass, MoveRule, RulesError, check_rules
from .records import RECORD_FORMAT, JSONObject, hand_from_dict, hand_from_json, hand_to_dict, hand_to_json
from .rules import Rules
from .tricks import Trick, _resolve

__all__ = ["Hand", "SeatView", "Legality", "Phase", "PHASES", "RULE_CLAUSES", "RECORD_FORMAT"]

#: A hand's phase: choosing passes, playing tricks, or finished.
Phase = Literal["pass", "play", "over"]
PHASES: tuple[Phase, ...] = get_args(Phase)


_BY_SUIT = CARD_INDEX.__getitem__  # sort key: suit (♣ ♦ ♥ ♠) then rank


def _sorted(cards: Iterable[Card]) -> list[Card]:
    return sorted(cards, key=_BY_SUIT)


#: The largest hand number (a game of a billion hands is far beyond any real one; the number seeds the deal as text).
MAX_HAND_NUMBER = 10**9


def _whole(name: str, value: object, low: int, high: int | None = None) -> int:
    """``value`` if it is a whole number in ``low..high``, else a :class:`RulesError` naming ``name``."""
    if type(value) is not int or value < low or (high is not None and value > high):
        limit = f"{low} to {high}" if high is not None else f"{low} or more"
        raise RulesError(f"{name}: expected a whole number {limit}, not {_quote(value)}.", name)
    return value


# A finished trick as stored during play, built into a Trick when read: number, leader, its codes in play
# order (the seats are the leader's Core.trick_order), winner, the cancelled codes, the collected cards (None:
# the trick's own cards), collector, points, took_kitty, pending, kitty_pending.
_TrickFields: TypeAlias = tuple[
    int, int, Sequence[int], "int | None", tuple[int, ...], "tuple[Card, ...] | None",
    "int | None", int, bool, tuple[Card, ...], bool,
]

_CHUNK_SHIFT = tuple(16 * suit + 2 for suit in range(4))  # a suit's 13 ranks in a mask start at this bit
_BIT_OF_CODE = tuple(1 << k for k in range(64))  # each code's bit, made once (1 << k makes a new number each time)
_CODE_BIT = {card: (k, _BIT_OF_CODE[k]) for card, k in CODE.items()}  # each card's code and bit, in one look-up
_SUIT_MASKS = SUIT_MASKS


def _cards(legal: int, led: int) -> tuple[Card, ...]:
    """The cards of a legal mask for the suit ``led`` (-1: a lead), by suit then rank: :func:`cards_of`,
    with one table lookup when the cards follow suit (the mask shifted to the suit's first rank is then
    a 13-bit number other than 0; a discard's shifted mask is 0 or holds a higher suit's bits)."""
    if led >= 0:
        chunk = legal >> _CHUNK_SHIFT[led]
        if 0 < chunk < 0x2000:
            return _CARDS_BY_CHUNK[led][chunk]
    return _C0[legal >> 2 & 0x1FFF] + _C1[legal >> 18 & 0x1FFF] + _C2[legal >> 34 & 0x1FFF] + _C3[legal >> 50]


_FOLLOW_CLAUSES = {suit: f"{{they}} hold a {name} and must follow suit" for suit, name in SUIT_SINGULAR.items()}

#: Legality rules, as ``IllegalMove.rule`` names them, with the clause of the refusal sentence
#: (``{they}`` is "they", or "you" in the refusal said to the player: :attr:`IllegalMove.to_you`).
RULE_CLAUSES: dict[MoveRule, str] = {
    "follow-suit": "{they} hold a {suit} and must follow suit",
    "first-trick-points": "no hearts or Q♠ may be played to the first trick",
    "opening-lead": "{opening}",
    "hearts-not-broken": "hearts are not broken, so a heart may not be led",
    "not-in-hand": "{they} do not hold it",
}


def _without(cards: Iterable[Card], removed: Iterable[Card]) -> tuple[Card, ...]:
    """``cards`` in order, less one copy of each card in ``removed``."""
    hidden = Counter(removed)
    kept = []
    for card in cards:
        if hidden[card]:
            hidden[card] -= 1
        else:
            kept.append(card)
    return tuple(kept)


class Legality(NamedTuple):
    """The one legality decision (see :attr:`Hand.legality`): the seat to play, its legal cards,
    and the single rule (with its clause) that removed every other card it holds."""

    seat: int | None
    legal: tuple[Card, ...]
    rule: MoveRule | None
    clause: str


class SeatView:
    """What one seat may see: its own cards, the public play, and its own pass.

    Bots receive a view, never the :class:`Hand`, so they cannot peek.
    """

    __slots__ = ("_hand", "seat")

    def __init__(self, hand: Hand, seat: int) -> None:
        self._hand = hand
        self.seat = seat

    @property
    def rules(self) -> Rules:
        """The hand's rules."""
        return self._hand.rules

    @property
    def phase(self) -> Phase:
        """``"pass"``, ``"play"`` or ``"over"``."""
        return self._hand.phase

    @property
    def hand_number(self) -> int:
        """The hand's number in its game (from 0), which sets the pass offset."""
        return self._hand.hand_number

    @property
    def pass_offset(self) -> int:
        """The seat offset this hand passes by (0: a hold hand)."""
        return self._hand.pass_offset

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is (None once the hand is over)."""
        return self._hand.to_play

    @property
    def dealer(self) -> int:
        """The dealing seat."""
        return self._hand.dealer

    @property
    def kitty(self) -> tuple[Card, ...] | None:
        """The kitty's cards once this seat has collected it (it is face down for everyone else): else None."""
        hand = self._hand
        return hand.kitty if hand.kitty and hand.kitty_holder == self.seat else None

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks; the face-down kitty shows only in the collected cards of the seat that
        took it, and never in a trick's pending pile."""
        hand = self._hand
        tricks = hand.tricks
        if not hand.kitty or hand.kitty_holder == self.seat:
            return tricks
        out = list(tricks)
        for i, trick in enumerate(out):
            changes: dict[str, tuple[Card, ...]] = {}
            if trick.took_kitty:
                changes["collected"] = _without(trick.collected, hand.kitty)
            if trick.kitty_pending:
                changes["pending"] = _without(trick.pending, hand.kitty)
            if changes:
                out[i] = dataclasses.replace(trick, **changes)  # type: ignore[arg-type]
        return tuple(out)

    @property
    def current_trick(self) -> Trick:
        """The trick being played; a kitty riding in its pending pile stays face down."""
        trick = self._hand.current_trick
        return dataclasses.replace(trick, pending=self.pending) if trick.pending else trick

    @property
    def hearts_broken(self) -> bool:
        """Whether hearts are broken (public)."""
        return self._hand.hearts_broken

    @property
    def pending(self) -> tuple[Card, ...]:
        """The face-up cards of set-aside tricks; a kitty riding in the pile stays face down."""
        hand = self._hand
        if not hand.kitty or hand._kitty_state != (None, True):
            return hand.pending
        return _without(hand.pending, hand.kitty)

    @property
    def cards(self) -> tuple[Card, ...]:
        return self._hand.cards(self.seat)

    def legal_moves(self) -> tuple[Card, ...]:
        """The cards this seat may play now (empty when it is not its turn)."""
        return self._hand.legal_moves() if self._hand.to_play == self.seat else ()

    def points(self) -> tuple[int, ...]:
        return self._hand.points()

    def passed(self) -> tuple[Card, ...] | None:
        """The cards this seat passed (None before the exchange)."""
        passes = self._hand.passes
        return passes[self.seat] if passes else None

    def received(self) -> tuple[Card, ...] | None:
        """The cards this seat received in the pass (None before the exchange)."""
        return self._hand.received(self.seat)

    def played_cards(self) -> list[Card]:
        """Every card played so far, this hand, by anyone."""
        return list(self._hand.history)


class Hand:
    """A hand in progress or finished. Create one with :meth:`deal` or :meth:`from_cards`.

    ``phase`` is ``"pass"`` (seats choose cards with :meth:`pass_cards`),
    ``"play"`` (:meth:`play` the cards in :meth:`legal_moves`) or ``"over"``.
    An illegal pass or play raises and changes nothing.
    """

    # Slots: every attribute load and store of the hot path is a slot access, and a new hand allocates no dict.
    __slots__ = (
        "_codes",
        "_core",
        "_deal_record",
        "_first",
        "_held",
        "_kitty_state",
        "_leader",
        "_led",
        "_legal",
        "_moves",
        "_next",
        "_opening_bit",
        "_opening_card",
        "_owner",
        "_passing",
        "_pend",
        "_pending",
        "_points",
        "_to_play",
        "_trick_cache",
        "_trick_fields",
        "_twice",
        "_two_packs",
        "_unclaimed",
        "dealer",
        "hand_number",
        "hearts_broken",
        "kitty",
        "pass_offset",
        "phase",
        "rules",
        "seed",
    )

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Iterable[Card | str]],
        kitty: Iterable[Card | str] = (),
        *,
        hand_number: int = 0,
        dealer: int = 0,
        seed: int | str | None = None,
        passing: bool = True,
    ) -> None:
        check_rules(rules)
        n = rules.players
        _whole("hand_number", hand_number, 0, MAX_HAND_NUMBER)
        _whole("dealer", dealer, 0, n - 1)
        if seed is not None:
            check_seed(seed)
        if type(passing) is not bool:
            raise RulesError(f"passing: expected True or False, not {_quote(passing)}.", "passing")
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise RulesError(f"hands: expected one list of cards per seat, not {_quote(hands)}.", "hands")
        if len(hands) != n:
            raise RulesError(f"hands: {n} players need {n} hands, got {len(hands)}.", "hands")
        seats = []
        for seat, h in enumerate(hands):
            if isinstance(h, (str, bytes)) or not isinstance(h, Iterable):
                raise RulesError(f"hands: seat {seat}'s cards must be a list, not {_quote(h)}.", "hands")
            cards = list(islice(h, rules.hand_size + 1))  # never more than one card too many
            if len(cards) != rules.hand_size:
                got = len(cards) if len(cards) <= rules.hand_size else "more than that"
                raise RulesError(f"hands: seat {seat} has {got} cards; these rules deal {rules.hand_size} each.", "hands")
            try:
                seats.append(_sorted(Card.parse(c) for c in cards))
            except CardError as error:
                raise RulesError(f"hands: seat {seat}: {error}", "hands") from None
        if isinstance(kitty, (str, bytes)) or not isinstance(kitty, Iterable):
            raise RulesError(f"kitty: expected a list of cards, not {_quote(kitty)}.", "kitty")
        kitty_list = list(islice(kitty, rules.kitty_size + 1))
        if len(kitty_list) != rules.kitty_size:
            raise RulesError(f"kitty: has {len(kitty_list) if len(kitty_list) <= rules.kitty_size else 'more'} cards; these rules leave {rules.kitty_size}.", "kitty")
        try:
            kitty_cards = tuple(_sorted(Card.parse(c) for c in kitty_list))
        except CardError as error:
            raise RulesError(f"kitty: {error}", "kitty") from None
        dealt = Counter(c for h in seats for c in h) + Counter(kitty_cards)
        deck = Counter(rules.deck())
        if dealt != deck:
            extra = format_cards((dealt - deck).elements())
            missing = format_cards((deck - dealt).elements())
            detail = "; ".join(p for p in (f"not in the deck: {extra}" if extra else "", f"missing: {missing}" if missing else "") if p)
            raise RulesError(f"hands: the cards dealt are not the deck of these rules ({detail}).", "hands")
        self._setup(rules, seats, kitty_cards, hand_number, dealer, seed, passing)

    def _setup(
        self,
        rules: Rules,
        seats: list[list[Card]],
        kitty: tuple[Card, ...],
        hand_number: int,
        dealer: int,
        seed: int | str | None,
        passing: bool,
    ) -> None:
        """The state of a fresh hand from checked, sorted cards."""
        core = Core.of(rules)
        # Each seat's cards as masks (hearts_lab.core): the distinct cards it holds, and those it holds twice.
        if core.one_pack:
            bit_of = BIT.__getitem__
            held: list[int] = [sum(map(bit_of, h)) for h in seats]
            twice: list[int] = [0] * rules.players
        else:
            held, twice = [], []
            for h in seats:
                once = more = 0
                for c in h:
                    b = BIT[c]
                    if once & b:
                        more |= b
                    else:
                        once |= b
                held.append(once)
                twice.append(more)
        self._start(rules, core, tuple([tuple(h) for h in seats]), held, twice, kitty, hand_number, dealer, seed, passing)

    def _start(
        self,
        rules: Rules,
        core: Core,
        dealt: tuple[tuple[Card, ...], ...] | None,
        held: list[int],
        twice: list[int],
        kitty: tuple[Card, ...],
        hand_number: int,
        dealer: int,
        seed: int | str | None,
        passing: bool,
    ) -> None:
        """The state of a fresh hand from checked cards: each seat's sorted cards (None: one pack, read
        from the masks when asked) and their masks."""
        n = rules.players
        self.rules = rules
        self.hand_number = hand_number
        self.dealer = dealer
        self.seed = seed
        self.kitty: tuple[Card, ...] = kitty
        # Each seat's dealt cards, or (one pack) their masks until the cards are asked for.
        self._deal_record: tuple[tuple[Card, ...], ...] | tuple[int, ...] = tuple(held) if dealt is None else dealt
        self._held: list[int] = held
        self._twice: list[int] = twice
        self._two_packs = not core.one_pack
        self._core = core
        self.pass_offset: int = rules.pass_offset(hand_number) if passing else 0
        # The passes chosen so far by seat, until the exchange; then every seat's pass, in seat order.
        self._passing: dict[int, tuple[Card, ...]] | tuple[tuple[Card, ...], ...] = {}
        # Finished tricks are kept as field tuples (_TrickFields) and built into Trick values on demand.
        self._trick_fields: list[_TrickFields] = []
        self._trick_cache: list[Trick] = []
        self._codes: list[int] = []  # the current trick's codes in play order (the seats: Core.trick_order[leader])
        self._points = [0] * n
        self._pending: list[Card] = []
        self._unclaimed: list[Card] = []
        # Who collected the kitty (None: nobody yet), and whether it rides in the pile of set-aside tricks.
        self._kitty_state: tuple[int | None, bool] = (None, False)
        self._opening_card: Card | None = None
        self._opening_bit = 0
        self._led = -1  # the suit led to the current trick (-1 before its lead)
        self._first = True  # whether the current trick is the hand's first
        self.hearts_broken: bool = core.hearts_open
        self._leader = 0
        self._to_play: int | None = None
        # The decision for the seat to play, made as its turn begins (_decide): its legal cards (none out of
        # the play phase). The rule that removed the others is asked of the core when wanted (_decision).
        self._moves: tuple[Card, ...] = ()
        self._legal = 0  # the same cards as a mask: play() checks a card against it
        self._next = core.next_seat
        self._owner = -1  # who may still shoot the moon (Core.moon_owner)
        self._pend: tuple[int, bool, bool] = (0, False, False)  # the pile's points, a moon card in it, a card worth points
        self.phase: Phase
        if self.pass_offset:
            self.phase = "pass"
        else:
            self._start_play()

    # -- construction -------------------------------------------------------

    @classmethod
    def deal(cls, rules: Rules, seed: int | str = 0, hand_number: int = 0, dealer: int = 0) -> Hand:
        """Shuffle with ``seed`` and deal (see :mod:`hearts_lab.deal`).

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("cancellation", players=7), seed=3)
        >>> len(hand.cards(0)), len(hand.kitty)
        (14, 6)
        """
        check_rules(rules)
        check_seed(seed)
        if type(hand_number) is not int or not 0 <= hand_number <= MAX_HAND_NUMBER:
            _whole("hand_number", hand_number, 0, MAX_HAND_NUMBER)  # raises, naming the field
        if type(dealer) is not int or not 0 <= dealer < rules.players:
            _whole("dealer", dealer, 0, rules.players - 1)
        hand = cls.__new__(cls)
        core = Core.of(rules)
        # The deal deals exactly the rules' deck: nothing to check again.
        if core.one_pack:  # the deck's bits dealt as the deck would be: a seat's cards are the sum of its bits
            seats, rest = deal_order(rules, seed, hand_number, dealer, core.deck_bits)
            held = [sum(h) for h in seats]
            hand._start(rules, core, None, held, [0] * rules.players,
                        cards_of(sum(rest)) if rest else (), hand_number, dealer, seed, True)
        else:
            hands, kitty = deal_cards(rules, seed, hand_number, dealer)
            hand._setup(rules, hands, kitty, hand_number, dealer, seed, True)
        return hand

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Card | str]] | Sequence[str],
        kitty: Iterable[Card | str] | str = (),
        hand_number: int = 0,
        dealer: int = 0,
        *,
        passing: bool = True,
    ) -> Hand:
        """A hand from chosen cards: one iterable (or space-separated string) per seat.

        ``passing=False`` starts at the first trick whatever the pass schedule says.

        >>> from hearts_lab import Rules
        >>> rules = Rules.preset("lowest-clubs", players=2)
        >>> pack = [str(c) for c in rules.deck()]
        >>> hand = Hand.from_cards(rules, [pack[0::2], pack[1::2]], passing=False)
        >>> hand.to_play, hand.legal_moves()
        (0, (2♣,))
        """
        check_rules(rules)
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise RulesError(f"hands: expected one list (or string) of cards per seat, not {_quote(hands)}.", "hands")
        # Text is split only once its length is known to fit the cards (15 MB per seat once cost 1.4 GiB).
        longest = 8 * (rules.hand_size + 1) + 64
        if len(hands) != rules.players:
            raise RulesError(f"hands: {rules.players} players need {rules.players} hands, got {len(hands)}.", "hands")
        seats = []
        for seat, h in enumerate(hands):
            if isinstance(h, str) and len(h) > longest:
                raise RulesError(f"hands: seat {seat}'s cards are {len(h):,} characters of text; {rules.hand_size} cards need at most {longest}.", "hands")
            seats.append(h.replace(",", " ").split() if isinstance(h, str) else h)
        if isinstance(kitty, str):
            if len(kitty) > 8 * (rules.kitty_size + 1) + 64:
                raise RulesError(f"kitty: {len(kitty):,} characters of text is far more than {rules.kitty_size} cards.", "kitty")
            kitty = kitty.replace(",", " ").split()
        return cls(rules, seats, kitty, hand_number=hand_number, dealer=dealer, passing=passing)

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[Iterable[Card | str]] | Sequence[str],
        plays: Iterable[tuple[int, Card | str]] = (),
        kitty: Iterable[Card | str] | str = (),
        *,
        passes: Sequence[Iterable[Card | str]] | None = None,
        hand_number: int = 0,
        dealer: int = 0,
    ) -> Hand:
        """A hand in the middle of its play: each seat's cards now, and every ``(seat, card)``
        played so far in order (the finished tricks, then the current one).

        Each seat's cards at the first trick are its cards now plus the cards it played; the
        engine then plays ``plays`` again, so the tricks, the pending pile, the kitty, hearts
        broken and the points are the engine's own, and a play that breaks a rule raises
        :class:`RulesError` naming ``plays``. ``passes`` (every seat's passed cards, as
        :attr:`passes` gives them) records the exchange of hand ``hand_number``; without it
        the hand starts at the first trick with no pass. Bots build sampled worlds with it.

        >>> from hearts_lab import Rules
        >>> rules = Rules.preset("standard", players=4)
        >>> hand = Hand.deal(rules, seed=2, hand_number=3)
        >>> for _ in range(6):
        ...     hand.play(hand.legal_moves()[0])
        >>> plays = [p for t in hand.tricks for p in t.plays] + list(hand.current_trick.plays)
        >>> same = Hand.from_position(rules, [hand.cards(s) for s in range(4)], plays, hand_number=3)
        >>> same.to_play == hand.to_play, same.legal_moves() == hand.legal_moves(), same.history == hand.history
        (True, True, True)
        """
        check_rules(rules)
        n = rules.players
        if isinstance(hands, (str, bytes)) or not isinstance(hands, Sequence):
            raise RulesError(f"hands: expected one list (or string) of cards per seat, not {_quote(hands)}.", "hands")
        if len(hands) != n:
            raise RulesError(f"hands: {n} players need {n} hands, got {len(hands)}.", "hands")
        now: list[list[Card]] = []
        for seat, h in enumerate(hands):
            if isinstance(h, str):
                h = h.replace(",", " ").split()
            if isinstance(h, bytes) or not isinstance(h, Iterable):
                raise RulesError(f"hands: seat {seat}'s cards must be a list, not {_quote(h)}.", "hands")
            try:
                now.append([Card.parse(c) for c in islice(h, rules.hand_size + 1)])
            except CardError as error:
                raise RulesError(f"hands: seat {seat}: {error}", "hands") from None
        if isinstance(plays, (str, bytes)) or not isinstance(plays, Iterable):
            raise RulesError(f"plays: expected (seat, card) pairs in play order, not {_quote(plays)}.", "plays")
        played: list[tuple[int, Card]] = []
        for i, pair in enumerate(islice(plays, n * rules.hand_size + 1)):
            if isinstance(pair, (str, bytes)) or not isinstance(pair, Sequence) or len(pair) != 2:
                raise RulesError(f"plays[{i}]: expected a (seat, card) pair, not {_quote(pair)}.", "plays")
            seat, card = pair
            if type(seat) is not int or not 0 <= seat < n:
                raise RulesError(f"plays[{i}]: there is no seat {_quote(seat)}; seats are 0 to {n - 1}.", "plays")
            try:
                played.append((seat, Card.parse(card)))
            except CardError as error:
                raise RulesError(f"plays[{i}]: {error}", "plays") from None
        start = [list(h) for h in now]
        for seat, card in played:
            start[seat].append(card)
        for seat, h in enumerate(start):
            if len(h) != rules.hand_size:
                raise RulesError(
                    f"hands: seat {seat} holds {len(now[seat])} cards and played {len(h) - len(now[seat])}; "
                    f"these rules deal {rules.hand_size} each.",
                    "hands",
                )
        if isinstance(kitty, str):
            kitty = kitty.replace(",", " ").split()
        offset = rules.pass_offset(_whole("hand_number", hand_number, 0, MAX_HAND_NUMBER))
        if passes is not None and not offset:
            raise RulesError(f"passes: hand {hand_number + 1} of the game (hand_number={hand_number}) is a hold hand under these rules; nobody passes.", "passes")
        if passes is not None:
            if isinstance(passes, (str, bytes)) or not isinstance(passes, Sequence) or len(passes) != n:
                raise RulesError(f"passes: expected the cards each of the {n} seats passed, not {_quote(passes)}.", "passes")
            try:
                given = [[Card.parse(c) for c in islice(p, rules.pass_count + 1)] for p in passes]
            except (CardError, TypeError) as error:
                raise RulesError(f"passes: {error}", "passes") from None
            dealt = []
            for seat, h in enumerate(start):
                received = given[rules.pass_source(seat, offset)]
                kept = _without(h, received)
                if len(kept) != len(h) - len(received):
                    raise RulesError(f"passes: seat {seat} did not hold the cards it received ({format_cards(received)}).", "passes")
                dealt.append([*kept, *given[seat]])
            hand = cls(rules, dealt, kitty, hand_number=hand_number, dealer=dealer)
            for seat, cards in enumerate(given):
                try:
                    hand.pass_cards(seat, cards)
                except IllegalMove as error:
                    raise RulesError(f"passes: {error}", "passes") from None
        else:
            hand = cls(rules, start, kitty, hand_number=hand_number, dealer=dealer, passing=False)
        for i, (seat, card) in enumerate(played):
            try:
                hand.play(card, seat=seat)
            except IllegalMove as error:
                raise RulesError(f"plays[{i}]: {error}", "plays") from None
        return hand

    # -- reading the state --------------------------------------------------

    @property
    def players(self) -> int:
        return self.rules.players

    def _seat(self, seat: int) -> int:
        if type(seat) is int and 0 <= seat < self.rules.players:
            return seat
        index = seat_index(seat, self.players)  # numpy integers too; never bool or float
        if index is None:
            raise RulesError(f"seat: there is no seat {_quote(seat)}; seats are 0 to {self.players - 1}.", "seat")
        return index

    def cards(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` holds now, by suit then rank."""
        if type(seat) is not int or not 0 <= seat < len(self._held):
            seat = self._seat(seat)
        twice = self._twice[seat]
        if not twice:
            return cards_of(self._held[seat])
        return tuple(_sorted(cards_of(self._held[seat]) + cards_of(twice)))

    def dealt(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` was dealt, before passing."""
        return self._dealt[self._seat(seat)]

    @property
    def _dealt(self) -> tuple[tuple[Card, ...], ...]:
        """Each seat's cards as dealt, by suit then rank."""
        record = self._deal_record
        if record and type(record[0]) is int:
            self._deal_record = record = tuple([cards_of(m) for m in record])
        return record  # type: ignore[return-value]

    @property
    def to_play(self) -> int | None:
        """The seat whose turn it is (None while passing or when the hand is over)."""
        return self._to_play

    @property
    def leader(self) -> int:
        """The seat that leads (or led) the current trick."""
        return self._leader

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, in order."""
        cache = self._trick_cache
        cancellation = self.rules.cancellation
        card = _CARD_AT
        order = self._core.trick_order
        for fields in self._trick_fields[len(cache) :]:
            # The cards and the sentence are made only when someone reads the trick.
            number, leader, codes, winner, cancelled, collected, collector, points, took, pending, riding = fields
            plays = tuple(zip(order[leader], [card[k] for k in codes]))
            if collected is None:
                collected = tuple([c for _, c in plays])
            reason = _resolve(cancellation, plays).reason
            cache.append(
                Trick(number, leader, plays, True, winner, tuple([card[k] for k in cancelled]), collected, reason,
                      collector, points, took, pending, riding)
            )
        return tuple(cache)

    @property
    def trick_number(self) -> int:
        """Index of the current trick (0 = the first)."""
        return len(self._trick_fields)

    @property
    def current_trick(self) -> Trick:
        """The trick being played (possibly with no cards yet); its ``pending`` is the pile waiting now."""
        plays = tuple(zip(self._core.trick_order[self._leader], [_CARD_AT[k] for k in self._codes]))
        return Trick(len(self._trick_fields), self._leader, plays, pending=tuple(self._pending))

    @property
    def pending(self) -> tuple[Card, ...]:
        """Cards of set-aside tricks waiting for the next trick's winner (RULES.md §3.7)."""
        return tuple(self._pending)

    @property
    def opening_card(self) -> Card | None:
        """The club whose holder leads trick 1 (under ``lowest-club`` that very card must be led): the deck's
        lowest club, or the lowest club dealt when that one lies in the kitty. None under ``left-of-dealer``,
        with no club dealt, or before play starts (RULES.md §1.3).

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
        >>> hand.opening_card, hand.to_play == next(s for s in range(4) if hand.opening_card in hand.cards(s))
        (2♣, True)
        """
        return self._opening_card

    @property
    def kitty_holder(self) -> int | None:
        """The seat that collected the kitty, if anyone has."""
        return self._kitty_state[0]

    @property
    def unclaimed(self) -> tuple[Card, ...]:
        """Cards nobody collected (a set-aside last trick, its pile, an unclaimed kitty)."""
        return tuple(self._unclaimed)

    def collected(self, seat: int) -> tuple[Card, ...]:
        """Every card ``seat`` has collected this hand."""
        seat = self._seat(seat)
        out: list[Card] = []
        for fields in self._trick_fields:
            if fields[6] == seat:
                collected = fields[5]
                out.extend([_CARD_AT[k] for k in fields[2]] if collected is None else collected)
        return tuple(out)

    def points(self) -> tuple[int, ...]:
        """Penalty points each seat has collected this hand, before any moon adjustment."""
        return tuple(self._points)

    @property
    def history(self) -> tuple[Card, ...]:
        """Every card played, in order."""
        card = _CARD_AT
        played = [card[k] for fields in self._trick_fields for k in fields[2]]
        played += [card[k] for k in self._codes]
        return tuple(played)

    @property
    def passes(self) -> tuple[tuple[Card, ...], ...] | None:
        """The cards each seat passed, once the exchange has happened."""
        return self._passes

    @property
    def _passes(self) -> tuple[tuple[Card, ...], ...] | None:
        passing = self._passing
        return passing if type(passing) is tuple else None

    @property
    def _choices(self) -> dict[int, tuple[Card, ...]]:
        """The passes chosen so far (empty once exchanged)."""
        passing = self._passing
        return passing if type(passing) is dict else {}

    def pass_choice(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` has chosen to pass, before the exchange."""
        return self._choices.get(self._seat(seat))

    @property
    def waiting_to_pass(self) -> tuple[int, ...]:
        """Seats that have not chosen their pass yet."""
        if self.phase != "pass":
            return ()
        return tuple(s for s in range(self.players) if s not in self._choices)

    def pass_target(self, seat: int) -> int:
        """The seat that receives ``seat``'s cards this hand (:meth:`Rules.pass_target`)."""
        return self.rules.pass_target(self._seat(seat), self.pass_offset)

    def pass_source(self, seat: int) -> int:
        """The seat whose cards ``seat`` receives this hand (itself on a hold hand).

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=1)
        >>> hand.pass_offset, hand.pass_target(0), hand.pass_source(0)
        (3, 3, 1)
        """
        return self.rules.pass_source(self._seat(seat), self.pass_offset)

    def received(self, seat: int) -> tuple[Card, ...] | None:
        """The cards ``seat`` received in the exchange (None before it)."""
        source = self.pass_source(seat)
        if self._passes is None:
            return None
        return self._passes[source]

    @property
    def moon_shooter(self) -> int | None:
        """The seat that collected every moon card (RULES.md §1.8, §3.11), once the hand is over."""
        if self.phase != "over" or not self._core.moon_on or self._owner < 0:
            return None
        return self._owner

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may see; give this to a bot."""
        return SeatView(self, self._seat(seat))

    # -- passing --------------------------------------------------------------

    def pass_cards(self, seat: int, cards: Iterable[Card | str] | str) -> None:
        """Choose the cards ``seat`` passes. The exchange happens once every seat has chosen.

        A seat may change its choice until then. A wrong pass raises :class:`IllegalPass`.
        """
        core = self._core
        if (type(cards) is list or type(cards) is tuple) and core.one_pack and self.phase == "pass" and type(seat) is int:
            # The common case, one pack: distinct Cards the seat holds, as many as the rules pass.
            chosen_bits = 0
            for c in cards:
                if type(c) is not Card:
                    break
                chosen_bits |= BIT[c]
            else:
                if 0 <= seat < len(self._held) and chosen_bits.bit_count() == len(cards) == core.pass_count and chosen_bits & self._held[seat] == chosen_bits:
                    choices = self._passing  # the passes chosen so far: a dict in the pass phase
                    assert type(choices) is dict
                    choices[seat] = cards_of(chosen_bits)
                    if len(choices) == len(self._held):
                        self._exchange()
                    return
        given = len(cards) if type(cards) is list or type(cards) is tuple else None
        if given is None:  # the common cases skip the checks below
            if isinstance(cards, str):
                cards = cards.replace(",", " ").split()
            elif isinstance(cards, (bytes, Card)) or not isinstance(cards, abc.Iterable):
                raise IllegalPass(
                    f"Seat {_quote(seat)} must pass a list of cards, not {_quote(cards)}.",
                    seat=None, card=None, rule="not-a-card", legal=(),
                )
        try:
            chosen = tuple(_sorted([c if type(c) is Card else Card.parse(c) for c in islice(cards, self.rules.pass_count + 1)]))
        except CardError as error:
            raise IllegalPass(str(error), seat=None, card=None, rule="not-a-card", legal=()) from None
        except TypeError:  # iterable by type but not by value (a 0-d numpy array): not a list of cards
            raise IllegalPass(
                f"Seat {_quote(seat)} must pass a list of cards, not {_quote(cards)}.",
                seat=None, card=None, rule="not-a-card", legal=(),
            ) from None
        if self.phase != "pass":
            raise IllegalPass(
                f"Seat {seat} cannot pass now: {'this is a hold hand, nobody passes' if not self.pass_offset else 'the passing is over'}.",
                seat=seat, card=None, rule="pass-phase", legal=(),
            )
        index = seat if type(seat) is int and 0 <= seat < self.players else seat_index(seat, self.players)
        if index is None:
            raise IllegalPass(f"There is no seat {_quote(seat)}: seats are 0 to {self.players - 1}.", seat=None, card=None, rule="seat", legal=())
        seat = index
        need = self.rules.pass_count
        hand = self.cards(seat)
        if len(chosen) != need:
            raise IllegalPass(
                f"Seat {seat} must pass exactly {need} cards, not {given if given is not None else len(chosen) if len(chosen) <= need else 'more'}.",
                seat=seat, card=None, rule="pass-count", legal=tuple(hand),
            )
        for card in chosen:
            if card not in hand:
                raise IllegalPass(f"Seat {seat} cannot pass {card}: they do not hold it.", seat=seat, card=card, rule="not-in-hand", legal=tuple(hand))
            count = chosen.count(card)
            if count > 1 and count > hand.count(card):
                raise IllegalPass(
                    f"Seat {seat} cannot pass {card} {count} times: they hold {hand.count(card)}.",
                    seat=seat, card=card, rule="repeated-card", legal=tuple(hand),
                )
        choices = self._choices
        choices[seat] = chosen
        if len(choices) == self.players:
            self._exchange()

    def _exchange(self) -> None:
        n = len(self._held)
        choices = self._choices
        passes = tuple([choices[s] for s in range(n)])
        held, twice = self._held, self._twice
        targets = self._core.pass_targets[self.pass_offset]
        if self._core.one_pack:
            bit = BIT
            for seat, cards in enumerate(passes):
                given = 0  # a loop over the few cards passed: faster here than sum(map(...))
                for card in cards:
                    given |= bit[card]
                held[seat] ^= given
                held[targets[seat]] |= given  # the seat gave them away first: no card arrives twice
        else:
            for seat, cards in enumerate(passes):
                for card in cards:
                    b = BIT[card]
                    if twice[seat] & b:
                        twice[seat] ^= b
                    else:
                        held[seat] ^= b
            for seat, cards in enumerate(passes):
                to = targets[seat]
                for card in cards:
                    b = BIT[card]
                    if held[to] & b:
                        twice[to] |= b
                    else:
                        held[to] |= b
        self._passing = passes
        self._start_play()

    def _start_play(self) -> None:
        self.phase = "play"
        core = self._core
        # From the dealer's left round to the dealer.
        order = core.play_from[self.dealer]
        if core.opening_lead == "left-of-dealer":
            self._leader = order[0]
        else:
            # The lowest club dealt to a seat (the deck's lowest unless it lies in the kitty).
            lowest = core.opening_card
            if lowest is not None and lowest not in self.kitty:
                self._opening_card = lowest
            else:
                clubs = 0
                for h in self._held:
                    clubs |= h & 0xFFFF
                self._opening_card = _CARD_AT[(clubs & -clubs).bit_length() - 1] if clubs else None
            opening = BIT[self._opening_card] if self._opening_card is not None else 0
            held = self._held
            self._leader = order[0]
            for s in order:
                if held[s] & opening:
                    self._leader = s
                    break
        self._opening_bit = BIT[self._opening_card] if core.opening_lead == "lowest-club" and self._opening_card else 0
        self._to_play = self._leader
        self._decide()

    # -- playing ------------------------------------------------------------------

    def legal_moves(self) -> tuple[Card, ...]:
        """The distinct cards the seat to play may play now, by suit then rank (empty unless in play).

        The decision is made once per turn, as the turn begins (:meth:`_decide`), and read here.
        """
        return self._moves

    @property
    def legality(self) -> Legality:
        """The one legality decision for the seat to play (RULES.md §0, §1.3-1.5, §3.4-3.5).

        ``legal`` are the cards it may play; ``rule`` names the single rule that
        removed every other card it holds (None when nothing is removed) and
        ``clause`` says it in words. :meth:`legal_moves`, :meth:`why_illegal`
        and :meth:`play` all read this one decision.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.legality.legal, hand.legality.rule
        ((2♣,), 'opening-lead')
        """
        if self.phase != "play":
            return Legality(None, (), "phase", "the hand is over" if self.phase == "over" else "the cards have not been passed yet")
        rule = self._decision()[1]
        return Legality(self._to_play, self._moves, rule, self._clause(rule))

    def _decision(self) -> tuple[int, MoveRule | None]:
        """The one legality decision (Core.legal) for the seat to play, in play: the mask of its legal
        cards and the rule that removed the others."""
        seat = self._to_play
        assert seat is not None
        return self._core.legal(self._held[seat], self._led, self._first, self.hearts_broken, self._opening_bit)

    def _decide(self) -> None:
        """Which cards the seat to play may play (Core.legal), as a mask and as cards; made as each turn
        begins (:meth:`play` and :meth:`_finish_trick` make it inline, the same way)."""
        legal = self._decision()[0]
        self._legal = legal
        # The opening lead of the lowest club is that one card (its bit is set only under that rule): no table to read.
        opening, card = self._opening_bit, self._opening_card
        self._moves = (card,) if opening and legal == opening and card is not None else _cards(legal, self._led)

    def _clause(self, rule: MoveRule | None, they: str = "they") -> str:
        """The words of the rule that removed cards, for the refusal sentence (``they="you"``: said to the player)."""
        if rule is None:
            return ""
        if rule == "follow-suit":
            return _FOLLOW_CLAUSES[SUITS[self._codes[0] >> 4]].format(they=they)
        if rule == "opening-lead":
            lead = self.rules.opening_lead
            if lead == "lowest-club":
                return f"the holder of {self._opening_card} must lead it to the first trick"
            if lead == "any-club":
                return "the first trick must be led with a club"
            return "the first trick may not be led with a heart or Q♠"
        return RULE_CLAUSES[rule].format(they=they, suit="{suit}", opening="{opening}")

    def verify_play(self, card: Card | str, seat: int | None = None) -> Card:
        """The card, if ``seat`` (default: the seat to play) may play it now; otherwise the
        :class:`IllegalMove` that :meth:`play` would raise. Changes nothing.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.verify_play("2c")
        2♣
        >>> hand.verify_play("2c", seat=0)
        Traceback (most recent call last):
        ...
        hearts_lab.errors.IllegalMove: Seat 0 cannot play 2♣: it is seat 2's turn.
        """
        if type(card) is not Card:
            try:
                card = Card.parse(card)
            except CardError as error:
                legal = self.legal_moves()
                raise IllegalMove(str(error), seat=self._to_play, card=None, rule="not-a-card", legal=legal) from None
        if self.phase != "play":
            why = "the hand is over" if self.phase == "over" else "the cards have not been passed yet"
            raise IllegalMove(f"Nobody can play {card} now: {why}.", seat=None, card=card, rule="phase", legal=())
        to_play = self._to_play
        if seat is not None and (type(seat) is not int or seat != to_play):
            index = seat_index(seat, self.players)  # True == 1 and 1.0 == 1, but neither is a seat
            if index is None:
                raise IllegalMove(
                    f"There is no seat {_quote(seat)}: seats are 0 to {self.players - 1}.",
                    seat=None, card=card, rule="seat", legal=(),
                )
            seat = index
        if seat is not None and seat != to_play:
            raise IllegalMove(
                f"Seat {seat} cannot play {card}: it is seat {to_play}'s turn.", seat=seat, card=card, rule="turn", legal=(),
                to_you=f"You cannot play {card}: it is seat {to_play}'s turn.",
            )
        legal = self._moves
        if card in legal:
            return card
        rule = self._decision()[1]
        assert to_play is not None
        if not self._held[to_play] & BIT[card]:
            rule = "not-in-hand"
        listed = ", ".join(map(str, legal))
        raise IllegalMove(
            f"Seat {to_play} cannot play {card}: {self._clause(rule)}. Legal: {listed}.",
            seat=to_play, card=card, rule=rule or "not-in-hand", legal=legal,
            to_you=f"You cannot play {card}: {self._clause(rule, 'you')}. Legal: {listed}.",
        )

    def can_play(self, card: Card | str, seat: int | None = None) -> bool:
        """Whether :meth:`play` would accept ``card`` (for ``seat``) now.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.can_play("2C"), hand.can_play("KC"), hand.can_play("nonsense")
        (True, False, False)
        """
        try:
            self.verify_play(card, seat)
        except IllegalMove:
            return False
        return True

    def why_illegal(self, card: Card | str, seat: int | None = None) -> IllegalMove | None:
        """The :class:`IllegalMove` that playing ``card`` now would raise, or None if it is legal.

        Asks without playing: widgets and worksheet hints use it to explain a card.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.why_illegal("K♣").rule, hand.why_illegal("2♣")
        ('opening-lead', None)
        """
        try:
            self.verify_play(card, seat)
        except IllegalMove as error:
            return error
        return None

    def play(self, card: Card | str, seat: int | None = None) -> None:
        """Play ``card`` for the seat to play. An illegal card raises :class:`IllegalMove` and changes nothing.

        ``seat``, if given, must be the seat to play (else ``IllegalMove`` with
        ``rule="turn"``): a table can pass the clicking seat and let the engine
        judge the turn.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=7, hand_number=3)
        >>> hand.to_play
        2
        >>> hand.play("K♣")
        Traceback (most recent call last):
        ...
        hearts_lab.errors.IllegalMove: Seat 2 cannot play K♣: the holder of 2♣ must lead it to the first trick. Legal: 2♣.
        """
        # The common case (a Card among the legal cards of the seat to play, which implies the play
        # phase) is checked inline against their mask; anything else takes the full path.
        if seat is not None or type(card) is not Card:
            card = self.verify_play(card, seat)
        k, b = _CODE_BIT[card]
        if not self._legal & b:
            self.verify_play(card)  # raises: the card is not among the legal cards
        s: int = self._to_play  # type: ignore[assignment]  # a legal card: the play phase, so a seat to play
        held = self._held
        if self._two_packs and self._twice[s] & b:  # two packs: the seat held this card twice, and keeps one
            self._twice[s] ^= b
        else:
            held[s] ^= b
        codes = self._codes
        codes.append(k)
        led = self._led
        if led < 0:
            self._led = led = k >> 4  # the suit led: a code's suit is code >> 4
        s = self._next[s]
        if s == self._leader:
            self._finish_trick(codes)  # and the next lead's decision
            return
        self._to_play = s
        # _decide, inlined (this is the engine's hottest path): the next turn's decision and its cards. A seat
        # that can follow suit must, whatever else holds (Core.legal's first branch, read here as one mask
        # and one table lookup; tests/test_legality.py holds the two equal at every turn of every preset).
        h = held[s]
        follow = h & _SUIT_MASKS[led]
        if follow:
            self._legal = follow
            self._moves = _CARDS_BY_CHUNK[led][follow >> _CHUNK_SHIFT[led]]
            return
        self._legal = legal = self._core.legal(h, led, self._first, self.hearts_broken, self._opening_bit)[0]
        self._moves = cards_of(legal)

    def _finish_trick(self, codes: list[int]) -> None:
        """Settle the trick just completed, ``codes``: its winner (Core.decide_trick), who collects it and its
        pile (Core.collector), the kitty, the points, the moon (Core.moon_owner) and hearts broken; then
        make the next lead's decision (Core.legal), or end the hand."""
        core = self._core
        fields = self._trick_fields
        number = len(fields)
        leader = self._leader
        # The winner (Core.winner) and the cards' Core.tally summed: their points, moon cards, cards worth points, hearts breakers.
        won, _, cancelled, total = core.decide_trick(codes)
        if won >= 0:
            won = core.trick_order[leader][won]  # the winner's place in the trick, as a seat
        points = total >> POINTS_SHIFT
        if won >= 0 and not self._pending and number != core.kitty_trick:
            # The common case, the trick alone: two rules read inline (the engine's hot path; tests/test_hand.py::
            # test_the_hands_inlined_settlements_are_the_cores holds them equal to the core's at every trick of every
            # preset): a trick with a winner is collected by it (Core.collector's first branch), and a seat that
            # collects no moon card leaves who may shoot the moon as it was (Core.moon_owner's).
            self._points[won] += points
            if total & MOON_FLAG:
                self._owner = core.moon_owner(self._owner, won, True, total & POSITIVE_FLAG != 0)
            fields.append((number, leader, codes, won, cancelled, None, won, points, False, (), False))
            self._leader = leader = won
        else:
            collector = core.collector(won, leader, number)
            kitty_here = number == core.kitty_trick
            self._settle_pile(number, leader, codes, won if won >= 0 else None, cancelled, collector, points, total, kitty_here)
            if won >= 0:
                self._leader = leader = won
        if total & BREAKS_FLAG:
            self.hearts_broken = True
        self._codes = []  # a new list: the finished trick's fields keep ``codes``, which nothing changes again
        self._led = -1
        self._first = False
        if number == core.last_trick:
            self.phase = "over"
            self._to_play = None
            self._moves, self._legal = (), 0
            return
        self._to_play = leader
        # _decide, inlined: the lead's decision (Core.legal) and its cards (cards_of).
        # Once hearts are broken, a lead after the first trick may be any card held (Core.legal's last rule, read inline).
        legal = self._held[leader]
        if not self.hearts_broken:
            legal = core.legal(legal, -1, False, False, self._opening_bit)[0]
        self._legal = legal
        self._moves = _C0[legal >> 2 & 0x1FFF] + _C1[legal >> 18 & 0x1FFF] + _C2[legal >> 34 & 0x1FFF] + _C3[legal >> 50]

    def _settle_pile(
        self, number: int, leader: int, codes: Sequence[int], winner: int | None, cancelled: tuple[int, ...],
        collector: int, points: int, tally: int, kitty_here: bool,
    ) -> None:
        """A trick that involves the pile of set-aside tricks or the kitty, or is set aside itself
        (``tally``: its cards' Core.tally summed)."""
        core = self._core
        pile = self._pending + [_CARD_AT[k] for k in codes]
        pend_pts, pend_moon, pend_pos = self._pend
        points += pend_pts
        has_moon = pend_moon or bool(tally & MOON_FLAG)
        has_pos = pend_pos or bool(tally & POSITIVE_FLAG)
        if kitty_here:
            pile = [*pile, *self.kitty]
            kitty_codes = [CODE[c] for c in self.kitty]
            points += sum(core.value[k] for k in kitty_codes)
            has_moon = has_moon or any(core.moon[k] for k in kitty_codes)
            has_pos = has_pos or any(core.positive[k] for k in kitty_codes)
        took_kitty = False
        holder, riding = self._kitty_state
        if collector >= 0:
            self._points[collector] += points
            self._pending = []
            if kitty_here or (holder is None and riding):
                holder = collector
                took_kitty = True
            riding = False
            collected = tuple(pile)
            self._owner = core.moon_owner(self._owner, collector, has_moon, has_pos)
            self._pend = (0, False, False)
        elif number == core.last_trick:
            self._unclaimed.extend(pile)
            self._pending = []
            collected = ()
            self._owner = core.moon_owner(self._owner, -1, has_moon, has_pos)
            points = 0
            self._pend = (0, False, False)
        else:
            self._pending = pile
            riding = riding or kitty_here
            collected = ()
            self._pend = (points, has_moon, has_pos)
            points = 0
        self._kitty_state = (holder, riding)
        self._trick_fields.append(
            (number, leader, codes, winner, cancelled, collected, None if collector < 0 else collector,
             points, took_kitty, tuple(self._pending) if self._pending else (), riding)
        )

    # -- replay, undo and records -------------------------------------------------

    def _rebuilt(self, plays: Sequence[Card]) -> Hand:
        fresh = Hand(
            self.rules, self._dealt, self.kitty, hand_number=self.hand_number, dealer=self.dealer,
            seed=self.seed, passing=bool(self.pass_offset),
        )
        if self._passes is not None:
            for seat, cards in enumerate(self._passes):
                fresh.pass_cards(seat, cards)
        else:
            for seat, cards in self._choices.items():
                fresh.pass_cards(seat, cards)
        for card in plays:
            fresh.play(card)
        return fresh

    def at(self, plays: int) -> Hand:
        """A copy of this hand after its first ``plays`` cards (passes included).

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=3), seed=1, hand_number=0)
        >>> hand.at(0).phase
        'pass'
        """
        history = self.history
        _whole("plays", plays, 0, len(history))
        return self._rebuilt(history[:plays])

    def copy(self) -> Hand:
        """An independent copy of this hand, cheap enough to call at every node of a search.

        The copy shares the immutable parts (rules, cards, finished tricks) and copies
        every container of the state, so playing on one never changes the other.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
        >>> twin = hand.copy(); twin.play(twin.legal_moves()[0])
        >>> len(twin.history), len(hand.history)
        (1, 0)
        """
        new = Hand.__new__(Hand)
        for name in _STATE:
            value = getattr(self, name)
            kind = type(value)
            if kind is list:
                value = [v.copy() if type(v) is list else v for v in value]  # a seat's cards, collected...
            elif kind is dict:
                value = value.copy()
            setattr(new, name, value)
        return new

    def undo(self, plays: int = 1) -> None:
        """Take back the last ``plays`` cards played.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
        >>> hand.phase
        'play'
        >>> first = hand.legal_moves()[0]; hand.play(first); hand.undo(); hand.history
        ()
        """
        history = self.history
        if type(plays) is not int or not 0 <= plays <= len(history):
            raise RulesError(
                f"plays: cannot undo {_quote(plays)} plays; {len(history)} have been played (a whole number 0 to {len(history)}).",
                "plays",
            )
        rebuilt = self._rebuilt(history[: len(history) - plays])
        for name in _STATE:
            setattr(self, name, getattr(rebuilt, name))

    def to_dict(self) -> JSONObject:
        """The complete record as plain data: rules, deal, kitty, passes and plays (:func:`hearts_lab.records.hand_to_dict`)."""
        return hand_to_dict(self)

    def to_json(self, indent: int | None = None) -> str:
        """The record as JSON text; :meth:`from_json` replays it to an identical hand.

        >>> from hearts_lab import Rules
        >>> hand = Hand.deal(Rules.preset("cancellation", players=6), seed=2)
        >>> Hand.from_json(hand.to_json()).to_json() == hand.to_json()
        True
        """
        return hand_to_json(self, indent)

    @classmethod
    def from_dict(cls, data: object) -> Hand:
        """Replay a record from :meth:`to_dict`. Anything wrong raises :class:`RecordError` naming the field.

        The record is checked whole before a hand exists: unknown or missing fields,
        wrong types, a seed that did not deal these cards, an illegal pass or play.

        >>> Hand.from_dict({"format": "hearts-lab/hand", "version": True})
        Traceback (most recent call last):
        ...
        hearts_lab.errors.RecordError: version: unsupported hand record version True; this Hearts Lab reads version 1.
        """
        return hand_from_dict(cls, data)

    def _dealt_by_seed(self) -> bool:
        """Whether this hand's seed, hand number and dealer deal exactly its cards (True without a seed)."""
        if self.seed is None:
            return True
        hands, kitty = deal_cards(self.rules, self.seed, self.hand_number, self.dealer)
        return tuple(tuple(h) for h in hands) == self._dealt and kitty == self.kitty

    @classmethod
    def from_json(cls, text: str | bytes) -> Hand:
        """Read and replay a JSON record. Malformed, truncated, oversized or rule-breaking records raise
        :class:`RecordError`; size and nesting are checked before parsing.

        >>> Hand.from_json('{"format": "hearts-lab/hand", "version": 1')
        Traceback (most recent call last):
        ...
        hearts_lab.errors.RecordError: The hand record is not valid JSON (truncated or edited?): Expecting ',' delimiter at line 1, column 43.
        """
        return hand_from_json(cls, text)

    # -- display --------------------------------------------------------------------

    def __str__(self) -> str:
        from .render import hand_text

        return hand_text(self)

    def __repr__(self) -> str:
        where = f", trick {self.trick_number + 1}" if self.phase == "play" else ""
        return f"<Hand {self.rules.name} {self.players}p hand {self.hand_number + 1} (hand_number={self.hand_number}): {self.phase}{where}>"

    def _repr_html_(self) -> str:
        from .render import display, hand_html

        return hand_html(self, four_colour=display.four_colour)


#: Every attribute of a hand's state (its slots), which copy() and undo() carry over.
_STATE: tuple[str, ...] = Hand.__slots__
