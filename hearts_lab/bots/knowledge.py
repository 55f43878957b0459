"""What one seat knows about the cards it cannot see, and worlds consistent with it.

A seat sees its own cards, every card played, the cards it passed (and so who
holds them until they are played) and, once it has collected it, the kitty.
The play also tells it things: a seat that does not follow suit holds none of
that suit; a seat that sheds a heart or the Q♠ on trick 1 (where the rules
forbid points there) or leads a heart before hearts are broken holds nothing
but hearts and Q♠s (RULES.md §1.4-1.5, §3.4-3.5). :func:`knowledge` gathers
all of it; :func:`sample_worlds` deals the unseen cards at random, every
world consistent with it, and builds each world as a :class:`~hearts_lab.hand.Hand`
through the engine (so it is legal by construction).

>>> from hearts_lab import Hand, Rules
>>> from hearts_lab.bots import HeuristicBot, play_hand
>>> hand = Hand.deal(Rules.preset("standard", players=4), seed=11, hand_number=3)
>>> play_hand(hand, [HeuristicBot(seed=s) for s in range(4)], until_seat=0)
>>> info = knowledge(hand.view(0))
>>> len(info.unseen), info.counts
(37, (13, 13, 12, 12))
>>> worlds = sample_worlds(hand.view(0), 3, rng=1)
>>> [w.cards(0) == hand.cards(0) for w in worlds], [w.to_play for w in worlds]
([True, True, True], [0, 0, 0])
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..cards import CLUBS, HEARTS, POINT_CARDS, Card
from ..deal import rng_for, shuffled
from ..errors import RulesError

if TYPE_CHECKING:
    from ..hand import Hand, SeatView

__all__ = ["Knowledge", "knowledge", "sample_worlds", "world_consistent"]

#: Rejection tries per world before the constrained deal takes over.
_TRIES = 60


@dataclass(frozen=True)
class Knowledge:
    """What seat ``seat`` knows about the cards it cannot see (see :func:`knowledge`).

    - ``unseen``: the cards whose place this seat has not seen (held by the
      other seats or lying face down in the kitty), by suit then rank, each
      copy listed with two packs. The cards in ``pinned`` are among them.
    - ``counts``: the cards each seat holds now.
    - ``kitty_unseen``: how many of ``unseen`` are the kitty (0 once this seat
      has collected it, or without a kitty).
    - ``voids``: for each seat, the suits it is known to hold none of.
    - ``only_points``: seats known to hold nothing but hearts and Q♠.
    - ``pinned``: for each seat, cards it surely holds: the cards this seat
      passed it and it has not played yet, or the opening club its holder
      must lead.
    """

    seat: int
    unseen: tuple[Card, ...]
    counts: tuple[int, ...]
    kitty_unseen: int
    voids: tuple[frozenset[str], ...]
    only_points: frozenset[int]
    pinned: tuple[tuple[Card, ...], ...]

    def can_hold(self, seat: int, card: Card) -> bool:
        """Whether ``seat`` may still hold ``card`` as far as this seat knows (the kitty is seat ``None``).

        >>> from hearts_lab import Hand, Rules
        >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=2, hand_number=3)
        >>> knowledge(hand.view(0)).can_hold(1, Card.parse("QS"))
        True
        """
        if card.suit in self.voids[seat]:
            return False
        return seat not in self.only_points or card in POINT_CARDS

    def holders(self, card: Card) -> tuple[int, ...]:
        """The other seats that may hold ``card`` (the kitty aside)."""
        return tuple(s for s in range(len(self.counts)) if s != self.seat and self.counts[s] and self.can_hold(s, card))


def _played(view: SeatView) -> list[tuple[int, int, int, Card, bool]]:
    """Every play as (trick number, leader, seat, card, hearts broken before the trick)."""
    rules = view.rules
    broken = rules.hearts_broken_by == "nothing"
    out = []
    for trick in (*view.tricks, view.current_trick):
        for seat, card in trick.plays:
            out.append((trick.number, trick.leader, seat, card, broken))
        if not broken and any(rules.breaks_hearts(c) for c in trick.cards):
            broken = True
    return out


def knowledge(view: SeatView) -> Knowledge:
    """What the seat of ``view`` knows about the cards it cannot see, from the rules and the play so far.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=4, hand_number=0)
    >>> for seat in range(4):
    ...     hand.pass_cards(seat, hand.cards(seat)[:3])
    >>> info = knowledge(hand.view(0))
    >>> info.pinned[1] == hand.passes[0]   # seat 0 passed left, to seat 1
    True
    """
    rules = view.rules
    seat = view.seat
    n = rules.players
    deck = Counter(rules.deck())
    visible = Counter(view.cards)
    counts = [rules.hand_size] * n
    voids: list[set[str]] = [set() for _ in range(n)]
    only_points: set[int] = set()
    pinned: list[Counter[Card]] = [Counter() for _ in range(n)]
    kitty = view.kitty
    if kitty:
        visible.update(kitty)
    if view.phase != "pass":
        played_by: list[Counter[Card]] = [Counter() for _ in range(n)]
        for number, leader, who, card, broken in _played(view):
            visible[card] += 1
            counts[who] -= 1
            played_by[who][card] += 1
            if who != seat:
                _infer(rules, view, number, leader, who, card, broken, voids, only_points)
        counts[seat] = len(view.cards)
        passed = view.passed()
        if passed and view.pass_offset:
            receiver = rules.pass_target(seat, view.pass_offset)
            pinned[receiver] = Counter(passed) - played_by[receiver]
        current = view.current_trick
        if current.number == 0 and not current.plays and view.to_play is not None and view.to_play != seat:
            opening = rules.opening_card
            if rules.opening_lead != "left-of-dealer" and opening is not None and opening not in visible:
                pinned[view.to_play][opening] += 1
    unseen = deck - visible
    kitty_unseen = 0 if kitty else rules.kitty_size
    return Knowledge(
        seat=seat,
        unseen=tuple(sorted(unseen.elements(), key=lambda c: c.sort_key())),
        counts=tuple(counts),
        kitty_unseen=kitty_unseen,
        voids=tuple(frozenset(v) for v in voids),
        only_points=frozenset(only_points),
        pinned=tuple(tuple(sorted(p.elements(), key=lambda c: c.sort_key())) for p in pinned),
    )


def _infer(
    rules: object, view: SeatView, number: int, leader: int, who: int, card: Card, broken: bool,
    voids: list[set[str]], only_points: set[int],
) -> None:
    """What ``who`` playing ``card`` tells the others, by the legality rules (Hand.legality decides them)."""
    from ..rules import Rules

    assert isinstance(rules, Rules)
    if who != leader:
        trick = view.tricks[number] if number < len(view.tricks) else view.current_trick
        led = trick.plays[0][1].suit
        if card.suit != led:
            voids[who].add(led)
            if number == 0 and not rules.first_trick_points and card in POINT_CARDS:
                only_points.add(who)  # a heart or Q♠ on trick 1: nothing else in hand
        return
    decided = False
    if number == 0:
        lead = rules.opening_lead
        if lead == "lowest-club" and card.suit == CLUBS:
            decided = True  # the opening club, forced
        elif lead == "any-club":
            if card.suit == CLUBS:
                decided = True
            else:
                voids[who].add(CLUBS)
        elif lead == "left-of-dealer" and not rules.first_lead_points:
            decided = True
            if card in POINT_CARDS:
                only_points.add(who)
    if not decided and card.suit == HEARTS and not broken:
        only_points.add(who)  # a heart led before hearts broke


def _slots(info: Knowledge) -> tuple[list[int | None], list[int]]:
    """The places unseen cards can go (other seats, then the kitty as None) and how many free places each has."""
    holders: list[int | None] = []
    free: list[int] = []
    for s, count in enumerate(info.counts):
        if s != info.seat:
            holders.append(s)
            free.append(count - len(info.pinned[s]))
    if info.kitty_unseen:
        holders.append(None)
        free.append(info.kitty_unseen)
    return holders, free


def _allowed(info: Knowledge, holder: int | None, card: Card) -> bool:
    return holder is None or info.can_hold(holder, card)


def _deal_unseen(info: Knowledge, rng: random.Random) -> list[list[Card]]:
    """One assignment of the unseen, unpinned cards to the places of :func:`_slots`, consistent with ``info``.

    Uniform over consistent assignments when a plain shuffle fits (tried ``_TRIES`` times: rejection
    sampling is exact); otherwise each card, most constrained first, goes to an eligible place with
    probability proportional to its free room (close to uniform; exact consistency either way).
    """
    holders, free = _slots(info)
    loose = Counter(info.unseen)
    for p in info.pinned:
        loose.subtract(p)
    cards = sorted(loose.elements(), key=lambda c: c.sort_key())
    if sum(free) != len(cards) or any(f < 0 for f in free):
        raise RulesError("view: the unseen cards do not fit the seats' card counts (a view of a corrupted hand?).", "view")
    constrained = any(info.voids) or info.only_points
    for _ in range(_TRIES if constrained else 1):
        order = shuffled(cards, rng)
        out: list[list[Card]] = []
        start = 0
        ok = True
        for holder, room in zip(holders, free):
            part = order[start : start + room]
            start += room
            if constrained and holder is not None and not all(info.can_hold(holder, c) for c in part):
                ok = False
                break
            out.append(part)
        if ok:
            return out
    return _constrained_deal(info, holders, free, cards, rng)


def _constrained_deal(info: Knowledge, holders: list[int | None], free: list[int], cards: list[Card], rng: random.Random) -> list[list[Card]]:
    """Deal most-constrained cards first, each to an eligible place in proportion to its room; restart on a dead end."""
    eligible = {c: [i for i, h in enumerate(holders) if _allowed(info, h, c)] for c in set(cards)}
    order = sorted(cards, key=lambda c: (len(eligible[c]), c.sort_key()))
    for _ in range(200):
        room = list(free)
        out: list[list[Card]] = [[] for _ in holders]
        for card in order:
            places = [i for i in eligible[card] if room[i]]
            total = sum(room[i] for i in places)
            if not total:
                break
            pick = rng.randrange(total)
            for i in places:
                pick -= room[i]
                if pick < 0:
                    break
            out[i].append(card)
            room[i] -= 1
        else:
            return out
    raise RulesError("view: no deal of the unseen cards fits what this seat knows (a view of a corrupted hand?).", "view")


def sample_worlds(view: SeatView, k: int, rng: random.Random | int | str) -> list[Hand]:
    """``k`` hands consistent with everything the seat of ``view`` knows, each built by the engine.

    Each world deals the unseen cards to the other seats (and the kitty) at
    random, honouring the card counts, voids, forced inferences and pinned
    cards of :func:`knowledge`. In play, a world is
    :meth:`Hand.from_position <hearts_lab.hand.Hand.from_position>` of the
    sampled cards and every card played so far (the engine replays them, so
    it checks the world; the other seats' passes are unknown, so a world
    records none); in the pass phase it is a fresh deal of the same hand
    number. ``rng`` is a ``random.Random`` or a seed.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("cancellation", players=7), seed=3, hand_number=1)
    >>> worlds = sample_worlds(hand.view(2), 2, rng=5)
    >>> [(w.phase, w.cards(2) == hand.cards(2), len(w.kitty)) for w in worlds]
    [('pass', True, 6), ('pass', True, 6)]
    """
    from ..hand import Hand

    if type(k) is not int or k < 0:
        raise RulesError(f"k: expected a whole number of worlds, 0 or more, not {k!r:.40}.", "k")
    if not isinstance(rng, random.Random):
        rng = rng_for(rng, view.hand_number, "worlds")
    info = knowledge(view)
    rules = view.rules
    seat = view.seat
    holders, _ = _slots(info)
    plays = [(who, card) for _, _, who, card, _ in _played(view)] if view.phase != "pass" else []
    kitty_seen = view.kitty
    worlds: list[Hand] = []
    attempts = 0
    while len(worlds) < k:
        attempts += 1
        if attempts > 20 * k + 20:
            raise RulesError("view: sampled worlds keep disagreeing with the play (a view of a corrupted hand?).", "view")
        parts = _deal_unseen(info, rng)
        now: list[list[Card]] = [list(info.pinned[s]) for s in range(rules.players)]
        now[seat] = list(view.cards)
        kitty: list[Card] = list(kitty_seen) if kitty_seen else []
        for holder, part in zip(holders, parts):
            (kitty if holder is None else now[holder]).extend(part)
        if view.phase == "pass":
            world = Hand(rules, now, kitty, hand_number=view.hand_number, dealer=view.dealer)
        else:
            world = Hand.from_position(rules, now, plays, kitty, hand_number=view.hand_number, dealer=view.dealer)
        if world.to_play != view.to_play or world.phase != view.phase:
            continue  # e.g. an opening club the seat could not place; draw again
        worlds.append(world)
    return worlds


def world_consistent(view: SeatView, world: Hand) -> bool:
    """Whether ``world`` agrees with everything ``view``'s seat has seen: its cards, the play, the card counts.

    >>> from hearts_lab import Hand, Rules
    >>> hand = Hand.deal(Rules.preset("standard", players=4), seed=1, hand_number=3)
    >>> world_consistent(hand.view(1), sample_worlds(hand.view(1), 1, 9)[0])
    True
    """
    if world.rules != view.rules or world.phase != view.phase or world.to_play != view.to_play:
        return False
    if world.cards(view.seat) != view.cards:
        return False
    if view.phase != "pass":
        mine = [c for t in world.tricks for c in t.cards] + [c for _, c in world.current_trick.plays]
        if mine != view.played_cards():
            return False
    info = knowledge(view)
    for s in range(view.rules.players):
        if len(world.cards(s)) != info.counts[s]:
            return False
        if s != view.seat and not all(info.can_hold(s, c) for c in world.cards(s)):
            return False
        if Counter(info.pinned[s]) - Counter(world.cards(s)):
            return False
    return True
