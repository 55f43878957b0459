"""Worksheet 3 checks: counting stripped decks and deals with sympy.

The questions say "count it yourself", so no public call computes their
answers: the check evaluates the student's exact value and compares its salted
digest with the stored digest of the answer and of each known slip (see
:func:`~hearts_lab.exercises.checks._matches`). A known slip gets its targeted
hint; anything else gets the question's nudge. The formula is shown only on
request: ``hint("Q4", level=3)``.

>>> check_q1(...).status
'unanswered'
>>> check_q1(0.5).message
'This question wants an exact answer: an int, a Fraction or a sympy expression such as sympy.binomial(52, 13), not the float 0.5.'
"""

from __future__ import annotations

from typing import Any

from .checks import Wrong, _matches, exact_value, hint as _hint, question

__all__ = ["hint", "check_q1", "check_q2", "check_q3", "check_q4", "check_q5", "check_q6", "check_q7", "check_q8"]

WS = "ws3"

#: The targeted hint for each known slip (the slips themselves are stored as digests only).
SLIP_HINTS: dict[str, dict[str, str]] = {
    "Q1": {
        "ignore-clubs": "That counts every hand with the 3♣. The question also says exactly two other clubs.",
        "three-clubs": "That counts hands with three clubs, any three. The 3♣ must be one of them.",
        "at-least": "That counts hands with two *or more* other clubs. The question says exactly two: the rest of the hand holds no club.",
        "full-pack": "With 5 players the 2♣ and the 2♦ are stripped: how many clubs, and how many other cards, are left?",
        "rest-from-all": "After the 3♣ and two other clubs, the rest of the hand may hold no more clubs: choose it from the cards that are not clubs.",
    },
    "Q2": {
        "every-deal": "That counts every deal. The question wants only the deals in which the hearts fall 6, 2, 2, 2.",
        "seats-alike": "Seats 1, 2 and 3 are different people: giving seat 1's cards to seat 2 is a different deal, so do not divide by 3!.",
        "some-seat": "The question names the seat that holds six hearts: seat 0. Do not multiply by the choice of seat.",
        "hearts-only": "That deals the hearts only. The other 36 cards must be dealt too, into the room left in each hand.",
        "one-hand": "That counts seat 0's hands. A deal fixes all four hands.",
    },
    "Q3": {
        "kitty-unsorted": "The 4 kitty cards form a pile too: the order they lie in does not matter.",
        "seats-alike": "The seats are different people: do not divide by the orders of the seats.",
        "seventeen": "That deals 17 cards each and 1 to the kitty, as a 3-player Rules object would. This house rule deals 16 each and 4 to the kitty.",
        "no-kitty-choice": "That deals 48 cards to the seats. Which 4 cards form the kitty is part of the deal too.",
        "one-hand": "That is the number of hands for one seat. A deal fixes all three hands and the kitty.",
    },
    "Q4": {
        "every-deal": "That counts every physical deal. The question wants only the deals whose kitty holds exactly one point card.",
        "kitty-only": "That counts the kitties. Each kitty comes with many ways to deal the other 99 cards.",
        "queens-forgotten": "How many point cards are there with two packs? Both Q♠ count, not only the hearts.",
        "at-most-one": "That includes kitties with no point card. The question says exactly one.",
        "no-point": "That counts kitties with no point card at all. The question wants exactly one.",
    },
    "Q5": {
        "all-heartless": "That counts every hand without a heart. The question wants those that also hold at least one Q♠.",
        "physical": "That tells the two copies of each card apart. Two hands that differ only in which copy they hold look identical: count each hand once.",
        "one-queen": "That counts hands with exactly one Q♠. A hand can hold both copies.",
        "fixed-queen": "Fixing one Q♠ and choosing 12 more from all 39 faces lets a hand hold the Q♠ three times (or counts the two-Q♠ hands wrongly). Split by how many Q♠ the hand holds.",
        "one-copy": "That allows each card at most once, but a hand can hold both copies of a card.",
    },
    "Q6": {
        "ignore-queens": "That is the chance of both A♥ alone. The hand must also hold exactly one Q♠.",
        "one-copy": "There are two Q♠, two different physical cards: either one can be the one seat 0 holds.",
        "at-least-one": "That includes hands with both Q♠. The question says exactly one.",
        "distinct-hands": "You divided counts of distinct hands, but distinct hands are not equally likely with two packs (a hand with a pair can be dealt in fewer ways). Count over the 104 physical cards instead.",
        "some-seat": "That is the chance that *some* seat holds them. The question names one seat: seat 0.",
    },
    "Q7": {
        "one-seat": "That is the chance for a given seat (Q6). Here any of the 9 seats will do.",
        "independent-seats": "The 9 events are not independent - they are disjoint: two seats cannot both hold both A♥. For disjoint events the probabilities add.",
        "ignore-queens": "The seats add up correctly, but the hand must also hold exactly one Q♠ (see Q6).",
        "one-copy": "The seats add up correctly, but look again at Q6: either of the two Q♠ can be the one held.",
    },
    "Q8": {
        "queen-only": "That is the chance of at least one Q♠, with or without a heart. The kitty must hold a heart too.",
        "any-point": "That is the chance of any point card in the kitty. The question wants at least one Q♠ *and* at least one heart.",
        "no-overlap": "Kitties with neither a Q♠ nor a heart were subtracted twice - once as 'no Q♠', once as 'no heart'. Add them back once.",
        "independent": "In a 5-card kitty 'a Q♠' and 'a heart' are not independent: the cards compete for the same five places. Use the complement instead.",
        "one-each": "That counts exactly one Q♠ and exactly one heart. At least one of each includes kitties with more.",
    },
}


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q4"`` or ``4``): level 1 a nudge, 2 the structure, 3 the full formula."""
    return _hint(WS, question, level)


def _judge(key: str, answer: object) -> None:
    value = exact_value(answer)
    found = _matches(WS, key, value)  # first: a known slip can be negative (forgetting a term of inclusion-exclusion)
    if found == "answer":
        return
    if found is not None:
        raise Wrong(SLIP_HINTS[key][found])
    if value < 0:
        raise Wrong("Counts and probabilities are never negative.")
    if key in ("Q6", "Q7", "Q8") and value > 1:
        raise Wrong(f"{value} is larger than 1, so it is not a probability: did you give a count?")
    raise Wrong()


@question(WS, "Q1", "Hands with the opening card and exactly two other clubs (standard, 5 players)", hints=(
    "Split the hand into parts: the 3♣, the other clubs, and the cards that are not clubs. How many of each?",
    "The 3♣ is fixed. Choose exactly 2 of the other clubs, and the rest of the hand from the cards that are not clubs. Multiply.",
    "C(11, 2) · C(38, 7): 12 clubs after stripping (the 3♣ and 11 others), 50 - 12 = 38 other cards, 10 - 1 - 2 = 7 of them.",
))
def check_q1(answer: object) -> None:
    """Q1: a count of hands (see the worksheet)."""
    _judge("Q1", answer)


@question(WS, "Q2", "Deals without the 2s with the hearts split 6-2-2-2 (4 players)", hints=(
    "Deal the hearts and the other cards separately: where must the 12 hearts go, and how many other cards does each seat still need?",
    "Deal the 12 hearts: 6 to seat 0 and 2 to each other seat (a multinomial). Then deal the 36 other cards into the room left in each hand. Multiply.",
    "12!/(6!·2!·2!·2!) × 36!/(6!·10!·10!·10!).",
))
def check_q2(answer: object) -> None:
    """Q2: a count of deals (see the worksheet)."""
    _judge("Q2", answer)


@question(WS, "Q3", "Deals with a 4-card kitty (3 players, house rule)", hints=(
    "Three hands and a kitty: how many piles, and how big is each?",
    "Deal the 52 cards into four piles - three named hands of 16 and a kitty of 4. Order inside a pile does not matter. (Or: choose the kitty first, then deal the other 48.)",
    "52!/((16!)^3 · 4!) = C(52, 4) · 48!/(16!)^3.",
))
def check_q3(answer: object) -> None:
    """Q3: a count of deals (see the worksheet)."""
    _judge("Q3", answer)


@question(WS, "Q4", "Physical deals whose kitty holds exactly one point card (cancellation, 9 players)", hints=(
    "Split the deal in two steps: first the kitty, then everything else.",
    "Choose the kitty: one of the physical point cards and 4 of the cards without points. Then deal the remaining cards into nine hands of 11. Multiply.",
    "C(28, 1) · C(76, 4) · 99!/(11!)^9: 26 hearts + 2 Q♠ = 28 point cards, 104 - 28 = 76 others.",
))
def check_q4(answer: object) -> None:
    """Q4: a count of physical deals (see the worksheet)."""
    _judge("Q4", answer)


@question(WS, "Q5", "Distinct heartless hands with a Q♠ from two packs (cancellation, 8 players)", hints=(
    "Two packs: can a hand hold both copies of a card? Do the copies look different? Split by how many Q♠ the hand holds.",
    "A heartless hand with a Q♠ holds one or two of them. In each case count the rest as distinct hands from the 38 other non-heart faces, splitting on d, the number of faces held twice. (Or: all heartless hands minus those without a Q♠.)",
    "H(38, 12) + H(38, 11), where H(f, s) = Σ over d of C(f, d) · C(f - d, s - 2d) counts distinct s-card hands from f faces.",
))
def check_q5(answer: object) -> None:
    """Q5: a count of distinct hands (see the worksheet)."""
    _judge("Q5", answer)


@question(WS, "Q6", "Seat 0 holds both A♥ and exactly one Q♠ (cancellation, 9 players)", hints=(
    "Which hands are equally likely when two packs are shuffled: distinct hands or sets of physical cards? And the two Q♠ are two different physical cards.",
    "Count over the 104 physical cards: seat 0's 11 cards are one of C(104, 11) equally likely sets. Count those with both A♥, one of the two Q♠, and the rest from the other physical cards.",
    "C(2, 2) · C(2, 1) · C(100, 8) / C(104, 11).",
))
def check_q6(answer: object) -> None:
    """Q6: a probability (see the worksheet)."""
    _judge("Q6", answer)


@question(WS, "Q7", "Some seat holds both A♥ and exactly one Q♠ (cancellation, 9 players)", hints=(
    "Can two seats both hold both A♥?",
    "The events 'seat s holds both A♥ and exactly one Q♠' cannot happen together for two seats: they are disjoint. What do you do with disjoint events?",
    "9 × your answer to Q6.",
))
def check_q7(answer: object) -> None:
    """Q7: a probability (see the worksheet)."""
    _judge("Q7", answer)


@question(WS, "Q8", "A Q♠ and a heart in the kitty (cancellation, 9 players)", hints=(
    "'At least one' is often easiest through its opposite. Here there are two conditions: which kitties fail?",
    "A kitty fails if it has no Q♠ or no heart. Find P(no Q♠), P(no heart) and P(neither) by counting kitties over the 104 physical cards, combine them by inclusion-exclusion, and take the complement.",
    "1 - [C(102, 5) + C(78, 5) - C(76, 5)] / C(104, 5).",
))
def check_q8(answer: object) -> None:
    """Q8: a probability (see the worksheet)."""
    _judge("Q8", answer)
