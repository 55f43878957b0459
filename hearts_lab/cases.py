"""Prepared Cancellation Hearts cases: single tricks and whole hands that show set-aside tricks.

Single tricks (:data:`TRICK_CASES`) are data for :func:`hearts_lab.resolve_trick`.
Sequences (:data:`SEQUENCE_CASES`) are real hands: the first tricks are
*designed* (each seat is dealt the cards it plays in them, the rest of the
deck is dealt at random around them) and every card is then played through
:meth:`Hand.play`, so the engine decides every winner, pile and lead. After
the designed tricks, bots finish the hand. One case is not designed at all:
a seeded deal whose bots happened to leave the last trick unclaimed.

>>> case = SEQUENCE_CASES["kitty"]()
>>> case.hand.tricks[0].set_aside, case.hand.kitty_holder
(True, 4)
>>> TRICK_CASES["rulebook"].cards
('10♠', '9♥', '9♥', '10♠')
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import islice
from typing import Callable, Iterable, Sequence

from .arguments import ArgumentError, check_seat, shown
from .bots import HeuristicBot, play_hand
from .cards import Card, CardError, Suit
from .deal import check_seed, rng_for, shuffled
from .errors import check_rules
from .hand import Hand
from .rules import Rules

__all__ = [
    "TrickCase",
    "SequenceCase",
    "TRICK_CASES",
    "SEQUENCE_CASES",
    "designed_hand",
    "as_second_trick",
    "set_aside_then_collected",
    "two_set_asides",
    "kitty_with_trick_one",
    "unclaimed_last_trick",
]


@dataclass(frozen=True)
class TrickCase:
    """One trick to resolve: the cards in play order, the first led by ``leader``."""

    title: str
    leader: int
    cards: tuple[str, ...]
    note: str = ""

    @property
    def players(self) -> int:
        return len(self.cards)

    def plays(self) -> list[tuple[int, Card]]:
        """``(seat, card)`` pairs in play order, clockwise from the leader."""
        n = self.players
        return [((self.leader + i) % n, Card.parse(c)) for i, c in enumerate(self.cards)]


#: Prepared single tricks, including the rulebook's 10♠ 9♥ 9♥ 10♠ (four cards, for brevity, as in the rulebook).
TRICK_CASES: dict[str, TrickCase] = {
    "rulebook": TrickCase(
        "Rulebook: 10♠ 9♥ 9♥ 10♠",
        0,
        ("10♠", "9♥", "9♥", "10♠"),
        "The rulebook's example, shown with four cards for brevity: both pairs cancel and no spade survives.",
    ),
    "pair-below": TrickCase(
        "A pair cancels, the king still wins",
        0,
        ("9♠", "K♠", "9♠", "2♥", "3♠", "4♦"),
        "The two 9♠ cancel; among the spades left, K♠ is highest.",
    ),
    "led-card-cancelled": TrickCase(
        "The led card is cancelled",
        2,
        ("A♦", "5♦", "A♦", "J♦", "Q♠", "8♦", "2♣"),
        "Both A♦ cancel, the led one included; the highest diamond left wins.",
    ),
    "top-pair-cancels": TrickCase(
        "The two highest cards cancel, a low card wins",
        0,
        ("Q♥", "A♥", "3♥", "A♥", "Q♥", "K♣", "7♣", "5♦"),
        "Both A♥ and both Q♥ cancel; only 3♥ is left of the hearts.",
    ),
    "off-suit-survives": TrickCase(
        "Off-suit cards never win",
        1,
        ("6♣", "A♠", "6♣", "K♦", "Q♥", "2♦"),
        "Both 6♣ cancel; the A♠, K♦, Q♥ and 2♦ are uncancelled but not clubs, so the trick is set aside.",
    ),
    "no-pair": TrickCase(
        "No pair: the highest card of the led suit",
        0,
        ("7♥", "10♥", "2♥", "J♥", "4♥", "9♥", "3♥", "5♥", "8♥", "6♥", "Q♠"),
        "Eleven players, no identical cards: an ordinary trick.",
    ),
}


@dataclass(frozen=True)
class SequenceCase:
    """A whole hand to replay, with the trick (0-based) that shows the point of the case."""

    key: str
    title: str
    story: str
    hand: Hand
    focus: int


def designed_hand(
    players: int | Rules,
    tricks: Sequence[tuple[int, Sequence[str | Card]]],
    *,
    kitty: Sequence[str] | None = None,
    seed: int = 0,
    dealer: int = 0,
) -> Hand:
    """A Cancellation Hearts hand whose first tricks are the given ones, played by the engine.

    ``players`` is a player count (the ``cancellation`` preset) or any two-pack
    :class:`Rules`. ``tricks`` are ``(leader, cards)`` with the cards in play
    order clockwise from the leader. Trick 1 is led by the seat left of
    ``dealer`` (seat 1 by default).
    Each seat is dealt the cards it plays in these tricks; a seat that does
    not follow suit is dealt no other card of the led suit (so its discard is
    legal); the rest of the deck is dealt at random (seeded) and ``kitty``
    (default: random) is left over. There is no pass. The designed cards are
    then played with :meth:`Hand.play`: the engine checks every card and
    decides every trick, so a design that breaks a rule raises
    :class:`~hearts_lab.errors.IllegalMove`. The hand is left after the
    designed tricks.

    >>> hand = designed_hand(6, [(1, ["7D", "7D", "9D", "9D", "KD", "KD"])])
    >>> hand.tricks[0].reason
    'Set aside: both 7♦ cancel, both 9♦ cancel, both K♦ cancel, and no other diamond was played.'
    >>> hand.to_play, len(hand.pending)
    (1, 8)
    """
    rules = players if isinstance(players, Rules) else Rules.preset("cancellation", players=players)
    n = rules.players
    seats: list[list[Card]] = [[] for _ in range(n)]
    void: list[set[str]] = [set() for _ in range(n)]
    for leader, cards in tricks:
        parsed = [Card.parse(c) for c in cards]
        if len(parsed) != n:
            raise ValueError(f"tricks: each trick needs {n} cards, not {len(parsed)} ({' '.join(map(str, parsed))}).")
        led = parsed[0].suit
        for seat, card in zip(rules.play_order(leader), parsed):
            seats[seat].append(card)
            if card.suit != led:
                void[seat].add(led)
    used = Counter(c for s in seats for c in s)
    kitty_cards = [Card.parse(c) for c in kitty] if kitty is not None else None
    if kitty_cards is not None:
        used += Counter(kitty_cards)
    rest = Counter(rules.deck()) - used
    if used - Counter(rules.deck()):
        extra = " ".join(map(str, (used - Counter(rules.deck())).elements()))
        raise ValueError(f"tricks: these cards are used more often than the two packs hold: {extra}.")
    rng = rng_for(seed, 0, "case")
    pool = shuffled(sorted(rest.elements(), key=Card.sort_key), rng)
    # Cards of suits some seat must be void in go first, so they always find a seat.
    constrained = {s for v in void for s in v}
    pool.sort(key=lambda c: c.suit not in constrained)
    room = [rules.hand_size - len(s) for s in seats]
    left_over: list[Card] = []
    for card in pool:
        eligible = [s for s in range(n) if room[s] > 0 and card.suit not in void[s]]
        if not eligible:
            left_over.append(card)
            continue
        seat = eligible[rng.randrange(len(eligible))]
        seats[seat].append(card)
        room[seat] -= 1
    if kitty_cards is None:
        kitty_cards, left_over = left_over[: rules.kitty_size], left_over[rules.kitty_size :]
    if left_over or any(room):
        raise ValueError("tricks: the voids these tricks need leave no way to deal the rest of the deck.")
    hand = Hand.from_cards(rules, seats, kitty_cards, dealer=dealer, passing=False)
    for _, trick_cards in tricks:
        for played in trick_cards:
            hand.play(played)
    return hand


def _seat_plays(plays: object, players: int) -> list[tuple[int, Card]]:
    """``plays`` as (seat, card) pairs, each seat once; :class:`ArgumentError` naming ``plays`` otherwise."""
    wanted = "plays: expected (seat, card) pairs, e.g. [(2, '10S'), (3, '9H')]"
    if isinstance(plays, (str, bytes, dict)) or not isinstance(plays, Iterable):
        raise ArgumentError(f"{wanted}, not {shown(plays)}.", "plays")
    try:
        items = list(islice(plays, players + 1))
    except Exception:
        raise ArgumentError(f"{wanted}; could not read {shown(plays)}.", "plays") from None
    parsed: list[tuple[int, Card]] = []
    for item in items:
        if isinstance(item, (str, bytes)) or not isinstance(item, Sequence) or len(item) != 2:
            raise ArgumentError(f"{wanted}, not {shown(item)} among them.", "plays")
        seat = check_seat(item[0], players, "plays")
        try:
            card = Card.parse(item[1])
        except CardError as error:
            raise ArgumentError(f"plays: {error}", "plays") from None
        assert seat is not None  # check_seat without allow_none
        if any(seat == s for s, _ in parsed):
            raise ArgumentError(f"plays: seat {seat} plays twice; each seat plays one card to the trick.", "plays")
        parsed.append((seat, card))
    return parsed


def as_second_trick(rules: Rules, plays: Sequence[tuple[int, Card | str]], *, seed: int = 0) -> Hand | None:
    """A real hand in which ``plays`` (seat, card; leader first) are trick 2, played by the engine; None if impossible.

    Trick 1 is designed so that the same leader wins it: every seat follows
    in a suit other than trick 2's led suit and hearts, with the leader's card
    highest and no identical pair. If trick 2 leads a heart, trick 1 carries a
    Q♠, which breaks hearts. The hand is returned just after trick 2, so the
    engine says where the cards went (``tricks[1]``, ``pending``) and who
    leads next (``to_play``). None when no hand can reach this trick as
    early as trick 2 (e.g. too many players without the led suit).

    >>> rules = Rules.preset("cancellation", players=6)
    >>> hand = as_second_trick(rules, [(2, "10S"), (3, "9H"), (4, "9H"), (5, "10S"), (0, "4S"), (1, "4S")])
    >>> hand.tricks[1].set_aside, len(hand.pending), hand.to_play
    (True, 6, 2)
    """
    check_rules(rules)
    check_seed(seed)
    n = rules.players
    parsed = _seat_plays(plays, n)
    if len(parsed) != n or rules.decks != 2:
        return None
    leader = parsed[0][0]
    led = parsed[0][1].suit
    used = Counter(card for _, card in parsed)
    others: tuple[Suit, ...] = ("S", "C", "D") if led == "H" else ("C", "D", "S")
    for suit in others:
        if suit == led:
            continue
        ranks = [r for r in range(14, 1, -1) if used[Card(r, suit)] < 2]
        if led == "H":  # a Q♠ in trick 1 breaks hearts; the leader's spade must beat it
            if 12 not in ranks or ranks[0] <= 12:
                continue
            ranks = [ranks[0], 12] + [r for r in ranks[1:] if r != 12]
        if len(ranks) < n:
            continue
        first = [Card(ranks[0], suit)] + [Card(r, suit) for r in ranks[1:n]]
        try:
            return designed_hand(
                rules, [(leader, first), (leader, [c for _, c in parsed])], seed=seed, dealer=(leader - 1) % n
            )
        except ValueError:  # the voids this trick needs cannot be dealt (or the engine refused it)
            return None
    return None


def _finish(hand: Hand, seed: int = 0) -> Hand:
    play_hand(hand, [HeuristicBot(seed=seed * 100 + s) for s in range(hand.players)])
    return hand


_TRICK_1 = (1, ["4D", "6D", "9D", "JD", "5D", "2D"])  # seat 4's J♦ wins, with the kitty
_RULEBOOK_TRICK = (4, ["10S", "9H", "9H", "10S", "4S", "4S"])  # seats 5 and 0 have no spade


def set_aside_then_collected() -> SequenceCase:
    """Trick 2 is set aside; trick 3's winner collects it.

    >>> case = set_aside_then_collected()
    >>> [t.winner for t in case.hand.tricks[:3]]
    [4, None, 1]
    """
    hand = designed_hand(6, [_TRICK_1, _RULEBOOK_TRICK, (4, ["KC", "3C", "7C", "AC", "5C", "8C"])], seed=1)
    aside, third = hand.tricks[1], hand.tricks[2]
    winning = third.winning_card
    story = (
        "Trick 2 is the rulebook's 10♠ 9♥ 9♥ 10♠ (with 4♠ 4♠ from the other two players): every spade "
        f"cancels, so nobody wins it. Its cards wait on the pending pile and seat {aside.next_leader} leads again. "
        f"Seat {third.winner} wins trick 3 with {winning} and collects both tricks, hearts included."
    )
    return SequenceCase("set-aside", "Set aside, then collected", story, _finish(hand, 1), 1)


def two_set_asides() -> SequenceCase:
    """Tricks 2 and 3 are set aside; the pile grows until trick 4's winner takes it all.

    >>> case = two_set_asides()
    >>> [t.winner for t in case.hand.tricks[:4]], len(case.hand.tricks[3].collected)
    ([4, None, None, 5], 18)
    """
    hand = designed_hand(
        6,
        [
            _TRICK_1,
            _RULEBOOK_TRICK,
            (4, ["8C", "8C", "JC", "JC", "3C", "3C"]),
            (4, ["7D", "KD", "3D", "10D", "QD", "8D"]),
        ],
        seed=2,
    )
    fourth = hand.tricks[3]
    winning = fourth.winning_card
    story = (
        "Trick 2 is set aside (every spade cancels), and so is trick 3 (8♣, J♣ and 3♣ all come in pairs). "
        f"Seat {hand.tricks[2].leader} leads three times in a row. Both set-aside tricks share one pending pile, "
        f"and seat {fourth.winner}'s {winning} wins trick 4 and the whole pile: {len(fourth.collected)} cards."
    )
    return SequenceCase("two-set-asides", "Two set-asides in a row", story, _finish(hand, 2), 2)


_KITTY = ("QS", "5H")


def kitty_with_trick_one() -> SequenceCase:
    """Trick 1 is set aside, so the kitty waits with it and goes to trick 2's winner.

    >>> case = kitty_with_trick_one()
    >>> case.hand.tricks[1].winner, case.hand.kitty_holder, case.hand.at(6).pending[-2:]
    (4, 4, (5♥, Q♠))
    """
    hand = designed_hand(
        6,
        [(1, ["7D", "7D", "9D", "9D", "KD", "KD"]), (1, ["6C", "10C", "2C", "AC", "5C", "9C"])],
        kitty=_KITTY,
        seed=3,
    )
    rules, second = hand.rules, hand.tricks[1]
    winning = second.winning_card
    kitty = " and ".join(str(Card.parse(c)) for c in _KITTY)
    story = (
        f"Six players are dealt {rules.hand_size} cards each, {rules.players * rules.hand_size} in all; the other "
        f"{rules.kitty_size} ({kitty} here) are the kitty, which belongs to trick {(rules.kitty_trick or 0) + 1}. "
        "Trick 1 is three cancelling pairs, so it is set aside and the kitty travels with it on the pending pile. "
        f"Seat {hand.tricks[0].next_leader} leads again; seat {second.winner}'s {winning} wins trick 2 and collects "
        f"trick 1, the kitty and trick 2: {second.points} points."
    )
    return SequenceCase("kitty", "The kitty travels with trick 1", story, _finish(hand, 3), 0)


#: A seeded deal (cancellation, 6 players) that HeuristicBots play to a set-aside last trick.
#: Found by trying seeds in order; ``tests/test_widgets_cancellation.py`` checks it still happens.
UNCLAIMED_SEED = 2


def unclaimed_last_trick() -> SequenceCase:
    """A real deal, played by bots, whose last trick is set aside: nobody ever collects it.

    >>> case = unclaimed_last_trick()
    >>> case.hand.tricks[-1].set_aside, len(case.hand.unclaimed)
    (True, 6)
    """
    rules = Rules.preset("cancellation", players=6)
    hand = Hand.deal(rules, seed=UNCLAIMED_SEED)
    play_hand(hand, [HeuristicBot(seed=s) for s in range(rules.players)])
    last = hand.tricks[-1]
    story = (
        f"Nothing designed: deal seed {UNCLAIMED_SEED}, played by bots. The last trick ends: "
        f"\u201c{last.reason}\u201d With no trick left to win it, its cards score for nobody."
    )
    return SequenceCase("unclaimed", "An unclaimed last trick", story, hand, rules.hand_size - 1)


#: The sequence cases by key, each a function returning a fresh :class:`SequenceCase`.
SEQUENCE_CASES: dict[str, Callable[[], SequenceCase]] = {
    "set-aside": set_aside_then_collected,
    "two-set-asides": two_set_asides,
    "kitty": kitty_with_trick_one,
    "unclaimed": unclaimed_last_trick,
}
