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
from ..rules import PresetName, Rules
from ..tricks import TrickResult, resolve_trick
from .checks import HINTS, Wrong, hint as _hint, question, read_cards, read_seat, same_exact
from .positions import TrickView, replay
from .variants import Ws2Variant, check_seed, highest_cards as _highest, ws2_variant

__all__ = [
    "PASS_Q3",
    "TRICK_Q4",
    "TRICK_Q5",
    "CANCELLATION_6",
    "CANCELLATION_7",
    "GENERIC",
    "use_variant",
    "rules_q1",
    "rules_q2",
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

#: The parameters of the generic copy (self-study); a student's own copy calls use_variant(seed) first,
#: which swaps in that student's (hearts_lab.exercises.variants).
GENERIC = Ws2Variant(
    q1=("standard", 5, 3, 2),
    q2=("lowest-clubs", 6, 2, 5),
    q3=(11, 1, 2),
    q4=((2, "9♠"), (3, "K♠"), (4, "9♠"), (5, "2♥"), (0, "K♠"), (1, "3♠")),
    q5=((0, "J♦"), (1, "J♦"), (2, "A♣"), (3, "5♥"), (4, "5♥"), (5, "Q♠")),
    # seed 4, hand 0 of 7-player Cancellation, played to the end of trick 7; trick 6 (index 5) was set aside.
    q6=(
        4,
        ("10♥ Q♠ A♠", "J♦ 5♥ K♥", "Q♣ A♦ 9♥", "10♦ K♦ 5♥", "10♥ K♠ A♠", "A♥ Q♠ K♠", "A♣ K♥ A♥"),
        "2♣ 4♣ 5♣ 4♣ 3♣ 10♣ 8♣ 2♦ 3♦ Q♠ 5♦ A♦ A♦ 3♦ 5♠ 3♠ 6♠ 10♠ 9♠ 9♠ 7♠ 2♣ Q♠ 5♣ 3♣ K♥ 7♣ 7♣ "
        "4♠ 3♠ 7♠ 2♠ 6♥ K♠ K♠ 8♠ 8♠ 5♥ A♠ A♥ A♥ A♠ 6♦ 9♥ 4♦ 6♦ 4♦ 7♦ 10♥",
        5,
    ),
    # seed 113, hand 0 of 7-player Cancellation, three tricks; the first was set aside.
    q8=(
        113,
        ("K♣ A♣ K♦", "Q♣ Q♥ A♠", "J♦ Q♦ A♥", "K♥ K♠ A♠", "7♥ 9♥ K♠", "J♥ Q♥ K♥", "6♥ 9♥ Q♠"),
        "4♠ 5♠ A♥ 4♠ 3♠ 5♠ 3♠ 3♦ Q♠ 4♦ 5♦ 2♦ 3♦ 5♦ 6♣ 4♣ 6♣ 4♣ 5♣ 10♣ 5♣",
    ),
)
_current = GENERIC
#: Q3: (seed, hand number, seat asked about) of a 7-player Cancellation deal; Q4 and Q5: single tricks,
#: (seat, card) in play order, 6-player Cancellation Hearts. Rebound by use_variant.
PASS_Q3 = GENERIC.q3
TRICK_Q4 = GENERIC.q4
TRICK_Q5 = GENERIC.q5

_HINTS = {
    "Q1": (
        "Which offset does hand {q1_hand} use? The schedule's first entry is hand 1's.",
        "Hand {q1_hand} uses schedule[{q1_number} mod {q1_cycle}] (entries count from 0, hands from 1; the schedule repeats every {q1_cycle} hands); offset k sends seat s's cards to seat (s + k) mod {q1_players}.",
        "Target = ({q1_seat} + schedule[{q1_number} mod {q1_cycle}]) mod {q1_players}, with schedule {q1_schedule} (hand {q1_hand} is the engine's hand_number {q1_number}).",
    ),
    "Q2": (
        "The question asks who sends cards *to* seat {q2_seat}, not where seat {q2_seat}'s cards go.",
        "Find the offset k of hand {q2_hand} (pass_schedule[{q2_number} mod {q2_cycle}]: the first hand uses the first entry); the sender s is the seat with (s + k) mod {q2_players} = {q2_seat}.",
        "Sender = ({q2_seat} - k) mod {q2_players} with k = Rules.preset('{q2_preset}', players={q2_players}).pass_offset({q2_number}) (the engine counts hands from 0: hand {q2_hand} is hand_number {q2_number}).",
    ),
    "Q3": (
        "Which seat's cards travel to seat {q3_seat} in hand {q3_hand}?",
        "Find the offset k of hand {q3_hand} (rules.pass_offset({q3_number}): the engine counts hands from 0); the sender s has (s + k) mod 7 = {q3_seat}. Seat {q3_seat} receives exactly the cards s passed.",
        "Cards received = the passes of seat ({q3_seat} - k) mod 7, with k = rules.pass_offset({q3_number}); give each copy.",
    ),
    "Q4": (
        "Are any two cards in this trick identical?",
        "Identical cards cancel: neither can win. Among the cards of the led suit that did not cancel, the highest wins.",
        "Cross out both copies of every card played twice ({q4_pairs}); the winner is the seat with the highest {q4_suit} left.",
    ),
    "Q5": (
        "Which suit was led, and which cards cancel?",
        "Only an uncancelled card of the led suit can win. If there is none, nobody wins and the trick is set aside.",
        "Cross out the identical pairs; if no {q5_suit} is left the answer is None (set aside), else the seat of the highest {q5_suit} left.",
    ),
    "Q6": (
        "Did anybody win trick {q6_aside}?",
        "The winner of a trick leads the next one. When nobody wins (the trick is set aside), the lead stays where it was.",
        "The leader of trick {q6_next} is the seat that led trick {q6_aside}.",
    ),
    "Q7": (
        "What happens to the cards of a set-aside trick?",
        "The next trick's winner collects that trick and the pending pile under it - cancelled cards included, since they keep their points.",
        "Points = hearts and Q♠ points in trick {q6_next} + those in trick {q6_aside} (the pile), counting every copy.",
    ),
}


#: The text of each question whose values change with the variant ({names} come from the variant).
TEXTS = {
    "Q1": (
        "`{q1_preset}` with {q1_players} players passes by the offsets printed below (its `pass_schedule`, one\n"
        "entry per hand, repeating). In hand **{q1_hand}** of the game, which seat receives **seat {q1_seat}**'s cards?"
    ),
    "Q2": (
        "`{q2_preset}` with {q2_players} players passes by the offsets printed below. In hand **{q2_hand}** of the game,\n"
        "which seat's cards does **seat {q2_seat}** receive?"
    ),
    "Q3": (
        "A 7-player Cancellation Hearts deal, hand **{q3_hand}** of a game. Every seat passes its three highest cards\n"
        "(listed below). Which three cards does **seat {q3_seat}** receive? (With two packs a card can\n"
        "appear twice; give each copy.)"
    ),
    "Q4": "A trick in 6-player Cancellation Hearts, in play order (seat {q4_leader} led):",
    "Q5": "Another trick (seat {q5_leader} led). Who wins it? If nobody does, answer `None`.",
    "Q6": (
        "Seven computer players played this 7-player hand. Here are its first {q6_shown} tricks; the last of them\n"
        "was set aside.\n"
        "\n"
        "* **Q6.** Which seat leads trick {q6_next}?\n"
        "* **Q7.** Trick {q6_next} is won by seat {q7_winner} (its cards, by seat: {q7_plays}).\n"
        "  How many penalty points does seat {q7_winner} collect *when it wins trick {q6_next}*?"
    ),
}


def question_text(key: str) -> str:
    """The text of question ``key`` for the current variant (the worksheet's markdown under its heading)."""
    return TEXTS[key].format(**_fields(_current))


def _fields(v: Ws2Variant) -> dict[str, Any]:
    """The values a question's text and hints name, for variant ``v``."""
    r1 = Rules.preset(v.q1[0], players=v.q1[1])
    r2 = Rules.preset(v.q2[0], players=v.q2[1])
    q4 = [Card.parse(c) for _, c in v.q4]
    q5_led = Card.parse(v.q5[0][1]).suit
    q6 = _hand_of(v.q6)
    nxt = q6.tricks[v.q6[3] + 1]
    return {
        # A person counts hands from 1 (hand 1 is the engine's hand_number 0): *_hand is shown, *_number is the API's.
        "q1_preset": v.q1[0], "q1_players": v.q1[1], "q1_hand": v.q1[2] + 1, "q1_number": v.q1[2], "q1_seat": v.q1[3],
        "q1_cycle": len(r1.pass_schedule), "q1_schedule": r1.pass_schedule,
        "q2_preset": v.q2[0], "q2_players": v.q2[1], "q2_hand": v.q2[2] + 1, "q2_number": v.q2[2], "q2_seat": v.q2[3],
        "q2_cycle": len(r2.pass_schedule),
        "q3_hand": v.q3[1] + 1, "q3_number": v.q3[1], "q3_seat": v.q3[2],
        "q4_leader": v.q4[0][0], "q4_suit": suit_name(q4[0].suit, plural=False),
        "q4_pairs": " and ".join(f"both {c}" for c in sorted({c for c in q4 if q4.count(c) == 2}, key=lambda c: c.sort_key())),
        "q5_leader": v.q5[0][0], "q5_suit": suit_name(q5_led, plural=False),
        "q6_shown": v.q6[3] + 1, "q6_aside": v.q6[3] + 1, "q6_next": v.q6[3] + 2,
        # Q7's cards by seat, not in play order: the first seat named would be the leader, Q6's answer.
        "q7_winner": nxt.winner,
        "q7_plays": ", ".join(f"seat {s} {c}" for s, c in sorted(nxt.plays, key=lambda play: play[0])),
    }


def _ladder(key: str) -> tuple[str, str, str]:
    values = _fields(_current)
    return tuple(text.format(**values) for text in _HINTS[key])  # type: ignore[return-value]


def use_variant(seed: int | None) -> str:
    """Swap in the positions and parameters of a student's own copy (``None``: the generic copy again).

    >>> use_variant(12345)
    'Worksheet 2, variant 12345: your own tricks, seats and hand numbers.'
    >>> _ = use_variant(None)
    """
    global _current, PASS_Q3, TRICK_Q4, TRICK_Q5
    seed = None if seed is None else check_seed(seed)
    _current = GENERIC if seed is None else ws2_variant(seed)
    PASS_Q3, TRICK_Q4, TRICK_Q5 = _current.q3, _current.q4, _current.q5
    for key in _HINTS:
        HINTS[WS][key] = _ladder(key)
    return f"Worksheet 2, variant {seed}: your own tricks, seats and hand numbers." if seed is not None else "Worksheet 2: the generic copy."


def highest_cards(cards: tuple[Card, ...], count: int) -> list[Card]:
    """The ``count`` highest cards by rank (ties: ♠ before ♥ before ♦ before ♣): Q3's passing strategy.

    >>> highest_cards(tuple(Card.parse(c) for c in "2C AS 10H AD".split()), 2)
    [A♠, A♦]
    """
    return _highest(cards, count)


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q3"`` or ``3``): level 1 a nudge, 2 the structure, 3 the full method."""
    return _hint(WS, question, level)


def _hand_of(record: tuple[Any, ...]) -> Hand:
    seed, passes, plays = record[:3]
    return replay(CANCELLATION_7, seed, 0, plays, passes)


def _replayed(record: tuple[Any, ...]) -> Hand:
    """The hand a position record (seed, passes, plays) describes, replayed from its deal."""
    return _hand_of(record)


def _passed(hand: Hand) -> Hand:
    """Q3's pass strategy applied to every seat of ``hand`` (changes and returns it)."""
    for seat in range(hand.players):
        hand.pass_cards(seat, highest_cards(hand.cards(seat), CANCELLATION_7.pass_count))
    return hand


def _passes_of(hand: Hand) -> tuple[tuple[Card, ...], ...]:
    """The cards each seat passed in ``hand``, whose passes are done (:func:`_passed`)."""
    if hand.passes is None:
        raise ValueError("the seats have not all passed yet")
    return hand.passes


class Passes(NamedTuple):
    """What the worksheet shows of a pass: the rules, the hand number (the engine's, from 0), the cards each seat passed."""

    rules: Rules
    hand_number: int
    passes: tuple[tuple[Card, ...], ...]


def rules_q1() -> Rules:
    """Q1's rules (where seat's cards go is the question)."""
    return Rules.preset(_current.q1[0], players=_current.q1[1])


def rules_q2() -> Rules:
    """Q2's rules (who passes to the seat is the question)."""
    return Rules.preset(_current.q2[0], players=_current.q2[1])


def passes_q3() -> Passes:
    """Q3: a deal in which every seat passed its three highest cards (who receives them is the question)."""
    hand = _passed(replay(CANCELLATION_7, PASS_Q3[0], PASS_Q3[1]))
    return Passes(hand.rules, hand.hand_number, tuple(tuple(p) for p in _passes_of(hand)))


def tricks_q6() -> tuple[TrickView, ...]:
    """Q6, Q7: the first tricks of a 7-player Cancellation hand; the last one shown was set aside."""
    return tuple(TrickView(t) for t in _replayed(_current.q6).tricks[: _current.q6[3] + 1])


def kitty_q8() -> tuple[Card, ...]:
    """Q8: the kitty of a 7-player Cancellation hand (who collects it is the question)."""
    return tuple(_replayed(_current.q8).kitty)


def tricks_q8() -> tuple[TrickView, ...]:
    """Q8: the first three tricks of that hand; the first was set aside."""
    return tuple(TrickView(t) for t in _replayed(_current.q8).tricks[:3])


def _offset_rules(preset: PresetName, players: int) -> Rules:
    return Rules.preset(preset, players=players)


def _pass_slips(rules: Rules, seat: int, h: int, got: int, asked: str) -> list[str]:
    """The hints for the two slips of a pass question (``asked`` is "target" or "source"); a seat can fit both."""
    ask = rules.pass_target if asked == "target" else rules.pass_source
    other = rules.pass_source if asked == "target" else rules.pass_target
    found = []
    if any(got == ask(seat, rules.pass_offset(n)) for n in (h - 1, h + 1)):
        found.append(f"That is the answer for the hand before or after: hand 1 uses the schedule's first entry, so hand {h + 1} "
                     f"uses schedule[{h} mod {len(rules.pass_schedule)}].")
    if got == other(seat, rules.pass_offset(h)):
        found.append("Offset k sends cards from seat s to seat (s + k) mod n, not (s - k)." if asked == "target" else
                     f"That is the seat that seat {seat} passes *to*. The question asks who passes to seat {seat}.")
    if len(found) == 2:
        found[1] = "Or: " + found[1][0].lower() + found[1][1:]
    return found


@question(WS, "Q1", "Where do the cards go?", hints=_ladder("Q1"))
def check_q1(answer: object) -> None:
    """The seat that receives the asked seat's cards in the asked hand number (:func:`rules_q1`)."""
    preset, players, h, seat = _current.q1
    rules = _offset_rules(preset, players)
    got = read_seat(answer, players)
    if got == rules.pass_target(seat, rules.pass_offset(h)):
        return
    slips = _pass_slips(rules, seat, h, got, "target")
    raise Wrong(" ".join(slips) if slips else None)


@question(WS, "Q2", "Who passes to you?", hints=_ladder("Q2"))
def check_q2(answer: object) -> None:
    """The seat that passes to the asked seat in the asked hand number (:func:`rules_q2`)."""
    preset, players, h, seat = _current.q2
    rules = _offset_rules(preset, players)
    got = read_seat(answer, players)
    if got == rules.pass_source(seat, rules.pass_offset(h)):
        return
    slips = _pass_slips(rules, seat, h, got, "source")
    raise Wrong(" ".join(slips) if slips else None)


@question(WS, "Q3", "What does the seat receive?", hints=_ladder("Q3"))
def check_q3(answer: object) -> None:
    """The cards the asked seat receives in :func:`passes_q3`'s exchange (a multiset: two packs)."""
    hand = _passed(replay(CANCELLATION_7, PASS_Q3[0], PASS_Q3[1]))
    seat = PASS_Q3[2]
    got = read_cards(answer)
    want = hand.received(seat)
    if got == read_cards(want):
        return
    passes = _passes_of(hand)
    if got == read_cards(passes[seat]):
        raise Wrong(f"Those are the cards seat {seat} passed away, not the ones it received.")
    if got == read_cards(passes[hand.pass_target(seat)]):
        direction = hand.rules.pass_direction(hand.pass_offset)
        raise Wrong(
            f"Wrong direction: hand {hand.hand_number + 1} passes with offset {hand.pass_offset} "
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


@question(WS, "Q4", "Cancellation: who wins?", hints=_ladder("Q4"))
def check_q4(answer: object) -> None:
    """The winner of :data:`TRICK_Q4` under 6-player Cancellation Hearts."""
    result, plays, got, card = _trick_answer(TRICK_Q4, answer)
    if got == result.winner:
        return
    if card is not None and card in result.cancelled:
        raise Wrong(
            f"The two {card} cancel each other: neither can win (they still carry their points). "
            f"Look for the highest uncancelled {suit_name(plays[0][1].suit, plural=False)}."
        )
    if got == plays[0][0]:
        cancelled = " - and here it was cancelled" if plays[0][1] in result.cancelled else ""
        raise Wrong(f"The led card does not always win{cancelled}.")
    if got is None:
        raise Wrong("Is there an uncancelled card of the led suit? If so the trick is not set aside.")
    raise Wrong()


@question(WS, "Q5", "Cancellation: winner or set aside?", hints=_ladder("Q5"))
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


@question(WS, "Q6", "After a set-aside trick: who leads?", hints=_ladder("Q6"))
def check_q6(answer: object) -> None:
    """The seat that leads the trick after the set-aside trick in :func:`tricks_q6`."""
    hand = _replayed(_current.q6)
    aside = hand.tricks[_current.q6[3]]
    nxt = hand.tricks[_current.q6[3] + 1]
    got = read_seat(answer, hand.players)
    if got == nxt.leader:
        return
    if got == hand.rules.play_order(aside.leader)[1]:
        raise Wrong("The lead does not pass to the left: nobody won the trick.")
    if got in {s for s, c in aside.plays if c.suit != aside.led_suit}:
        raise Wrong("Off-suit cards never win, so their players do not lead next either.")
    raise Wrong()


@question(WS, "Q7", "Collecting the pending pile", hints=_ladder("Q7"))
def check_q7(answer: object) -> None:
    """Points the winner of the trick after the set-aside trick collects with it."""
    hand = _replayed(_current.q6)
    rules = hand.rules
    nxt = hand.tricks[_current.q6[3] + 1]
    expected = nxt.points
    if same_exact(answer, expected):
        return
    own = rules.points(nxt.cards)
    pile = expected - own
    if same_exact(answer, own):
        raise Wrong("You counted only the trick itself. The winner also collects the pending pile: the set-aside trick.")
    aside = hand.tricks[_current.q6[3]]
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
    hand = _replayed(_current.q8)
    got = read_seat(answer, hand.players, allow_nobody=True)
    if got == hand.kitty_holder:
        return
    if got is None:
        raise Wrong("The kitty is not lost when trick 1 is set aside: it waits in the pending pile with trick 1's cards.")
    if got == hand.tricks[0].leader:
        raise Wrong("Leading trick 1 does not earn the kitty: it belongs to whoever collects trick 1's cards.")
    raise Wrong()
