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
        "every-hand": "That counts every hand seat 0 can hold. The question wants only the hands that contain the 3♣.",
        "full-pack": "With 5 players two cards are stripped before the deal: how many cards are left besides the 3♣?",
        "reused-card": "Once the 3♣ is in the hand, the other 9 cards come from the cards that are left - not from all 50.",
        "ordered": "That counts ordered sequences of cards. A hand is a set: the order it was dealt in does not matter.",
    },
    "Q2": {
        "seats-alike": "The seats are different people: giving seat 0's cards to seat 1 is a different deal, so do not divide by 4!.",
        "whole-order": "48! orders the whole deck. Each seat's 12 cards form a set, so divide out the orders within each hand.",
        "one-hand": "That is the number of hands for one seat. A deal fixes all four hands.",
        "full-pack": "That is the count for the full 52-card pack. This table plays without the four 2s.",
    },
    "Q3": {
        "kitty-unsorted": "The 2 kitty cards form a pile too: the order they lie in does not matter.",
        "stripped": "That deals 50 cards, as if two were stripped. Here nothing is stripped: the two extra cards form a kitty.",
        "seats-alike": "The seats are different people: do not divide by the orders of the seats.",
        "kitty-as-seat": "The kitty is not a seat, and the seats are different people: no division by orders of piles.",
    },
    "Q4": {
        "every-deal": "That counts every physical deal. The question wants only the deals whose kitty holds no point card.",
        "kitty-only": "That counts the kitties. Each kitty comes with many ways to deal the other 99 cards.",
        "queens-forgotten": "How many point cards are there with two packs? Both Q♠ count, not only the hearts.",
        "complement": "That counts the deals whose kitty *does* hold a point card. The question asks for none.",
    },
    "Q5": {
        "physical": "That tells the two copies of each card apart. Two hands that differ only in which copy of the 7♣ they hold look identical: count each hand once.",
        "one-copy": "That allows each card at most once, but a hand can hold both copies of a card.",
        "any-copies": "That allows any number of copies of a card; there are only two of each.",
        "with-hearts": "That counts every distinct hand. The question wants the hands without a heart.",
    },
    "Q6": {
        "distinct-hands": "You divided counts of distinct hands, but distinct hands are not equally likely with two packs (a hand with a pair can be dealt in fewer ways). Count over the 104 physical cards instead.",
        "some-seat": "That is the chance that *some* seat holds both. The question names one seat: seat 0.",
        "independent": "The two copies are not independent: once one is in seat 0's hand, fewer places are left for the other.",
        "one-pack": "Two packs are shuffled together: 104 cards, and seat 0 gets 11 of them.",
    },
    "Q7": {
        "one-seat": "That is the chance for a given seat (Q6). Here any of the 9 seats will do.",
        "independent-seats": "The 9 events are not independent - they are disjoint: two seats cannot both hold both A♥. For disjoint events the probabilities add.",
        "independent-copies": "The seats add up correctly, but look again at Q6: the two copies are not independent.",
    },
    "Q8": {
        "no-queen": "That is the chance that the kitty holds *no* Q♠. The question asks for the opposite.",
        "expected-count": "Adding the chances of each copy double-counts kitties with both Q♠ (that sum is the expected number of Q♠). Use the complement: 1 - P(no Q♠).",
        "any-point": "That counts any point card in the kitty. The question asks about the Q♠ only.",
        "exactly-one": "That counts kitties with exactly one Q♠. At least one includes kitties with both.",
    },
}


def hint(question: Any, level: int = 1) -> str:
    """A hint for ``question`` (e.g. ``"Q4"`` or ``4``): level 1 a nudge, 2 the structure, 3 the full formula."""
    return _hint(WS, question, level)


def _judge(key: str, answer: object) -> None:
    value = exact_value(answer)
    if value < 0:
        raise Wrong("Counts and probabilities are never negative.")
    found = _matches(WS, key, value)
    if found == "answer":
        return
    if found is not None:
        raise Wrong(SLIP_HINTS[key][found])
    if key in ("Q6", "Q7", "Q8") and value > 1:
        raise Wrong(f"{value} is larger than 1, so it is not a probability: did you give a count?")
    raise Wrong()


@question(WS, "Q1", "Hands holding the opening card (standard, 5 players)", hints=(
    "Which cards are in the deck with 5 players, and what is already fixed about the hand?",
    "The 3♣ is in the hand. Count the ways to choose the rest of the hand from the cards that are left: a binomial coefficient.",
    "C(49, 9): the 3♣, plus 9 of the other 49 cards (50 after stripping, minus the 3♣).",
))
def check_q1(answer: object) -> None:
    """Q1: a count of hands (see the worksheet)."""
    _judge("Q1", answer)


@question(WS, "Q2", "Deals without the 2s (4 players)", hints=(
    "A deal says which cards each of the four different seats gets. How many cards, how many each?",
    "Choose seat 0's hand, then seat 1's from the rest, and so on - or line the deck up and divide out the orders inside each hand.",
    "48!/(12!)^4 = C(48, 12)·C(36, 12)·C(24, 12).",
))
def check_q2(answer: object) -> None:
    """Q2: a count of deals (see the worksheet)."""
    _judge("Q2", answer)


@question(WS, "Q3", "Deals with a kitty (5 players, no stripping)", hints=(
    "Five hands and a kitty: how many piles, and how big is each?",
    "Deal the 52 cards into six piles - five named hands of 10 and a kitty of 2. Order inside a pile does not matter.",
    "52!/((10!)^5 · 2!).",
))
def check_q3(answer: object) -> None:
    """Q3: a count of deals (see the worksheet)."""
    _judge("Q3", answer)


@question(WS, "Q4", "Physical deals with a point-free kitty (cancellation, 9 players)", hints=(
    "Split the deal in two steps: first the kitty, then everything else.",
    "Choose the kitty from the physical cards that carry no points; then deal the remaining cards into nine hands of 11. Multiply.",
    "C(76, 5) · 99!/(11!)^9: 104 - 26 hearts - 2 Q♠ = 76 cards without points.",
))
def check_q4(answer: object) -> None:
    """Q4: a count of physical deals (see the worksheet)."""
    _judge("Q4", answer)


@question(WS, "Q5", "Distinct heartless hands from two packs (cancellation, 8 players)", hints=(
    "Two packs: can a hand hold both copies of a card? Do the copies look different?",
    "Split the count by d, the number of faces held twice: choose those d faces, then the faces held once from the others. Only the 39 non-heart faces are allowed.",
    "Σ over d = 0..6 of C(39, d) · C(39 - d, 13 - 2d).",
))
def check_q5(answer: object) -> None:
    """Q5: a count of distinct hands (see the worksheet)."""
    _judge("Q5", answer)


@question(WS, "Q6", "Seat 0 holds both A♥ (cancellation, 9 players)", hints=(
    "Which hands are equally likely when two packs are shuffled: distinct hands or sets of physical cards?",
    "Count over the 104 physical cards: seat 0's 11 cards are one of C(104, 11) equally likely sets. How many of them contain both A♥?",
    "C(102, 9) / C(104, 11).",
))
def check_q6(answer: object) -> None:
    """Q6: a probability (see the worksheet)."""
    _judge("Q6", answer)


@question(WS, "Q7", "Some seat holds both A♥ (cancellation, 9 players)", hints=(
    "Can two seats both hold both A♥?",
    "The events 'seat s holds both A♥' cannot happen together: they are disjoint. What do you do with disjoint events?",
    "9 × your answer to Q6.",
))
def check_q7(answer: object) -> None:
    """Q7: a probability (see the worksheet)."""
    _judge("Q7", answer)


@question(WS, "Q8", "A Q♠ in the kitty (cancellation, 9 players)", hints=(
    "'At least one' is often easiest through its opposite.",
    "Find P(no Q♠ among the 5 kitty cards) by counting kitties over the 104 physical cards, then take the complement.",
    "1 - C(102, 5) / C(104, 5).",
))
def check_q8(answer: object) -> None:
    """Q8: a probability (see the worksheet)."""
    _judge("Q8", answer)
