"""Worksheet 2 checks: passing rotations and Cancellation Hearts cases.

Pass targets come from :meth:`Rules.pass_offset` and :meth:`Hand.received`;
trick outcomes from :func:`~hearts_lab.tricks.resolve_trick` and from real
hands played by the engine. Nothing is stored but the questions; the public
helpers return what the worksheet shows (the passes, the tricks, the kitty)
and no engine object that answers a question.

>>> check_q1(...).status
'unanswered'
>>> check_q4(0).message
'The two K♠ cancel each other: neither can win (they still carry their points). Look for the highest uncancelled spade.'
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..cards import Card, suit_name
from ..hand import Hand
from ..rules import Rules
from ..tricks import TrickResult, resolve_trick
from .checks import Wrong, hint as _hint, question, read_cards, read_seat, same_exact
from .positions import TrickView, replay

__all__ = [
    "PASS_Q3",
    "TRICK_Q4",
    "TRICK_Q5",
    "CANCELLATION_6",
    "CANCELLATION_7",
    "passes_q3",
    "tricks_q6",
    "kitty_q8",
    "tricks_q8",
    "hint",
    "check_q1",
    "check_q2",
    "check_q3",
    "check_q4",
    "check_q5",
    "check_q6",
    "check_q7",
    "check_q8",
]

WS = "ws2"
CANCELLATION_6 = Rules.preset("cancellation", players=6)
CANCELLATION_7 = Rules.preset("cancellation", players=7)

# Q1, Q2: (preset, players, hand number, seat)
_Q1 = ("standard", 4, 6, 1)
_Q2 = ("lowest-clubs", 6, 2, 5)
#: Q3: a 7-player Cancellation deal, hand number 1; (seed, hand number, seat asked about).
PASS_Q3 = (11, 1, 2)
#: Q4 and Q5: single tricks, (seat, card) in play order, 6-player Cancellation Hearts.
TRICK_Q4 = ((2, "9♠"), (3, "K♠"), (4, "9♠"), (5, "2♥"), (0, "K♠"), (1, "3♠"))
TRICK_Q5 = ((0, "J♦"), (1, "J♦"), (2, "A♣"), (3, "5♥"), (4, "5♥"), (5, "Q♠"))
# Q6, Q7: seed 4, hand 0 of 7-player Cancellation, played to the end of trick 7; trick 6 (index 5) was set aside.
_Q6 = (
    4,
    ("10♥ Q♠ A♠", "J♦ 5♥ K♥", "Q♣ A♦ 9♥", "10♦ K♦ 5♥", "10♥ K♠ A♠", "A♥ Q♠ K♠", "A♣ K♥ A♥"),
    "2♣ 4♣ 5♣ 4♣ 3♣ 10♣ 8♣ 2♦ 3♦ Q♠ 5♦ A♦ A♦ 3♦ 5♠ 3♠ 6♠ 10♠ 9♠ 9♠ 7♠ 2♣ Q♠ 5♣ 3♣ K♥ 7♣ 7♣ "
    "4♠ 3♠ 7♠ 2♠ 6♥ K♠ K♠ 8♠ 8♠ 5♥ A♠ A♥ A♥ A♠ 6♦ 9♥ 4♦ 6♦ 4♦ 7♦ 10♥",
)
_SET_ASIDE = 5
# Q8: seed 113, hand 0 of 7-player Cancellation, three tricks; the first was set aside.
_Q8 = (
    113,
    ("K♣ A♣ K♦", "Q♣ Q♥ A♠", "J♦ Q♦ A♥", "K♥ K♠ A♠", "7♥ 9♥ K♠", "J♥ Q♥ K♥", "6♥ 9♥ Q♠"),
    "4♠ 5♠ A♥ 4♠ 3♠ 5♠ 3♠ 3♦ Q♠ 4♦ 5♦ 2♦ 3♦ 5♦ 6♣ 4♣ 6♣ 4♣ 5♣ 10♣ 5♣",
)


def highest_cards(cards: tuple[Card, ...], count: int) -> list[Card]:
    """The ``count`` highest cards by rank (ties: ♠ before ♥ before ♦ before ♣): Q3's passing strategy.

    >>> highest_cards(tuple(Card.parse(c) for c in "2C AS 10H AD".split()), 2)
    [A♠, A♦]
    """
    return sorted(cards, key=lambda c: (c.rank, c.sort_key()), reverse=True)[:count]


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q3"`` or ``3``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


def _replayed(record: tuple[Any, ...]) -> Hand:
    """The hand a position record (seed, passes, plays) describes, replayed from its deal."""
    seed, passes, plays = record
    return replay(CANCELLATION_7, seed, 0, plays, passes)


def _passed(hand: Hand) -> Hand:
    """Q3's pass strategy applied to every seat of ``hand`` (changes and returns it)."""
    for seat in range(hand.players):
        hand.pass_cards(seat, highest_cards(hand.cards(seat), CANCELLATION_7.pass_count))
    return hand


class Passes(NamedTuple):
    """What the worksheet shows of a pass: the rules, the hand number, the cards each seat passed."""

    rules: Rules
    hand_number: int
    passes: tuple[tuple[Card, ...], ...]


def passes_q3() -> Passes:
    """Q3: a deal in which every seat passed its three highest cards (who receives them is the question)."""
    hand = _passed(replay(CANCELLATION_7, PASS_Q3[0], PASS_Q3[1]))
    return Passes(hand.rules, hand.hand_number, tuple(tuple(p) for p in hand.passes))


def tricks_q6() -> tuple[TrickView, ...]:
    """Q6, Q7: the first six tricks of a 7-player Cancellation hand; the sixth was set aside."""
    return tuple(TrickView(t) for t in _replayed(_Q6).tricks[:6])


def kitty_q8() -> tuple[Card, ...]:
    """Q8: the kitty of a 7-player Cancellation hand (who collects it is the question)."""
    return tuple(_replayed(_Q8).kitty)


def tricks_q8() -> tuple[TrickView, ...]:
    """Q8: the first three tricks of that hand; the first was set aside."""
    return tuple(TrickView(t) for t in _replayed(_Q8).tricks[:3])


def _offset_rules(preset: str, players: int) -> Rules:
    return Rules.preset(preset, players=players)


@question(WS, "Q1", "Where do the cards go? (standard, 4 players)", hints=(
    "Which offset does hand number 6 use? Hand numbers start at 0.",
    "Look up the offset k for hand 6 in the schedule (it repeats every 4 hands); offset k sends seat s's cards to seat (s + k) mod 4.",
    "Target = (1 + schedule[6 mod 4]) mod 4, with schedule (1, 3, 2, 0).",
))
def check_q1(answer: object) -> None:
    """Seat 1's pass target in hand number 6 of standard 4-player Hearts."""
    preset, players, h, seat = _Q1
    rules = _offset_rules(preset, players)
    got = read_seat(answer, players)
    if got == rules.pass_target(seat, rules.pass_offset(h)):
        return
    for wrong_h in (h - 1, h + 1):
        if got == rules.pass_target(seat, rules.pass_offset(wrong_h)):
            raise Wrong(
                "That is the target for the hand before or after. Hand numbers start at 0, so hand 6 is the "
                "seventh hand: use schedule[6 mod 4]."
            )
    if got == rules.pass_source(seat, rules.pass_offset(h)):
        raise Wrong("Offset k sends cards from seat s to seat (s + k) mod n, not (s - k).")
    raise Wrong()


@question(WS, "Q2", "Who passes to you? (lowest-clubs, 6 players)", hints=(
    "The question asks who sends cards *to* seat 5, not where seat 5's cards go.",
    "Find the offset k of hand 2 (pass_schedule, hand numbers from 0); the sender s is the seat with (s + k) mod 6 = 5.",
    "Sender = (5 - k) mod 6 with k = Rules.preset('lowest-clubs', players=6).pass_offset(2).",
))
def check_q2(answer: object) -> None:
    """The seat that passes to seat 5 in hand number 2 of lowest-clubs with 6 players."""
    preset, players, h, seat = _Q2
    rules = _offset_rules(preset, players)
    offset = rules.pass_offset(h)
    got = read_seat(answer, players)
    if got == rules.pass_source(seat, offset):
        return
    if got == rules.pass_target(seat, offset):
        raise Wrong(f"That is the seat that seat {seat} passes *to*. The question asks who passes to seat {seat}.")
    for wrong_h in (h - 1, h + 1):
        if got == rules.pass_source(seat, rules.pass_offset(wrong_h)):
            raise Wrong("Off by one hand: hand numbers start at 0, so look up schedule[2], the third entry.")
    raise Wrong()


@question(WS, "Q3", "What does seat 2 receive?", hints=(
    "Which seat's cards travel to seat 2 in hand number 1?",
    "Find the offset k of hand 1; the sender s has (s + k) mod 7 = 2. Seat 2 receives exactly the cards s passed.",
    "Cards received = the passes of seat (2 - k) mod 7, with k = rules.pass_offset(1); give each copy.",
))
def check_q3(answer: object) -> None:
    """The cards seat 2 receives in :func:`passes_q3`'s exchange (a multiset: two packs)."""
    hand = _passed(replay(CANCELLATION_7, PASS_Q3[0], PASS_Q3[1]))
    seat = PASS_Q3[2]
    got = read_cards(answer)
    want = hand.received(seat)
    if got == read_cards(want):
        return
    passes = hand.passes
    if got == read_cards(passes[seat]):
        raise Wrong(f"Those are the cards seat {seat} passed away, not the ones it received.")
    if got == read_cards(passes[hand.pass_target(seat)]):
        direction = hand.rules.pass_direction(hand.pass_offset)
        raise Wrong(
            f"Wrong direction: hand {hand.hand_number} passes with offset {hand.pass_offset} "
            f"({'to the ' if direction in ('left', 'right') else ''}{direction}), so seat {seat} "
            f"receives from the seat whose cards travel to it."
        )
    if sum(got.values()) != CANCELLATION_7.pass_count:
        raise Wrong(f"A seat receives exactly {CANCELLATION_7.pass_count} cards.")
    raise Wrong()


def _trick_answer(trick: tuple[tuple[int, str], ...], answer: object) -> tuple[TrickResult, list[tuple[int, Card]], int | None, Card | None]:
    """The engine's verdict on ``trick`` (6-player Cancellation), its plays, the seat answered and that seat's card."""
    result = resolve_trick(CANCELLATION_6, trick)
    plays = [(s, Card.parse(c)) for s, c in trick]
    got = read_seat(answer, CANCELLATION_6.players, allow_nobody=True)
    return result, plays, got, dict(plays).get(got) if got is not None else None


@question(WS, "Q4", "Cancellation: who wins?", hints=(
    "Are any two cards in this trick identical?",
    "Identical cards cancel: neither can win. Among the cards of the led suit that did not cancel, the highest wins.",
    "Cross out both 9♠ and both K♠; the winner is the seat with the highest spade left.",
))
def check_q4(answer: object) -> None:
    """The winner of :data:`TRICK_Q4` under 6-player Cancellation Hearts."""
    result, plays, got, card = _trick_answer(TRICK_Q4, answer)
    if got == result.winner:
        return
    if card is not None and card in result.cancelled:
        raise Wrong(
            f"The two {card} cancel each other: neither can win (they still carry their points). "
            "Look for the highest uncancelled spade."
        )
    if got == plays[0][0]:
        raise Wrong("The led card does not always win - and here it was cancelled.")
    if got is None:
        raise Wrong("Is there an uncancelled card of the led suit? If so the trick is not set aside.")
    raise Wrong()


@question(WS, "Q5", "Cancellation: winner or set aside?", hints=(
    "Which suit was led, and which cards cancel?",
    "Only an uncancelled card of the led suit can win. If there is none, nobody wins and the trick is set aside.",
    "Cross out the identical pairs; if no diamond is left the answer is None (set aside), else the seat of the highest diamond left.",
))
def check_q5(answer: object) -> None:
    """The winner of :data:`TRICK_Q5` (None / "nobody" if it is set aside)."""
    result, plays, got, card = _trick_answer(TRICK_Q5, answer)
    if got == result.winner:
        return
    led = plays[0][1]
    if card is not None and card.suit != led.suit and card not in result.cancelled:
        raise Wrong(
            f"{card} is not cancelled, but it is not a {suit_name(led.suit, plural=False)}: off-suit cards never win, "
            "even when every card of the led suit has cancelled."
        )
    if card is not None and card in result.cancelled:
        if card.suit == led.suit:
            raise Wrong(f"The two {card} cancel: neither can win, whoever played them - the leader's copy too.")
        raise Wrong(
            f"{card} is not a {suit_name(led.suit, plural=False)}, so it could not win anyway - and the two {card} cancel each other too."
        )
    raise Wrong()


@question(WS, "Q6", "After a set-aside trick: who leads?", hints=(
    "Did anybody win trick 6?",
    "The winner of a trick leads the next one. When nobody wins (the trick is set aside), the lead stays where it was.",
    "The leader of trick 7 is the seat that led trick 6.",
))
def check_q6(answer: object) -> None:
    """The seat that leads the trick after the set-aside trick in :func:`tricks_q6`."""
    hand = _replayed(_Q6)
    aside = hand.tricks[_SET_ASIDE]
    nxt = hand.tricks[_SET_ASIDE + 1]
    got = read_seat(answer, hand.players)
    if got == nxt.leader:
        return
    if got == hand.rules.play_order(aside.leader)[1]:
        raise Wrong("The lead does not pass to the left: nobody won the trick.")
    if got in {s for s, c in aside.plays if c.suit != aside.led_suit}:
        raise Wrong("Off-suit cards never win, so their players do not lead next either.")
    raise Wrong()


@question(WS, "Q7", "Collecting the pending pile", hints=(
    "What happens to the cards of a set-aside trick?",
    "The next trick's winner collects that trick and the pending pile under it - cancelled cards included, since they keep their points.",
    "Points = hearts and Q♠ points in trick 7 + those in trick 6 (the pile), counting every copy.",
))
def check_q7(answer: object) -> None:
    """Points the winner of the trick after the set-aside trick collects with it."""
    hand = _replayed(_Q6)
    rules = hand.rules
    nxt = hand.tricks[_SET_ASIDE + 1]
    expected = nxt.points
    if same_exact(answer, expected):
        return
    own = rules.points(nxt.cards)
    pile = expected - own
    if same_exact(answer, own):
        raise Wrong("You counted only the trick itself. The winner also collects the pending pile: the set-aside trick.")
    aside = hand.tricks[_SET_ASIDE]
    uncancelled = rules.points(c for t in (aside, nxt) for c in t.cards if c not in t.cancelled)
    if same_exact(answer, pile) or same_exact(answer, uncancelled):
        raise Wrong(
            "Count every card the winner collects: the trick they won and the pending pile, cancelled cards "
            "included (cancelled cards cannot win, but they keep their points)."
        )
    raise Wrong()


@question(WS, "Q8", "Who collects the kitty?", hints=(
    "The kitty travels with trick 1's cards. Where did they go?",
    "Trick 1 was set aside, so its cards (and the kitty) wait in the pending pile for the next player who wins a trick.",
    "Kitty holder = the winner of the first trick after trick 1 that somebody wins.",
))
def check_q8(answer: object) -> None:
    """The seat that collects the kitty in the hand :func:`tricks_q8` shows (trick 1 was set aside)."""
    hand = _replayed(_Q8)
    got = read_seat(answer, hand.players, allow_nobody=True)
    if got == hand.kitty_holder:
        return
    if got is None:
        raise Wrong("The kitty is not lost when trick 1 is set aside: it waits in the pending pile with trick 1's cards.")
    if got == hand.tricks[0].leader:
        raise Wrong("Leading trick 1 does not earn the kitty: it belongs to whoever collects trick 1's cards.")
    raise Wrong()
