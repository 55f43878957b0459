"""Per-student variants of worksheets 1 to 4 and 6 (and worksheet 5's seeds): every position and parameter from one seed.

A teacher's :class:`~hearts_lab.exercises.classroom.Class` gives each student a
seed (an HMAC of the class secret and the student's name); the student's copy
of a worksheet starts with ``ws1.use_variant(seed)``, and every question of
that copy then asks about the student's own deals, seats, hand numbers, player
counts and cards. The generic copy (no ``use_variant``) keeps the published
positions for self-study.

A variant is drawn, not looked up: :func:`ws1_variant` and :func:`ws2_variant`
deal from seeds taken from a ``random.Random`` seeded with the variant seed,
let seeded players make legal moves (the engine decides every move's
legality) and keep the first position in which the question is a good
question - the thing it is about is on show and each slip its hints name can
actually be made (:func:`problems` says which condition fails, and
``tests/test_exercises_variants.py`` checks it over many seeds). Positions
are dealt from seeds of a million and more, which no notebook deals.

The players only choose among the engine's legal moves, so a variant does not
change when the bots are tuned. What the variant is, is public (this code and
the seed); the answer still has to be worked out - or, as with the generic
copy, asked of the open engine, which is why the teacher's grade is computed
on the teacher's side from the secret (:func:`~hearts_lab.exercises.classroom.grade`).

>>> v = ws1_variant(12345)
>>> v == ws1_variant(12345), v == ws1_variant(12346)
(True, False)
>>> problems("ws1", v)
[]
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from typing import Any, Callable

from ..arguments import check_count
from ..cards import QUEEN_OF_SPADES, RANKS, SUITS, Card, Suit
from ..hand import Hand
from ..rules import MoonPolicy, PresetName, Rules
from .positions import replay

__all__ = ["Ws1Variant", "Ws2Variant", "Ws3Variant", "Ws4Variant", "Ws5Variant", "Ws6Variant", "WS3_CHOICES", "WS4_CHOICES",
           "WS4_PRESETS", "WS6_SIZES", "WS6_REASONS", "ws1_variant", "ws2_variant", "ws3_variant", "ws4_variant", "ws4_q3_rules",
           "ws5_variant", "ws6_variant", "moon_scores", "variant", "problems", "GENERATORS"]

STANDARD = Rules.preset("standard", players=4)
#: Hand numbers of the 4-player standard schedule (1, 3, 2, 0) that hold (nobody passes).
_HOLDS = (3, 7, 11)
#: Positions are dealt from seeds at least this large (the notebooks and generic copies deal small seeds).
SEED_FLOOR = 1_000_000
_SEED_CEILING = 2**31


#: The largest variant seed: a class's seeds are 48 bits of an HMAC (:func:`~hearts_lab.exercises.classroom.student_seed`).
MAX_SEED = 2**48 - 1


def check_seed(seed: object) -> int:
    """``seed`` as a variant seed, the whole number of a student copy's ``use_variant`` line.

    Every worksheet's ``use_variant`` reads its seed here, so a truth value, a fraction, a text or a
    number no class gives is refused with the same message, naming the seed.

    >>> check_seed(12345)
    12345
    >>> check_seed(True)
    Traceback (most recent call last):
    ...
    hearts_lab.arguments.ArgumentError: seed: expected a whole number from 0 to 281,474,976,710,655, not True.
    """
    return check_count(seed, "seed", low=0, high=MAX_SEED)


def _deal_seed(rng: random.Random) -> int:
    return rng.randrange(SEED_FLOOR, _SEED_CEILING)


def _to_play(hand: Hand) -> int:
    """The seat to play in a position these questions stop at: always one before the hand ends."""
    seat = hand.to_play
    if seat is None:
        raise ValueError("the hand is over: no seat is to play")
    return seat


def _move(hand: Hand, rng: random.Random) -> Card:
    """A seeded player's choice: any legal move, uniformly (the engine lists them)."""
    return rng.choice(sorted(hand.legal_moves(), key=lambda c: c.sort_key()))


def _pairing_move(hand: Hand, rng: random.Random) -> Card:
    """A Cancellation player who likes to cancel: the twin of a led-suit card already in the trick if it can."""
    legal = sorted(set(hand.legal_moves()), key=lambda c: c.sort_key())
    in_trick = [c for _, c in hand.current_trick.plays]
    twins = [c for c in legal if c in in_trick and in_trick.count(c) == 1]
    if twins and rng.random() < 0.9:
        return rng.choice(twins)
    return rng.choice(legal)


def _plays_text(hand: Hand) -> str:
    return " ".join(str(c) for c in hand.history)


def _search(rng: random.Random, attempt: Callable[[random.Random], Any], what: str, tries: int = 4000) -> Any:
    for _ in range(tries):
        found = attempt(rng)
        if found is not None:
            return found
    raise RuntimeError(f"no {what} found in {tries} tries")  # not reached for any seed the tests try


# -- worksheet 1 -----------------------------------------------------------------


@dataclass(frozen=True)
class Ws1Variant:
    """Worksheet 1's parameters. Positions are (deal seed, plays) of a 4-player standard hold hand, dealer 0."""

    q1: tuple[int, int, int]  # deal seed, hand number (a hold hand), dealer
    q2: tuple[int, str]
    q3: tuple[int, str]  # stops at the start of a trick; Q6 is the same hand played to the end
    q4: tuple[int, str]
    q5: tuple[int, str, int]  # deal seed, plays, index of the finished trick asked about
    q6: tuple[int, str, int]  # deal seed, the whole hand's plays, the seat asked about
    q7: tuple[int, tuple[str, ...]]  # players, removed cards of a house-rule deck
    q8: tuple[int, int, str] = (1, 3, "9♦")  # build a trick: who leads, which seat must win, with which card


def _hold(seed: int) -> Hand:
    return Hand.deal(STANDARD, seed=seed, hand_number=_HOLDS[0])


def _ws1_q1(rng: random.Random) -> tuple[int, int, int] | None:
    seed, number, dealer = _deal_seed(rng), rng.choice(_HOLDS), rng.randrange(4)
    hand = Hand.deal(STANDARD, seed=seed, hand_number=number, dealer=dealer)
    # Both slips (the dealer leads; the dealer's left leads) must name a wrong seat.
    if hand.to_play in (dealer, STANDARD.play_order(dealer)[1]):
        return None
    return seed, number, dealer


def _ws1_q2(rng: random.Random) -> tuple[int, str] | None:
    seed = _deal_seed(rng)
    hand = _hold(seed)
    hand.play(hand.legal_moves()[0])  # the 2♣
    while hand.current_trick.plays:
        seat = _to_play(hand)
        cards = hand.cards(seat)
        void = all(c.suit != "C" for c in cards)
        points = [c for c in cards if hand.rules.points_of(c)]
        if void and points and len(points) < len(cards):
            return seed, _plays_text(hand)
        hand.play(_move(hand, rng))
    return None


def _ws1_q3(rng: random.Random) -> tuple[int, str] | None:
    seed = _deal_seed(rng)
    hand = _hold(seed)
    stop = rng.choice((3, 4, 5))  # the trick (0-based) at whose start the question stops
    while hand.trick_number < stop:
        hand.play(_move(hand, rng))
    cards = hand.cards(_to_play(hand))
    hearts = [c for c in cards if c.suit == "H"]
    other_suits = {c.suit for c in cards if c.suit != "H"}
    if hand.hearts_broken or not hearts or len(other_suits) < 2:
        return None
    return seed, _plays_text(hand)


def _ws1_q4(rng: random.Random) -> tuple[int, str] | None:
    seed = _deal_seed(rng)
    hand = _hold(seed)
    stop = rng.choice((5, 6, 7, 8))
    while hand.trick_number < stop:
        hand.play(_move(hand, rng))
    for _ in range(rng.randrange(1, 4)):  # part-way through the trick
        hand.play(_move(hand, rng))
    cards = hand.cards(_to_play(hand))
    led = hand.current_trick.led_suit
    following = [c for c in cards if c.suit == led]
    if len(following) < 2 or len(following) == len(cards):
        return None
    return seed, _plays_text(hand)


def _ws1_q5(rng: random.Random) -> tuple[int, str, int] | None:
    seed = _deal_seed(rng)
    hand = _hold(seed)
    index = rng.choice((3, 4, 5, 6, 7))
    while hand.trick_number <= index:
        hand.play(_move(hand, rng))
    trick = hand.tricks[index]
    led_seat, led_card = trick.plays[0]
    top = max(c.rank for c in trick.cards)
    off_top = [c for c in trick.cards if c.suit != led_card.suit and c.rank == top]
    assert trick.winner is not None, "a trick of the standard game always has a winner"
    winner_card = trick.card_of(trick.winner)
    assert winner_card is not None
    if not off_top or trick.winner == led_seat or top == winner_card.rank:
        return None
    return seed, _plays_text(hand), index


def _ws1_q7(rng: random.Random) -> tuple[int, tuple[str, ...]]:
    players = rng.choice((3, 5, 6, 7))
    strip = 52 % players or players  # a house rule always strips some cards (6 players: 4 of them)
    clubs = rng.randrange(1, min(strip, 4) + 1)  # the lowest clubs go, so the opening card moves up
    low = [Card(r, s) for r in RANKS[:6] for s in SUITS if s not in ("C", "H")]
    others = rng.sample(low, strip - clubs)
    removed = [Card(RANKS[i], "C") for i in range(clubs)] + others
    return players, tuple(str(c) for c in sorted(removed, key=lambda c: c.sort_key()))


def _ws1_q8(rng: random.Random) -> tuple[int, int, str]:
    leader = rng.randrange(4)
    seat = rng.choice([s for s in range(4) if s != leader])  # not the leader: the lead must be worked out
    rank = rng.choice(RANKS[3:11])  # 5 to Q: there are higher cards to play, and lower ones to lead
    return leader, seat, str(Card(rank, rng.choice(SUITS)))


def house_rules(players: int, removed: tuple[str, ...]) -> Rules:
    """Q7's house-rule deck: standard Hearts for ``players`` with exactly ``removed`` stripped.

    >>> house_rules(5, ("2♣", "3♣")).opening_card
    4♣
    """
    return Rules.preset("standard", players=players, removed=tuple(Card.parse(c) for c in removed))


@functools.lru_cache(maxsize=256)
def ws1_variant(seed: int) -> Ws1Variant:
    """Worksheet 1's variant for ``seed`` (deterministic on every machine)."""
    rng = random.Random(f"hearts-lab|ws1|{seed}")
    q3 = _search(rng, _ws1_q3, "Q3 position")
    q6 = _search(rng, lambda r: _ws1_q6_from(q3, r), "Q6 hand", tries=200)
    return Ws1Variant(
        q1=_search(rng, _ws1_q1, "Q1 deal"),
        q2=_search(rng, _ws1_q2, "Q2 position"),
        q3=q3,
        q4=_search(rng, _ws1_q4, "Q4 position"),
        q5=_search(rng, _ws1_q5, "Q5 trick"),
        q6=q6,
        q7=_ws1_q7(rng),
        q8=_ws1_q8(rng),
    )


def _ws1_q6_from(q3: tuple[int, str], rng: random.Random) -> tuple[int, str, int] | None:
    """Q6 is Q3's hand played on to the end (the worksheet says so)."""
    seed, plays = q3
    hand = replay(STANDARD, seed, _HOLDS[0], plays)
    while hand.phase != "over":
        hand.play(_move(hand, rng))
    if hand.moon_shooter is not None:
        return None
    for seat in rng.sample(range(4), 4):
        collected = hand.collected(seat)
        hearts = sum(1 for c in collected if c.suit == "H")
        played = hand.rules.points(c for t in hand.tricks for s, c in t.plays if s == seat)
        # Each slip (hearts only, the Q♠ as 1, the points the seat played) gives its own wrong number.
        values = {hand.points()[seat], hearts, hearts + 1, played}
        if QUEEN_OF_SPADES in collected and hearts and len(values) == 4:
            return seed, _plays_text(hand), seat
    return None


# -- worksheet 2 -----------------------------------------------------------------

CANCELLATION_7 = Rules.preset("cancellation", players=7)
CANCELLATION_6 = Rules.preset("cancellation", players=6)


@dataclass(frozen=True)
class Ws2Variant:
    """Worksheet 2's parameters."""

    q1: tuple[PresetName, int, int, int]  # preset, players, hand number, seat: where do the seat's cards go?
    q2: tuple[PresetName, int, int, int]  # preset, players, hand number, seat: who passes to the seat?
    q3: tuple[int, int, int]  # 7-player Cancellation: deal seed, hand number, seat asked about
    q4: tuple[tuple[int, str], ...]  # a 6-player Cancellation trick with a winner
    q5: tuple[tuple[int, str], ...]  # another: a winner or set aside
    q6: tuple[int, tuple[str, ...], str, int]  # deal seed, passes, plays to the end of trick k+2, set-aside index k
    q8: tuple[int, tuple[str, ...], str]  # deal seed, passes, plays of the first three tricks (trick 1 set aside)


def _ws2_pass_question(rng: random.Random, ask_source: bool) -> tuple[PresetName, int, int, int] | None:
    # Presets whose schedule has at least two passing offsets besides across (standard with 4 players is
    # left out: notebook 02's pass-cycle table prints its targets).
    counts: tuple[tuple[PresetName, int], ...] = (("standard", 5), ("standard", 6), ("standard", 7), ("lowest-clubs", 5), ("lowest-clubs", 6))
    preset, players = rng.choice(counts)
    rules = Rules.preset(preset, players=players)
    number = rng.randrange(1, 12)
    seat = rng.randrange(players)
    offset = rules.pass_offset(number)
    answer = rules.pass_source(seat, offset) if ask_source else rules.pass_target(seat, offset)
    other = rules.pass_target(seat, offset) if ask_source else rules.pass_source(seat, offset)
    neighbours = {
        (rules.pass_source if ask_source else rules.pass_target)(seat, rules.pass_offset(n)) for n in (number - 1, number + 1)
    }
    # Both slips (the wrong direction, the hand before or after) must give a wrong seat; nobody holds.
    if offset == 0 or other == answer or answer in neighbours or not neighbours - {answer}:
        return None
    return preset, players, number, seat


def _ws2_q3(rng: random.Random) -> tuple[int, int, int] | None:
    seed, number = _deal_seed(rng), rng.randrange(0, 6)
    rules = CANCELLATION_7
    offset = rules.pass_offset(number)
    if offset == 0:
        return None
    seat = rng.randrange(rules.players)
    hand = _highest_passes(Hand.deal(rules, seed=seed, hand_number=number))
    passes, received = hand.passes, hand.received(seat)
    assert passes is not None and received is not None, "every seat has passed"
    got, own, wrong_way = (sorted(map(str, x)) for x in (received, passes[seat], passes[hand.pass_target(seat)]))
    if len({tuple(got), tuple(own), tuple(wrong_way)}) < 3:
        return None
    return seed, number, seat


def highest_cards(cards: tuple[Card, ...], count: int) -> list[Card]:
    """The ``count`` highest cards by rank (ties: ♠ before ♥ before ♦ before ♣): Q3's passing strategy.

    >>> highest_cards(tuple(Card.parse(c) for c in "2C AS 10H AD".split()), 2)
    [A♠, A♦]
    """
    return sorted(cards, key=lambda c: (c.rank, c.sort_key()), reverse=True)[:count]


def _highest_passes(hand: Hand) -> Hand:
    for seat in range(hand.players):
        hand.pass_cards(seat, highest_cards(hand.cards(seat), hand.rules.pass_count))
    return hand


def _trick(rng: random.Random, set_aside: bool, lead_pair: bool) -> tuple[tuple[int, str], ...]:
    """A 6-player Cancellation trick whose highest led-suit card is a cancelled pair.

    With ``set_aside`` every led-suit card is one of two pairs (nobody wins);
    otherwise one lower led-suit card survives and wins. ``lead_pair``: the
    leader's own card is one of the cancelled pair.
    """
    led: Suit = rng.choice(("C", "D", "S"))
    high, mid, low = sorted(rng.sample(RANKS[2:11], 3), key=RANKS.index, reverse=True)
    offs = rng.sample([Card(r, s) for r in RANKS[6:] for s in SUITS if s != led], 4)
    if set_aside:
        led_cards = [Card(high, led), Card(high, led), Card(mid, led), Card(mid, led)]
        others = offs[:2]
    else:
        led_cards = [Card(high, led), Card(high, led), Card(low, led)]
        others = offs[:3]
    first = led_cards[0] if lead_pair or set_aside else led_cards[-1]
    rest = list(led_cards) + others
    rest.remove(first)
    rng.shuffle(rest)
    order = CANCELLATION_6.play_order(rng.randrange(6))
    return tuple((seat, str(card)) for seat, card in zip(order, [first, *rest]))


def _ws2_q4(rng: random.Random) -> tuple[tuple[int, str], ...]:
    # The leader's card is cancelled: "the led card wins" and "a cancelled card wins" are both slips to make.
    return _trick(rng, set_aside=False, lead_pair=True)


def _ws2_q5(rng: random.Random) -> tuple[tuple[int, str], ...]:
    set_aside = rng.random() < 0.5
    return _trick(rng, set_aside=set_aside, lead_pair=set_aside or rng.random() < 0.5)


def _ws2_played(rng: random.Random, tricks: int) -> tuple[int, tuple[str, ...], Hand]:
    seed = _deal_seed(rng)
    hand = Hand.deal(CANCELLATION_7, seed=seed, hand_number=0)
    passes = []
    for seat in range(hand.players):
        chosen = rng.sample(sorted(hand.cards(seat), key=lambda c: c.sort_key()), CANCELLATION_7.pass_count)
        passes.append(" ".join(map(str, chosen)))
        hand.pass_cards(seat, chosen)
    while len(hand.tricks) < tricks and hand.phase != "over":
        hand.play(_pairing_move(hand, rng))
    return seed, tuple(passes), hand


def _ws2_q6(rng: random.Random) -> tuple[int, tuple[str, ...], str, int] | None:
    seed, passes, hand = _ws2_played(rng, tricks=9)
    for k, trick in enumerate(hand.tricks[1:8], start=1):
        if trick.winner is None and hand.tricks[k - 1].winner is not None:
            nxt = hand.tricks[k + 1]
            plays = " ".join(str(c) for t in hand.tricks[: k + 2] for _, c in t.plays)
            left = CANCELLATION_7.play_order(trick.leader)[1]
            own_points = CANCELLATION_7.points(nxt.cards)
            off_suit = {s for s, c in trick.plays if c.suit != trick.led_suit} - {trick.leader, left}
            if nxt.winner is None or nxt.leader == left or not off_suit or nxt.points == own_points:
                return None
            return seed, passes, plays, k
    return None


def _ws2_q8(rng: random.Random) -> tuple[int, tuple[str, ...], str] | None:
    seed, passes, hand = _ws2_played(rng, tricks=3)
    tricks = hand.tricks
    if len(tricks) < 3 or tricks[0].winner is not None or hand.kitty_holder is None:
        return None
    if hand.kitty_holder == tricks[0].leader:
        return None
    return seed, passes, " ".join(str(c) for t in tricks[:3] for _, c in t.plays)


@functools.lru_cache(maxsize=256)
def ws2_variant(seed: int) -> Ws2Variant:
    """Worksheet 2's variant for ``seed`` (deterministic on every machine)."""
    rng = random.Random(f"hearts-lab|ws2|{seed}")
    return Ws2Variant(
        q1=_search(rng, lambda r: _ws2_pass_question(r, ask_source=False), "Q1 pass"),
        q2=_search(rng, lambda r: _ws2_pass_question(r, ask_source=True), "Q2 pass"),
        q3=_search(rng, _ws2_q3, "Q3 deal"),
        q4=_search(rng, _ws2_q4, "Q4 trick"),
        q5=_search(rng, _ws2_q5, "Q5 trick"),
        q6=_search(rng, _ws2_q6, "Q6 hand"),
        q8=_search(rng, _ws2_q8, "Q8 hand", tries=20000),
    )


# -- worksheet 3 (counting): the parameters of each count -------------------------------


@dataclass(frozen=True)
class Ws3Variant:
    """Worksheet 3's parameters: each question counts the same kind of thing on its own deck and event.

    The counts themselves are not computed here (nor anywhere in the package):
    the teacher's answer keys (in the teacher's full repository) compute them, a
    student's copy carries only their salted digests (see
    :func:`hearts_lab.exercises.ws3.use_variant`).
    """

    q1: tuple[int, int]  # standard Hearts with this many players; hands with the opening card and exactly k other clubs
    q2: tuple[int, int, int, int]  # ranks stripped from 4-player standard (1: the 2s; 2: the 2s and 3s), hearts of seat s, of each other seat, s
    q3: tuple[int, int]  # a house rule: players, cards dealt to each (the rest of 52 is the kitty)
    q4: tuple[int, int]  # Cancellation players, exactly j point cards in the kitty (all 104 cards told apart)
    q5: tuple[int, int]  # Cancellation players, suits the distinct hand has none of (1: hearts; 2: hearts and diamonds), at least one Q♠
    q6: tuple[int, int, int]  # Cancellation players, Q♠ copies held (1: exactly one; 2: both) with both A♥, the seat
    q8: tuple[int, int]  # Cancellation players, copies of the named card(s) (2: the Q♠; 4: a black queen): a kitty with one of them and a heart


#: Every parameter each question of worksheet 3 is drawn from. ``tests/test_exercises_variants.py`` checks
#: every combination against the teacher's keys: the answer differs from every slip, and the slips from
#: each other, so each slip's hint can be given and none of them confirms the answer.
WS3_CHOICES: dict[str, tuple[Any, ...]] = {
    "q1": tuple((n, k) for n in (3, 5, 6, 7) for k in (1, 2, 3, 4)),
    "q2": ((1, 6, 2), (1, 9, 1), (1, 0, 4), (2, 5, 2), (2, 8, 1), (2, 2, 3)),
    "q3": ((3, 14), (3, 15), (3, 16), (4, 11), (4, 12), (5, 9)),
    "q4": tuple((n, j) for n in (6, 7, 9, 10, 11) for j in (1, 2) if (n, j) != (6, 2)),  # a kitty of 2 with 2 points: "at most 2" is every deal
    "q5": tuple((n, voids) for n in (6, 7, 8, 9, 10, 11) for voids in (1, 2)),
    "q6": tuple((n, queens) for n in (6, 7, 8, 9, 10, 11) for queens in (1, 2)),
    "q8": tuple((n, copies) for n in (7, 9, 10, 11) for copies in (2, 4)),
}


@functools.lru_cache(maxsize=256)
def ws3_variant(seed: int) -> Ws3Variant:
    """Worksheet 3's variant for ``seed``: one parameter set per question from :data:`WS3_CHOICES`.

    >>> ws3_variant(7) == ws3_variant(7), ws3_variant(7).q1 in WS3_CHOICES["q1"]
    (True, True)
    """
    rng = random.Random(f"hearts-lab|ws3|{seed}")
    pick = {key: rng.choice(options) for key, options in WS3_CHOICES.items()}
    q2 = pick["q2"]
    players6, queens = pick["q6"]
    return Ws3Variant(
        q1=pick["q1"], q2=(q2[0], q2[1], q2[2], rng.randrange(4)), q3=pick["q3"], q4=pick["q4"], q5=pick["q5"],
        q6=(players6, queens, rng.randrange(players6)), q8=pick["q8"],
    )


# -- worksheet 4: the exact questions' parameters, the scores after a moon, the own estimates ------------------


@dataclass(frozen=True)
class Ws4Variant:
    """Worksheet 4's parameters: Q1-Q3 and Q6 count on their own tables and events, Q4 and Q5 score the same
    moon under two policies, Q7 and Q8 estimate with the student's own deals and seeds.

    As for worksheet 3, the exact answers are computed only by the teacher's answer keys; a student's copy
    carries their salted digests (:func:`hearts_lab.exercises.ws4.use_variant`).
    """

    q4: tuple[tuple[int, ...], int]  # the scores before the hand, the seat that shoots the moon
    #: Q7, Q8: the student's own number of deals (hands) and seed, so the estimate is theirs and the teacher's
    #: side regenerates it; ``None`` in the generic copy (any size from the minimum, any seed).
    q7: tuple[int, int] | None = None
    q8: tuple[int, int] | None = None
    #: Q1 (and Q2, its "some seat"): players (3: standard, 2: lowest-clubs), the suit of which the seat holds
    #: at most so many cards, that number, the seat asked about.
    q1: tuple[int, Suit, int, int] = (3, "S", 1, 0)
    #: Q3: how many of the lowest clubs and diamonds a 2-player house rule strips (0: the plain lowest-clubs game).
    q3: int = 0
    #: Q6 (and Q7's event): how many of the top hearts are named (1: A♥; 2: A♥ K♥; 3: A♥ K♥ Q♥), and the least number
    #: of hearts.
    q6: tuple[int, int] = (2, 4)


#: Every parameter set each exact question of worksheet 4 is drawn from. ``tests/test_exercises_variants.py``
#: checks every one against the teacher's keys: the answer differs from every slip and the slips from each
#: other, so each slip's hint can be given and none confirms the answer; and no notebook prints the answer.
WS4_CHOICES: dict[str, tuple[Any, ...]] = {
    # Only "at most": "no spade" or "exactly one spade" would be one binomial over all hands, which a student
    # guessing the form could find against the digest offline in minutes (answers.SEARCHABLE's reasoning).
    "q1": tuple((players, suit, most) for players in (3, 2) for suit in ("S", "C", "D") for most in (1, 2, 3)),
    "q3": (0, 2, 6, 8, 10),  # 4 stripped would make two slips one value (2·C(32, 10) = C(32, 11))
    # Q6 (and Q7's event): the A♥ alone, the A♥ and K♥, or the A♥, K♥ and Q♥, and three to six hearts in all (more
    # than are named). 11 sets, not the first 6 (rev-t1: 2 of 3 students shared Q6); 7 hearts and more would leave
    # Q7's 5,000-8,000 deals about 1-4 hands of the event, too few for its slips to show.
    "q6": tuple((named, least) for named in (1, 2, 3) for least in (3, 4, 5, 6) if least > named),
}
#: The preset each worksheet-4 table size is played with (the only presets that deal a seat 13 hearts and more).
WS4_PRESETS: dict[int, PresetName] = {3: "standard", 2: "lowest-clubs"}


def ws4_q3_rules(stripped: int) -> Rules:
    """Worksheet 4 Q3's game: 2-player lowest-clubs without its ``stripped`` lowest clubs and diamonds.

    >>> ws4_q3_rules(0).hand_size, ws4_q3_rules(2).hand_size, [str(c) for c in ws4_q3_rules(2).removed]
    (26, 25, ['2♣', '2♦'])
    """
    low = [Card(rank, suit) for rank in RANKS[:5] for suit in ("C", "D")][:stripped]
    return Rules.preset("lowest-clubs", players=2, removed=tuple(low))


def moon_scores(before: tuple[int, ...], shooter: int, moon: MoonPolicy) -> tuple[int, ...]:
    """The scores after a hand in which ``shooter`` shoots the moon, under moon policy ``moon`` (the engine scores it).

    >>> moon_scores((10, 20, 30, 40), 0, "old"), moon_scores((10, 20, 30, 40), 0, "new")
    ((10, 46, 56, 66), (-16, 20, 30, 40))
    """
    import dataclasses

    from ..scoring import score_hand

    rules = dataclasses.replace(STANDARD, moon=moon)
    points = tuple(rules.total_points if s == shooter else 0 for s in range(rules.players))
    return tuple(b + d for b, d in zip(before, score_hand(rules, points, shooter, before).deltas))


def _ws4_q4(rng: random.Random) -> tuple[tuple[int, ...], int] | None:
    shooter = rng.randrange(4)
    before = tuple(rng.randrange(30, 96) for _ in range(4))
    auto, avoid = moon_scores(before, shooter, "auto"), moon_scores(before, shooter, "avoid-end")
    # The two policies choose different moons (so Q4 cannot confirm Q5), and nobody has ended the game yet.
    if auto == avoid or max(before) >= STANDARD.target:
        return None
    return before, shooter


@functools.lru_cache(maxsize=256)
def ws4_variant(seed: int) -> Ws4Variant:
    """Worksheet 4's variant for ``seed``: Q1-Q3 and Q6's tables and events (from :data:`WS4_CHOICES`),
    Q4-Q5's scores, Q7's deals and Q8's hands with their seeds.

    >>> v = ws4_variant(7)
    >>> v == ws4_variant(7), v.q1[:3] in WS4_CHOICES["q1"], problems("ws4", v)
    (True, True, [])
    """
    rng = random.Random(f"hearts-lab|ws4|{seed}")
    q4 = _search(rng, _ws4_q4, "Q4 scores")
    q7 = (rng.choice((5_000, 6_000, 7_000, 8_000)), _deal_seed(rng))
    q8 = (rng.choice((20_000, 24_000, 28_000)), _deal_seed(rng))
    # Drawn after Q4, Q7 and Q8, so that adding the exact questions left those of every class as they were.
    players, suit, most = rng.choice(WS4_CHOICES["q1"])
    return Ws4Variant(
        q4=q4, q7=q7, q8=q8, q1=(players, suit, most, rng.randrange(players)),
        q3=rng.choice(WS4_CHOICES["q3"]), q6=rng.choice(WS4_CHOICES["q6"]),
    )


@dataclass(frozen=True)
class Ws5Variant:
    """Worksheet 5's parameters: the two seeds of the student's experiment, drawn for them, not chosen."""

    seeds: tuple[int, int]  # (base seed, house seed), two different seeds


@functools.lru_cache(maxsize=256)
def ws5_variant(seed: int) -> Ws5Variant:
    """Worksheet 5's variant for ``seed``: the capstone's two seeds, so that no student can try seed pairs
    until one shows an effect (the rule, metric and prediction stay the student's own).

    >>> base, house = ws5_variant(12345).seeds
    >>> base != house and min(base, house) >= SEED_FLOOR
    True
    """
    rng = random.Random(f"hearts-lab|ws5|{seed}")
    base = _deal_seed(rng)
    house = _deal_seed(rng)
    while house == base:
        house = _deal_seed(rng)
    return Ws5Variant(seeds=(base, house))




# -- worksheet 6 (how computers play): what a seat knows, sampled worlds, a fair race --------------


@dataclass(frozen=True)
class Ws6Variant:
    """Worksheet 6's parameters. Positions are (deal seed, hand number, passes, plays) of a 4-player standard
    pass hand, dealer 0, seen by the seat to play: passes are one text of three cards per seat."""

    q1: tuple[int, int, tuple[str, ...], str, str]  # the position of Q1 and Q2, and Q1's card
    q3: tuple[int, int, tuple[str, ...], str, int]  # the position of Q3 and Q4, and the seat asked about
    #: Q3, Q4: the student's own number of worlds and sampling seed; ``None`` in the generic copy (any seed).
    q3_sample: tuple[int, int] | None = None
    q5: tuple[int, tuple[int, ...]] = (0, (0, 1, 2, 3))  # which race is asked about, and the order of its four reasons


#: Q3's sizes: a student's own copy samples one of these numbers of worlds (each well under a second).
WS6_SIZES = (200, 240, 300, 360)
#: Q5's races: for each, the question and four reasons, the first of them the right one (the copy shuffles them).
WS6_REASONS: tuple[tuple[str, tuple[str, str, str, str]], ...] = (
    (
        "Two bots are compared by their points per hand: bot A played 200 hands, bot B played 200 other hands, "
        "each against three easy bots. Why is that not a fair race?",
        (
            "The two bots were dealt different cards, so part of the gap may be the luck of the deal: a fair race "
            "plays the same deals with both (duplicate deals) and compares them deal by deal.",
            "200 hands each are too few to compare two bots: each bot's average has too wide an interval, so a fair "
            "race plays thousands of hands with each bot before it compares their points per hand.",
            "A bot learns the table as it plays its hands, so the bot that played second had more practice: a fair "
            "race lets the two bots play alternate hands, so that neither has the advantage.",
            "It is fair: both bots played the same number of hands against the same kind of opponents, so whichever "
            "took fewer points per hand is the better bot, whatever cards it was dealt.",
        ),
    ),
    (
        "In a duplicate race the tested bot and the baseline play the same deals, but only ever from seat 0. "
        "Why does a fair race also rotate the tested bot through every seat?",
        (
            "Each seat of a deal has its own cards and its own place (who passes to it, who leads to it): in every "
            "seat, the bot is measured on every seat's share of each deal, not on seat 0's alone.",
            "Seat 0 always leads the first trick in standard Hearts, so a bot kept in seat 0 takes more points: "
            "rotating gives every seat the first lead in turn and so evens out what the first lead costs.",
            "Rotating the seats makes the race's interval wider, because it adds the differences between seats to "
            "those between deals, so the race is more careful before it calls one bot better.",
            "A bot reads its own seat number when it chooses a card, so it plays differently from a higher seat: "
            "rotating averages over the seat numbers, so that no number favours the tested bot.",
        ),
    ),
    (
        "A duplicate race reports the tested bot's points minus the baseline's points in the same seat on the "
        "same deal, and a 95 % interval for the mean of those differences. Why compare in pairs like this?",
        (
            "Both numbers of a pair come from the same cards, so much of the luck of the deal cancels in their "
            "difference, and its interval is usually narrower than one from two separate averages.",
            "Pairs make sure that the tested bot wins about half of the deals against the baseline, so the count of "
            "deals each side wins shows which bot is better, and by how much.",
            "In a pair the difference is always negative when the tested bot is better, because it took fewer points "
            "on the same cards, so a single positive difference shows that the baseline is better.",
            "Comparing in pairs removes the luck of the deal completely, because both numbers come from the same "
            "cards, so the mean difference needs no interval: it is the exact gap.",
        ),
    ),
)


def _ws6_played(rng: random.Random, stop: int, extra: int) -> tuple[int, int, tuple[str, ...], Hand]:
    """A pass hand: seeded random passes, then uniformly random legal moves to trick ``stop``, ``extra`` plays in."""
    seed, number = _deal_seed(rng), rng.randrange(3)  # hands 1-3 of a game pass left, right and across
    hand = Hand.deal(STANDARD, seed=seed, hand_number=number)
    passes = []
    for seat in range(4):
        chosen = rng.sample(sorted(hand.cards(seat), key=lambda c: c.sort_key()), STANDARD.pass_count)
        passes.append(" ".join(map(str, sorted(chosen, key=lambda c: c.sort_key()))))
        hand.pass_cards(seat, chosen)
    while hand.trick_number < stop:
        hand.play(_move(hand, rng))
    for _ in range(extra):
        hand.play(_move(hand, rng))
    return seed, number, tuple(passes), hand


def ws6_position(record: tuple[int, int, tuple[str, ...], str]) -> Hand:
    """The hand a worksheet-6 record (deal seed, hand number, passes, plays) describes, replayed by the engine."""
    seed, number, passes, plays = record
    return replay(STANDARD, seed, number, plays, passes)


def _ws6_q1_problems(hand: Hand, card: Card) -> list[str]:
    from ..bots.knowledge import knowledge

    seat = _to_play(hand)
    info = knowledge(hand.view(seat))
    others = [s for s in range(4) if s != seat]
    found = []
    if info.only_points:
        found.append("Q1: a seat is known to hold only points (the hints speak of voids and passes only)")
    if card not in info.unseen or card in hand.cards(seat):
        found.append("Q1: the card is not hidden from the seat")
    if any(card in p for p in info.pinned):
        found.append("Q1: the card is one the seat passed (its place is known)")
    holders = info.holders(card)
    if not holders or set(holders) == set(others):
        found.append("Q1: no void rules out a seat, so 'every other seat' would be right")
    if not any(info.pinned):
        found.append("Q2: no passed card is still held, so forgetting the pass cannot be a slip")
    if not 8 <= len(info.unseen) <= 18:
        found.append("Q2: the world to write has too few or too many cards")
    return found


def _ws6_q1(rng: random.Random) -> tuple[int, int, tuple[str, ...], str, str] | None:
    from ..bots.knowledge import knowledge

    seed, number, passes, hand = _ws6_played(rng, rng.choice((7, 8)), rng.randrange(4))
    seat = _to_play(hand)
    info = knowledge(hand.view(seat))
    void_suits = {suit for s in range(4) if s != seat for suit in info.voids[s]}
    pinned = {c for p in info.pinned for c in p}
    candidates = [c for c in sorted(set(info.unseen), key=lambda c: c.sort_key()) if c.suit in void_suits and c not in pinned]
    if not candidates:
        return None
    card = rng.choice(candidates)
    if _ws6_q1_problems(hand, card):
        return None
    return seed, number, passes, _plays_text(hand), str(card)


def _ws6_q3_problems(hand: Hand, seat_asked: int) -> list[str]:
    from ..bots.knowledge import knowledge

    seat = _to_play(hand)
    info = knowledge(hand.view(seat))
    found = []
    if QUEEN_OF_SPADES not in info.unseen or any(QUEEN_OF_SPADES in p for p in info.pinned):
        found.append("Q3: the seat knows where the Q♠ is")
    holders = info.holders(QUEEN_OF_SPADES)
    if len(holders) < 2 or seat_asked not in holders:
        found.append("Q3: the seat asked about cannot hold the Q♠, or no other seat can")
    return found


def _ws6_q3(rng: random.Random) -> tuple[int, int, tuple[str, ...], str, int] | None:
    seed, number, passes, hand = _ws6_played(rng, rng.choice((3, 4, 5)), rng.randrange(4))
    seat = _to_play(hand)
    asked = rng.choice([s for s in range(4) if s != seat])
    if _ws6_q3_problems(hand, asked):
        return None
    return seed, number, passes, _plays_text(hand), asked


@functools.lru_cache(maxsize=256)
def ws6_variant(seed: int) -> Ws6Variant:
    """Worksheet 6's variant for ``seed``: its own two positions, card, seat, worlds and seed, and its own race.

    >>> v = ws6_variant(12345)
    >>> v == ws6_variant(12345), v.q1 == ws6_variant(12346).q1, problems("ws6", v)
    (True, False, [])
    """
    rng = random.Random(f"hearts-lab|ws6|{seed}")
    q1 = _search(rng, _ws6_q1, "Q1 position")
    q3 = _search(rng, _ws6_q3, "Q3 position")
    race = rng.randrange(len(WS6_REASONS))
    order = tuple(rng.sample(range(4), 4))
    return Ws6Variant(q1=q1, q3=q3, q3_sample=(rng.choice(WS6_SIZES), _deal_seed(rng)), q5=(race, order))


#: The worksheets that have per-student variants, and how each is drawn.
GENERATORS: dict[str, Callable[[int], Any]] = {
    "ws1": ws1_variant, "ws2": ws2_variant, "ws3": ws3_variant, "ws4": ws4_variant, "ws5": ws5_variant,
    "ws6": ws6_variant,
}


def variant(worksheet: str, seed: int) -> Any:
    """The variant of ``worksheet`` (a key of :data:`GENERATORS`) for ``seed``."""
    if worksheet not in GENERATORS:
        raise ValueError(f"worksheet: variants exist for {', '.join(GENERATORS)}, not {worksheet!r}.")
    return GENERATORS[worksheet](seed)


def problems(worksheet: str, v: Any) -> list[str]:
    """Why a variant would be a poor question: each condition that fails (empty when all hold)."""
    found: list[str] = []
    if worksheet == "ws1":
        seed, number, dealer = v.q1
        if STANDARD.pass_offset(number) != 0:
            found.append("Q1 is not a hold hand")
        lead = Hand.deal(STANDARD, seed=seed, hand_number=number, dealer=dealer).to_play
        if lead in (dealer, STANDARD.play_order(dealer)[1]):
            found.append("Q1: the dealer or the dealer's left leads, so a slip would be right")
        for key, record in (("q2", v.q2), ("q3", v.q3), ("q4", v.q4), ("q5", v.q5[:2])):
            if record[0] < SEED_FLOOR:
                found.append(f"{key}: a small deal seed (notebooks deal those)")
        if _ws1_q2_check(v.q2):
            found.append(_ws1_q2_check(v.q2))
        rules = house_rules(*v.q7)
        if rules.opening_card == Card.parse("2♣") or Card.parse("2♣") not in rules.removed:
            found.append("Q7: the 2♣ is not stripped, so the opening card does not move")
    if worksheet == "ws4":
        for key in WS4_CHOICES:
            value = getattr(v, key)
            drawn = value[:3] if key == "q1" else value
            if drawn not in WS4_CHOICES[key]:
                found.append(f"{key.upper()}: {drawn} is not one of the vetted parameters")
        if not 0 <= v.q1[3] < v.q1[0]:
            found.append("Q1 names a seat the table does not have")
    if worksheet == "ws3":
        q2, q6 = v.q2, v.q6
        for key in WS3_CHOICES:
            value = getattr(v, key)
            drawn = value[:3] if key == "q2" else value[:2] if key == "q6" else value
            if drawn not in WS3_CHOICES[key]:
                found.append(f"{key.upper()}: {drawn} is not one of the vetted parameters")
        if not 0 <= q2[3] < 4 or not 0 <= q6[2] < q6[0]:
            found.append("Q2 or Q6 names a seat the table does not have")
    if worksheet == "ws6":
        for key, record in (("q1", v.q1), ("q3", v.q3)):
            if record[0] < SEED_FLOOR:
                found.append(f"{key}: a small deal seed (notebooks deal those)")
            if STANDARD.pass_offset(record[1]) == 0:
                found.append(f"{key}: a hold hand, so nobody passed")
        found += _ws6_q1_problems(ws6_position(v.q1[:4]), Card.parse(v.q1[4]))
        found += _ws6_q3_problems(ws6_position(v.q3[:4]), v.q3[4])
        race, order = v.q5
        if not 0 <= race < len(WS6_REASONS) or sorted(order) != [0, 1, 2, 3]:
            found.append("Q5: not one of the races, or not an order of its four reasons")
    return found


def _ws1_q2_check(record: tuple[int, str]) -> str:
    hand = replay(STANDARD, record[0], _HOLDS[0], record[1])
    cards = hand.cards(_to_play(hand))
    if hand.trick_number != 0 or any(c.suit == "C" for c in cards):
        return "Q2: the seat to play is not void in clubs on trick 1"
    points = [c for c in cards if STANDARD.points_of(c)]
    if not points or len(points) == len(cards):
        return "Q2: the first-trick rule cannot bar a card"
    return ""
