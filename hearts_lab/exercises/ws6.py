"""Worksheet 6 checks: how computers play - what a seat knows, sampled worlds, a fair race (notebook 11).

Q1 and Q2 ask about one position as one seat sees it: which seats may still
hold a card (the engine's :func:`~hearts_lab.bots.knowledge` decides, at check
time), and a *world* the student deals: every hidden card placed so that the
world agrees with all the seat has seen. The engine verifies a world by
building it (:meth:`Hand.from_position <hearts_lab.hand.Hand.from_position>`
replays every card played) and by
:func:`~hearts_lab.bots.world_consistent`; any of the many right worlds is
right. Q3 and Q4 are an estimate by sampling on a second position: Q3 takes
the :class:`WorldCount` that ``sample_q3(k, seed).count(event)`` returns and
samples the same worlds again to verify it (a typed number is refused); Q4 is
its 95 % interval. Q5 is a choice among reasons for a fair race.

The picture of a position shows what the seat sees and nothing else:
:class:`SeatPicture` has no knowledge, no legal moves and no hidden cards.

>>> check_q3(57).message
'A typed number cannot show how it was made. Give the WorldCount that ws6.sample_q3(...).count(...) returned, so the check can sample your worlds again with its seed.'
"""

from __future__ import annotations

import functools
import math
import numbers
from collections import Counter
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Callable

from ..cards import QUEEN_OF_SPADES, SUITS, Card, suit_name
from ..errors import RulesError
from ..hand import Hand, SeatView
from ..rules import Rules
from ..stats import wilson_interval
from .checks import (
    HINTS,
    Recorded,
    Wrong,
    call_count,
    cards_text,
    hint as _hint,
    judge_made,
    question,
    read_cards,
    read_estimate,
    read_seat,
    read_text,
)
from .sampling import made_by_call, mark_made
from .variants import WS6_REASONS, WS6_SIZES, Ws6Variant, ws6_position, ws6_variant

__all__ = [
    "STANDARD",
    "GENERIC",
    "MIN_WORLDS",
    "MAX_WORLDS",
    "INTERVAL_TOLERANCE",
    "SeatPicture",
    "Worlds",
    "WorldCount",
    "use_variant",
    "position_q1",
    "position_q3",
    "view_q3",
    "sample_q3",
    "reasons_q5",
    "hint",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
]

WS = "ws6"
STANDARD = Rules.preset("standard", players=4)
#: The positions of the generic copy (self-study); a student's own copy calls use_variant(seed) first.
GENERIC = Ws6Variant(
    q1=(1267151694, 1, ("Q♦ K♦ Q♠", "6♣ 10♦ 7♥", "5♣ Q♥ A♥", "K♣ 5♦ 7♦"),
        "2♣ 5♣ K♣ A♣ Q♠ K♠ 5♠ 9♠ 7♥ 5♥ 2♥ J♥ J♦ 10♦ 8♦ 7♦ 3♣ 10♣ 3♦ 9♣ 6♣ A♥ 7♣ 4♣ 3♥ 10♥ K♥ 4♥ 9♥ 8♥", "J♣"),
    q3=(1325118021, 2, ("J♦ 8♥ J♥", "6♦ 5♥ 7♥", "10♣ K♣ 9♥", "J♣ Q♥ 6♠"), "2♣ 8♣ 3♣ 4♣ 3♦ K♦ 10♦ 7♦ A♣ Q♣ K♣ 7♣ J♠", 0),
    q3_sample=None,
    q5=(0, (2, 0, 3, 1)),
)
_current = GENERIC
_grading = False  # the teacher's re-grade: Q3 reads a checks.Recorded count (use_variant(..., grading=True))
#: Q3: the generic copy samples at least this many worlds (a student's own copy names its number, 200 to 360) ...
MIN_WORLDS = min(WS6_SIZES)
#: ... and the check samples them again, so it takes at most this many (about two seconds in CPython).
MAX_WORLDS = 2000
#: Q4: each end of the interval must lie within this fraction of the 95 % interval's half-width on its side.
INTERVAL_TOLERANCE = 0.10
_LETTERS = ("a", "b", "c", "d")
_Z95 = 1.959963984540054
_DIRECTIONS = {1: "to the left", 3: "to the right", 2: "across"}


# -- what the worksheet shows ------------------------------------------------------------


class SeatPicture:
    """A position as one seat sees it: its cards, its pass, the tricks so far and the other seats' card counts.

    It knows nothing the seat does not see, and reasons about nothing (no voids, no legal moves): that is
    the question. ``print(picture)`` shows it.
    """

    __slots__ = ("_text", "seat", "cards", "passed", "received", "counts")

    def __init__(self, hand: Hand) -> None:
        seat = hand.to_play
        if seat is None:
            raise ValueError("the hand is over: no seat is to play")
        view = hand.view(seat)
        self.seat = seat
        self.cards = tuple(view.cards)
        self.passed = tuple(view.passed() or ())
        self.received = tuple(view.received() or ())
        self.counts = tuple(len(hand.cards(s)) for s in range(hand.players))
        offset = hand.pass_offset
        lines = [
            f"You are seat {seat}. Standard Hearts, 4 players; hand {hand.hand_number + 1} of a game "
            f"(everyone passed 3 cards {_DIRECTIONS[offset]}).",
            f"Your cards: {cards_text(self.cards)}",
            f"You passed {cards_text(self.passed)} to seat {STANDARD.pass_target(seat, offset)} and received "
            f"{cards_text(self.received)} from seat {STANDARD.pass_source(seat, offset)}.",
            "The tricks so far:",
        ]
        lines += [f"  {trick}" for trick in view.tricks]
        current = view.current_trick
        plays = " ".join(f"{s}:{c}" for s, c in current.plays) or "(no cards yet)"
        lines.append(f"  Trick {current.number + 1}, led by seat {current.leader}: {plays}  <- your turn")
        lines.append("Cards each seat holds now: " + ", ".join(f"seat {s} {n}" for s, n in enumerate(self.counts)))
        self._text = "\n".join(lines)

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return self._text


@dataclass(frozen=True)
class WorldCount:
    """How many of ``worlds`` sampled worlds (sampling seed ``seed``) made an event true."""

    worlds: int
    seed: int
    hits: int

    @property
    def value(self) -> float:
        """The share of the worlds: hits / worlds."""
        return self.hits / self.worlds

    def __repr__(self) -> str:
        return f"{self.hits} of {self.worlds} sampled worlds (seed {self.seed})"


@dataclass(frozen=True)
class Worlds:
    """Q3's sampled worlds: ``sample_worlds(view_q3(), worlds, rng=seed)``, kept with their number and seed."""

    worlds: int
    seed: int

    def hands(self) -> list[Hand]:
        """The sampled worlds, each a :class:`~hearts_lab.hand.Hand` with every hidden card placed."""
        return _sampled(_current.q3[:4], self.worlds, self.seed)

    def count(self, event: Callable[[Hand], bool]) -> WorldCount:
        """Count the worlds ``w`` for which ``event(w)`` is true."""
        count = WorldCount(self.worlds, self.seed, sum(1 for world in self.hands() if event(world)))
        mark_made(count)
        return count


def _sampled(record: tuple[int, int, tuple[str, ...], str], worlds: int, seed: int) -> list[Hand]:
    """Sampled afresh on every call: a student's code may play cards in the worlds it is given."""
    from ..bots.knowledge import sample_worlds

    hand = ws6_position(record)
    assert hand.to_play is not None
    return sample_worlds(hand.view(hand.to_play), worlds, rng=seed)


def position_q1() -> SeatPicture:
    """Q1 and Q2: the position as the seat to play sees it."""
    return SeatPicture(ws6_position(_current.q1[:4]))


def position_q3() -> SeatPicture:
    """Q3 and Q4: another position, as the seat to play sees it."""
    return SeatPicture(ws6_position(_current.q3[:4]))


def view_q3() -> SeatView:
    """Q3: the :class:`~hearts_lab.hand.SeatView` of the seat to play, as a bot receives it (give it to ``sample_worlds``)."""
    hand = ws6_position(_current.q3[:4])
    assert hand.to_play is not None
    return hand.view(hand.to_play)


def sample_q3(worlds: int, seed: int) -> Worlds:
    """``worlds`` worlds sampled from :func:`view_q3` with ``seed``; count an event in them with ``.count``."""
    if isinstance(worlds, bool) or not isinstance(worlds, int) or not 1 <= worlds <= MAX_WORLDS:
        raise ValueError(f"worlds: a whole number of worlds from 1 to {MAX_WORLDS:,}, not {str(worlds)[:40]!r}.")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise ValueError(f"seed: a whole number 0 or more, not {str(seed)[:40]!r}.")
    return Worlds(worlds, seed)


def reasons_q5() -> str:
    """Q5: the four reasons, lettered a to d in this copy's order."""
    _, options = WS6_REASONS[_current.q5[0]]
    return "\n".join(f"({letter}) {options[i]}" for letter, i in zip(_LETTERS, _current.q5[1]))


# -- the variant: texts and hints ------------------------------------------------------------


def _seats(hand: Hand) -> tuple[int, list[int]]:
    seat = hand.to_play
    assert seat is not None
    return seat, [s for s in range(hand.players) if s != seat]


def _fields(v: Ws6Variant) -> dict[str, Any]:
    q1 = ws6_position(v.q1[:4])
    q3 = ws6_position(v.q3[:4])
    card = Card.parse(v.q1[4])
    race, _ = v.q5
    if v.q3_sample is None:
        sample = f"at least **{MIN_WORLDS}** worlds (at most {MAX_WORLDS:,}) with a seed you choose"
        k, seed = "k", "seed"
    else:
        k, seed = map(str, v.q3_sample)
        sample = f"exactly **{k}** worlds with your own seed, **seed={seed}**"
    return {
        "q1_seat": q1.to_play, "q1_card": card, "q1_suits": suit_name(card.suit), "q1_suit": suit_name(card.suit, plural=False),
        "q1_hand": v.q1[1] + 1,
        "q3_seat": q3.to_play, "q3_asked": v.q3[4], "q3_sample": sample, "q3_k": k, "q3_seed": seed,
        "q5_question": WS6_REASONS[race][0],
    }


#: The text of each question whose values change with the variant.
TEXTS = {
    "Q1": (
        "Below is a position of a hand played by random bots (every card legal) as **seat {q1_seat}** sees it: its own cards, its pass, every card\n"
        "played so far and how many cards each seat holds. You are seat {q1_seat}, and it is your turn. Which\n"
        "**other** seats may still hold the **{q1_card}**, as far as you can know? Give the seat numbers, e.g. `[1, 3]`.\n"
        "(The question is what seat {q1_seat} can know, not where the card really is.)"
    ),
    "Q2": (
        "Stay with the position of Q1. A bot in seat {q1_seat}'s place imagines the hidden cards: it deals them into a\n"
        "**world**. Deal one yourself:\n"
        "give every other seat its cards as a dict `{{seat: \"cards\"}}`, so that every card you cannot see is\n"
        "placed once and the world agrees with everything seat {q1_seat} has seen. Many worlds are right; the check\n"
        "builds yours with the engine (which plays every card of the hand again) and says what disagrees."
    ),
    "Q3": (
        "Another hand, seen by **seat {q3_seat}**. A sampling bot does not know where the Q♠ is, so it samples worlds.\n"
        "`ws6.sample_q3(k, seed)` is `sample_worlds(ws6.view_q3(), k, rng=seed)` - notebook 11's call, for the\n"
        "view below - kept with its number and seed; `.count(event)` counts the worlds `w` for which `event(w)`\n"
        "is `True` (each world is a `Hand`: `w.cards(s)` are seat s's cards in it). Sample {q3_sample}\n"
        "and give the `WorldCount` of the worlds in which **seat {q3_asked} holds the Q♠**. The check samples the\n"
        "same worlds again and confirms your count."
    ),
    "Q4": (
        "Your count is one sample of worlds: another seed gives another share. Give a **95 % interval** for the\n"
        "share of worlds in which seat {q3_asked} holds the Q♠ - the chance the sampler gives it - as a pair\n"
        "`(low, high)` of fractions."
    ),
    "Q5": (
        "{q5_question} Choose the best reason below and answer with its letter."
    ),
}

_HINTS = {
    "Q1": (
        "Which cards has seat {q1_seat} seen, and what has each other seat shown by the cards it played?",
        "A seat that did not follow suit when a suit was led holds none of that suit; seat {q1_seat} itself does "
        "not hold the {q1_card}, and a card seat {q1_seat} passed is still with the seat it went to until it is played.",
        "Start from every other seat; cross out each seat that failed to follow a {q1_suit} lead (it holds no "
        "{q1_suits}); the seats left may hold the {q1_card}.",
    ),
    "Q2": (
        "Which cards can seat {q1_seat} not see, and how many cards does each other seat hold now?",
        "Deal exactly those cards: each seat gets as many as it holds now; the cards seat {q1_seat} passed and has "
        "not seen played stay with the seat they went to; no seat gets a suit it has shown it has none of.",
        "List the unseen cards (the deck minus your cards and every card played). Give your passed cards that "
        "are still out to their receiver first, then each void seat cards of other suits only, then fill every "
        "seat up to its count.",
    ),
    "Q3": (
        "Sample your worlds, then count the ones in which seat {q3_asked} holds the Q♠.",
        "worlds = ws6.sample_q3({q3_k}, {q3_seed}); worlds.count(event) counts the worlds w for which event(w) is "
        "True, and w.cards({q3_asked}) are seat {q3_asked}'s cards in world w.",
        "The event is a function of one world w that is True when the Q♠ (Card.parse(\"QS\")) is among "
        "w.cards({q3_asked}); q3 is what ws6.sample_q3({q3_k}, {q3_seed}).count(event) returns for that event.",
    ),
    "Q4": (
        "A share from a sample is an estimate: how far from it could the sampler's chance be?",
        "Notebook 11 gives each share of worlds a 95 % interval with wilson_interval(count, trials) from "
        "hearts_lab.stats; share ± 1.96 standard errors is accepted too.",
        "wilson_interval(hits, trials) takes the number of worlds in which the event held and the number of "
        "worlds sampled: both are in your Q3 WorldCount.",
    ),
    "Q5": (
        "Besides how well a bot plays, what else changes the points it takes?",
        "A fair race measures the bots, not luck: the right reason says which luck its method removes, and how.",
        "Duplicate deals remove the luck of the cards, seat rotation each seat's own luck, and pairs compare "
        "two numbers from the same cards: pick the reason that says so for this race.",
    ),
}


def question_text(key: str) -> str:
    """The text of question ``key`` for the current variant (the worksheet's markdown under its heading)."""
    return TEXTS[key].format(**_fields(_current))


def _ladder(key: str) -> tuple[str, str, str]:
    values = _fields(_current)
    return tuple(text.format(**values) for text in _HINTS[key])  # type: ignore[return-value]


def use_variant(seed: int | None, *, grading: bool = False) -> str:
    """Swap in a student's own positions, card, seats, worlds, seed and race (``None``: the generic copy).

    ``grading``: the teacher's re-grade (:func:`~hearts_lab.exercises.classroom.grade`), where Q3 also reads
    the count a check's output recorded (a :class:`~.checks.Recorded`), if that check accepted it. On both
    sides a typed number is refused (:func:`~.checks.call_count`), so it cannot be graded correct. In a
    student's kernel a :class:`WorldCount` built by hand or changed is refused before its count is read; a
    determined student who reads the source can still forge the call's mark (:func:`~.sampling.made_by_call`)
    and try counts until one is accepted. The teacher's grade reads the answer cell and refuses a count not made by
    ``sample_q3(...).count(...)`` (:func:`~hearts_lab.exercises.classroom.not_made_by_call`).

    >>> use_variant(12345)
    'Worksheet 6, variant 12345: your own positions, card, seats, worlds and seed, and your own race.'
    >>> _ = use_variant(None)
    """
    global _current, _grading
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise ValueError(f"seed: the whole number of your own copy's use_variant line, not {str(seed)[:40]!r}.")
    _current = GENERIC if seed is None else ws6_variant(seed)
    _grading = bool(grading) and seed is not None
    for key in _HINTS:
        HINTS[WS][key] = _ladder(key)
    return (f"Worksheet 6, variant {seed}: your own positions, card, seats, worlds and seed, and your own race."
            if seed is not None else "Worksheet 6: the generic copy.")


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q2"`` or ``2``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


# -- Q1 and Q2: what a seat knows ---------------------------------------------------------------


def _known(record: tuple[int, int, tuple[str, ...], str]) -> tuple[Hand, Any]:
    from ..bots.knowledge import knowledge

    hand = ws6_position(record)
    assert hand.to_play is not None
    return hand, knowledge(hand.view(hand.to_play))


def _read_seat_set(answer: object) -> set[int]:
    if isinstance(answer, numbers.Integral) and not isinstance(answer, bool):
        return {read_seat(answer, STANDARD.players)}
    if isinstance(answer, (str, bytes, dict)) or not isinstance(answer, Collection):
        raise Wrong("Give the seat numbers as a list, e.g. [1, 3] (or one seat number).")
    if len(answer) > 20:
        raise Wrong("There are only 4 seats: give at most three seat numbers.")
    return {read_seat(s, STANDARD.players) for s in answer}


@question(WS, "Q1", "Who may still hold the card?", hints=_ladder("Q1"))
def check_q1(answer: object) -> None:
    """The seats other than the one to play that may hold Q1's card, as far as that seat knows."""
    hand, info = _known(_current.q1[:4])
    card = Card.parse(_current.q1[4])
    seat, others = _seats(hand)
    got = _read_seat_set(answer)
    want = set(info.holders(card))
    if got == want:
        return
    if seat in got:
        raise Wrong(f"You are seat {seat}, and the {card} is not among your cards: which *other* seats may hold it?")
    if not got:
        raise Wrong(f"The {card} has not been played and you do not hold it: some other seat holds it.")
    suit = suit_name(card.suit, plural=False)
    if got > want:
        if got == set(others):
            raise Wrong(f"Has every seat followed suit whenever a {suit} was led? A seat that did not holds no "
                        f"{suit_name(card.suit)}.")
        raise Wrong(f"One of those seats has shown that it holds no {suit_name(card.suit)}: look for a trick in which a "
                    f"{suit} was led and it played another suit.")
    if got < want:
        raise Wrong(f"You left out a seat that may still hold the {card}: a seat is ruled out only by what the rules "
                    "force (a suit it failed to follow), not by what seems likely.")
    raise Wrong()


def _read_world(answer: object) -> dict[int, Counter[Card]]:
    """``{seat: cards}`` or ``[(seat, cards), ...]`` as a dict of card multisets."""
    if isinstance(answer, dict):
        pairs = list(answer.items())[:21]
    elif isinstance(answer, (list, tuple)) and all(isinstance(e, (list, tuple)) and len(e) == 2 for e in answer[:21]):
        pairs = [tuple(e) for e in answer[:21]]
    else:
        raise Wrong('Give the world as a dict {seat: "cards"}, e.g. {1: "2♣ 7♦ ...", 2: "...", 3: "..."}.')
    if len(pairs) > 20:
        raise Wrong("There are only 4 seats: give three of them.")
    world: dict[int, Counter[Card]] = {}
    for seat, cards in pairs:
        s = read_seat(seat, STANDARD.players)
        if s in world:
            raise Wrong(f"Seat {s} appears twice: give each seat once.")
        world[s] = read_cards(cards)
    return world


@question(WS, "Q2", "Deal a world the seat cannot rule out", hints=_ladder("Q2"))
def check_q2(answer: object) -> str:
    """Every other seat's cards in a world consistent with what Q1's seat has seen (verified by the engine)."""
    from ..bots.knowledge import world_consistent

    hand, info = _known(_current.q1[:4])
    seat, others = _seats(hand)
    world = _read_world(answer)
    if seat in world:
        raise Wrong(f"You are seat {seat}: your own cards are known. Give the other seats' cards only.")
    missing = [s for s in others if s not in world]
    if missing:
        raise Wrong(f"Give every other seat's cards: seat {' and '.join(map(str, missing))} {'is' if len(missing) == 1 else 'are'} missing.")
    unseen = Counter(info.unseen)
    placed: Counter[Card] = sum(world.values(), Counter())
    seen = placed - unseen
    for card in sorted(seen, key=lambda c: c.sort_key()):
        if card in hand.cards(seat):
            raise Wrong(f"The {card} is in your own hand, not in another seat's.")
        if card in hand.history:
            raise Wrong(f"The {card} has been played already: it is in no seat's hand now.")
        raise Wrong(f"The {card} is placed twice: each card is in one place.")
    left = unseen - placed
    if left:
        raise Wrong(f"{cards_text(left.elements())} {'is' if sum(left.values()) == 1 else 'are'} placed nowhere: every card "
                    f"you cannot see is in some seat's hand.")
    for s in others:
        if sum(world[s].values()) != info.counts[s]:
            raise Wrong(f"Seat {s} holds {info.counts[s]} cards now; you gave it {sum(world[s].values())}.")
    for s in others:
        for card in info.pinned[s]:
            if card not in world[s]:
                raise Wrong(f"You passed the {card} to seat {s}, and it has not been played: seat {s} still holds it.")
        for suit in SUITS:
            if suit in info.voids[s] and any(c.suit == suit for c in world[s]):
                raise Wrong(f"Seat {s} failed to follow a {suit_name(suit, plural=False)} lead: it holds no "
                            f"{suit_name(suit)}, in any world.")
    plays = [p for t in hand.tricks for p in t.plays] + list(hand.current_trick.plays)
    now = [list(world[s].elements()) if s != seat else list(hand.cards(seat)) for s in range(STANDARD.players)]
    try:
        built = Hand.from_position(STANDARD, now, plays, hand_number=hand.hand_number, dealer=hand.dealer)
    except RulesError as error:
        raise Wrong(f"The engine cannot play this hand's cards again in your world: {error}") from None
    if not world_consistent(hand.view(seat), built):
        raise Wrong()
    return f"The engine played every card of the hand again in your world: seat {seat} cannot rule it out."


# -- Q3 and Q4: an estimate by sampling ------------------------------------------------------------


@functools.lru_cache(maxsize=64)
def _holders_count(record: tuple[int, int, tuple[str, ...], str], worlds: int, seed: int) -> tuple[int, ...]:
    """In how many of the sampled worlds each seat holds the Q♠."""
    found = [0] * STANDARD.players
    for world in _sampled(record, worlds, seed):
        for s in range(STANDARD.players):
            if QUEEN_OF_SPADES in world.cards(s):
                found[s] += 1
    return tuple(found)


def _judge_hits(hits: int, worlds: int, seed: int) -> None:
    asked = _current.q3[4]
    counts = _holders_count(_current.q3[:4], worlds, seed)
    if hits == counts[asked]:
        return
    if hits == worlds - counts[asked] and hits not in counts:
        raise Wrong(f"That counts the worlds in which seat {asked} does *not* hold the Q♠.")
    others = [s for s in range(STANDARD.players) if s != asked and counts[s] == hits and counts[s] != counts[asked]]
    if others:
        raise Wrong(f"That counts another seat's worlds: the question asks about seat {asked}.")
    raise Wrong()


@question(WS, "Q3", "Who holds the Q♠? Sample worlds", note="your worlds were sampled again and the count matches",
          hints=_ladder("Q3"), made_by_call=(
              "A typed number cannot show how it was made. Give the WorldCount that ws6.sample_q3(...).count(...) "
              "returned, so the check can sample your worlds again with its seed."))
def check_q3(answer: Any) -> None:
    """Q3: the :class:`WorldCount` of ``sample_q3(k, seed).count(event)``, verified by sampling the same worlds again.

    A student's own copy names the number of worlds and the seed; there the number of hits alone (what the
    check's output records) is judged by sampling them again, on the teacher's side only and only as the
    count a check accepted (:func:`~.checks.call_count`: a typed number is refused on both sides).
    """
    if isinstance(answer, WorldCount) and not made_by_call(answer):  # before its count is read: nothing to try
        raise Wrong("This WorldCount was not returned by ws6.sample_q3(...).count(...) (it was built by hand or "
                    "changed), so the check cannot take its count: give what the call returned.")
    own = _current.q3_sample
    ask = "" if own is None else f"Your copy asks for exactly {own[0]} worlds with seed {own[1]}: ws6.sample_q3({own[0]}, {own[1]})."
    if _grading and isinstance(answer, Recorded) and (answer.accepted or answer.size is not None):
        judge_made(answer, own, "worlds", ask, rules=False)  # a sampling's rules are the position's
    if own is not None and isinstance(answer, WorldCount) and (answer.worlds, answer.seed) != own:
        raise Wrong(ask)
    hits = call_count(WS, "Q3", answer, WorldCount, "hits", grading=_grading)
    if own is not None and hits is not None:
        _judge_hits(hits, *own)
        return
    if not isinstance(answer, WorldCount):
        raise Wrong(f"Give the WorldCount that ws6.sample_q3(...).count(...) returned, not {type(answer).__name__}.")
    for value in (answer.worlds, answer.seed, answer.hits):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise Wrong("Give the WorldCount that ws6.sample_q3(...).count(...) returned, unchanged.")
    if answer.worlds < MIN_WORLDS:
        raise Wrong(f"Sample at least {MIN_WORLDS} worlds; {answer.worlds} leave the share too uncertain.")
    if answer.worlds > MAX_WORLDS:
        raise Wrong(f"The check samples your worlds again, so it takes at most {MAX_WORLDS:,}; {MIN_WORLDS} are enough.")
    _judge_hits(answer.hits, answer.worlds, answer.seed)


def _read_pair(interval: object) -> tuple[float, float]:
    if isinstance(interval, (str, bytes, dict)) or not isinstance(interval, Collection) or len(interval) != 2:
        raise Wrong("Give the interval as a pair (low, high).")
    low, high = (read_estimate(v) for v in interval)
    if low > high:
        raise Wrong("Write the interval low end first: (low, high).")
    return low, high


def _close(got: tuple[float, float], want: tuple[float, float], centre: float) -> bool:
    """Each end within :data:`INTERVAL_TOLERANCE` of the correct half-width on its side."""
    tol_low = INTERVAL_TOLERANCE * max(centre - want[0], 1e-12)
    tol_high = INTERVAL_TOLERANCE * max(want[1] - centre, 1e-12)
    return abs(got[0] - want[0]) <= tol_low and abs(got[1] - want[1]) <= tol_high


@question(WS, "Q4", "A 95 % interval for the share",
          note=f"each end within {INTERVAL_TOLERANCE:.0%} of the half-width of the Wilson (or the share ± 1.96 SE) interval",
          hints=_ladder("Q4"))
def check_q4(answer: object, count: object = None) -> None:
    """(low, high): a 95 % interval for the share of the *right* Q3 count of the worlds (its number and seed).

    A student's own copy judges it for its own worlds and seed; the generic copy needs Q3's WorldCount as
    ``count`` (``ws6.check_q4(q4, q3)``). Q4 is judged on the right count, in the student's kernel and in
    the teacher's grade alike: when the WorldCount given is not the right count of its worlds, a wrong
    interval is answered with "fix Q3 first", not with a slip of Q4's own.

    >>> q3 = sample_q3(200, 7).count(lambda w: QUEEN_OF_SPADES not in w.cards(0))  # the wrong way round
    >>> check_q4(wilson_interval(q3.hits, q3.worlds), q3).message.startswith("Your Q3 count is not right yet")
    True
    """
    own = _current.q3_sample
    if own is None:
        if not isinstance(count, WorldCount):
            raise Wrong("Give Q3's WorldCount too, so the check knows your worlds: ws6.check_q4(q4, q3).")
        if not MIN_WORLDS <= count.worlds <= MAX_WORLDS or isinstance(count.seed, bool) or not isinstance(count.seed, int):
            raise Wrong("First get Q3 right: its WorldCount says which worlds your interval is about.")
        own = (count.worlds, count.seed)
    worlds, seed = own
    hits = _holders_count(_current.q3[:4], worlds, seed)[_current.q3[4]]
    low, high = _read_pair(answer)
    share = hits / worlds
    want = wilson_interval(hits, worlds)
    se = math.sqrt(share * (1 - share) / worlds)
    normal = (share - _Z95 * se, share + _Z95 * se)  # the textbook interval: as good as Wilson's for these shares
    if _close((low, high), want, share) or _close((low, high), normal, share):
        return
    if isinstance(count, WorldCount) and (count.worlds, count.seed, count.hits) != (worlds, seed, hits):
        # The interval may be right for the count given: the student cannot tell, so say what is wrong.
        raise Wrong(f"Your Q3 count is not right yet: fix Q3 first (ws6.check_q3(q3)). Q4 is the interval for the right "
                    f"count of your {worlds} worlds (seed {seed}).")
    slips = (
        ((100 * want[0], 100 * want[1]), "Give the interval as fractions (0.31, not 31 %)."),
        ((worlds * want[0], worlds * want[1]), f"That is an interval for the number of worlds; give it for the share (the count divided by {worlds})."),
        ((share - se, share + se), "That is the share ± one standard error: a 95 % interval is about 1.96 standard errors each side."),
    )
    for candidate, text in slips:
        if _close((low, high), candidate, (candidate[0] + candidate[1]) / 2):
            raise Wrong(text)
    if not low <= share <= high:
        raise Wrong("Your interval does not contain your share of worlds: it should lie around it.")
    raise Wrong()


# -- Q5: a fair race ------------------------------------------------------------------------------------

#: Why each wrong reason is wrong (by race, then by the reason's place in WS6_REASONS).
_WHY_NOT: tuple[tuple[str, str, str], ...] = (
    (
        "More hands narrow the interval, but on different cards part of the gap is still the deal: the race would "
        "measure the luck too.",
        "The bots do not learn from hand to hand: each plays every deal by the same method. What differed between "
        "the two runs is the cards.",
        "Fewer points on other cards may be luck: the cards were not the same.",
    ),
    (
        "In standard Hearts the holder of the 2♣ leads the first trick, not seat 0; and each seat has more luck than "
        "the lead.",
        "Rotation makes the race fairer, not its interval wider: the reason is what it measures.",
        "A bot plays by what it sees, not by its seat's number: the reason is each seat's luck.",
    ),
    (
        "Pairs say nothing about who wins how many deals; they compare the same cards.",
        "A difference can be positive on one deal and negative on another whichever bot is better: only the mean "
        "and its interval tell.",
        "Pairing removes much of the luck of the deal, not all of it (nor the play's own chance): the interval is "
        "still needed.",
    ),
)


@question(WS, "Q5", "Why a fair race is run this way", hints=_ladder("Q5"))
def check_q5(answer: object) -> None:
    """Q5: the letter of the right reason in this copy's order (:func:`reasons_q5`)."""
    race, order = _current.q5
    letter = read_text(answer.strip("() .").lower() if isinstance(answer, str) and len(answer) < 10 else answer, _LETTERS)
    chosen = order[_LETTERS.index(letter)]
    if chosen == 0:
        return
    raise Wrong(_WHY_NOT[race][chosen - 1])


use_variant(None)
